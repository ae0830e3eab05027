import Testing
@testable import BenchKit

/// The runner driven by a simulated clock: every expectation is exact, none is a duration
/// measured on this machine.
@Suite("Runner")
struct RunnerTests {
    @Test func singleBenchmarkIsCalibratedAndSampled() throws {
        let time = SimulatedTime()
        var runner = makeRunner(time)
        let benchmark = Benchmark("eval/cubic", unit: .nanoseconds(per: "point"), workUnitsPerIteration: 4,
                                  body: time.body("k", nanosecondsPerIteration: 100))
        let outcome = try runner.run([benchmark])
        let result = try #require(outcome.results.first)
        #expect(outcome.failures.isEmpty)
        #expect(result.name == "eval/cubic")
        #expect(result.unit.symbol == "ns/point")
        #expect(result.sampleCount == 30)
        #expect(result.values.count == 30)
        // A sample lasts at least the 1 ms target.
        #expect(UInt64(result.iterations) * 100 >= 1_000_000)
        #expect(result.median == 25)
        #expect(result.minimum == 25 && result.p90 == 25 && result.mad == 0)
        #expect(result.ci95 == ConfidenceInterval(lower: 25, upper: 25))
        #expect(result.outliers == 0 && !result.noisy)
        #expect(result.reference == nil && result.speedup == nil && result.maxError == nil)
    }

    @Test func quickModeShortensSamplesButNotTheirCount() throws {
        let time = SimulatedTime()
        var options = RunOptions.quick
        options.allowsUnoptimizedBuild = true
        var quick = makeRunner(time, options: options)
        var standard = makeRunner(time)
        let body = time.body("k", nanosecondsPerIteration: 1_000)
        let fast = try #require(try quick.run([Benchmark("a/b", body: body)]).results.first)
        let slow = try #require(try standard.run([Benchmark("a/b", body: body)]).results.first)
        #expect(fast.sampleCount == 30 && slow.sampleCount == 30)
        #expect(fast.iterations * 1_000 >= 250_000)
        #expect(fast.iterations < slow.iterations)
        #expect(options.isQuick && !RunOptions.standard.isQuick)
    }

    @Test func slowBodyRunsOncePerSample() throws {
        let time = SimulatedTime()
        var runner = makeRunner(time)
        let outcome = try runner.run([Benchmark("scene/bee-frame", body: time.body("k", nanosecondsPerIteration: 5_000_000))])
        #expect(outcome.results.first?.iterations == 1)
        #expect(outcome.results.first?.median == 5_000_000)
    }

    @Test func pairedRunInterleavesAndMeasuresSpeedupFromPairs() throws {
        let time = SimulatedTime()
        var runner = makeRunner(time)
        let benchmark = Benchmark(
            "arclen/quadratic", unit: .nanoseconds(per: "query"), workUnitsPerIteration: 4,
            reference: Reference("arclen/quadratic/gsl-qags", body: time.body("r", nanosecondsPerIteration: 300)),
            check: Check(tolerance: 1e-9) { 2e-12 },
            body: time.body("k", nanosecondsPerIteration: 100)
        )
        let result = try #require(try runner.run([benchmark]).results.first)
        #expect(result.reference == "arclen/quadratic/gsl-qags")
        #expect(result.median == 25)
        #expect(result.referenceMedian == 75)
        #expect(result.speedup == 3)
        #expect(result.pairedSpeedup == 3)
        #expect(result.pairedSpeedupCI95 == ConfidenceInterval(lower: 3, upper: 3))
        #expect(result.maxError == 2e-12)
        #expect(result.referenceIterations.map { $0 * 300 >= 1_000_000 } == true)

        // The 60 timed runs come last: pairs alternate which side goes first.
        let sampling = Array(time.log.suffix(60))
        let expected = (0..<30).flatMap { $0 % 2 == 0 ? ["k", "r"] : ["r", "k"] }
        #expect(sampling == expected)
    }

    @Test func rateUnitReportsWorkPerSecondWithBestAsMinimum() throws {
        let time = SimulatedTime()
        var runner = makeRunner(time)
        // Alternating 100 ns and 200 ns per iteration: the rate's best is the fast samples'.
        var fast = true
        let body: (Int) -> Void = { iterations in
            time.now += UInt64(iterations) * (fast ? 100 : 200)
            fast.toggle()
        }
        let result = try #require(try runner.run([Benchmark("swarm/paced-bees", unit: .rate("bees"), body: body)]).results.first)
        #expect(result.unit.symbol == "bees/s")
        #expect(result.higherIsBetter)
        #expect(result.minimum == 1e7)       // best: 10⁹ / 100
        #expect(result.p90 == 5e6)           // slow tail: 10⁹ / 200
        #expect(result.median == (try Statistics.median(result.values)))
    }

    @Test func failedCheckIsReportedAndNeverTimed() throws {
        let time = SimulatedTime()
        var runner = makeRunner(time)
        let wrong = Benchmark(
            "arclen/cubic", reference: Reference("arclen/cubic/gsl-qags", body: time.body("r", nanosecondsPerIteration: 10)),
            check: Check(tolerance: 1e-9) { 1e-3 }, body: time.body("k", nanosecondsPerIteration: 10)
        )
        let throwing = Benchmark("spring/rk4-step", check: Check(tolerance: 1) { throw BenchKitError.emptySample("x") },
                                 body: time.body("t", nanosecondsPerIteration: 10))
        let nan = Benchmark("spring/dopri54", check: Check(tolerance: 1) { .nan }, body: time.body("n", nanosecondsPerIteration: 10))
        let good = Benchmark("spring/exact-step", check: Check(tolerance: 1) { 0 }, body: time.body("g", nanosecondsPerIteration: 10))
        let outcome = try runner.run([wrong, throwing, nan, good])

        #expect(outcome.results.map(\.name) == ["spring/exact-step"])
        #expect(outcome.failures.map(\.name) == ["arclen/cubic", "spring/rk4-step", "spring/dopri54"])
        #expect(outcome.failures[0].maxError == 1e-3)
        #expect(outcome.failures[0].reference == "arclen/cubic/gsl-qags")
        #expect(outcome.failures[0].reason == "max error 0.001 exceeds tolerance 1e-09")
        #expect(outcome.failures[1].reason == "the check threw: \(BenchKitError.emptySample("x"))")
        #expect(outcome.failures[2].reason == "the check's error is NaN")
        #expect(outcome.failures.map(\.tolerance) == [1e-9, 1, 1])
        #expect(Set(time.log) == ["g"])      // no failed kernel (or its reference) ever ran
        #expect(outcome.results[0].maxError == 0)
    }

    @Test func progressReportsEveryStage() throws {
        let time = SimulatedTime()
        var events: [String] = []
        var runner = makeRunner(time) { event in
            switch event {
            case .started(let name, let index, let count): events.append("start \(name) \(index)/\(count)")
            case .checked: events.append("checked")
            case .calibrated: events.append("calibrated")
            case .sampled(_, let done, let total): if done == total { events.append("sampled \(total)") }
            case .finished(let result): events.append("done \(result.name)")
            case .failed(let failure): events.append("failed \(failure.name)")
            case .remeasuring(let name, let round, _): events.append("again \(name) \(round)")
            }
        }
        _ = try runner.run([
            Benchmark("a/one", body: time.body("1", nanosecondsPerIteration: 50)),
            Benchmark("a/two", check: Check(tolerance: 0) { 1 }, body: time.body("2", nanosecondsPerIteration: 50)),
        ])
        #expect(events == ["start a/one 0/2", "checked", "calibrated", "sampled 30", "done a/one",
                           "start a/two 1/2", "failed a/two"])
    }

    @Test func timerOverheadIsMeasuredWithTheRunnersClock() throws {
        let time = SimulatedTime()
        time.readCost = 20
        var runner = makeRunner(time)
        let outcome = try runner.run([])
        #expect(outcome.timer.overheadNanoseconds == 20)
        #expect(outcome.timer.smallestStepNanoseconds == 20)
        #expect(outcome.timer.resolutionNanoseconds == 1)
    }

    @Test func realClockIsMonotonic() {
        let clock = MonotonicClock()
        var previous = clock.now()
        for _ in 0..<1_000 {
            let next = clock.now()
            #expect(next >= previous)
            previous = next
        }
        #expect(MonotonicClock.resolution >= 1)
        let timer = TimerCharacteristics.measure(samples: 50)
        #expect(timer.overheadNanoseconds >= 0 && timer.overheadNanoseconds.isFinite)
    }

    static var badDefinitions: [(String, Benchmark)] {
        [
        ("no area", Benchmark("arclen", body: { _ in })),
        ("upper case", Benchmark("Arclen/quadratic", body: { _ in })),
        ("empty segment", Benchmark("arclen//quadratic", body: { _ in })),
        ("space", Benchmark("arclen/quad ratic", body: { _ in })),
        ("trailing slash", Benchmark("arclen/", body: { _ in })),
        ("zero work units", Benchmark("a/b", workUnitsPerIteration: 0, body: { _ in })),
        ("empty work unit", Benchmark("a/b", unit: .nanoseconds(per: ""), body: { _ in })),
        ("reference without check", Benchmark("a/b", reference: Reference("a/b/ref", body: { _ in }), body: { _ in })),
        ("bad reference name", Benchmark("a/b", reference: Reference("gsl", body: { _ in }), check: Check(tolerance: 1) { 0 }, body: { _ in })),
        ("negative tolerance", Benchmark("a/b", check: Check(tolerance: -1) { 0 }, body: { _ in })),
        ("NaN tolerance", Benchmark("a/b", check: Check(tolerance: .nan) { 0 }, body: { _ in })),
        ]
    }

    @Test(arguments: badDefinitions.indices)
    func badDefinitionsAreRejectedBeforeAnythingRuns(_ index: Int) {
        let (label, benchmark) = Self.badDefinitions[index]
        let time = SimulatedTime()
        var runner = makeRunner(time)
        let good = Benchmark("a/good", body: time.body("g", nanosecondsPerIteration: 10))
        #expect(throws: BenchKitError.self, "\(label)") { try runner.run([good, benchmark]) }
        #expect(time.log.isEmpty)
    }

    @Test func duplicateNamesAreRejected() {
        var runner = makeRunner(SimulatedTime())
        #expect(throws: BenchKitError.duplicateName("a/b")) {
            try runner.run([Benchmark("a/b", body: { _ in }), Benchmark("a/b", body: { _ in })])
        }
    }

    @Test(arguments: [
        { (o: inout RunOptions) in o.samples = 29 },
        { (o: inout RunOptions) in o.sampleTargetNanoseconds = 10 },
        { (o: inout RunOptions) in o.resamples = 10 },
        { (o: inout RunOptions) in o.warmupSamples = -1 },
        { (o: inout RunOptions) in o.noiseThreshold = 0 },
        { (o: inout RunOptions) in o.noiseThreshold = .nan },
    ] as [@Sendable (inout RunOptions) -> Void])
    func badOptionsAreRejected(_ change: @Sendable (inout RunOptions) -> Void) {
        var options = RunOptions.testing
        change(&options)
        var runner = makeRunner(SimulatedTime(), options: options)
        #expect(throws: BenchKitError.self) { try runner.run([]) }
    }

    @Test func debugBuildIsDetectedAndRefused() {
        #if DEBUG
        #expect(!isOptimizedBuild)
        #else
        #expect(isOptimizedBuild)
        #endif
        #expect(BuildDescription.current.configuration == (isOptimizedBuild ? "release" : "debug"))
        var options = RunOptions.standard
        options.allowsUnoptimizedBuild = false
        var runner = makeRunner(SimulatedTime(), options: options)
        if isOptimizedBuild {
            #expect(throws: Never.self) { try runner.run([]) }
        } else {
            #expect(throws: BenchKitError.unoptimizedBuild) { try runner.run([]) }
        }
    }
}

@Suite("Re-measuring suspects")
struct RemeasureTests {
    @Test func suspectsAreMeasuredAgainInterleavedStartingOneLaterEachRound() throws {
        let time = SimulatedTime()
        var runner = makeRunner(time)
        let again = try runner.remeasure([
            Benchmark("a/one", body: time.body("1", nanosecondsPerIteration: 50)),
            Benchmark("a/two", body: time.body("2", nanosecondsPerIteration: 70)),
            Benchmark("a/three", body: time.body("3", nanosecondsPerIteration: 90)),
        ], rounds: 3)
        #expect(again.mapValues(\.count) == ["a/one": 3, "a/two": 3, "a/three": 3])
        #expect(again["a/two"]?.allSatisfy { $0.median == 70 } == true)
        // Consecutive calls of one body collapsed: the order benchmarks were measured in.
        let order = time.log.reduce(into: [String]()) { order, label in if order.last != label { order.append(label) } }
        #expect(order == ["1", "2", "3", "2", "3", "1", "3", "1", "2"])
    }

    @Test func remeasuringNeedsAtLeastOneRound() {
        var runner = makeRunner(SimulatedTime())
        #expect(throws: BenchKitError.self) { try runner.remeasure([], rounds: 0) }
    }
}
