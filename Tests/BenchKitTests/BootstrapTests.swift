import Foundation
import Testing
@testable import BenchKit

@Suite("Bootstrap interval of the median")
struct BootstrapTests {
    @Test func oneElementGivesAPoint() throws {
        let interval = try Statistics.bootstrapMedianInterval([4.5])
        #expect(interval == ConfidenceInterval(lower: 4.5, upper: 4.5))
    }

    @Test func constantSampleGivesAPoint() throws {
        let interval = try Statistics.bootstrapMedianInterval([Double](repeating: 7, count: 40))
        #expect(interval.width == 0)
        #expect(interval.lower == 7)
    }

    @Test func sameSeedSameIntervalDifferentSeedDifferentInterval() throws {
        var generator = SplitMix64(seed: 11)
        let values = (0..<45).map { _ in Double.random(in: 0..<1, using: &generator) }
        let a = try Statistics.bootstrapMedianInterval(values, seed: 1)
        let b = try Statistics.bootstrapMedianInterval(values, seed: 1)
        let c = try Statistics.bootstrapMedianInterval(values, seed: 2)
        #expect(a == b)
        #expect(a != c)
    }

    /// The counting shortcut must give exactly what sorting every resample gives.
    @Test(arguments: [1, 2, 5, 30, 31])
    func countingShortcutMatchesSortingEveryResample(_ count: Int) throws {
        var data = SplitMix64(seed: UInt64(count))
        let values = (0..<count).map { _ in Double.random(in: -5..<5, using: &data) }
        let seed: UInt64 = 99, resamples = 300
        let fast = try Statistics.bootstrapMedianInterval(values, resamples: resamples, seed: seed)

        let sorted = values.sorted()
        var generator = SplitMix64(seed: seed)
        var medians: [Double] = []
        for _ in 0..<resamples {
            let resample = (0..<count).map { _ in sorted[generator.nextIndex(below: count)] }
            medians.append(try Statistics.median(resample))
        }
        medians.sort()
        let tail = (1 - 0.95) / 2
        let slow = ConfidenceInterval(lower: Statistics.quantile(tail, sorted: medians),
                                      upper: Statistics.quantile(1 - tail, sorted: medians))
        #expect(fast == slow)
    }

    /// Coverage on a known distribution: samples of 31 from Exp(1), whose median is ln 2.
    /// A 95 % interval must cover the true median in most trials (at least 90 % of 200; the
    /// binomial standard error is 1.5 %), and must not be so wide that it covers always
    /// while being useless: its width must stay below the sample's own range.
    @Test(arguments: [1, 2, 3, 31, 1_000])
    func indicesStayInRangeAndReachBothEnds(_ count: Int) {
        var generator = SplitMix64(seed: UInt64(count))
        var seen = Set<Int>()
        for _ in 0..<(count * 50) {
            let index = generator.nextIndex(below: count)
            #expect(index >= 0 && index < count)
            seen.insert(index)
        }
        #expect(seen.contains(0) && seen.contains(count - 1))
    }

    /// SplitMix64's published first outputs for seed 0 (Vigna's splitmix64.c).
    @Test func splitMixMatchesReference() {
        var generator = SplitMix64(seed: 0)
        #expect(generator.next() == 0xe220_a839_7b1d_cdaf)
        #expect(generator.next() == 0x6e78_9e6a_a1b9_65f4)
    }

    @Test func coverageOnExponentialDistribution() throws {
        var generator = SplitMix64(seed: 2024)
        let trueMedian = log(2.0)
        let trials = 200
        var covered = 0
        for trial in 0..<trials {
            let sample = (0..<31).map { _ in -log(1 - Double.random(in: 0..<1, using: &generator)) }
            let interval = try Statistics.bootstrapMedianInterval(sample, seed: UInt64(trial))
            if interval.contains(trueMedian) { covered += 1 }
            #expect(interval.width < sample.max()! - sample.min()!)
            #expect(interval.contains(try Statistics.median(sample)))
        }
        let coverage = Double(covered) / Double(trials)
        #expect(coverage >= 0.90, "coverage \(coverage)")
        #expect(coverage <= 0.995, "coverage \(coverage): the interval is wider than 95 % needs")
    }

    @Test func narrowerConfidenceGivesNarrowerInterval() throws {
        var generator = SplitMix64(seed: 5)
        let values = (0..<60).map { _ in Double.random(in: 0..<10, using: &generator) }
        let wide = try Statistics.bootstrapMedianInterval(values, confidence: 0.99)
        let narrow = try Statistics.bootstrapMedianInterval(values, confidence: 0.5)
        #expect(narrow.width < wide.width)
        #expect(wide.lower <= narrow.lower && narrow.upper <= wide.upper)
    }
}
