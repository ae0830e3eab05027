/// The measurement of one benchmark: one element of `results` in a `flightline.run/1`
/// document (docs/design.md §3).
///
/// All values are in ``unit``. ``minimum`` is the *best* sample and ``p90`` the slow tail
/// whatever the unit's direction: for a `ns/…` unit they are the 0th and 90th percentiles;
/// for a `…/s` unit, the 100th and 10th.
public struct BenchmarkResult: Codable, Equatable, Sendable {
    public var name: String
    /// `ns/query`, `points/s`, … (written as its symbol).
    public var unit: BenchmarkUnit
    /// Whether larger values are better (rates) or worse (times).
    public var higherIsBetter: Bool
    public var median: Double
    /// The best sample (JSON `min`).
    public var minimum: Double
    /// The sample that 90 % of samples beat.
    public var p90: Double
    /// Unscaled median absolute deviation.
    public var mad: Double
    /// 95 % percentile-bootstrap interval of the median.
    public var ci95: ConfidenceInterval
    /// Number of samples (JSON `samples`).
    public var sampleCount: Int
    /// Iterations per sample.
    public var iterations: Int
    public var workUnitsPerIteration: Int
    /// Samples outside Tukey's fences (kept in every statistic).
    public var outliers: Int
    /// The interval is wider than the run's noise threshold (default 10 %) of the median.
    public var noisy: Bool
    /// The reference's name, for a paired run.
    public var reference: String?
    /// The reference's median and interval, in ``unit``, from the same interleaved run.
    public var referenceMedian: Double?
    public var referenceCI95: ConfidenceInterval?
    public var referenceIterations: Int?
    /// How many times faster the kernel is than its reference, as docs/design.md §3 defines it: the
    /// reference's median time ÷ the kernel's median time per work unit, both from the same
    /// interleaved run. Above 1 means the kernel wins.
    public var speedup: Double?
    /// The same ratio taken pair by pair: the median over adjacent (reference, kernel) samples of
    /// reference time ÷ kernel time. Drift in the machine's speed during the run affects both
    /// samples of a pair alike, so this estimate is the steadier of the two on a noisy machine.
    public var pairedSpeedup: Double?
    /// 95 % percentile-bootstrap interval of ``pairedSpeedup``.
    public var pairedSpeedupCI95: ConfidenceInterval?
    /// The error the check measured before timing.
    public var maxError: Double?
    /// Every sample in ``unit``, in the order taken (JSON `sampleValues`).
    public var values: [Double]
    /// In a baseline saved from several processes (``RunReport/keepingFastest(of:)``): how far
    /// the slowest process's median lay from the fastest's, relative to the fastest (0.3 = 30 %
    /// slower). Some benchmarks settle into a fast or a slow state per process (memory layout),
    /// a spread no single run's samples show; the gate allows it. `nil` for a single run.
    public var processSpread: Double?
    /// Hardware counts per work unit, from the counted passes after timing (user space only;
    /// ``HardwareCounterSource``); `nil` where counters were unavailable (the report's
    /// ``RunReport/counting`` says why) or the processor lacks that counter.
    public var instructions: Double?
    public var cycles: Double?
    public var branchMisses: Double?
    public var cacheMisses: Double?
    /// Heap allocations and bytes requested per work unit, from the same passes (``AllocationCounter``);
    /// `nil` where allocations could not be counted.
    public var allocations: Double?
    public var allocatedBytes: Double?
    /// The benchmark claims no allocation per work unit (``Benchmark/allocationFree``) and the
    /// claim held; omitted for benchmarks that make no claim.
    public var allocationFree: Bool?
    /// The benchmark's ``Benchmark/revision`` when measured; `nil` in documents written before
    /// benchmarks carried revisions (a baseline of such results is stale:
    /// ``BaselineComparison/isStale``).
    public var revision: Int?

    public init(
        name: String, unit: BenchmarkUnit, higherIsBetter: Bool, median: Double, minimum: Double,
        p90: Double, mad: Double, ci95: ConfidenceInterval, sampleCount: Int, iterations: Int,
        workUnitsPerIteration: Int, outliers: Int, noisy: Bool, reference: String? = nil,
        referenceMedian: Double? = nil, referenceCI95: ConfidenceInterval? = nil,
        referenceIterations: Int? = nil, speedup: Double? = nil, pairedSpeedup: Double? = nil,
        pairedSpeedupCI95: ConfidenceInterval? = nil, maxError: Double? = nil, values: [Double] = []
    ) {
        self.name = name
        self.unit = unit
        self.higherIsBetter = higherIsBetter
        self.median = median
        self.minimum = minimum
        self.p90 = p90
        self.mad = mad
        self.ci95 = ci95
        self.sampleCount = sampleCount
        self.iterations = iterations
        self.workUnitsPerIteration = workUnitsPerIteration
        self.outliers = outliers
        self.noisy = noisy
        self.reference = reference
        self.referenceMedian = referenceMedian
        self.referenceCI95 = referenceCI95
        self.referenceIterations = referenceIterations
        self.speedup = speedup
        self.pairedSpeedup = pairedSpeedup
        self.pairedSpeedupCI95 = pairedSpeedupCI95
        self.maxError = maxError
        self.values = values
    }

    enum CodingKeys: String, CodingKey {
        case name, unit, higherIsBetter, median
        case minimum = "min"
        case p90, mad, ci95
        case sampleCount = "samples"
        case iterations, workUnitsPerIteration, outliers, noisy, reference, referenceMedian
        case referenceCI95 = "referenceCi95"
        case referenceIterations, speedup, pairedSpeedup
        case pairedSpeedupCI95 = "pairedSpeedupCi95"
        case maxError
        case values = "sampleValues"
        case processSpread
        case instructions, cycles, branchMisses, cacheMisses, allocations, allocatedBytes, allocationFree, revision
    }
}

extension BenchmarkResult {
    /// Builds a result from per-work-unit times (nanoseconds), converting them to `unit`.
    ///
    /// - Complexity: O(resamples · n).
    init(
        benchmark: Benchmark, kernelNanoseconds: [Double], iterations: Int,
        referenceNanoseconds: [Double]?, referenceIterations: Int?, maxError: Double?,
        options: RunOptions
    ) throws {
        let unit = benchmark.unit
        let values = kernelNanoseconds.map { unit.value(nanosecondsPerUnit: $0) }
        let summary = try SampleSummary(values, resamples: options.resamples, seed: options.seed)
        self.init(
            name: benchmark.name,
            unit: unit,
            higherIsBetter: unit.higherIsBetter,
            median: summary.median,
            minimum: unit.higherIsBetter ? summary.maximum : summary.minimum,
            p90: unit.higherIsBetter ? summary.p10 : summary.p90,
            mad: summary.mad,
            ci95: summary.ci95,
            sampleCount: summary.count,
            iterations: iterations,
            workUnitsPerIteration: benchmark.workUnitsPerIteration,
            outliers: summary.outliers,
            noisy: summary.relativeIntervalWidth > options.noiseThreshold,
            maxError: maxError,
            values: values
        )
        revision = benchmark.revision
        if let referenceNanoseconds, let reference = benchmark.reference {
            let referenceValues = referenceNanoseconds.map { unit.value(nanosecondsPerUnit: $0) }
            let referenceSummary = try SampleSummary(referenceValues, resamples: options.resamples, seed: options.seed &+ 1)
            let ratios = zip(referenceNanoseconds, kernelNanoseconds).map { $0 / $1 }
            let ratioSummary = try SampleSummary(ratios, resamples: options.resamples, seed: options.seed &+ 2)
            self.reference = reference.name
            self.referenceMedian = referenceSummary.median
            self.referenceCI95 = referenceSummary.ci95
            self.referenceIterations = referenceIterations
            self.speedup = try Statistics.median(referenceNanoseconds) / Statistics.median(kernelNanoseconds)
            self.pairedSpeedup = ratioSummary.median
            self.pairedSpeedupCI95 = ratioSummary.ci95
        }
    }
}
