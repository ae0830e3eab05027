#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// One tick: its coordinate along the axis (after the axis transform, so `log10(value)` on a
/// logarithmic axis) and its printed value.
struct Tick: Equatable, Sendable {
    var coordinate: Double
    var label: String
}

/// Round tick values: steps of 1, 2 or 5 × 10ᵏ ("nice numbers", Heckbert, *Graphics Gems*,
/// 1990, p. 61), decades on logarithmic axes.
///
/// Labels are printed from the integer multiple and the exponent, never from the `Double`,
/// so they carry no binary noise (`0.30000000000000004`) and share their decimals.
enum Ticks {
    /// The densest candidate set of ticks in `lower...upper` (axis coordinates) that `fits`
    /// accepts with at least two ticks; else the first accepted set with one tick; else none.
    ///
    /// - Parameters:
    ///   - isLogarithmic: `lower`/`upper` are decimal exponents and ticks go on 1-2-5 values,
    ///     then every 1, 2, 5, 10… decades, then (for less than a decade) on linear values.
    ///   - maxCount: no candidate with more ticks is tried (the space allows no more).
    /// - Complexity: O(`maxCount`) candidates of O(`maxCount`) ticks each, at most.
    static func choose(
        lower: Double, upper: Double, isLogarithmic: Bool, maxCount: Int,
        fits: ([Tick]) -> Bool
    ) -> [Tick] {
        var fallback: [Tick]?
        func consider(_ ticks: [Tick]) -> Bool {
            guard !ticks.isEmpty, ticks.count <= maxCount, fits(ticks) else { return false }
            if ticks.count >= 2 { return true }
            if fallback == nil { fallback = ticks }
            return false
        }
        if isLogarithmic {
            for ticks in logarithmicCandidates(lower: lower, upper: upper, maxCount: maxCount) where consider(ticks) {
                return ticks
            }
            if let ticks = linearCandidates(
                lower: pow(10, lower), upper: pow(10, upper), maxCount: maxCount, positionsAreLogarithmic: true,
                accept: consider)
            {
                return ticks
            }
        } else if let ticks = linearCandidates(
            lower: lower, upper: upper, maxCount: maxCount, positionsAreLogarithmic: false, accept: consider)
        {
            return ticks
        }
        return fallback ?? []
    }

    /// Tries steps m·10ᵏ (m ∈ {1, 2, 5}) from the finest that gives at most `maxCount` ticks
    /// upward, and returns the first set `accept` takes.
    private static func linearCandidates(
        lower: Double, upper: Double, maxCount: Int, positionsAreLogarithmic: Bool,
        accept: ([Tick]) -> Bool
    ) -> [Tick]? {
        let span = upper - lower
        guard span > 0, span.isFinite, maxCount >= 1 else { return nil }
        var exponent = Int(floor(log10(span / Double(maxCount))))
        // Up to 7 decades of candidates: the coarsest has at most one tick in the span.
        for _ in 0..<7 {
            for mantissa in [1, 2, 5] {
                let step = Double(mantissa) * pow(10, Double(exponent))
                // A relative slack of 1e-9 keeps ticks that sit on a bound up to rounding.
                let first = (lower / step - 1e-9).rounded(.up)
                let last = (upper / step + 1e-9).rounded(.down)
                // Beyond 2⁵³ the multiples are no longer exact integers.
                guard abs(first) < 1e15, abs(last) < 1e15, first <= last else { continue }
                let count = Int(last - first) + 1
                if count > maxCount { continue }
                let firstIndex = Int(first)
                let largest = max(abs(first), abs(last)) * step
                let scientific = exponent < -4 || largest >= 1e6
                var ticks: [Tick] = []
                ticks.reserveCapacity(count)
                for index in firstIndex..<(firstIndex + count) {
                    let multiple = index * mantissa
                    let value = Double(multiple) * pow(10, Double(exponent))
                    let coordinate = positionsAreLogarithmic ? log10(value) : value
                    guard coordinate.isFinite else { continue }
                    ticks.append(Tick(coordinate: coordinate, label: decimal(multiple, exponent: exponent, scientific: scientific)))
                }
                if accept(ticks) { return ticks }
            }
            exponent += 1
        }
        return nil
    }

    /// Candidate sets on a logarithmic axis spanning decimal exponents `lower...upper`:
    /// 1, 2, 5 in every decade, then every decade, every 2, 5, 10, 20… decades.
    private static func logarithmicCandidates(lower: Double, upper: Double, maxCount: Int) -> [[Tick]] {
        let slack = 1e-9
        var candidates: [[Tick]] = []
        let lowDecade = Int((lower - slack).rounded(.down))
        let highDecade = Int((upper + slack).rounded(.up))
        if upper - lower <= Double(maxCount) {
            var ticks: [Tick] = []
            var exponents: [Int] = []
            var mantissas: [Int] = []
            for decade in lowDecade...highDecade {
                for mantissa in [1, 2, 5] {
                    let coordinate = Double(decade) + log10(Double(mantissa))
                    if coordinate >= lower - slack && coordinate <= upper + slack {
                        ticks.append(Tick(coordinate: coordinate, label: ""))
                        exponents.append(decade)
                        mantissas.append(mantissa)
                    }
                }
            }
            candidates.append(labelled(ticks, exponents: exponents, mantissas: mantissas))
        }
        var stride = 1
        for _ in 0..<12 {
            for factor in [1, 2, 5] {
                let every = stride * factor
                var ticks: [Tick] = []
                var exponents: [Int] = []
                var decade = Int((Double(lowDecade) / Double(every)).rounded(.down)) * every
                while decade <= highDecade {
                    if Double(decade) >= lower - slack && Double(decade) <= upper + slack {
                        ticks.append(Tick(coordinate: Double(decade), label: ""))
                        exponents.append(decade)
                    }
                    decade += every
                }
                if ticks.count <= maxCount {
                    candidates.append(labelled(ticks, exponents: exponents, mantissas: Array(repeating: 1, count: ticks.count)))
                }
                if ticks.count <= 1 { return candidates }
            }
            stride *= 10
        }
        return candidates
    }

    private static func labelled(_ ticks: [Tick], exponents: [Int], mantissas: [Int]) -> [Tick] {
        let scientific = exponents.contains { $0 < -4 || $0 > 5 }
        return ticks.indices.map { index in
            Tick(
                coordinate: ticks[index].coordinate,
                label: decimal(mantissas[index], exponent: exponents[index], scientific: scientific))
        }
    }

    /// `multiple × 10^exponent` as text: plain (`1500`, `0.25`, with `-exponent` decimals when
    /// the exponent is negative, so all labels of one step share their decimals) or
    /// scientific (`1.5e6`, `2e-7`, trailing zeros dropped).
    static func decimal(_ multiple: Int, exponent: Int, scientific: Bool) -> String {
        let negative = multiple < 0
        var digits = String(multiple.magnitude)
        let sign = negative ? "-" : ""
        if scientific {
            if multiple == 0 { return "0" }
            let power = exponent + digits.count - 1
            let lead = digits.removeFirst()
            while digits.last == "0" { digits.removeLast() }
            return sign + String(lead) + (digits.isEmpty ? "" : "." + digits) + "e\(power)"
        }
        if exponent >= 0 {
            if multiple == 0 { return "0" }
            return sign + digits + String(repeating: "0", count: exponent)
        }
        let decimals = -exponent
        if digits.count <= decimals {
            digits = String(repeating: "0", count: decimals - digits.count + 1) + digits
        }
        let split = digits.index(digits.endIndex, offsetBy: -decimals)
        return sign + digits[..<split] + "." + digits[split...]
    }
}
