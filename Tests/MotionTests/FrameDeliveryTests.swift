import SpringSolver
import Testing

@testable import Motion

/// Frames as a display delivers them: the display-link model on loads computed by hand, the
/// clocks, the on-screen error, and ordinary motions that must stay smooth under vsync.
@Suite struct FrameDeliveryTests {
    /// A load with one fixed cost and no spikes or callback delay.
    func fixed(_ cost: Double, depth: Int = 1) throws -> LoadProfile {
        try LoadProfile(
            name: "fixed", typicalCost: cost, jitter: 0, spikeProbability: 0, spikeCost: 0, callbackLatency: 0,
            pipelineDepth: depth)
    }

    func close(_ a: Double, _ b: Double) -> Bool { abs(a - b) < 1e-9 }

    @Test func vsyncShowsEveryFrameAtItsTarget() throws {
        let delivery = try FrameDelivery.simulate(.vsync, hz: 60, span: 1)
        #expect(delivery.frames.count == 61)
        for (k, frame) in delivery.frames.enumerated() {
            #expect(close(frame.timestamp, Double(k) / 60))
            #expect(close(frame.presentation, Double(k + 1) / 60))
            #expect(frame.hitch == 0)
        }
        let platform = PlatformMetrics(frames: delivery.frames)
        #expect(platform.apple.hitchTimeRatio == 0)
        #expect(platform.android.jankCount == 0)
        #expect(platform.chrome.max == 0)
    }

    @Test func aLightCostIsNeverLate() throws {
        let delivery = try FrameDelivery.simulate(.load(try fixed(0.010)), hz: 60, span: 1)
        #expect(delivery.frames.allSatisfy { $0.hitch == 0 })
        #expect(delivery.frames.allSatisfy { close($0.presentation - $0.timestamp, 1.0 / 60) })
    }

    @Test func oneAndAHalfFramesAtDepthTwoIsOnTimeButDropsEveryThirdSlot() throws {
        // 25 ms frames at 60 Hz, two in flight: presented at vsyncs 2, 3, 5, 6, 8, 9, … (worked
        // out in FrameDelivery's model): never late for Apple, a third of the slots dropped
        // for Chrome.
        let delivery = try FrameDelivery.simulate(.load(try fixed(0.025, depth: 2)), hz: 60, span: 1)
        let vsyncs = delivery.frames.prefix(6).map { ($0.presentation * 60).rounded() }
        #expect(vsyncs == [2, 3, 5, 6, 8, 9])
        let platform = PlatformMetrics(frames: delivery.frames)
        #expect(platform.apple.hitchTimeRatio == 0)
        #expect(abs(platform.chrome.median - 100.0 / 3) < 2)
        // Each frame costs 1.5 intervals: under JankStats' 2×, none is jank.
        #expect(platform.android.jankCount == 0)
    }

    @Test(arguments: [(1, 30.0), (2, 50.0)])
    func aFrameOverItsBudgetIsLate(depth: Int, rate: Double) throws {
        // 20 ms at 60 Hz: the first frame starts at 0, completes at 20 ms, due at one (depth 1)
        // or two (depth 2) intervals, shown at 33.3 ms.
        let delivery = try FrameDelivery.simulate(.load(try fixed(0.020, depth: depth)), hz: 60, span: 1)
        let first = delivery.frames[0]
        #expect(close(first.completion!, 0.020))
        #expect(close(first.presentation, 2.0 / 60))
        #expect(close(first.hitch, depth == 1 ? 1.0 / 60 : 0))
        // Double buffering halves the rate (the next frame waits for the swap): 30 frames a
        // second; a third buffer lets production run back to back: 50.
        let shown = delivery.frames.count
        let span = delivery.frames.last!.presentation - first.presentation
        #expect(abs(Double(shown - 1) / span - rate) < 2)
        if depth == 1 { #expect(delivery.frames.allSatisfy { close($0.hitch, 1.0 / 60) }) }
    }

    @Test func seededLoadsAreDeterministic() throws {
        let a = try FrameDelivery.simulate(.load(.busy), hz: 120, span: 2, seed: 7)
        let b = try FrameDelivery.simulate(.load(.busy), hz: 120, span: 2, seed: 7)
        let c = try FrameDelivery.simulate(.load(.busy), hz: 120, span: 2, seed: 8)
        #expect(a == b)
        #expect(a != c)
    }

    @Test func busyMissesMore120HzFramesThan60Hz() throws {
        let at60 = PlatformMetrics(frames: try FrameDelivery.simulate(.load(.busy), hz: 60, span: 4).frames)
        let at120 = PlatformMetrics(frames: try FrameDelivery.simulate(.load(.busy), hz: 120, span: 4).frames)
        #expect(at120.apple.hitchCount > at60.apple.hitchCount)
        #expect(at120.android.overrunP90 > at60.android.overrunP90)
    }

    @Test func variableRateStepsDownUnderLoadAndBackUp() throws {
        let delivery = try FrameDelivery.simulate(
            .variableRate(rates: [120, 80, 60], load: .light), hz: 120, span: 4, seed: 0)
        let intervals = Set(delivery.frames.map { ($0.interval * 1e6).rounded() })
        #expect(intervals.contains((1e6 / 120).rounded()))
        #expect(intervals.contains((1e6 / 80).rounded()))
        // It comes back up: some 120 Hz frame follows a slower one.
        let rates = delivery.frames.map { (1 / $0.interval).rounded() }
        #expect(zip(rates, rates.dropFirst()).contains { $0 < 120 && $1 == 120 })
    }

    @Test func badModelsAreRefused() throws {
        #expect(throws: MotionError.self) { try FrameDelivery.simulate(.variableRate(rates: [120, 80], load: .busy), hz: 60, span: 1) }
        #expect(throws: MotionError.self) { try FrameDelivery.simulate(.variableRate(rates: [120, 0], load: .busy), hz: 120, span: 1) }
        #expect(throws: MotionError.self) { try FrameDelivery.simulate(.vsync, hz: 0, span: 1) }
        #expect(throws: MotionError.self) { try LoadProfile.busy.with(pipelineDepth: 3) }
        #expect(throws: MotionError.self) { try LoadProfile.named("heavy") }
    }

    // MARK: On-screen error

    static let move = try! TimelineMotion(
        quantity: .position, start: 0, end: 0.5, value: { t in SIMD2(400 * min(max(t, 0), 0.5), 0) })

    @Test(arguments: FrameClock.allCases)
    func ordinaryMotionsStaySmoothUnderVsync(clock: FrameClock) throws {
        let scenes = [
            try Scene.menu(.show), Scene(name: "move", kind: .timeline(Self.move, viewport: nil)),
            try Scene.spring(try SpringMotion(spring: try DampedSpring(mass: 1, stiffness: 300, damping: 30), from: 0, to: 200)),
        ]
        for scene in scenes {
            for hz in [60.0, 120.0] {
                let report = try Validation.deliver(scene, hz: hz, options: DeliveryOptions(model: .vsync, clock: clock))
                #expect(report.findings.isEmpty, "\(scene.name) @\(hz): \(report.findings)")
                #expect(report.onScreen!.max < 1e-9)
                #expect(report.platform.apple.hitchTimeRatio == 0)
            }
        }
    }

    @Test func aLateFrameShowsTheMotionBehindByItsHitch() throws {
        // 400 pt/s, every frame 20 ms at 60 Hz: the first frame, sampled for 16.7 ms, shows at
        // 33.3 ms: 16.7 ms × 400 pt/s = 6.67 pt behind. A frame-counted engine falls further
        // behind and finishes late; a time-based one catches up.
        let scene = Scene(name: "move", kind: .timeline(Self.move, viewport: nil))
        let report = try Validation.deliver(
            scene, hz: 60, options: DeliveryOptions(model: .load(try fixed(0.020)), clock: .target))
        #expect(abs(report.onScreen!.errors[0] - 400.0 / 60) < 1e-6)
        #expect(report.frameCounted!.max > report.onScreen!.max)
        #expect(report.frameCountedDelay! > 0.05)
        #expect(report.findings.map(\.kind).contains(.lateFrames))
    }

    @Test func theNowClockAddsTheCallbackDelay() throws {
        // On time every frame (4 ms of work) but the callback runs up to 3 ms after its vsync:
        // the `now` clock shows the motion up to 3 ms × 400 pt/s = 1.2 pt off; `target` none.
        let load = try LoadProfile(
            name: "late callbacks", typicalCost: 0.004, jitter: 0, spikeProbability: 0, spikeCost: 0, callbackLatency: 0.003)
        let scene = Scene(name: "move", kind: .timeline(Self.move, viewport: nil))
        let now = try Validation.deliver(scene, hz: 60, options: DeliveryOptions(model: .load(load), clock: .now, seed: 3))
        let target = try Validation.deliver(scene, hz: 60, options: DeliveryOptions(model: .load(load), clock: .target, seed: 3))
        #expect(target.onScreen!.max < 1e-9)
        #expect(now.onScreen!.max > 0.3)
        #expect(now.onScreen!.max <= 1.2 + 1e-9)
    }

    @Test func variableRateBreaksTheTimestampClock() throws {
        // After a step from 120 to 80 Hz the interval between timestamp and target changes, so
        // the timestamp clock is off by the difference; the target clock is off only by hitches.
        let scene = Scene(name: "move", kind: .timeline(Self.move, viewport: nil))
        let model = FrameDeliveryModel.variableRate(rates: [120, 80], load: try fixed(0.010))
        let target = try Validation.deliver(scene, hz: 120, options: DeliveryOptions(model: model, clock: .target))
        let timestamp = try Validation.deliver(scene, hz: 120, options: DeliveryOptions(model: model, clock: .timestamp))
        // The first frame is late for both (10 ms of work against an 8.3 ms interval); from the
        // second on, at 80 Hz, the target clock is exact and the timestamp clock a step behind.
        let afterFirst = { (report: DeliveryReport) in report.onScreen!.errors.dropFirst().max()! }
        #expect(afterFirst(target) < 1e-9)
        #expect(abs(afterFirst(timestamp) - 400 * (1.0 / 80 - 1.0 / 120)) < 1e-6)
    }
}
