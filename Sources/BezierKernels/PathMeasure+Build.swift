/// Builds the interpolation pieces of one segment (see `PathMeasure`).
struct PieceBuilder {
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
    /// `2|c2| + 6|c3|`, a bound on `|B''|` over the segment.
    let accelerationBound: Double
    var pieces: [PathMeasure.Piece] = []
    var worstError = 0.0

    /// A bound on the table's size per segment, whatever the accuracy asked: 4096 pieces is far
    /// beyond what any accuracy down to the rounding floor needs on a cubic (the seed paths take
    /// about 20 pieces per segment at 1e-9), and 4096 × 8 coefficients stay small.
    static let maximumPiecesPerSegment = 4096

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
        self.speed = CubicSpeed(segment.cubic)
        self.segmentIndex = segmentIndex
        self.budget = budget
        self.lengthAccuracy = lengthAccuracy
        self.roundingFloor = 16 * lengthAccuracy
        (p0, p1, p2, p3) = (k.p0, k.p1, k.p2, k.p3)
        (c1, c2, c3) = (k.c1, k.c2, k.c3)
        accelerationBound = 2 * (k.c2 * k.c2).sum().squareRoot() + 6 * (k.c3 * k.c3).sum().squareRoot()
        // |B'| below 1e-10 of the coefficient scale is rounding noise in its direction; below
        // `smallestFastSpeedSquared` its square has lost bits to underflow.
        stationarySpeedSquared = max((1e-10 * k.size) * (1e-10 * k.size), PathMeasure.smallestFastSpeedSquared)
    }

    /// A place on the segment at a known arc length from the start of the piece being built.
    /// Moving it measures only the part between the old and the new parameter, so a sweep over
    /// a piece costs arc lengths of short spans, never the whole span from the piece's start
    /// again. Within the piece `[low, high]`, a span no wider than `fastWidth` is one 4-point
    /// Gauss–Legendre rule without the per-span bound (see `fastWidth(from:to:)`).
    struct Cursor {
        var t: Double
        var distance: Double
        var low = 0.0, high = 0.0, fastWidth = 0.0
    }

    /// The widest parameter span inside [t0, t1] on which the 4-point rule is within the
    /// arc-length accuracy wherever the span lies, decided once per piece instead of once per
    /// increment (the bound's two square roots and divisions were a third of an increment).
    ///
    /// In the segment's variable x = 2t − 1 (the hodograph `q` of `CubicSpeed`), let δ be the
    /// distance from the speed's nearest complex zero to the piece. For a span of half-width h ≤ δ/2
    /// centred in the piece, the Bernstein ellipse with ρ = δ/h lies within distance δ of its
    /// centre, so the speed is analytic in it and bounded there by `h·Q`, with
    /// `Q = |m| + |m₁|(1 + δ) + |m₂|(1 + δ)²` (1-norms; the Jacobian h is folded into the span's
    /// hodograph). Trefethen's bound for the n-point rule, `(64/15)·M·ρ^(−2n)/(ρ² − 1)`, with
    /// the factor 1.5 of the length and `ρ² − 1 ≥ ¾ρ²`, gives for n = 4 an error of at most
    /// `8.54·Q·h¹¹/δ¹⁰`: below the accuracy for `h ≤ (accuracy·δ¹⁰/(8.54·Q))^(1/11)`. In t the
    /// span's width is h.
    func fastWidth(from t0: Double, to t1: Double) -> Double {
        let x0 = 2 * t0 - 1, x1 = 2 * t1 - 1
        func distance(_ z: SIMD2<Double>) -> Double {
            let dx = z.x < x0 ? x0 - z.x : (z.x > x1 ? z.x - x1 : 0)
            let d = (dx * dx + z.y * z.y).squareRoot()
            return d.isNaN ? 0 : d
        }
        let delta = min(distance(speed.zeros.z1), distance(speed.zeros.z2))
        guard delta > 0 else { return 0 }
        let q = speed.q
        let l1 = abs(q.m.x) + abs(q.m.y), l2 = abs(q.m1.x) + abs(q.m1.y), l3 = abs(q.m2.x) + abs(q.m2.y)
        guard delta.isFinite else {
            // No zero within reach: |q| is a polynomial of degree ≤ 1 there, which the 4-point
            // rule integrates exactly (as `integrate` does).
            return .infinity
        }
        let reach = 1 + delta
        let size = l1 + l2 * reach + l3 * reach * reach
        let tolerance = lengthAccuracy / speed.scale
        guard size > 0, tolerance > 0 else { return 0 }
        // δ·y^(1/11) with y = tolerance/(8.54·size·δ) (δ¹⁰ alone may overflow), rounded down to
        // a quarter power of two: 2^⌊e/11⌋ (e the binary exponent of y) is at most the root and
        // more than half of it, and two trials (×√2, then ×2^(1/4), each an 11th power against y)
        // bring it within 2^(1/4) of the root, from below — no logarithm, no exponential.
        let y = tolerance / (8.54 * size * delta)
        guard y.isNormal else { return y > 1 ? 0.5 * delta : 0 }
        let exponent = y.exponent >= 0 ? y.exponent / 11 : -((-y.exponent + 10) / 11)
        var root = Double(sign: .plus, exponent: exponent, significand: 1)
        @inline(__always) func within(_ x: Double) -> Bool {
            let x2 = x * x, x4 = x2 * x2, x8 = x4 * x4
            return x8 * x2 * x <= y
        }
        if within(root * 0x1.6a09e667f3bcdp0) { root *= 0x1.6a09e667f3bcdp0 }  // 2^(1/2)
        if within(root * 0x1.306fe0a31b715p0) { root *= 0x1.306fe0a31b715p0 }  // 2^(1/4)
        return min(0.5 * delta, delta * root)
    }

    /// The arc length from `t0` to `t1` (negative backwards) within `lengthAccuracy`.
    func arcLength(from t0: Double, to t1: Double) -> Double {
        var tally = NoSpeedEvaluationCount()
        return speed.length(from: t0, to: t1, accuracy: lengthAccuracy, tally: &tally)
    }

    /// Moves `cursor` to `t` (either way) and returns its new distance.
    func advance(_ cursor: inout Cursor, to t: Double) -> Double {
        let lower = min(cursor.t, t), upper = max(cursor.t, t)
        if upper - lower <= cursor.fastWidth, lower >= cursor.low, upper <= cursor.high, upper > lower {
            let (part, _) = speed.q.restricted(from: 2 * lower - 1, to: 2 * upper - 1, zeros: speed.zeros)
            let length = speed.scale * part.gauss4()
            cursor.distance += t >= cursor.t ? length : -length
        } else {
            cursor.distance += arcLength(from: cursor.t, to: t)
        }
        cursor.t = t
        return cursor.distance
    }

    /// `B'(t) = c1 + t(2c2 + 3t·c3)` and `B''(t) = 2c2 + 6t·c3`, from the power-form coefficients.
    @inline(__always) func derivatives(at t: Double) -> (velocity: SIMD2<Double>, acceleration: SIMD2<Double>) {
        (c1 + t * (2 * c2 + (3 * t) * c3), 2 * c2 + (6 * t) * c3)
    }

    /// The speed `v = |B'(t)|` and its rate `dv/dt = B'·B''/|B'|`.
    @inline(__always) func speedAndRate(at t: Double) -> (speed: Double, rate: Double) {
        let (velocity, acceleration) = derivatives(at: t)
        let speed = (velocity * velocity).sum().squareRoot()
        return (speed, speed > 0 ? (velocity * acceleration).sum() / speed : 0)
    }

    /// The third-order Taylor expansion of the inverse arc length from `t`: the parameter step
    /// that covers `Δs` along the curve, `Δs/v − v′Δs²/(2v³) + (3v′² − v·v″)Δs³/(6v⁵)` (from
    /// `dt/ds = 1/v`), with `v = |B′|`, `v′ = B′·B″/v` and `v″ = (|B″|² + B′·B‴ − v′²)/v`.
    /// NaN where the speed vanishes.
    @inline(__always) func taylorStep(_ ds: Double, from t: Double) -> Double {
        let (velocity, acceleration) = derivatives(at: t)
        let jerk = 6 * c3
        let speed = (velocity * velocity).sum().squareRoot()
        guard speed > 0 else { return .nan }
        let inverse = 1 / speed
        let rate = (velocity * acceleration).sum() * inverse
        let curvature = ((acceleration * acceleration).sum() + (velocity * jerk).sum() - rate * rate) * inverse
        let u = ds * inverse  // the first-order step
        return u * (1 + u * inverse * (-0.5 * rate + u * inverse * (3 * rate * rate - speed * curvature) * (1.0 / 6)))
    }

    /// The parameter in [cursor.t, t1] at arc length `target` from the piece's start; the cursor
    /// is left there.
    ///
    /// The first guess is the third-order Taylor step from the cursor (`taylorStep`); then
    /// safeguarded Newton, bisection when a step leaves the bracket. Newton's next residual in
    /// distance is about `½v′(f/v)²`: when that is below a tenth of the tolerance, the step is
    /// taken without measuring it (the cursor takes the target as its distance). The piece's
    /// check, measured independently, catches a node this estimate got wrong.
    func parameter(reaching target: Double, from cursor: inout Cursor, upTo t1: Double, span: Double) -> Double {
        var lo = cursor.distance <= target ? cursor.t : 0, hi = t1
        let tolerance = 0.1 * budget
        let step = target - cursor.distance
        var t = cursor.t + taylorStep(step, from: cursor.t)
        if !(t > lo && t < hi) {
            let remaining = span - cursor.distance
            t = remaining > 0 ? cursor.t + (t1 - cursor.t) * (step / remaining) : 0.5 * (lo + hi)
            if !(t >= lo && t <= hi) { t = 0.5 * (lo + hi) }
        }
        for _ in 0..<100 {
            let f = advance(&cursor, to: t) - target
            if abs(f) <= tolerance { return t }
            if f < 0 { lo = t } else { hi = t }
            let (v, rate) = speedAndRate(at: t)
            let newton = v > 0 ? t - f / v : .nan
            let inside = newton > lo && newton < hi
            let next = inside ? newton : 0.5 * (lo + hi)
            if next == t || hi - lo <= 2 * t.ulp { return t }
            if inside, 0.5 * abs(rate) * (f / v) * (f / v) <= 0.1 * tolerance {
                cursor.t = next
                cursor.distance = target
                return next
            }
            t = next
        }
        return t
    }

    // MARK: Eight at once

    /// The signed arc lengths of the eight spans `[from[k], to[k]]`, each by one 4-point rule on
    /// the span's restriction of the speed, evaluated lane by lane in packed arithmetic; `nil`
    /// unless every span lies in `[low, high]` and is at most `fastWidth` wide (where the rule is
    /// within the arc-length accuracy, see `fastWidth(from:to:)`).
    func laneIncrements(from: SIMD8<Double>, to: SIMD8<Double>, low: Double, high: Double, fastWidth: Double) -> SIMD8<Double>? {
        typealias V = SIMD8<Double>
        let lower = from.replacing(with: to, where: to .< from)
        let upper = to.replacing(with: from, where: to .< from)
        guard everyLane(upper - lower .<= V(repeating: fastWidth)), everyLane(lower .>= V(repeating: low)),
              everyLane(upper .<= V(repeating: high)) else { return nil }
        // In x = 2t − 1: centre c and half-width h (= the span's width in t).
        let c = lower + upper - 1
        let h = upper - lower
        let q = speed.q
        // The span's hodograph over [−1, 1], Jacobian folded in: h·q(c + h·x).
        let mx = h * (q.m.x + c * (q.m1.x + c * q.m2.x)), my = h * (q.m.y + c * (q.m1.y + c * q.m2.y))
        let h2 = h * h
        let m1x = h2 * (q.m1.x + 2 * c * q.m2.x), m1y = h2 * (q.m1.y + 2 * c * q.m2.y)
        let h3 = h2 * h
        let m2x = h3 * q.m2.x, m2y = h3 * q.m2.y
        func pair(_ x: Double) -> V {
            let evenX = mx + (x * x) * m2x, evenY = my + (x * x) * m2y
            let oddX = x * m1x, oddY = x * m1y
            let ax = evenX + oddX, ay = evenY + oddY, bx = evenX - oddX, by = evenY - oddY
            return (ax * ax + ay * ay).squareRoot() + (bx * bx + by * by).squareRoot()
        }
        let x = GaussLegendre.nodes4, w = GaussLegendre.weights4
        let lengths = (1.5 * speed.scale) * (w.0 * pair(x.0) + w.1 * pair(x.1))
        return lengths.replacing(with: -lengths, where: to .< from)
    }

    /// `speedAndRate(at:)` at a piece's two ends.
    struct PieceEnds {
        var start: (speed: Double, rate: Double)
        var end: (speed: Double, rate: Double)
    }

    /// `speedAndRate(at:)` for eight parameters.
    @inline(__always) func laneSpeedAndRate(at t: SIMD8<Double>) -> (speed: SIMD8<Double>, rate: SIMD8<Double>) {
        let vx = c1.x + t * (2 * c2.x + (3 * t) * c3.x), vy = c1.y + t * (2 * c2.y + (3 * t) * c3.y)
        let ax = 2 * c2.x + (6 * t) * c3.x, ay = 2 * c2.y + (6 * t) * c3.y
        let speed = (vx * vx + vy * vy).squareRoot()
        return (speed, (vx * ax + vy * ay) / speed)
    }

    /// Whether `t` increases strictly from lane to lane, inside (low, high).
    @inline(__always) static func strictlyIncreasing(_ t: SIMD8<Double>, above low: Double, below high: Double) -> Bool {
        // Against the lanes shifted by one (constant indices: a permutation in registers, not a
        // loop over lanes stored to memory). NaN fails every comparison.
        let previous = SIMD8<Double>(low, t[0], t[1], t[2], t[3], t[4], t[5], t[6])
        return everyLane(t .> previous) && t[7] < high
    }

    /// First guesses at the eight nodes from the quintic Hermite interpolant of t(s) over the
    /// piece (`length` long): the parameter, `dt/ds = 1/v` and `d²t/ds² = −v′/v³` at both ends.
    /// The basis at the nodes is fixed (`hermiteBasis`), so this is six multiply-adds per lane
    /// from the two ends' speeds (`PieceEnds`, which the end checks use too), where a chain of
    /// Taylor steps is eight dependent square roots and divisions. NaN or out of order where a
    /// speed at an end vanishes (the caller checks).
    func hermiteGuesses(from t0: Double, to t1: Double, length: Double, ends: PieceEnds) -> SIMD8<Double> {
        let (v0, r0) = ends.start, (v1, r1) = ends.end
        let basis = Self.hermiteBasis
        let l2 = length * length
        let d0 = length / v0, d1 = length / v1
        let a0 = -l2 * r0 / (v0 * v0 * v0), a1 = -l2 * r1 / (v1 * v1 * v1)
        return t0 * basis.0 + d0 * basis.1 + a0 * basis.2 + t1 * basis.3 + d1 * basis.4 + a1 * basis.5
    }

    /// The quintic Hermite basis at the nodes, u = (1 + x)/2 (for t(0), L·t′(0), L²·t″(0), t(L),
    /// L·t′(L), L²·t″(L)).
    static let hermiteBasis: (SIMD8<Double>, SIMD8<Double>, SIMD8<Double>, SIMD8<Double>, SIMD8<Double>, SIMD8<Double>) = {
        let u = 0.5 * (1 + nodes)
        let u2 = u * u, u3 = u2 * u, u4 = u3 * u, u5 = u4 * u
        // Typed terms: as one literal-laden SIMD expression each, these took the type checker
        // seconds; the values are the same left-to-right sums.
        let one = SIMD8<Double>(repeating: 1)
        let h0: SIMD8<Double> = one - 10 * u3 + 15 * u4 - 6 * u5
        let h1: SIMD8<Double> = u - 6 * u3 + 8 * u4 - 3 * u5
        let h2: SIMD8<Double> = 0.5 * (u2 - 3 * u3 + 3 * u4 - u5)
        let h3: SIMD8<Double> = 10 * u3 - 15 * u4 + 6 * u5
        let h4: SIMD8<Double> = -4 * u3 + 7 * u4 - 3 * u5
        let h5 = 0.5 * (u3 - 2 * u4 + u5)
        return (h0, h1, h2, h3, h4, h5)
    }()

    /// `|v|` lane by lane.
    @inline(__always) static func magnitude(_ v: SIMD8<Double>) -> SIMD8<Double> {
        v.replacing(with: -v, where: v .< 0)
    }

    /// Running sums: `result[k] = Σ_{i ≤ k} values[i]`.
    @inline(__always) static func prefixSums(_ values: SIMD8<Double>) -> SIMD8<Double> {
        var sums = values
        for k in 1..<8 { sums[k] += sums[k - 1] }
        return sums
    }

    /// The parameters at the eight node distances `targets` (increasing, from the piece's start
    /// t0), solved together: first guesses from the quintic Hermite interpolant
    /// (`hermiteGuesses`; a chain of third-order Taylor steps where that is out of order), then
    /// Newton on all eight at once, each lane's distance the sum of the increments between consecutive
    /// parameters (eight spans integrated in packed arithmetic). As in `parameter(reaching:…)`,
    /// Newton's last step is taken unmeasured once its predicted residual, `½v′(f/v)²`, is below
    /// a tenth of the tolerance in every lane. `nil` where the sequential solve is needed: a
    /// span too wide for the 4-point rule, a step that leaves the piece or breaks the order, a
    /// vanishing speed, or no convergence in four rounds.
    func laneNodes(targets: SIMD8<Double>, from t0: Double, to t1: Double, ends: PieceEnds, fastWidth: Double) -> SIMD8<Double>? {
        typealias V = SIMD8<Double>
        let tolerance = 0.1 * budget
        var t = hermiteGuesses(from: t0, to: t1, length: targets[0] + targets[7], ends: ends)
        if !(Self.strictlyIncreasing(t, above: t0, below: t1)) {
            // A vanishing or sharply turning speed at an end: a chain of Taylor steps instead.
            var previous = t0, reached = 0.0
            for k in 0..<8 {
                let next = previous + taylorStep(targets[k] - reached, from: previous)
                guard next > previous, next < t1 else { return nil }
                t[k] = next
                (previous, reached) = (next, targets[k])
            }
        }
        return laneNewton(from: t, rounds: 4, in: t0, t1, tolerance: tolerance) { t in
            var starts = V(repeating: t0)
            for k in 1..<8 { starts[k] = t[k - 1] }
            guard let increments = laneIncrements(from: starts, to: t, low: t0, high: t1, fastWidth: fastWidth) else { return nil }
            return Self.prefixSums(increments) - targets
        }
    }

    /// Newton on eight parameters at once from `t`, at most `rounds` rounds: `residual(t)` is
    /// each lane's distance minus its target (`nil` gives up). Returns `t` once every residual
    /// is within `tolerance`; takes the last step unmeasured once its predicted residual,
    /// `½v′(f/v)²`, is below a tenth of the tolerance in every lane. `nil` where a step leaves
    /// [t0, t1] or breaks the order, the speed vanishes, or the rounds run out: the sequential
    /// solve then takes over. Shared by the quadrature's nodes (`laneNodes`) and the
    /// polynomial's (`modelNodes`).
    @inline(__always) func laneNewton(
        from start: SIMD8<Double>, rounds: Int, in t0: Double, _ t1: Double, tolerance: Double,
        residual: (SIMD8<Double>) -> SIMD8<Double>?
    ) -> SIMD8<Double>? {
        typealias V = SIMD8<Double>
        var t = start
        for _ in 0..<rounds {
            guard let f = residual(t) else { return nil }
            if everyLane(Self.magnitude(f) .<= V(repeating: tolerance)) { return t }
            let (v, rate) = laneSpeedAndRate(at: t)
            guard everyLane(v .> 0) else { return nil }
            let step = f / v
            let next = t - step
            // In the piece and in order, or the sequential solve takes over.
            guard Self.strictlyIncreasing(next, above: t0, below: t1) else { return nil }
            let predicted: V = 0.5 * Self.magnitude(rate) * (step * step)
            if everyLane(predicted .<= V(repeating: 0.1 * tolerance)) { return next }
            t = next
        }
        return nil
    }

    /// The Chebyshev nodes of the first kind on [−1, 1], `x_j = −cos(π(j + ½)/8)`: increasing,
    /// so each lane's distance is the previous lane's plus one increment (and one cursor solves
    /// them in order on the sequential path).
    static let nodes = SIMD8<Double>((0..<8).map { -Math.cos(.pi * (Double($0) + 0.5) / 8) })

    /// The matrix from values at `nodes` to the monomial coefficients of the degree-7 interpolant
    /// in x, by columns: `coefficients = Σ_j values[j] · interpolation[j]`. It is the discrete
    /// cosine transform (Chebyshev coefficients `c_k = (2 − δ_k0)/8 · Σ_j f_j T_k(x_j)`) followed by
    /// the change to the monomial basis (`T₀ = 1, T₁ = x, T_{k+1} = 2x·T_k − T_{k−1}`), folded into
    /// one matrix once.
    static let interpolation: [SIMD8<Double>] = {
        var chebyshev: [SIMD8<Double>] = [SIMD8(1, 0, 0, 0, 0, 0, 0, 0), SIMD8(0, 1, 0, 0, 0, 0, 0, 0)]
        for k in 1..<7 {
            var next = SIMD8<Double>()
            for i in 0..<8 {
                if i > 0 { next[i] += 2 * chebyshev[k][i - 1] }
                next[i] -= chebyshev[k - 1][i]
            }
            chebyshev.append(next)
        }
        return (0..<8).map { j in
            var column = SIMD8<Double>()
            for k in 0..<8 {
                // T_k(x_j) with x_j = −cos(θ_j), θ_j = π(j + ½)/8: cos(k(π − θ_j)) = (−1)^k cos(kθ_j).
                let value = (k % 2 == 0 ? 1.0 : -1.0) * Math.cos(.pi * Double(k) * (Double(j) + 0.5) / 8)
                column += ((k == 0 ? 1.0 : 2.0) / 8 * value) * chebyshev[k]
            }
            return column
        }
    }()

    /// `interpolation` as a tuple, for the constant indices of `fit`.
    static let interpolationColumns: (SIMD8<Double>, SIMD8<Double>, SIMD8<Double>, SIMD8<Double>,
                                      SIMD8<Double>, SIMD8<Double>, SIMD8<Double>, SIMD8<Double>) = {
        let c = interpolation
        return (c[0], c[1], c[2], c[3], c[4], c[5], c[6], c[7])
    }()

    /// `checks` in eight lanes, the last repeated.
    static let laneChecks = SIMD8<Double>((0..<8).map { checks[min($0, 6)] })

    /// Where the build checks a piece: the extrema of T₈, `x = −cos(πk/8)`, increasing. The
    /// error of interpolating at the zeros of T₈ is `e(x) ≈ T₈(x)·(c₈ + 2c₉x + …)` (the omitted
    /// Chebyshev terms alias onto T₈'s zeros, where e vanishes), so it peaks at T₈'s extrema. These
    /// are the 7 inside the piece; the two ends (x = ±1) are checked too, on the polynomial before
    /// the snap to t0 / t1, since distances just inside the piece get its value there.
    static let checks: [Double] = (1...7).map { -Math.cos(.pi * Double($0) / 8) }

    /// The narrowest piece, as a fraction of the segment's parameter range: 2^−maximumDepth.
    static let minimumWidth = Double(sign: .plus, exponent: -PathMeasure.maximumDepth, significand: 1)

    /// Cuts the segment into pieces, from t = 0 to 1, each as wide as its error allows.
    ///
    /// A step-size controller, as in adaptive ODE solvers: the error of a degree-7 interpolant
    /// shrinks like the 8th power of the piece's width once the piece is small beside the
    /// distance to the nearest zero of the speed, so after a piece with error e the next width is
    /// `w·0.9·(budget/e)^(1/8)` (at most 4w), and a piece that misses is tried again that much
    /// narrower (by a factor between 0.05 and 0.9). Halving instead built every piece twice or
    /// more and left accepted pieces up to half as wide as they could be.
    mutating func build(startDistance: Double, length: Double) {
        let first = pieces.count
        var t0 = 0.0, s0 = 0.0
        var width = 1.0
        // The arc length as a polynomial (`PieceArcLength`), over this piece and the next few
        // where its bound allows (nearly everywhere away from cusps): the pieces' lengths, nodes
        // and checks then need no quadrature.
        var model = PieceArcLength.none
        while true {
            var t1 = t0 + width
            // The rest of the segment when the step reaches within a quarter width of its end:
            // no sliver of a piece at the end.
            let last = !(t1 < 1 - 0.25 * width)
            if last { t1 = 1 }
            if !model.covers(t0, t1) {
                // Twice the piece's width (wider, the bound fails more often than it saves
                // polynomials), else the piece alone, else none.
                let reach = min(1, t0 + 2 * (t1 - t0))
                if reach > t1, let wide = arcLengthModel(from: t0, to: reach) {
                    model = wide
                } else {
                    model = arcLengthModel(from: t0, to: t1) ?? .none
                }
            }
            let useModel = model.covers(t0, t1)
            if !useModel, t0 == 0, pieces.count == first, t1 > 2 * Self.minimumWidth, let shrink = firstWidthFactor(to: t1) {
                // The segment's first try, too wide for the polynomial: narrower before any fit
                // (a fit of the whole segment by quadrature, which the bee paths' segments
                // always missed, was a tenth of the build).
                width = (t1 - t0) * shrink
                // Short of the end, as for a missed last piece (else the rest again, forever).
                if last { width = min(width, 0.75 * (1 - t0)) }
                continue
            }
            var origin = 0.0, modelLength = 0.0
            if useModel { (origin, modelLength) = model.origin(at: t0, upTo: t1) }
            // The last piece's length is the rest of the segment's, so the pieces add up to it.
            let pieceLength = last ? length - s0 : (useModel ? modelLength : arcLength(from: t0, to: t1))
            guard pieceLength > 0 else {
                // A range that rounds to no length takes no distance.
                if last { return }
                t0 = t1
                continue
            }
            let canShrink = t1 - t0 > 2 * Self.minimumWidth && pieces.count - first < Self.maximumPiecesPerSegment
            let fit = self.fit(from: t0, to: t1, startDistance: startDistance + s0, length: pieceLength, model: model, origin: useModel ? origin : nil, stopAbove: canShrink ? max(budget, roundingFloor) : .infinity)
            // A miss that is rounding noise (the check cannot resolve errors below a few times the
            // arc-length accuracy) is accepted: shrinking further would only multiply pieces.
            if canShrink, fit.error > budget, fit.error > roundingFloor {
                width = max(Self.minimumWidth, (t1 - t0) * min(0.9, max(0.05, Self.stepFactor(budget / fit.error))))
                // A missed last piece is tried again short of the end (else the retry, within a
                // quarter width of the end, would be the rest again).
                if last { width = min(width, 0.75 * (1 - t0)) }
                continue
            }
            pieces.append(fit.piece)
            worstError = max(worstError, fit.error)
            if last { return }
            s0 += pieceLength
            width = (t1 - t0) * min(4, Self.stepFactor(max(budget, roundingFloor) / max(fit.error, 1e-300)))
            t0 = t1
            // Past the cap, the rest of the segment is one piece (its error is reported).
            if pieces.count - first >= Self.maximumPiecesPerSegment { width = 1 - t0 }
        }
    }

    /// `0.9·r^(1/8)`: three square roots.
    static func stepFactor(_ ratio: Double) -> Double {
        0.9 * ratio.squareRoot().squareRoot().squareRoot()
    }

    /// The degree-7 interpolant of t(s) on [t0, t1] and its largest error in distance at the
    /// check points (the check stops at the first error above `stopAbove`). With an `origin`, the
    /// nodes are solved and the checks measured on `model` (the value of its `s` at t0), else by
    /// quadrature.
    func fit(from t0: Double, to t1: Double, startDistance: Double, length: Double, model: PieceArcLength, origin: Double?, stopAbove limit: Double) -> (piece: PathMeasure.Piece, error: Double) {
        // Interpolate t at the Chebyshev nodes of [startDistance, startDistance + length].
        let half = 0.5 * length
        let nodes = Self.nodes
        var monomial: SIMD8<Double>
        // The quadrature paths' widest fast span, only where they are taken.
        lazy var fast = fastWidth(from: t0, to: t1)
        let targets = half * (1 + nodes)
        // All eight nodes at once on the piece's arc-length polynomial, else by quadrature:
        // eight at once where the piece allows, else one after the other.
        let values: SIMD8<Double>
        // The speed and its rate at the piece's ends: the nodes' first guesses and the end checks.
        let ends = PieceEnds(start: speedAndRate(at: t0), end: speedAndRate(at: t1))
        if half > 1e-300, let origin, let solved = modelNodes(model, origin: origin, targets: targets, from: t0, to: t1, ends: ends) {
            values = solved
        } else if half > 1e-300, let solved = laneNodes(targets: targets, from: t0, to: t1, ends: ends, fastWidth: fast) {
            values = solved
        } else {
            var cursor = Cursor(t: t0, distance: 0, low: t0, high: t1, fastWidth: fast)
            var sequential = SIMD8<Double>()
            for j in 0..<8 {
                sequential[j] = parameter(reaching: targets[j], from: &cursor, upTo: t1, span: length)
            }
            values = sequential
        }
        // Written out, in two sums: as a loop over the array, the compiler stored `values` to
        // memory and loaded each lane back (a store-forwarding stall each), and multiplied lane
        // by lane.
        let columns = Self.interpolationColumns
        var even: SIMD8<Double> = values[0] * columns.0
        var odd: SIMD8<Double> = values[1] * columns.1
        even += values[2] * columns.2
        odd += values[3] * columns.3
        even += values[4] * columns.4
        odd += values[5] * columns.5
        even += values[6] * columns.6
        odd += values[7] * columns.7
        monomial = even + odd
        // A piece shorter than ~1e-308 has no finite inverse half-width: the largest double
        // stands in for it, mapping the piece to x′ = r·x in [−r, r] with r = half × that double,
        // and the coefficients absorb the factor (aᵢ/rⁱ, at most ~1e107 for the shortest piece),
        // so t(x′) is the same polynomial. Only the exact snap to t0 / t1 at x = ±1 is lost there.
        var inverseHalfSpan = 1 / half
        let midDistance = startDistance + half
        if inverseHalfSpan.isFinite {
            // The query snaps to t0 / t1 where x = (s − mid)·inverseHalfSpan reaches ∓1: make sure
            // it does at the piece's own ends, which rounding can leave an ulp inside (a path's
            // first point would then come from the interpolant, a few 1e-11 pt off the control
            // point). An ulp or two of inverseHalfSpan moves no other x by more than ~4e-16.
            let end = startDistance + length
            for _ in 0..<4 where (startDistance - midDistance) * inverseHalfSpan > -1 || (end - midDistance) * inverseHalfSpan < 1 {
                inverseHalfSpan = inverseHalfSpan.nextUp
            }
        } else {
            inverseHalfSpan = .greatestFiniteMagnitude
            let r = half * inverseHalfSpan
            var power = 1.0
            for i in 0..<8 {
                monomial[i] /= power
                power *= r
            }
        }
        let piece = PathMeasure.Piece(
            startDistance: startDistance, midDistance: midDistance, inverseHalfSpan: inverseHalfSpan,
            a0: monomial[0], a1: monomial[1], a2: monomial[2], a3: monomial[3],
            a4: monomial[4], a5: monomial[5], a6: monomial[6], a7: monomial[7],
            t0: t0, t1: t1, p0: p0, p1: p1, p2: p2, p3: p3, c1: c1, c2: c2, c3: c3,
            stationarySpeedSquared: stationarySpeedSquared, segmentIndex: segmentIndex)
        // Check in distance: the arc length from t0 to the interpolated t against the target, in
        // increasing distance with one cursor. At the ends, where the miss in t is tiny on any
        // piece worth keeping, the distance it covers is bounded without integrating:
        // |Δs| ≤ v·|Δt| + ½·max|v′|·Δt², with |v′| ≤ |B''| ≤ `accelerationBound`.
        func endMiss(_ x: Double, end: Double, speed: Double) -> Double {
            let t = piece.interpolant(at: (startDistance + half * (1 + x) - piece.midDistance) * inverseHalfSpan)
            let dt = abs(t - end)
            return speed * dt + 0.5 * accelerationBound * dt * dt
        }
        var error = max(endMiss(-1, end: t0, speed: ends.start.speed), endMiss(1, end: t1, speed: ends.end.speed))
        guard error <= limit else { return (piece, error) }
        // The 7 inner checks (the last repeated in an eighth lane) in packed arithmetic where
        // their spans allow, else one after the other.
        let checkTargets = half * (1 + Self.laneChecks)
        let checked = piece.interpolant(at: (startDistance + checkTargets - piece.midDistance) * inverseHalfSpan)
        if let origin {
            // On the polynomial, plus its bound (the distance it measures is within that of the
            // exact arc length).
            let modelError = Self.largest(Self.magnitude(model.distance(at: checked, from: origin) - checkTargets)) + model.bound
            if modelError.isFinite { return (piece, max(error, modelError)) }
        }
        var starts = SIMD8<Double>(repeating: t0)
        for k in 1..<8 { starts[k] = checked[k - 1] }
        if half > 1e-300, let increments = laneIncrements(from: starts, to: checked, low: t0, high: t1, fastWidth: fast) {
            let laneError = Self.largest(Self.magnitude(Self.prefixSums(increments) - checkTargets))
            if laneError.isFinite { return (piece, max(error, laneError)) }
        }
        var checker = Cursor(t: t0, distance: 0, low: t0, high: t1, fastWidth: fast)
        for k in 0..<7 where error <= limit {
            error = max(error, abs(advance(&checker, to: checked[k]) - checkTargets[k]))
        }
        return (piece, error)
    }
}
