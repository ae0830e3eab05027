extension CubicBezier: ParametricCurveArcLength {
    /// The largest subdivision depth of the adaptive arc length; at depth 24 an interval is 6e-8 of
    /// the parameter range.
    public static let maximumArcLengthDepth = 24

    /// The relative error below which a piece is accepted whatever the accuracy asked: 16 ulps
    /// (3.6e-15) of a bound on the piece's length. The Gauss–Legendre sums round at a few ulps of
    /// the length, so asking for less would only subdivide without improving the result.
    public static let arcLengthRoundingFloor = 16 * Double.ulpOfOne

    /// The arc length `∫₀¹|B'(t)| dt` within `accuracy`, by Gauss–Legendre quadrature whose rule
    /// and subdivision are chosen from an a-priori error estimate, before the speed is evaluated.
    ///
    /// On [0, 1] mapped to x ∈ [−1, 1], `B'(t) = 3q(x)` with the quadratic
    /// `q(x) = m + x·m₁ + x²·m₂`, `m = ¼(d₀ + 2d₁ + d₂)`, `m₁ = ½(d₂ − d₀)`, `m₂ = ¼(d₀ − 2d₁ + d₂)`
    /// (`dᵢ = pᵢ₊₁ − pᵢ`), so `L = 1.5∫₋₁¹|q(x)| dx`.
    ///
    /// **Where the speed is singular.** With the complex quadratic `Q(x) = qₓ(x) + i·q_y(x)`, the
    /// speed is `|q(x)| = √(Q(x)·Q̄(x))` for real x, where `Q̄` has the conjugate coefficients:
    /// analytic everywhere except at the two roots z₁, z₂ of `Q` and their conjugates (the complex
    /// parameters where the velocity vanishes; a real root is a cusp). They are found once per
    /// curve (one complex square root); a sub-interval maps them affinely.
    ///
    /// **The estimate.** If f is analytic in the open Bernstein ellipse `E_ρ` (foci ±1, semi-axes
    /// summing to ρ) and `|f| ≤ M` there, the n-point Gauss–Legendre rule errs by at most
    /// `(64/15)·M·ρ^(−2n)/(ρ² − 1)` (Trefethen, *Approximation Theory and Approximation
    /// Practice*, Theorem 19.3). Here ρ is that of the ellipse through the nearest root (the
    /// speed is bounded and continuous up to it), and `|f| ≤ |m| + |m₁|·a + |m₂|·a²` on the
    /// ellipse (a its semi-major axis). That bound is rigorous but, on the speed of a cubic, 100
    /// to 10⁴ times the true error (more as ρ → 1, and more for more points: a square-root
    /// branch point's error falls like `n^(−3/2)·ρ^(−2n)`), so the rules were chosen for accuracy
    /// nobody asked for. The rule is chosen instead from the estimate `Cₙ·1.5·(64/15)·M·ρ^(−2n)`:
    /// the bound without its `1/(ρ² − 1)`, with a constant per rule, `Cₙ` = 1/20, 1/64, 1/128,
    /// 1/200 and 1/400 for n = 4, 8, 12, 16 and 24. Each constant is about twice the largest ratio
    /// of the rule's true error to `1.5·(64/15)·M·ρ^(−2n)` on 30,000 seeded pieces (whole random
    /// cubics, random parts of them, parts beside near-cusps), so the estimate is not a proof:
    /// `ArcLengthEstimateTests` checks it against GSL on 2000 pieces of another seed (kinks
    /// included), where it is 2.2 to 3.1 times the largest error.
    ///
    /// The smallest of the 4-, 8-, 12-, 16- and 24-point rules whose estimate meets the accuracy is
    /// evaluated — one rule per accepted piece, no evaluation thrown away. If none does, the
    /// interval is split (at the real part of the nearest root when it lies well inside, so a cusp
    /// lands on the ends of both halves, else in the middle), each part getting its share of the
    /// accuracy, to depth `maximumArcLengthDepth`. A root within 1e-9 of an end of the interval on
    /// the real axis (a cusp there) is not a singularity of the integrand on it: `|x − a|` is
    /// analytic on the interval; treating it so errs by ~1e-16 of the speed.
    ///
    /// The result is within `accuracy` plus the rounding of the sums (a few ulps of the length)
    /// wherever the estimate holds; `bench accuracy` shows the largest error 4 to 14 times under
    /// the accuracy asked. A piece whose estimate is below `arcLengthRoundingFloor` of a bound on
    /// its length is accepted whatever the accuracy, so an accuracy below the rounding floor is not
    /// reached and costs nothing extra.
    ///
    /// Arc length is homogeneous of degree 1, so the quadrature runs on the offsets `pᵢ − p₀`
    /// divided by the power of two `s` just below their largest component (exact) with accuracy
    /// `accuracy/s`, and the result is multiplied by `s`: the squares inside `|B'|` neither
    /// overflow (coordinates beyond ~1e154) nor underflow (below ~1e-154) for any finite input.
    /// Offsets that overflow are halved first; a length past the largest `Double` is `+infinity`.
    ///
    /// - Throws: `BezierError.invalidAccuracy` unless `accuracy` is positive and finite;
    ///   `lengthOverflow` for a length past the largest `Double`.
    /// - Complexity: one rule of 4, 8, 12, 16 or 24 evaluations of `|B'|` for a smooth curve; near cusps
    ///   O(log(L/accuracy)) pieces around each near-zero of the speed. `measuredArcLength` counts
    ///   them.
    @inlinable
    public func arcLength(accuracy: Double = Accuracy.default) throws(BezierError) -> Double {
        try BezierError.validate(accuracy: accuracy)
        let length = uncheckedArcLength(accuracy: accuracy)
        guard length.isFinite else { throw .lengthOverflow(segment: 0) }
        return length
    }

    /// `arcLength(accuracy:)` together with the number of speed evaluations (`|B'|` at a node,
    /// one square root each) it took: the kernel's cost in the unit `bench accuracy` reports.
    public func measuredArcLength(accuracy: Double = Accuracy.default) throws(BezierError) -> ArcLengthMeasurement {
        try BezierError.validate(accuracy: accuracy)
        var tally = SpeedEvaluationCount()
        let length = CubicSpeed(self).length(from: 0, to: 1, accuracy: accuracy, tally: &tally)
        guard length.isFinite else { throw .lengthOverflow(segment: 0) }
        return ArcLengthMeasurement(value: length, speedEvaluations: tally.count)
    }

    /// `arcLength(accuracy:)` without validating `accuracy` (the caller guarantees it is positive
    /// and finite: a hot path that validated once).
    @inlinable
    public func uncheckedArcLength(accuracy: Double) -> Double {
        var tally = NoSpeedEvaluationCount()
        return CubicSpeed(self).length(from: 0, to: 1, accuracy: accuracy, tally: &tally)
    }

    /// The arc length between parameters `t0` and `t1` (negative when `t1 < t0`), without
    /// validating `accuracy`: the speed's restriction to [t0, t1] integrated directly (no
    /// subsegment's control points).
    @inlinable
    public func uncheckedArcLength(from t0: Double, to t1: Double, accuracy: Double) -> Double {
        var tally = NoSpeedEvaluationCount()
        return CubicSpeed(self).length(from: t0, to: t1, accuracy: accuracy, tally: &tally)
    }

    /// The parameter `t` at arc length `length` from the start: safeguarded Newton on
    /// `L(0, t) − length` with the exact speed `|B'(t)|` and bisection fallback.
    ///
    /// Only the first iterate's `L(0, t)` is integrated from 0 (to `accuracy/4`); each later one
    /// adds the arc length between consecutive iterates, the k-th increment to `accuracy/2^(k+3)`,
    /// so `L(0, t)` stays within `accuracy/2` however many steps are taken (a geometric error
    /// budget), and the increments, short once Newton converges, cost one small rule each.
    ///
    /// The distance along the curve between `B(t)` and the exact point is ≤ `accuracy` (and so is
    /// the distance between the points). A `length` within `accuracy` outside [0, L] is clamped.
    /// - Throws: `invalidAccuracy`; `distanceOutOfRange` if `length` is not finite or outside
    ///   [−accuracy, L + accuracy].
    /// - Complexity: a few Newton steps (typically 3–5), each the arc length of one increment.
    @inlinable
    public func parameter(atArcLength length: Double, accuracy: Double = Accuracy.default) throws(BezierError) -> Double {
        var tally = NoSpeedEvaluationCount()
        return try solveParameter(atArcLength: length, accuracy: accuracy, tally: &tally)
    }

    /// `parameter(atArcLength:accuracy:)` with the number of speed evaluations it took (the
    /// total length, the integrals and the Newton derivatives).
    public func measuredParameter(atArcLength length: Double, accuracy: Double = Accuracy.default) throws(BezierError) -> ArcLengthMeasurement {
        var tally = SpeedEvaluationCount()
        let t = try solveParameter(atArcLength: length, accuracy: accuracy, tally: &tally)
        return ArcLengthMeasurement(value: t, speedEvaluations: tally.count)
    }

    @inlinable
    func solveParameter<Tally: SpeedEvaluationTally>(atArcLength length: Double, accuracy: Double,
                                                     tally: inout Tally) throws(BezierError) -> Double {
        try BezierError.validate(accuracy: accuracy)
        let speed = CubicSpeed(self)
        let total = speed.length(from: 0, to: 1, accuracy: 0.5 * accuracy, tally: &tally)
        if let end = try inverseArcLengthEnd(length, total: total, accuracy: accuracy) { return end }
        var lo = 0.0, hi = 1.0
        var t = length / total
        var reached = speed.length(from: 0, to: t, accuracy: 0.25 * accuracy, tally: &tally)
        var budget = 0.125 * accuracy
        for _ in 0..<100 {
            let f = reached - length
            if abs(f) <= 0.5 * accuracy { return t }
            if f < 0 { lo = t } else { hi = t }
            tally.add(1)
            let v = derivative(at: t).length
            let newton = v > 0 ? t - f / v : .nan
            let next = (newton > lo && newton < hi) ? newton : 0.5 * (lo + hi)
            // The bracket can no longer shrink: t is as close as a double gets.
            if next == t || hi - lo <= 2 * t.ulp { return t }
            reached += speed.length(from: t, to: next, accuracy: budget, tally: &tally)
            budget *= 0.5
            t = next
        }
        return t
    }
}

/// A length (or a parameter) with the number of speed evaluations `|B'|` that computing it took.
public struct ArcLengthMeasurement: Sendable, Hashable {
    /// The arc length (or, from `measuredParameter`, the curve parameter).
    public var value: Double
    /// Evaluations of the speed `|B'|`, one square root each.
    public var speedEvaluations: Int

    public init(value: Double, speedEvaluations: Int) {
        self.value = value
        self.speedEvaluations = speedEvaluations
    }
}

/// Counts speed evaluations in the quadrature; the no-op form is specialized away.
@usableFromInline
protocol SpeedEvaluationTally {
    mutating func add(_ evaluations: Int)
}

@usableFromInline
struct NoSpeedEvaluationCount: SpeedEvaluationTally {
    @inlinable init() {}
    @inlinable @inline(__always) mutating func add(_ evaluations: Int) {}
}

@usableFromInline
struct SpeedEvaluationCount: SpeedEvaluationTally {
    @usableFromInline var count = 0
    @inlinable init() {}
    @inlinable @inline(__always) mutating func add(_ evaluations: Int) { count += evaluations }
}

/// The speed of a cubic, ready to integrate over any parameter range: the hodograph of the curve
/// scaled to offsets of order 1 (see `arcLength(accuracy:)`), the roots of its complex form, and
/// the scale to multiply lengths by.
@frozen @usableFromInline
struct CubicSpeed {
    @usableFromInline let q: HodographQuadratic
    @usableFromInline let zeros: SpeedZeros
    /// Lengths of the scaled curve times `scale` are the curve's.
    @usableFromInline let scale: Double

    @inlinable init(_ curve: CubicBezier) {
        let c = curve
        var e1 = c.p1.simd - c.p0.simd, e2 = c.p2.simd - c.p0.simd, e3 = c.p3.simd - c.p0.simd
        var factor = 1.0
        if !(Vector(e1).isFinite && Vector(e2).isFinite && Vector(e3).isFinite) {
            // Offsets beyond the largest Double: halve the points first (exact for such magnitudes).
            e1 = 0.5 * c.p1.simd - 0.5 * c.p0.simd
            e2 = 0.5 * c.p2.simd - 0.5 * c.p0.simd
            e3 = 0.5 * c.p3.simd - 0.5 * c.p0.simd
            factor = 2
        }
        let largest = max(max(abs(e1.x), abs(e1.y)), max(abs(e2.x), abs(e2.y)), max(abs(e3.x), abs(e3.y)))
        if factor == 1, largest == 0 || (largest >= 1e-60 && largest <= 1e60) {
            // Offsets within 1e±60 keep every square the quadrature forms far from overflow and
            // underflow: the curve is measured as it is.
            q = HodographQuadratic(c)
            scale = 1
        } else {
            // A power of two, so the scaling is exact: the offsets land in [−2, 2].
            let power = Double(sign: .plus, exponent: largest.exponent, significand: 1)
            scale = factor * power
            q = HodographQuadratic(CubicBezier(.zero, Point(e1 / power), Point(e2 / power), Point(e3 / power)))
        }
        zeros = SpeedZeros(q)
    }

    /// `∫_{t0}^{t1} |B'(t)| dt` within `accuracy` (negative for `t1 < t0`).
    @inlinable
    func length<Tally: SpeedEvaluationTally>(from t0: Double, to t1: Double, accuracy: Double, tally: inout Tally) -> Double {
        // NaN parameters give NaN, never endless recursion.
        guard t1 > t0 else {
            if t0 == t1 { return 0 }
            if t0.isNaN || t1.isNaN { return .nan }
            return -length(from: t1, to: t0, accuracy: accuracy, tally: &tally)
        }
        let a = 2 * t0 - 1, b = 2 * t1 - 1
        if a == -1 && b == 1 {
            return scale * q.integrate(zeros: zeros, accuracy: accuracy / scale, depth: 0, tally: &tally)
        }
        let (part, partZeros) = q.restricted(from: a, to: b, zeros: zeros)
        return scale * part.integrate(zeros: partZeros, accuracy: accuracy / scale, depth: 0, tally: &tally)
    }
}

/// The roots of the complex hodograph `Q(x) = qₓ(x) + i·q_y(x)` as points (re, im); a root beyond
/// reach (a degree lost, |z| past 1e100) is (+∞, 0).
@frozen @usableFromInline
struct SpeedZeros {
    @usableFromInline var z1, z2: SIMD2<Double>

    @inlinable init(z1: SIMD2<Double>, z2: SIMD2<Double>) {
        self.z1 = z1
        self.z2 = z2
    }

    /// Computed, not stored: a stored static is a lazy global, whose `swift_once` check a client
    /// that inlines the arc length would pay on every curve.
    @inlinable static var none: SIMD2<Double> { SIMD2(.infinity, 0) }

    /// The roots of `M₂x² + M₁x + M = 0` (complex coefficients), without cancellation:
    /// `s = −(M₁ + D)/2` with `D = √(M₁² − 4MM₂)` signed so that `|s|` is the larger, roots `s/M₂`
    /// and `M/s` (Numerical Recipes §5.6). The coefficients are first divided by their largest
    /// component, so nothing overflows.
    @inlinable init(_ q: HodographQuadratic) {
        let big = max(max(abs(q.m.x), abs(q.m.y)), max(abs(q.m1.x), abs(q.m1.y)), max(abs(q.m2.x), abs(q.m2.y)))
        guard big > 0, big.isFinite else {
            z1 = Self.none
            z2 = Self.none
            return
        }
        // A power of two: exact, and a multiplication (2^−e built directly, not divided: a
        // division here sits on the dependency chain before every rule). For `big` of biased
        // exponent E in 24…2045, 2^−e has biased exponent 2046 − E and is written from the bits:
        // `exponent` and `init(sign:exponent:significand:)` are calls into the Swift runtime from
        // a client that inlines this. Elsewhere (2^−e subnormal or past the largest Double) the
        // general forms, dividing for the subnormal `big` whose 2^−e would overflow.
        let biased = Int(truncatingIfNeeded: (big.bitPattern >> 52) & 0x7FF)
        let down: Double
        if biased > 23 && biased < 2046 {
            down = Double(bitPattern: UInt64(truncatingIfNeeded: 2046 - biased) << 52)
        } else if big.exponent > -1000 {
            down = Double(sign: .plus, exponent: -big.exponent, significand: 1)
        } else {
            down = 1 / Double(sign: .plus, exponent: big.exponent, significand: 1)
        }
        let m = q.m * down, m1 = q.m1 * down, m2 = q.m2 * down
        var d = complexSquareRoot(complexProduct(m1, m1) - 4 * complexProduct(m, m2))
        if m1.x * d.x + m1.y * d.y < 0 { d = -d }
        let s = -0.5 * (m1 + d)
        let s2 = (s * s).sum(), n2 = (m2 * m2).sum(), c2 = (m * m).sum()
        z1 = n2 > 1e-200 * s2 ? complexQuotient(s, m2) : Self.none
        z2 = s2 > 1e-200 * c2 ? complexQuotient(m, s) : Self.none
    }

    /// The roots seen from the sub-interval [a, b] mapped to [−1, 1]: `(z − c)/h`.
    @inlinable func restricted(center c: Double, halfWidth h: Double) -> SpeedZeros {
        let shift = SIMD2<Double>(c, 0)
        return SpeedZeros(z1: (z1 - shift) / h, z2: (z2 - shift) / h)
    }
}

/// `a·b` for complex numbers stored as (re, im).
@inlinable @inline(__always)
func complexProduct(_ a: SIMD2<Double>, _ b: SIMD2<Double>) -> SIMD2<Double> {
    SIMD2(a.x * b.x - a.y * b.y, a.x * b.y + a.y * b.x)
}

/// `a/b` for complex numbers (the caller guarantees `|b|²` is a normal number).
@inlinable @inline(__always)
func complexQuotient(_ a: SIMD2<Double>, _ b: SIMD2<Double>) -> SIMD2<Double> {
    let scale = 1 / (b * b).sum()
    return SIMD2(a.x * b.x + a.y * b.y, a.y * b.x - a.x * b.y) * scale
}

/// The principal square root of a complex number of moderate magnitude.
@inlinable @inline(__always)
func complexSquareRoot(_ w: SIMD2<Double>) -> SIMD2<Double> {
    let r = (w * w).sum().squareRoot()
    guard r > 0 else { return .zero }
    let u = r + abs(w.x)
    let t = (0.5 * u).squareRoot()
    // w.y/(2t) written as t·(w.y/u) (2t² = u): the division runs beside the square root
    // instead of after it, on a chain that precedes every rule.
    let q = w.y / u
    return w.x >= 0 ? SIMD2(t, q * t) : SIMD2(abs(q) * t, w.y < 0 ? -t : t)
}

/// `a² − 1` for the Bernstein ellipse (foci ±1) through `z`, `a` its semi-major axis; +∞ for a
/// root beyond reach (|z| > 1e8, where ρ ≈ 2|z| makes every rule's bound negligible) or on the
/// real axis within `tolerance` of an end or outside the interval, which is no singularity of the
/// integrand there (see `CubicBezier.arcLength(accuracy:)`).
///
/// With `P = |z − 1|·|z + 1|`: `a² = (1 + |z|² + P)/2`, so `a² − 1 = (|z|² − 1 + P)/2`, computed as
/// `2y²/(P + 1 − |z|²)` when `|z| < 1` (the same value, without cancellation).
@inlinable @inline(__always)
func ellipseExcess(_ z: SIMD2<Double>) -> Double {
    let x = z.x, y = z.y
    let s2 = x * x + y * y
    guard s2 <= 1e16 else { return .infinity }  // also a NaN root: no constraint
    if abs(y) <= 1e-9 && abs(x) >= 1 - 1e-9 { return .infinity }
    let u = (1 - x) * (1 - x) + y * y, w = (1 + x) * (1 + x) + y * y
    let p = (u * w).squareRoot()
    return s2 >= 1 ? 0.5 * (s2 - 1 + p) : 2 * y * y / (p + 1 - s2)
}

/// `B'(t)/3` of a cubic in the centred variable x = 2t − 1: `q(x) = m + x·m₁ + x²·m₂` (or of a
/// part of it, re-parameterized over [−1, 1] with the Jacobian folded in), with the
/// Gauss–Legendre rules for `1.5∫₋₁¹|q(x)| dx` (see `CubicBezier.arcLength(accuracy:)`).
@frozen @usableFromInline
struct HodographQuadratic {
    @usableFromInline let m, m1, m2: SIMD2<Double>

    @inlinable init(_ c: CubicBezier) {
        let d0 = c.p1.simd - c.p0.simd, d1 = c.p2.simd - c.p1.simd, d2 = c.p3.simd - c.p2.simd
        m = 0.25 * (d0 + 2 * d1 + d2)
        m1 = 0.5 * (d2 - d0)
        m2 = 0.25 * (d0 - 2 * d1 + d2)
    }

    @inlinable init(m: SIMD2<Double>, m1: SIMD2<Double>, m2: SIMD2<Double>) {
        self.m = m
        self.m1 = m1
        self.m2 = m2
    }

    /// The speed on [a, b] ⊂ [−1, 1] re-parameterized over [−1, 1], the Jacobian `h` folded in
    /// (so `1.5∫₋₁¹|q′|` is the length of that part), with its roots.
    @inlinable @inline(__always)
    func restricted(from a: Double, to b: Double, zeros: SpeedZeros) -> (HodographQuadratic, SpeedZeros) {
        let c = 0.5 * (a + b), h = 0.5 * (b - a)
        let at = m + c * (m1 + c * m2)
        let slope = m1 + (2 * c) * m2
        let part = HodographQuadratic(m: h * at, m1: (h * h) * slope, m2: (h * h * h) * m2)
        return (part, zeros.restricted(center: c, halfWidth: h))
    }

    /// The reciprocals of the constants Cₙ of the n-point error estimate `Cₙ·K·ρ^(−2n)`, for the
    /// 4-, 8-, 12-, 16- and 24-point rules (see `CubicBezier.arcLength(accuracy:)`). Computed, not
    /// stored: a stored static is a lazy global.
    @inlinable static var estimateDivisors: (Double, Double, Double, Double, Double) { (20, 64, 128, 200, 400) }

    /// What the rule choice reads on this piece, given the ellipse excess `e` (finite) of its
    /// nearer speed zero: `K = 1.5·(64/15)·size`, where `size` bounds |q| on the Bernstein ellipse
    /// through that zero, that ellipse's `ρ²`, and the rounding floor
    /// (`CubicBezier.arcLengthRoundingFloor` of a bound on the piece's length).
    @inlinable @inline(__always)
    func estimateTerms(excess e: Double) -> (k: Double, rho2: Double, floor: Double) {
        let l1 = abs(m.x) + abs(m.y), l2 = abs(m1.x) + abs(m1.y), l3 = abs(m2.x) + abs(m2.y)
        // ρ² from a² = 1 + e: ρ = a + √(a² − 1). `size` bounds |q| on the ellipse (|z| ≤ a, and
        // a ≤ (1 + a²)/2); the 1-norms bound the Euclidean ones.
        let a2 = 1 + e
        let rho2 = 1 + 2 * e + 2 * (e * a2).squareRoot()
        let size = l1 + l2 * (0.5 * (1 + a2)) + l3 * a2
        // The floor's 16 ulps as a literal (a stored static is a lazy global).
        return (1.5 * (64.0 / 15) * size, rho2, (16 * Double.ulpOfOne) * 3 * (l1 + l2 + l3))
    }

    /// The estimated error of the 4-, 8-, 12-, 16- and 24-point rules on this piece, in that
    /// order; nil where no zero of the speed is within reach (the 4-point rule is taken as exact).
    func estimatedRuleErrors(zeros: SpeedZeros) -> [Double]? {
        let e = min(ellipseExcess(zeros.z1), ellipseExcess(zeros.z2))
        guard e < .infinity else { return nil }
        let (k, rho2, _) = estimateTerms(excess: e)
        let d = Self.estimateDivisors
        let p4 = (rho2 * rho2) * (rho2 * rho2), p8 = p4 * p4
        return zip([d.0, d.1, d.2, d.3, d.4], [p4, p8, p8 * p4, p8 * p8, p8 * p8 * p8]).map { k / ($0 * $1) }
    }

    /// `1.5∫₋₁¹|q(x)| dx` within `accuracy` (see `CubicBezier.arcLength(accuracy:)`): the smallest
    /// rule whose estimated error meets the accuracy, else a split.
    @inlinable
    func integrate<Tally: SpeedEvaluationTally>(zeros: SpeedZeros, accuracy: Double, depth: Int, tally: inout Tally) -> Double {
        let e1 = ellipseExcess(zeros.z1), e2 = ellipseExcess(zeros.z2)
        let nearest = e1 <= e2 ? zeros.z1 : zeros.z2
        let e = min(e1, e2)
        // No singularity within reach: |q| is a polynomial of degree ≤ 2 there, or nearly (ρ > 2e8).
        if e == .infinity {
            tally.add(4)
            return gauss4()
        }
        let (k, rho2, floor) = estimateTerms(excess: e)
        let tolerance = max(accuracy, floor)
        // The n-point estimate Cₙ·K·ρ^(−2n) ≤ tolerance, compared as K ≤ tolerance·ρ^(2n)/Cₙ: no
        // division on the way (ρ^(2n) may overflow to +∞, which accepts; a NaN accepts nothing).
        let d = Self.estimateDivisors
        let p2 = rho2 * rho2, p4 = p2 * p2, p8 = p4 * p4
        // Short, smooth pieces (the increments of the inverse, a table's checks) take 4 points.
        if k <= tolerance * (d.0 * p4) {
            tally.add(4)
            return gauss4()
        }
        if k <= tolerance * (d.1 * p8) {
            tally.add(8)
            return gauss8()
        }
        if k <= tolerance * (d.2 * (p8 * p4)) {
            tally.add(12)
            return gauss12()
        }
        let p16 = p8 * p8
        if k <= tolerance * (d.3 * p16) {
            tally.add(16)
            return gauss16()
        }
        // A NaN estimate (not expected from finite coefficients) must not subdivide to the cap.
        if k <= tolerance * (d.4 * (p16 * p8)) || depth >= CubicBezier.maximumArcLengthDepth || !(k >= 0 && tolerance >= 0) {
            tally.add(24)
            return gauss24()
        }
        // Split at the nearest root's real part when it lies well inside (a cusp then sits on
        // the ends of both halves), else in the middle.
        let split = abs(nearest.y) <= 0.5 && abs(nearest.x) <= 0.75 ? nearest.x : 0
        let left = 0.5 * (1 + split)
        let (a, za) = restricted(from: -1, to: split, zeros: zeros)
        let (b, zb) = restricted(from: split, to: 1, zeros: zeros)
        return a.integrate(zeros: za, accuracy: left * accuracy, depth: depth + 1, tally: &tally)
            + b.integrate(zeros: zb, accuracy: (1 - left) * accuracy, depth: depth + 1, tally: &tally)
    }

    /// `|q(x)| + |q(−x)|`.
    @inlinable @inline(__always) func pair(_ x: Double) -> Double {
        let even = m + (x * x) * m2, odd = x * m1
        let a = even + odd, b = even - odd
        // Both square roots in one two-lane instruction.
        let speeds = SIMD2(a.x * a.x + a.y * a.y, b.x * b.x + b.y * b.y).squareRoot()
        return speeds.x + speeds.y
    }

    @inlinable func gauss4() -> Double {
        let x = GaussLegendre.nodes4, w = GaussLegendre.weights4
        return 1.5 * (w.0 * pair(x.0) + w.1 * pair(x.1))
    }

    @inlinable func gauss8() -> Double {
        let x = GaussLegendre.nodes8, w = GaussLegendre.weights8
        var sum = w.0 * pair(x.0)
        sum += w.1 * pair(x.1)
        sum += w.2 * pair(x.2)
        sum += w.3 * pair(x.3)
        return 1.5 * sum
    }

    @inlinable func gauss12() -> Double {
        let x = GaussLegendre.nodes12, w = GaussLegendre.weights12
        var a = w.0 * pair(x.0), b = w.1 * pair(x.1)
        a += w.2 * pair(x.2)
        b += w.3 * pair(x.3)
        a += w.4 * pair(x.4)
        b += w.5 * pair(x.5)
        return 1.5 * (a + b)
    }

    @inlinable func gauss16() -> Double {
        let x = GaussLegendre.nodes16, w = GaussLegendre.weights16
        var a = w.0 * pair(x.0), b = w.1 * pair(x.1)
        a += w.2 * pair(x.2)
        b += w.3 * pair(x.3)
        a += w.4 * pair(x.4)
        b += w.5 * pair(x.5)
        a += w.6 * pair(x.6)
        b += w.7 * pair(x.7)
        return 1.5 * (a + b)
    }

    @inlinable func gauss24() -> Double {
        let x = GaussLegendre.nodes24, w = GaussLegendre.weights24
        var a = w.0 * pair(x.0), b = w.1 * pair(x.1)
        a += w.2 * pair(x.2)
        b += w.3 * pair(x.3)
        a += w.4 * pair(x.4)
        b += w.5 * pair(x.5)
        a += w.6 * pair(x.6)
        b += w.7 * pair(x.7)
        a += w.8 * pair(x.8)
        b += w.9 * pair(x.9)
        a += w.10 * pair(x.10)
        b += w.11 * pair(x.11)
        return 1.5 * (a + b)
    }
}
