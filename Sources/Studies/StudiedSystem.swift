import Foundation
import GSLReference
import SpringSolver

/// A nonlinear motion the study compares: a ``SecondOrderSystem`` with its start, span, size,
/// energy and GSL reference (`bench integrators --system NAME`).
public protocol StudiedSystem: SecondOrderSystem {
    /// The equations studied: the system's own dimension, vectors, acceleration and Jacobian
    /// are this model's (forwarded below).
    associatedtype Model: SecondOrderSystem where Model.Vector == Vector
    var system: Model { get }
    /// The name on the command line.
    var name: String { get }
    /// The unit of a position (`pt`, `rad`).
    var unit: String { get }
    /// The equation and every parameter, in words.
    var summary: String { get }
    var initialState: SpringState<Vector> { get }
    /// The simulated span (s).
    var span: Double { get }
    /// The size of the motion, in ``unit``: errors are also given as a fraction of it.
    var motionSize: Double { get }
    /// The reference stepper (`rk8pd`, or `msbdf` for a stiff system) and the one it is checked against.
    var reference: (stepper: GSLStepper, check: GSLStepper) { get }
    /// The energy at a time (see each system's `energy`).
    func energy(at time: Double, of state: SpringState<Vector>) -> Double
}

extension StudiedSystem {
    public var dimension: Int { system.dimension }
    public func vector(_ components: [Double]) -> Vector { system.vector(components) }
    public func acceleration(at time: Double, position: Vector, velocity: Vector) -> Vector {
        system.acceleration(at: time, position: position, velocity: velocity)
    }
    public func accelerationJacobian(at time: Double, position: Vector, velocity: Vector)
        -> (position: [Double], velocity: [Double], time: [Double]) {
        system.accelerationJacobian(at: time, position: position, velocity: velocity)
    }
}

/// The systems `bench integrators --system` knows, by name.
public enum NonlinearSystemName: String, CaseIterable, Sendable {
    case dragSpring = "drag-spring"
    case pendulum
    case duffing
    case chain
}

/// The drag spring: `k = 170 /s²`, `c = 4 /s`, `c₂ = 0.002 /pt`, from 0 to 300 pt at rest, 2 s.
public struct StudiedDragSpring: StudiedSystem {
    public var system = DragSpring(stiffness: 170, damping: 4, quadraticDrag: 0.002, target: 300)
    public var start = 0.0
    public init() {}
    public var name: String { NonlinearSystemName.dragSpring.rawValue }
    public var unit: String { "pt" }
    public var summary: String {
        "x″ = −(k/m)(x − target) − (c/m)x′ − (c₂/m)x′|x′|, m = 1, k = 170 /s², c = 4 /s, c₂ = 0.002 /pt; 0 → 300 pt from rest"
    }
    public var initialState: SpringState<Double> { SpringState(displacement: start, velocity: 0) }
    public var span: Double { 2 }
    public var motionSize: Double { abs(system.target - start) }
    public var reference: (stepper: GSLStepper, check: GSLStepper) { (.rk8pd, .rk8pd) }
    public func energy(at time: Double, of state: SpringState<Double>) -> Double {
        system.energy(position: state.displacement, velocity: state.velocity)
    }
}

/// The badge on a pin: `g = 9.81 m/s²`, `L = 0.1 m`, `c = 1 /s`, from 60° at rest, 4 s.
public struct StudiedPendulum: StudiedSystem {
    public var system = Pendulum(length: 0.1, damping: 1)
    public var startAngle = Double.pi / 3
    public init() {}
    public var name: String { NonlinearSystemName.pendulum.rawValue }
    public var unit: String { "rad" }
    public var summary: String {
        "θ″ = −(g/L) sin θ − c θ′, g = 9.81 m/s², L = 0.1 m, c = 1 /s; from 60° (1.047 rad) at rest"
    }
    public var initialState: SpringState<Double> { SpringState(displacement: startAngle, velocity: 0) }
    public var span: Double { 4 }
    public var motionSize: Double { abs(startAngle) }
    public var reference: (stepper: GSLStepper, check: GSLStepper) { (.rk8pd, .rk8pd) }
    public func energy(at time: Double, of state: SpringState<Double>) -> Double {
        system.energy(position: state.displacement, velocity: state.velocity)
    }
}

/// The hardening spring: `k = 160 /s²`, `k₃ = 0.01 /(pt²·s²)`, `c = 2 /s`, from 150 pt at rest, 2 s.
public struct StudiedDuffing: StudiedSystem {
    public var system = DuffingSpring(stiffness: 160, cubicStiffness: 0.01, damping: 2)
    public var start = 150.0
    public init() {}
    public var name: String { NonlinearSystemName.duffing.rawValue }
    public var unit: String { "pt" }
    public var summary: String {
        "x″ = −(k/m)x − (k₃/m)x³ − (c/m)x′, m = 1, k = 160 /s², k₃ = 0.01 /(pt² s²), c = \(String(format: "%g", system.damping)) /s; from \(String(format: "%g", start)) pt at rest"
    }
    public var initialState: SpringState<Double> { SpringState(displacement: start, velocity: 0) }
    public var span: Double { 2 }
    public var motionSize: Double { abs(start) }
    public var reference: (stepper: GSLStepper, check: GSLStepper) { (.rk8pd, .rk8pd) }
    public func energy(at time: Double, of state: SpringState<Double>) -> Double {
        system.energy(position: state.displacement, velocity: state.velocity)
    }
}

/// The chain: 8 masses, `k = 10⁴ /s²`, `c = 100 /s` per link, the pointer gliding 300 pt with
/// `τ = 0.05 s`, 2 s; reference GSL `msbdf` (checked against `rk8pd`).
public struct StudiedChain: StudiedSystem {
    public var system = SpringChain(stiffness: 10_000, damping: 100, travel: 300, pointerTime: 0.05)
    public init() {}
    public var name: String { NonlinearSystemName.chain.rawValue }
    public var unit: String { "pt" }
    public var summary: String {
        "8 unit masses, each linked to the one before (the first to the pointer) by k = 10⁴ /s² and c = 100 /s; pointer p(t) = 300 pt·(1 − (1 + t/τ)e^(−t/τ)), τ = 0.05 s; all at rest at 0"
    }
    public var initialState: SpringState<SIMD8<Double>> { SpringState(displacement: .zero, velocity: .zero) }
    public var span: Double { 2 }
    public var motionSize: Double { system.travel }
    public var reference: (stepper: GSLStepper, check: GSLStepper) { (.msbdf, .rk8pd) }
    public func energy(at time: Double, of state: SpringState<SIMD8<Double>>) -> Double {
        system.energy(at: time, position: state.displacement, velocity: state.velocity)
    }
}

/// A ``SecondOrderSystem`` on a GSL stepper: the state flattened as `(x₁…xₙ, v₁…vₙ)`, and for
/// the stiff steppers the Jacobian `[[0, I], [∂a/∂x, ∂a/∂v]]` with `∂f/∂t = (0, ∂a/∂t)`.
public struct GSLSystem<System: SecondOrderSystem>: Sendable {
    public let system: System
    public let stepper: GSLStepper
    public let tolerance: Double

    public init(system: System, stepper: GSLStepper, tolerance: Double) {
        self.system = system
        self.stepper = stepper
        self.tolerance = tolerance
    }

    public func flatten(_ state: SpringState<System.Vector>) -> [Double] {
        let n = system.dimension
        return (0..<n).map { state.displacement.springComponent($0) } + (0..<n).map { state.velocity.springComponent($0) }
    }

    public func state(_ y: [Double]) -> SpringState<System.Vector> {
        let n = system.dimension
        return SpringState(displacement: system.vector(Array(y[0..<n])), velocity: system.vector(Array(y[n..<(2 * n)])))
    }

    public func makeDriver() throws -> GSLODEDriver {
        let system = system
        let n = system.dimension
        func split(_ y: UnsafeBufferPointer<Double>) -> (System.Vector, System.Vector) {
            (system.vector(Array(y[0..<n])), system.vector(Array(y[n..<(2 * n)])))
        }
        let driver = try GSLODEDriver(
            stepper: stepper, dimension: 2 * n, initialStep: GSLSpring.initialStep,
            absoluteTolerance: tolerance, relativeTolerance: tolerance,
            rhs: { t, y, dydt in
                let (x, v) = split(y)
                let a = system.acceleration(at: t, position: x, velocity: v)
                for i in 0..<n {
                    dydt[i] = y[n + i]
                    dydt[n + i] = a.springComponent(i)
                }
            },
            jacobian: stepper.needsJacobian ? { t, y, dfdy, dfdt in
                let (x, v) = split(y)
                let jacobian = system.accelerationJacobian(at: t, position: x, velocity: v)
                let size = 2 * n
                for index in 0..<(size * size) { dfdy[index] = 0 }
                for i in 0..<n {
                    dfdy[i * size + n + i] = 1
                    for j in 0..<n {
                        dfdy[(n + i) * size + j] = jacobian.position[i * n + j]
                        dfdy[(n + i) * size + n + j] = jacobian.velocity[i * n + j]
                    }
                    dfdt[i] = 0
                    dfdt[n + i] = jacobian.time[i]
                }
            } : nil)
        try driver.setMaximumSteps(GSLSpring.maximumSteps)
        return driver
    }

    /// One adaptive solve stopping at each time in `times` (increasing, from `startTime`): the states
    /// there and the evaluations.
    public func states(at times: [Double], from start: SpringState<System.Vector>, startTime: Double = 0) throws -> (states: [SpringState<System.Vector>], evaluations: Int) {
        let driver = try makeDriver()
        var t = startTime
        var y = flatten(start)
        var states: [SpringState<System.Vector>] = []
        states.reserveCapacity(times.count)
        for time in times {
            if time > t { try driver.apply(t: &t, until: time, state: &y) }
            states.append(state(y))
        }
        return (states, driver.rhsEvaluations)
    }
}
