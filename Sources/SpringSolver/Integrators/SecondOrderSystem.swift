/// A second-order system `x″ = a(t, x, x′)` on any ``SpringVector``: a spring with a nonlinear
/// force, a pendulum, a chain of masses. The general form the project's own fixed-step methods
/// (``SystemStepper``) and ``DormandPrince54`` (through ``FirstOrderForm``) run, beside the
/// linear ``DampedSpring`` they are specialized for.
///
/// `n` scalar positions (``dimension``); the first-order state is ``SpringState`` `(x, v)`, `2n`
/// numbers. The Jacobian is required: the implicit methods solve with it, and GSL's stiff
/// steppers (`bsimp`, `msbdf`) need it.
public protocol SecondOrderSystem: Sendable {
    associatedtype Vector: SpringVector
    /// The number of scalar positions `n`.
    var dimension: Int { get }
    /// `a(t, x, v)`: one right-hand-side evaluation.
    func acceleration(at time: Double, position: Vector, velocity: Vector) -> Vector
    /// The vector with these `n` components (missing ones 0, extra ones ignored).
    func vector(_ components: [Double]) -> Vector
    /// `∂a/∂x` and `∂a/∂v`, row-major `n × n` (`[i * n + j] = ∂aᵢ/∂xⱼ`), and `∂a/∂t` (`n`).
    func accelerationJacobian(at time: Double, position: Vector, velocity: Vector)
        -> (position: [Double], velocity: [Double], time: [Double])
}

/// A ``SecondOrderSystem`` as the first-order system `(x, v)′ = (v, a(t, x, v))` that
/// ``DormandPrince54`` integrates.
public struct FirstOrderForm<System: SecondOrderSystem>: FirstOrderSystem {
    public let system: System

    public init(_ system: System) { self.system = system }

    @inlinable
    public func derivative(at time: Double, of state: SpringState<System.Vector>) -> SpringState<System.Vector> {
        SpringState(displacement: state.velocity,
                    velocity: system.acceleration(at: time, position: state.displacement, velocity: state.velocity))
    }
}

/// The project's fixed-step methods on a general ``SecondOrderSystem``, step `h`, `a₀ = a(t, x, v)`:
///
/// | method | step | evaluations of `a` |
/// |---|---|---|
/// | `explicit-euler` | `x₁ = x + h·v`, `v₁ = v + h·a₀` | 1 |
/// | `semi-implicit-euler` | `v₁ = v + h·a₀`, `x₁ = x + h·v₁` | 1 |
/// | `velocity-verlet` | `x₁ = x + h·v + ½h²·a₀`, `v₁ = v + ½h·(a₀ + a(t₁, x₁, v + h·a₀))` | 2 |
/// | `rk4` | classic Runge–Kutta on `(x, v)′ = (v, a)` | 4 |
/// | `implicit-euler` | `v₁ = v + h·a(t₁, x + h·v₁, v₁)`, `x₁ = x + h·v₁` (Newton) | 1 per iteration |
/// | `trapezoidal` | `v₁ = v + ½h·(a₀ + a(t₁, x₁, v₁))`, `x₁ = x + ½h·(v + v₁)` (Newton) | 1 + 1 per iteration |
///
/// Velocity Verlet: where the force depends on the velocity (damping, drag) the new
/// acceleration is evaluated at the predicted velocity `v + h·a₀`, which keeps the method second
/// order (on the linear spring ``VelocityVerlet`` solves for `v₁` exactly instead; where the
/// force does not depend on `v` both are the classic symplectic velocity Verlet).
///
/// The implicit methods solve for `v₁` by Newton's method with the system's Jacobian (an
/// `n × n` system `I − θh·(θh·∂a/∂x + ∂a/∂v)`, θ = 1 or ½, by Gaussian elimination with partial
/// pivoting), starting from `v₁ = v`, until the correction is at most `1e-10 × max(|v₁|, |v|)`
/// (far below either method's truncation error at any frame rate; tighter, rounding in a stiff
/// system's solve can keep the correction above it) or after ``maximumNewtonIterations``. On a
/// linear system (the chain) the first iteration is exact and the second confirms it:
/// 2 evaluations (3 for the trapezoidal rule).
public struct SystemStepper<System: SecondOrderSystem>: Sendable {
    public typealias Vector = System.Vector
    public let kind: IntegratorKind
    public let system: System
    public let step: Double

    /// The methods that run on a general system (`exact` needs a closed form, `dopri54` is
    /// adaptive: ``DormandPrince54`` on ``FirstOrderForm``).
    public static var kinds: [IntegratorKind] {
        [.explicitEuler, .semiImplicitEuler, .velocityVerlet, .rk4, .implicitEuler, .trapezoidal]
    }
    /// The Newton iteration cap of the implicit methods.
    public static var maximumNewtonIterations: Int { 20 }

    /// - Throws: ``SpringError/invalidParameter(name:value:expected:)`` for a bad step, and
    ///   ``SpringError/integratorNotOnSystem(_:supported:)`` for `exact` or `dopri54`.
    public init(kind: IntegratorKind, system: System, step: Double) throws {
        guard Self.kinds.contains(kind) else {
            throw SpringError.integratorNotOnSystem(kind, supported: Self.kinds)
        }
        self.kind = kind
        self.system = system
        self.step = try Check.positive(step, "step")
    }

    /// Advances `state` from `time` by one step; returns the evaluations of `a` it took.
    @discardableResult
    public func advance(_ state: inout SpringState<Vector>, at time: Double) -> Int {
        let h = step, x = state.displacement, v = state.velocity
        switch kind {
        case .explicitEuler:
            let a0 = system.acceleration(at: time, position: x, velocity: v)
            state = SpringState(displacement: x + h * v, velocity: v + h * a0)
            return 1
        case .semiImplicitEuler:
            let v1 = v + h * system.acceleration(at: time, position: x, velocity: v)
            state = SpringState(displacement: x + h * v1, velocity: v1)
            return 1
        case .velocityVerlet:
            let a0 = system.acceleration(at: time, position: x, velocity: v)
            let x1 = x + h * v + (0.5 * h * h) * a0
            let a1 = system.acceleration(at: time + h, position: x1, velocity: v + h * a0)
            state = SpringState(displacement: x1, velocity: v + (0.5 * h) * (a0 + a1))
            return 2
        case .rk4:
            let half = 0.5 * h
            let k1v = system.acceleration(at: time, position: x, velocity: v)
            let x2 = x + half * v, v2 = v + half * k1v
            let k2v = system.acceleration(at: time + half, position: x2, velocity: v2)
            let x3 = x + half * v2, v3 = v + half * k2v
            let k3v = system.acceleration(at: time + half, position: x3, velocity: v3)
            let x4 = x + h * v3, v4 = v + h * k3v
            let k4v = system.acceleration(at: time + h, position: x4, velocity: v4)
            let sixth = h / 6
            state = SpringState(displacement: x + sixth * (v + 2 * (v2 + v3) + v4),
                                velocity: v + sixth * (k1v + 2 * (k2v + k3v) + k4v))
            return 4
        case .implicitEuler:
            return implicitStep(&state, at: time, theta: 1)
        case .trapezoidal:
            return implicitStep(&state, at: time, theta: 0.5)
        case .exact, .dopri54:
            preconditionFailure("refused by init")
        }
    }

    /// θ = 1: `v₁ = v + h·a(t₁, x + h·v₁, v₁)`; θ = ½: `v₁ = v + ½h·a₀ + ½h·a(t₁, x + ½h(v + v₁), v₁)`.
    /// Newton on `G(u) = u − b − θh·a(t₁, x̂ + θh·u, u)` for `u = v₁`, with `b = v + (1 − θ)h·a₀`
    /// and `x̂ = x + (1 − θ)h·v`; then `x₁ = x̂ + θh·v₁`.
    private func implicitStep(_ state: inout SpringState<Vector>, at time: Double, theta: Double) -> Int {
        let h = step, x = state.displacement, v = state.velocity, t1 = time + h
        let n = system.dimension
        var evaluations = 0
        // The explicit part of the velocity update: v + (1 − θ)h·a₀.
        var base = v
        if theta < 1 {
            base = v + ((1 - theta) * h) * system.acceleration(at: time, position: x, velocity: v)
            evaluations += 1
        }
        let explicitPosition = x + ((1 - theta) * h) * v
        let th = theta * h
        var u = v
        for _ in 0..<Self.maximumNewtonIterations {
            let x1 = explicitPosition + th * u
            let a = system.acceleration(at: t1, position: x1, velocity: u)
            evaluations += 1
            let residual = u - base - th * a
            let jacobian = system.accelerationJacobian(at: t1, position: x1, velocity: u)
            // ∂G/∂u = I − θh·(θh·∂a/∂x + ∂a/∂v)
            var matrix = [Double](repeating: 0, count: n * n)
            for i in 0..<n {
                for j in 0..<n {
                    matrix[i * n + j] = (i == j ? 1 : 0) - th * (th * jacobian.position[i * n + j] + jacobian.velocity[i * n + j])
                }
            }
            var rhs = (0..<n).map { residual.springComponent($0) }
            guard DenseSolve.solve(&matrix, &rhs, n) else { break }
            let correction = system.vector(rhs)
            u = u - correction
            var largestCorrection = 0.0, scale = 0.0
            for i in 0..<n {
                largestCorrection = max(largestCorrection, abs(rhs[i]))
                scale = max(scale, abs(u.springComponent(i)), abs(v.springComponent(i)))
            }
            if !(largestCorrection > 1e-10 * scale) { break }
        }
        state = SpringState(displacement: explicitPosition + th * u, velocity: u)
        return evaluations
    }
}

/// Gaussian elimination with partial pivoting on a small dense system.
enum DenseSolve {
    /// Solves `A·x = b` in place (`b` becomes `x`); `false` when a pivot is zero or not finite.
    static func solve(_ a: inout [Double], _ b: inout [Double], _ n: Int) -> Bool {
        for column in 0..<n {
            var pivotRow = column
            for row in column..<n where abs(a[row * n + column]) > abs(a[pivotRow * n + column]) { pivotRow = row }
            let pivot = a[pivotRow * n + column]
            guard pivot != 0, pivot.isFinite else { return false }
            if pivotRow != column {
                for j in 0..<n { a.swapAt(column * n + j, pivotRow * n + j) }
                b.swapAt(column, pivotRow)
            }
            for row in (column + 1)..<n {
                let factor = a[row * n + column] / pivot
                guard factor != 0 else { continue }
                for j in column..<n { a[row * n + j] -= factor * a[column * n + j] }
                b[row] -= factor * b[column]
            }
        }
        for row in stride(from: n - 1, through: 0, by: -1) {
            var sum = b[row]
            for j in (row + 1)..<n { sum -= a[row * n + j] * b[j] }
            b[row] = sum / a[row * n + row]
        }
        return true
    }
}
