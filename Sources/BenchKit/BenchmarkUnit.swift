/// What a benchmark's numbers mean: time per work unit (lower is better) or work units per
/// second (higher is better).
///
/// Samples are always timed; each sample becomes one value in this unit, and every statistic
/// is computed on those values.
public struct BenchmarkUnit: Hashable, Sendable, CustomStringConvertible {
    public enum Kind: Hashable, Sendable {
        /// Nanoseconds per work unit, e.g. `ns/query`.
        case nanosecondsPerUnit
        /// Work units per second, e.g. `points/s`.
        case unitsPerSecond
    }

    public var kind: Kind
    /// The name of one work unit: `query`, `step`, `frame`, `point`, …
    public var workUnit: String

    public init(kind: Kind, workUnit: String) {
        self.kind = kind
        self.workUnit = workUnit
    }

    /// Nanoseconds per work unit: `.nanoseconds(per: "query")` prints as `ns/query`.
    public static func nanoseconds(per workUnit: String) -> BenchmarkUnit {
        BenchmarkUnit(kind: .nanosecondsPerUnit, workUnit: workUnit)
    }

    /// Work units per second: `.rate("points")` prints as `points/s`.
    public static func rate(_ workUnits: String) -> BenchmarkUnit {
        BenchmarkUnit(kind: .unitsPerSecond, workUnit: workUnits)
    }

    /// The symbol written into results: `ns/query` or `points/s`.
    public var symbol: String {
        switch kind {
        case .nanosecondsPerUnit: "ns/\(workUnit)"
        case .unitsPerSecond: "\(workUnit)/s"
        }
    }

    public var description: String { symbol }

    /// Whether a larger value is the better one.
    public var higherIsBetter: Bool { kind == .unitsPerSecond }

    /// One sample in this unit, from the nanoseconds one work unit took.
    func value(nanosecondsPerUnit ns: Double) -> Double {
        switch kind {
        case .nanosecondsPerUnit: ns
        case .unitsPerSecond: 1e9 / ns
        }
    }
}
