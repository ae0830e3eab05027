/// One benchmark over the runs of a history (``RunHistory``): its median, and its instructions
/// where counted, per run, with the change points of each (``ChangePoints``).
///
///     let histories = try BenchmarkHistory.analyze(history.records, filter: try BenchmarkFilter("arclen"))
///     for change in histories.flatMap(\.changes) { print(change) }
///     // arclen/cubic: +12.3 % at run 7 (2026-11-03, commit abc123)
public struct BenchmarkHistory: Codable, Equatable, Sendable {
    /// One metric of one benchmark over the runs that have it.
    public struct Series: Codable, Equatable, Sendable {
        /// `median` (in the benchmark's unit) or `instructions` (per work unit).
        public var metric: String
        /// 1-based numbers of the runs (lines of the history file) the values come from.
        public var runs: [Int]
        public var values: [Double]
    }

    /// A change point found in one series, placed in the history.
    public struct Change: Codable, Equatable, Sendable, CustomStringConvertible {
        public var name: String
        public var metric: String
        /// The first run (1-based line of the history) at the new level.
        public var run: Int
        public var date: String
        public var commit: String?
        public var changePercent: Double
        public var meanBefore: Double
        public var meanAfter: Double
        public var pValue: Double
        /// Whether the change is for the worse: more time or instructions, a lower rate.
        public var isRegression: Bool

        /// `arclen/cubic: +12.3 % at run 7 (2026-11-03, commit abc123)`, with the metric named
        /// when it is not the median.
        public var description: String {
            let rounded = (changePercent * 10).rounded() / 10
            let sign = rounded > 0 ? "+" : rounded < 0 ? "−" : "±"
            let what = metric == "median" ? "" : " \(metric)"
            let commitText = commit.map { ", commit \($0.prefix(12))" } ?? ""
            return "\(name):\(what) \(sign)\(String(format: "%.1f", abs(rounded))) % at run \(run) (\(date.prefix(10))\(commitText))"
        }
    }

    public var name: String
    public var unit: BenchmarkUnit
    public var higherIsBetter: Bool
    public var median: Series
    /// Instructions per work unit over the runs that counted them; `nil` when none did.
    public var instructions: Series?
    /// Change points of the median, then of the instructions, each in run order.
    public var changes: [Change]

    /// Every benchmark of `records` that `filter` selects (all without one), sorted by name.
    /// A benchmark whose unit changed between runs is followed in its latest unit only.
    ///
    /// - Throws: ``ChangePoints/detect(in:maxPValue:minimumSegment:)``'s errors.
    /// - Complexity: O(b · n²) for b benchmarks over n runs.
    public static func analyze(_ records: [HistoryRecord], filter: BenchmarkFilter? = nil,
                               maxPValue: Double = ChangePoints.defaultMaxPValue) throws -> [BenchmarkHistory] {
        var latestUnit: [String: (unit: BenchmarkUnit, higherIsBetter: Bool)] = [:]
        for record in records {
            for result in record.results where filter?.matches(result.name) ?? true {
                latestUnit[result.name] = (result.unit, result.higherIsBetter)
            }
        }
        return try latestUnit.keys.sorted().map { name in
            let unit = latestUnit[name]!
            var median = Series(metric: "median", runs: [], values: [])
            var instructions = Series(metric: "instructions", runs: [], values: [])
            for (offset, record) in records.enumerated() {
                guard let result = record.results.first(where: { $0.name == name }), result.unit == unit.unit else { continue }
                median.runs.append(offset + 1)
                median.values.append(result.median)
                if let count = result.instructions {
                    instructions.runs.append(offset + 1)
                    instructions.values.append(count)
                }
            }
            var changes: [Change] = []
            for (series, worseIsHigher) in [(median, !unit.higherIsBetter), (instructions, true)] where !series.values.isEmpty {
                for point in try ChangePoints.detect(in: series.values, maxPValue: maxPValue) {
                    let run = series.runs[point.index]
                    let record = records[run - 1]
                    changes.append(Change(
                        name: name, metric: series.metric, run: run, date: record.date, commit: record.commit,
                        changePercent: point.changePercent, meanBefore: point.meanBefore, meanAfter: point.meanAfter,
                        pValue: point.pValue, isRegression: worseIsHigher ? point.meanAfter > point.meanBefore : point.meanAfter < point.meanBefore))
                }
            }
            return BenchmarkHistory(name: name, unit: unit.unit, higherIsBetter: unit.higherIsBetter, median: median,
                                    instructions: instructions.values.isEmpty ? nil : instructions, changes: changes)
        }
    }
}
