/// An A/A control: the same kernel measured against itself, so every difference is noise. It
/// says how far apart two measurements of identical code land on this machine (the noise
/// floor), and how often a gate that compares against a threshold alone would call that noise
/// a regression (the false-alarm rate).
///
/// Two estimates of the false-alarm rate, both one-sided (a regression is a slowdown):
/// - per pair: the fraction of interleaved sample pairs (b, a) with b ÷ a − 1 above the
///   threshold — what a gate comparing one number from each of two runs sees
///   (github-action-benchmark's alert compares one value per run);
/// - per median: the fraction of seeded bootstrap draws, each the median of n resampled values of
///   one side against the median of n of the other, above the threshold — what a gate
///   comparing two runs' medians sees before any other rule (BaselineComparison adds its
///   spread, interval, reference and re-measurement rules on top, so its own rate is lower).
///
///     let control = try AAControl(name: "arclen/cubic", first: a, second: b, thresholdPercent: 5)
///     // control.pairFalseAlarmRate == 0.25 for b = a·(1 + u), u even on [−10 %, 10 %)
public struct AAControl: Codable, Equatable, Sendable {
    public enum Source: String, Codable, Sendable {
        /// `bench run --aa`: the kernel raced against itself, sample by sample. (A run's own
        /// samples split even against odd are no A/A control: the kernel–reference
        /// interleaving's order effects made that estimate read 98–100 % where the race
        /// measured 0.4 %.)
        case race
    }

    public var name: String
    public var source: Source
    /// Pairs compared.
    public var pairs: Int
    /// Median over pairs of b ÷ a − 1, in percent (0 for a fair race).
    public var medianDifferencePercent: Double
    /// The noise floor: the 2.5th and 97.5th percentiles of b ÷ a − 1 over pairs, in percent.
    public var noiseFloorLowPercent: Double
    public var noiseFloorHighPercent: Double
    /// 1.4826 × the median absolute deviation of b ÷ a − 1, in percent: a robust standard
    /// deviation of one pair's difference.
    public var spreadPercent: Double
    /// The threshold the false-alarm rates are for, in percent.
    public var thresholdPercent: Double
    /// Fraction (0…1) of pairs slower by more than the threshold.
    public var pairFalseAlarmRate: Double
    /// Fraction (0…1) of bootstrap median-against-median comparisons slower by more than the
    /// threshold.
    public var medianFalseAlarmRate: Double
    /// Bootstrap draws behind ``medianFalseAlarmRate``.
    public var resamples: Int

    /// - Parameters:
    ///   - first, second: times (smaller is better) of the same code, in pairs taken together;
    ///     at least 4 pairs, positive and finite.
    ///   - seed: of the bootstrap's generator (``SplitMix64``), so the rate is reproducible.
    /// - Throws: ``BenchKitError`` for fewer than 4 pairs, unequal lengths, or values that are
    ///   not positive and finite; an invalid threshold or resample count.
    /// - Complexity: O(resamples · n log n).
    public init(name: String, first: [Double], second: [Double], thresholdPercent: Double,
                source: Source = .race, resamples: Int = 2_000, seed: UInt64 = 0x5eed) throws {
        guard first.count == second.count, first.count >= 4 else {
            throw BenchKitError.invalidValue(what: "an A/A control's samples", value: "\(first.count) and \(second.count)", expected: "two equally long lists of at least 4")
        }
        guard (first + second).allSatisfy({ $0 > 0 && $0.isFinite }) else { throw BenchKitError.nonFiniteSample("an A/A control of '\(name)' (or a value ≤ 0)") }
        guard thresholdPercent >= 0, thresholdPercent.isFinite else {
            throw BenchKitError.invalidValue(what: "the threshold", value: "\(thresholdPercent)", expected: "a non-negative finite percentage")
        }
        guard resamples >= 100 else {
            throw BenchKitError.invalidValue(what: "the number of resamples", value: "\(resamples)", expected: "at least 100")
        }
        self.name = name
        self.source = source
        self.thresholdPercent = thresholdPercent
        self.resamples = resamples
        pairs = first.count
        let threshold = thresholdPercent / 100
        let differences = zip(first, second).map { $1 / $0 - 1 }
        let sorted = differences.sorted()
        let center = Statistics.median(sorted: sorted)
        medianDifferencePercent = center * 100
        noiseFloorLowPercent = Statistics.quantile(0.025, sorted: sorted) * 100
        noiseFloorHighPercent = Statistics.quantile(0.975, sorted: sorted) * 100
        spreadPercent = 1.4826 * Statistics.medianAbsoluteDeviation(sorted: sorted, median: center) * 100
        pairFalseAlarmRate = Double(differences.filter { $0 > threshold }.count) / Double(differences.count)

        var generator = SplitMix64(seed: seed)
        var alarms = 0
        var left = [Double](repeating: 0, count: first.count), right = left
        for _ in 0..<resamples {
            for index in left.indices {
                left[index] = first[generator.nextIndex(below: first.count)]
                right[index] = second[generator.nextIndex(below: second.count)]
            }
            left.sort()
            right.sort()
            if Statistics.median(sorted: right) / Statistics.median(sorted: left) - 1 > threshold { alarms += 1 }
        }
        medianFalseAlarmRate = Double(alarms) / Double(resamples)
    }
}

extension BenchmarkRunner {
    /// Races each benchmark against itself, interleaved sample by sample as a kernel and its
    /// reference are (``run(_:)``), and returns each one's A/A control. Checks are not run:
    /// nothing is compared with a reference.
    ///
    /// - Throws: as ``run(_:)``; ``AAControl``'s errors.
    /// - Complexity: about twice the sampling of ``run(_:)`` without references.
    public mutating func raceAgainstItself(_ benchmarks: [Benchmark], thresholdPercent: Double) throws -> [AAControl] {
        guard isOptimizedBuild || options.allowsUnoptimizedBuild else { throw BenchKitError.unoptimizedBuild }
        try options.validate()
        var controls: [AAControl] = []
        for (index, benchmark) in benchmarks.enumerated() {
            try benchmark.validate()
            progress?(.started(name: benchmark.name + " (A/A)", index: index, count: benchmarks.count))
            var twin = benchmark
            twin.reference = Reference(benchmark.name + "/same", body: benchmark.body)
            let sampled = try sample(twin)
            controls.append(try AAControl(name: benchmark.name, first: sampled.kernel, second: sampled.reference ?? [],
                                          thresholdPercent: thresholdPercent, source: .race,
                                          resamples: max(100, options.resamples), seed: options.seed))
        }
        return controls
    }
}
