/// A fixed-step integrator for a spring: prepared once for a spring and a step size `h`
/// (precomputing whatever depends only on them), then advancing a state by `h` per call.
///
/// Every conforming type is a value type whose `advance` is `@inlinable` and allocation-free,
/// so a loop over a concrete integrator and `Double` states compiles to straight-line scalar
/// code. Use ``AnySpringIntegrator`` (a switch, not an existential) to pick one by name.
///
/// `advance` is the raw method: it does not check for divergence (an unstable method grows
/// without bound and eventually produces infinities). ``FrameStepper`` and
/// ``SpringSimulation`` check every step and report divergence with its time.
public protocol SpringIntegrator: Sendable {
    /// The registry entry (``IntegratorKind``) of this method.
    static var kind: IntegratorKind { get }
    /// The spring it was prepared for.
    var spring: DampedSpring { get }
    /// The step `h` (s).
    var step: Double { get }
    /// - Throws: ``SpringError/invalidParameter(name:value:expected:)`` if `step` is not a
    ///   positive finite number.
    init(spring: DampedSpring, step: Double) throws
    /// Advances `state` by one step `h`.
    func advance<V: SpringVector>(_ state: inout SpringState<V>)
}

extension SpringIntegrator {
    /// The method's step matrix on this spring: the 2 × 2 matrix `M` with
    /// `state(t + h) = M · state(t)` (every method here is linear on the linear spring), found by
    /// stepping the unit states. Its spectral radius and effective spring are in ``StateMatrix``.
    public var stepMatrix: StateMatrix {
        var first = SpringState<Double>(displacement: 1, velocity: 0)
        var second = SpringState<Double>(displacement: 0, velocity: 1)
        advance(&first)
        advance(&second)
        return StateMatrix(m11: first.displacement, m12: second.displacement,
                           m21: first.velocity, m22: second.velocity)
    }
}

/// The integrators by name, as the command line and the JSON keys spell them.
public enum IntegratorKind: String, CaseIterable, Sendable, Codable, CustomStringConvertible {
    case explicitEuler = "explicit-euler"
    case semiImplicitEuler = "semi-implicit-euler"
    case velocityVerlet = "velocity-verlet"
    case rk4
    case implicitEuler = "implicit-euler"
    case trapezoidal
    case exact
    /// Adaptive Dormand–Prince 5(4) (``DormandPrince54``); not a fixed-step method.
    case dopri54

    /// Looks a method up by its name.
    ///
    /// - Throws: ``SpringError/unknownIntegrator(_:)`` naming the known ones.
    public init(name: String) throws {
        guard let kind = IntegratorKind(rawValue: name) else { throw SpringError.unknownIntegrator(name) }
        self = kind
    }

    public var description: String { rawValue }

    /// The order of accuracy: global error `O(hᵖ)`. `exact` has none (its error is rounding),
    /// reported as `Int.max`; `dopri54` advances with its 5th-order solution.
    public var order: Int {
        switch self {
        case .explicitEuler, .semiImplicitEuler, .implicitEuler: return 1
        case .velocityVerlet, .trapezoidal: return 2
        case .rk4: return 4
        case .dopri54: return 5
        case .exact: return .max
        }
    }

    /// Whether the method solves an implicit equation per step (unconditionally stable on a
    /// damped spring: it never gains energy).
    public var isImplicit: Bool { self == .implicitEuler || self == .trapezoidal }

    /// Whether the method takes fixed steps (all but `dopri54`).
    public var isFixedStep: Bool { self != .dopri54 }

    /// Floating-point operations of one `advance` on a 1-D spring: every scalar multiply, add
    /// and subtract the method's code performs per step (per axis for a vector spring), counted
    /// from the code, not timed. A cost that is the same on every run and every machine
    /// (swift-collections states costs the same way: "O(log n) comparisons").
    ///
    /// | method | per step | where |
    /// |---|---|---|
    /// | `explicit-euler` | 7 | `a = −ω²x − γv` (3), `x + h·v` (2), `v + h·a` (2) |
    /// | `semi-implicit-euler` | 7 | `v₁ = v + h·a` (5), `x + h·v₁` (2) |
    /// | `velocity-verlet` | 12 | `a₀` (3), `x₁` (4), `v₁ = s·(v + ½h·(a₀ − ω²x₁))` (5) |
    /// | `rk4` | 36 | 4 accelerations (3 each), 3 stage states (4 each), 2 weighted sums (6 each) |
    /// | `implicit-euler` | 5 | `v₁ = d·(v − hω²·x)` (3), `x + h·v₁` (2) |
    /// | `trapezoidal` | 12 | `r = (I + ½hA)y` (7), `v₁ = d·(r₂ − ½hω²·r₁)` (3), `x₁` (2) |
    /// | `exact` | 6 | the 2 × 2 matrix–vector product |
    ///
    /// The implicit methods solve a 2 × 2 linear system every step, but its matrix `I − θhA` is
    /// the same every step, so the elimination (the reciprocal `d` of its determinant) is done
    /// once per spring and step size; per step the solve is the back-substitution counted
    /// above. Set-up work that depends only on the spring and the step (this `d`, the exact
    /// propagator's `exp` and `sin`/`cos`) is not counted per step, for any method. Negating a
    /// constant and copying values are free. `nil` for `dopri54`, whose steps per frame depend
    /// on the motion and the tolerance (its work is in ``IntegrationStatistics``).
    public var operationsPerStep: Int? {
        switch self {
        case .explicitEuler, .semiImplicitEuler: return 7
        case .velocityVerlet, .trapezoidal: return 12
        case .rk4: return 36
        case .implicitEuler: return 5
        case .exact: return 6
        case .dopri54: return nil
        }
    }

    /// The fixed-step integrator of this kind for a spring and step size.
    ///
    /// - Throws: ``SpringError/invalidParameter(name:value:expected:)`` for a bad step, or
    ///   for `dopri54`, which has no fixed step (use ``DormandPrince54``).
    public func integrator(spring: DampedSpring, step: Double) throws -> AnySpringIntegrator {
        try AnySpringIntegrator(kind: self, spring: spring, step: step)
    }

    /// The step matrix of a fixed-step method (see ``SpringIntegrator/stepMatrix``); `nil` for
    /// `dopri54`, whose step size is not fixed.
    public func stepMatrix(spring: DampedSpring, step: Double) throws -> StateMatrix? {
        guard isFixedStep else {
            _ = try Check.positive(step, "step")
            return nil
        }
        return try integrator(spring: spring, step: step).stepMatrix
    }
}

/// Any fixed-step integrator, chosen at run time. A `switch` over concrete integrators, so each
/// case still runs specialized, inlined code (no existential, no allocation).
public struct AnySpringIntegrator: SpringIntegrator {
    @usableFromInline
    enum Storage: Sendable {
        case explicitEuler(ExplicitEuler)
        case semiImplicitEuler(SemiImplicitEuler)
        case velocityVerlet(VelocityVerlet)
        case rk4(RungeKutta4)
        case implicitEuler(ImplicitEuler)
        case trapezoidal(Trapezoidal)
        case exact(ExactIntegrator)
    }

    @usableFromInline let storage: Storage

    /// `explicit-euler`; the kind of an `AnySpringIntegrator` value is ``kindOfMethod``.
    public static var kind: IntegratorKind { .explicitEuler }

    public var kindOfMethod: IntegratorKind {
        switch storage {
        case .explicitEuler: return .explicitEuler
        case .semiImplicitEuler: return .semiImplicitEuler
        case .velocityVerlet: return .velocityVerlet
        case .rk4: return .rk4
        case .implicitEuler: return .implicitEuler
        case .trapezoidal: return .trapezoidal
        case .exact: return .exact
        }
    }

    public init(spring: DampedSpring, step: Double) throws {
        try self.init(kind: .explicitEuler, spring: spring, step: step)
    }

    public init(kind: IntegratorKind, spring: DampedSpring, step: Double) throws {
        switch kind {
        case .explicitEuler: storage = .explicitEuler(try ExplicitEuler(spring: spring, step: step))
        case .semiImplicitEuler: storage = .semiImplicitEuler(try SemiImplicitEuler(spring: spring, step: step))
        case .velocityVerlet: storage = .velocityVerlet(try VelocityVerlet(spring: spring, step: step))
        case .rk4: storage = .rk4(try RungeKutta4(spring: spring, step: step))
        case .implicitEuler: storage = .implicitEuler(try ImplicitEuler(spring: spring, step: step))
        case .trapezoidal: storage = .trapezoidal(try Trapezoidal(spring: spring, step: step))
        case .exact: storage = .exact(try ExactIntegrator(spring: spring, step: step))
        case .dopri54:
            throw SpringError.integratorHasNoFixedStep(.dopri54)
        }
    }

    public var spring: DampedSpring {
        switch storage {
        case let .explicitEuler(i): return i.spring
        case let .semiImplicitEuler(i): return i.spring
        case let .velocityVerlet(i): return i.spring
        case let .rk4(i): return i.spring
        case let .implicitEuler(i): return i.spring
        case let .trapezoidal(i): return i.spring
        case let .exact(i): return i.spring
        }
    }

    public var step: Double {
        switch storage {
        case let .explicitEuler(i): return i.step
        case let .semiImplicitEuler(i): return i.step
        case let .velocityVerlet(i): return i.step
        case let .rk4(i): return i.step
        case let .implicitEuler(i): return i.step
        case let .trapezoidal(i): return i.step
        case let .exact(i): return i.step
        }
    }

    @inlinable
    public func advance<V: SpringVector>(_ state: inout SpringState<V>) {
        switch storage {
        case let .explicitEuler(i): i.advance(&state)
        case let .semiImplicitEuler(i): i.advance(&state)
        case let .velocityVerlet(i): i.advance(&state)
        case let .rk4(i): i.advance(&state)
        case let .implicitEuler(i): i.advance(&state)
        case let .trapezoidal(i): i.advance(&state)
        case let .exact(i): i.advance(&state)
        }
    }
}
