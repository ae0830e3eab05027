// The implicit methods. The spring is linear, so each step's implicit equation is a 2 × 2
// linear system with a constant matrix: it is solved exactly, with the reciprocal of its
// determinant computed once per step size (no Newton iteration, no tolerance).

/// Backward (implicit) Euler: `x₁ = x + h·v₁`, `v₁ = v + h·a(x₁, v₁)`, solved as
/// `v₁ = (v − hω²x) / (1 + hγ + h²ω²)`, `x₁ = x + h·v₁`. First order, L-stable: it never gains
/// energy and over-damps. Its step matrix `(I − hA)⁻¹` has eigenvalues `1/(1 − hμ)` for the
/// eigenvalues `μ` of `A`, so its spectral radius is `1/√(1 + 2λh + ω₀²h²) < 1` when they are
/// complex (ζ < 1, `μ = −λ ± iω_d`), and `1/(1 + h·s) < 1` with the slow rate
/// `s = λ − √(λ² − ω₀²)` when they are real (ζ ≥ 1).
public struct ImplicitEuler: SpringIntegrator {
    public static var kind: IntegratorKind { .implicitEuler }
    public let spring: DampedSpring
    public let step: Double
    @usableFromInline let stepOmega2: Double, inverseDeterminant: Double

    public init(spring: DampedSpring, step: Double) throws {
        self.spring = spring
        self.step = try Check.positive(step, "step")
        let omega2 = spring.stiffnessPerMass
        stepOmega2 = step * omega2
        inverseDeterminant = 1 / (1 + step * spring.dampingPerMass + step * step * omega2)
    }

    @inlinable
    public func advance<V: SpringVector>(_ state: inout SpringState<V>) {
        let x = state.displacement
        let v1 = inverseDeterminant * (state.velocity - stepOmega2 * x)
        state = SpringState(displacement: x + step * v1, velocity: v1)
    }
}

/// The trapezoidal rule (Crank–Nicolson, implicit midpoint on a linear system):
/// `y₁ = y + ½h·(f(y) + f(y₁))`, i.e. `(I − ½hA)·y₁ = (I + ½hA)·y`. Second order, A-stable:
/// energy never grows, and is exactly conserved on an undamped spring (the step matrix is a
/// Cayley transform); the phase lags.
public struct Trapezoidal: SpringIntegrator {
    public static var kind: IntegratorKind { .trapezoidal }
    public let spring: DampedSpring
    public let step: Double
    @usableFromInline let omega2: Double, gamma: Double, halfStep: Double, halfStepOmega2: Double, inverseDeterminant: Double

    public init(spring: DampedSpring, step: Double) throws {
        self.spring = spring
        self.step = try Check.positive(step, "step")
        omega2 = spring.stiffnessPerMass
        gamma = spring.dampingPerMass
        halfStep = 0.5 * step
        halfStepOmega2 = 0.5 * step * omega2
        inverseDeterminant = 1 / (1 + 0.5 * step * gamma + 0.25 * step * step * omega2)
    }

    @inlinable
    public func advance<V: SpringVector>(_ state: inout SpringState<V>) {
        let x = state.displacement, v = state.velocity
        // r = (I + ½hA)·y
        let r1 = x + halfStep * v
        let r2 = v + halfStep * ((-omega2) * x - gamma * v)
        // x₁ − ½h·v₁ = r1 ; ½hω²·x₁ + (1 + ½hγ)·v₁ = r2
        let v1 = inverseDeterminant * (r2 - halfStepOmega2 * r1)
        state = SpringState(displacement: r1 + halfStep * v1, velocity: v1)
    }
}

/// The exact propagator as an integrator: `y₁ = exp(A·h)·y` (``SpringPropagator``). Its only
/// error is rounding.
public struct ExactIntegrator: SpringIntegrator {
    public static var kind: IntegratorKind { .exact }
    public let propagator: SpringPropagator
    public var spring: DampedSpring { propagator.spring }
    public var step: Double { propagator.step }
    @usableFromInline let matrix: StateMatrix

    public init(spring: DampedSpring, step: Double) throws {
        propagator = try SpringPropagator(spring: spring, step: step)
        matrix = propagator.matrix
    }

    @inlinable
    public func advance<V: SpringVector>(_ state: inout SpringState<V>) {
        state = matrix.applied(to: state)
    }
}
