import Foundation
import Testing
@testable import SpringSolver

@Suite struct SimulationTests {
    @Test func frameCountAndTimes() throws {
        let motion = try Menu.showMotion
        let run = try SpringSimulation.run(motion, integrator: .exact, frameRate: 60, duration: 2)
        #expect(run.frames.count == 121)
        #expect(run.frames.first?.position == 667)
        #expect(run.frames.last?.time == 2)
        #expect(run.frames[37].time == 37.0 / 60)
        #expect(run.isStable && run.rest == nil)
        #expect(run.maxError < 1e-11)
        #expect(abs(run.energyDrift) < 1e-12)
        // a zero duration is the initial frame alone
        #expect(try SpringSimulation.run(motion, integrator: .rk4, frameRate: 60, duration: 0).frames.count == 1)
    }

    /// Substeps make a method more accurate: rk4's error at 60 Hz falls by about 2⁴ per
    /// doubling of the substeps.
    @Test func substepsImproveAccuracy() throws {
        let motion = try Menu.showMotion
        let errors = try [1, 2, 4].map {
            try SpringSimulation.run(motion, integrator: .rk4, frameRate: 60, substeps: $0, duration: 1.5).maxError
        }
        #expect(errors[0] / errors[1] > 12 && errors[1] / errors[2] > 12, "\(errors)")
    }

    /// Every method runs the menu spring at 60 and 120 Hz without diverging, and its error
    /// is ordered as its order says.
    @Test(arguments: IntegratorKind.allCases, [60.0, 120.0])
    func everyMethodRunsTheMenu(kind: IntegratorKind, rate: Double) throws {
        let run = try SpringSimulation.run(try Menu.showMotion, integrator: kind, frameRate: rate, duration: 2)
        #expect(run.isStable)
        #expect(run.frames.count == Int(2 * rate) + 1)
        switch kind {
        case .exact: #expect(run.maxError < 1e-10)
        case .dopri54: #expect(run.maxError < 1e-6)
        case .rk4: #expect(run.maxError < 0.5)
        default: #expect(run.maxError < 60)
        }
        #expect(run.frames.allSatisfy { $0.position.isFinite && $0.velocity.isFinite })
        #expect((run.statistics != nil) == (kind == .dopri54))
    }

    /// Rest detection: the run stops on the first frame within 0.5 pt and 31.25 pt/s, snaps
    /// to the target and reports the jump.
    @Test func restDetectionAndSnap() throws {
        let motion = try Menu.showMotion
        let run = try SpringSimulation.run(motion, integrator: .exact, frameRate: 60, duration: 5, stopAtRest: true)
        let rest = try #require(run.rest)
        #expect(rest.frameIndex == run.frames.count - 1)
        #expect(run.frames.last?.position == 459)
        #expect(run.frames.last?.velocity == 0)
        #expect(rest.snapDistance > 0 && rest.snapDistance <= 0.5)
        #expect(abs(rest.snap + (rest.positionBeforeSnap - 459)) < 1e-12)
        #expect(abs(rest.positionBeforeSnap - motion.position(at: rest.time)) < 1e-9)
        // the frame before was not at rest
        let before = motion.state(at: Double(rest.frameIndex - 1) / 60)
        #expect(!RestCriteria.default.isAtRest(before))
        #expect(run.settleTime() == rest.time)
        // the exact settle time (for good) is no later than the first rest frame here, and
        // within a frame of it
        #expect(abs(motion.settleTime() - rest.time) <= 1.0 / 60 + 1e-9)
    }

    @Test func settleTimeFromFramesWithoutStopping() throws {
        let motion = try Menu.showMotion
        let run = try SpringSimulation.run(motion, integrator: .exact, frameRate: 120, duration: 3)
        let settle = try #require(run.settleTime())
        #expect(settle >= motion.settleTime() - 1e-9)
        #expect(settle <= motion.settleTime() + 1.0 / 120 + 1e-9)
        // not settled within a too-short run
        #expect(try SpringSimulation.run(motion, integrator: .exact, frameRate: 120, duration: 0.2).settleTime() == nil)
    }

    /// The stiff reading of the menu's dismiss (ζ 100 kept, ω₀ ≈ 1727 rad/s) makes explicit
    /// methods diverge at 60 Hz: reported with its time, no NaN frame; implicit ones are fine.
    @Test(arguments: IntegratorKind.allCases)
    func stiffDismissDivergence(kind: IntegratorKind) throws {
        let mapping = try EnvelopeDecayMapping(overdamping: .slowestMode)
        let dismiss = try UIKitSpringParameters(duration: 0.8, dampingRatio: 100)
        let motion = try dismiss.motion(from: Menu.open, to: Menu.closed, mapping: mapping)
        // dopri54 is explicit too: stable, but held to ~1e-5 s steps by the fast mode
        let run = try SpringSimulation.run(motion, integrator: kind, frameRate: 60, duration: kind == .dopri54 ? 0.25 : 1)
        #expect(run.frames.allSatisfy { $0.position.isFinite && $0.velocity.isFinite })
        switch kind {
        case .explicitEuler, .semiImplicitEuler, .velocityVerlet, .rk4:
            let divergence = try #require(run.divergence)
            #expect(divergence.time > 0 && divergence.time <= 1.0 / 60 * 2)
            #expect(divergence.frameIndex == run.frames.count)
            #expect(!run.isStable)
            #expect(run.settleTime() == nil)
        case .implicitEuler, .trapezoidal, .exact, .dopri54:
            #expect(run.isStable)
            // never above the initial energy (implicit Euler does sit above the exact energy:
            // it damps the slow mode less, 1/(1 + sh) per step against e^(−sh))
            let initial = motion.spring.energy(of: motion.initialState)
            for frame in run.frames {
                let state = SpringState(displacement: frame.position - motion.target, velocity: frame.velocity)
                #expect(motion.spring.energy(of: state) <= initial * (1 + 1e-12))
            }
            if kind == .dopri54 { #expect((run.statistics?.rhsEvaluations ?? 0) > 10_000) }
        }
    }

    @Test func explicitEulerOnAnUndampedSpringDivergesByEnergyGrowth() throws {
        let motion = try SpringMotion(spring: spring(omega: 14.4, zeta: 0), from: 1.0, to: 0.0)
        let run = try SpringSimulation.run(motion, integrator: .explicitEuler, frameRate: 60, duration: 10)
        let divergence = try #require(run.divergence)
        #expect(divergence.reason == .energyGrowth)
        // energy grows by 1 + ω₀²h² per step: 100× after ln(100)/ln(1.0576) ≈ 82 steps
        #expect(abs(divergence.time - 82.0 / 60) < 2.0 / 60)
        #expect(run.energyDrift > 50)
    }

    @Test func twoDimensionalRun() throws {
        let spring = try Menu.show.spring()
        let motion = try SpringMotion(spring: spring, from: SIMD2(0.0, 667.0), to: SIMD2(100.0, 459.0), initialVelocity: SIMD2(0, -124.8))
        for kind in IntegratorKind.allCases {
            let run = try SpringSimulation.run(motion, integrator: kind, frameRate: 120, duration: 1.5, stopAtRest: true)
            #expect(run.isStable)
            let rest = try #require(run.rest, "\(kind)")
            #expect(rest.snapDistance <= 0.5)
            #expect(run.frames.last?.position == SIMD2(100.0, 459.0))
        }
    }

    @Test func badRunInput() throws {
        let motion = try Menu.showMotion
        #expect(throws: SpringError.self) { try SpringSimulation.run(motion, integrator: .rk4, frameRate: 0, duration: 1) }
        #expect(throws: SpringError.self) { try SpringSimulation.run(motion, integrator: .rk4, frameRate: .nan, duration: 1) }
        #expect(throws: SpringError.self) { try SpringSimulation.run(motion, integrator: .rk4, frameRate: 60, substeps: 0, duration: 1) }
        #expect(throws: SpringError.self) { try SpringSimulation.run(motion, integrator: .rk4, frameRate: 60, duration: -1) }
        #expect(throws: SpringError.self) { try SpringSimulation.run(motion, integrator: .rk4, frameRate: 60, duration: .infinity) }
    }

    /// `duration × frameRate` beyond ``SpringSimulation/maximumFrames`` is an error, not a trap
    /// converting 1e302 to Int or an allocation of 1e302 frames; at the cap a run stopping at
    /// rest allocates only what it uses.
    @Test(arguments: [1e300, 10_000.1, Double.greatestFiniteMagnitude])
    func tooManyFramesIsAnError(duration: Double) throws {
        let motion = try Menu.showMotion
        #expect(throws: SpringError.invalidParameter(name: "duration × frame rate", value: (duration * 1000 * (1 + 1e-12)).rounded(.down),
                                                     expected: "at most 10000000 frames")) {
            try SpringSimulation.run(motion, integrator: .exact, frameRate: 1000, duration: duration, stopAtRest: true)
        }
    }

    @Test func theFrameCapItselfIsAllowed() throws {
        let motion = try Menu.showMotion
        let run = try SpringSimulation.run(motion, integrator: .exact, frameRate: 1000, duration: 10_000, stopAtRest: true)
        #expect(run.frames.count > 100 && run.frames.count < 2000)
    }

    /// The frame stepper, driven by hand, matches the batch run.
    @Test func frameStepperMatchesRun() throws {
        let motion = try Menu.showMotion
        var stepper = try FrameStepper(motion: motion, integrator: .trapezoidal, frameRate: 60, substeps: 3, rest: nil)
        let run = try SpringSimulation.run(motion, integrator: .trapezoidal, frameRate: 60, substeps: 3, duration: 1)
        for index in 1...60 {
            let frame = try #require(try stepper.advanceFrame())
            #expect(frame == run.frames[index])
        }
        #expect(stepper.time == 1)
    }
}
