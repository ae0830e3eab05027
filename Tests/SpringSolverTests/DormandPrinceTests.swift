import Foundation
import Testing
import GSLReference
@testable import SpringSolver

@Suite struct DormandPrinceTests {
    static func menuSolver(options: DormandPrince54Options = .init()) throws -> DormandPrince54<SpringSystem<Double>> {
        let motion = try Menu.showMotion
        return try DormandPrince54(system: SpringSystem<Double>(spring: motion.spring), time: 0,
                                   state: motion.initialState, options: options)
    }

    /// Over 2 s of the menu's show spring at rtol = atol = 1e-9, dopri54 meets the tolerance,
    /// and beats GSL's rkf45 on both counts: fewer right-hand-side evaluations and a smaller
    /// error at t = 2.
    ///
    /// GSL's rkck is *not* beaten on this problem in a single 2 s run (about 2170 against 1890
    /// evaluations); ``oneStepConstantsAgainstCashKarp(step:)`` measures why.
    @Test func reachesTheToleranceAndBeatsRKF45() throws {
        let motion = try Menu.showMotion
        let exact = motion.state(at: 2)
        var solver = try Self.menuSolver()
        let end = try solver.integrate(to: 2)
        #expect(solver.time == 2)
        let error = abs(end.displacement - exact.displacement)
        #expect(error < 1e-9 * motion.distance, "dopri54 error \(error)")
        let evaluations = solver.statistics.rhsEvaluations
        #expect(evaluations == 6 * (solver.statistics.acceptedSteps + solver.statistics.rejectedSteps) + 2)
        let (states, gslEvaluations) = try gslSolve(motion, stepper: .rkf45, at: [2], absoluteTolerance: 1e-9, relativeTolerance: 1e-9)
        let gslError = abs(states[0].displacement - exact.displacement)
        #expect(evaluations < gslEvaluations, "dopri54 \(evaluations) vs rkf45 \(gslEvaluations) evaluations")
        #expect(error <= gslError, "dopri54 error \(error) vs rkf45 \(gslError)")
    }

    /// Why dopri54 cannot beat GSL's rkck in evaluations on a linear spring, measured on both
    /// implementations: one step of `h` from the menu's start, against the closed form.
    ///
    /// On `y′ = Ay` every Runge–Kutta step is a polynomial in `hA`, so both errors are fixed
    /// multiples of `(hA)⁶y₀` and `(hA)⁵y₀`. From the tableaux (Dormand & Prince 1980; Cash &
    /// Karp 1990): the propagated 5th-order solutions err by `(1/600 − 1/720)·z⁶ = z⁶/3600`
    /// (DP) and `−z⁶/7200` (CK) — dopri54 is 2× less accurate per step — and the embedded
    /// estimates are `−97/120000·z⁵` (DP) and `−0.000225·z⁵` (CK): dopri54's is 3.59× larger.
    /// Hence, with the same step control:
    /// - equal tolerance: dopri54's steps are 3.59^(1/5) = 1.29× shorter; at 6 evaluations per
    ///   step against GSL's 7 (its driver also evaluates `f` at the new point) that is 1.10×
    ///   the evaluations — measured 2168 against 1891;
    /// - matched error: 2^(1/5) = 1.15× shorter steps, × 6/7 = 0.985: a tie that step-control
    ///   details decide, and on this spring they decide for rkck (`bench integrators` prints
    ///   the matched-error search: dopri54 needs about 2050 evaluations at rkck's error).
    /// Nonlinear problems, where DP5's tuned error coefficients pay off, are another matter.
    @Test(arguments: [1.0 / 400, 1.0 / 800])
    func oneStepConstantsAgainstCashKarp(step h: Double) throws {
        let motion = try Menu.showMotion
        let exact = motion.state(at: h)
        func largest(_ values: [Double]) -> Double { values.map(abs).max() ?? .nan }

        var dopri = try DormandPrince54(
            system: SpringSystem<Double>(spring: motion.spring), time: 0, state: motion.initialState,
            options: DormandPrince54Options(relativeTolerance: 1, absoluteTolerance: 1, initialStep: h, maximumStep: h))
        try dopri.step()
        #expect(dopri.time == h && dopri.statistics.rejectedSteps == 0)
        let dopriError = largest([dopri.state.displacement - exact.displacement, dopri.state.velocity - exact.velocity])
        let dopriEstimate = largest([dopri.lastErrorEstimate.displacement, dopri.lastErrorEstimate.velocity])

        let omega2 = motion.spring.stiffnessPerMass, gamma = motion.spring.dampingPerMass
        let rkck = try GSLODEDriver(stepper: .rkck, dimension: 2, initialStep: h, absoluteTolerance: 1, relativeTolerance: 1,
                                    rhs: { _, y, dydt in dydt[0] = y[1]; dydt[1] = -omega2 * y[0] - gamma * y[1] })
        var t = 0.0
        var y = [motion.initialState.displacement, motion.initialState.velocity]
        try rkck.step(t: &t, by: h, state: &y)
        let rkckError = largest([y[0] - exact.displacement, y[1] - exact.velocity])
        let rkckEstimate = largest(rkck.lastErrorEstimate)

        // Leading terms; the next order shifts the ratios by |z| ≈ 0.036 at h = 1/400 (a few %).
        #expect(abs(dopriError / rkckError - 2) < 0.2, "local error ratio \(dopriError / rkckError)")
        #expect(abs(dopriEstimate / rkckEstimate - 3.59) < 0.25, "estimate ratio \(dopriEstimate / rkckEstimate)")
        // The estimates really are of the 4th-order solutions: far above the 5th-order errors.
        #expect(dopriEstimate > 20 * dopriError && rkckEstimate > 20 * rkckError)
    }

    /// Sampling 120 Hz frames costs dopri54 nothing extra (dense output: the same evaluations
    /// as the plain 2 s run), where GSL's driver must land on every frame: dopri54 then uses
    /// fewer evaluations than both rkck and rkf45, every frame within the tolerance's scale.
    @Test func framesFromDenseOutputCostLessThanGSL() throws {
        let motion = try Menu.showMotion
        let times = (1...240).map { Double($0) / 120 }
        var sampled = try Self.menuSolver()
        var worst = 0.0
        for t in times {
            worst = max(worst, abs(try sampled.state(at: t).displacement - motion.state(at: t).displacement))
        }
        var plain = try Self.menuSolver()
        _ = try plain.integrate(to: 2)
        #expect(sampled.statistics.rhsEvaluations <= plain.statistics.rhsEvaluations)
        #expect(worst < 1e-9 * motion.distance, "worst frame error \(worst)")
        for stepper in [GSLStepper.rkck, .rkf45] {
            let (_, gslEvaluations) = try gslSolve(motion, stepper: stepper, at: times, absoluteTolerance: 1e-9, relativeTolerance: 1e-9)
            #expect(sampled.statistics.rhsEvaluations < gslEvaluations, "\(stepper): \(gslEvaluations)")
        }
    }

    /// Tolerance proportionality: the error follows the tolerance over six decades.
    @Test(arguments: [1e-4, 1e-6, 1e-8, 1e-10])
    func errorFollowsTheTolerance(tolerance: Double) throws {
        let motion = try SpringMotion(spring: spring(omega: 2 * .pi / 0.2, zeta: 0.15), from: 1.0, to: 0.0)
        var solver = try DormandPrince54(
            system: SpringSystem<Double>(spring: motion.spring), time: 0, state: motion.initialState,
            options: DormandPrince54Options(relativeTolerance: tolerance, absoluteTolerance: tolerance))
        let end = try solver.integrate(to: 1)
        let error = abs(end.displacement - motion.position(at: 1))
        #expect(error < 30 * tolerance, "error \(error) at tolerance \(tolerance)")
    }

    /// The dense output between steps is as accurate as the steps (4th-order continuous
    /// extension): frames sampled from it stay within a small multiple of the tolerance.
    @Test func denseOutputIsAccurate() throws {
        let motion = try Menu.showMotion
        var solver = try DormandPrince54(
            system: SpringSystem<Double>(spring: motion.spring), time: 0, state: motion.initialState,
            options: DormandPrince54Options(relativeTolerance: 1e-8, absoluteTolerance: 1e-8))
        var worst = 0.0
        for k in 1...240 {
            let t = Double(k) / 120
            let state = try solver.state(at: t)
            worst = max(worst, abs(state.displacement - motion.state(at: t).displacement))
        }
        #expect(worst < 1e-8 * motion.distance, "worst \(worst)")
        #expect(throws: SpringError.self) { try solver.state(at: 0) }
    }

    /// A general first-order system: y′ = −y from 1 is e^(−t); and a 2-D spring.
    @Test func generalSystems() throws {
        var decay = try DormandPrince54(system: ClosureSystem<Double> { _, y in -y }, time: 0, state: 1.0)
        #expect(abs(try decay.integrate(to: 3) - exp(-3)) < 5e-9)

        let spring = try spring(omega: 8, zeta: 0.3)
        let motion = try SpringMotion(spring: spring, from: SIMD2(1.0, 2.0), to: .zero, initialVelocity: SIMD2(0, -3))
        var plane = try DormandPrince54(system: SpringSystem<SIMD2<Double>>(spring: spring), time: 0, state: motion.initialState)
        let end = try plane.integrate(to: 1.5)
        let exact = motion.state(at: 1.5)
        #expect(abs(end.displacement.x - exact.displacement.x) < 1e-8)
        #expect(abs(end.displacement.y - exact.displacement.y) < 1e-8)
    }

    @Test func badOptions() throws {
        let system = SpringSystem<Double>(spring: try spring(omega: 1, zeta: 1))
        let state = SpringState(displacement: 1.0, velocity: 0)
        #expect(throws: SpringError.self) { try DormandPrince54(system: system, time: 0, state: state, options: .init(relativeTolerance: 0)) }
        #expect(throws: SpringError.self) { try DormandPrince54(system: system, time: 0, state: state, options: .init(absoluteTolerance: -1)) }
        #expect(throws: SpringError.self) { try DormandPrince54(system: system, time: 0, state: state, options: .init(initialStep: 0)) }
        #expect(throws: SpringError.self) { try DormandPrince54(system: system, time: 0, state: state, options: .init(safetyFactor: 1)) }
        #expect(throws: SpringError.self) { try DormandPrince54(system: system, time: .nan, state: state) }
        #expect(throws: SpringError.self) { try DormandPrince54(system: system, time: 0, state: SpringState(displacement: .nan, velocity: 0)) }
        var capped = try DormandPrince54(system: system, time: 0, state: state, options: .init(maximumSteps: 3))
        #expect(throws: SpringError.self) { try capped.integrate(to: 100) }
    }

    /// A right-hand side that blows up in finite time is reported, not returned as NaN.
    @Test func blowUpIsAnError() throws {
        var solver = try DormandPrince54(system: ClosureSystem<Double> { _, y in y * y }, time: 0, state: 1.0)
        // y = 1/(1 − t) blows up at t = 1
        do {
            let y = try solver.integrate(to: 2)
            Issue.record("returned \(y)")
        } catch let error as SpringError {
            guard case let .integrationFailed(time, _) = error else { Issue.record("\(error)"); return }
            #expect(time > 0.99 && time <= 1)
        }
    }

    /// The weighted RMS norm never overflows or divides 0 by 0: ratios past 1e154 (whose squares
    /// overflow) give their true RMS, and a zero component with zero scale (atol = 0) counts 0.
    @Test func errorNormScalesBeforeSquaring() throws {
        let system = SpringSystem<Double>(spring: try spring(omega: 1, zeta: 0.5))
        let solver = try DormandPrince54(system: system, time: 0, state: SpringState(displacement: 1.0, velocity: 0),
                                         options: .init(relativeTolerance: 1e-9, absoluteTolerance: 1e-9))
        let zero = SpringState(displacement: 0.0, velocity: 0)
        let huge = solver.errorNorm(SpringState(displacement: 1e200, velocity: 1e200), zero, zero)
        #expect(abs(huge - 1e209) <= 1e-12 * 1e209, "\(huge)")
        let relativeOnly = try DormandPrince54(system: system, time: 0, state: SpringState(displacement: 1.0, velocity: 0),
                                               options: .init(relativeTolerance: 1e-6, absoluteTolerance: 0))
        #expect(relativeOnly.errorNorm(zero, zero, zero) == 0)
        #expect(relativeOnly.errorNorm(SpringState(displacement: 0.0, velocity: 1e-300), zero, zero) == .infinity)
    }

    /// atol = 0 (pure relative control) on a motion starting at rest: the zero velocity
    /// component no longer makes the first-step estimate or the norm NaN.
    @Test func pureRelativeToleranceIntegrates() throws {
        let motion = try SpringMotion(spring: try spring(omega: 10, zeta: 0.5), from: 1.0, to: 0.0)
        var solver = try DormandPrince54(system: SpringSystem<Double>(spring: motion.spring), time: 0, state: motion.initialState,
                                         options: .init(relativeTolerance: 1e-8, absoluteTolerance: 0))
        let end = try solver.integrate(to: 0.3)
        #expect(abs(end.displacement - motion.state(at: 0.3).displacement) < 1e-6)
    }

    /// A stiff but legal spring over a span short enough for it: ω₀ = 1e15 needs steps of
    /// ~1e-16 s, below the old fixed 1e-14 s floor; the floor is now relative to the time and
    /// the span, so the solve succeeds. An impossible one (ω₀ = 1e100 over 1 s) still fails
    /// at once, with a message saying why.
    @Test func stepFloorIsRelativeToTheSpan() throws {
        let motion = try SpringMotion(spring: try spring(omega: 1e15, zeta: 0.3), from: 1.0, to: 0.0)
        var solver = try DormandPrince54(system: SpringSystem<Double>(spring: motion.spring), time: 0, state: motion.initialState,
                                         options: .init(relativeTolerance: 1e-8, absoluteTolerance: 1e-8))
        let end = try solver.integrate(to: 2e-15)
        #expect(abs(end.displacement - motion.state(at: 2e-15).displacement) < 1e-6)
        let impossible = try SpringMotion(spring: try DampedSpring(stiffness: 1e200, damping: 0), from: 1.0, to: 0.0)
        var stiff = try DormandPrince54(system: SpringSystem<Double>(spring: impossible.spring), time: 0, state: impossible.initialState)
        do {
            _ = try stiff.integrate(to: 1)
            Issue.record("integrated ω₀ = 1e100 over 1 s")
        } catch let error as SpringError {
            // The step underflows at once: the failure is at the start, after few steps (no step cap).
            guard case .integrationFailed(let time, _) = error else { Issue.record("\(error)"); return }
            #expect(time < 1e-9, "\(error)")
            #expect(stiff.statistics.acceptedSteps + stiff.statistics.rejectedSteps < 1000)
        }
    }
}
