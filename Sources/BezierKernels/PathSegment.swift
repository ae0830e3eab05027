/// One drawn piece of a path: a line, a quadratic or a cubic. Each capability delegates to the
/// curve in one `switch` (kurbo's `PathSeg`).
public enum PathSegment: ParametricCurveArcLength, Hashable {
    case line(Line)
    case quadratic(QuadraticBezier)
    case cubic(CubicBezier)

    /// `"line"`, `"quadratic"` or `"cubic"` (the `kind` of docs/design.md §3's `path` JSON).
    @inlinable public var kind: String {
        switch self {
        case .line: return "line"
        case .quadratic: return "quadratic"
        case .cubic: return "cubic"
        }
    }

    @inlinable public var start: Point {
        switch self {
        case .line(let c): return c.start
        case .quadratic(let c): return c.start
        case .cubic(let c): return c.start
        }
    }

    @inlinable public var end: Point {
        switch self {
        case .line(let c): return c.end
        case .quadratic(let c): return c.end
        case .cubic(let c): return c.end
        }
    }

    @inlinable public func point(at t: Double) -> Point {
        switch self {
        case .line(let c): return c.point(at: t)
        case .quadratic(let c): return c.point(at: t)
        case .cubic(let c): return c.point(at: t)
        }
    }

    @inlinable public func derivative(at t: Double) -> Vector {
        switch self {
        case .line(let c): return c.derivative(at: t)
        case .quadratic(let c): return c.derivative(at: t)
        case .cubic(let c): return c.derivative(at: t)
        }
    }

    @inlinable public func secondDerivative(at t: Double) -> Vector {
        switch self {
        case .line(let c): return c.secondDerivative(at: t)
        case .quadratic(let c): return c.secondDerivative(at: t)
        case .cubic(let c): return c.secondDerivative(at: t)
        }
    }

    /// The signed curvature (see `ParametricCurveDerivative.curvature(at:)`).
    @inlinable public func curvature(at t: Double) -> Double {
        switch self {
        case .line(let c): return c.curvature(at: t)
        case .quadratic(let c): return c.curvature(at: t)
        case .cubic(let c): return c.curvature(at: t)
        }
    }

    @inlinable public func subsegment(_ range: ClosedRange<Double>) -> PathSegment {
        switch self {
        case .line(let c): return .line(c.subsegment(range))
        case .quadratic(let c): return .quadratic(c.subsegment(range))
        case .cubic(let c): return .cubic(c.subsegment(range))
        }
    }

    @inlinable public func split(at t: Double) -> (PathSegment, PathSegment) {
        switch self {
        case .line(let c): let (a, b) = c.split(at: t); return (.line(a), .line(b))
        case .quadratic(let c): let (a, b) = c.split(at: t); return (.quadratic(a), .quadratic(b))
        case .cubic(let c): let (a, b) = c.split(at: t); return (.cubic(a), .cubic(b))
        }
    }

    @inlinable public var boundingBox: Rect {
        switch self {
        case .line(let c): return c.boundingBox
        case .quadratic(let c): return c.boundingBox
        case .cubic(let c): return c.boundingBox
        }
    }

    /// The segment as a cubic, by exact degree elevation (lines and quadratics trace the same
    /// points at the same parameters).
    @inlinable public var cubic: CubicBezier {
        switch self {
        case .line(let c): return c.elevated.elevated
        case .quadratic(let c): return c.elevated
        case .cubic(let c): return c
        }
    }

    /// The arc length within `accuracy` (exact for lines, closed form for quadratics, adaptive
    /// Gauss–Legendre for cubics).
    @inlinable public func arcLength(accuracy: Double = Accuracy.default) throws(BezierError) -> Double {
        switch self {
        case .line(let c): return try c.arcLength(accuracy: accuracy)
        case .quadratic(let c): return try c.arcLength(accuracy: accuracy)
        case .cubic(let c): return try c.arcLength(accuracy: accuracy)
        }
    }

    @inlinable public func parameter(atArcLength length: Double, accuracy: Double = Accuracy.default) throws(BezierError) -> Double {
        switch self {
        case .line(let c): return try c.parameter(atArcLength: length, accuracy: accuracy)
        case .quadratic(let c): return try c.parameter(atArcLength: length, accuracy: accuracy)
        case .cubic(let c): return try c.parameter(atArcLength: length, accuracy: accuracy)
        }
    }
}

extension PathSegment {
    /// The arc length without validating `accuracy` (the caller guarantees it is positive and
    /// finite).
    @inlinable
    public func uncheckedArcLength(accuracy: Double) -> Double {
        switch self {
        case .line(let c): return c.length
        case .quadratic(let c): return c.exactArcLength
        case .cubic(let c): return c.uncheckedArcLength(accuracy: accuracy)
        }
    }

    /// The arc length of the part of the segment between parameters `t0 ≤ t1`.
    @inlinable
    func arcLength(from t0: Double, to t1: Double, accuracy: Double) -> Double {
        // NaN parameters (from an overflowed curve) give NaN, never endless recursion.
        guard t1 > t0 else { return t0 == t1 || t0.isNaN || t1.isNaN ? (t0 == t1 ? 0 : .nan) : -arcLength(from: t1, to: t0, accuracy: accuracy) }
        if case .cubic(let c) = self { return c.uncheckedArcLength(from: t0, to: t1, accuracy: accuracy) }
        return subsegment(t0...t1).uncheckedArcLength(accuracy: accuracy)
    }
}
