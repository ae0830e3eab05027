/// A quantity the regression gate compares between a run and its baseline, with its polarity
/// and its default threshold: time (rules 1–4 of ``BaselineComparison``) and the counts per
/// work unit that counted passes measure (``BenchmarkResult/instructions``,
/// ``BenchmarkResult/allocations``).
///
/// The gate is keyed by metric, as package-benchmark keys its thresholds (a threshold and a
/// polarity per metric): gating another counted quantity is one more case here — its value, its
/// threshold, its floor — and every comparison, line, table and CLI option picks it up.
public enum GatedMetric: String, CaseIterable, Codable, Sendable, CustomStringConvertible {
    /// Wall time per work unit (or a rate, compared as the time it implies).
    case time
    /// Instructions retired per work unit (user space; `perf_event_open`).
    case instructions
    /// Heap allocations per work unit (BenchKit's malloc shim).
    case allocations

    /// Which direction is worse.
    public enum Polarity: String, Sendable {
        /// More is worse: a count or a time.
        case lowerIsBetter
    }

    /// Every metric compared as a count per work unit: all but time, in a stable order.
    public static let counted: [GatedMetric] = allCases.filter { $0 != .time }

    public var description: String { rawValue }

    /// Time is compared as a slowdown whatever the unit, counts as they are: lower is better.
    public var polarity: Polarity { .lowerIsBetter }

    /// The threshold in percent when none is given: 5 % for time (a quiet machine's run-to-run
    /// spread); 1 % for instructions, which do not depend on the machine's mood the way time
    /// does; 10 % for allocations, whose counts on two cores include libdispatch's per-frame
    /// blocks.
    public var defaultThresholdPercent: Double {
        switch self {
        case .time: 5
        case .instructions: 1
        case .allocations: 10
        }
    }

    /// A change per work unit smaller than this is no change, whatever its percentage: half an
    /// instruction, a hundredth of an allocation. An allocation where the baseline had none is
    /// a regression once it exceeds the floor.
    public var absoluteFloor: Double {
        switch self {
        case .time: 0
        case .instructions: 0.5
        case .allocations: 0.01
        }
    }

    /// Whether other processes' load moves it: a time confirmed under load is not judged
    /// (``BaselineComparison/Verdict/underLoad``); a count is the code's whatever the load.
    public var dependsOnLoad: Bool { self == .time }

    /// The counted value per work unit in `result`, where it was counted; `nil` for time.
    public func value(in result: BenchmarkResult) -> Double? {
        switch self {
        case .time: nil
        case .instructions: result.instructions
        case .allocations: result.allocations
        }
    }

    /// The CLI option that sets this metric's threshold: `threshold`,
    /// `instructions-threshold`, `allocations-threshold`.
    public var thresholdOption: String { self == .time ? "threshold" : "\(rawValue)-threshold" }

    /// The verdict on a counted metric: a regression (improvement) when the value per work unit
    /// grew (shrank) by more than `thresholdPercent` and by more than ``absoluteFloor``.
    func verdict(baseline: Double, current: Double, thresholdPercent: Double) -> BaselineComparison.Verdict {
        let change = current - baseline
        guard abs(change) > absoluteFloor else { return .unchanged }
        let percent = baseline > 0 ? change / baseline * 100 : (change > 0 ? Double.infinity : -Double.infinity)
        return percent > thresholdPercent ? .regression : percent < -thresholdPercent ? .improvement : .unchanged
    }
}
