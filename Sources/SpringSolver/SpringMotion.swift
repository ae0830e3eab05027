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
            throw SpringError.outOfRange(
                values: "--from \(describe(initialPosition)) --to \(describe(target))",
                reason: "the distance to − from overflows the largest finite number (1.8e308)")
        }
    }

    func describe(_ value: V) -> String {
        let parts = (0..<value.springComponentCount).map { SpringError.format(value.springComponent($0)) }
        return parts.count == 1 ? parts[0] : "(" + parts.joined(separator: ", ") + ")"
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
    ///
    /// A state whose products overflow though the state does not (a start at 1e308 pt) is
    /// recomputed in scaled form; a component is infinite only when its true value exceeds
    /// the largest finite number.
    @inlinable
    public func state(at t: Double) -> SpringState<V> {
        let matrix = spring.transition(over: t)
        let state = matrix.applied(to: initialState)
        if isFinite(state) { return state }
        return Self.scaledApplication(of: matrix, to: initialState)
    }

    /// `matrix · state` computed on `state / 2ᵉ` (a power of two near its largest component, so
    /// the scaling is exact) and scaled back: the products and sums of huge components do
    /// not overflow unless the result itself does.
    @usableFromInline @inline(never)
    static func scaledApplication(of matrix: StateMatrix, to state: SpringState<V>) -> SpringState<V> {
        var largest = 0.0
        for index in 0..<state.springComponentCount { largest = max(largest, abs(state.springComponent(index))) }
        guard largest.isFinite, largest > 1 else { return matrix.applied(to: state) }
        let exponent = largest.exponent
        let down = Double(sign: .plus, exponent: -exponent, significand: 1)
        let scaled = matrix.applied(to: down * state)
        // Up in two halves: 2ᵉ itself may be out of range for e near ±1023 … 1074.
        let half = Double(sign: .plus, exponent: exponent / 2, significand: 1)
        let rest = Double(sign: .plus, exponent: exponent - exponent / 2, significand: 1)
        return rest * (half * scaled)
    }

    /// Absolute position at time `t`.
    @inlinable
    public func position(at t: Double) -> V {
        let matrix = spring.transition(over: t)
        let displacement = matrix.m11 * (initialPosition - target) + matrix.m12 * initialVelocity
        if isFinite(displacement) { return target + displacement }
        return target + Self.scaledApplication(of: matrix, to: initialState).displacement
    }

    /// Velocity at time `t`.
    @inlinable
    public func velocity(at t: Double) -> V {
        let matrix = spring.transition(over: t)
        let velocity = matrix.m21 * (initialPosition - target) + matrix.m22 * initialVelocity
        if isFinite(velocity) { return velocity }
        return Self.scaledApplication(of: matrix, to: initialState).velocity
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
