import Foundation

/// A result in either direction, for the formats that judge a whole document one way
/// (github-action-benchmark's `customSmallerIsBetter` / `customBiggerIsBetter`, Google
/// Benchmark's times).
///
/// A time t ns per work unit and a rate r work units per second are one measurement:
/// r = 10⁹ / t. The transform is monotonic, so the median of the transformed samples is the
/// transformed median and an interval's ends swap.
extension BenchmarkResult {
    /// The result as nanoseconds per work unit, lower is better: a time as it is; a rate r as
    /// 10⁹ / r. `nil` where a value would not be finite (a rate or interval end of 0).
    ///
    /// The work unit is the unit's: `ns/query` stays `ns/query`; `points/s` becomes `ns/point`
    /// (one trailing `s` of the rate's plural dropped).
    public var timePerUnit: (unit: BenchmarkUnit, median: Double, ci95: ConfidenceInterval)? {
        guard unit.higherIsBetter else { return (unit, median, ci95) }
        var work = unit.workUnit
        if work.count > 1, work.hasSuffix("s") { work.removeLast() }
        return Self.inverted(median, ci95).map { (.nanoseconds(per: work), $0.median, $0.ci95) }
    }

    /// The result as work units per second, higher is better: a rate as it is, a time t ns per
    /// work unit as 10⁹ / t (`ns/query` → `query/s`); `nil` where a value would not be finite.
    public var ratePerSecond: (unit: BenchmarkUnit, median: Double, ci95: ConfidenceInterval)? {
        guard !unit.higherIsBetter else { return (unit, median, ci95) }
        return Self.inverted(median, ci95).map { (.rate(unit.workUnit), $0.median, $0.ci95) }
    }

    /// 10⁹ / x for the median and both ends (swapped), or `nil` if any is not finite.
    private static func inverted(_ median: Double, _ ci95: ConfidenceInterval) -> (median: Double, ci95: ConfidenceInterval)? {
        let value = 1e9 / median, lower = 1e9 / ci95.upper, upper = 1e9 / ci95.lower
        guard value.isFinite, lower.isFinite, upper.isFinite else { return nil }
        return (value, ConfidenceInterval(lower: lower, upper: upper))
    }
}

/// The encoder of every JSON document BenchKit's types write (run reports, CI formats, merged
/// runs, history analyses): sorted keys, no escaped slashes (benchmark names hold them),
/// pretty-printed unless asked for one line, a final newline — byte-for-byte reproducible.
public enum FormatEncoder {
    /// `prettyPrinted` false writes one line (for machines, history files).
    /// - Throws: ``BenchKitError/encodingFailed(_:)`` for a non-finite number (the writers
    ///   leave those out, so this does not happen).
    public static func encode<T: Encodable>(_ value: T, prettyPrinted: Bool = true) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = prettyPrinted ? [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes] : [.sortedKeys, .withoutEscapingSlashes]
        do {
            var data = try encoder.encode(value)
            data.append(0x0a)
            return data
        } catch {
            throw BenchKitError.encodingFailed("\(error)")
        }
    }
}
