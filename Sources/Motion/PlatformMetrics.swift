/// The limits each platform grades frame delivery by, each overridable.
public struct PlatformThresholds: Sendable, Equatable {
    /// XCTest's hitch time ratio grades, ms/s: good up to `xctestWarning`, warning below
    /// `xctestCritical`, critical at or above (WWDC20 "Eliminate animation hitches with XCTest":
    /// good ≤ 5, warning 5–10, critical ≥ 10 ms/s).
    public var xctestWarning: Double = 5
    public var xctestCritical: Double = 10
    /// The Xcode Organizer's hitch rate tiers, ms/s, ascending: ≤ 10, ≤ 25, ≤ 50, above 50
    /// (Xcode Organizer, Hitches metric). Named good, fair, poor and bad here.
    public var organizer: [Double] = [10, 25, 50]
    /// JankStats: a frame is jank when it takes more than this many expected frame durations
    /// (androidx.metrics JankStats, `jankHeuristicMultiplier`, default 2).
    public var jankMultiplier: Double = 2
    /// Chrome's sliding window for percent dropped frames, seconds (Chrome's "Percent Dropped
    /// Frames" smoothness metric, web.dev "Towards an animation smoothness metric": 1 s windows).
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
    /// XCTest's grade (WWDC20).
    public enum XCTestGrade: String, Sendable, Equatable { case good, warning, critical }
    /// The Organizer's tier.
    public enum OrganizerGrade: String, Sendable, Equatable { case good, fair, poor, bad }

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

    /// The Organizer's tier of a hitch time ratio (ms/s): good, fair, poor up to each limit, bad above.
    public static func organizerGrade(_ ratio: Double, thresholds: PlatformThresholds = PlatformThresholds()) -> OrganizerGrade {
        let tiers = thresholds.organizer
        return ratio <= tiers[0] ? .good : ratio <= tiers[1] ? .fair : ratio <= tiers[2] ? .poor : .bad
    }
}

/// Android's measures: frame overrun (how far past its deadline a frame finished) and
/// JankStats' count.
public struct AndroidFrameMetrics: Sendable, Equatable {
    /// Overrun percentiles (nearest rank), milliseconds; negative = finished early.
    /// `FrameData.frameOverrunNanos` in androidx.metrics (API 31+): the time a frame missed its
    /// deadline by, negative when early. Here completion − target; when completion was not
    /// recorded, presentation − target.
    public let overrunP50: Double
    public let overrunP90: Double
    public let overrunP99: Double
    public let overrunMax: Double
    /// Frames JankStats calls jank: duration > multiplier × the expected frame duration.
    public let jankCount: Int
    public let frames: Int
    /// Whether the frame durations are production costs (`true`) or, not recorded, the time
    /// between presentations (`false`).
    public let durationsAreCosts: Bool

    public init(frames: [DeliveredFrame], thresholds: PlatformThresholds = PlatformThresholds()) {
        let overruns = frames.map { 1000 * (($0.completion ?? $0.presentation) - $0.targetTimestamp) }
        overrunP50 = nearestRankPercentile(overruns, 0.5) ?? 0
        overrunP90 = nearestRankPercentile(overruns, 0.9) ?? 0
        overrunP99 = nearestRankPercentile(overruns, 0.99) ?? 0
        overrunMax = overruns.max() ?? 0
        durationsAreCosts = frames.allSatisfy { $0.completion != nil }
        var jank = 0
        for (index, frame) in frames.enumerated() {
            let duration: Double
            if durationsAreCosts, let cost = frame.cost {
                duration = cost
            } else {
                guard index > 0 else { continue }
                duration = frame.presentation - frames[index - 1].presentation
            }
            if duration > thresholds.jankMultiplier * frame.interval * (1 + 1e-9) { jank += 1 }
        }
        jankCount = jank
        self.frames = frames.count
    }
}

/// Chrome's measure: the percentage of dropped frames over sliding windows.
///
/// Each refresh interval between the first and the last presentation is a slot; a slot in which
/// no new frame was presented is a dropped frame (Chrome counts a frame as dropped when the
/// display could have shown a new one and did not). A window covers `droppedFramesWindow` seconds
/// of slots and slides one slot at a time; a run shorter than a window is one window.
public struct ChromeDroppedFrames: Sendable, Equatable {
    /// Percent of slots dropped per window: median, 95th percentile (nearest rank), max.
    public let median: Double
    public let p95: Double
    public let max: Double
    public let windows: Int
    public let slots: Int
    public let dropped: Int

    public init(frames: [DeliveredFrame], thresholds: PlatformThresholds = PlatformThresholds()) {
        // Slots: between consecutive presentations, round(gap / interval) intervals, the last
        // of them presented and the others dropped.
        var times: [Double] = []
        var isDropped: [Bool] = []
        for index in frames.indices.dropFirst() {
            let previous = frames[index - 1].presentation, current = frames[index].presentation
            let interval = frames[index].interval
            let count = Swift.max(1, Int(clampedInt(((current - previous) / interval).rounded())))
            for slot in 1...count {
                times.append(previous + Double(slot) * (current - previous) / Double(count))
                isDropped.append(slot < count)
            }
        }
        slots = times.count
        dropped = isDropped.filter { $0 }.count
        // Windows (t − window, t] ending at each slot once a whole window has passed.
        var percents: [Double] = []
        if let origin = frames.first?.presentation {
            let window = thresholds.droppedFramesWindow, slack = FrameDelivery.Grid.slack
            var lower = 0
            var count = 0
            for upper in times.indices {
                if isDropped[upper] { count += 1 }
                while times[lower] <= times[upper] - window + slack {
                    if isDropped[lower] { count -= 1 }
                    lower += 1
                }
                if times[upper] - origin >= window - slack {
                    percents.append(100 * Double(count) / Double(upper - lower + 1))
                }
            }
        }
        if percents.isEmpty, slots > 0 { percents.append(100 * Double(dropped) / Double(slots)) }
        windows = percents.count
        median = nearestRankPercentile(percents, 0.5) ?? 0
        p95 = nearestRankPercentile(percents, 0.95) ?? 0
        max = percents.max() ?? 0
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
