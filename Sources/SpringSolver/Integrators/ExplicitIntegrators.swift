// The explicit methods. Notation: ω² = k/m, γ = c/m, a(x, v) = −ω²x − γv.

/// Forward (explicit) Euler: `x₁ = x + h·v`, `v₁ = v + h·a(x, v)`. First order; its step matrix
/// `I + hA` has eigenvalues `1 + hμ`, so its spectral radius is `√(1 − 2λh + ω₀²h²)` when the
/// eigenvalues `μ` of `A` are complex (ζ < 1) — above 1 on an undamped spring, which gains
/// energy every step — and `max |1 − h(λ ± √(λ² − ω₀²))|` when they are real (ζ ≥ 1).
public struct ExplicitEuler: SpringIntegrator {
    public static var kind: IntegratorKind { .explicitEuler }
    public let spring: DampedSpring
    public let step: Double
    @usableFromInline let omega2: Double, gamma: Double

    public init(spring: DampedSpring, step: Double) throws {
        self.spring = spring
        self.step = try Check.positive(step, "step")
        omega2 = spring.stiffnessPerMass
        gamma = spring.dampingPerMass
    }

    @inlinable
    public func advance<V: SpringVector>(_ state: inout SpringState<V>) {
        let x = state.displacement, v = state.velocity
        let a = (-omega2) * x - gamma * v
        state = SpringState(displacement: x + step * v, velocity: v + step * a)
    }
}

/// Semi-implicit (symplectic) Euler: `v₁ = v + h·a(x, v)`, then `x₁ = x + h·v₁`. First order,
/// but symplectic: on an undamped spring its energy stays bounded (it oscillates, never drifts)
/// while `ω₀h < 2`.
public struct SemiImplicitEuler: SpringIntegrator {
    public static var kind: IntegratorKind { .semiImplicitEuler }
    public let spring: DampedSpring
    public let step: Double
    @usableFromInline let omega2: Double, gamma: Double

    public init(spring: DampedSpring, step: Double) throws {
        self.spring = spring
        self.step = try Check.positive(step, "step")
        omega2 = spring.stiffnessPerMass
        gamma = spring.dampingPerMass
    }

    @inlinable
    public func advance<V: SpringVector>(_ state: inout SpringState<V>) {
        let x = state.displacement
        let v1 = state.velocity + step * ((-omega2) * x - gamma * state.velocity)
        state = SpringState(displacement: x + step * v1, velocity: v1)
    }
}

/// Velocity Verlet with velocity-dependent force:
/// `x₁ = x + h·v + ½h²·a₀`, `v₁ = v + ½h·(a₀ + a₁)` with `a₁ = a(x₁, v₁)`.
///
/// The damping makes `a₁` depend on `v₁`; the spring is linear, so the equation is solved
/// exactly: `v₁ = (v + ½h·(a₀ − ω²x₁)) / (1 + ½hγ)`. Second order, and on an undamped spring
/// the classic (symplectic) velocity Verlet.
///
/// Two force evaluations per step: `a₀` and the spring part of `a₁`. The step is memoryless
/// (state in, state out), so `a₁` is not reused as the next step's `a₀`.
public struct VelocityVerlet: SpringIntegrator {
    public static var kind: IntegratorKind { .velocityVerlet }
    public let spring: DampedSpring
    public let step: Double
    @usableFromInline let omega2: Double, gamma: Double, halfStep: Double, halfStepSquared: Double, velocityScale: Double

    public init(spring: DampedSpring, step: Double) throws {
        self.spring = spring
        self.step = try Check.positive(step, "step")
        omega2 = spring.stiffnessPerMass
        gamma = spring.dampingPerMass
        halfStep = 0.5 * step
        halfStepSquared = 0.5 * step * step
        velocityScale = 1 / (1 + 0.5 * step * spring.dampingPerMass)
    }

    @inlinable
    public func advance<V: SpringVector>(_ state: inout SpringState<V>) {
        let x = state.displacement, v = state.velocity
        let a0 = (-omega2) * x - gamma * v
        let x1 = x + step * v + halfStepSquared * a0
        let v1 = velocityScale * (v + halfStep * (a0 - omega2 * x1))
        state = SpringState(displacement: x1, velocity: v1)
    }
}

/// The classic fourth-order Runge–Kutta method on `(x, v)′ = (v, a(x, v))`: four evaluations
/// of the acceleration per step.
public struct RungeKutta4: SpringIntegrator {
    public static var kind: IntegratorKind { .rk4 }
    public let spring: DampedSpring
    public let step: Double
    @usableFromInline let omega2: Double, gamma: Double, halfStep: Double, sixthStep: Double

    public init(spring: DampedSpring, step: Double) throws {
        self.spring = spring
        self.step = try Check.positive(step, "step")
        omega2 = spring.stiffnessPerMass
        gamma = spring.dampingPerMass
        halfStep = 0.5 * step
        sixthStep = step / 6
    }

    @inlinable
    public func advance<V: SpringVector>(_ state: inout SpringState<V>) {
        let x = state.displacement, v = state.velocity
        let k1x = v
        let k1v = (-omega2) * x - gamma * v
        let x2 = x + halfStep * k1x, v2 = v + halfStep * k1v
        let k2x = v2
        let k2v = (-omega2) * x2 - gamma * v2
        let x3 = x + halfStep * k2x, v3 = v + halfStep * k2v
        let k3x = v3
        let k3v = (-omega2) * x3 - gamma * v3
        let x4 = x + step * k3x, v4 = v + step * k3v
        let k4x = v4
        let k4v = (-omega2) * x4 - gamma * v4
        state = SpringState(
            displacement: x + sixthStep * (k1x + 2 * (k2x + k3x) + k4x),
            velocity: v + sixthStep * (k1v + 2 * (k2v + k3v) + k4v))
    }
}
