/// Runs benchmarks honestly (docs/design.md §4): check first, warm up, calibrate, ≥ 30 samples of
/// ≥ 1 ms (250 µs in quick mode), kernel and reference interleaved sample by sample.
///
///     var runner = BenchmarkRunner(options: quick ? .quick : .standard) { event in
///         if case .sampled(let name, let done, let total) = event { showProgress(name, done, total) }
///     }
///     let outcome = try runner.run(try BenchmarkFilter(pattern).apply(to: suite))
///     // outcome.results: timed benchmarks; outcome.failures: checks that failed (exit 3)
///
/// Generic over its clock so tests can drive it with a synthetic one.
public struct BenchmarkRunner<Clock: BenchmarkClock> {
    public var options: RunOptions
    public var clock: Clock
    /// Resolution of `clock` in nanoseconds, reported with the timer overhead.
    public var clockResolution: Double
    /// Called on the runner's thread as work proceeds.
    public var progress: ((RunProgress) -> Void)?
    /// Hardware counters for the counted passes (default: this thread's perf events, unless
    /// `FLIGHTLINE_COUNTERS=off`); tests inject a fake or ``UnavailableCounters``.
    public var counters: any HardwareCounterSource
    /// Whether the counted passes count allocations (``AllocationCounter``); `false` reports
    /// them as unavailable.
    public var countsAllocations: Bool

    public init(options: RunOptions = .standard, clock: Clock, clockResolution: Double = 1,
                counters: (any HardwareCounterSource)? = nil, countsAllocations: Bool = true,
                progress: ((RunProgress) -> Void)? = nil) {
        self.options = options
        self.clock = clock
        self.clockResolution = clockResolution
        self.counters = counters ?? PerfEventCounters.system()
        self.countsAllocations = countsAllocations
        self.progress = progress
    }

    /// Pairs of counted passes (n, then 2n iterations) per benchmark.
    public static var countedPassPairs: Int { 3 }

    /// What the counted passes can measure in this process, and why not.
    public var countingStatus: CountingStatus {
        CountingStatus(
            hardwareCountersReason: counters.unavailableReason,
            allocationsReason: countsAllocations ? AllocationCounter.unavailableReason : "not counted (turned off by the caller)",
            countedPasses: 2 * Self.countedPassPairs
        )
    }

    /// Checks and times every benchmark in order.
    ///
    /// A benchmark whose check fails is not timed; it is listed in ``RunOutcome/failures``
    /// and the run goes on.
    ///
    /// - Throws: ``BenchKitError/unoptimizedBuild`` in a debug build (unless
    ///   ``RunOptions/allowsUnoptimizedBuild``); a ``BenchKitError`` for invalid options, an
    ///   invalid or duplicate name, or a bad definition — all before anything runs.
    /// - Complexity: per benchmark, about (warm-up + samples) × sample target, doubled for a
    ///   paired run, plus calibration.
    public mutating func run(_ benchmarks: [Benchmark]) throws -> RunOutcome {
        guard isOptimizedBuild || options.allowsUnoptimizedBuild else { throw BenchKitError.unoptimizedBuild }
        try options.validate()
        var seen = Set<String>()
        for benchmark in benchmarks {
            try benchmark.validate()
            guard seen.insert(benchmark.name).inserted else { throw BenchKitError.duplicateName(benchmark.name) }
        }

        let timer = TimerCharacteristics.measure(&clock, resolution: clockResolution)
        var outcome = RunOutcome(results: [], failures: [], timer: timer, options: options)
        outcome.counting = countingStatus
        for (index, benchmark) in benchmarks.enumerated() {
            progress?(.started(name: benchmark.name, index: index, count: benchmarks.count))
            let check = benchmark.performCheck()
            if let failure = check.failure {
                outcome.failures.append(failure)
                progress?(.failed(failure))
                continue
            }
            progress?(.checked(name: benchmark.name, maxError: check.maxError))
            let result = try measure(benchmark, maxError: check.maxError)
            if let failure = Self.allocationClaimFailure(benchmark, result) {
                outcome.failures.append(failure)
                progress?(.failed(failure))
                continue
            }
            outcome.results.append(result)
            progress?(.finished(result))
        }
        return outcome
    }

    /// Measures `benchmarks` again, `rounds` times each, interleaved: every round measures
    /// each benchmark once, starting one benchmark later than the round before, so a slow
    /// spell of the machine falls on different benchmarks in different rounds rather than on
    /// all re-measurements of one. Checks are not repeated (the run that flagged them passed
    /// them); results carry no `maxError`.
    ///
    ///     let again = try runner.remeasure(suspects, rounds: 3)   // ["a/x": [r1, r2, r3]]
    ///
    /// - Throws: as ``run(_:)``, and ``BenchKitError/invalidValue(what:value:expected:)`` when
    ///   `rounds` is not positive.
    /// - Complexity: `rounds` × the cost of measuring each benchmark once.
    public mutating func remeasure(_ benchmarks: [Benchmark], rounds: Int) throws -> [String: [BenchmarkResult]] {
        guard isOptimizedBuild || options.allowsUnoptimizedBuild else { throw BenchKitError.unoptimizedBuild }
        guard rounds > 0 else {
            throw BenchKitError.invalidValue(what: "the number of re-measurement rounds", value: "\(rounds)", expected: "at least 1")
        }
        try options.validate()
        var seen = Set<String>()
        for benchmark in benchmarks {
            try benchmark.validate()
            guard seen.insert(benchmark.name).inserted else { throw BenchKitError.duplicateName(benchmark.name) }
        }
        var results: [String: [BenchmarkResult]] = [:]
        guard !benchmarks.isEmpty else { return results }
        for round in 0..<rounds {
            for offset in 0..<benchmarks.count {
                let benchmark = benchmarks[(round + offset) % benchmarks.count]
                progress?(.remeasuring(name: benchmark.name, round: round + 1, rounds: rounds))
                results[benchmark.name, default: []].append(try measure(benchmark, maxError: nil))
            }
        }
        return results
    }

    /// A benchmark that claims to be allocation-free (``Benchmark/allocationFree``) but
    /// allocated per work unit in the counted passes; `nil` when the claim held, was not made,
    /// or allocations could not be counted.
    static func allocationClaimFailure(_ benchmark: Benchmark, _ result: BenchmarkResult) -> ReferenceFailure? {
        guard benchmark.allocationFree, let allocations = result.allocations, allocations > 0 else { return nil }
        let bytes = result.allocatedBytes.map { ", \(String(format: "%.3g", $0)) bytes" } ?? ""
        return ReferenceFailure(
            name: benchmark.name, reference: nil, maxError: nil, tolerance: 0,
            reason: "it allocated \(String(format: "%.3g", allocations)) times per \(benchmark.unit.workUnit)\(bytes) (counted between passes of n and 2n iterations)",
            claim: "allocation-free"
        )
    }

    /// Counts one benchmark's kernel: ``countedPassPairs`` pairs of passes of n and 2n
    /// iterations (n: the calibrated count), each around `body` alone, after timing. The
    /// difference of a pair is what n iterations cost without the call's fixed part (the
    /// counters' own ioctl, a body's set-up allocations): hardware counts take the median of
    /// the pairs, allocations the least (a one-off growth of a reused buffer is not per
    /// operation). Per work unit; `nil` where unavailable.
    mutating func countedPasses(_ body: (Int) -> Void, iterations: Int, workUnitsPerIteration: Int) -> (counts: HardwareCounts?, allocations: Double?, bytes: Double?) {
        let countAllocations = countsAllocations && AllocationCounter.unavailableReason == nil
        let countHardware = counters.unavailableReason == nil
        guard countAllocations || countHardware else { return (nil, nil, nil) }
        var hardware: [[Double?]] = []
        var allocationDifferences: [(count: Double, bytes: Double)] = []
        for _ in 0..<Self.countedPassPairs {
            var passes: [(counts: HardwareCounts?, count: UInt64, bytes: UInt64)] = []
            for multiple in [1, 2] {
                var before = (count: UInt64(0), bytes: UInt64(0)), after = before
                let counts = counters.count {
                    before = AllocationCounter.snapshot()
                    body(iterations * multiple)
                    after = AllocationCounter.snapshot()
                }
                passes.append((countHardware ? counts : nil, after.count &- before.count, after.bytes &- before.bytes))
            }
            if let single = passes[0].counts, let double = passes[1].counts {
                let pairs = [(single.instructions, double.instructions), (single.cycles, double.cycles),
                             (single.branchMisses, double.branchMisses), (single.cacheMisses, double.cacheMisses)]
                hardware.append(pairs.map { one, two in
                    guard let one, let two else { return nil }
                    return max(0, two - one)
                })
            }
            allocationDifferences.append((Double(passes[1].count) - Double(passes[0].count), Double(passes[1].bytes) - Double(passes[0].bytes)))
        }
        let units = Double(iterations) * Double(workUnitsPerIteration)
        var counts: HardwareCounts?
        if countHardware, !hardware.isEmpty {
            func median(_ index: Int) -> Double? {
                let values = hardware.compactMap { $0[index] }
                guard values.count == hardware.count else { return nil }
                return Statistics.median(sorted: values.sorted()) / units
            }
            counts = HardwareCounts(instructions: median(0), cycles: median(1), branchMisses: median(2), cacheMisses: median(3))
        }
        guard countAllocations, let least = allocationDifferences.min(by: { $0.count < $1.count }) else { return (counts, nil, nil) }
        return (counts, max(0, least.count) / units, max(0, least.bytes) / units)
    }

    /// Calibrates, warms up and samples one benchmark (paired with its reference if it has one).
    private mutating func measure(_ benchmark: Benchmark, maxError: Double?) throws -> BenchmarkResult {
        let sampled = try sample(benchmark)
        var result = try BenchmarkResult(
            benchmark: benchmark, kernelNanoseconds: sampled.kernel, iterations: sampled.iterations,
            referenceNanoseconds: sampled.reference, referenceIterations: sampled.referenceIterations,
            maxError: maxError, options: options
        )
        let counted = countedPasses(benchmark.body, iterations: sampled.iterations, workUnitsPerIteration: benchmark.workUnitsPerIteration)
        result.instructions = counted.counts?.instructions
        result.cycles = counted.counts?.cycles
        result.branchMisses = counted.counts?.branchMisses
        result.cacheMisses = counted.counts?.cacheMisses
        result.allocations = counted.allocations
        result.allocatedBytes = counted.bytes
        if benchmark.allocationFree, counted.allocations == 0 { result.allocationFree = true }
        return result
    }

    /// The samples of one benchmark in nanoseconds per work unit: the kernel's, and its
    /// reference's (interleaved) if it has one.
    mutating func sample(_ benchmark: Benchmark) throws -> (kernel: [Double], reference: [Double]?, iterations: Int, referenceIterations: Int?) {
        let workUnits = Double(benchmark.workUnitsPerIteration)
        var iterations = calibrate(benchmark.body)
        var referenceIterations = benchmark.reference.map { calibrate($0.body) }
        progress?(.calibrated(name: benchmark.name, iterations: iterations, referenceIterations: referenceIterations))

        // Warm-up samples are discarded; if the code got faster (caches, page faults, CPU
        // frequency ramping up), the iteration count grows so samples stay above the target.
        for _ in 0..<options.warmupSamples {
            iterations = recalibrated(iterations, elapsed: time(benchmark.body, iterations))
            if let reference = benchmark.reference, let count = referenceIterations {
                referenceIterations = recalibrated(count, elapsed: time(reference.body, count))
            }
        }

        var kernel: [Double] = [], reference: [Double] = []
        kernel.reserveCapacity(options.samples)
        reference.reserveCapacity(options.samples)
        for sample in 0..<options.samples {
            if let body = benchmark.reference?.body, let count = referenceIterations {
                // Alternate which side goes first so neither always follows the other
                // (whoever runs second inherits warm caches and a ramped-up clock).
                if sample % 2 == 0 {
                    kernel.append(perUnit(time(benchmark.body, iterations), iterations, workUnits))
                    reference.append(perUnit(time(body, count), count, workUnits))
                } else {
                    reference.append(perUnit(time(body, count), count, workUnits))
                    kernel.append(perUnit(time(benchmark.body, iterations), iterations, workUnits))
                }
            } else {
                kernel.append(perUnit(time(benchmark.body, iterations), iterations, workUnits))
            }
            progress?(.sampled(name: benchmark.name, completed: sample + 1, total: options.samples))
        }
        return (kernel, benchmark.reference == nil ? nil : reference, iterations, referenceIterations)
    }

    /// Largest iteration count the calibration will try (about 10¹²): a body the clock cannot
    /// see at all stops here rather than looping forever.
    static var maximumIterations: Int { 1 << 40 }

    /// The smallest count (found by growing geometrically, at most ×100 per step) whose
    /// sample lasts at least the target. Every trial run doubles as warm-up.
    ///
    /// - Complexity: O(log(target / time of one iteration)) trial samples.
    mutating func calibrate(_ body: (Int) -> Void) -> Int {
        var iterations = 1
        while true {
            let elapsed = time(body, iterations)
            if elapsed >= options.sampleTargetNanoseconds || iterations >= Self.maximumIterations {
                return iterations
            }
            iterations = grown(iterations, elapsed: elapsed)
        }
    }

    /// `iterations` unchanged if `elapsed` reached the target, otherwise grown to reach it.
    func recalibrated(_ iterations: Int, elapsed: UInt64) -> Int {
        elapsed >= options.sampleTargetNanoseconds ? iterations : grown(iterations, elapsed: elapsed)
    }

    /// Scales `iterations` to the target with a 10 % margin, at least ×2 and at most ×100
    /// (a sample that was mostly timer noise must not extrapolate wildly).
    private func grown(_ iterations: Int, elapsed: UInt64) -> Int {
        let target = Double(options.sampleTargetNanoseconds)
        let predicted = elapsed == 0 ? Double(iterations) * 100 : (Double(iterations) * target * 1.1 / Double(elapsed)).rounded(.up)
        let next = min(max(predicted, Double(iterations) * 2), Double(iterations) * 100)
        return Int(min(next, Double(Self.maximumIterations)))
    }

    /// Nanoseconds that `body(iterations)` took.
    private mutating func time(_ body: (Int) -> Void, _ iterations: Int) -> UInt64 {
        let start = clock.now()
        body(iterations)
        let end = clock.now()
        return end >= start ? end - start : 0
    }

    /// Nanoseconds per work unit. A sample the clock saw as instantaneous counts as one
    /// nanosecond (the resolution), so that a rate stays finite.
    private func perUnit(_ elapsed: UInt64, _ iterations: Int, _ workUnits: Double) -> Double {
        Double(max(elapsed, 1)) / (Double(iterations) * workUnits)
    }
}

extension BenchmarkRunner where Clock == MonotonicClock {
    /// A runner on the monotonic clock.
    public init(options: RunOptions = .standard, counters: (any HardwareCounterSource)? = nil, countsAllocations: Bool = true,
                progress: ((RunProgress) -> Void)? = nil) {
        self.init(options: options, clock: MonotonicClock(), clockResolution: Double(MonotonicClock.resolution),
                  counters: counters, countsAllocations: countsAllocations, progress: progress)
    }
}

/// What a run produced.
public struct RunOutcome: Sendable {
    /// Timed benchmarks, in the order they ran.
    public var results: [BenchmarkResult]
    /// Benchmarks not timed because their check failed (`bench` exits 3 when non-empty).
    public var failures: [ReferenceFailure]
    /// The clock's resolution and overhead, measured before the first benchmark.
    public var timer: TimerCharacteristics
    public var options: RunOptions
    /// Whether the counted passes had hardware counters and allocation counts, and why not.
    public var counting: CountingStatus?

    public init(results: [BenchmarkResult], failures: [ReferenceFailure], timer: TimerCharacteristics, options: RunOptions,
                counting: CountingStatus? = nil) {
        self.results = results
        self.failures = failures
        self.timer = timer
        self.options = options
        self.counting = counting
    }

    /// The `flightline.run/1` document for this run.
    public func report(build: BuildDescription = .current, machine: MachineDescription = .current) -> RunReport {
        var machine = machine
        machine.timer = timer
        var report = RunReport(build: build, machine: machine, settings: RunSettings(options), results: results, failures: failures)
        report.counting = counting
        return report
    }
}
