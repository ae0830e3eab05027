/// Builds the interpolation pieces of one segment (see `PathMeasure`).
struct PieceBuilder {
    let segment: PathSegment
    /// The segment's speed as a cubic (lines and quadratics elevated), its zeros found once: every
    /// arc length of the build is an integral of it over a parameter range.
    let speed: CubicSpeed
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
        self.speed = CubicSpeed(segment.cubic)
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

    /// The arc length from `t0` to `t1` (negative backwards) within `lengthAccuracy`.
    func arcLength(from t0: Double, to t1: Double) -> Double {
        var tally = NoSpeedEvaluationCount()
        return speed.length(from: t0, to: t1, accuracy: lengthAccuracy, tally: &tally)
    }

    /// Moves `cursor` to `t` (either way) and returns its new distance.
    func advance(_ cursor: inout Cursor, to t: Double) -> Double {
        cursor.distance += arcLength(from: cursor.t, to: t)
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

    /// Halves [t0, t1] `levels` times and builds the parts, with the lengths halving gives (the
    /// left half measured, the right the rest), so the parts' boundaries are exactly those of
    /// building and splitting level by level.
    mutating func split(from t0: Double, to t1: Double, startDistance: Double, length: Double, depth: Int, levels: Int) {
        let tm = 0.5 * (t0 + t1)
        let leftLength = arcLength(from: t0, to: tm)
        let rightLength = max(0, length - leftLength)
        if levels <= 1 {
            build(from: t0, to: tm, startDistance: startDistance, length: leftLength, depth: depth + 1)
            build(from: tm, to: t1, startDistance: startDistance + leftLength, length: rightLength, depth: depth + 1)
        } else {
            split(from: t0, to: tm, startDistance: startDistance, length: leftLength, depth: depth + 1, levels: levels - 1)
            split(from: tm, to: t1, startDistance: startDistance + leftLength, length: rightLength, depth: depth + 1, levels: levels - 1)
        }
    }

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
            // Halving a piece divides the error of its degree-7 interpolant by at most about
            // 2⁸ = 256 (h⁸ once the piece is small beside the nearest zero of the speed, less
            // before), so a miss of r × the budget needs at least ⌈log₂₅₆ r⌉ halvings: the levels
            // in between would only be built, checked and split again. Skip them — cut into
            // 2^levels equal parameter ranges at once (at most 32). An extra level is taken only
            // for each factor 256 beyond a miss of 4096× (a margin of 16 on the 256), so the cut
            // does not go deeper than the halving would have (`pathmeasure/build` races the same
            // table built by halving alone).
            var levels = 1
            var ratio = error / budget
            while ratio > 4096, levels < 5, depth + levels < PathMeasure.maximumDepth {
                ratio /= 256
                levels += 1
            }
            split(from: t0, to: t1, startDistance: startDistance, length: length, depth: depth, levels: levels)
            return
        }
        worstError = max(worstError, error)
        pieces.append(piece)
    }
}
