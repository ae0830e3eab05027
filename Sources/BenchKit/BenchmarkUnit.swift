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

    /// The unit a symbol names: `ns/query` (time per work unit) or `points/s` (a rate); `nil`
    /// for anything else.
    public init?(symbol: String) {
        if symbol.hasPrefix("ns/"), symbol.count > 3 {
            self.init(kind: .nanosecondsPerUnit, workUnit: String(symbol.dropFirst(3)))
        } else if symbol.hasSuffix("/s"), symbol.count > 2 {
            self.init(kind: .unitsPerSecond, workUnit: String(symbol.dropLast(2)))
        } else {
            return nil
        }
    }

    /// Whether values are times (nanoseconds per work unit).
    public var isTime: Bool { kind == .nanosecondsPerUnit }

    /// One sample in this unit, from the nanoseconds one work unit took.
    func value(nanosecondsPerUnit ns: Double) -> Double {
        switch kind {
        case .nanosecondsPerUnit: ns
        case .unitsPerSecond: 1e9 / ns
        }
    }
}

/// A unit is written into documents as its ``BenchmarkUnit/symbol`` (`"ns/query"`), and read
/// back from it.
extension BenchmarkUnit: Codable {
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let symbol = try container.decode(String.self)
        guard let unit = BenchmarkUnit(symbol: symbol) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "unit '\(symbol)' is neither ns/WORK nor WORK/s")
        }
        self = unit
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(symbol)
    }
}
