/// The limits each platform grades frame delivery by, each overridable.
public struct PlatformThresholds: Sendable, Equatable {
    /// The first published set, XCTest's and the older Organizer's hitch time ratio grades,
    /// ms/s: good up to `xctestWarning`, warning below `xctestCritical`, critical at or above
    /// (WWDC20 "Eliminate animation hitches with XCTest": good under 5, warning 5–10, critical
    /// from 10 ms/s; the Organizer's scroll hitch rate of the same year, WWDC20 "Diagnose
    /// performance issues with the Xcode Organizer" and Apple's "Analyzing responsiveness issues
    /// in your shipping app": green under 5, yellow 5–10, red over 10 ms/s).
    public var xctestWarning: Double = 5
    public var xctestCritical: Double = 10
    /// The second published set, today's Xcode Organizer Hitches metric, ms/s, ascending: at or
    /// below 10 good, at or below 25 warning, at or below 50 critical, above 50 immediate
    /// attention (Apple, "Understanding hitches in your app", developer.apple.com/documentation/
    /// xcode/understanding-hitches-in-your-app).
    public var organizer: [Double] = [10, 25, 50]
    /// JankStats: a frame is jank when it takes more than this many expected frame durations
    /// (androidx.metrics JankStats, `jankHeuristicMultiplier`, default 2).
    public var jankMultiplier: Double = 2
    /// Chrome's sliding window for percent dropped frames, seconds (`kSlidingWindowInterval` in
    /// chromium `cc/metrics/dropped_frame_counter.h`: 1 s).
    public var droppedFramesWindow: Double = 1
    /// The largest 99th-percentile on-screen error, points, that is not janky: one physical pixel
    /// of a 2× display, as `Thresholds.maxSnap`.
    public var maxOnScreenError: Double = 0.5

    public init() {}

    /// Checks every limit is usable.
    /// - Throws: `MotionError` naming the bad limit.
    public func validated() throws(MotionError) -> PlatformThresholds {
        try MotionError.requirePositive(xctestWarning, "XCTest hitch warning threshold (ms/s)")
        try MotionError.requirePositive(xctestCritical, "XCTest hitch critical threshold (ms/s)")
        guard xctestWarning <= xctestCritical else {
            throw MotionError("XCTest hitch thresholds must ascend (warning ≤ critical), got \(compact(xctestWarning)), \(compact(xctestCritical))")
        }
        guard organizer.count == 3, organizer.allSatisfy({ $0.isFinite && $0 > 0 }), organizer == organizer.sorted() else {
            throw MotionError(
                "Organizer hitch tiers must be three ascending positive numbers (ms/s), got \(organizer.map(compact).joined(separator: ","))")
        }
        try MotionError.requirePositive(jankMultiplier, "JankStats multiplier")
        try MotionError.requirePositive(droppedFramesWindow, "dropped-frames window (seconds)")
        try MotionError.requireNonNegative(maxOnScreenError, "on-screen error limit (points)")
        return self
    }
}

/// Macrobenchmark's percentile: linear interpolation between the two sorted values around the
/// ideal index `p·(n − 1)` (androidx `benchmark/benchmark-common/src/main/java/androidx/benchmark/
/// MetricResult.kt`, `MetricResult.getPercentile`: `idealIndex = percentile / 100.0 ·
/// (size − 1)`, `lerp(sorted[⌊idealIndex⌋], sorted[⌊idealIndex⌋ + 1] or the same,
/// idealIndex − ⌊idealIndex⌋)`, `lerp(a, b, r) = a·(1 − r) + b·r`); `percent` is clamped to
/// 0…100 as there; `nil` when empty (Macrobenchmark requires one value).
/// - Complexity: O(n log n).
public func macrobenchmarkPercentile(_ values: [Double], percent: Int) -> Double? {
    guard !values.isEmpty else { return nil }
    let sorted = values.sorted()
    let ideal = Double(min(max(percent, 0), 100)) / 100.0 * Double(sorted.count - 1)
    let first = Int(ideal)
    let a = sorted[first], b = first + 1 < sorted.count ? sorted[first + 1] : a
    let ratio = ideal - Double(first)
    return a * (1 - ratio) + b * ratio
}

/// The finest decimal time step a set of recorded times shows: the largest 10⁻ᵈ (d = 0…9) of
/// which every time is a whole multiple, to the doubles' rounding; 1 ns (10⁻⁹ s, the unit of
/// Android's frame times) when none is coarser. Times printed to 9 decimals of a second give
/// 1 ns, to 3 decimals 1 ms; times computed in floating point (a simulated delivery) give 1 ns.
/// - Complexity: O(times × 10).
public func decimalTimeResolution(_ times: [Double]) -> Double {
    let finite = times.filter(\.isFinite)
    for digits in 0..<9 {
        let scale = pow10(digits)
        let whole = finite.allSatisfy { t in
            let x = t * scale
            return abs(x - x.rounded()) <= max(abs(x), 1) * 1e-13
        }
        if whole { return 1 / scale }
    }
    return 1e-9
}

/// 10ⁿ exactly for n = 0…22.
func pow10(_ n: Int) -> Double {
    var value = 1.0
    for _ in 0..<n { value *= 10 }
    return value
}

/// Nearest-rank percentile of `values` (sorted or not): the smallest value with at least `p`
/// of them at or below it; `nil` when empty.
/// - Complexity: O(n log n).
public func nearestRankPercentile(_ values: [Double], _ p: Double) -> Double? {
    guard !values.isEmpty else { return nil }
    let sorted = values.sorted()
    let rank = Int((p * Double(sorted.count) - 1e-9).rounded(.up))
    return sorted[min(max(rank - 1, 0), sorted.count - 1)]
}

/// Apple's measure: the hitch time ratio, total hitch time over the duration, ms/s.
public struct AppleHitchMetrics: Sendable, Equatable {
    /// XCTest's (and the 2020 Organizer's) grade: the first published set.
    public enum XCTestGrade: String, Sendable, Equatable { case good, warning, critical }
    /// Today's Organizer grade: the second published set, in Apple's words.
    public enum OrganizerGrade: String, Sendable, Equatable {
        case good, warning, critical
        case immediateAttention = "immediate-attention"
    }

    /// The sum of every frame's hitch time, seconds.
    public let totalHitchTime: Double
    /// From the first frame's target to the last frame's presentation, seconds.
    public let duration: Double
    /// `totalHitchTime / duration` in ms/s; 0 over a zero duration.
    public let hitchTimeRatio: Double
    /// Frames shown late.
    public let hitchCount: Int
    /// The longest hitch, seconds.
    public let longestHitch: Double
    public let xctest: XCTestGrade
    public let organizer: OrganizerGrade

    public init(frames: [DeliveredFrame], thresholds: PlatformThresholds = PlatformThresholds()) {
        let hitches = frames.map(\.hitch)
        totalHitchTime = hitches.reduce(0, +)
        duration = max(0, (frames.last?.presentation ?? 0) - (frames.first?.targetTimestamp ?? 0))
        hitchTimeRatio = duration > 0 ? 1000 * totalHitchTime / duration : 0
        hitchCount = hitches.filter { $0 > FrameDelivery.Grid.slack }.count
        longestHitch = hitches.max() ?? 0
        xctest = Self.xctestGrade(hitchTimeRatio, thresholds: thresholds)
        organizer = Self.organizerGrade(hitchTimeRatio, thresholds: thresholds)
    }

    /// XCTest's grade of a hitch time ratio (ms/s): good ≤ warning < critical.
    public static func xctestGrade(_ ratio: Double, thresholds: PlatformThresholds = PlatformThresholds()) -> XCTestGrade {
        ratio >= thresholds.xctestCritical ? .critical : ratio > thresholds.xctestWarning ? .warning : .good
    }

    /// Today's Organizer grade of a hitch time ratio (ms/s): good, warning, critical at or below
    /// each limit, immediate attention above.
    public static func organizerGrade(_ ratio: Double, thresholds: PlatformThresholds = PlatformThresholds()) -> OrganizerGrade {
        let tiers = thresholds.organizer
        return ratio <= tiers[0] ? .good : ratio <= tiers[1] ? .warning : ratio <= tiers[2] ? .critical : .immediateAttention
    }
}

/// Android's measures: frame overrun (how far past its deadline a frame finished) and
/// JankStats' count.
public struct AndroidFrameMetrics: Sendable, Equatable {
    /// Overrun percentiles, milliseconds, by Macrobenchmark's linear interpolation
    /// (``macrobenchmarkPercentile(_:percent:)``, as `FrameTimingMetric` reports
    /// `frameOverrunMs` P50/P90/P95/P99); negative = finished early. `FrameData.frameOverrunNanos`
    /// in androidx.metrics (API 31+): the time a frame missed its deadline by, negative when
    /// early. Here completion − target; when completion was not recorded, presentation − target.
    public let overrunP50: Double
    public let overrunP90: Double
    public let overrunP95: Double
    public let overrunP99: Double
    public let overrunMax: Double
    /// Frames JankStats calls jank: duration > multiplier × the expected frame duration, in
    /// whole steps of `timeResolution` (see `init`).
    public let jankCount: Int
    public let frames: Int
    /// Whether the frame durations are production costs (`true`) or, not recorded, the time
    /// between presentations (`false`).
    public let durationsAreCosts: Bool
    /// The time step the frames' times show (``decimalTimeResolution(_:)``), seconds: 1 ns for
    /// simulated frames and traces printed to 9 decimals, 1 ms for traces printed to 3.
    public let timeResolution: Double

    /// JankStats' rule (androidx `metrics/metrics-performance/src/main/java/androidx/metrics/
    /// performance/JankStatsApi24Impl.kt`, `getFrameData`: `isJank = uiDuration >
    /// expectedDuration`, both `Long` nanoseconds, `expectedDuration = (expected frame duration ×
    /// jankHeuristicMultiplier).toLong()`): a strict `>` on whole time steps. A recording gives
    /// neither number as an integer, so each side is first taken to the resolution the frames'
    /// times themselves show (nearest step): the duration, and multiplier × interval. A frame
    /// whose duration is exactly twice the interval (one missed refresh) is then never jank,
    /// whatever the rounding of the printed times; a tolerance finer than that resolution would
    /// call half of them jank.
    public init(frames: [DeliveredFrame], thresholds: PlatformThresholds = PlatformThresholds()) {
        let overruns = frames.map { 1000 * (($0.completion ?? $0.presentation) - $0.targetTimestamp) }
        overrunP50 = macrobenchmarkPercentile(overruns, percent: 50) ?? 0
        overrunP90 = macrobenchmarkPercentile(overruns, percent: 90) ?? 0
        overrunP95 = macrobenchmarkPercentile(overruns, percent: 95) ?? 0
        overrunP99 = macrobenchmarkPercentile(overruns, percent: 99) ?? 0
        overrunMax = overruns.max() ?? 0
        durationsAreCosts = frames.allSatisfy { $0.completion != nil }
        let resolution = decimalTimeResolution(
            frames.flatMap { [$0.presentation, $0.callbackTime] + ($0.completion.map { [$0] } ?? []) })
        timeResolution = resolution
        /// A time span in whole steps of the resolution (saturating: no trap on any finite input).
        func steps(_ seconds: Double) -> Int64 {
            let x = (seconds / resolution).rounded()
            return x.isNaN ? 0 : x >= 0x1p62 ? 1 << 62 : x <= -0x1p62 ? -(1 << 62) : Int64(x)
        }
        var jank = 0
        for (index, frame) in frames.enumerated() {
            let duration: Double
            if durationsAreCosts, let cost = frame.cost {
                duration = cost
            } else {
                guard index > 0 else { continue }
                duration = frame.presentation - frames[index - 1].presentation
            }
            if steps(duration) > steps(thresholds.jankMultiplier * frame.interval) { jank += 1 }
        }
        jankCount = jank
        self.frames = frames.count
    }
}

/// Chrome's measure: the percentage of dropped frames over 1 s sliding windows, as chromium's
/// `cc/metrics/dropped_frame_counter.cc` forms them (`DroppedFrameCounter::NotifyFrameResult`,
/// `SlidingWindowHistogram::AddPercentDroppedFrame` and `GetPercentDroppedFramePercentile`).
///
/// The BeginFrames: each refresh interval between the first and the last presentation is one,
/// at regular times (a presentation, then every `interval` after it until the next); one in
/// which no new frame was presented is dropped. Times are whole microseconds, as `TimeTicks`.
/// Each BeginFrame joins a queue; once the queue spans more than the window (last frame time +
/// its interval − first frame time > 1 s), frames leave the front one by one, and each leaving
/// adds the window's percent dropped (dropped in the queue, counting the new frame once the
/// window is back within 1 s, over 1 s / interval frames, at most 100) to a histogram of whole
/// percents, `ceil(gap / interval)` times when the frame left more than 1.5 intervals before
/// the next window start. The 95th percentile (and here the median) is read from that
/// histogram from the top bin down; the maximum is the largest percent added.
public struct ChromeDroppedFrames: Sendable, Equatable {
    /// Percent of frames dropped per window: median and 95th percentile (whole percents, from
    /// the histogram) and max.
    public let median: Double
    public let p95: Double
    public let max: Double
    /// Windows reported (the histogram's total count).
    public let windows: Int
    /// BeginFrames and how many were dropped.
    public let slots: Int
    public let dropped: Int

    public init(frames: [DeliveredFrame], thresholds: PlatformThresholds = PlatformThresholds()) {
        // BeginFrames in whole microseconds: round(gap / interval) of them between consecutive
        // presentations, on the regular grid from the earlier one, the last presented.
        var beginFrames: [(time: Int64, interval: Int64, dropped: Bool)] = []
        func microseconds(_ seconds: Double) -> Int64 {
            let x = (seconds * 1e6).rounded()
            return x.isNaN ? 0 : x >= 0x1p62 ? 1 << 62 : x <= -0x1p62 ? -(1 << 62) : Int64(x)
        }
        for index in frames.indices.dropFirst() {
            let previous = frames[index - 1].presentation, current = frames[index].presentation
            let interval = frames[index].interval
            let count = Swift.max(1, Swift.min(Validation.maximumFrames, Int(clampedInt(((current - previous) / interval).rounded()))))
            for slot in 1...count {
                beginFrames.append(
                    (microseconds(previous + Double(slot) * interval), Swift.max(1, microseconds(interval)), slot < count))
            }
        }
        slots = beginFrames.count
        dropped = beginFrames.filter(\.dropped).count
        let window = Swift.max(1, microseconds(thresholds.droppedFramesWindow))
        var histogram = [Int](repeating: 0, count: 101)
        var total = 0
        var largest = 0.0
        var queue: [(time: Int64, interval: Int64, dropped: Bool)] = []
        var head = 0
        var droppedInWindow = 0
        var framesInWindow = 60.0
        func windowSize() -> Int64 { queue[queue.count - 1].time + queue[queue.count - 1].interval - queue[head].time }
        for frame in beginFrames {
            // OnEndFrame: the window's frame count from this BeginFrame's interval.
            framesInWindow = Double(window) / Double(frame.interval)
            guard frame.interval < window else { continue }
            queue.append(frame)
            guard windowSize() >= window else {
                if frame.dropped { droppedInWindow += 1 }
                continue
            }
            let latestStart = frame.time - window
            let maximumGap = Double(frame.interval) * 1.5
            while windowSize() > window {
                let removed = queue[head]
                if removed.dropped { droppedInWindow -= 1 }
                head += 1
                var count = droppedInWindow
                if windowSize() <= window, frame.dropped { count += 1 }
                let start = Swift.min(queue[head].time, latestStart)
                let gap = Double(start - removed.time)
                let times = gap > maximumGap ? Int((gap / Double(frame.interval)).rounded(.up)) : 1
                let percent = Swift.min(Double(count) * 100 / framesInWindow, 100)
                histogram[Int(percent.rounded())] += times
                total += times
                largest = Swift.max(largest, percent)
            }
            if frame.dropped { droppedInWindow += 1 }
        }
        // A run shorter than a window reports nothing to Chrome's histogram; here it is one
        // window of everything seen, so a short recording still has a figure.
        if total == 0, slots > 0 {
            let percent = Swift.min(100 * Double(dropped) / Double(slots), 100)
            histogram[Int(percent.rounded())] += 1
            total = 1
            largest = percent
        }
        /// `GetPercentDroppedFramePercentile`: skip (1 − p)·total samples from the top bin down.
        func percentile(_ p: Double) -> Double {
            guard total > 0 else { return 0 }
            var index = 100
            var skipped = histogram[index]
            let toSkip = (1 - p) * Double(total)
            while Double(skipped) < toSkip, index > 0 {
                index -= 1
                skipped += histogram[index]
            }
            return Double(index)
        }
        windows = total
        median = percentile(0.5)
        p95 = percentile(0.95)
        max = largest
    }
}

/// Every platform's measure of one frame delivery, from the same frames.
public struct PlatformMetrics: Sendable, Equatable {
    public let apple: AppleHitchMetrics
    public let android: AndroidFrameMetrics
    public let chrome: ChromeDroppedFrames

    public init(frames: [DeliveredFrame], thresholds: PlatformThresholds = PlatformThresholds()) {
        apple = AppleHitchMetrics(frames: frames, thresholds: thresholds)
        android = AndroidFrameMetrics(frames: frames, thresholds: thresholds)
        chrome = ChromeDroppedFrames(frames: frames, thresholds: thresholds)
    }
}
