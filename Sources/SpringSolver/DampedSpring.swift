/// A damped harmonic oscillator `m·x″ + c·x′ + k·x = 0`: the physical spring behind every
/// vocabulary in this module.
///
/// Validated on creation: mass `m > 0`, stiffness `k > 0`, damping `c ≥ 0`, all finite.
/// Stiffness must be strictly positive (as `CASpringAnimation` documents: "Must be greater than
/// 0"): with `k = 0` there is no equilibrium to return to, and the damping ratio
/// `c / (2√(km))` and the natural frequency would be undefined.
///
/// ```swift
/// let spring = try DampedSpring(mass: 1, stiffness: 100, damping: 10)
/// spring.dampingRatio      // 0.5
/// spring.naturalFrequency  // 10 rad/s
/// spring.regime            // .underdamped
/// ```
public struct DampedSpring: Sendable, Hashable, CustomStringConvertible {
    /// Mass `m` (> 0).
    public let mass: Double
    /// Stiffness `k` (> 0), force per unit displacement.
    public let stiffness: Double
    /// Damping coefficient `c` (≥ 0), force per unit velocity.
    public let damping: Double

    /// Natural (undamped angular) frequency `ω₀ = √(k/m)`, in rad/s.
    public let naturalFrequency: Double
    /// Damping ratio `ζ = c / (2√(km))`: below 1 the spring oscillates, above 1 it creeps.
    public let dampingRatio: Double
    /// Decay rate `λ = c / (2m) = ζ·ω₀` (1/s): the envelope of the motion is `e^(−λt)`.
    public let decayRate: Double
    /// `q = ω₀·√|1 − ζ²|`: the damped frequency `ω_d` when underdamped, the spread `μ` of the
    /// two real decay rates `λ ± μ` when overdamped, 0 when exactly critical.
    ///
    /// Computed as `ω₀·√|1 − ζ|·√(1 + ζ)`, so near ζ = 1 it does not suffer the cancellation of
    /// `√(ω₀² − λ²)`, and for huge ζ (up to the largest finite) no intermediate overflows.
    public let frequencySpread: Double

    /// Relative tolerance on `|ζ − 1|` within which ``regime`` reports `.criticallyDamped`.
    ///
    /// The label only: the motion formulas are continuous through ζ = 1, so nothing depends on
    /// it numerically. 1e-6 absorbs the rounding of vocabulary conversions (a SwiftUI spring
    /// with `bounce: 0` comes out at ζ = 1 ± a few ulps) while any deliberate
    /// choice such as ζ = 0.999 stays underdamped.
    public static let criticalDampingTolerance = 1e-6

    /// Creates a spring from its physical parameters.
    ///
    /// - Throws: ``SpringError/invalidParameter(name:value:expected:)`` if `mass` or
    ///   `stiffness` is not a positive finite number or `damping` is negative or not finite.
    public init(mass: Double = 1, stiffness: Double, damping: Double) throws {
        self.mass = try Check.positive(mass, "mass")
        self.stiffness = try Check.positive(stiffness, "stiffness")
        self.damping = try Check.nonNegative(damping, "damping")
        let given = SpringError.describe([("mass", mass), ("stiffness", stiffness), ("damping", damping)])
        let naturalFrequency = (stiffness / mass).squareRoot()
        // √k·√m when k·m overflows or underflows (k, m ~ 1e200 or 1e-200) where ζ does not.
        let product = stiffness * mass
        let rootOfProduct = product.isNormal ? product.squareRoot() : stiffness.squareRoot() * mass.squareRoot()
        let dampingRatio = damping / (2 * rootOfProduct)
        // ω₀² (k/m as the integrators use it) must be finite and positive too.
        let omega2 = naturalFrequency * naturalFrequency
        guard naturalFrequency.isFinite, naturalFrequency > 0, omega2.isFinite, omega2 > 0 else {
            // e.g. mass 1e-320 with stiffness 300: each finite, the ratio not.
            throw SpringError.outOfRange(values: given, reason: SpringError.derivedFailure(
                "stiffness per mass k/m", naturalFrequency.isFinite && omega2.isFinite ? 0 : .infinity))
        }
        guard dampingRatio.isFinite else {
            throw SpringError.outOfRange(values: given, reason: SpringError.derivedFailure("damping ratio", .infinity))
        }
        // √|1 − ζ|·√(1 + ζ), not √(|1 − ζ|·(1 + ζ)): the product overflows for ζ ≳ 1e154,
        // the factors never do (√ halves the exponent), and q ≈ ζω₀ = λ stays finite.
        let spread = naturalFrequency * abs(1 - dampingRatio).squareRoot() * (1 + dampingRatio).squareRoot()
        let decayRate = damping / (2 * mass)
        // c/m = 2λ (the integrators' γ) must be finite too.
        // λ + μ (the overdamped fast rate, ≤ 2λ but rounded) must be finite too: the closed
        // form divides by it.
        guard decayRate.isFinite, (2 * decayRate).isFinite, spread.isFinite, (decayRate + spread).isFinite else {
            // e.g. mass 1e-10 with damping 1e300: each finite, the rate c/(2m) not.
            throw SpringError.outOfRange(values: given, reason: SpringError.derivedFailure("damping per mass c/m", .infinity))
        }
        self.naturalFrequency = naturalFrequency
        self.dampingRatio = dampingRatio
        self.decayRate = decayRate
        self.frequencySpread = spread
    }

    /// Creates a spring from mass, natural frequency `ω₀` and damping ratio `ζ`
    /// (`k = m·ω₀²`, `c = 2ζ·m·ω₀`).
    public init(mass: Double = 1, naturalFrequency: Double, dampingRatio: Double) throws {
        let mass = try Check.positive(mass, "mass")
        let omega = try Check.positive(naturalFrequency, "natural frequency")
        let zeta = try Check.nonNegative(dampingRatio, "damping ratio")
        let stiffness = mass * omega * omega, damping = 2 * zeta * mass * omega
        let given = SpringError.describe([("mass", mass), ("natural-frequency", omega), ("damping-ratio", zeta)])
        guard stiffness.isFinite, stiffness > 0 else {
            throw SpringError.outOfRange(values: given, reason: SpringError.derivedFailure("stiffness m·ω₀²", stiffness))
        }
        guard damping.isFinite else {
            throw SpringError.outOfRange(values: given, reason: SpringError.derivedFailure("damping 2ζ·m·ω₀", damping))
        }
        try self.init(mass: mass, stiffness: stiffness, damping: damping)
    }

    /// The three damping regimes.
    public enum Regime: String, Sendable, CaseIterable {
        case underdamped, criticallyDamped = "critically-damped", overdamped
    }

    /// The regime, with `|ζ − 1| ≤` ``criticalDampingTolerance`` reported as critical.
    public var regime: Regime {
        if abs(dampingRatio - 1) <= Self.criticalDampingTolerance { return .criticallyDamped }
        return dampingRatio < 1 ? .underdamped : .overdamped
    }

    public var isUnderdamped: Bool { regime == .underdamped }
    public var isCriticallyDamped: Bool { regime == .criticallyDamped }
    public var isOverdamped: Bool { regime == .overdamped }
    /// No damping at all (`c = 0`): the motion oscillates forever.
    public var isUndamped: Bool { damping == 0 }

    /// Damped angular frequency `ω_d = ω₀√(1 − ζ²)` (rad/s), 0 unless underdamped.
    public var dampedFrequency: Double { dampingRatio < 1 ? frequencySpread : 0 }

    /// Undamped period `2π/ω₀` (s): SwiftUI's `response` and perceptual `duration`.
    public var period: Double { 2 * Double.pi / naturalFrequency }

    /// `k/m = ω₀²`, the acceleration per unit displacement.
    public var stiffnessPerMass: Double { naturalFrequency * naturalFrequency }
    /// `c/m = 2λ`, the acceleration per unit velocity.
    public var dampingPerMass: Double { 2 * decayRate }

    /// Mechanical energy `½·m·|v|² + ½·k·|x|²` of a state (displacement from equilibrium).
    @inlinable
    public func energy<V: SpringVector>(of state: SpringState<V>) -> Double {
        0.5 * mass * squaredNorm(state.velocity) + 0.5 * stiffness * squaredNorm(state.displacement)
    }

    /// Acceleration `a = −(k/m)·x − (c/m)·v` at a state.
    @inlinable
    public func acceleration<V: SpringVector>(displacement: V, velocity: V) -> V {
        (-stiffnessPerMass) * displacement - dampingPerMass * velocity
    }

    public var description: String {
        "DampedSpring(mass: \(mass), stiffness: \(stiffness), damping: \(damping); ζ = \(dampingRatio), ω₀ = \(naturalFrequency) rad/s, \(regime.rawValue))"
    }
}
