import Foundation

extension DampedSpring {
    /// The exact state transition `Φ(t) = exp(A·t)`, `A = [[0, 1], [−ω₀², −2λ]]`, so that
    /// `(x(t), v(t)) = Φ(t)·(x₀, v₀)` for every initial displacement and velocity.
    ///
    /// With `C(t)`, `S(t)` = `cos(ω_d t)`, `sin(ω_d t)/ω_d` (underdamped), `1`, `t` (critical),
    /// `cosh(μt)`, `sinh(μt)/μ` (overdamped):
    ///
    ///     Φ(t) = e^(−λt) · [[C + λS,  S], [−ω₀²·S,  C − λS]]
    ///
    /// Numerically sound in every regime, continuous through ζ = 1:
    /// - underdamped: `S = t·sinc(ω_d t)`, by its Taylor series when `ω_d·t < 1e-3` (error
    ///   below 1e-19 relative), so ζ → 1⁻ tends to the critical formula without `0/0`;
    /// - overdamped (and critical, `μ = 0`): no `cosh`/`sinh` (they overflow and cancel).
    ///   With the slow rate `s = λ − μ = ω₀²/(λ + μ)` (no cancellation at large ζ) and
    ///   `φ(z) = −expm1(−z)/z` (→ 1 at z = 0, accurate for every z ≥ 0):
    ///   `e^(−λt)·S = e^(−st)·t·φ(2μt)`, `e^(−λt)(C + λS) = e^(−st)(1 + s·t·φ)`, and
    ///   `e^(−λt)(C − λS)` is `e^(−st)(1 − (λ + μ)·t·φ)` for `2μt ≤ 1`, else
    ///   `e^(−st)(−s + (λ + μ)e^(−2μt))/(2μ)`. Every term is bounded, so nothing overflows at
    ///   large `t` (it underflows to 0) and ζ = 5000 keeps full precision.
    ///
    /// Times `t ≤ 0` (and NaN) give the identity: a motion has not started before t = 0. Every
    /// entry is finite for every `t`, up to `.infinity` (clamped to the largest finite time).
    ///
    /// - Complexity: O(1): one `exp` and one `sineCosine(_:)` (underdamped) or two `exp`s.
    @inlinable
    public func transition(over time: Double) -> StateMatrix {
        guard time > 0 else { return .identity }
        let t = min(time, .greatestFiniteMagnitude)
        let lambda = decayRate
        let omega2 = stiffnessPerMass
        let q = frequencySpread
        if dampingRatio < 1 {
            let envelope = lambda == 0 ? 1 : exp(-lambda * t)
            // Past ~1e308 rad the phase carries no information (an ulp of t exceeds the
            // period long before); keep it finite.
            let z = min(q * t, .greatestFiniteMagnitude)
            let eC: Double, eS: Double
            if z < 1e-3 {
                let z2 = z * z
                eC = envelope * (1 - z2 * (0.5 - z2 / 24))
                eS = envelope * t * (1 - z2 * (1.0 / 6 - z2 / 120))
            } else {
                // One argument reduction for both (see sineCosine): 1 ulp of glibc, and faster.
                let phase = sineCosine(z)
                eC = envelope * phase.cos
                eS = envelope * (phase.sin / q)
            }
            return StateMatrix(m11: eC + lambda * eS, m12: eS, m21: -omega2 * eS, m22: eC - lambda * eS)
        }
        // Overdamped, or exactly critical (q == 0). w = t·φ(2qt) = −expm1(−2qt)/(2q) ≤ min(t, 1/(2q)).
        let slow = omega2 / (lambda + q)
        let logEnvelope = -slow * t
        let es = exp(logEnvelope)
        let z = 2 * q * t
        let w = z < 1e-300 ? t : -expm1(-z) / (2 * q)
        // e^(−st)·w, in logs so a huge t (w up to 1e308) times an underflowed e^(−st) is 0, not NaN.
        let eS = exp(logEnvelope + log(w))
        let m22: Double
        if z <= 1 {
            m22 = es - (lambda + q) * eS
        } else {
            m22 = es * (-slow + (lambda + q) * exp(-z)) / (2 * q)
        }
        return StateMatrix(m11: es + slow * eS, m12: eS, m21: -omega2 * eS, m22: m22)
    }
}

/// The exact one-step propagator of a spring for a fixed step: `exp(A·h)` computed once, then
/// every step is a 2 × 2 matrix–vector product (4 multiplies, 2 adds per axis).
///
/// Exact up to rounding: the only error is the rounding of the matrix entries (≲ 1e-16
/// relative) and of each product, growing like `√n·ε` over `n` steps for a damped spring.
public struct SpringPropagator: Sendable, Hashable {
    public let spring: DampedSpring
    /// The step `h` (s).
    public let step: Double
    /// `Φ(h) = exp(A·h)`.
    public let matrix: StateMatrix

    /// - Throws: ``SpringError/invalidParameter(name:value:expected:)`` if `step` is not a
    ///   positive finite number.
    public init(spring: DampedSpring, step: Double) throws {
        self.spring = spring
        self.step = try Check.positive(step, "step")
        self.matrix = spring.transition(over: step)
    }

    /// Advances a state by one step `h`.
    @inlinable
    public func advance<V: SpringVector>(_ state: inout SpringState<V>) {
        state = matrix.applied(to: state)
    }

    /// Advances a state by `steps` steps `h` in a row (none when `steps ≤ 0`): the same
    /// result, bit for bit, as calling ``advance(_:)`` `steps` times.
    ///
    /// - Complexity: O(`steps`).
    @inlinable
    public func advance<V: SpringVector>(_ state: inout SpringState<V>, steps: Int) {
        for _ in 0..<max(steps, 0) { advance(&state) }
    }

    /// Advances a 1-D state by `steps` steps `h` in a row (none when `steps ≤ 0`): the same
    /// result, bit for bit, as calling ``advance(_:)`` `steps` times.
    ///
    /// Each step waits for the last, so the loop runs at the latency of one step. Written as
    /// two scalar rows, the compiler packs them into one two-lane vector and swaps its lanes
    /// every step (`vshufpd` on the dependency chain: 1 + 3 + 3 cycles a step, where the scalar
    /// rows take 3 + 3). Built for AVX (x86-64-v3 and up, where `scripts/bench.sh` defines
    /// `FLIGHTLINE_X86_64_V3`/`_V4`), the state is carried twice instead, as `(x, v)` and
    /// `(v, x)`: each step computes both from both with the same products and sums, in the
    /// same order, as ``StateMatrix/applied(to:)`` (so the same roundings), and no lane is
    /// swapped. On baseline x86-64 (SSE2) the compiler splits that form into lane shuffles
    /// (slower than the plain loop), so it keeps the loop of single steps.
    ///
    /// - Complexity: O(`steps`).
    @inlinable
    public func advance(_ state: inout SpringState<Double>, steps: Int) {
        #if FLIGHTLINE_X86_64_V3 || FLIGHTLINE_X86_64_V4
        guard steps > 0 else { return }
        let diagonal = SIMD2(matrix.m11, matrix.m22), offDiagonal = SIMD2(matrix.m12, matrix.m21)
        let swappedDiagonal = SIMD2(matrix.m22, matrix.m11), swappedOffDiagonal = SIMD2(matrix.m21, matrix.m12)
        var forward = SIMD2(state.displacement, state.velocity)
        var backward = SIMD2(state.velocity, state.displacement)
        for _ in 0..<steps {
            // Lane by lane: x₁ = m11·x + m12·v and v₁ = m22·v + m21·x (= m21·x + m22·v: a sum of
            // two terms rounds the same in either order).
            let next = diagonal * forward + offDiagonal * backward
            backward = swappedDiagonal * backward + swappedOffDiagonal * forward
            forward = next
        }
        state = SpringState(displacement: forward.x, velocity: forward.y)
        #else
        for _ in 0..<max(steps, 0) { advance(&state) }
        #endif
    }
}
