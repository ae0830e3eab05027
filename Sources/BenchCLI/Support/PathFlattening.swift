import BezierKernels

/// `bench path --flatten TOL`: the path as polylines (`Path.flattened(tolerance:)`) and, for each
/// subpath, the largest distance between the curve and its polyline, measured here rather than
/// taken on trust from the kernel's bound.
///
/// **How the deviation is measured.** `flattened(tolerance:)` cuts every segment into
/// `flatteningSteps(tolerance:)` uniform parameter steps, so polyline edge i of a segment cut
/// into n steps spans the curve parameters [i/n, (i+1)/n]. For each edge, the curve piece over
/// that span (`subsegment`, exact) is compared with the edge's chord between the two polyline
/// vertices the kernel returned: the distance from curve points to the chord *segment* is taken
/// at the piece's perpendicular-distance extremes (the signed distance to the chord's line is a
/// polynomial of degree ≤ 3 in the piece's parameter, so its extremes are the roots of a
/// quadratic, found exactly) and at 17 evenly spaced parameters (which cover the ends, where the
/// nearest chord point may be an end point). A vertex that is not where the curve is at its
/// parameter shows up as deviation: nothing is assumed about the vertices.
struct PathFlattening {
    /// One subpath's polyline.
    struct Polyline {
        var points: [Point]
        /// The largest distance from the curve to the polyline, points (0 for a lone point).
        var maxDeviation: Double
    }

    /// The most vertices `--flatten` will produce: beyond this a tolerance is a typo and the
    /// JSON would be hundreds of megabytes.
    static let maximumVertices = 1_000_000

    /// Parameters per edge at which the distance is sampled besides the exact extremes.
    static let samplesPerEdge = 16

    let tolerance: Double
    let polylines: [Polyline]

    /// - Throws: `CLIError.usage` for a tolerance that is not positive and finite or that would
    ///   need more than `maximumVertices` vertices; `CLIError(.referenceFailed)` when the kernel's
    ///   polylines do not have the vertices its own step counts promise.
    /// - Complexity: O(vertices · samplesPerEdge).
    init(path: Path, tolerance: Double) throws {
        guard tolerance > 0, tolerance.isFinite else {
            throw CLIError.usage("--flatten must be a positive finite tolerance in points, got \(tolerance)")
        }
        let subpaths = Self.subpaths(of: path)
        // Steps per segment, capped by the kernel (10⁷), so the sum cannot overflow an Int.
        let steps: [[Int]]
        do {
            steps = try subpaths.map { segments throws(BezierError) in try segments.map { segment throws(BezierError) in try segment.flatteningSteps(tolerance: tolerance) } }
        } catch {
            throw CLIError.usage("--flatten: \(error)")
        }
        let vertices = steps.reduce(0) { $0 + 1 + $1.reduce(0, +) }
        guard vertices <= Self.maximumVertices else {
            // A segment at the kernel's cap would need more steps than it was given.
            let capped = steps.contains { $0.contains(PathSegment.maximumFlatteningSteps) }
            throw CLIError.usage(
                "--flatten \(tolerance) would give \(capped ? "more than " : "")\(vertices) vertices; at most \(Self.maximumVertices) (use a larger tolerance)")
        }
        let flattened: [[Point]]
        do {
            flattened = try path.flattened(tolerance: tolerance)
        } catch {
            throw CLIError.usage("--flatten: \(error)")
        }
        guard flattened.count == subpaths.count else {
            throw CLIError(.referenceFailed, "flattening gave \(flattened.count) polylines for \(subpaths.count) subpaths")
        }
        self.tolerance = tolerance
        // Distances are measured on the geometry divided by a power of two (exact; the deviation
        // is homogeneous of degree 1), so squares cannot overflow for coordinates near 1e308 nor
        // underflow for tiny ones.
        let largest = flattened.joined().reduce(0.0) { max($0, abs($1.x), abs($1.y)) }
        let scale = largest > 0 ? Double(sign: .plus, exponent: largest.exponent, significand: 1) : 1
        polylines = try zip(zip(flattened, subpaths), steps).map { pair, counts in
            let (points, segments) = pair
            let expected = counts.reduce(1, +)
            guard points.count == expected else {
                throw CLIError(.referenceFailed, "flattening gave \(points.count) vertices for a subpath that needs \(expected)")
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
            return Polyline(points: points, maxDeviation: min(deviation * scale, .greatestFiniteMagnitude))
        }
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
