import Foundation

extension DampedSpring {
    /// The estimated duration for the spring to be considered at rest, like
    /// `CASpringAnimation.settlingDuration`: for a unit displacement released at rest, the time
    /// after which the motion stays within 0.001 of the target.
    ///
    /// Definition (``settlingDuration(displacement:velocity:epsilon:)`` with `|x₀| = 1`,
    /// `v₀ = 0`, `ε = 0.001`): the motion is `x(t) = e^(−λt)(x₀·C(t) + (v₀ + λx₀)·S(t))` (see
    /// ``transition(over:)``), so by the triangle inequality
    ///
    ///     |x(t)| ≤ E(t) = e^(−λt)·(|x₀|·C⁺(t) + |v₀ + λx₀|·S⁺(t))
    ///
    /// with `C⁺ = 1`, `S⁺ = min(t, 1/ω_d)` when underdamped and `C⁺ = cosh μt`,
    /// `S⁺ = sinh(μt)/μ` otherwise (`t` when critical). The settling duration is the last time
    /// `E(t) = ε`; after it `E`, hence the motion, stays below `ε`.
    ///
    /// This reproduces Apple's documented examples for mass 1, stiffness 100 (developer.apple.com,
    /// CASpringAnimation.settlingDuration): damping 5 gives `ln(1000·(1 + 2.5/9.682))/2.5 =
    /// 2.857 s` ("approximately 2.85 seconds") and damping 15 gives 1.022 s ("just over 1
    /// second"), which the plain envelope `ln(1000)/λ` (2.76 s, 0.92 s) does not. Apple does not
    /// publish its formula: this is the bound that matches its figures. The `min(t, 1/ω_d)`
    /// refinement (inactive in Apple's examples) keeps the bound finite and continuous as
    /// ζ → 1⁻, where `1/ω_d` alone would blow up.
    ///
    /// Undamped springs never settle: `.infinity`.
    public var settlingDuration: Double {
        settlingDuration(displacement: 1, velocity: 0, epsilon: 0.001)
    }

    /// The time after which a motion from displacement `x₀` and velocity `v₀` stays within
    /// `epsilon` (same units as `x₀`) of the target, by the envelope bound of
    /// ``settlingDuration``. 0 if the bound never exceeds `epsilon`; `.infinity` if undamped
    /// and the motion ever leaves `epsilon`.
    ///
    /// - Complexity: O(1) in the spring, about 300 evaluations of the bound (bisection to
    ///   1e-12 relative).
    public func settlingDuration<V: SpringVector>(displacement: V, velocity: V, epsilon: Double = 0.001) -> Double {
        let logA = Self.logNorm(displacement, 1, .zero, 0)
        let logB = Self.logNorm(velocity, 1, displacement, decayRate)
        return lastCrossing(logAmplitudes: logA, logB, below: epsilon)
    }

    /// `ln |p·x + q·y|`, finite even where `p·x + q·y` overflows (a displacement of 1e308 times
    /// a decay rate of 10): each vector is scaled by a power of two near its largest
    /// component and each factor's exponent is folded in exactly, so no intermediate
    /// overflows. `-∞` for a zero result.
    static func logNorm<V: SpringVector>(_ x: V, _ p: Double, _ y: V, _ q: Double) -> Double {
        let direct = norm(p * x + q * y)
        // Underflow is harmless (an amplitude below 1e-308 settles at once): only overflow
        // needs the scaled form.
        if direct.isFinite || !isFinite(x) || !isFinite(y) || !p.isFinite || !q.isFinite { return log(direct) }
        func largest(_ v: V) -> Double {
            (0..<v.springComponentCount).reduce(0.0) { max($0, abs(v.springComponent($1))) }
        }
        // Term k is 2^(eₖ)·fₖ·Vₖ with |Vₖ| components ≤ 1 … 2 and |fₖ| in [1, 2).
        var terms: [(exponent: Int, factor: Double, vector: V)] = []
        for (v, f) in [(x, p), (y, q)] {
            let size = largest(v)
            guard size > 0, f != 0, size.isFinite, f.isFinite else { continue }
            let vectorExponent = size.exponent
            // 2^(−e) in two halves: 2^1074 itself is not a finite double.
            let half = Double(sign: .plus, exponent: -vectorExponent / 2, significand: 1)
            let rest = Double(sign: .plus, exponent: -vectorExponent - (-vectorExponent / 2), significand: 1)
            terms.append((vectorExponent + f.exponent, Double(sign: f.sign, exponent: 0, significand: f.significand), rest * (half * v)))
        }
        guard let top = terms.map(\.exponent).max() else { return -.infinity }
        var sum = V.zero
        for term in terms {
            // 2^(e − top) ≤ 1: underflows to 0 only for terms too small to matter.
            let weight = Double(sign: .plus, exponent: max(term.exponent - top, -1074), significand: 1)
            sum = sum + (weight * term.factor) * term.vector
        }
        let scaledNorm = norm(sum)
        return scaledNorm > 0 ? log(scaledNorm) + Double(top) * M_LN2 : -.infinity
    }

    /// `ln E(t)` for `E(t) = e^(−λt)(a·C⁺(t) + b·S⁺(t))`, computed in logs so it never
    /// underflows, and never overflows to NaN at huge `t` (up to the largest finite time).
    func logEnvelope(_ a: Double, _ b: Double, at t: Double) -> Double {
        logEnvelope(logA: a > 0 ? log(a) : -.infinity, logB: b > 0 ? log(b) : -.infinity, at: t)
    }

    func logEnvelope(logA: Double, logB: Double, at t: Double) -> Double {
        let lambda = decayRate, q = frequencySpread
        if dampingRatio < 1 {
            let sine = q == 0 ? t : min(t, 1 / q)
            return -lambda * t + Self.logSum(logA: logA, logB: logB, sine)
        }
        let slow = stiffnessPerMass / (lambda + q)
        let z = 2 * q * t
        // e^(−λt)·cosh μt = e^(−st)·(1 + e^(−2μt))/2 ; e^(−λt)·sinh(μt)/μ = e^(−st)·w with
        // w = t·φ(2μt) = −expm1(−2μt)/(2μ) ≤ min(t, 1/(2μ)) (t when critical).
        let w = z < 1e-300 ? t : -expm1(-z) / (2 * q)
        // a·(1 + e^(−z))/2, in logs.
        return -slow * t + Self.logSum(logA: logA + log1p(exp(-z)) - M_LN2, logB: logB, w)
    }

    /// `ln(a + b·w)` for `a, b, w ≥ 0`, in logs: `b·w` may overflow (critical damping at
    /// `t` ≈ 1e308), its log does not.
    static func logSum(_ a: Double, _ b: Double, _ w: Double) -> Double {
        logSum(logA: a > 0 ? log(a) : -.infinity, logB: b > 0 ? log(b) : -.infinity, w)
    }

    /// `ln(e^logA + e^logB·w)`: the amplitudes as logs, so amplitudes beyond the largest finite
    /// number (a start at 1e308 pt times a rate) still give a finite envelope.
    static func logSum(logA: Double, logB: Double, _ w: Double) -> Double {
        let first = logA
        let second = logB > -.infinity && w > 0 ? logB + log(w) : -Double.infinity
        let high = max(first, second), low = min(first, second)
        guard high > -.infinity else { return -.infinity }
        return high + log1p(exp(low - high))
    }

    /// The last `t` with `E(t) = epsilon` (`ln E` is unimodal: it is concave, or decreasing).
    func lastCrossing(ofEnvelopeWith a: Double, _ b: Double, below epsilon: Double) -> Double {
        guard a.isFinite, b.isFinite else { return .nan }
        return lastCrossing(logAmplitudes: a > 0 ? log(a) : -.infinity, b > 0 ? log(b) : -.infinity, below: epsilon)
    }

    /// ``lastCrossing(ofEnvelopeWith:_:below:)`` with the amplitudes as logs (`-∞` for 0), so
    /// amplitudes beyond the largest finite number are handled.
    func lastCrossing(logAmplitudes logA: Double, _ logB: Double, below epsilon: Double) -> Double {
        guard epsilon > 0, !logA.isNaN, !logB.isNaN, logA < .infinity, logB < .infinity else { return .nan }
        if logA == -.infinity && logB == -.infinity { return 0 }
        let target = log(epsilon)
        func envelope(at t: Double) -> Double { logEnvelope(logA: logA, logB: logB, at: t) }
        if decayRate == 0 {
            // Undamped: |x| ≤ a + b/ω₀ forever, and reaches about that much every period.
            return Self.logSum(logA: logA, logB: logB, 1 / naturalFrequency) <= target ? 0 : .infinity
        }
        let slowest = dampingRatio < 1 ? decayRate : stiffnessPerMass / (decayRate + frequencySpread)
        // An upper bracket: below epsilon and decreasing.
        var high = 1 / slowest
        var guardCount = 0
        while guardCount < 2000 {
            let here = envelope(at: high)
            let later = envelope(at: high * 1.0001)
            if here < target && later <= here { break }
            high *= 2
            guardCount += 1
        }
        guard high.isFinite else { return .infinity }
        // The peak of ln E on [0, high], by golden-section search.
        var lo = 0.0, hi = high
        let ratio = (5.0.squareRoot() - 1) / 2
        for _ in 0..<200 where hi - lo > 1e-15 * high {
            let m1 = hi - ratio * (hi - lo), m2 = lo + ratio * (hi - lo)
            if envelope(at: m1) < envelope(at: m2) { lo = m1 } else { hi = m2 }
        }
        let peak = (lo + hi) / 2
        let start = envelope(at: 0) >= envelope(at: peak) ? 0 : peak
        if envelope(at: start) <= target { return 0 }
        // Bisection on the decreasing branch [start, high].
        lo = start
        hi = high
        for _ in 0..<200 where hi - lo > 1e-13 * hi {
            let mid = (lo + hi) / 2
            if envelope(at: mid) > target { lo = mid } else { hi = mid }
        }
        return (lo + hi) / 2
    }
}
