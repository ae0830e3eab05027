/// Robust order statistics of benchmark samples.
///
/// Benchmark times are skewed to the right (interrupts, migrations, cache misses only ever add
/// time), so BenchKit reports order statistics, never the mean: the median, the minimum, the
/// 90th percentile, the median absolute deviation, and a bootstrap interval for the median.
public enum Statistics {
    /// The sample median: the middle value, or the mean of the two middle values for an even
    /// count.
    ///
    ///     try Statistics.median([3, 1, 2, 10])   // 2.5
    ///
    /// - Throws: ``BenchKitError/emptySample(_:)``, ``BenchKitError/nonFiniteSample(_:)``.
    /// - Complexity: O(n log n).
    public static func median(_ values: [Double]) throws -> Double {
        median(sorted: try validatedSorted(values, "a median"))
    }

    /// The `p`-quantile by linear interpolation between order statistics (Hyndman & Fan 1996,
    /// definition 7, R's default): with h = (n − 1)·p, x₍⌊h⌋₎ + (h − ⌊h⌋)(x₍⌊h⌋+1₎ − x₍⌊h⌋₎).
    ///
    ///     try Statistics.quantile(0.9, of: [1, 2, 3, 4, 100])   // 61.6
    ///
    /// - Throws: on empty or non-finite samples, or `p` outside [0, 1].
    /// - Complexity: O(n log n).
    public static func quantile(_ p: Double, of values: [Double]) throws -> Double {
        guard p >= 0, p <= 1 else {
            throw BenchKitError.invalidValue(what: "a quantile", value: "\(p)", expected: "between 0 and 1")
        }
        return quantile(p, sorted: try validatedSorted(values, "a quantile"))
    }

    /// The median absolute deviation, median(|xᵢ − median(x)|), unscaled (multiply by 1.4826
    /// for a consistent estimate of σ under a normal distribution).
    ///
    ///     try Statistics.medianAbsoluteDeviation([1, 2, 3, 4, 100])   // 1
    ///
    /// - Complexity: O(n log n).
    public static func medianAbsoluteDeviation(_ values: [Double]) throws -> Double {
        let sorted = try validatedSorted(values, "a median absolute deviation")
        return medianAbsoluteDeviation(sorted: sorted, median: median(sorted: sorted))
    }

    /// How many values lie outside Tukey's fences [Q1 − 1.5·IQR, Q3 + 1.5·IQR] (Tukey,
    /// *Exploratory Data Analysis*, 1977), with quartiles by ``quantile(_:of:)``. Outliers are
    /// counted and reported, never dropped.
    ///
    ///     try Statistics.tukeyOutlierCount([1, 2, 3, 4, 100])   // 1
    ///
    /// - Complexity: O(n log n).
    public static func tukeyOutlierCount(_ values: [Double]) throws -> Int {
        tukeyOutlierCount(sorted: try validatedSorted(values, "an outlier count"))
    }

    /// A percentile-bootstrap confidence interval for the median (Efron & Tibshirani, *An
    /// Introduction to the Bootstrap*, 1993, §13.3): draw `resamples` samples of n with
    /// replacement, take each one's median, and return the (1 − c)/2 and (1 + c)/2 quantiles
    /// of those medians. Seeded, so the same samples give the same interval.
    ///
    /// Each resample's median is found without sorting: indices into the sorted sample are
    /// counted, and since the sorted values are monotone in the index, the median of the
    /// drawn values is the value at the median drawn index.
    ///
    /// - Parameters:
    ///   - confidence: the coverage asked for, in (0, 1); default 0.95.
    ///   - resamples: at least 100; default 1000.
    ///   - seed: the SplitMix64 seed.
    /// - Complexity: O(n log n + resamples · n).
    public static func bootstrapMedianInterval(
        _ values: [Double], confidence: Double = 0.95, resamples: Int = 1_000, seed: UInt64 = 0x5eed
    ) throws -> ConfidenceInterval {
        let sorted = try validatedSorted(values, "a bootstrap interval")
        try validateBootstrap(confidence: confidence, resamples: resamples)
        var generator = SplitMix64(seed: seed)
        return bootstrapMedianInterval(sorted: sorted, confidence: confidence, resamples: resamples, using: &generator)
    }

    // MARK: - On sorted, validated input

    static func validatedSorted(_ values: [Double], _ what: String) throws -> [Double] {
        guard !values.isEmpty else { throw BenchKitError.emptySample(what) }
        guard values.allSatisfy(\.isFinite) else { throw BenchKitError.nonFiniteSample(what) }
        return values.sorted()
    }

    static func validateBootstrap(confidence: Double, resamples: Int) throws {
        guard confidence > 0, confidence < 1 else {
            throw BenchKitError.invalidValue(what: "the confidence level", value: "\(confidence)", expected: "strictly between 0 and 1")
        }
        guard resamples >= 100 else {
            throw BenchKitError.invalidValue(what: "the number of bootstrap resamples", value: "\(resamples)", expected: "at least 100")
        }
    }

    static func median(sorted: [Double]) -> Double {
        let n = sorted.count
        if n % 2 == 1 { return sorted[n / 2] }
        // Written as a + (b − a)/2 so two huge values cannot overflow to infinity.
        let a = sorted[n / 2 - 1], b = sorted[n / 2]
        return a + (b - a) / 2
    }

    static func quantile(_ p: Double, sorted: [Double]) -> Double {
        let h = Double(sorted.count - 1) * p
        let below = Int(h.rounded(.down))
        let above = min(below + 1, sorted.count - 1)
        return sorted[below] + (h - Double(below)) * (sorted[above] - sorted[below])
    }

    static func medianAbsoluteDeviation(sorted: [Double], median center: Double) -> Double {
        median(sorted: sorted.map { abs($0 - center) }.sorted())
    }

    static func tukeyOutlierCount(sorted: [Double]) -> Int {
        let q1 = quantile(0.25, sorted: sorted), q3 = quantile(0.75, sorted: sorted)
        let spread = 1.5 * (q3 - q1)
        let low = q1 - spread, high = q3 + spread
        return sorted.count { $0 < low || $0 > high }
    }

    static func bootstrapMedianInterval(
        sorted: [Double], confidence: Double, resamples: Int, using generator: inout SplitMix64
    ) -> ConfidenceInterval {
        let n = sorted.count
        // Order statistics (0-based) whose values make up a median of n values.
        let low = (n - 1) / 2, high = n / 2
        var counts = [Int](repeating: 0, count: n)
        var medians = [Double]()
        medians.reserveCapacity(resamples)
        for _ in 0..<resamples {
            for i in counts.indices { counts[i] = 0 }
            for _ in 0..<n { counts[generator.nextIndex(below: n)] += 1 }
            var lowValue = sorted[0], highValue = sorted[0]
            var seen = 0
            for index in 0..<n where counts[index] > 0 {
                let before = seen
                seen += counts[index]
                if before <= low && low < seen { lowValue = sorted[index] }
                if before <= high && high < seen { highValue = sorted[index]; break }
            }
            medians.append(lowValue + (highValue - lowValue) / 2)
        }
        medians.sort()
        let tail = (1 - confidence) / 2
        return ConfidenceInterval(lower: quantile(tail, sorted: medians), upper: quantile(1 - tail, sorted: medians))
    }
}

/// The statistics BenchKit reports for one set of samples.
public struct SampleSummary: Equatable, Sendable {
    public var count: Int
    public var median: Double
    public var minimum: Double
    public var maximum: Double
    /// 10th and 90th percentiles (``Statistics/quantile(_:of:)``).
    public var p10: Double
    public var p90: Double
    /// Unscaled median absolute deviation.
    public var mad: Double
    /// Values outside Tukey's fences, kept in every other statistic.
    public var outliers: Int
    /// 95 % percentile-bootstrap interval for the median.
    public var ci95: ConfidenceInterval

    /// Width of the interval relative to the median (∞ when the median is 0 and the interval is
    /// not a point).
    public var relativeIntervalWidth: Double {
        if ci95.width == 0 { return 0 }
        return ci95.width / abs(median)
    }

    /// Summarizes `values`.
    ///
    /// - Complexity: O(n log n + resamples · n).
    public init(_ values: [Double], resamples: Int = 1_000, seed: UInt64 = 0x5eed) throws {
        let sorted = try Statistics.validatedSorted(values, "a summary")
        try Statistics.validateBootstrap(confidence: 0.95, resamples: resamples)
        var generator = SplitMix64(seed: seed)
        count = sorted.count
        median = Statistics.median(sorted: sorted)
        minimum = sorted[0]
        maximum = sorted[sorted.count - 1]
        p10 = Statistics.quantile(0.1, sorted: sorted)
        p90 = Statistics.quantile(0.9, sorted: sorted)
        mad = Statistics.medianAbsoluteDeviation(sorted: sorted, median: median)
        outliers = Statistics.tukeyOutlierCount(sorted: sorted)
        ci95 = Statistics.bootstrapMedianInterval(sorted: sorted, confidence: 0.95, resamples: resamples, using: &generator)
    }
}
