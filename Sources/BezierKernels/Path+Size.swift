/// How large a path is, for choosing the accuracy to measure it to
/// (``PathMeasure/defaultAccuracy(size:)``, ``PathMeasure/finestAccuracy(magnitude:)``).
///
///     let path = try Path(svgPathData: "M 0 0 Q 3 4 6 0")
///     print(path.coordinateMagnitude)   // 6.0: the end point (the curve peaks at y = 2)
///     print(path.longestControlPolygon) // ≈ 8.667: as a cubic, 10/3 + 2 + 10/3
extension Path {
    /// The largest coordinate magnitude of the path's exact bounding box (0 for a path with no
    /// box).
    /// - Complexity: O(segments).
    public var coordinateMagnitude: Double {
        let box = boundingBox ?? Rect(enclosing: .zero)
        return [box.minimum.x, box.minimum.y, box.maximum.x, box.maximum.y].map(abs).max() ?? 0
    }

    /// The longest control polygon among the segments (a bound on each one's length), summed in
    /// halves so it stays finite; never +∞ (the largest double caps it).
    /// - Complexity: O(segments).
    public var longestControlPolygon: Double {
        var longest = 0.0
        for segment in segments {
            let c = segment.cubic
            let halves = [c.p0, c.p1, c.p2, c.p3].map { Point(0.5 * $0.simd) }
            var sum = 0.0
            for (a, b) in zip(halves, halves.dropFirst()) { sum += a.distance(to: b) }
            longest = max(longest, min(2 * sum, .greatestFiniteMagnitude))
        }
        return longest
    }
}
