/// A quadratic Bézier `B(t) = (1−t)²·p0 + 2(1−t)t·p1 + t²·p2`.
@frozen
public struct QuadraticBezier: ParametricCurveDerivative, Hashable, CustomStringConvertible {
    public var p0: Point
    public var p1: Point
    public var p2: Point

    @inlinable public init(_ p0: Point, _ p1: Point, _ p2: Point) {
        self.p0 = p0
        self.p1 = p1
        self.p2 = p2
    }

    @inlinable public var start: Point { p0 }
    @inlinable public var end: Point { p2 }

    /// `B(t)` in Bernstein form (exact at the ends).
    @inlinable public func point(at t: Double) -> Point {
        let mt = 1 - t
        return Point((mt * mt) * p0.simd + (2 * mt * t) * p1.simd + (t * t) * p2.simd)
    }

    /// The hodograph `B'(t) = 2(1−t)(p1 − p0) + 2t(p2 − p1)`, a line.
    @inlinable public var derivative: Line {
        Line(Point(2 * (p1.simd - p0.simd)), Point(2 * (p2.simd - p1.simd)))
    }

    @inlinable public func derivative(at t: Double) -> Vector {
        let d0 = p1.simd - p0.simd, d1 = p2.simd - p1.simd
        return Vector(2 * (d0 + t * (d1 - d0)))
    }

    /// `B'' = 2(p0 − 2p1 + p2)`, constant.
    @inlinable public func secondDerivative(at t: Double) -> Vector {
        Vector(2 * (p0.simd - 2 * p1.simd + p2.simd))
    }

    @inlinable public func split(at t: Double) -> (QuadraticBezier, QuadraticBezier) {
        let a = p0.interpolated(to: p1, at: t)
        let b = p1.interpolated(to: p2, at: t)
        let mid = a.interpolated(to: b, at: t)
        return (QuadraticBezier(p0, a, mid), QuadraticBezier(mid, b, p2))
    }

    /// The restriction to [t0, t1] via the blossom: control points `b(t0,t0)`, `b(t0,t1)`,
    /// `b(t1,t1)` (Ramshaw, "Blossoms are polar forms", 1989).
    @inlinable public func subsegment(_ range: ClosedRange<Double>) -> QuadraticBezier {
        let t0 = range.lowerBound, t1 = range.upperBound
        let q0 = point(at: t0), q2 = point(at: t1)
        let q1 = blossom(t0, t1)
        return QuadraticBezier(t0 == 0 ? p0 : q0, q1, t1 == 1 ? p2 : q2)
    }

    /// The polar form `b(u, v)`: de Casteljau with `u` on the first level and `v` on the second.
    @inlinable func blossom(_ u: Double, _ v: Double) -> Point {
        p0.interpolated(to: p1, at: u).interpolated(to: p1.interpolated(to: p2, at: u), at: v)
    }

    /// Exact bounding box: the end points plus, per axis, the point where `B'` vanishes inside (0, 1)
    /// (`t = (p0 − p1)/(p0 − 2p1 + p2)`).
    ///
    /// The roots are found on the control points divided by a power of two (exact), so that
    /// `p0 − 2p1 + p2` cannot overflow near the largest doubles; the extremes themselves are
    /// evaluated on the curve as it is (a convex combination, always finite).
    @inlinable public var boundingBox: Rect {
        var box = Rect(enclosing: p0, p2)
        let largest = largestMagnitude(p0.simd, p1.simd, p2.simd)
        guard largest > 0 else { return box }
        let scale = binaryScale(of: largest)
        let q0 = p0.simd / scale, q1 = p1.simd / scale, q2 = p2.simd / scale
        let denominator = q0 - 2 * q1 + q2
        let numerator = q0 - q1
        for axis in 0..<2 where denominator[axis] != 0 {
            let t = numerator[axis] / denominator[axis]
            if t > 0, t < 1 { box = box.including(point(at: t)) }
        }
        return box
    }

    /// Exact degree elevation (Farin, *Curves and Surfaces for CAGD*, §5.1): the cubic with
    /// controls `p0 + ⅔(p1 − p0)` and `p2 + ⅔(p1 − p2)` traces the same points at the same t.
    /// Where a difference `p1 − pᵢ` overflows (coordinates near the largest doubles), the same
    /// control point is formed as the convex combination `⅓pᵢ + ⅔p1`, which cannot.
    @inlinable public var elevated: CubicBezier {
        CubicBezier(p0, Self.twoThirds(from: p0, to: p1), Self.twoThirds(from: p2, to: p1), p2)
    }

    /// `a + ⅔(b − a)`, finite for any finite `a` and `b`.
    @inlinable static func twoThirds(from a: Point, to b: Point) -> Point {
        let near = a.simd + (2.0 / 3.0) * (b.simd - a.simd)
        if near.x.isFinite && near.y.isFinite { return Point(near) }
        return Point((1.0 / 3.0) * a.simd + (2.0 / 3.0) * b.simd)
    }

    public var description: String { "QuadraticBezier(\(p0), \(p1), \(p2))" }
}
