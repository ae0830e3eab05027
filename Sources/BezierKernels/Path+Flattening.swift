extension PathSegment {
    /// The number of uniform parameter steps that keep the chord polyline within `tolerance` of the
    /// segment: Wang's formula (Wang 1984; Filip, Magedson & Markot, "Surface algorithms using
    /// bounds on derivatives", CAGD 3, 1986). For a degree-d Bézier, the chord from B(tᵢ) to
    /// B(tᵢ₊₁) with h = 1/n stays within `h²/8 · max|B''|` of the curve at the same parameter, and
    /// `max|B''| ≤ d(d−1)·maxᵢ|pᵢ − 2pᵢ₊₁ + pᵢ₊₂|`, so
    /// `n = ⌈√(d(d−1)·M / (8·tolerance))⌉` (M the largest second difference).
    @inlinable
    public func flatteningSteps(tolerance: Double) -> Int {
        let bound: Double
        switch self {
        case .line: return 1
        case .quadratic(let c):
            bound = 2 * Vector(c.p0.simd - 2 * c.p1.simd + c.p2.simd).length
        case .cubic(let c):
            let a = Vector(c.p0.simd - 2 * c.p1.simd + c.p2.simd).length
            let b = Vector(c.p1.simd - 2 * c.p2.simd + c.p3.simd).length
            bound = 6 * max(a, b)
        }
        let steps = (bound / (8 * tolerance)).squareRoot().rounded(.up)
        return max(1, Int(min(steps, 1e7)))
    }
}

extension Path {
    /// The path as polylines, one per subpath, each point within `tolerance` of the curve at the
    /// same parameter (so the Hausdorff distance is at most `tolerance`); segments are cut into
    /// `flatteningSteps(tolerance:)` uniform parameter steps (Wang's bound). A closed subpath ends
    /// with its start point again. Subpaths of a lone move are a single point.
    /// - Throws: `invalidTolerance` unless `tolerance` is positive and finite.
    /// - Complexity: O(total steps).
    public func flattened(tolerance: Double) throws(BezierError) -> [[Point]] {
        try BezierError.validate(tolerance: tolerance)
        var polylines: [[Point]] = []
        var current: [Point] = []
        var cursor = Point.zero, start = Point.zero
        for element in elements {
            let segment: PathSegment
            switch element {
            case .move(let p):
                if !current.isEmpty { polylines.append(current) }
                current = [p]
                cursor = p
                start = p
                continue
            case .line(let p): segment = .line(Line(cursor, p))
            case .quadCurve(let p, let c): segment = .quadratic(QuadraticBezier(cursor, c, p))
            case .curve(let p, let c1, let c2): segment = .cubic(CubicBezier(cursor, c1, c2, p))
            case .close: segment = .line(Line(cursor, start))
            }
            let steps = segment.flatteningSteps(tolerance: tolerance)
            for i in 1...steps {
                current.append(i == steps ? segment.end : segment.point(at: Double(i) / Double(steps)))
            }
            cursor = segment.end
        }
        if !current.isEmpty { polylines.append(current) }
        return polylines
    }
}
