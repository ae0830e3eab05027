import Foundation

/// The `tool` setting of github-action-benchmark (benchmark-action/github-action-benchmark)
/// that reads a custom JSON document: which direction is better.
public enum GitHubActionBenchmarkTool: String, Sendable, CaseIterable {
    case customSmallerIsBetter
    case customBiggerIsBetter
}

/// One element of a github-action-benchmark custom document: `name`, `unit`, `value` are
/// required; `range` and `extra` are optional strings (the action's README, "Examples" →
/// custom benchmarks: `range` the variation shown beside the value, `extra` a tooltip text).
public struct GitHubActionBenchmarkEntry: Codable, Equatable, Sendable {
    public var name: String
    public var unit: String
    public var value: Double
    public var range: String?
    public var extra: String?
}

extension RunReport {
    /// The results as a github-action-benchmark custom document for `tool`.
    ///
    /// The action reads one document per step and judges every entry in it by the step's one
    /// `tool`, while a run mixes times (`ns/query`, smaller is better) and rates (`points/s`,
    /// bigger is better). So every result is written in the tool's direction: for
    /// ``GitHubActionBenchmarkTool/customSmallerIsBetter`` a rate r becomes 10⁹ / r ns per
    /// work unit (``BenchmarkResult/timePerUnit``); for
    /// ``GitHubActionBenchmarkTool/customBiggerIsBetter`` a time t ns becomes 10⁹ / t work units
    /// per second. Names stay as they are; `range` is `±` the larger half of the 95 % interval
    /// in the entry's unit; `extra` gives the interval, samples × iterations, and the reference
    /// and speedup where there is one. A result whose converted value is not finite is left
    /// out (the runner never produces one).
    ///
    ///     try report.githubActionBenchmarkData()   // [{"name": "arclen/cubic", "unit": "ns/query", …}]
    ///
    /// - Complexity: O(n) in the number of results.
    public func githubActionBenchmarkEntries(tool: GitHubActionBenchmarkTool = .customSmallerIsBetter) -> [GitHubActionBenchmarkEntry] {
        results.compactMap { result in
            let converted: (unit: BenchmarkUnit, median: Double, ci95: ConfidenceInterval)?
            switch tool {
            case .customSmallerIsBetter: converted = result.timePerUnit
            case .customBiggerIsBetter: converted = result.ratePerSecond
            }
            guard let converted else { return nil }
            let halfWidth = max(converted.median - converted.ci95.lower, converted.ci95.upper - converted.median)
            var extra = ["95% CI \(Markup.short(converted.ci95.lower))…\(Markup.short(converted.ci95.upper)) \(converted.unit)",
                         "\(result.sampleCount) samples × \(result.iterations) iterations"]
            if converted.unit != result.unit { extra.append("measured as \(result.unit): \(Markup.short(result.median))") }
            if let reference = result.reference, let speedup = result.speedup, speedup.isFinite {
                extra.append("\(Markup.short(speedup))× faster than \(reference)")
            }
            return GitHubActionBenchmarkEntry(
                name: result.name, unit: converted.unit.symbol, value: converted.median,
                range: halfWidth.isFinite ? "± " + Markup.short(halfWidth) : nil, extra: extra.joined(separator: "\n"))
        }
    }

    /// ``githubActionBenchmarkEntries(tool:)`` as UTF-8 JSON (sorted keys, pretty-printed, a
    /// final newline).
    public func githubActionBenchmarkData(tool: GitHubActionBenchmarkTool = .customSmallerIsBetter) throws -> Data {
        try FormatEncoder.encode(githubActionBenchmarkEntries(tool: tool))
    }
}
