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

    @inlinable public func point(at t: Double) -> Point { p0.interpolated(to: p1, at: t) }

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
    /// - Throws: `BezierError.invalidAccuracy` unless `accuracy` is positive and finite.
    @inlinable public func arcLength(accuracy: Double = Accuracy.default) throws(BezierError) -> Double {
        try BezierError.validate(accuracy: accuracy)
        return (p1 - p0).length
    }

    /// `length / |p1 − p0|`, clamped to [0, 1] (0 for a zero-length line); exact, `accuracy` is
    /// validated and ignored.
    @inlinable public func parameter(atArcLength length: Double, accuracy: Double = Accuracy.default) throws(BezierError) -> Double {
        try BezierError.validate(accuracy: accuracy)
        let total = (p1 - p0).length
        guard total > 0 else { return 0 }
        guard length.isFinite else { throw .distanceOutOfRange(length, length: total) }
        return min(max(length / total, 0), 1)
    }

    public var description: String { "Line(\(p0), \(p1))" }
}
