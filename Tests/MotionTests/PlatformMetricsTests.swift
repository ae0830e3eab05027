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

// MARK: - Literal ports of the platforms' sources, written plainly and apart from the models.

/// androidx `benchmark-common` `MetricResult.getPercentile` and `lerp`, statement by statement.
enum MetricResultPort {
    static func lerp(_ a: Double, _ b: Double, _ ratio: Double) -> Double { a * (1 - ratio) + b * ratio }

    static func getPercentile(_ sortedData: [Double], _ percentile: Int) -> Double {
        let idealIndex = Double(min(max(percentile, 0), 100)) / 100.0 * Double(sortedData.count - 1)
        let firstIndex = Int(idealIndex)
        let secondIndex = firstIndex + 1
        let firstValue = sortedData[firstIndex]
        let secondValue = secondIndex < sortedData.count ? sortedData[secondIndex] : firstValue
        return lerp(firstValue, secondValue, idealIndex - Double(firstIndex))
    }
}

/// chromium `cc/metrics/dropped_frame_counter.cc`: `NotifyFrameResult` (with `OnEndFrame`'s
/// frames-in-window) and `SlidingWindowHistogram`, over BeginFrame args in microseconds.
final class DroppedFrameCounterPort {
    struct BeginFrameArgs {
        var frame_time: Int64
        var interval: Int64
    }
    let kSlidingWindowInterval: Int64 = 1_000_000
    var sliding_window_: [(BeginFrameArgs, Bool)] = []
    var dropped_frame_count_in_window_ = 0
    var total_frames_in_window_ = 60.0
    var histogram_bins_ = [Int](repeating: 0, count: 101)
    var total_count_ = 0
    var sliding_window_max_percent_dropped_ = 0.0

    func AddPercentDroppedFrame(_ percent_dropped_frame: Double, _ count: Int) {
        histogram_bins_[Int(percent_dropped_frame.rounded())] += count
        total_count_ += count
    }

    func GetPercentDroppedFramePercentile(_ percentile: Double) -> Int {
        if total_count_ == 0 { return 0 }
        var current_index = 100
        var skipped_counter = histogram_bins_[current_index]
        let samples_to_skip = (1 - percentile) * Double(total_count_)
        while Double(skipped_counter) < samples_to_skip && current_index > 0 {
            current_index -= 1
            skipped_counter += histogram_bins_[current_index]
        }
        return current_index
    }

    func ComputeCurrentWindowSize() -> Int64 {
        if sliding_window_.isEmpty { return 0 }
        return sliding_window_.last!.0.frame_time + sliding_window_.last!.0.interval - sliding_window_.first!.0.frame_time
    }

    func OnEndFrame(_ args: BeginFrameArgs, _ is_dropped: Bool) {
        if args.interval != 0 { total_frames_in_window_ = Double(kSlidingWindowInterval) / Double(args.interval) }
        NotifyFrameResult(args, is_dropped)
    }

    func NotifyFrameResult(_ args: BeginFrameArgs, _ is_dropped: Bool) {
        if args.interval >= kSlidingWindowInterval { return }
        sliding_window_.append((args, is_dropped))
        if ComputeCurrentWindowSize() < kSlidingWindowInterval {
            if is_dropped { dropped_frame_count_in_window_ += 1 }
            return
        }
        let max_sliding_window_start = args.frame_time - kSlidingWindowInterval
        let max_difference = Double(args.interval) * 1.5
        while ComputeCurrentWindowSize() > kSlidingWindowInterval {
            let removed_args = sliding_window_.first!.0
            let removed_was_dropped = sliding_window_.first!.1
            if removed_was_dropped { dropped_frame_count_in_window_ -= 1 }
            sliding_window_.removeFirst()
            var dropped = dropped_frame_count_in_window_
            if ComputeCurrentWindowSize() <= kSlidingWindowInterval && is_dropped { dropped += 1 }
            let remaining_oldest_args = sliding_window_.first!.0
            let last_timestamp = min(remaining_oldest_args.frame_time, max_sliding_window_start)
            let difference = Double(last_timestamp - removed_args.frame_time)
            let count = difference > max_difference ? Int(ceil(difference / Double(args.interval))) : 1
            let percent_dropped_frame = min(Double(dropped) * 100.0 / total_frames_in_window_, 100.0)
            AddPercentDroppedFrame(percent_dropped_frame, count)
            if percent_dropped_frame > sliding_window_max_percent_dropped_ {
                sliding_window_max_percent_dropped_ = percent_dropped_frame
            }
        }
        if is_dropped { dropped_frame_count_in_window_ += 1 }
    }
}

/// The models against the ports on seeded deliveries.
@Suite struct PlatformMetricsPortTests {
    static let deliveries: [FrameDeliveryModel] = [
        .vsync, .load(.light), .load(.busy), .load(.stutter), .variableRate(rates: VariableRate.promotionIPad, load: .busy),
    ]

    @Test(arguments: deliveries, [60.0, 120])
    func chromeMatchesDroppedFrameCounter(model: FrameDeliveryModel, hz: Double) throws {
        for seed in UInt64(0)..<4 {
            let frames = try FrameDelivery.simulate(model, hz: hz, span: 3, seed: seed).frames
            let chrome = ChromeDroppedFrames(frames: frames)
            // BeginFrames: between presentations, round(gap / interval) of them on the regular
            // grid from the earlier one, all but the last dropped; times in whole µs.
            let port = DroppedFrameCounterPort()
            for k in frames.indices.dropFirst() {
                let interval = frames[k].interval
                let count = max(1, Int(((frames[k].presentation - frames[k - 1].presentation) / interval).rounded()))
                for slot in 1...count {
                    let time = Int64(((frames[k - 1].presentation + Double(slot) * interval) * 1e6).rounded())
                    port.OnEndFrame(.init(frame_time: time, interval: Int64((interval * 1e6).rounded())), slot < count)
                }
            }
            try #require(port.total_count_ > 0)
            #expect(chrome.windows == port.total_count_, "\(model.name) \(hz) seed \(seed)")
            #expect(chrome.max == port.sliding_window_max_percent_dropped_)
            #expect(chrome.p95 == Double(port.GetPercentDroppedFramePercentile(0.95)))
            #expect(chrome.median == Double(port.GetPercentDroppedFramePercentile(0.5)))
        }
    }

    @Test func macrobenchmarkPercentileMatchesMetricResult() {
        var state: UInt64 = 7  // a seeded LCG
        for n in 1...40 {
            var values: [Double] = []
            for _ in 0..<n {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                values.append(Double(state >> 11) * 0x1p-53 * 40 - 10)
            }
            for percent in [-1, 0, 1, 25, 50, 90, 95, 99, 100, 101] {
                #expect(macrobenchmarkPercentile(values, percent: percent) == MetricResultPort.getPercentile(values.sorted(), percent))
            }
        }
    }

    @Test(arguments: deliveries, [60.0, 120])
    func jankStatsIsTheStrictRuleInNanoseconds(model: FrameDeliveryModel, hz: Double) throws {
        // Simulated frames show no decimal step coarser than 1 ns: JankStats' own unit, with
        // `uiDuration > expectedDuration` on Long nanoseconds.
        let frames = try FrameDelivery.simulate(model, hz: hz, span: 3, seed: 5).frames
        let android = AndroidFrameMetrics(frames: frames)
        #expect(android.timeResolution == 1e-9)
        let expected = frames.filter { frame in
            let uiDuration = Int64((frame.cost! * 1e9).rounded())
            let expectedDuration = Int64((2 * frame.interval * 1e9).rounded())
            return uiDuration > expectedDuration
        }.count
        #expect(android.jankCount == expected)
    }
}
