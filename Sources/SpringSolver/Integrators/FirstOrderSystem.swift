/// A first-order system `y′ = f(t, y)` for the adaptive solver.
public protocol FirstOrderSystem: Sendable {
    associatedtype State: SpringVector
    /// `f(t, y)`: one right-hand-side evaluation.
    func derivative(at time: Double, of state: State) -> State
}

/// A spring of any dimension as a first-order system:
/// `(x, v)′ = (v, −(k/m)·x − (c/m)·v)` on ``SpringState`` (displacement from the target).
public struct SpringSystem<V: SpringVector>: FirstOrderSystem {
    public let spring: DampedSpring
    @usableFromInline let omega2: Double, gamma: Double

    public init(spring: DampedSpring) {
        self.spring = spring
        omega2 = spring.stiffnessPerMass
        gamma = spring.dampingPerMass
    }

    @inlinable
    public func derivative(at time: Double, of state: SpringState<V>) -> SpringState<V> {
        SpringState(displacement: state.velocity, velocity: (-omega2) * state.displacement - gamma * state.velocity)
    }
}

/// Any right-hand side given as a closure.
public struct ClosureSystem<State: SpringVector>: FirstOrderSystem {
    public let function: @Sendable (Double, State) -> State

    public init(_ function: @escaping @Sendable (Double, State) -> State) {
        self.function = function
    }

    @inlinable
    public func derivative(at time: Double, of state: State) -> State { function(time, state) }
}
