import Testing
@testable import BenchKit

@Suite("A/A control")
struct AAControlTests {
    /// b = a·(1 + u) with u at the midpoints of 200 equal steps over [−10 %, +10 %): exactly 50
    /// of the 200 pairs (u > 5 %) are slower than a 5 % threshold.
    @Test func knownNoiseDistributionGivesItsFalseAlarmRate() throws {
        let n = 200
        // Typed steps: as one literal-laden closure each, these took the type checker 1.5 s.
        let noise: [Double] = (0..<n).map { (i: Int) -> Double in
            let u: Double = 0.2 * (Double(i) + 0.5) / Double(n)
            return -0.1 + u
        }
        let first = [Double](repeating: 100, count: n)
        let second: [Double] = noise.map { (u: Double) -> Double in 100 * (1 + u) }
        let control = try AAControl(name: "synthetic/uniform", first: first, second: second, thresholdPercent: 5, resamples: 200, seed: 7)
        #expect(control.pairFalseAlarmRate == 0.25)
        #expect(abs(control.medianDifferencePercent) < 1e-9)
        // The 2.5th and 97.5th percentiles of a uniform ±10 % spread: ±9.5 %.
        #expect(abs(control.noiseFloorLowPercent + 9.5) < 0.1 && abs(control.noiseFloorHighPercent - 9.5) < 0.1)
        // The MAD of a uniform ±10 % spread is 5 %: 1.4826 × 5 %.
        #expect(abs(control.spreadPercent - 1.4826 * 5) < 0.1)
        // Medians of 200 values scatter by about 0.7 % here: a 5 % gate on medians never fires.
        #expect(control.medianFalseAlarmRate == 0)
        #expect(control.pairs == n && control.source == .race)
    }

    @Test(arguments: [(5.0, 1.0), (15.0, 0.0)])
    func aConstantSlowdownIsFlaggedExactlyWhenBeyondTheThreshold(threshold: Double, rate: Double) throws {
        let first = (1...40).map { 100 + Double($0 % 5) }
        let second = first.map { $0 * 1.1 }
        let control = try AAControl(name: "synthetic/slower", first: first, second: second, thresholdPercent: threshold, resamples: 100)
        #expect(control.pairFalseAlarmRate == rate)
        #expect(control.medianFalseAlarmRate == rate)
    }

    @Test func badInputIsRefused() {
        #expect(throws: BenchKitError.self) { try AAControl(name: "a/b", first: [1, 2, 3], second: [1, 2, 3], thresholdPercent: 5) }
        #expect(throws: BenchKitError.self) { try AAControl(name: "a/b", first: [1, 2, 3, 4], second: [1, 2, 3, .nan], thresholdPercent: 5) }
        #expect(throws: BenchKitError.self) { try AAControl(name: "a/b", first: [1, 2, 3, 4], second: [1, 2, 3, 4], thresholdPercent: -1) }
    }

    @Test func runnerRacesEachBenchmarkAgainstItself() throws {
        let time = SimulatedTime()
        var runner = makeRunner(time)
        let controls = try runner.raceAgainstItself([Benchmark("a/x", body: time.body("x", nanosecondsPerIteration: 100))], thresholdPercent: 5)
        let control = try #require(controls.first)
        // Simulated time is exact: the two sides are identical, no noise, no false alarm.
        #expect(control.name == "a/x" && control.pairs == 30)
        #expect(control.medianDifferencePercent == 0 && control.pairFalseAlarmRate == 0 && control.medianFalseAlarmRate == 0)
    }
}
