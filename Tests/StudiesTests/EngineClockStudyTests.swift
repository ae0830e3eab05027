import Motion
import SpringSolver
import Testing

@testable import Studies

/// The engine study on cases computable by hand.
@Suite struct EngineClockStudyTests {
    let motion = try! SpringMotion(spring: try! DampedSpring(mass: 1, stiffness: 200, damping: 20), from: 0, to: 100)

    func row(_ rows: [EngineClockRow], _ engine: SpringEngine, _ hz: Double, _ delivery: String = "vsync") -> EngineClockRow {
        rows.first { $0.engine == engine && $0.hz == hz && $0.delivery == delivery }!
    }

    @Test func underVsyncEachSchemeDilatesAsItsRuleSays() throws {
        let rows = try EngineClockStudy.run(motion: motion, rates: [60, 120], deliveries: [.vsync], span: 1)
        // The closed form on the target time is exact on screen.
        #expect(row(rows, .closedForm, 60).maxError < 1e-9)
        #expect(abs(row(rows, .closedForm, 120).dilation) < 1e-9)
        // The naive loop: exact at 60 Hz, twice as fast at 120 Hz.
        #expect(row(rows, .naiveTick, 60).maxError < 1e-9)
        #expect(abs(row(rows, .naiveTick, 120).dilation - 1) < 1e-9)
        // react-spring: 17 ms a 16.67 ms frame (+2 %), 9 ms an 8.33 ms frame (+8 %).
        #expect(abs(row(rows, .reactSpring, 60).dilation - 0.02) < 1e-9)
        #expect(abs(row(rows, .reactSpring, 120).dilation - 0.08) < 1e-9)
        // It settles earlier than the closed form, the naive loop at 120 Hz far earlier.
        let reactShift = try #require(row(rows, .reactSpring, 120).settleShift)
        let naiveShift = try #require(row(rows, .naiveTick, 120).settleShift)
        #expect(reactShift < 0)
        #expect(naiveShift < reactShift)
    }

    @Test func reboundLosesTheTimeOfAStallBeyond64Milliseconds() throws {
        // Every frame a 100 ms stall at depth 1: each frame's elapsed time is clamped to 64 ms.
        let stall = try LoadProfile(
            name: "stall", typicalCost: 0.1, jitter: 0, spikeProbability: 0, spikeCost: 0, callbackLatency: 0)
        let rows = try EngineClockStudy.run(motion: motion, rates: [60], deliveries: [.load(stall)], span: 2)
        #expect(row(rows, .rebound, 60, "load:stall").dilation < -0.2)
        #expect(abs(row(rows, .closedForm, 60, "load:stall").dilation) < 0.1)
    }

    @Test func aSpringTooStiffForMillisecondStepsDivergesAndSaysWhen() throws {
        // ω₀ = 10⁴ rad/s: ω₀·1 ms = 10, beyond semi-implicit Euler's and RK4's stability (2 and
        // 2.8): both blow up within the first frames; the closed form does not.
        let stiff = try SpringMotion(spring: try DampedSpring(mass: 1, stiffness: 1e8, damping: 10), from: 0, to: 100)
        let rows = try EngineClockStudy.run(motion: stiff, rates: [60], deliveries: [.vsync], span: 1)
        for engine in [SpringEngine.reactSpring, .rebound] {
            let diverged = row(rows, engine, 60)
            #expect(diverged.divergedAt != nil && diverged.maxError == .infinity, "\(engine)")
            #expect(diverged.dilation.isFinite)
        }
        #expect(row(rows, .closedForm, 60).divergedAt == nil)
        #expect(row(rows, .closedForm, 60).maxError < 1e-6)
    }
}
