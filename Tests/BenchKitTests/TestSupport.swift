import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
@testable import BenchKit

/// Simulated time shared by a synthetic clock and the workloads that "take" time, so the
/// runner can be checked exactly without ever measuring a real duration.
final class SimulatedTime {
    var now: UInt64 = 1_000
    /// Every clock reading costs this much simulated time.
    var readCost: UInt64 = 0
    /// Names of the bodies run, in order.
    var log: [String] = []

    /// A body that takes `nanosecondsPerIteration` per iteration and logs `label`.
    func body(_ label: String, nanosecondsPerIteration: UInt64) -> (Int) -> Void {
        { iterations in
            self.log.append(label)
            self.now += UInt64(iterations) * nanosecondsPerIteration
        }
    }
}

struct SimulatedClock: BenchmarkClock {
    let time: SimulatedTime

    mutating func now() -> UInt64 {
        time.now += time.readCost
        return time.now
    }
}

extension RunOptions {
    /// Standard settings that a debug test build is allowed to run.
    static var testing: RunOptions {
        var options = RunOptions.standard
        options.allowsUnoptimizedBuild = true
        return options
    }
}

/// A runner on simulated time. Without `counters` and `countsAllocations` it makes no counted
/// passes (so a body runs only for timing, as the timing tests expect).
func makeRunner(_ time: SimulatedTime, options: RunOptions = .testing,
                counters: (any HardwareCounterSource)? = nil, countsAllocations: Bool = false,
                progress: ((RunProgress) -> Void)? = nil) -> BenchmarkRunner<SimulatedClock> {
    BenchmarkRunner(options: options, clock: SimulatedClock(time: time), clockResolution: 1,
                    counters: counters ?? UnavailableCounters(reason: "not counted in this test"),
                    countsAllocations: countsAllocations, progress: progress)
}

/// A fresh directory under the system's temporary directory, not yet created.
func scratchDirectory() -> URL {
    FileManager.default.temporaryDirectory
        .appendingPathComponent("benchkit-tests-\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString)")
}

/// A result with the given median and interval, for comparisons.
/// With `speedup`, the result was raced against a reference and beat it by that factor.
func result(_ name: String, median: Double, ci: (Double, Double), unit: BenchmarkUnit = .nanoseconds(per: "query"),
            mad: Double = 0, speedup: Double? = nil) -> BenchmarkResult {
    BenchmarkResult(
        name: name, unit: unit, higherIsBetter: unit.higherIsBetter, median: median,
        minimum: ci.0, p90: ci.1, mad: mad, ci95: ConfidenceInterval(lower: ci.0, upper: ci.1),
        sampleCount: 30, iterations: 1_000, workUnitsPerIteration: 1, outliers: 0, noisy: false,
        reference: speedup == nil ? nil : name + "/reference", speedup: speedup, pairedSpeedup: speedup
    )
}

/// A time result around `median` whose samples scatter by `spread` (relative robust standard
/// deviation) and whose median's interval is ±`halfWidth` (relative).
func timed(_ name: String, _ median: Double, spread: Double = 0.01, halfWidth: Double = 0.005, speedup: Double? = nil) -> BenchmarkResult {
    result(name, median: median, ci: (median * (1 - halfWidth), median * (1 + halfWidth)),
           mad: spread * median / 1.4826, speedup: speedup)
}

func testMachine(cpu: String = "Test CPU") -> MachineDescription {
    MachineDescription(cpu: cpu, cores: 2, memoryBytes: 1 << 30, os: "Test OS", kernel: "6.0",
                       cpuSignature: "TestVendor family 6 model 1 stepping 1", cpuFrequencyMHz: 2300, cacheSize: "1024 KB")
}

func report(_ results: [BenchmarkResult], cpu: String = "Test CPU", quick: Bool = false, machine: MachineDescription? = nil) -> RunReport {
    RunReport(
        build: .current,
        machine: machine ?? testMachine(cpu: cpu),
        settings: RunSettings(quick ? .quick : .standard),
        results: results
    )
}

/// The cells of every row of the GFM tables in `markdown` (header rows included, delimiter rows
/// left out), each split with ``RunReportFormatTests/cells(_:)``.
func markdownTableRows(_ markdown: String) -> [[String]] {
    markdown.split(separator: "\n").filter { $0.hasPrefix("|") && $0.hasSuffix("|") }
        .map { RunReportFormatTests.cells(String($0)) }
        .filter { !$0.allSatisfy { $0.range(of: #"^:?-+:?$"#, options: .regularExpression) != nil } }
}

/// The `message` attribute of every `<failure>` of a JUnit XML document, parsed as XML (entities
/// decoded).
func junitFailureMessages(_ xml: String) throws -> [String] {
    try XMLDocument(xmlString: xml, options: []).nodes(forXPath: "//failure/@message").compactMap(\.stringValue)
}
