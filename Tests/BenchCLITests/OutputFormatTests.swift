@testable import BenchCLI
import BenchKit
import Foundation
import Testing
#if canImport(FoundationXML)
import FoundationXML
#endif

/// `bench validate --format` end to end with the built `bench` (debug is fine: validate times
/// nothing it judges there), and `bench run --format`'s refusals, which come before measuring.
/// The run's writers themselves are checked in BenchKitTests/RunReportFormatTests.
@Suite struct OutputFormatTests {
    /// The JUnit layout as Ant's JUnit task and Maven Surefire write it, the de-facto schema
    /// CI readers accept: `testsuites` › `testsuite` › `testcase` › `failure`, counts as
    /// attributes.
    static let junitSample = """
    <?xml version="1.0" encoding="UTF-8"?>
    <testsuites name="all" tests="2" failures="1" errors="0">
      <testsuite name="scene" tests="2" failures="1" errors="0" skipped="0">
        <testcase name="scene linear @60 Hz" classname="validate.scene">
          <failure message="a; b" type="janky">a
    b</failure>
        </testcase>
        <testcase name="scene linear @120 Hz" classname="validate.scene"/>
      </testsuite>
    </testsuites>
    """

    final class Collector: NSObject, XMLParserDelegate {
        var elements: [(name: String, attributes: [String: String])] = []
        func parser(_ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
                    qualifiedName: String?, attributes: [String: String] = [:]) {
            elements.append((elementName, attributes))
        }
    }

    static func parseXML(_ text: String) -> Collector? {
        let parser = XMLParser(data: Data(text.utf8))
        let collector = Collector()
        parser.delegate = collector
        return parser.parse() ? collector : nil
    }

    /// The JSON's checks, to hold the other formats to: (label-free) verdicts in order.
    static func verdicts(_ arguments: [String]) throws -> [(scene: String, verdict: String, reasons: [String])] {
        let run = try runBench(["validate"] + arguments + ["--json", "-"])
        let object = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any]
        let scenes = try #require(object?["scenes"] as? [[String: Any]])
        return scenes.map { ($0["scene"] as? String ?? "", $0["verdict"] as? String ?? "", $0["reasons"] as? [String] ?? []) }
    }

    @Test(arguments: [["bee1"], ["--svg", "M0 0 L300 0", "--duration", "1"], ["menu-show", "--hz", "60"]])
    func junitHasOneCasePerCheckAndFailsTheJankyOnes(arguments: [String]) throws {
        let run = try runBench(["validate"] + arguments + ["--format", "junit"])
        let expected = try Self.verdicts(arguments)
        #expect(run.code == (expected.contains { $0.verdict == "janky" } ? 1 : 0), "\(run.stderr)")
        #expect(run.stderr.isEmpty)
        let ours = try #require(Self.parseXML(run.stdout), "not XML:\n\(run.stdout)")
        let sample = try #require(Self.parseXML(Self.junitSample))
        // The sample's elements and attribute names, and nothing but the document on stdout.
        #expect(run.stdout.hasPrefix("<?xml"))
        for name in ["testsuites", "testsuite", "testcase", "failure"] {
            let keys = sample.elements.first { $0.name == name }.map { Set($0.attributes.keys) }
            for element in ours.elements where element.name == name { #expect(Set(element.attributes.keys) == keys, "\(name)") }
        }
        #expect(Set(ours.elements.map(\.name)).isSubset(of: ["testsuites", "testsuite", "testcase", "failure", "system-out"]))
        let cases = ours.elements.filter { $0.name == "testcase" }
        let failures = ours.elements.filter { $0.name == "failure" }
        #expect(cases.count == expected.count)
        #expect(failures.count == expected.count { $0.verdict == "janky" })
        #expect(ours.elements[0].attributes["tests"] == "\(expected.count)")
        #expect(ours.elements[0].attributes["failures"] == "\(failures.count)")
        // A failure's message is the check's reasons, joined.
        let janky = expected.filter { $0.verdict == "janky" }
        #expect(failures.map { $0.attributes["message"] ?? "" } == janky.map { $0.reasons.joined(separator: "; ") })
    }

    @Test func markdownIsATableWithOneRowPerCheck() throws {
        let arguments = ["bee1", "--hz", "60"]
        let run = try runBench(["validate"] + arguments + ["--format", "markdown"], fitsWidth: true)
        let expected = try Self.verdicts(arguments)
        #expect(run.code == 1)
        let rows = run.stdout.split(separator: "\n").map(String.init).filter { $0.hasPrefix("|") }
        // Header, delimiter, one row per check; unwrapped even at 80 columns; pipes in cells
        // are escaped, so every row splits into the header's cells.
        #expect(rows.count == 2 + expected.count)
        #expect(rows[1] == "|---|---|---:|---:|---:|---:|---:|---|---|")
        for row in rows {
            #expect(row.hasSuffix("|"))
            #expect(row.replacingOccurrences(of: "\\|", with: "").count { $0 == "|" } == 10, "\(row)")
        }
        #expect(rows[2].hasPrefix("| bee1+ | linear | 60 Hz |"))
        // The checks' rows, cell by cell, are the JSON's checks in order: the scene, the verdict
        // (janky in bold) and the reasons (one per line).
        let cells = Array(markdownTableRows(run.stdout).dropFirst())
        #expect(cells.map { $0.count } == Array(repeating: 9, count: expected.count), "\(cells)")
        #expect(cells.map { $0.first } == expected.map(\.scene))
        #expect(cells.map { $0.dropLast().last } == expected.map { $0.verdict == "janky" ? "**janky**" : $0.verdict })
        #expect(cells.map { $0.last } == expected.map { $0.reasons.joined(separator: "<br>") })
        #expect(run.stdout.hasSuffix("checks janky)\n"))
        #expect(nonFiniteWords(run.stdout).isEmpty, "\(run.stdout)")
    }

    @Test func formatWithJSONFileWritesTheFileAndPrintsTheText() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("format-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("report.xml").path
        let run = try runBench(["validate", "--svg", "M0 0 L300 0", "--duration", "1", "--format", "junit", "--json", file])
        #expect(run.code == 0)
        let plain = try runBench(["validate", "--svg", "M0 0 L300 0", "--duration", "1"])
        #expect(GoldenOutput.masked(run.stdout) == GoldenOutput.masked(plain.stdout), "the text, as without --format")
        let written = try String(contentsOfFile: file, encoding: .utf8)
        #expect(Self.parseXML(written)?.elements.count { $0.name == "testcase" } == 4)
        #expect(Self.parseXML(written)?.elements.contains { $0.name == "failure" } == false, "smooth: no failure")
    }

    @Test func formatJSONIsTodaysDocument() throws {
        let arguments = ["validate", "--svg", "M0 0 L300 0", "--duration", "1"]
        let plain = try runBench(arguments + ["--json", "-"])
        let explicit = try runBench(arguments + ["--format", "json"])
        // The frame cost is measured, so compare everything but its values.
        func masked(_ text: String) -> String {
            text.split(separator: "\n").filter { !$0.contains("frameCost") }.joined(separator: "\n")
        }
        #expect(masked(plain.stdout) == masked(explicit.stdout) && !plain.stdout.isEmpty)
    }

    @Test(arguments: [
        (["validate", "--format", "yaml"], "--format expects one of json, junit, markdown, got 'yaml'"),
        (["validate", "--format", "bencher"], "--format bencher does not apply to 'bench validate'; it writes json, junit, markdown"),
        (["validate", "--format", "google-benchmark"], "--format google-benchmark does not apply to 'bench validate'; it writes json, junit, markdown"),
        (["run", "--format", "csv"], "--format expects one of json, github-action-benchmark, bencher, google-benchmark, junit, markdown, got 'csv'"),
        (["run", "--format", "junit"], "--format junit for 'bench run' needs --compare NAME"),
    ])
    func badFormatsAreOneLineAndExitTwo(arguments: [String], message: String) throws {
        let run = try runBench(arguments)
        #expect(run.code == 2)
        #expect(run.stdout.isEmpty)
        #expect(run.stderr.hasPrefix("bench: " + message), "\(run.stderr)")
        #expect(run.stderr.split(separator: "\n").count == 1)
    }
}

/// `bench run --format`'s plumbing at the unit level (a debug build cannot time a run): each
/// format reaches its BenchKit writer, JUnit and Markdown wait for the comparison.
@Suite struct RunDocumentTests {
    static func report(_ medians: [String: Double]) -> RunReport {
        let results = medians.map { name, median in
            BenchmarkResult(
                name: name, unit: .nanoseconds(per: "query"), higherIsBetter: false, median: median, minimum: median * 0.99, p90: median * 1.01,
                mad: median * 0.001, ci95: ConfidenceInterval(lower: median * 0.995, upper: median * 1.005), sampleCount: 30,
                iterations: 1000, workUnitsPerIteration: 1, outliers: 0, noisy: false)
        }
        let machine = MachineDescription(cpu: "Test | CPU", cores: 2, memoryBytes: 1 << 30, os: "Test OS", kernel: "6.0")
        return RunReport(build: .current, machine: machine, settings: RunSettings(.quick), results: results)
    }

    @Test func everyFormatReachesItsWriter() throws {
        let run = Self.report(["a/slow": 200, "b/steady": 100])
        let baseline = Self.report(["a/slow": 100, "b/steady": 100])
        let comparison = try BaselineComparison(current: run, baseline: baseline)
        #expect(try runDocument(.json, report: run, comparison: nil, baselineName: nil) == run.jsonData())
        #expect(try runDocument(.githubActionBenchmark, report: run, comparison: nil, baselineName: nil) == run.githubActionBenchmarkData())
        #expect(try runDocument(.bencher, report: run, comparison: nil, baselineName: nil) == run.bencherData())
        #expect(try runDocument(.googleBenchmark, report: run, comparison: nil, baselineName: nil) == run.googleBenchmarkData())
        // Written once the comparison is known.
        #expect(try runDocument(.junit, report: run, comparison: nil, baselineName: nil) == nil)
        #expect(try runDocument(.markdown, report: run, comparison: nil, baselineName: nil) == nil)
        let junit = try #require(try runDocument(.junit, report: run, comparison: comparison, baselineName: "main"))
        let parsed = try #require(OutputFormatTests.parseXML(String(decoding: junit, as: UTF8.self)))
        #expect(parsed.elements.count { $0.name == "testcase" } == 2)
        #expect(parsed.elements.filter { $0.name == "failure" }.map { $0.attributes["type"] } == ["regression"])
        let markdown = String(decoding: try #require(try runDocument(.markdown, report: run, comparison: comparison, baselineName: "main")), as: UTF8.self)
        // Two tables (results, comparison), the machine's `|` escaped, the verdict last.
        #expect(markdown.split(separator: "\n").filter { $0.hasPrefix("|---") }.count == 2)
        #expect(markdown.contains("Test \\| CPU"))
        #expect(markdown.hasSuffix("**REGRESSION: a/slow**\n"))
    }
}

extension OutputFormatTests {
    @Test func anUnwritableDestinationIsRefusedBeforeTheWorkAndNamesTheFormat() throws {
        let run = try runBench(["validate", "bee1", "--format", "junit", "--json", "/"])
        #expect(run.code == 2)
        #expect(run.stdout.isEmpty)
        #expect(run.stderr.hasPrefix("bench: cannot write the JUnit XML to /: it is a folder"), "\(run.stderr)")
    }
}
