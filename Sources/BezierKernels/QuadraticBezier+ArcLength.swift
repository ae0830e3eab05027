extension QuadraticBezier: ParametricCurveArcLength {
    /// The arc length, in closed form.
    ///
    /// With `d1 = p1 − p0`, `d2 = p0 − 2p1 + p2`, `B'(t) = 2(d1 + t·d2)` and
    /// `A = d2·d2`, `B = d1·d2`, `C = d1·d1`:
    ///
    ///     L = 2∫₀¹ √(A t² + 2B t + C) dt
    ///       = √A · [u₁s₁ − u₀s₀ + k·ln((u₁ + s₁)/(u₀ + s₀))],
    ///     u₀ = B/A, u₁ = 1 + B/A, k = (d1 × d2)²/A², sᵢ = √(uᵢ² + k)
    ///
    /// (the standard antiderivative `½[u√(u²+k) + k·ln(u + √(u²+k))]`, e.g. Gradshteyn & Ryzhik
    /// 2.271.3). Guards, so the result is never NaN:
    /// - all points equal, or `A = 0` (control at the midpoint: a uniform-speed line): `2√C`;
    /// - near-straight (`C > 10³·A`): the closed form cancels (its terms grow like √(C/A) times the
    ///   result), so an 8-point Gauss–Legendre rule is used instead; the integrand's branch points
    ///   are then ≥ √(C/A) − 1 > 30 away from [0, 1], so its error is below 10⁻³⁰ relative;
    /// - `u + s` is evaluated as `k/(s − u)` when `u < 0` (no cancellation when the control point
    ///   lies beyond an end and the speed passes near zero), and the log term is dropped when
    ///   `k < 10⁻³⁰` (its limit is 0; a control point on an end point gives `k = 0`).
    ///
    /// Arc length is homogeneous of degree 1, so the formula runs on the offsets `pᵢ − p₀` divided
    /// by the power of two `s` nearest below their largest component (exact, no rounding) and the
    /// result is multiplied by `s`: `A²`, `(d1 × d2)²` and the rest stay far from overflow and
    /// underflow for any finite input (unscaled, `k = 0/0` for coordinates near 1e-90 and
    /// `∞/∞` near 1e150). Offsets that overflow are halved first. A length beyond the largest
    /// `Double` is `+infinity`.
    ///
    /// The result is within a few ulps times √(C/A) ≤ 32 of the exact length: about 1e-14 relative.
    /// `accuracy` is validated and otherwise ignored.
    /// - Throws: `BezierError.invalidAccuracy` unless `accuracy` is positive and finite;
    ///   `lengthOverflow` for a length past the largest `Double`.
    @inlinable
    public func arcLength(accuracy: Double = Accuracy.default) throws(BezierError) -> Double {
        try BezierError.validate(accuracy: accuracy)
        let length = exactArcLength
        guard length.isFinite else { throw .lengthOverflow(segment: 0) }
        return length
    }

    /// The closed-form arc length (see `arcLength(accuracy:)`), with no argument to validate.
    @inlinable
    public var exactArcLength: Double {
        var e1 = p1.simd - p0.simd, e2 = p2.simd - p0.simd
        var factor = 1.0
        if !(e1.x.isFinite && e1.y.isFinite && e2.x.isFinite && e2.y.isFinite) {
            // Offsets beyond the largest Double: halve the points first (exact for such magnitudes).
            e1 = 0.5 * p1.simd - 0.5 * p0.simd
            e2 = 0.5 * p2.simd - 0.5 * p0.simd
            factor = 2
        }
        let largest = max(max(abs(e1.x), abs(e1.y)), max(abs(e2.x), abs(e2.y)))
        if largest == 0 { return 0 }
        // Fast path: for offsets within 1e±60 the largest product the formula forms (a², about
        // largest⁴) stays within 1e±240, far from overflow and underflow, so scaling is not
        // needed. The formula is translation-invariant and runs on the offsets (`p0 − 2p1 + p2`
        // of the curve as it is overflows near the largest doubles).
        if factor == 1, largest >= 1e-60, largest <= 1e60 {
            return QuadraticBezier(.zero, Point(e1), Point(e2)).normalizedArcLength
        }
        // A power of two, so the scaling is exact: the offsets land in [−2, 2].
        let scale = Double(sign: .plus, exponent: largest.exponent, significand: 1)
        let unit = QuadraticBezier(.zero, Point(e1 / scale), Point(e2 / scale))
        return (factor * scale) * unit.normalizedArcLength
    }

    /// The closed form on a curve whose offsets from `p0` are of order 1 (see `exactArcLength`).
    @inlinable
    var normalizedArcLength: Double {
        let d1 = p1 - p0
        let d2 = Vector(p0.simd - 2 * p1.simd + p2.simd)
        let a = d2.lengthSquared, c = d1.lengthSquared
        if a == 0 { return 2 * c.squareRoot() }
        if c > 1e3 * a { return nearStraightArcLength(d1: d1, d2: d2) }
        let b = d1.dot(d2)
        let cross = d1.cross(d2)
        let u0 = b / a, u1 = 1 + u0
        let k = (cross * cross) / (a * a)
        let s0 = (u0 * u0 + k).squareRoot(), s1 = (u1 * u1 + k).squareRoot()
        var bracket = u1 * s1 - u0 * s0
        if k >= 1e-30 {
            // u + √(u² + k), rewritten as k / (√(u² + k) − u) when u < 0 to avoid cancellation.
            let r0 = u0 >= 0 ? u0 + s0 : k / (s0 - u0)
            let r1 = u1 >= 0 ? u1 + s1 : k / (s1 - u1)
            bracket += k * Math.log(r1 / r0)
        }
        return a.squareRoot() * bracket
    }

    /// `2∫₀¹|d1 + t·d2| dt` by 8-point Gauss–Legendre, for the near-straight case.
    @usableFromInline
    func nearStraightArcLength(d1: Vector, d2: Vector) -> Double {
        // In x = 2t − 1: d1 + t·d2 = m + x·h with m = d1 + ½d2, h = ½d2; dt = dx/2.
        let m = d1.simd + 0.5 * d2.simd, h = 0.5 * d2.simd
        let x = GaussLegendre.nodes8, w = GaussLegendre.weights8
        func pair(_ x: Double) -> Double {
            let a = m + x * h, b = m - x * h
            return (a * a).sum().squareRoot() + (b * b).sum().squareRoot()
        }
        return w.0 * pair(x.0) + w.1 * pair(x.1) + w.2 * pair(x.2) + w.3 * pair(x.3)
    }

    /// The parameter `t` at arc length `length` from the start: safeguarded Newton on
    /// `L(0, t) − length` with the exact speed `|B'(t)|` as derivative and bisection whenever a step
    /// leaves the bracket; `L(0, t)` is the closed form on `subsegment(0...t)`.
    ///
    /// The distance along the curve from `B(t)` to the exact point is ≤ `accuracy`. A `length`
    /// within `accuracy` outside [0, L] is clamped (returns 0 or 1).
    /// - Throws: `invalidAccuracy`; `distanceOutOfRange` if `length` is not finite or outside
    ///   [−accuracy, L + accuracy].
    /// - Complexity: a few Newton steps, each one closed-form length (typically 3–5).
    @inlinable
    public func parameter(atArcLength length: Double, accuracy: Double = Accuracy.default) throws(BezierError) -> Double {
        try BezierError.validate(accuracy: accuracy)
        let total = exactArcLength
        return try solveParameter(atArcLength: length, total: total, accuracy: accuracy,
                                  lengthTo: { t in subsegment(0...t).exactArcLength },
                                  speed: { t in derivative(at: t).length })
    }
}

/// Safeguarded Newton for `L(0, t) = length` on [0, 1]: stops when `|L(0, t) − length| ≤ accuracy/2`
/// where `lengthTo` is accurate to `accuracy/2`, so the distance error is ≤ `accuracy`.
///
/// Public so that a straightforward inverse (every iterate's `L(0, t)` integrated from 0, the
/// reference `bench` races the cubic's incremental inverse against) runs this same iteration.
/// - Throws: `BezierError.lengthOverflow` for a non-finite `total`, `.distanceOutOfRange` for a
///   `length` outside [−accuracy, total + accuracy].
@inlinable
public func solveParameter(atArcLength length: Double, total: Double, accuracy: Double,
                    lengthTo: (Double) -> Double, speed: (Double) -> Double) throws(BezierError) -> Double {
    if let end = try inverseArcLengthEnd(length, total: total, accuracy: accuracy) { return end }
    var lo = 0.0, hi = 1.0
    var t = length / total
    for _ in 0..<100 {
        let f = lengthTo(t) - length
        if abs(f) <= 0.5 * accuracy { return t }
        if f < 0 { lo = t } else { hi = t }
        let v = speed(t)
        let newton = v > 0 ? t - f / v : .nan
        let next = (newton > lo && newton < hi) ? newton : 0.5 * (lo + hi)
        // The bracket can no longer shrink: t is as close as a double gets.
        if next == t || hi - lo <= 2 * t.ulp { return t }
        t = next
    }
    return t
}

/// The checks every inverse arc length makes before it iterates, and its answer where it need
/// not iterate: 0 at or before the start (or on a curve of no length), 1 at or past the end,
/// `nil` for a length strictly inside.
/// - Throws: `BezierError.lengthOverflow` for a non-finite `total`, `.distanceOutOfRange` for a
///   `length` outside [−accuracy, total + accuracy].
@inlinable
func inverseArcLengthEnd(_ length: Double, total: Double, accuracy: Double) throws(BezierError) -> Double? {
    guard total.isFinite else { throw .lengthOverflow(segment: 0) }
    guard length.isFinite, length >= -accuracy, length <= total + accuracy else {
        throw .distanceOutOfRange(length, length: total)
    }
    if length <= 0 || total <= 0 { return 0 }
    if length >= total { return 1 }
    return nil
}
