/// A position on a path together with the unit tangent there.
@frozen
public struct PathSample: Hashable, Sendable {
    /// The point on the path.
    public var position: Point
    /// The unit direction of travel (see `PathMeasure` for cusps; the zero vector only on a path
    /// of zero length, which has no direction).
    public var tangent: Vector

    @inlinable public init(position: Point, tangent: Vector) {
        self.position = position
        self.tangent = tangent
    }
}

/// Where a distance falls on a path: which segment, which element, which curve parameter.
@frozen
public struct PathLocation: Hashable, Sendable {
    /// Index into `PathMeasure.segments`.
    public var segmentIndex: Int
    /// Index into the path's `elements` of the element drawing that segment.
    public var elementIndex: Int
    /// The curve parameter within that segment, in [0, 1].
    public var parameter: Double

    @inlinable public init(segmentIndex: Int, elementIndex: Int, parameter: Double) {
        self.segmentIndex = segmentIndex
        self.elementIndex = elementIndex
        self.parameter = parameter
    }
}

/// Position and tangent at any distance along a whole path, answered from a table built once.
///
/// **Table.** Every segment of non-zero length is cut, from t = 0 to 1, into pieces on which the
/// inverse arc length `t(s)` is interpolated by a polynomial of degree 7 at the 8 Chebyshev nodes
/// in `s` (values from the exact inverse: Newton on the arc length, the eight nodes solved
/// together in packed lanes). The arc length there is, nearly everywhere, a polynomial with a
/// rigorous error bound below the arc-length accuracy (`PieceArcLength`: the speed interpolated
/// at 16 Chebyshev–Lobatto points and integrated, over one piece or two; its bound from the
/// speed's complex zeros), so nodes and checks cost polynomial evaluations; where that bound
/// fails (near a cusp), each lane's distance is the sum of short quadrature increments between
/// consecutive nodes, or a safeguarded sequential sweep does it. The
/// interpolant is accepted only after checking, at the 9 extrema of T₈ (where the error of
/// interpolating at T₈'s zeros peaks), the distance along the curve between the point it yields
/// and the exact one (measured at the 7 inside, plus the polynomial's bound; bounded from the
/// speed at the two ends); a piece that misses is tried again narrower. Each piece is as wide as its
/// error allows: a step-size controller (`PieceBuilder.build`) sizes the next piece from the 8th
/// root of the last one's error, down to 2⁻⁴⁰ of the segment's parameter range. The check is in
/// distance, not in `t`, so cusps (where `t(s)` has a square-root singularity but the curve
/// barely moves) need only a few extra pieces. `maximumError` reports the largest checked error.
///
/// **Query.** A distance indexes a bucket table (twice as many buckets as pieces) straight to
/// its piece, then one Horner evaluation gives `t` and one the point and derivative: no root
/// finding, no allocation. Between check points the interpolation error is of the same order as
/// at them (Chebyshev interpolants equioscillate); the pieces are accepted at a quarter of the
/// accuracy to leave room for that and for the arc lengths' own error.
///
/// **Edge cases.** Zero-length segments (and moves) take no distance: a distance at a join maps
/// to the start of the next segment that has length, the total length to the end of the last.
/// A move inside the path is a jump of zero length (each subpath follows the previous); `close`
/// contributes its closing line. The unit tangent is `B'/|B'|`; where the speed vanishes (a cusp,
/// or a control point on an end point) it is the limiting direction: `±B''` (the direction of
/// travel leaving the point; arriving, at the end of a segment), or `B'''` if `B''` vanishes too.
public struct PathMeasure: Sendable {
    /// The narrowest piece is 2^−maximumDepth of its segment's parameter range.
    public static let maximumDepth = 40

    /// The smallest `|B'|²` the query's fast path divides by (`1e-280`): below it a tangent is
    /// computed in scaled form, since squares of components under ~1e-154 lose bits to underflow.
    public static let smallestFastSpeedSquared = 1e-280

    /// One segment of the path with its place along it.
    public struct Segment: Hashable, Sendable {
        public var segment: PathSegment
        /// The index of the element drawing it in the path's `elements`.
        public var elementIndex: Int
        /// The distance along the path at its start.
        public var startDistance: Double
        /// Its arc length.
        public var length: Double
    }

    /// The segments of the path, in order, including zero-length ones.
    public let segments: [Segment]
    /// The total length.
    public let length: Double
    /// The accuracy the table was built for, in points.
    public let accuracy: Double
    /// The largest distance error found when checking the table (≤ accuracy/4 unless the depth
    /// cap was hit).
    public let maximumError: Double

    /// The interpolation pieces, in order of distance (empty for a path of zero length).
    public let pieces: [Piece]
    /// `buckets[b]` is the piece containing distance `b / bucketScale`.
    @usableFromInline let buckets: [Int]
    @usableFromInline let bucketScale: Double
    /// Where a zero-length path sits.
    @usableFromInline let startPoint: Point

    /// Builds the table for `path`.
    /// - Parameter accuracy: the largest distance, in points, between the position returned and
    ///   the exact point at the distance asked (default 1e-9).
    /// - Throws: `invalidAccuracy`; `emptyPath` for a path with no elements.
    /// - Complexity: O(number of pieces): per piece, away from cusps, one arc-length polynomial
    ///   (16 speed evaluations, 8 at a time) shared with the next piece where its bound allows,
    ///   and about four degree-16 Clenshaw sums in 8 lanes; near cusps, short arc-length
    ///   increments (one small Gauss–Legendre rule each, about 16 per piece). About 65 µs for a
    ///   bee path (~120–170 pieces at 1e-9) on the x86-64-v4 build, linear in the number of
    ///   segments (`pathmeasure/build`, `pathmeasure/build-random`).
    public init(path: Path, accuracy: Double = Accuracy.default) throws(BezierError) {
        try BezierError.validate(accuracy: accuracy)
        guard let first = path.elements.first, case .move(let start) = first else { throw .emptyPath }
        var segments: [Segment] = []
        var pieces: [Piece] = []
        // About 20 pieces per cubic at 1e-9 on the seed paths: room for 32 each saves the copies
        // of growing the array (~5 % of the build) without guessing the accuracy's effect.
        pieces.reserveCapacity(min(32 * path.elements.count, 4096))
        var distance = 0.0
        var worst = 0.0
        for indexed in path.indexedSegments {
            let segment = indexed.segment
            // The query squares the speed, up to 3·(|c1| + |c2| + |c3|): refuse a segment whose
            // coefficients (differences of its control points) make that overflow, instead of
            // building a table of NaNs. Arc lengths are then finite too (length ≤ that size).
            guard let coefficients = PieceBuilder.Coefficients(segment) else {
                throw .lengthOverflow(segment: segments.count)
            }
            // Arc lengths inside the table: well below the accuracy, but not below what rounding
            // allows for a segment of this size.
            let scale = segment.uncheckedArcLength(accuracy: max(accuracy, 1e-6))
            let lengthAccuracy = max(accuracy * 1e-3, scale * 1e-14)
            let length = segment.uncheckedArcLength(accuracy: lengthAccuracy)
            let index = segments.count
            segments.append(Segment(segment: segment, elementIndex: indexed.elementIndex, startDistance: distance, length: length))
            if length > 0 {
                var builder = PieceBuilder(segment: segment, coefficients: coefficients, segmentIndex: index,
                                           budget: 0.25 * accuracy, lengthAccuracy: lengthAccuracy)
                // The builder appends to the path's array (moved in and out, not copied).
                swap(&builder.pieces, &pieces)
                builder.build(startDistance: distance, length: length)
                swap(&builder.pieces, &pieces)
                worst = max(worst, builder.worstError)
            }
            distance += length
        }
        self.segments = segments
        self.length = distance
        self.accuracy = accuracy
        self.maximumError = worst
        self.pieces = pieces
        self.startPoint = start
        let bucketCount = max(1, 2 * pieces.count)
        // A path shorter than ~1e-305 has no finite scale: every distance then starts at bucket 0
        // and `pieceIndex` finds its piece by bisection.
        let scale = distance > 0 ? Double(bucketCount) / distance : 0
        self.bucketScale = scale.isFinite ? scale : 0
        var buckets = [Int](repeating: 0, count: bucketCount)
        var p = 0
        for b in 0..<bucketCount {
            let s = Double(b) / Double(bucketCount) * distance
            while p + 1 < pieces.count, pieces[p + 1].startDistance <= s { p += 1 }
            buckets[b] = p
        }
        self.buckets = buckets
    }
}
