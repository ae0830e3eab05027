extension PathSegment {
    /// The number of uniform parameter steps that keep the chord polyline within `tolerance` of the
    /// segment: Wang's formula (Wang 1984; Filip, Magedson & Markot, "Surface algorithms using
    /// bounds on derivatives", CAGD 3, 1986). For a degree-d Bézier, the chord from B(tᵢ) to
    /// B(tᵢ₊₁) with h = 1/n stays within `h²/8 · max|B''|` of the curve at the same parameter, and
    /// `max|B''| ≤ d(d−1)·maxᵢ|pᵢ − 2pᵢ₊₁ + pᵢ₊₂|`, so
    /// `n = ⌈√(d(d−1)·M / (8·tolerance))⌉` (M the largest second difference).
    ///
    /// The second differences are formed on the control points divided by a power of two `s`
    /// (exact) and the ratio as `(M/s)/(tolerance/s)`, so neither overflows near the largest
    /// doubles nor underflows for tiny curves. The count is capped at `maximumFlatteningSteps`
    /// (the polyline of a segment is then as fine as that many steps makes it).
    /// - Throws: `invalidTolerance` unless `tolerance` is positive and finite.
    /// - Complexity: O(1).
    @inlinable
    public func flatteningSteps(tolerance: Double) throws(BezierError) -> Int {
        try BezierError.validate(tolerance: tolerance)
        let points: [SIMD2<Double>]
        let degreeFactor: Double  // d(d − 1)
        switch self {
        case .line: return 1
        case .quadratic(let c): points = [c.p0.simd, c.p1.simd, c.p2.simd]; degreeFactor = 2
        case .cubic(let c): points = [c.p0.simd, c.p1.simd, c.p2.simd, c.p3.simd]; degreeFactor = 6
        }
        var largest = 0.0
        for p in points { largest = max(largest, abs(p.x), abs(p.y)) }
        guard largest > 0 else { return 1 }
        let scale = binaryScale(of: largest)
        var bound = 0.0
        for i in 0..<(points.count - 2) {
            // Typed steps, the same operations in the same order (one expression cost the type
            // checker a third of a second).
            let firstDifference: SIMD2<Double> = points[i] / scale - 2 * (points[i + 1] / scale)
            let second: SIMD2<Double> = firstDifference + points[i + 2] / scale
            bound = max(bound, Vector(second).length)
        }
        guard bound > 0 else { return 1 }  // a straight curve at uniform speed
        // Both sides of the ratio in units of `scale`: (M/s) ≤ 8, and tolerance/s may overflow
        // to +∞ (one step) or underflow to 0 (the cap), never NaN.
        let steps = ((degreeFactor * bound) / (8 * (tolerance / scale))).squareRoot().rounded(.up)
        guard steps < Double(Self.maximumFlatteningSteps) else { return Self.maximumFlatteningSteps }
        return max(1, Int(steps))
    }

    /// The most steps `flatteningSteps(tolerance:)` gives one segment: 10⁷.
    public static let maximumFlatteningSteps = 10_000_000
}

extension Path {
    /// The path as polylines, one per subpath, each point within `tolerance` of the curve at the
    /// same parameter (so the Hausdorff distance is at most `tolerance`); segments are cut into
    /// `flatteningSteps(tolerance:)` uniform parameter steps (Wang's bound). A closed subpath ends
    /// with its start point again. Subpaths of a lone move are a single point.
    /// - Throws: `invalidTolerance` unless `tolerance` is positive and finite.
    /// - Complexity: O(total steps), at most `PathSegment.maximumFlatteningSteps` per segment.
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
            let steps = try segment.flatteningSteps(tolerance: tolerance)
            for i in 1...steps {
                current.append(i == steps ? segment.end : segment.point(at: Double(i) / Double(steps)))
            }
            cursor = segment.end
        }
        if !current.isEmpty { polylines.append(current) }
        return polylines
    }
}
