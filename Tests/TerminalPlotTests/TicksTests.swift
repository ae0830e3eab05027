import Foundation
import Testing
@testable import TerminalPlot

@Suite struct TicksTests {
    @Test(arguments: [
        (0, 0, false, "0"), (15, 2, false, "1500"), (-3, 0, false, "-3"), (5, -1, false, "0.5"),
        (10, -1, false, "1.0"), (0, -2, false, "0.00"), (-25, -3, false, "-0.025"), (1, -12, true, "1e-12"),
        (15, 5, true, "1.5e6"), (-2, -7, true, "-2e-7"), (0, 6, true, "0"), (120, 4, true, "1.2e6"),
    ])
    func decimalLabels(multiple: Int, exponent: Int, scientific: Bool, expected: String) {
        #expect(Ticks.decimal(multiple, exponent: exponent, scientific: scientific) == expected)
    }

    /// Every linear tick set is an arithmetic run with step 1, 2 or 5 × 10ᵏ inside the range,
    /// and its labels read back as exactly those values.
    @Test func linearTicksAreRound() {
        var random = SplitMix64(seed: 6)
        for _ in 0..<300 {
            let magnitude = Double.random(in: -9...9, using: &random)
            let a = Double.random(in: -1...1, using: &random) * pow(10, magnitude)
            let b = a + Double.random(in: 0.01...10, using: &random) * pow(10, magnitude)
            // Consecutive 1-2-5 steps differ by at most 2.5×, so some step gives 2 to 6 ticks.
            let maxCount = Int.random(in: 6...15, using: &random)
            let ticks = Ticks.choose(lower: a, upper: b, isLogarithmic: false, maxCount: maxCount) { _ in true }
            #expect(ticks.count >= 2 && ticks.count <= maxCount, "\(a)...\(b)")
            guard ticks.count >= 2 else { continue }
            let step = ticks[1].coordinate - ticks[0].coordinate
            let mantissa = step / pow(10, floor(log10(step)))
            #expect([1, 2, 5, 10].contains { abs(mantissa - $0) < 1e-6 }, "step \(step)")
            for (tick, next) in zip(ticks, ticks.dropFirst()) {
                #expect(abs((next.coordinate - tick.coordinate) - step) <= 1e-9 * abs(step))
            }
            for tick in ticks {
                #expect(tick.coordinate >= a - 1e-9 * abs(step) && tick.coordinate <= b + 1e-9 * abs(step))
                let parsed = Double(tick.label)
                #expect(parsed != nil, "label \(tick.label)")
                if let parsed {
                    #expect(abs(parsed - tick.coordinate) <= 1e-9 * max(abs(step), abs(tick.coordinate)), "\(tick.label)")
                }
                #expect(!tick.label.contains("000001") && !tick.label.contains("99999"), "\(tick.label)")
            }
        }
    }

    @Test func logTicksAreDecadesOr125() {
        let dense = Ticks.choose(lower: 0, upper: 2, isLogarithmic: true, maxCount: 10) { _ in true }
        #expect(dense.map(\.label) == ["1", "2", "5", "10", "20", "50", "100"])
        let decades = Ticks.choose(lower: -12, upper: -2, isLogarithmic: true, maxCount: 11) { _ in true }
        #expect(decades.map(\.label) == (2...12).reversed().map { "1e-\($0)" })
        let sparse = Ticks.choose(lower: -12, upper: -2, isLogarithmic: true, maxCount: 4) { _ in true }
        #expect(sparse.map(\.label) == ["1e-10", "1e-5"])
        // Less than a decade: fall back to round linear values, placed at their logarithm.
        let narrow = Ticks.choose(lower: log10(3), upper: log10(8), isLogarithmic: true, maxCount: 8) { _ in true }
        #expect(narrow.map(\.label) == ["3", "4", "5", "6", "7", "8"])
        #expect(abs(narrow[0].coordinate - log10(3)) < 1e-12)
    }

    @Test func rejectedCandidatesGiveSparserTicks() {
        let all = Ticks.choose(lower: 0, upper: 100, isLogarithmic: false, maxCount: 20) { _ in true }
        let few = Ticks.choose(lower: 0, upper: 100, isLogarithmic: false, maxCount: 20) { $0.count <= 3 }
        #expect(all.count > 3)
        #expect(few.map(\.label) == ["0", "50", "100"])
    }
}

