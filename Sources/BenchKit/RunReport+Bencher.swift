import Foundation

/// One metric of a Bencher Metric Format (BMF) document: `value` required, `lower_value` and
/// `upper_value` optional (bencher.dev, "Bencher Metric Format", its JSON Schema).
public struct BencherMetric: Codable, Equatable, Sendable {
    public var value: Double
    public var lowerValue: Double?
    public var upperValue: Double?

    enum CodingKeys: String, CodingKey {
        case value
        case lowerValue = "lower_value"
        case upperValue = "upper_value"
    }
}

extension RunReport {
    /// The measure slug Bencher gives its built-in latency measure, in nanoseconds.
    public static let bencherLatency = "latency"
    /// The measure slug of Bencher's built-in throughput measure, in operations per second.
    public static let bencherThroughput = "throughput"

    /// The results as a BMF document, `{benchmark: {measure: {value, lower_value,
    /// upper_value}}}`: a time per work unit under Bencher's built-in `latency` measure
    /// (nanoseconds), a rate under `throughput` (operations per second) — each benchmark in the
    /// unit it was measured in, no conversion; the value is the median and the bounds its 95 %
    /// interval. Every Bencher project has both measures (bencher.dev, "How to track custom
    /// benchmarks").
    ///
    /// - Complexity: O(n) in the number of results.
    public func bencherMetrics() -> [String: [String: BencherMetric]] {
        var document: [String: [String: BencherMetric]] = [:]
        for result in results where result.median.isFinite {
            let measure = result.higherIsBetter ? RunReport.bencherThroughput : RunReport.bencherLatency
            let bounds = result.ci95.lower.isFinite && result.ci95.upper.isFinite
            document[result.name, default: [:]][measure] = BencherMetric(
                value: result.median, lowerValue: bounds ? result.ci95.lower : nil, upperValue: bounds ? result.ci95.upper : nil)
        }
        return document
    }

    /// ``bencherMetrics()`` as UTF-8 JSON (sorted keys, pretty-printed, a final newline), for
    /// `bencher run --adapter json --file FILE`.
    public func bencherData() throws -> Data {
        try FormatEncoder.encode(bencherMetrics())
    }
}
