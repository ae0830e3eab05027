import Foundation
import GSLReference
import SpringSolver
import Testing
@testable import Studies

/// Issue 24.4: the nonlinear systems, where GSL is the reference.
@Suite struct NonlinearStudyTests {
    /// Frames at 60 Hz over a system's span.
    static func frames<S: StudiedSystem>(_ system: S) -> [Double] { NonlinearStudy.times(span: system.span, hz: 60) }

    /// The reference (rk8pd at 1e-12, or msbdf for the chain) against its check (rk8pd at 1e-13,
    /// or rk8pd at 1e-12), and dopri54 at 1e-12 against the reference: both within 1e-9 of the
    /// motion's size at every frame.
    func checkAgreement<S: StudiedSystem>(_ system: S) throws {
        let times = Self.frames(system)
        let reference = try GSLSystem(system: system, stepper: system.reference.stepper, tolerance: 1e-12).states(at: times, from: system.initialState).states
        let checkTolerance = system.reference.check == system.reference.stepper ? 1e-13 : 1e-12
        let check = try GSLSystem(system: system, stepper: system.reference.check, tolerance: checkTolerance).states(at: times, from: system.initialState).states
        let dopri = try NonlinearStudy.dopri54Run(system, tolerance: 1e-12, times: times).states
        var spread = 0.0, ours = 0.0
        for index in times.indices {
            spread = max(spread, NonlinearStudy.positionError(reference[index], check[index], system.dimension))
            ours = max(ours, NonlinearStudy.positionError(reference[index], dopri[index], system.dimension))
        }
        #expect(spread <= 1e-9 * system.motionSize, "\(system.name): reference spread \(spread)")
        #expect(ours <= 1e-9 * system.motionSize, "\(system.name): dopri54 at 1e-12 off GSL by \(ours)")
        // The motion is real: it moves by a good part of its size.
        let travel = reference.map { abs($0.displacement.springComponent(0) - system.initialState.displacement.springComponent(0)) }.max() ?? 0
        #expect(travel > 0.5 * system.motionSize)
    }

    @Test func dragSpringAgreesWithGSL() throws { try checkAgreement(StudiedDragSpring()) }
    @Test func pendulumAgreesWithGSL() throws { try checkAgreement(StudiedPendulum()) }
    @Test func duffingAgreesWithGSL() throws { try checkAgreement(StudiedDuffing()) }
    @Test func chainAgreesWithGSL() throws { try checkAgreement(StudiedChain()) }

    /// Closed form: with no quadratic drag the drag spring is the linear damped spring,
    /// `x = target + e^(−λt)(A cos ω_d t + B sin ω_d t)`.
    @Test func dragSpringWithoutDragIsTheLinearSpring() throws {
        var studied = StudiedDragSpring()
        studied.system.quadraticDrag = 0
        let k = studied.system.stiffness, c = studied.system.damping
        let lambda = c / 2, omegaD = (k - lambda * lambda).squareRoot()
        let a = studied.start - studied.system.target, b = lambda * a / omegaD
        let times = Self.frames(studied)
        let reference = try GSLSystem(system: studied, stepper: .rk8pd, tolerance: 1e-12).states(at: times, from: studied.initialState).states
        for (t, state) in zip(times, reference) {
            let exact = studied.system.target + exp(-lambda * t) * (a * cos(omegaD * t) + b * sin(omegaD * t))
            #expect(abs(state.displacement - exact) <= 1e-9 * studied.motionSize, "t = \(t)")
        }
    }

    /// Closed form: a pendulum from 0.001 rad is the harmonic oscillator `θ₀ cos(ω t)` with the
    /// amplitude's frequency shift `ω = √(g/L)·(1 − θ₀²/16)` (Lindstedt–Poincaré); what is left is
    /// the third harmonic, `θ₀³/192 ≈ 5e-12` rad, and an `O(θ₀⁴)` frequency error. Without the
    /// shift the phase drifts by `ωtθ₀²/16 ≈ 2.5e-6 θ₀` over 4 s, which the check sees.
    @Test func smallAnglePendulumIsHarmonic() throws {
        var studied = StudiedPendulum()
        studied.system.damping = 0
        studied.startAngle = 0.001
        let omega = studied.system.smallAngleFrequency * (1 - 0.001 * 0.001 / 16)
        let times = Self.frames(studied)
        let reference = try GSLSystem(system: studied, stepper: .rk8pd, tolerance: 1e-12).states(at: times, from: studied.initialState).states
        for (t, state) in zip(times, reference) {
            #expect(abs(state.displacement - 0.001 * cos(omega * t)) <= 2e-8 * 0.001, "t = \(t)")
            #expect(abs(state.displacement - 0.001 * cos(studied.system.smallAngleFrequency * t)) <= 3e-6 * 0.001, "t = \(t)")
        }
    }

    /// Closed form: the undamped Duffing spring conserves `½v² + ½kx² + ¼k₃x⁴`; the reference
    /// and dopri54 at 1e-12 keep it to 1e-9 of itself.
    @Test func undampedDuffingConservesEnergy() throws {
        var studied = StudiedDuffing()
        studied.system.damping = 0
        let times = Self.frames(studied)
        let start = studied.energy(at: 0, of: studied.initialState)
        let reference = try GSLSystem(system: studied, stepper: .rk8pd, tolerance: 1e-12).states(at: times, from: studied.initialState).states
        let dopri = try NonlinearStudy.dopri54Run(studied, tolerance: 1e-12, times: times).states
        for index in times.indices {
            #expect(abs(studied.energy(at: times[index], of: reference[index]) - start) <= 1e-9 * start)
            #expect(abs(studied.energy(at: times[index], of: dopri[index]) - start) <= 1e-9 * start)
        }
    }

    /// Each method's order is visible: the error falls by about 2ᵖ when the step halves. Rates
    /// high enough for the leading term to dominate on every system (the chain's fast modes need
    /// small steps before the explicit methods even converge).
    func checkOrders<S: StudiedSystem>(_ system: S, rates: (Double, Double), expected: [IntegratorKind: ClosedRange<Double>]) throws {
        let reference = GSLSystem(system: system, stepper: system.reference.stepper, tolerance: 1e-12)
        // The reference at each rate's frames once, for every method (on the chain it was most
        // of this test's time, computed again for each).
        func exact(_ hz: Double) throws -> [SpringState<S.Vector>] {
            try reference.states(at: NonlinearStudy.times(span: system.span, hz: hz), from: system.initialState).states
        }
        let exacts = (try exact(rates.0), try exact(rates.1))
        func error(_ kind: IntegratorKind, _ hz: Double, _ exact: [SpringState<S.Vector>]) throws -> Double {
            let run = try NonlinearStudy.fixedRun(system, kind: kind, hz: hz)
            return zip(run.states, exact).map { NonlinearStudy.positionError($0.0, $0.1, system.dimension) }.max() ?? .nan
        }
        for (kind, range) in expected {
            let order = log2(try error(kind, rates.0, exacts.0) / error(kind, rates.1, exacts.1))
            #expect(range.contains(order), "\(system.name) \(kind): observed order \(order)")
        }
    }

    @Test func ordersOnThePendulum() throws {
        try checkOrders(StudiedPendulum(), rates: (960, 1920), expected: [
            .explicitEuler: 0.8...1.2, .semiImplicitEuler: 0.8...1.2, .implicitEuler: 0.8...1.2,
            .velocityVerlet: 1.8...2.2, .trapezoidal: 1.8...2.2, .rk4: 3.7...4.3,
        ])
    }

    @Test func ordersOnTheDuffingSpring() throws {
        try checkOrders(StudiedDuffing(), rates: (960, 1920), expected: [
            .explicitEuler: 0.8...1.2, .semiImplicitEuler: 0.8...1.2, .implicitEuler: 0.8...1.2,
            .velocityVerlet: 1.8...2.2, .trapezoidal: 1.8...2.2, .rk4: 3.7...4.3,
        ])
    }

    @Test func ordersOnTheChain() throws {
        try checkOrders(StudiedChain(), rates: (960, 1920), expected: [
            .explicitEuler: 0.8...1.2, .semiImplicitEuler: 0.8...1.2, .implicitEuler: 0.8...1.2,
            .velocityVerlet: 1.8...2.2, .trapezoidal: 1.8...2.2, .rk4: 3.7...4.3,
        ])
    }

    /// The drag `x′|x′|` has a second derivative that jumps at every turnaround, so the motion
    /// is not smooth enough there for rk4's fourth order: its error ratio on halving wanders
    /// between about 2³ and 2⁵ with where the turnarounds fall in the steps (2.8 at 240 Hz, 4.7
    /// at 960 Hz); the low-order methods do not notice.
    @Test func ordersOnTheDragSpring() throws {
        try checkOrders(StudiedDragSpring(), rates: (960, 1920), expected: [
            .explicitEuler: 0.8...1.2, .semiImplicitEuler: 0.8...1.2, .implicitEuler: 0.8...1.2,
            .velocityVerlet: 1.8...2.2, .trapezoidal: 1.8...2.2, .rk4: 2.5...5.0,
        ])
    }

    /// The whole study on the pendulum: every method at every rate, the adaptive sweep, the
    /// matched comparison with its one-step constants, and no NaN anywhere.
    @Test func pendulumStudy() throws {
        let study = try NonlinearStudy.run(.pendulum)
        #expect(study.fixed.count == SystemStepper<StudiedPendulum>.kinds.count * 3)
        #expect(study.referenceSpread <= 1e-9)
        #expect(study.adaptive.count == 16)
        for row in study.fixed + study.adaptive {
            if let error = row.maxError { #expect(error.isFinite && error >= 0, "\(row.method) \(row.hz)") } else { #expect(row.divergedAt != nil) }
        }
        let matched = try #require(study.matched)
        #expect(matched.ratio.isFinite && matched.ratio > 0)
        #expect(matched.localErrorRatio.isFinite && matched.predictedRatio.isFinite)
        // rk4 at 240 Hz is far below a thousandth of the swing; explicit Euler at 60 Hz is not.
        let rk4 = try #require(study.fixed.first { $0.method == "rk4" && $0.hz == 240 })
        #expect((rk4.relativeError ?? 1) < 1e-4)
        let euler = try #require(study.fixed.first { $0.method == "explicit-euler" && $0.hz == 60 })
        #expect(euler.relativeError.map { $0 > 1e-2 } ?? true)
    }

    /// The stiff chain at 60 Hz: the explicit methods blow up, the implicit ones do not.
    @Test func chainIsStiffAtSixtyHertz() throws {
        let system = StudiedChain()
        for kind in [IntegratorKind.explicitEuler, .rk4] {
            #expect(try NonlinearStudy.fixedRun(system, kind: kind, hz: 60).divergedAt != nil, "\(kind)")
        }
        for kind in [IntegratorKind.implicitEuler, .trapezoidal] {
            #expect(try NonlinearStudy.fixedRun(system, kind: kind, hz: 60).divergedAt == nil, "\(kind)")
        }
    }
}
