extension BenchmarkResult {
    /// The result as nanoseconds per work unit, lower is better, whatever its unit: a time as
    /// it is; a rate r (work units per second) as 10⁹ / r, whose interval's ends swap (the
    /// median of the transformed samples is the transformed median, the transform being
    /// monotonic). `nil` where a value would not be finite (a rate of 0).
    ///
    /// The work unit is the unit's: `ns/query` stays `ns/query`; `points/s` becomes `ns/point`
    /// (one trailing `s` of the rate's plural dropped).
    public var timePerUnit: (unit: String, median: Double, ci95: ConfidenceInterval)? {
        guard higherIsBetter else { return (unit, median, ci95) }
        var work = unit.hasSuffix("/s") ? String(unit.dropLast(2)) : unit
        if work.count > 1, work.hasSuffix("s") { work.removeLast() }
        let value = 1e9 / median, lower = 1e9 / ci95.upper, upper = 1e9 / ci95.lower
        guard value.isFinite, lower.isFinite, upper.isFinite else { return nil }
        return ("ns/" + work, value, ConfidenceInterval(lower: lower, upper: upper))
    }
}

extension JSONEncoderSettings {
    /// Sorted keys, no escaped slashes (benchmark names hold them), pretty-printed: byte-for-byte
    /// reproducible documents, as ``RunReport/jsonData(prettyPrinted:)``.
    static func encode<T: Encodable>(_ value: T) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        do {
            var data = try encoder.encode(value)
            data.append(0x0a)
            return data
        } catch {
            throw BenchKitError.encodingFailed("\(error)")
        }
    }
}

/// The encoder every CI format of a run uses.
enum JSONEncoderSettings {}

import Foundation
