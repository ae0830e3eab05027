/// A cubic Bézier `B(t) = (1−t)³·p0 + 3(1−t)²t·p1 + 3(1−t)t²·p2 + t³·p3`.
@frozen
public struct CubicBezier: ParametricCurveDerivative, Hashable, CustomStringConvertible {
    public var p0: Point
    public var p1: Point
    public var p2: Point
    public var p3: Point

    @inlinable public init(_ p0: Point, _ p1: Point, _ p2: Point, _ p3: Point) {
        self.p0 = p0
        self.p1 = p1
        self.p2 = p2
        self.p3 = p3
    }

    @inlinable public var start: Point { p0 }
    @inlinable public var end: Point { p3 }

    /// `B(t)` in Bernstein form (exact at the ends).
    @inlinable public func point(at t: Double) -> Point {
        let mt = 1 - t
        let mt2 = mt * mt, t2 = t * t
        return Point((mt2 * mt) * p0.simd + (3 * mt2 * t) * p1.simd + (3 * mt * t2) * p2.simd + (t2 * t) * p3.simd)
    }

    /// The hodograph `B'(t) = 3[(1−t)²(p1−p0) + 2(1−t)t(p2−p1) + t²(p3−p2)]`, a quadratic.
    @inlinable public var derivative: QuadraticBezier {
        QuadraticBezier(Point(3 * (p1.simd - p0.simd)), Point(3 * (p2.simd - p1.simd)), Point(3 * (p3.simd - p2.simd)))
    }

    @inlinable public func derivative(at t: Double) -> Vector {
        let mt = 1 - t
        let d0 = p1.simd - p0.simd, d1 = p2.simd - p1.simd, d2 = p3.simd - p2.simd
        return Vector(3 * ((mt * mt) * d0 + (2 * mt * t) * d1 + (t * t) * d2))
    }

    /// `B''(t) = 6[(1−t)(p0 − 2p1 + p2) + t(p1 − 2p2 + p3)]`.
    @inlinable public func secondDerivative(at t: Double) -> Vector {
        let a = p0.simd - 2 * p1.simd + p2.simd, b = p1.simd - 2 * p2.simd + p3.simd
        return Vector(6 * (a + t * (b - a)))
    }

    /// `B''' = 6(p3 − 3p2 + 3p1 − p0)`, constant.
    @inlinable public var thirdDerivative: Vector {
        Vector(6 * (p3.simd - 3 * p2.simd + 3 * p1.simd - p0.simd))
    }

    @inlinable public func split(at t: Double) -> (CubicBezier, CubicBezier) {
        let a = p0.interpolated(to: p1, at: t), b = p1.interpolated(to: p2, at: t), c = p2.interpolated(to: p3, at: t)
        let d = a.interpolated(to: b, at: t), e = b.interpolated(to: c, at: t)
        let mid = d.interpolated(to: e, at: t)
        return (CubicBezier(p0, a, d, mid), CubicBezier(mid, e, c, p3))
    }

    /// The restriction to [t0, t1] via the blossom: controls `b(t0,t0,t0)`, `b(t0,t0,t1)`,
    /// `b(t0,t1,t1)`, `b(t1,t1,t1)` (Ramshaw 1989). End points are kept exact when t0 = 0 or t1 = 1.
    @inlinable public func subsegment(_ range: ClosedRange<Double>) -> CubicBezier {
        let t0 = range.lowerBound, t1 = range.upperBound
        return CubicBezier(t0 == 0 ? p0 : point(at: t0), blossom(t0, t0, t1), blossom(t0, t1, t1),
                           t1 == 1 ? p3 : point(at: t1))
    }

    /// The polar form `b(u, v, w)`: de Casteljau with a different parameter on each level.
    @inlinable func blossom(_ u: Double, _ v: Double, _ w: Double) -> Point {
        let a = p0.interpolated(to: p1, at: u), b = p1.interpolated(to: p2, at: u), c = p2.interpolated(to: p3, at: u)
        let d = a.interpolated(to: b, at: v), e = b.interpolated(to: c, at: v)
        return d.interpolated(to: e, at: w)
    }

    /// Exact bounding box: the end points plus, per axis, the points where the quadratic `B'`
    /// vanishes inside (0, 1). With `a = −p0 + 3p1 − 3p2 + p3`, `b = 2(p0 − 2p1 + p2)`,
    /// `c = p1 − p0`, `B'/3 = a t² + b t + c`, solved without cancellation. The coefficients are
    /// formed on the control points divided by a power of two (exact), so they cannot overflow near
    /// the largest doubles; the extremes are evaluated on the curve as it is (always finite).
    @inlinable public var boundingBox: Rect {
        var box = Rect(enclosing: p0, p3)
        let largest = largestMagnitude(p0.simd, p1.simd, p2.simd, p3.simd)
        guard largest > 0 else { return box }
        let scale = binaryScale(of: largest)
        let q0 = p0.simd / scale, q1 = p1.simd / scale, q2 = p2.simd / scale, q3 = p3.simd / scale
        let a = -q0 + 3 * q1 - 3 * q2 + q3
        let b = 2 * (q0 - 2 * q1 + q2)
        let c = q1 - q0
        for axis in 0..<2 {
            let (r0, r1) = realRoots(a: a[axis], b: b[axis], c: c[axis])
            if let t = r0, t > 0, t < 1 { box = box.including(point(at: t)) }
            if let t = r1, t > 0, t < 1 { box = box.including(point(at: t)) }
        }
        return box
    }

    /// The same curve translated to start at the origin and divided by the power of two nearest
    /// below its largest offset `|pᵢ − p0|` component (exact; offsets that overflow are halved
    /// first), so its offsets lie in [−2, 2]: the shape, directions and parameterization of this
    /// curve, with derivatives whose squares neither overflow nor underflow. `nil` for a point.
    @inlinable public var normalizedOffsets: CubicBezier? {
        var e1 = p1.simd - p0.simd, e2 = p2.simd - p0.simd, e3 = p3.simd - p0.simd
        if !(Vector(e1).isFinite && Vector(e2).isFinite && Vector(e3).isFinite) {
            e1 = 0.5 * p1.simd - 0.5 * p0.simd
            e2 = 0.5 * p2.simd - 0.5 * p0.simd
            e3 = 0.5 * p3.simd - 0.5 * p0.simd
        }
        let largest = largestMagnitude(e1, e2, e3)
        guard largest > 0 else { return nil }
        let scale = binaryScale(of: largest)
        return CubicBezier(.zero, Point(e1 / scale), Point(e2 / scale), Point(e3 / scale))
    }

    /// True when the cubic is exactly a degree-elevated quadratic (`p0 − 3p1 + 3p2 − p3 = 0`).
    @inlinable public var isElevatedQuadratic: Bool { thirdDerivative == .zero }

    public var description: String { "CubicBezier(\(p0), \(p1), \(p2), \(p3))" }
}
