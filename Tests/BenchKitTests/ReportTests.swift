import Foundation
import Testing
@testable import BenchKit

@Suite("Run document (docs/design.md §3)")
struct ReportTests {
    /// A run with a paired benchmark, a plain one and a failed check.
    func sampleOutcome() throws -> RunOutcome {
        let time = SimulatedTime()
        var runner = makeRunner(time)
        return try runner.run([
            Benchmark("spring/rk4-step", unit: .nanoseconds(per: "step"), body: time.body("s", nanosecondsPerIteration: 40)),
            Benchmark("arclen/quadratic", unit: .nanoseconds(per: "query"),
                      reference: Reference("arclen/quadratic/gsl-qags", body: time.body("r", nanosecondsPerIteration: 900)),
                      check: Check(tolerance: 1e-9) { 1e-13 }, body: time.body("k", nanosecondsPerIteration: 90)),
            Benchmark("arclen/cubic", check: Check(tolerance: 1e-9) { .nan }, body: time.body("c", nanosecondsPerIteration: 1)),
        ])
    }

    @Test func documentHasTheContractedShape() throws {
        let report = try sampleOutcome().report()
        let json = try #require(try JSONSerialization.jsonObject(with: report.jsonData()) as? [String: Any])
        #expect(json["schema"] as? String == "flightline.run/1")
        for key in ["build", "machine", "results", "settings", "failures"] {
            #expect(json[key] != nil, "missing \(key)")
        }
        let build = try #require(json["build"] as? [String: Any])
        #expect(build["configuration"] as? String == BuildDescription.current.configuration)
        #expect(build["compiler"] is String && build["optimization"] is String)
        let machine = try #require(json["machine"] as? [String: Any])
        for key in ["cpu", "cores", "memoryBytes", "os", "kernel", "timer"] {
            #expect(machine[key] != nil, "machine is missing \(key)")
        }
        #expect(machine["hostname"] == nil)

        let results = try #require(json["results"] as? [[String: Any]])
        // Sorted by name, whatever order they ran in; the failed one is not among them.
        #expect(results.compactMap { $0["name"] as? String } == ["arclen/quadratic", "spring/rk4-step"])
        for result in results {
            for key in ["name", "unit", "median", "min", "p90", "mad", "ci95", "samples", "iterations", "outliers", "noisy"] {
                #expect(result[key] != nil, "result is missing \(key)")
            }
            #expect((result["ci95"] as? [Double])?.count == 2)
            #expect(result["samples"] as? Int == 30)
        }
        let paired = results[0], plain = results[1]
        #expect(paired["reference"] as? String == "arclen/quadratic/gsl-qags")
        #expect(paired["speedup"] as? Double == 10)
        #expect(paired["maxError"] as? Double == 1e-13)
        for key in ["reference", "speedup", "maxError", "referenceMedian"] {
            #expect(plain[key] == nil, "an unpaired result has no \(key)")
        }
        let failures = try #require(json["failures"] as? [[String: Any]])
        #expect(failures.count == 1)
        #expect(failures.first?["name"] as? String == "arclen/cubic")
        #expect(failures.first?["maxError"] == nil)  // NaN is omitted, not written
    }

    @Test func encodingIsDeterministicAndRoundTrips() throws {
        let report = try sampleOutcome().report()
        let data = try report.jsonData()
        #expect(try report.jsonData() == data)
        let text = String(decoding: data, as: UTF8.self)
        #expect(text.hasSuffix("}\n"))
        #expect(text.contains("\"arclen/quadratic\""))   // slashes are not escaped
        let decoded = try RunReport(jsonData: data, source: "memory")
        #expect(decoded == report)
        let compact = try report.jsonData(prettyPrinted: false)
        #expect(String(decoding: compact, as: UTF8.self).filter { $0 == "\n" }.count == 1)
        #expect(try RunReport(jsonData: compact, source: "memory") == report)
    }

    @Test func keysAreSorted() throws {
        let text = String(decoding: try sampleOutcome().report().jsonData(), as: UTF8.self)
        let top = ["\"build\"", "\"failures\"", "\"machine\"", "\"results\"", "\"schema\"", "\"settings\""]
            .compactMap { text.range(of: $0)?.lowerBound }
        #expect(top.count == 6 && top == top.sorted())
    }

    @Test func nonFiniteNumbersAreAnEncodingErrorNotBadJSON() {
        let broken = report([result("a/b", median: .nan, ci: (1, 2))])
        #expect(throws: BenchKitError.self) { try broken.jsonData() }
    }

    @Test func machineDescriptionParsing() {
        let cpuinfo = "processor\t: 0\nvendor_id\t: AuthenticAMD\nmodel name\t: AMD EPYC 7B13\nflags\t: fpu\n"
        #expect(MachineDescription.cpuModel(fromCPUInfo: cpuinfo) == "AMD EPYC 7B13")
        #expect(MachineDescription.cpuModel(fromCPUInfo: "") == nil)
        #expect(MachineDescription.prettyName(fromOSRelease: "NAME=x\nPRETTY_NAME=\"Debian GNU/Linux 12 (bookworm)\"\n") == "Debian GNU/Linux 12 (bookworm)")
        #expect(MachineDescription.prettyName(fromOSRelease: "NAME=x\n") == nil)
        let here = MachineDescription.current
        #expect(here.cores >= 1 && here.memoryBytes > 0 && !here.cpu.isEmpty && !here.kernel.isEmpty)
    }
}

/// Units are a type in the model and a symbol in documents: read back exactly, never guessed
/// from a prefix by callers.
@Suite("Benchmark units as a type")
struct BenchmarkUnitTests {
    @Test(arguments: [("ns/query", BenchmarkUnit.nanoseconds(per: "query")), ("points/s", .rate("points")), ("ns/bee", .nanoseconds(per: "bee"))])
    func symbolRoundTrips(symbol: String, unit: BenchmarkUnit) throws {
        #expect(BenchmarkUnit(symbol: symbol) == unit && unit.symbol == symbol)
        let data = try JSONEncoder().encode([unit])
        #expect(String(decoding: data, as: UTF8.self) == "[\"\(symbol.replacingOccurrences(of: "/", with: "\\/"))\"]")
        #expect(try JSONDecoder().decode([BenchmarkUnit].self, from: data) == [unit])
        #expect(unit.isTime == !unit.higherIsBetter)
    }

    @Test(arguments: ["furlongs", "ns/", "/s", ""])
    func otherSymbolsAreRefused(symbol: String) {
        #expect(BenchmarkUnit(symbol: symbol) == nil)
        #expect(throws: DecodingError.self) { try JSONDecoder().decode([BenchmarkUnit].self, from: Data("[\"\(symbol)\"]".utf8)) }
    }
}
