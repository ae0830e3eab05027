/// The exact motion of a spring released at `t = 0` from an absolute position with a velocity,
/// pulled toward a target (its equilibrium).
///
/// Positions are absolute (points, say) and velocities are in position units per second, of
/// any ``SpringVector`` type: `Double` for a 1-D motion, `SIMD2<Double>` for a 2-D one.
///
/// ```swift
/// let spring = try DampedSpring(mass: 1, stiffness: 100, damping: 10)
/// let motion = try SpringMotion(spring: spring, from: 667.0, to: 459.0)
/// motion.position(at: 0.1)   // 459 + 208·e^(−0.5)·(cos(0.866) + 0.577·sin(0.866)) ≈ 596.2
/// ```
public struct SpringMotion<V: SpringVector>: Sendable, Equatable {
    public let spring: DampedSpring
    /// Where the motion starts (absolute).
    public let initialPosition: V
    /// Where it comes to rest: the spring's equilibrium (absolute).
    public let target: V
    /// The velocity at `t = 0` (position units per second).
    public let initialVelocity: V

    /// - Throws: ``SpringError/invalidParameter(name:value:expected:)`` if any component is
    ///   not finite.
    public init(spring: DampedSpring, from initialPosition: V, to target: V, initialVelocity: V = .zero) throws {
        self.spring = spring
        self.initialPosition = try Check.finite(initialPosition, "from")
        self.target = try Check.finite(target, "to")
        self.initialVelocity = try Check.finite(initialVelocity, "velocity")
        guard isFinite(initialPosition - target) else {
            throw SpringError.invalidParameter(
                name: "distance", value: norm(initialPosition - target), expected: "a finite number")
        }
    }

    /// The state at `t = 0`, relative to the target.
    @inlinable
    public var initialState: SpringState<V> {
        SpringState(displacement: initialPosition - target, velocity: initialVelocity)
    }

    /// `|from − to|`: the distance the motion covers (its natural scale for tolerances).
    public var distance: Double { norm(initialPosition - target) }

    /// Displacement and velocity at time `t` (s) from the closed form
    /// (``DampedSpring/transition(over:)``); `t ≤ 0` gives the initial state.
    ///
    /// Error: a few ulps of `|x₀| + |v₀|·t` times the envelope, in every regime.
    @inlinable
    public func state(at t: Double) -> SpringState<V> {
        spring.transition(over: t).applied(to: initialState)
    }

    /// Absolute position at time `t`.
    @inlinable
    public func position(at t: Double) -> V {
        let matrix = spring.transition(over: t)
        return target + (matrix.m11 * (initialPosition - target) + matrix.m12 * initialVelocity)
    }

    /// Velocity at time `t`.
    @inlinable
    public func velocity(at t: Double) -> V {
        let matrix = spring.transition(over: t)
        return matrix.m21 * (initialPosition - target) + matrix.m22 * initialVelocity
    }

    /// The same motion restarted from another state: the starting point of a following motion
    /// (e.g. the menu's dismiss spring starting wherever the show spring is).
    public func retargeted(to newTarget: V, at t: Double, spring newSpring: DampedSpring? = nil) throws -> SpringMotion<V> {
        let current = state(at: t)
        return try SpringMotion(
            spring: newSpring ?? spring, from: target + current.displacement, to: newTarget,
            initialVelocity: current.velocity)
    }
}
