/// A straight segment `B(t) = (1 − t)·p0 + t·p1`.
@frozen
public struct Line: ParametricCurveDerivative, ParametricCurveArcLength, Hashable, CustomStringConvertible {
    public var p0: Point
    public var p1: Point

    @inlinable public init(_ p0: Point, _ p1: Point) {
        self.p0 = p0
        self.p1 = p1
    }

    @inlinable public var start: Point { p0 }
    @inlinable public var end: Point { p1 }

    /// `(1 − t)·p0 + t·p1`: exactly `p0` at t = 0 and `p1` at t = 1 (`p0 + t·(p1 − p0)` misses
    /// `p1` by an ulp for about one pair in ten), and finite even when `p1 − p0` overflows.
    @inlinable public func point(at t: Double) -> Point { Point((1 - t) * p0.simd + t * p1.simd) }

    /// The derivative is the constant `p1 − p0`.
    @inlinable public var derivative: Vector { p1 - p0 }
    @inlinable public func derivative(at t: Double) -> Vector { p1 - p0 }
    @inlinable public func secondDerivative(at t: Double) -> Vector { .zero }

    @inlinable public func subsegment(_ range: ClosedRange<Double>) -> Line {
        Line(point(at: range.lowerBound), point(at: range.upperBound))
    }

    @inlinable public func split(at t: Double) -> (Line, Line) {
        let mid = point(at: t)
        return (Line(p0, mid), Line(mid, p1))
    }

    @inlinable public var boundingBox: Rect { Rect(enclosing: p0, p1) }

    /// Exact degree elevation: the quadratic with its control point at the midpoint traces the same
    /// points at the same parameters.
    @inlinable public var elevated: QuadraticBezier { QuadraticBezier(p0, p0.midpoint(to: p1), p1) }

    /// The length `|p1 − p0|`, exact; `accuracy` is validated and ignored.
    /// - Throws: `BezierError.invalidAccuracy` unless `accuracy` is positive and finite;
    ///   `lengthOverflow` for a length past the largest `Double`.
    @inlinable public func arcLength(accuracy: Double = Accuracy.default) throws(BezierError) -> Double {
        try BezierError.validate(accuracy: accuracy)
        let length = self.length
        guard length.isFinite else { throw .lengthOverflow(segment: 0) }
        return length
    }

    /// `|p1 − p0|`, computed on the difference scaled by an exact power of two so the squares
    /// neither underflow (ends ~1e-170 apart) nor overflow (~1e200); a difference that overflows
    /// is halved first. A length past the largest `Double` is `+infinity`.
    @inlinable public var length: Double {
        var d = p1.simd - p0.simd, factor = 1.0
        if !(d.x.isFinite && d.y.isFinite) {
            d = 0.5 * p1.simd - 0.5 * p0.simd
            factor = 2
        }
        let largest = max(abs(d.x), abs(d.y))
        if largest == 0 { return 0 }
        // For the largest component within 2^−480 … 2^500 its square is normal and finite, a
        // smaller component whose square is not normal is below 2^−62 of it (it rounds away in
        // the sum either way), and scaling by a power of two changes no other rounding: the same
        // bits without the scaling's runtime calls (`exponent`, `init(sign:exponent:significand:)`)
        // and its division, on a path that inlines this.
        if factor == 1, largest >= 0x1p-480, largest <= 0x1p500 { return Vector(d).length }
        let power = Double(sign: .plus, exponent: largest.exponent, significand: 1)
        return (factor * power) * Vector(d / power).length
    }

    /// `length / |p1 − p0|`, exact; `accuracy` is validated and ignored except that a `length`
    /// within `accuracy` outside [0, L] is clamped (0 for a zero-length line), as for the curves.
    /// - Throws: `invalidAccuracy`; `distanceOutOfRange` if `length` is not finite or outside
    ///   [−accuracy, L + accuracy].
    @inlinable public func parameter(atArcLength length: Double, accuracy: Double = Accuracy.default) throws(BezierError) -> Double {
        try BezierError.validate(accuracy: accuracy)
        let total = self.length
        guard total.isFinite else { throw .lengthOverflow(segment: 0) }
        guard length.isFinite, length >= -accuracy, length <= total + accuracy else {
            throw .distanceOutOfRange(length, length: total)
        }
        if length <= 0 || total <= 0 { return 0 }
        if length >= total { return 1 }
        return length / total
    }

    public var description: String { "Line(\(p0), \(p1))" }
}
