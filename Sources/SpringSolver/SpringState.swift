/// The state of a spring: displacement from its equilibrium and velocity.
///
/// Integrators and the propagator work on displacements, not absolute positions: near rest
/// the displacement is small and keeps its full relative precision, where an absolute
/// position such as `459 + 1e-13` would not. ``SpringMotion`` converts to absolute positions.
public struct SpringState<V: SpringVector>: Sendable, Equatable {
    /// Position minus the equilibrium (rest) position.
    public var displacement: V
    /// Velocity, in position units per second.
    public var velocity: V

    @inlinable
    public init(displacement: V, velocity: V) {
        self.displacement = displacement
        self.velocity = velocity
    }
}

/// A state is itself a vector (displacement components, then velocity components), which lets
/// the adaptive solver treat a spring of any dimension as a first-order system.
extension SpringState: SpringVector {
    @inlinable public static var zero: SpringState { SpringState(displacement: .zero, velocity: .zero) }

    @inlinable
    public static func + (lhs: SpringState, rhs: SpringState) -> SpringState {
        SpringState(displacement: lhs.displacement + rhs.displacement, velocity: lhs.velocity + rhs.velocity)
    }

    @inlinable
    public static func - (lhs: SpringState, rhs: SpringState) -> SpringState {
        SpringState(displacement: lhs.displacement - rhs.displacement, velocity: lhs.velocity - rhs.velocity)
    }

    @inlinable
    public static func * (lhs: Double, rhs: SpringState) -> SpringState {
        SpringState(displacement: lhs * rhs.displacement, velocity: lhs * rhs.velocity)
    }

    @inlinable public var springComponentCount: Int { 2 * displacement.springComponentCount }

    @inlinable
    public func springComponent(_ index: Int) -> Double {
        let count = displacement.springComponentCount
        return index < count ? displacement.springComponent(index) : velocity.springComponent(index - count)
    }
}
