import Foundation

/// The JSON document Google Benchmark writes with `--benchmark_format=json` (its
/// docs/user_guide.md, "Output Formats"): a `context` describing the machine and build, and
/// `benchmarks`, one entry per run with `name`, `iterations`, `real_time`, `cpu_time` and
/// `time_unit` — what its `tools/compare.py` and the CI tools that accept Google Benchmark
/// output read.
public struct GoogleBenchmarkDocument: Codable, Equatable, Sendable {
    public struct Context: Codable, Equatable, Sendable {
        public var executable: String
        public var numCPUs: Int
        public var mhzPerCPU: Int?
        public var cpuScalingEnabled: Bool?
        public var libraryBuildType: String
        /// Not a Google Benchmark key: which Flightline document this was converted from.
        public var flightlineSchema: String

        enum CodingKeys: String, CodingKey {
            case executable
            case numCPUs = "num_cpus"
            case mhzPerCPU = "mhz_per_cpu"
            case cpuScalingEnabled = "cpu_scaling_enabled"
            case libraryBuildType = "library_build_type"
            case flightlineSchema = "flightline_schema"
        }
    }

    public struct Entry: Codable, Equatable, Sendable {
        public var name: String
        public var familyIndex: Int
        public var perFamilyInstanceIndex: Int
        public var runName: String
        public var runType: String
        public var repetitions: Int
        public var repetitionIndex: Int
        public var threads: Int
        /// Work units timed: samples × iterations per sample × work units per iteration.
        public var iterations: Int
        /// The median time per work unit, in ``timeUnit``.
        public var realTime: Double
        /// Flightline measures wall time only: equal to ``realTime``.
        public var cpuTime: Double
        public var timeUnit: String
        /// For a benchmark measured as a rate: its median, work units per second (Google
        /// Benchmark's `SetItemsProcessed` counter).
        public var itemsPerSecond: Double?

        enum CodingKeys: String, CodingKey {
            case name
            case familyIndex = "family_index"
            case perFamilyInstanceIndex = "per_family_instance_index"
            case runName = "run_name"
            case runType = "run_type"
            case repetitions
            case repetitionIndex = "repetition_index"
            case threads, iterations
            case realTime = "real_time"
            case cpuTime = "cpu_time"
            case timeUnit = "time_unit"
            case itemsPerSecond = "items_per_second"
        }
    }

    public var context: Context
    public var benchmarks: [Entry]
}

extension RunReport {
    /// The results as a Google Benchmark JSON document: each benchmark one `iteration` run with
    /// its median time per work unit in nanoseconds as `real_time` (a rate r as 10⁹ / r, with
    /// r kept as `items_per_second`); `cpu_time` equals `real_time`, since Flightline times
    /// the wall clock only. The context holds no date or host name, so the document depends
    /// on the results alone.
    ///
    /// - Complexity: O(n) in the number of results.
    public func googleBenchmarkDocument() -> GoogleBenchmarkDocument {
        let context = GoogleBenchmarkDocument.Context(
            executable: "bench", numCPUs: machine.cores,
            mhzPerCPU: machine.cpuFrequencyMHz.flatMap { $0.isFinite && $0 > 0 && $0 < 1e9 ? Int($0.rounded()) : nil },
            cpuScalingEnabled: machine.governor.map { $0 != "performance" },
            libraryBuildType: build.configuration, flightlineSchema: schema)
        var entries: [GoogleBenchmarkDocument.Entry] = []
        for result in results {
            guard let time = result.timePerUnit else { continue }
            let (units, overflow) = result.sampleCount.multipliedReportingOverflow(by: result.iterations)
            let (work, overflow2) = units.multipliedReportingOverflow(by: max(1, result.workUnitsPerIteration))
            entries.append(GoogleBenchmarkDocument.Entry(
                name: result.name, familyIndex: entries.count, perFamilyInstanceIndex: 0, runName: result.name,
                runType: "iteration", repetitions: 1, repetitionIndex: 0, threads: 1,
                iterations: overflow || overflow2 ? Int.max : work, realTime: time.median, cpuTime: time.median,
                timeUnit: "ns", itemsPerSecond: result.higherIsBetter ? result.median : nil))
        }
        return GoogleBenchmarkDocument(context: context, benchmarks: entries)
    }

    /// ``googleBenchmarkDocument()`` as UTF-8 JSON (sorted keys, pretty-printed, a final newline).
    public func googleBenchmarkData() throws -> Data {
        try FormatEncoder.encode(googleBenchmarkDocument())
    }
}
