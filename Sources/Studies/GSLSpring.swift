import GSLReference
import SpringSolver

/// A spring `(x, v)′ = (v, −ω₀²x − 2λv)` on one of GSL's ODE steppers, run the ways
/// `bench integrators` compares: raw fixed steps, one adaptive solve stopping at each frame
/// time, or a solve restarted every frame.
///
/// Every run allocates its own `gsl_odeiv2_driver`, so no step-size history leaks from one run
/// (or one timing repetition) into the next. GSL's implicit and BDF steppers (`bsimp`, `msbdf`,
/// `rk*imp`) get the exact constant Jacobian `[[0, 1], [−ω₀², −2λ]]`.
///
/// The benchmark suites use it as the GSL reference of the spring kernels.
public struct GSLSpring: Sendable {
    /// GSL's stepper (`rk4`, `rkck`, `rkf45`, `rk8pd`, `bsimp`, `msbdf`, …).
    public let stepper: GSLStepper
    /// The spring; the state is its displacement from the target and its velocity.
    public let spring: DampedSpring
    /// `rtol = atol` of the driver (unused by raw steps).
    public let tolerance: Double

    /// GSL's default is no cap; a stiff spring on an explicit stepper could then run for
    /// minutes. A million steps is far beyond any frame-rate run here.
    public static let maximumSteps = 1_000_000
    /// The driver's first trial step, as in SpringSolver's GSL tests.
    public static let initialStep = 1e-6

    /// - Throws: ``StudiesError/invalidTolerance(_:)`` unless `tolerance` is positive and finite.
    public init(stepper: GSLStepper, spring: DampedSpring, tolerance: Double) throws(StudiesError) {
        guard tolerance.isFinite, tolerance > 0 else {
            throw .invalidTolerance(tolerance)
        }
        self.stepper = stepper
        self.spring = spring
        self.tolerance = tolerance
    }

    /// A fresh driver on this spring (no step-size history), capped at ``maximumSteps``.
    public func makeDriver() throws -> GSLODEDriver {
        let omega2 = spring.stiffnessPerMass, gamma = spring.dampingPerMass
        let driver = try GSLODEDriver(
            stepper: stepper, dimension: 2, initialStep: Self.initialStep,
            absoluteTolerance: tolerance, relativeTolerance: tolerance,
            rhs: { _, y, dydt in
                dydt[0] = y[1]
                dydt[1] = -omega2 * y[0] - gamma * y[1]
            },
            jacobian: stepper.needsJacobian ? { _, _, dfdy, dfdt in
                dfdy[0] = 0
                dfdy[1] = 1
                dfdy[2] = -omega2
                dfdy[3] = -gamma
                dfdt[0] = 0
                dfdt[1] = 0
            } : nil)
        try driver.setMaximumSteps(Self.maximumSteps)
        return driver
    }

    /// The frames of one run and what it cost.
    public struct Frames: Sendable {
        public var frames: [SpringFrame<Double>]
        /// Right-hand-side evaluations of the whole run.
        public var evaluations: Int
        /// For raw fixed steps: when the run diverged (same rule as ``FrameStepper``).
        public var divergedAt: Double?
    }

    /// Raw stepper steps of `1/(hz·substeps)` with no error control (`gsl_odeiv2_step_apply`).
    ///
    /// For GSL's `rk4` one call is a full step *and* two half steps (step doubling for its
    /// error estimate) and returns the two-half-step result: as accurate as two RK4 steps of
    /// `h/2`, at the cost of three RK4 steps. The run stops, as ``FrameStepper`` does, when a
    /// state is not finite or its energy exceeds 100 × the initial energy.
    public func fixedFrames(motion: SpringMotion<Double>, hz: Double, substeps: Int, frames count: Int) throws -> Frames {
        let driver = try makeDriver()
        let h = 1 / (hz * Double(substeps))
        var t = 0.0
        var y = [motion.initialState.displacement, motion.initialState.velocity]
        let limit = FrameStepper<Double>.divergenceEnergyFactor * spring.energy(of: motion.initialState)
        var frames = [SpringFrame(index: 0, time: 0, position: motion.initialPosition, velocity: motion.initialVelocity)]
        frames.reserveCapacity(count + 1)
        var index = 0
        while index < count {
            index += 1
            for substep in 0..<substeps {
                try driver.step(t: &t, by: h, state: &y)
                let state = SpringState(displacement: y[0], velocity: y[1])
                if !(y[0].isFinite && y[1].isFinite) || (limit > 0 && spring.energy(of: state) > limit) {
                    let time = Double(index - 1) / hz + Double(substep + 1) * h
                    return Frames(frames: frames, evaluations: driver.rhsEvaluations, divergedAt: time)
                }
            }
            frames.append(SpringFrame(index: index, time: Double(index) / hz, position: motion.target + y[0], velocity: y[1]))
        }
        return Frames(frames: frames, evaluations: driver.rhsEvaluations, divergedAt: nil)
    }

    /// The matrix of one raw step (the step is linear on the linear spring), from the unit
    /// states.
    public func stepMatrix(step h: Double) throws -> StateMatrix {
        let driver = try makeDriver()
        var t = 0.0
        var first = [1.0, 0.0], second = [0.0, 1.0]
        try driver.step(t: &t, by: h, state: &first)
        t = 0
        try driver.reset()
        try driver.step(t: &t, by: h, state: &second)
        return StateMatrix(m11: first[0], m12: second[0], m21: first[1], m22: second[1])
    }

    /// Adaptive solve sampled at every frame time: the driver integrates to each frame time in
    /// turn (it has no dense output, so it shortens a step to land on each). With
    /// `restartEveryFrame` every frame gets a fresh driver, starting from ``initialStep`` as
    /// dopri54's frame-locked solver does: `gsl_odeiv2_driver_reset` would keep the last step
    /// size, a memory dopri54's fresh solver does not have.
    public func adaptiveFrames(motion: SpringMotion<Double>, hz: Double, frames count: Int, restartEveryFrame: Bool) throws -> Frames {
        var driver = try makeDriver()
        var evaluations = 0
        var t = 0.0
        var y = [motion.initialState.displacement, motion.initialState.velocity]
        var frames = [SpringFrame(index: 0, time: 0, position: motion.initialPosition, velocity: motion.initialVelocity)]
        frames.reserveCapacity(count + 1)
        var index = 0
        while index < count {
            index += 1
            if restartEveryFrame && index > 1 {
                evaluations += driver.rhsEvaluations
                driver = try makeDriver()
            }
            let end = Double(index) / hz
            try driver.apply(t: &t, until: end, state: &y)
            frames.append(SpringFrame(index: index, time: end, position: motion.target + y[0], velocity: y[1]))
        }
        return Frames(frames: frames, evaluations: evaluations + driver.rhsEvaluations, divergedAt: nil)
    }

    /// One adaptive solve from 0 to `end`; the state there and the evaluations it took.
    public func solve(motion: SpringMotion<Double>, to end: Double) throws -> (state: SpringState<Double>, evaluations: Int) {
        let driver = try makeDriver()
        var t = 0.0
        var y = [motion.initialState.displacement, motion.initialState.velocity]
        try driver.apply(t: &t, until: end, state: &y)
        return (SpringState(displacement: y[0], velocity: y[1]), driver.rhsEvaluations)
    }
}
