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
        #expect(abs(row(rows, .closedForm, 120).lag) < 1e-12)
        // The naive loop: exact at 60 Hz, twice as fast at 120 Hz.
        #expect(row(rows, .naiveTick, 60).maxError < 1e-9)
        #expect(abs(row(rows, .naiveTick, 120).dilation - 1) < 1e-9)
        // react-spring on Chrome's 100 µs clock: 17 ms a 16.6/16.7 ms frame (+2 %), 9 ms an
        // 8.3/8.4 ms frame (+8 %), and 17 ms ahead from its first frame (rafz's 16.667 ms).
        #expect(abs(row(rows, .reactSpring, 60).dilation - 0.02) < 1e-3)
        #expect(abs(row(rows, .reactSpring, 120).dilation - 0.08) < 1e-3)
        #expect(row(rows, .reactSpring, 60).lag < -0.016)
        // Compose plays whole milliseconds: no rate, about half a millisecond behind.
        #expect(abs(row(rows, .compose, 60).dilation) < 1e-3)
        #expect(row(rows, .compose, 60).lag > 0 && row(rows, .compose, 60).lag < 0.001)
        // It settles earlier than the closed form, the naive loop at 120 Hz far earlier.
        let reactShift = try #require(row(rows, .reactSpring, 120).settleShift)
        let naiveShift = try #require(row(rows, .naiveTick, 120).settleShift)
        #expect(reactShift < 0)
        #expect(naiveShift < reactShift)
    }

    @Test(arguments: [BrowserTimer.firefox, .safari])
    func reactSpringOnAMillisecondClockKeepsRealTime(browser: BrowserTimer) throws {
        // Readings in whole ms: ceil(dt) = dt, so no rate; the first frame's 17 ms stays a lead.
        let rows = try EngineClockStudy.run(motion: motion, rates: [60, 120], deliveries: [.vsync], span: 1, browser: browser)
        for hz in [60.0, 120] {
            #expect(abs(row(rows, .reactSpring, hz).dilation) < 1e-3, "\(hz)")
            #expect(abs(row(rows, .reactSpring, hz).lag + 0.017) < 1e-3, "\(hz)")
        }
    }

    @Test func reboundOnFractionalFrameTimesLosesTheRemainderEveryFrame() throws {
        // Rebound master on an exact clock: a frame of 16.667 ms leaves remainders 2/3, 1/3, 0
        // of a step in turn, and the write-back loses 1 − α: (1/3 + 2/3 + 1)/3 ms a frame when
        // the 0 is a binary crumb, ≈ 4 %, at least the 2 % of the exact cycle; at 120 Hz
        // (8.333 ms: 1/3, 2/3, 0) twice as much a second.
        let rows = try EngineClockStudy.run(motion: motion, rates: [60, 120], deliveries: [.vsync], span: 1, browser: .ideal)
        let at60 = row(rows, .reboundPerformanceNow, 60).dilation, at120 = row(rows, .reboundPerformanceNow, 120).dilation
        #expect(at60 < -0.019 && at60 > -0.05)
        #expect(at120 < -0.038 && at120 > -0.1)
        // Rebound 0.1.0 reads Date.now(): whole ms, losing only binary crumbs.
        #expect(abs(row(rows, .rebound, 60).dilation) < 0.01)
    }

    @Test func theClockOptionIsWhatTheCallbackReads() throws {
        // Under load the callback runs late by a random latency: the closed form on `now` is
        // off the closed form on the presentation, on `target` it is exact (on time frames).
        let target = try EngineClockStudy.run(motion: motion, rates: [60], deliveries: [.load(.busy)], span: 1, clock: .target)
        let now = try EngineClockStudy.run(motion: motion, rates: [60], deliveries: [.load(.busy)], span: 1, clock: .now)
        #expect(row(target, .closedForm, 60, "load:busy").clock == .target)
        #expect(row(now, .closedForm, 60, "load:busy").maxError != row(target, .closedForm, 60, "load:busy").maxError)
    }

    @Test func aLeastSquaresLineSplitsRateFromLag() {
        // shown = 1.02·real − 0.005: dilation +2 %, lag 5 ms.
        let real = (0..<50).map { Double($0) / 60 }
        let fit = EngineClockStudy.rate(shown: real.map { 1.02 * $0 - 0.005 }, real: real)
        #expect(abs(fit.dilation - 0.02) < 1e-12)
        #expect(abs(fit.lag - 0.005) < 1e-12)
        #expect(EngineClockStudy.rate(shown: [0.001], real: [0]) == (0, -0.001))
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
