import Foundation
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
        #expect(apple.organizer == .immediateAttention)
    }

    @Test(arguments: [
        (0.0, AppleHitchMetrics.XCTestGrade.good, AppleHitchMetrics.OrganizerGrade.good),
        // XCTest / the 2020 Organizer: warning above 5, critical from 10. Today's Organizer: good
        // ≤ 10, warning ≤ 25, critical ≤ 50, immediate attention above.
        (5.0, .good, .good), (7.0, .warning, .good), (10.0, .critical, .good), (25.0, .critical, .warning),
        (40.0, .critical, .critical), (50.0, .critical, .critical), (50.001, .critical, .immediateAttention),
        (60.0, .critical, .immediateAttention),
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
        // Overruns −10 … −1 ms and one of +30 ms: 11 frames; Macrobenchmark's ideal index
        // p·10: p50 → 5 (−5), p90 → 9 (−1), p95 → 9.5 (−1 halfway to 30: 14.5), p99 → 9.9
        // (−1·0.1 + 30·0.9 = 26.9).
        var frames: [DeliveredFrame] = []
        for (k, overrun) in ([-10.0, -9, -8, -7, -6, -5, -4, -3, -2, -1, 30]).enumerated() {
            let target = Double(k + 1) / 60
            frames.append(frame(target: target, present: target, callback: target - 1.0 / 60, completion: target + overrun / 1000))
        }
        let android = AndroidFrameMetrics(frames: frames)
        #expect(abs(android.overrunP50 - -5) < 1e-9)
        #expect(abs(android.overrunP90 - -1) < 1e-9)
        #expect(abs(android.overrunP95 - 14.5) < 1e-9)
        #expect(abs(android.overrunP99 - 26.9) < 1e-9)
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
        // 3 s at 50 Hz (20 ms BeginFrames, exact in µs, 50 to a window), the presentations at
        // 11…15 missing. BeginFrames 1…150; the queue first spans 1 s at 50; from 51 on, each
        // BeginFrame pushes one out: frames 1…10 leave a window holding all 5 drops (10 %, 10
        // windows), 11…14 leave 4…1 (8, 6, 4, 2 %), 15…100 leave none (86 windows at 0 %).
        // 100 windows: max 10; p95 skips 5 from the top: bin 10 (10 windows) → 10; the median
        // skips 50: 10 + 4 in bins 10…2, then bin 0 → 0.
        let shown = (0...150).filter { !(11...15).contains($0) }.map { Double($0) / 50 }
        let frames = shown.map { frame(target: $0, present: $0, interval: 0.02) }
        let chrome = ChromeDroppedFrames(frames: frames)
        #expect(chrome.slots == 150)
        #expect(chrome.dropped == 5)
        #expect(chrome.windows == 100)
        #expect(chrome.median == 0)
        #expect(chrome.p95 == 10)
        #expect(chrome.max == 10)
    }

    @Test func chromeCountsTheWindowsAGapSkips() {
        // One presentation 2 s after the one before at 50 Hz: 100 BeginFrames, 99 dropped. The
        // windows a drought skips are counted by `ceil(gap / interval)` only when a frame
        // leaves more than 1.5 intervals before the next start: here every frame leaves in
        // turn, one window each, the worst 100 %.
        let frames = [0.0, 2.0].map { frame(target: $0, present: $0, interval: 0.02) }
        let chrome = ChromeDroppedFrames(frames: frames)
        #expect(chrome.slots == 100)
        #expect(chrome.dropped == 99)
        #expect(chrome.max == 100)
        #expect(chrome.windows == 50)
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

    @Test func macrobenchmarkPercentileInterpolatesLinearly() {
        // MetricResult.getPercentile: idealIndex = p/100·(n − 1), lerp to the next value.
        #expect(macrobenchmarkPercentile([], percent: 50) == nil)
        #expect(macrobenchmarkPercentile([3], percent: 99) == 3)
        #expect(macrobenchmarkPercentile([4, 1, 3, 2], percent: 50) == 2.5)
        #expect(macrobenchmarkPercentile([4, 1, 3, 2], percent: 90) == 3.7)
        #expect(macrobenchmarkPercentile([4, 1, 3, 2], percent: 100) == 4)
        #expect(macrobenchmarkPercentile([4, 1, 3, 2], percent: 150) == 4)
        #expect(macrobenchmarkPercentile([4, 1, 3, 2], percent: -5) == 1)
    }

    @Test(arguments: [
        ([1.0, 2, 3], 1.0), ([0.5, 1.25], 0.01), ([1.001, 1.002], 0.001), ([1.000000001, 1.000000002], 1e-9),
        ([1.0 / 3], 1e-9), ([1234.5678], 1e-4),
    ])
    func timeResolutionIsTheFinestDecimalStepShown(times: [Double], expected: Double) {
        #expect(decimalTimeResolution(times) == expected)
    }

    /// A 120 Hz recording, times printed to 9 decimals of a second, with `misses` frames each
    /// shown one refresh late (one vsync skipped) and, with `doubleMiss`, one two refreshes late.
    static func missedFrameTrace(misses: [Int], doubleMiss: Int? = nil) -> String {
        var lines = ["t,x,y"]
        var k = 0, frame = 0
        while frame < 240 {
            if misses.contains(frame) { k += 1 }
            if frame == doubleMiss { k += 2 }
            lines.append(String(format: "%.9f,%d,0", 1.0 + Double(k) / 120, frame))
            k += 1
            frame += 1
        }
        return lines.joined(separator: "\n")
    }

    static let fourteenMisses = [7, 23, 31, 48, 66, 71, 90, 104, 122, 139, 150, 171, 188, 203]

    @Test func jankStatsDoesNotCountSingleMissedFramesInANanosecondTrace() throws {
        // Fourteen single misses: a gap of exactly 2 refreshes, printed as 16666666 or 16666667
        // ns. JankStats' rule (duration > 2 × interval, strictly, in whole ns) counts none of
        // them; a tolerance finer than the trace's 1 ns would call the 16666667 ns ones jank.
        let trace = try MotionTrace.csv(Self.missedFrameTrace(misses: Self.fourteenMisses), source: "missed.csv")
        let report = try Validation.validate(trace: trace, hz: 120)
        let android = try #require(report.delivery?.platform.android)
        #expect(android.timeResolution == 1e-9)
        #expect(!android.durationsAreCosts)
        #expect(android.jankCount == 0)
        // The fixture does exercise the rounding: some gaps are above 2/120 s by the rounding.
        let shown = trace.shownAt
        let above = shown.indices.dropFirst().filter { shown[$0] - shown[$0 - 1] > 2.0 / 120 * (1 + 1e-9) }
        #expect(above.count >= 5)
        // Two refreshes skipped at once (3 intervals) is jank.
        let twice = try MotionTrace.csv(Self.missedFrameTrace(misses: Self.fourteenMisses, doubleMiss: 100), source: "twice.csv")
        #expect(try Validation.validate(trace: twice, hz: 120).delivery?.platform.android.jankCount == 1)
    }

    @Test func aVsyncCleanMotionIsCleanOnEveryPlatform() throws {
        // Ordinary motions delivered on every vsync: no hitch, no jank, nothing dropped.
        for hz in [60.0, 120, 90] {
            let delivery = try FrameDelivery.simulate(.vsync, hz: hz, span: 2)
            let p = PlatformMetrics(frames: delivery.frames)
            #expect(p.apple.hitchTimeRatio == 0 && p.apple.xctest == .good && p.apple.organizer == .good, "\(hz)")
            #expect(p.android.jankCount == 0, "\(hz)")
            #expect(p.chrome.dropped == 0 && p.chrome.max == 0, "\(hz)")
            let trace = try MotionTrace.csv(
                "t,x,y\n" + (0...Int(2 * hz)).map { String(format: "%.9f,%d,0", Double($0) / hz, $0) }.joined(separator: "\n"),
                source: "clean.csv")
            let recorded = try #require(try Validation.validate(trace: trace, hz: hz).delivery?.platform)
            #expect(recorded.android.jankCount == 0 && recorded.chrome.max == 0 && recorded.apple.hitchTimeRatio == 0, "\(hz)")
        }
    }

    @Test func percentileIsNearestRank() {
        #expect(nearestRankPercentile([], 0.5) == nil)
        #expect(nearestRankPercentile([3], 0.99) == 3)
        #expect(nearestRankPercentile([4, 1, 3, 2], 0.5) == 2)
        #expect(nearestRankPercentile([4, 1, 3, 2], 0.51) == 3)
        #expect(nearestRankPercentile([4, 1, 3, 2], 1) == 4)
    }
}
