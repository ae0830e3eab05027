/// The default `accuracy` of arc-length computations, in points: `1e-9`.
///
/// An `accuracy` is an absolute bound on the error of a length (or, for inverse arc length, on the
/// error of the distance along the curve), in the same units as the coordinates. Exact methods
/// (lines) validate it and then ignore it.
public enum Accuracy {
    public static let `default`: Double = 1e-9
}

/// A curve `B(t)` for `t` in [0, 1] (modelled on kurbo's `ParamCurve`: one small protocol per
/// capability).
public protocol ParametricCurve: Sendable {
    /// `B(0)`.
    var start: Point { get }
    /// `B(1)`.
    var end: Point { get }
    /// The point `B(t)`; exact at t = 0 and t = 1.
    func point(at t: Double) -> Point
    /// The same curve restricted to `range` and re-parameterized over [0, 1].
    func subsegment(_ range: ClosedRange<Double>) -> Self
    /// The two halves `B` restricted to [0, t] and [t, 1] (de Casteljau), sharing `B(t)` exactly.
    func split(at t: Double) -> (Self, Self)
    /// The exact (tight) axis-aligned bounding box.
    var boundingBox: Rect { get }
}

/// A curve with derivatives. The derivative of a Bézier of degree n is a Bézier of degree n − 1
/// (its hodograph): `Derivative` is that curve, whose control points are displacements expressed
/// as points.
public protocol ParametricCurveDerivative: ParametricCurve {
    associatedtype Derivative
    /// The hodograph `B'` as a curve of one lower degree.
    var derivative: Derivative { get }
    /// `B'(t)`.
    func derivative(at t: Double) -> Vector
    /// `B''(t)`.
    func secondDerivative(at t: Double) -> Vector
}

/// A curve with arc length and its inverse, each with an explicit `accuracy` in points.
public protocol ParametricCurveArcLength: ParametricCurve {
    /// The arc length `∫₀¹ |B'(t)| dt`, within `accuracy`.
    func arcLength(accuracy: Double) throws(BezierError) -> Double
    /// The parameter `t` whose arc length from the start is `length`, with the distance along the
    /// curve from `B(t)` to the exact point within `accuracy`.
    func parameter(atArcLength length: Double, accuracy: Double) throws(BezierError) -> Double
}

extension ParametricCurveDerivative {
    /// The signed curvature `κ(t) = (B' × B'') / |B'|³` (positive when the curve turns clockwise on a
    /// y-down screen). Where the speed is zero (a cusp) the curvature is unbounded: the result is
    /// `+infinity` unless the second derivative is zero too (a stationary point of a straight
    /// curve), where it is `0`. Never NaN for finite input.
    ///
    /// Curvature is homogeneous of degree −1, so both derivatives are divided by the power of two
    /// `s` nearest below their largest component (exact) and the quotient by `s`: the cube of the
    /// speed neither overflows nor underflows. A curvature beyond the largest `Double` (a curve
    /// far smaller than 1e-300) is `±infinity`. Where the derivatives themselves overflow
    /// (control points ~1e308 apart) the result is 0: the curve's size is then beyond 1e308, so
    /// its curvature is below 1e-308 except at a sharp bend, which this form cannot resolve.
    @inlinable
    public func curvature(at t: Double) -> Double {
        let d1 = derivative(at: t).simd
        let d2 = secondDerivative(at: t).simd
        let largest = largestMagnitude(d1, d2)
        guard largest.isFinite, largest > 0 else { return 0 }
        let scale = binaryScale(of: largest)
        let v1 = Vector(d1 / scale), v2 = Vector(d2 / scale)
        let speedSquared = v1.lengthSquared
        guard speedSquared > 0 else { return v2.lengthSquared > 0 ? .infinity : 0 }
        return v1.cross(v2) / (speedSquared * speedSquared.squareRoot()) / scale
    }
}

/// The real roots of `a t² + b t + c = 0`, computed without cancellation (Numerical Recipes §5.6:
/// `q = −½(b + sign(b)√(b² − 4ac))`, roots `q/a` and `c/q`). When `a` is negligible next to `b`
/// (|a| ≤ 1e-12·|b|) the equation is treated as linear. The coefficients are first divided by the
/// power of two nearest below the largest (exact, roots unchanged), so `b²` and `4ac` neither
/// overflow nor underflow. Returns up to two roots in no order.
@inlinable
func realRoots(a: Double, b: Double, c: Double) -> (Double?, Double?) {
    let largest = max(abs(a), abs(b), abs(c))
    guard largest > 0, largest.isFinite else { return (nil, nil) }
    let scale = binaryScale(of: largest)
    return normalizedRealRoots(a: a / scale, b: b / scale, c: c / scale)
}

/// `realRoots` on coefficients of which the largest is in [1, 2).
@inlinable
func normalizedRealRoots(a: Double, b: Double, c: Double) -> (Double?, Double?) {
    if a == 0 || abs(a) <= 1e-12 * abs(b) {
        return b == 0 ? (nil, nil) : (-c / b, nil)
    }
    let discriminant = b * b - 4 * a * c
    guard discriminant >= 0 else { return (nil, nil) }
    let root = discriminant.squareRoot()
    let q = -0.5 * (b + (b >= 0 ? root : -root))
    if q == 0 { return (0, nil) }  // b = 0 and c = 0: the double root 0
    return (q / a, c / q)
}
