/// How much to measure. ``standard`` is what `bench run` uses; ``quick`` shortens each sample,
/// never the number of samples.
public struct RunOptions: Equatable, Sendable {
    /// Iterations are calibrated so that one sample lasts at least this long.
    public var sampleTargetNanoseconds: UInt64
    /// Samples per benchmark (per side, for a paired run); at least 30.
    public var samples: Int
    /// Calibrated samples run and discarded before measuring.
    public var warmupSamples: Int
    /// Bootstrap resamples for every interval; at least 100.
    public var resamples: Int
    /// Seed of the bootstrap's generator, so intervals are reproducible.
    public var seed: UInt64
    /// A result is flagged noisy when its 95 % interval is wider than this fraction of its
    /// median (default 0.10: the interval spans more than 10 % of the median).
    public var noiseThreshold: Double
    /// Lets tests drive the runner in a debug build. `bench` never sets it.
    public var allowsUnoptimizedBuild: Bool

    public init(
        sampleTargetNanoseconds: UInt64 = 1_000_000,
        samples: Int = 30,
        warmupSamples: Int = 2,
        resamples: Int = 1_000,
        seed: UInt64 = 0x5eed,
        noiseThreshold: Double = 0.10,
        allowsUnoptimizedBuild: Bool = false
    ) {
        self.sampleTargetNanoseconds = sampleTargetNanoseconds
        self.samples = samples
        self.warmupSamples = warmupSamples
        self.resamples = resamples
        self.seed = seed
        self.noiseThreshold = noiseThreshold
        self.allowsUnoptimizedBuild = allowsUnoptimizedBuild
    }

    /// 1 ms samples, 30 of them, 2 warm-up samples.
    public static var standard: RunOptions { RunOptions() }

    /// 250 µs samples, still 30 of them, 1 warm-up sample.
    public static var quick: RunOptions {
        RunOptions(sampleTargetNanoseconds: 250_000, warmupSamples: 1)
    }

    /// Whether the per-sample target is below the standard 1 ms.
    public var isQuick: Bool { sampleTargetNanoseconds < RunOptions.standard.sampleTargetNanoseconds }

    func validate() throws {
        guard sampleTargetNanoseconds >= 1_000 else {
            throw BenchKitError.invalidValue(what: "the sample target", value: "\(sampleTargetNanoseconds) ns", expected: "at least 1000 ns")
        }
        guard samples >= 30 else {
            throw BenchKitError.invalidValue(what: "the number of samples", value: "\(samples)", expected: "at least 30")
        }
        guard warmupSamples >= 0 else {
            throw BenchKitError.invalidValue(what: "the number of warm-up samples", value: "\(warmupSamples)", expected: "zero or more")
        }
        try Statistics.validateBootstrap(confidence: 0.95, resamples: resamples)
        guard noiseThreshold > 0, noiseThreshold.isFinite else {
            throw BenchKitError.invalidValue(what: "the noise threshold", value: "\(noiseThreshold)", expected: "a positive finite fraction")
        }
    }
}

/// What the runner reports while it works, for a progress line.
public enum RunProgress: Sendable {
    /// Benchmark `index` (0-based) of `count` is starting.
    case started(name: String, index: Int, count: Int)
    /// Its check passed (with the measured error, if it has a check).
    case checked(name: String, maxError: Double?)
    /// Iterations per sample chosen.
    case calibrated(name: String, iterations: Int, referenceIterations: Int?)
    /// `completed` of `total` samples taken (pairs, for a paired run).
    case sampled(name: String, completed: Int, total: Int)
    /// Finished and timed.
    case finished(BenchmarkResult)
    /// Not timed: its check failed.
    case failed(ReferenceFailure)
    /// Measuring a suspect again (``BenchmarkRunner/remeasure(_:rounds:)``), round `round` of
    /// `rounds` (1-based).
    case remeasuring(name: String, round: Int, rounds: Int)
}
