/// The polylines of ``Path/flattened(tolerance:)`` with, for each subpath, the largest distance
/// between the curve and its polyline, measured rather than taken on trust from the kernel's
/// bound.
///
/// **How the deviation is measured.** `flattened(tolerance:)` cuts every segment into
/// `flatteningSteps(tolerance:)` uniform parameter steps, so polyline edge i of a segment cut
/// into n steps spans the curve parameters [i/n, (i+1)/n]. For each edge, the curve piece over
/// that span (`subsegment`, exact) is compared with the edge's chord between the two polyline
/// vertices the kernel returned: the distance from curve points to the chord *segment* is taken
/// at the piece's perpendicular-distance extremes (the signed distance to the chord's line is a
/// polynomial of degree ≤ 3 in the piece's parameter, so its extremes are the roots of a
/// quadratic, found exactly) and at `samplesPerEdge + 1` evenly spaced parameters (which cover
/// the ends, where the nearest chord point may be an end point). A vertex that is not where the
/// curve is at its parameter shows up as deviation: nothing is assumed about the vertices.
///
///     let path = try Path(svgPathData: "M 0 0 Q 50 100 100 0")
///     let measured = try FlatteningDeviation(path: path, tolerance: 2.5)
///     print(measured.polylines[0].points.count, measured.maxDeviation <= 2.5)
///     // Prints "6 true"
///
/// - Complexity: O(vertices · `samplesPerEdge`).
public struct FlatteningDeviation: Sendable, Equatable {
    /// One subpath's polyline.
    public struct Polyline: Sendable, Equatable {
        /// The vertices `flattened(tolerance:)` returned for the subpath.
        public var points: [Point]
        /// The largest distance from the curve to the polyline, points (0 for a lone point).
        public var maxDeviation: Double
    }

    /// Parameters per edge at which the distance is sampled besides the exact extremes.
    public static let samplesPerEdge = 16

    /// The flattening tolerance, points.
    public let tolerance: Double
    /// One polyline per subpath, in order.
    public let polylines: [Polyline]

    /// The largest deviation over every polyline (0 without any).
    public var maxDeviation: Double { polylines.map(\.maxDeviation).max() ?? 0 }

    /// The vertices `flattened(tolerance:)` gives `path`, and whether a segment reached
    /// `PathSegment.maximumFlatteningSteps` (then the true count for the tolerance is larger).
    /// - Throws: `invalidTolerance`.
    /// - Complexity: O(segments); no vertex is computed.
    public static func vertexCount(of path: Path, tolerance: Double) throws(BezierError) -> (vertices: Int, reachesStepCap: Bool) {
        let steps = try stepCounts(subpaths(of: path), tolerance: tolerance)
        return (vertexCount(steps), steps.contains { $0.contains(PathSegment.maximumFlatteningSteps) })
    }

    /// Flattens `path` within `tolerance` and measures every polyline's deviation.
    /// - Parameter maximumVertices: the most vertices accepted, checked before any is computed.
    /// - Throws: `invalidTolerance`; `tooManyVertices` beyond `maximumVertices`;
    ///   `inconsistentFlattening` when the kernel's polylines do not have the vertices its own
    ///   step counts promise.
    /// - Complexity: O(vertices · `samplesPerEdge`).
    public init(path: Path, tolerance: Double, maximumVertices: Int = .max) throws(BezierError) {
        try BezierError.validate(tolerance: tolerance)
        let subpaths = Self.subpaths(of: path)
        // Steps per segment, capped by the kernel (10⁷), so the sum cannot overflow an Int.
        let steps = try Self.stepCounts(subpaths, tolerance: tolerance)
        let vertices = Self.vertexCount(steps)
        guard vertices <= maximumVertices else {
            // A segment at the kernel's cap would need more steps than it was given.
            let capped = steps.contains { $0.contains(PathSegment.maximumFlatteningSteps) }
            throw .tooManyVertices(vertices, limit: maximumVertices, reachesStepCap: capped)
        }
        let flattened = try path.flattened(tolerance: tolerance)
        guard flattened.count == subpaths.count else {
            throw .inconsistentFlattening("flattening gave \(flattened.count) polylines for \(subpaths.count) subpaths")
        }
        self.tolerance = tolerance
        // Distances are measured on the geometry divided by a power of two (exact; the deviation
        // is homogeneous of degree 1), so squares cannot overflow for coordinates near 1e308 nor
        // underflow for tiny ones.
        let largest = flattened.joined().reduce(0.0) { max($0, abs($1.x), abs($1.y)) }
        let scale = largest > 0 ? Double(sign: .plus, exponent: largest.exponent, significand: 1) : 1
        var polylines: [Polyline] = []
        for ((points, segments), counts) in zip(zip(flattened, subpaths), steps) {
            let expected = counts.reduce(1, +)
            guard points.count == expected else {
                throw .inconsistentFlattening("flattening gave \(points.count) vertices for a subpath that needs \(expected)")
            }
            let scaledPoints = points.map { Point($0.simd / scale) }
            var deviation = 0.0
            var vertex = 0
            for (segment, steps) in zip(segments, counts) {
                let c = segment.cubic
                let unit = PathSegment.cubic(CubicBezier(Point(c.p0.simd / scale), Point(c.p1.simd / scale),
                                                         Point(c.p2.simd / scale), Point(c.p3.simd / scale)))
                for i in 0..<steps {
                    let piece = unit.subsegment(Double(i) / Double(steps)...Double(i + 1) / Double(steps))
                    deviation = max(deviation, Self.maximumDistance(of: piece, toChord: scaledPoints[vertex], scaledPoints[vertex + 1]))
                    vertex += 1
                }
            }
            polylines.append(Polyline(points: points, maxDeviation: min(deviation * scale, .greatestFiniteMagnitude)))
        }
        self.polylines = polylines
    }

    static func stepCounts(_ subpaths: [[PathSegment]], tolerance: Double) throws(BezierError) -> [[Int]] {
        try subpaths.map { segments throws(BezierError) in
            try segments.map { segment throws(BezierError) in try segment.flatteningSteps(tolerance: tolerance) }
        }
    }

    /// One vertex to start each subpath, then one per step.
    static func vertexCount(_ steps: [[Int]]) -> Int {
        steps.reduce(0) { $0 + 1 + $1.reduce(0, +) }
    }

    /// The drawing segments of each subpath, in order, split where a move begins a new subpath
    /// (the same split `flattened(tolerance:)` makes: every move starts a polyline).
    static func subpaths(of path: Path) -> [[PathSegment]] {
        // Path's own segment walk, grouped by the move that starts each subpath (a Path always
        // starts with a move, so there is a group before the first segment).
        var result: [[PathSegment]] = []
        var segments = path.indexedSegments[...]
        for (index, element) in path.elements.enumerated() {
            if case .move = element { result.append([]) }
            while let next = segments.first, next.elementIndex == index {
                result[result.count - 1].append(next.segment)
                segments.removeFirst()
            }
        }
        return result
    }

    /// The largest distance from the points of `piece` to the segment from `a` to `b` (see the
    /// type's comment for the method).
    static func maximumDistance(of piece: PathSegment, toChord a: Point, _ b: Point) -> Double {
        var parameters = (0...samplesPerEdge).map { Double($0) / Double(samplesPerEdge) }
        let chord = b - a
        if let normal = chord.normalized.map({ Vector(-$0.dy, $0.dx) }) {
            // Signed distance to the chord's line in Bernstein form: fᵢ = n·(pᵢ − a). Its
            // derivative is the quadratic with Bernstein coefficients dᵢ = fᵢ₊₁ − fᵢ (the factor
            // 3 does not move the roots): (d₀ − 2d₁ + d₂)u² + 2(d₁ − d₀)u + d₀ = 0.
            let c = piece.cubic
            let f = [c.p0, c.p1, c.p2, c.p3].map { normal.dot($0 - a) }
            let d0 = f[1] - f[0], d1 = f[2] - f[1], d2 = f[3] - f[2]
            parameters += roots(quadratic: d0 - 2 * d1 + d2, 2 * (d1 - d0), d0).filter { $0 > 0 && $0 < 1 }
        }
        return parameters.reduce(0) { max($0, distance(from: piece.point(at: $1), toSegment: a, b)) }
    }

    /// The real roots of `a·u² + b·u + c` (the linear or constant case when `a` or both vanish),
    /// by the cancellation-free form q = −(b + sign(b)·√disc)/2, roots q/a and c/q.
    static func roots(quadratic a: Double, _ b: Double, _ c: Double) -> [Double] {
        let scale = max(abs(a), abs(b), abs(c))
        guard scale > 0 else { return [] }
        if abs(a) <= 1e-12 * scale {
            return abs(b) > 1e-12 * scale ? [-c / b] : []
        }
        let discriminant = b * b - 4 * a * c
        guard discriminant >= 0 else { return [] }
        let q = -0.5 * (b + (b >= 0 ? 1 : -1) * discriminant.squareRoot())
        return q == 0 ? [0] : [q / a, c / q]
    }

    /// The distance from `p` to the closed segment from `a` to `b` (to `a` when they coincide).
    static func distance(from p: Point, toSegment a: Point, _ b: Point) -> Double {
        let chord = b - a
        let lengthSquared = chord.lengthSquared
        guard lengthSquared > 0 else { return p.distance(to: a) }
        let t = min(max((p - a).dot(chord) / lengthSquared, 0), 1)
        return p.distance(to: a + t * chord)
    }
}
