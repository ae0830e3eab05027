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
/// **Table.** Every segment of non-zero length is cut (by halving its parameter range) into
/// pieces on which the inverse arc length `t(s)` is interpolated by a polynomial of degree 7 at the
/// 8 Chebyshev nodes in `s` (values from the exact inverse: safeguarded Newton on the exact arc
/// length). The interpolant is accepted only after checking, at 33 points across the piece, the
/// distance along the curve between the point it yields and the exact one; otherwise the piece
/// is halved (to depth `maximumDepth`). The check is in distance, not in `t`, so cusps (where
/// `t(s)` has a square-root singularity but the curve barely moves) need only a few extra
/// pieces. `maximumError` reports the largest checked error.
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
    /// The largest number of halvings of a segment's parameter range.
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

    /// One interpolation piece: a parameter range of one segment.
    ///
    /// Public (read-only) so that batch kernels, such as a swarm advancing many bees that share a
    /// piece, can evaluate it lane by lane with exactly the arithmetic of `parameter(atDistance:)`
    /// and `sample(at:)`.
    @frozen
    public struct Piece: Sendable {
        /// The distance at the piece's start, and its middle and inverse half-width: x = (s − mid)·inverseHalfSpan.
        public internal(set) var startDistance: Double
        public internal(set) var midDistance: Double
        public internal(set) var inverseHalfSpan: Double
        /// `t(x) = a0 + x(a1 + x(a2 + …))`, clamped to [t0, t1], and exactly t0 / t1 at the ends.
        public internal(set) var a0, a1, a2, a3, a4, a5, a6, a7: Double
        public internal(set) var t0, t1: Double
        /// The segment's cubic: control points (for the position, in Bernstein form, exact at
        /// both ends) and power-form coefficients `B(t) = p0 + t(c1 + t(c2 + t·c3))` (for the
        /// derivatives).
        public internal(set) var p0, p1, p2, p3: SIMD2<Double>
        public internal(set) var c1, c2, c3: SIMD2<Double>
        /// Below this |B'|², the tangent is computed by the scaled slow path (`limitingDirection`):
        /// `(10⁻¹⁰·size)²` with `size = |c1| + |c2| + |c3|` (where B' is rounding noise in
        /// direction), and never below `PathMeasure.smallestFastSpeedSquared`, under which the
        /// squares of the components lose bits to underflow.
        public internal(set) var stationarySpeedSquared: Double
        public internal(set) var segmentIndex: Int

        /// The curve parameter at distance `s` along the path (meaningful for `s` in this piece):
        /// the degree-7 interpolant, clamped to [t0, t1], exact at the piece's ends.
        @inlinable public func parameter(atDistance s: Double) -> Double {
            let x = (s - midDistance) * inverseHalfSpan
            var t = a7
            t = t * x + a6
            t = t * x + a5
            t = t * x + a4
            t = t * x + a3
            t = t * x + a2
            t = t * x + a1
            t = t * x + a0
            t = min(max(t, t0), t1)
            // Exact at the piece's ends, so path ends and joins land on the control points.
            return x <= -1 ? t0 : (x >= 1 ? t1 : t)
        }

        /// Position and unit tangent at curve parameter `t` of this piece's segment.
        @inlinable public func sample(at t: Double) -> PathSample {
            let mt = 1 - t
            let mt2 = mt * mt, t2 = t * t
            let position = (mt2 * mt) * p0 + (3 * mt2 * t) * p1 + (3 * mt * t2) * p2 + (t2 * t) * p3
            let velocity = c1 + t * (2 * c2 + (3 * t) * c3)
            let speedSquared = (velocity * velocity).sum()
            if speedSquared <= stationarySpeedSquared {
                return PathSample(position: Point(position), tangent: Vector(limitingDirection(at: t)))
            }
            return PathSample(position: Point(position), tangent: Vector(velocity / speedSquared.squareRoot()))
        }

        /// The unit tangent where `B'` is tiny (see `PathMeasure`): `B'/|B'|` if it is above
        /// 10⁻¹⁰ of the coefficients' size, else the limiting direction `±B''`, else `B'''`.
        /// The coefficients are divided by the power of two nearest below the largest first
        /// (exact), so the squares neither underflow (a curve 1e-320 long) nor overflow.
        @inline(never) @usableFromInline
        func limitingDirection(at t: Double) -> SIMD2<Double> {
            let largest = max(abs(c1.x), abs(c1.y), abs(c2.x), abs(c2.y), abs(c3.x), abs(c3.y))
            guard largest > 0, largest.isFinite else { return SIMD2(1, 0) }  // unreachable: pieces have length
            let scale = Double(sign: .plus, exponent: largest.exponent, significand: 1)
            let a = c1 / scale, b = c2 / scale, c = c3 / scale
            let size = (a * a).sum().squareRoot() + (b * b).sum().squareRoot() + (c * c).sum().squareRoot()
            let threshold = (1e-10 * size) * (1e-10 * size)
            let velocity = a + t * (2 * b + (3 * t) * c)
            let speedSquared = (velocity * velocity).sum()
            if speedSquared > threshold { return velocity / speedSquared.squareRoot() }
            let second = 2 * b + (6 * t) * c
            let secondSquared = (second * second).sum()
            if secondSquared > threshold {
                // B'(t) ≈ B''(t₀)(t − t₀): leaving the point along +B'', arriving along −B''.
                return (t >= 1 ? -second : second) / secondSquared.squareRoot()
            }
            let thirdSquared = (c * c).sum()
            if thirdSquared > 0 { return c / thirdSquared.squareRoot() }
            return SIMD2(1, 0)  // unreachable: pieces have non-zero length
        }
    }

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
    /// - Complexity: O(number of pieces) exact inverse arc lengths; a few hundred microseconds for
    ///   the bee paths.
    public init(path: Path, accuracy: Double = Accuracy.default) throws(BezierError) {
        try BezierError.validate(accuracy: accuracy)
        guard let first = path.elements.first, case .move(let start) = first else { throw .emptyPath }
        var segments: [Segment] = []
        var pieces: [Piece] = []
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
                builder.build(from: 0, to: 1, startDistance: distance, length: length, depth: 0)
                pieces += builder.pieces
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

    /// Position and unit tangent at `distance` along the path.
    /// - Throws: `distanceOutOfRange` unless `distance` is in [0, length].
    /// - Complexity: O(1): a bucket lookup, a degree-7 polynomial and a cubic.
    @inlinable
    public func sample(atDistance distance: Double) throws(BezierError) -> PathSample {
        guard distance >= 0, distance <= length else { throw .distanceOutOfRange(distance, length: length) }
        guard !pieces.isEmpty else { return PathSample(position: startPoint, tangent: .zero) }
        let piece = pieces[pieceIndex(atDistance: distance)]
        return piece.sample(at: piece.parameter(atDistance: distance))
    }

    /// The position at `distance` along the path.
    /// - Throws: `distanceOutOfRange` unless `distance` is in [0, length].
    @inlinable
    public func position(atDistance distance: Double) throws(BezierError) -> Point {
        try sample(atDistance: distance).position
    }

    /// The unit tangent at `distance` along the path.
    /// - Throws: `distanceOutOfRange` unless `distance` is in [0, length].
    @inlinable
    public func tangent(atDistance distance: Double) throws(BezierError) -> Vector {
        try sample(atDistance: distance).tangent
    }

    /// Position and unit tangent at `distance` clamped to [0, length] (NaN counts as 0), starting
    /// the piece search at `hint` and leaving there the piece found: for callers that advance along
    /// the path in small steps (a swarm of paced bees), the search is then a comparison or two.
    /// - Complexity: O(1).
    @inlinable
    public func sample(clampingDistance distance: Double, hint: inout Int) -> PathSample {
        guard !pieces.isEmpty else { return PathSample(position: startPoint, tangent: .zero) }
        let s = distance >= 0 ? min(distance, length) : 0  // NaN fails `>= 0`
        var i = hint
        if i >= 0, i < pieces.count, pieces[i].startDistance <= s {
            // Walk forward at most two pieces; farther jumps go through the buckets.
            if i + 1 < pieces.count, pieces[i + 1].startDistance <= s {
                i += 1
                if i + 1 < pieces.count, pieces[i + 1].startDistance <= s { i = pieceIndex(atDistance: s) }
            }
        } else {
            i = pieceIndex(atDistance: s)
        }
        hint = i
        let piece = pieces[i]
        return piece.sample(at: piece.parameter(atDistance: s))
    }

    /// `sample(clampingDistance:hint:)` without a hint.
    @inlinable
    public func sample(clampingDistance distance: Double) -> PathSample {
        var hint = -1
        return sample(clampingDistance: distance, hint: &hint)
    }

    /// The index of the piece containing `distance` clamped to [0, length] (NaN counts as 0):
    /// the last piece starting at or before it; 0 when there are no pieces.
    /// - Complexity: O(1): a bucket lookup.
    @inlinable
    public func pieceIndex(clampingDistance distance: Double) -> Int {
        guard !pieces.isEmpty else { return 0 }
        return pieceIndex(atDistance: distance >= 0 ? min(distance, length) : 0)
    }

    /// The index of the piece containing `s` (in [0, length]): the last piece starting at or
    /// before `s`. The bucket's piece, then at most two steps forward; farther (only when buckets
    /// are uneven, or all in one for a path too short to scale) by bisection.
    @inlinable
    func pieceIndex(atDistance s: Double) -> Int {
        let scaled = s * bucketScale  // in [0, buckets.count] (plus rounding) for s in [0, length]
        var i = buckets[scaled < Double(buckets.count) ? Int(scaled) : buckets.count - 1]
        if i + 1 < pieces.count, pieces[i + 1].startDistance <= s {
            i += 1
            if i + 1 < pieces.count, pieces[i + 1].startDistance <= s { i = lastPiece(startingAtOrBefore: s, after: i) }
        }
        return i
    }

    /// The last piece after `index` starting at or before `s` (bisection), given that piece
    /// `index + 1` does.
    @inline(never) @usableFromInline
    func lastPiece(startingAtOrBefore s: Double, after index: Int) -> Int {
        var lo = index + 1, hi = pieces.count  // pieces[lo] starts ≤ s; pieces[hi] (if any) after s
        while hi - lo > 1 {
            let mid = lo + (hi - lo) / 2
            if pieces[mid].startDistance <= s { lo = mid } else { hi = mid }
        }
        return lo
    }

    /// Which segment, element and curve parameter `distance` falls on.
    /// - Throws: `distanceOutOfRange` unless `distance` is in [0, length]; `emptyPath` if the path
    ///   has no segment.
    @inlinable
    public func location(atDistance distance: Double) throws(BezierError) -> PathLocation {
        guard distance >= 0, distance <= length else { throw .distanceOutOfRange(distance, length: length) }
        guard !pieces.isEmpty else {
            guard let first = segments.first else { throw .emptyPath }
            return PathLocation(segmentIndex: 0, elementIndex: first.elementIndex, parameter: 0)
        }
        let piece = pieces[pieceIndex(atDistance: distance)]
        return PathLocation(segmentIndex: piece.segmentIndex, elementIndex: segments[piece.segmentIndex].elementIndex,
                            parameter: piece.parameter(atDistance: distance))
    }

    /// `count` samples at evenly spaced distances `length·i/(count − 1)`, from the start to the end
    /// inclusive (one sample: the start; none for `count ≤ 0`).
    /// - Complexity: O(count).
    public func samples(count: Int) -> [PathSample] {
        guard count > 0 else { return [] }
        var result: [PathSample] = []
        result.reserveCapacity(count)
        var hint = 0
        let step = count > 1 ? length / Double(count - 1) : 0
        for i in 0..<count {
            let s = i == count - 1 && count > 1 ? length : Double(i) * step
            result.append(sample(clampingDistance: s, hint: &hint))
        }
        return result
    }

    /// The number of interpolation pieces in the table (for diagnostics and benchmarks).
    public var pieceCount: Int { pieces.count }
}

/// Builds the interpolation pieces of one segment (see `PathMeasure`).
struct PieceBuilder {
    let segment: PathSegment
    let segmentIndex: Int
    let budget: Double
    let lengthAccuracy: Double
    let p0, p1, p2, p3: SIMD2<Double>
    let c1, c2, c3: SIMD2<Double>
    let stationarySpeedSquared: Double
    /// The smallest distance error the check can resolve: 16 × the arc-length accuracy.
    let roundingFloor: Double
    var pieces: [PathMeasure.Piece] = []
    var worstError = 0.0

    /// A bound on the table's size per segment, whatever the accuracy asked: 4096 pieces is far
    /// beyond what any accuracy down to the rounding floor needs on a cubic (the seed paths take
    /// tens of pieces per segment at 1e-9), and 4096 × 8 coefficients stay small.
    static let maximumPiecesPerSegment = 4096

    /// Chebyshev nodes of the first kind, `cos(π(j + ½)/8)`, and the check points.
    static let nodes: [Double] = (0..<8).map { Math.cos(.pi * (Double($0) + 0.5) / 8) }
    static let checks: [Double] = (0...32).map { -1 + Double($0) / 16 }

    /// A segment's cubic with its power-form coefficients `c1 = 3d₀`, `c2 = 3(d₁ − d₀)`,
    /// `c3 = d₂ − 2d₁ + d₀` (dᵢ = pᵢ₊₁ − pᵢ: differences first, so coordinates near the largest
    /// doubles do not overflow where the differences are moderate).
    struct Coefficients {
        let p0, p1, p2, p3: SIMD2<Double>
        let c1, c2, c3: SIMD2<Double>
        /// `|c1| + |c2| + |c3|`.
        let size: Double

        /// `nil` when a coefficient, or the square of 4 × their size, overflows.
        init?(_ segment: PathSegment) {
            let c = segment.cubic
            let p0 = c.p0.simd, p1 = c.p1.simd, p2 = c.p2.simd, p3 = c.p3.simd
            (self.p0, self.p1, self.p2, self.p3) = (p0, p1, p2, p3)
            let d0 = p1 - p0, d1 = p2 - p1, d2 = p3 - p2
            c1 = 3 * d0
            c2 = 3 * (d1 - d0)
            c3 = d2 - 2 * d1 + d0
            // Each |cᵢ| on the vector divided by its largest component: no overflow, no underflow.
            func length(_ v: SIMD2<Double>) -> Double {
                let largest = max(abs(v.x), abs(v.y))
                guard largest > 0, largest.isFinite else { return largest == 0 ? 0 : .infinity }
                let w = v / largest
                return largest * (w * w).sum().squareRoot()
            }
            size = length(c1) + length(c2) + length(c3)
            guard size.isFinite, ((4 * size) * (4 * size)).isFinite else { return nil }
        }
    }

    init(segment: PathSegment, coefficients k: Coefficients, segmentIndex: Int, budget: Double, lengthAccuracy: Double) {
        self.segment = segment
        self.segmentIndex = segmentIndex
        self.budget = budget
        self.lengthAccuracy = lengthAccuracy
        self.roundingFloor = 16 * lengthAccuracy
        (p0, p1, p2, p3) = (k.p0, k.p1, k.p2, k.p3)
        (c1, c2, c3) = (k.c1, k.c2, k.c3)
        // |B'| below 1e-10 of the coefficient scale is rounding noise in its direction; below
        // `smallestFastSpeedSquared` its square has lost bits to underflow.
        stationarySpeedSquared = max((1e-10 * k.size) * (1e-10 * k.size), PathMeasure.smallestFastSpeedSquared)
    }

    /// A place on the segment at a known arc length from the start of the piece being built.
    /// Moving it measures only the part between the old and the new parameter, so a sweep over
    /// a piece costs arc lengths of short spans (each a single Gauss–Legendre pair on a smooth
    /// piece), never the whole span from the piece's start again.
    struct Cursor {
        var t: Double
        var distance: Double
    }

    /// Moves `cursor` to `t` (either way) and returns its new distance.
    func advance(_ cursor: inout Cursor, to t: Double) -> Double {
        cursor.distance += segment.arcLength(from: cursor.t, to: t, accuracy: lengthAccuracy)
        cursor.t = t
        return cursor.distance
    }

    /// The parameter in [cursor.t, t1] at arc length `target` from the piece's start (safeguarded
    /// Newton from the cursor, bisection when a step leaves the bracket); the cursor is left there.
    func parameter(reaching target: Double, from cursor: inout Cursor, upTo t1: Double, span: Double) -> Double {
        var lo = cursor.distance <= target ? cursor.t : 0, hi = t1
        // First guess: a Newton step from the cursor; else the chord's proportion.
        let v0 = segment.derivative(at: cursor.t).length
        var t = v0 > 0 ? cursor.t + (target - cursor.distance) / v0 : .nan
        if !(t > lo && t < hi) {
            let remaining = span - cursor.distance
            t = remaining > 0 ? cursor.t + (t1 - cursor.t) * ((target - cursor.distance) / remaining) : 0.5 * (lo + hi)
            if !(t >= lo && t <= hi) { t = 0.5 * (lo + hi) }
        }
        for _ in 0..<100 {
            let f = advance(&cursor, to: t) - target
            if abs(f) <= 0.1 * budget { return t }
            if f < 0 { lo = t } else { hi = t }
            let v = segment.derivative(at: t).length
            let newton = v > 0 ? t - f / v : .nan
            let next = (newton > lo && newton < hi) ? newton : 0.5 * (lo + hi)
            if next == t || hi - lo <= 2 * t.ulp { return t }
            t = next
        }
        return t
    }

    /// `cos(πk(j + ½)/8)`: the discrete cosine transform from values at the nodes to Chebyshev
    /// coefficients.
    static let cosines: [[Double]] = (0..<8).map { k in
        (0..<8).map { j in Math.cos(.pi * Double(k) * (Double(j) + 0.5) / 8) }
    }

    /// `chebyshevPolynomials[k][i]`: the coefficient of xⁱ in T_k (T₀ = 1, T₁ = x,
    /// T_{k+1} = 2x·T_k − T_{k−1}).
    static let chebyshevPolynomials: [[Double]] = {
        var result: [[Double]] = [[1, 0, 0, 0, 0, 0, 0, 0], [0, 1, 0, 0, 0, 0, 0, 0]]
        for k in 1..<7 {
            var next = [Double](repeating: 0, count: 8)
            for i in 0..<8 {
                if i > 0 { next[i] += 2 * result[k][i - 1] }
                next[i] -= result[k - 1][i]
            }
            result.append(next)
        }
        return result
    }()

    mutating func build(from t0: Double, to t1: Double, startDistance: Double, length: Double, depth: Int) {
        guard length > 0 else { return }  // a sub-range that rounds to no length takes no distance
        // Interpolate t at the Chebyshev nodes of [startDistance, startDistance + length], solved
        // in increasing distance (the nodes are listed decreasing) with one cursor.
        let half = 0.5 * length
        let n = Self.nodes.count
        var values = [Double](repeating: 0, count: n)
        var cursor = Cursor(t: t0, distance: 0)
        for j in stride(from: n - 1, through: 0, by: -1) {
            values[j] = parameter(reaching: half * (1 + Self.nodes[j]), from: &cursor, upTo: t1, span: length)
        }
        // Chebyshev coefficients (discrete cosine transform), then the monomial form in x.
        var monomial = [Double](repeating: 0, count: n)
        for k in 0..<n {
            var sum = 0.0
            for j in 0..<n { sum += values[j] * Self.cosines[k][j] }
            let coefficient = (k == 0 ? 1.0 : 2.0) / Double(n) * sum
            for i in 0..<n { monomial[i] += coefficient * Self.chebyshevPolynomials[k][i] }
        }
        // A piece shorter than ~1e-308 has no finite inverse half-width: the largest double
        // stands in for it, mapping the piece to x′ = r·x in [−r, r] with r = half × that double,
        // and the coefficients absorb the factor (aᵢ/rⁱ, at most ~1e107 for the shortest piece),
        // so t(x′) is the same polynomial. Only the exact snap to t0 / t1 at x = ±1 is lost there.
        var inverseHalfSpan = 1 / half
        if !inverseHalfSpan.isFinite {
            inverseHalfSpan = .greatestFiniteMagnitude
            let r = half * inverseHalfSpan
            var power = 1.0
            for i in 0..<n {
                monomial[i] /= power
                power *= r
            }
        }
        let piece = PathMeasure.Piece(
            startDistance: startDistance, midDistance: startDistance + half, inverseHalfSpan: inverseHalfSpan,
            a0: monomial[0], a1: monomial[1], a2: monomial[2], a3: monomial[3],
            a4: monomial[4], a5: monomial[5], a6: monomial[6], a7: monomial[7],
            t0: t0, t1: t1, p0: p0, p1: p1, p2: p2, p3: p3, c1: c1, c2: c2, c3: c3,
            stationarySpeedSquared: stationarySpeedSquared, segmentIndex: segmentIndex)
        // Split while the piece misses its budget — unless the miss is rounding noise (the check
        // cannot resolve errors below a few times the arc-length accuracy, so splitting further
        // would only multiply pieces: 2⁴⁰ of them for an accuracy below the floor), or the segment
        // already has its share of pieces. `maximumError` then reports what was reached.
        let canSplit = depth < PathMeasure.maximumDepth && pieces.count < PieceBuilder.maximumPiecesPerSegment
        // Check in distance: the arc length from t0 to the interpolated t against the target, in
        // increasing distance with one cursor; a piece that will be split stops at its first miss.
        var error = 0.0
        var checker = Cursor(t: t0, distance: 0)
        for x in Self.checks {
            let target = half * (1 + x)
            let t = piece.parameter(atDistance: startDistance + target)
            error = max(error, abs(advance(&checker, to: t) - target))
            if canSplit, error > budget, error > roundingFloor { break }
        }
        if canSplit, error > budget, error > roundingFloor {
            let tm = 0.5 * (t0 + t1)
            let leftLength = segment.arcLength(from: t0, to: tm, accuracy: lengthAccuracy)
            let rightLength = max(0, length - leftLength)
            build(from: t0, to: tm, startDistance: startDistance, length: leftLength, depth: depth + 1)
            build(from: tm, to: t1, startDistance: startDistance + leftLength, length: rightLength, depth: depth + 1)
            return
        }
        worstError = max(worstError, error)
        pieces.append(piece)
    }
}
