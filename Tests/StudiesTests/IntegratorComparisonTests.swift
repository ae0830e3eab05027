import Testing
@testable import Studies
import SpringSolver

/// The integrator comparison's rows, metrics, work estimate and adaptive study, called from
/// Swift (no `bench`).
@Suite struct IntegratorComparisonTests {
    /// Velocity Verlet's `advance` is memoryless: two steps are its step matrix squared,
    /// whatever came before, so nothing from step n (its a₁) is reused in step n + 1, which
    /// evaluates a₀ again. The row counts 2 evaluations per step, not 1 (FSAL).
    @Test func velocityVerletCountsTwoEvaluationsPerStep() throws {
        let spring = try ComparedSpring.menuShow()
        let verlet = try VelocityVerlet(spring: spring.motion.spring, step: 1.0 / 120)
        let matrix = verlet.stepMatrix
        var state = spring.motion.initialState
        verlet.advance(&state)
        verlet.advance(&state)
        let expected = (matrix * matrix).applied(to: spring.motion.initialState)
        #expect(abs(state.displacement - expected.displacement) <= 1e-12 * abs(expected.displacement))
        #expect(abs(state.velocity - expected.velocity) <= 1e-12 * abs(expected.velocity))
        let row = try IntegratorComparisonRunner.fixedRow(.velocityVerlet, spring: spring, hz: 60, substeps: 2, span: 0.5, measureTime: false)
        #expect(row.evaluationsPerFrame == 4)
    }

    /// The work estimate counts every multiplier: substeps, rates, springs, timing repeats.
    @Test func workEstimateGrowsWithEveryMultiplier() throws {
        let springs = try ComparedSpring.defaults().map(\.motion.spring)
        func work(_ count: Int = 3, spans: Double = 2, rates: [Double] = [60], substeps: [Int] = [1], timed: Bool = false) -> Double {
            IntegratorComparisonRunner.estimatedSteps(springs: Array(springs.prefix(count)), spans: Array(repeating: spans, count: count),
                                                      rates: rates, substeps: substeps, measureTime: timed)
        }
        let base = work()
        #expect(base > 0)
        #expect(work(1) < base)
        #expect(work(spans: 4) > 1.9 * base)
        #expect(work(rates: [60, 120]) >= base + 3 * 240 * (10 + 10))
        #expect(work(substeps: [1, 32]) > base + 32 * 7 * 120 * 3)
        #expect(work(timed: true) > base)
        // The work-precision sweep alone is 282 frame-steps per frame (3 × 63 + 3 × 31).
        #expect(work(1, spans: 10, rates: [1000]) > 282 * 10_000)
    }

    /// The comparison's frame metrics use SpringRun's definitions.
    @Test(arguments: [IntegratorKind.semiImplicitEuler, .rk4, .trapezoidal])
    func frameMetricsMatchSpringRun(kind: IntegratorKind) throws {
        let motion = try ComparedSpring.menuShow().motion
        let run = try SpringSimulation.run(motion, integrator: kind, frameRate: 60, duration: 1.5)
        let metrics = IntegratorComparisonRunner.metrics(of: run.frames, motion: motion, diverged: false)
        #expect(abs(metrics.maxError - run.maxError) <= 1e-12 * max(1, run.maxError))
        #expect(abs(metrics.rmsError - run.rmsError) <= 1e-12 * max(1, run.rmsError))
        #expect(abs(metrics.energyDrift - run.energyDrift) <= 1e-12)
        #expect(metrics.settleTime == run.settleTime())
    }

    /// dopri54 against rkf45 and rkck in one solve: the matched dopri54 tolerance really reaches
    /// the reference's error, and dopri54 needs fewer evaluations than rkf45 at equal tolerance
    /// (measured in SpringSolver's tests too).
    @Test func adaptiveStudyOnTheMenuSpring() throws {
        let spring = try ComparedSpring.menuShow()
        let study = IntegratorComparisonRunner.adaptiveStudy(spring: spring, span: 2)
        #expect(study.equalTolerance.allSatisfy { $0.failure == nil })
        #expect(study.equalTolerance.map(\.solver) == ["dopri54", "gsl-rkck", "gsl-rkf45"])
        let dopri = study.equalTolerance[0], rkf45 = study.equalTolerance[2]
        #expect(dopri.evaluations < rkf45.evaluations)
        #expect(dopri.maxError < 1e-9 * spring.motion.distance)
        for (reference, match) in study.matched {
            let found = try #require(match, "\(reference.solver)")
            #expect(found.maxError <= reference.maxError)
        }
    }

    /// Frame-locked means the same restart for every solver: each frame a fresh GSL driver
    /// (not `reset`, which keeps the last step size) and a fresh dopri54 solver, both from the
    /// first trial step 1e-6 s. Frame 2 is then a fresh solve from frame 1's state.
    @Test func frameLockedRestartsAreFreshAndAlike() throws {
        let spring = try ComparedSpring.menuShow()
        let motion = spring.motion
        let gsl = try GSLSpring(stepper: .rkf45, spring: motion.spring, tolerance: 1e-6)
        let locked = try gsl.adaptiveFrames(motion: motion, hz: 60, frames: 2, restartEveryFrame: true)
        let first = locked.frames[1]
        let driver = try gsl.makeDriver()
        var t = 1.0 / 60
        var y = [first.position - motion.target, first.velocity]
        try driver.apply(t: &t, until: 2.0 / 60, state: &y)
        // Up to the rounding of frame 1's position through the absolute coordinate (a carried
        // step size changes the steps, hence the result at the 1e-6 tolerance's scale).
        #expect(abs(locked.frames[2].position - (motion.target + y[0])) < 1e-10)
        #expect(abs(locked.frames[2].velocity - y[1]) < 1e-10)
        // dopri54's frame-locked row: a fresh solver per frame from the same first step.
        let row = IntegratorComparisonRunner.dopriRow(spring: spring, hz: 60, span: 2.0 / 60, tolerance: 1e-6, mode: .frameLocked, measureTime: false)
        var state = motion.initialState, evaluations = 0
        for index in 1...2 {
            var solver = try DormandPrince54(system: SpringSystem<Double>(spring: motion.spring), time: Double(index - 1) / 60, state: state,
                                             options: .init(relativeTolerance: 1e-6, absoluteTolerance: 1e-6, initialStep: GSLSpring.initialStep))
            state = try solver.integrate(to: Double(index) / 60)
            evaluations += solver.statistics.rhsEvaluations
        }
        #expect(row.evaluationsPerFrame == Double(evaluations) / 2)
    }
}
