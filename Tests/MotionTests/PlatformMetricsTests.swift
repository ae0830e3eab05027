import Testing

@testable import Motion

/// Every platform's figure on hand-built frame sequences whose answers are computed by hand.
@Suite struct PlatformMetricsTests {
    /// A frame due at `target`, shown at `present`, produced from `callback` to `completion`.
    func frame(
        target: Double, present: Double, callback: Double? = nil, completion: Double? = nil, interval: Double = 1.0 / 60
    ) -> DeliveredFrame {
        DeliveredFrame(
            timestamp: target - interval, targetTimestamp: target, callbackTime: callback ?? target - interval,
            completion: completion, presentation: present, interval: interval)
    }

    @Test func appleHitchRatioIsLateTimeOverDuration() {
        // One frame 50 ms late over 0.3 s (first target 0.1 s to last presentation 0.4 s):
        // 50 / 0.3 = 166.7 ms/s.
        let frames = [
            frame(target: 0.1, present: 0.1), frame(target: 0.2, present: 0.25), frame(target: 0.3, present: 0.3),
            frame(target: 0.4, present: 0.4),
        ]
        let apple = AppleHitchMetrics(frames: frames)
        #expect(abs(apple.totalHitchTime - 0.05) < 1e-12)
        #expect(abs(apple.duration - 0.3) < 1e-12)
        #expect(abs(apple.hitchTimeRatio - 1000 * 0.05 / 0.3) < 1e-9)
        #expect(apple.hitchCount == 1)
        #expect(apple.xctest == .critical)
        #expect(apple.organizer == .bad)
    }

    @Test(arguments: [
        (0.0, AppleHitchMetrics.XCTestGrade.good, AppleHitchMetrics.OrganizerGrade.good),
        (5.0, .good, .good), (7.0, .warning, .good), (10.0, .critical, .good), (25.0, .critical, .fair),
        (40.0, .critical, .poor), (50.0, .critical, .poor), (60.0, .critical, .bad),
    ])
    func gradesFollowBothPublishedThresholdSets(ratio: Double, xctest: AppleHitchMetrics.XCTestGrade, organizer: AppleHitchMetrics.OrganizerGrade) {
        #expect(AppleHitchMetrics.xctestGrade(ratio) == xctest)
        #expect(AppleHitchMetrics.organizerGrade(ratio) == organizer)
        // Over exactly 1 s, a hitch of `ratio` ms gives `ratio` ms/s (to rounding).
        let frames = [frame(target: 0, present: 0), frame(target: 1 - ratio / 1000, present: 1)]
        #expect(abs(AppleHitchMetrics(frames: frames).hitchTimeRatio - ratio) < 1e-9)
    }

    @Test func appleThresholdsAreOverridable() throws {
        var limits = PlatformThresholds()
        limits.xctestWarning = 1
        limits.xctestCritical = 2
        let frames = [frame(target: 0, present: 0), frame(target: 0.997, present: 1)]
        #expect(AppleHitchMetrics(frames: frames, thresholds: try limits.validated()).xctest == .critical)
        #expect(AppleHitchMetrics(frames: frames).xctest == .good)
        limits.xctestCritical = 0.5
        #expect(throws: MotionError.self) { try limits.validated() }
    }

    @Test func androidOverrunPercentilesAndJankStats() {
        // Overruns −10 … −1 ms and one of +30 ms: 11 frames, nearest rank p50 = 6th = −5,
        // p90 = 10th = −1, p99 = 11th = 30.
        var frames: [DeliveredFrame] = []
        for (k, overrun) in ([-10.0, -9, -8, -7, -6, -5, -4, -3, -2, -1, 30]).enumerated() {
            let target = Double(k + 1) / 60
            frames.append(frame(target: target, present: target, callback: target - 1.0 / 60, completion: target + overrun / 1000))
        }
        let android = AndroidFrameMetrics(frames: frames)
        #expect(abs(android.overrunP50 - -5) < 1e-9)
        #expect(abs(android.overrunP90 - -1) < 1e-9)
        #expect(abs(android.overrunP99 - 30) < 1e-9)
        #expect(abs(android.overrunMax - 30) < 1e-9)
        // Costs: 16.67 ms + overrun; only the last (46.7 ms) exceeds 2 × 16.67 ms.
        #expect(android.jankCount == 1)
        #expect(android.durationsAreCosts)
        var limits = PlatformThresholds()
        limits.jankMultiplier = 0.9  // 15 ms: every frame with overrun > −1.67 ms
        #expect(AndroidFrameMetrics(frames: frames, thresholds: limits).jankCount == 2)
    }

    @Test func jankStatsIsStrictlyMoreThanTheMultiple() {
        // A frame taking exactly 2 intervals is not jank; a hair more is.
        let interval = 1.0 / 60
        let exact = frame(target: interval, present: 3 * interval, callback: 0, completion: 2 * interval)
        let over = frame(target: interval, present: 3 * interval, callback: 0, completion: 2 * interval + 1e-6)
        #expect(AndroidFrameMetrics(frames: [exact]).jankCount == 0)
        #expect(AndroidFrameMetrics(frames: [over]).jankCount == 1)
    }

    @Test func chromeDroppedFramesOverSlidingWindows() {
        // 2 s at 60 Hz, the presentations at slots 11…16 missing: windows end at slots 60…120
        // (61 windows); those ending at 60…70 hold all six drops (10 %), 71…76 five to one,
        // 77…120 none. Median (31st of 61) 0 %, p95 (58th) 10 %, max 10 %.
        let shown = (0...120).filter { !(11...16).contains($0) }.map { Double($0) / 60 }
        let frames = shown.map { frame(target: $0, present: $0) }
        let chrome = ChromeDroppedFrames(frames: frames)
        #expect(chrome.slots == 120)
        #expect(chrome.dropped == 6)
        #expect(chrome.windows == 61)
        #expect(chrome.median == 0)
        #expect(abs(chrome.p95 - 10) < 1e-9)
        #expect(abs(chrome.max - 10) < 1e-9)
    }

    @Test func chromeRunShorterThanAWindowIsOneWindow() {
        // Shown at slots 0, 1, 3, 4: 4 slots, 1 dropped = 25 %.
        let frames = [0.0, 1, 3, 4].map { frame(target: $0 / 60, present: $0 / 60) }
        let chrome = ChromeDroppedFrames(frames: frames)
        #expect(chrome.windows == 1)
        #expect(chrome.slots == 4)
        #expect(abs(chrome.max - 25) < 1e-9)
        #expect(abs(chrome.median - 25) < 1e-9)
    }

    @Test func percentileIsNearestRank() {
        #expect(nearestRankPercentile([], 0.5) == nil)
        #expect(nearestRankPercentile([3], 0.99) == 3)
        #expect(nearestRankPercentile([4, 1, 3, 2], 0.5) == 2)
        #expect(nearestRankPercentile([4, 1, 3, 2], 0.51) == 3)
        #expect(nearestRankPercentile([4, 1, 3, 2], 1) == 4)
    }
}
