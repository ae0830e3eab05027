import Foundation
import Testing
@testable import BenchKit
#if canImport(Glibc)
import Glibc
#endif

/// A hardware counter source for tests: it "counts" what the workload says it executed — 10
/// instructions and 4 cycles per iteration, plus a fixed 700 instructions per pass that the runner's
/// n / 2n difference must remove.
final class FakeCounters: HardwareCounterSource {
    var executed = 0
    var unavailableReason: String? { nil }

    func count(_ body: () -> Void) -> HardwareCounts? {
        let before = executed
        body()
        let iterations = Double(executed - before)
        return HardwareCounts(instructions: 700 + 10 * iterations, cycles: 90 + 4 * iterations, branchMisses: 0.5 * iterations, cacheMisses: nil)
    }
}

/// One heap object per call of `blackHole(Allocated())`: a class instance always lives on the
/// heap once it escapes.
final class Allocated {
    var value = 0
}

@Suite("Hardware counters and allocations")
struct CounterTests {
    @Test func availableCountersAreReportedPerWorkUnitWithoutTheFixedCost() throws {
        let time = SimulatedTime()
        let counters = FakeCounters()
        var runner = makeRunner(time, counters: counters)
        let benchmark = Benchmark("fake/counted", unit: .nanoseconds(per: "point"), workUnitsPerIteration: 2) { iterations in
            counters.executed += iterations
            time.now += UInt64(iterations) * 100
        }
        let outcome = try runner.run([benchmark])
        let result = try #require(outcome.results.first)
        #expect(result.instructions == 5)        // 10 per iteration, 2 points per iteration
        #expect(result.cycles == 2)
        #expect(result.branchMisses == 0.25)
        #expect(result.cacheMisses == nil)       // the "processor" lacks it
        #expect(outcome.counting?.hardwareCounters == true)
        #expect(outcome.counting?.hardwareCountersReason == nil)
        let json = try #require(try JSONSerialization.jsonObject(with: try outcome.report(machine: testMachine()).jsonData()) as? [String: Any])
        #expect((json["results"] as? [[String: Any]])?.first?["instructions"] as? Double == 5)
        #expect((json["counting"] as? [String: Any])?["hardwareCounters"] as? Bool == true)
    }

    @Test func unavailableCountersAreSaidOnceAndTimesCarryOn() throws {
        let time = SimulatedTime()
        var runner = makeRunner(time, counters: UnavailableCounters(reason: "no PMU in this test"))
        let outcome = try runner.run([Benchmark("fake/timed", body: time.body("k", nanosecondsPerIteration: 50))])
        let result = try #require(outcome.results.first)
        #expect(result.median > 0)
        #expect(result.instructions == nil && result.cycles == nil)
        #expect(outcome.counting?.hardwareCounters == false)
        #expect(outcome.counting?.hardwareCountersReason == "no PMU in this test")
        let json = try #require(try JSONSerialization.jsonObject(with: try outcome.report(machine: testMachine()).jsonData()) as? [String: Any])
        let entry = try #require((json["results"] as? [[String: Any]])?.first)
        #expect(entry["instructions"] == nil && entry["cycles"] == nil, "\(entry)")
        #expect((json["counting"] as? [String: Any])?["hardwareCountersReason"] as? String == "no PMU in this test")
    }

    @Test(arguments: ["off", "OFF", "0", "no", "false"])
    func environmentTurnsCountersOff(value: String) {
        let source = PerfEventCounters.system(environment: [countersEnvironmentVariable: value])
        #expect(source.unavailableReason == "turned off by FLIGHTLINE_COUNTERS=\(value)")
    }

    @Test func refusalsAreWordedForTheReader() {
        #expect(PerfEventCounters.reason(errno: ENOENT).hasPrefix("no hardware performance-monitoring unit"))
        #expect(PerfEventCounters.reason(errno: EOPNOTSUPP).hasPrefix("no hardware performance-monitoring unit"))
        #expect(PerfEventCounters.reason(errno: EACCES, paranoid: 3)
            == "not permitted (perf_event_open: \(String(cString: strerror(EACCES)))) (kernel.perf_event_paranoid is 3, user-space counting needs ≤ 2)")
        #expect(PerfEventCounters.reason(errno: ENOSYS) == "perf_event_open is not available here (\(String(cString: strerror(ENOSYS))); a container's seccomp profile?)")
    }

    /// This machine's real counters, whichever way they go: with a PMU, twice the work counts
    /// more instructions; without, the reason is said and nothing is counted.
    @Test func realCountersEitherCountOrSayWhyNot() {
        let counters = PerfEventCounters.system(environment: [:])
        var sink = 0.0
        func work(_ n: Int) { for i in 0..<n { sink += Double(i).squareRoot() } }
        var source = counters
        let once = source.count { work(100_000) }
        let twice = source.count { work(200_000) }
        if let reason = counters.unavailableReason {
            #expect(!reason.isEmpty)
            #expect(once == nil && twice == nil)
        } else {
            let one = try? #require(once?.instructions), two = try? #require(twice?.instructions)
            #expect((two ?? 0) > (one ?? 0) * 1.5, "instructions \(String(describing: one)) then \(String(describing: two))")
        }
        blackHole(sink)
    }

    #if os(Linux)
    @Test func allocationsAreCountedPerWorkUnit() throws {
        #expect(AllocationCounter.unavailableReason == nil, "glibc's malloc is replaced by the counting one")
        let time = SimulatedTime()
        var runner = makeRunner(time, countsAllocations: true)
        let benchmark = Benchmark("fake/allocating", workUnitsPerIteration: 1) { iterations in
            for _ in 0..<iterations { blackHole(Allocated()) }
            time.now += UInt64(iterations) * 100
        }
        let result = try #require(try runner.run([benchmark]).results.first)
        let allocations = try #require(result.allocations)
        #expect(allocations >= 1 && allocations < 1.01, "one object per iteration, got \(allocations)")
        #expect((result.allocatedBytes ?? 0) >= 16)
    }

    @Test func aBrokenAllocationClaimFailsLikeAReferenceMismatch() throws {
        let time = SimulatedTime()
        var runner = makeRunner(time, countsAllocations: true)
        let liar = Benchmark("fake/liar", allocationFree: true) { iterations in
            for _ in 0..<iterations { blackHole(Allocated()) }
            time.now += UInt64(iterations) * 100
        }
        var honestSink = 0
        let honest = Benchmark("fake/honest", allocationFree: true) { iterations in
            for i in 0..<iterations { honestSink &+= i }
            time.now += UInt64(iterations) * 100
        }
        let outcome = try runner.run([liar, honest])
        #expect(outcome.results.map(\.name) == ["fake/honest"])
        #expect(outcome.results.first?.allocationFree == true)
        #expect(outcome.results.first?.allocations == 0)
        let failure = try #require(outcome.failures.first)
        #expect(failure.name == "fake/liar" && failure.claim == "allocation-free")
        #expect(failure.description.hasPrefix("fake/liar: claims to be allocation-free but it allocated 1 times per iteration"))
        blackHole(honestSink)
    }
    #endif

    @Test func allocationsNotCountedAreReportedAsSuch() throws {
        let time = SimulatedTime()
        var runner = makeRunner(time, countsAllocations: false)
        let outcome = try runner.run([Benchmark("fake/timed", allocationFree: true, body: time.body("k", nanosecondsPerIteration: 50))])
        #expect(outcome.results.first?.allocations == nil)
        #expect(outcome.results.first?.allocationFree == nil)   // not checked, so not claimed as held
        #expect(outcome.counting?.allocations == false)
    }
}
