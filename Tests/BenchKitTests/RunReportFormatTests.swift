import Foundation
import Testing
#if canImport(FoundationXML)
import FoundationXML
#endif
@testable import BenchKit

/// The CI formats of a run, each written for a synthetic report with hand-computable values and
/// compared with a sample document written from the format's own documentation.
@Suite struct RunReportFormatTests {
    /// A time (100 ns/query, interval 95…110) raced against a reference, and a rate (2·10⁹
    /// points/s, interval 1.6·10⁹…2.5·10⁹): one of each direction.
    static var sample: RunReport {
        var time = result("arclen/cubic", median: 100, ci: (95, 110), speedup: 4)
        time.maxError = 1e-12
        let rate = result("swarm/paced-bees", median: 2e9, ci: (1.6e9, 2.5e9), unit: .rate("points"))
        return report([rate, time])
    }

    /// Parses JSON, failing the test with the text when it does not.
    static func parse(_ data: Data) throws -> Any {
        try JSONSerialization.jsonObject(with: data)
    }

    /// The keys of a JSON object and what kind of value each holds (`string`, `scalar` for a
    /// number or boolean — Foundation on Linux reads both as `NSNumber` — `object`, `array`),
    /// compared between our output and a sample.
    static func shape(_ object: Any) -> [String: String] {
        guard let dictionary = object as? [String: Any] else { return [:] }
        return dictionary.mapValues { value in
            switch value {
            case is String: "string"
            case is NSNumber: "scalar"
            case is [Any]: "array"
            case is [String: Any]: "object"
            default: "null"
            }
        }
    }

    // MARK: github-action-benchmark

    /// From the action's README (custom benchmarks: `customSmallerIsBetter`): an array of
    /// objects with `name`, `unit`, `value`, and the optional `range` and `extra` strings.
    static let githubActionBenchmarkSample = #"""
    [
      {"name": "My Custom Smaller Is Better Benchmark - Memory Used", "unit": "Megabytes", "value": 100, "range": "3", "extra": "Value for Tooltip: 25\nOptional Num #2: 100\nAnything Else!"}
    ]
    """#

    @Test func githubActionBenchmarkMatchesTheSampleAndConvertsRates() throws {
        let data = try Self.sample.githubActionBenchmarkData()
        let entries = try #require(try Self.parse(data) as? [[String: Any]])
        let sample = try #require(try Self.parse(Data(Self.githubActionBenchmarkSample.utf8)) as? [[String: Any]])
        #expect(entries.count == 2)
        for entry in entries { #expect(Self.shape(entry) == Self.shape(sample[0])) }
        // Sorted by name; the time as it is, ± the interval's larger half (110 − 100 = 10).
        #expect(entries[0]["name"] as? String == "arclen/cubic")
        #expect(entries[0]["unit"] as? String == "ns/query")
        #expect(entries[0]["value"] as? Double == 100)
        #expect(entries[0]["range"] as? String == "± 10")
        #expect((entries[0]["extra"] as? String)?.split(separator: "\n")
            == ["95% CI 95…110 ns/query", "30 samples × 1000 iterations", "4× faster than arclen/cubic/reference"], "\(entries[0])")
        // The rate as time: 10⁹ / 2·10⁹ = 0.5 ns/point, interval 10⁹/2.5·10⁹ … 10⁹/1.6·10⁹ =
        // 0.4 … 0.625, so ± 0.125.
        #expect(entries[1]["name"] as? String == "swarm/paced-bees")
        #expect(entries[1]["unit"] as? String == "ns/point")
        #expect(entries[1]["value"] as? Double == 0.5)
        #expect(entries[1]["range"] as? String == "± 0.125")
        #expect(String(decoding: data, as: UTF8.self).hasSuffix("]\n"))
    }

    @Test func githubActionBenchmarkBiggerIsBetterConvertsTimes() {
        let entries = Self.sample.githubActionBenchmarkEntries(tool: .customBiggerIsBetter)
        // 100 ns/query = 10⁷ query/s; the rate stays as measured.
        #expect(entries.map(\.unit) == ["query/s", "points/s"])
        #expect(entries.map(\.value) == [1e7, 2e9])
    }

    // MARK: Bencher

    /// From bencher.dev, "Bencher Metric Format": `{benchmark: {measure: {value, lower_value,
    /// upper_value}}}`, with the built-in `latency` and `throughput` measures.
    static let bencherSample = #"""
    {
      "benchmark_name": {
        "latency": {"value": 88.0, "lower_value": 87.42, "upper_value": 88.88},
        "throughput": {"value": 5.55, "lower_value": 3.14, "upper_value": 6.30}
      }
    }
    """#

    @Test func bencherMatchesTheSample() throws {
        let document = try #require(try Self.parse(try Self.sample.bencherData()) as? [String: [String: [String: Any]]])
        let sample = try #require(try Self.parse(Data(Self.bencherSample.utf8)) as? [String: [String: [String: Any]]])
        let metricShape = Self.shape(try #require(sample["benchmark_name"]?["latency"]))
        #expect(Set(document.keys) == ["arclen/cubic", "swarm/paced-bees"])
        let latency = try #require(document["arclen/cubic"]?["latency"])
        let throughput = try #require(document["swarm/paced-bees"]?["throughput"])
        #expect(document["arclen/cubic"]?.count == 1 && document["swarm/paced-bees"]?.count == 1)
        #expect(Self.shape(latency) == metricShape && Self.shape(throughput) == metricShape)
        // Each in its own unit: no conversion.
        #expect(latency["value"] as? Double == 100 && latency["lower_value"] as? Double == 95 && latency["upper_value"] as? Double == 110)
        #expect(throughput["value"] as? Double == 2e9 && throughput["lower_value"] as? Double == 1.6e9)
    }

    // MARK: Google Benchmark

    /// From Google Benchmark's user guide ("Output Formats", JSON) as a current release writes
    /// it, less the `date`, `host_name`, `caches` and `load_avg` of the context, which
    /// Flightline does not record: `context` and `benchmarks` with `name`, `iterations`,
    /// `real_time`, `cpu_time`, `time_unit`.
    static let googleBenchmarkSample = #"""
    {
      "context": {
        "executable": "./mybench",
        "num_cpus": 40,
        "mhz_per_cpu": 2801,
        "cpu_scaling_enabled": false,
        "library_build_type": "release"
      },
      "benchmarks": [
        {
          "name": "BM_SetInsert/1024/1",
          "family_index": 0,
          "per_family_instance_index": 0,
          "run_name": "BM_SetInsert/1024/1",
          "run_type": "iteration",
          "repetitions": 1,
          "repetition_index": 0,
          "threads": 1,
          "iterations": 94877,
          "real_time": 29275,
          "cpu_time": 29836,
          "time_unit": "ns"
        }
      ]
    }
    """#

    @Test func googleBenchmarkMatchesTheSample() throws {
        var machine = testMachine()
        machine.governor = "performance"
        var run = Self.sample
        run.machine = machine
        let document = try #require(try Self.parse(try run.googleBenchmarkData()) as? [String: Any])
        let sample = try #require(try Self.parse(Data(Self.googleBenchmarkSample.utf8)) as? [String: Any])
        let context = try #require(document["context"]), sampleContext = try #require(sample["context"])
        // Every key of the sample's context, with its kind (ours adds `flightline_schema`).
        #expect(Self.shape(context).filter { $0.key != "flightline_schema" } == Self.shape(sampleContext))
        let benchmarks = try #require(document["benchmarks"] as? [[String: Any]])
        let sampleEntry = try #require((sample["benchmarks"] as? [[String: Any]])?.first)
        #expect(benchmarks.count == 2)
        #expect(Self.shape(benchmarks[0]) == Self.shape(sampleEntry))
        // The rate carries `items_per_second` beside the sample's keys.
        #expect(Self.shape(benchmarks[1]).filter { $0.key != "items_per_second" } == Self.shape(sampleEntry))
        // 30 samples × 1000 iterations × 1 work unit; times per work unit in ns.
        #expect(benchmarks[0]["iterations"] as? Int == 30_000)
        #expect(benchmarks[0]["real_time"] as? Double == 100 && benchmarks[0]["cpu_time"] as? Double == 100)
        #expect(benchmarks[1]["real_time"] as? Double == 0.5 && benchmarks[1]["items_per_second"] as? Double == 2e9)
        #expect((context as? [String: Any])?["mhz_per_cpu"] as? Int == 2300)
        #expect((context as? [String: Any])?["cpu_scaling_enabled"] as? Bool == false)
    }

    // MARK: Markdown

    /// Splits one GFM table row into its cells, honouring `\|` escapes.
    static func cells(_ row: String) -> [String] {
        var cells: [String] = [], current = ""
        var escaped = false
        for character in row.dropFirst().dropLast() {
            if escaped { current.append(character); escaped = false; continue }
            if character == "\\" { escaped = true; current.append(character); continue }
            if character == "|" { cells.append(current.trimmingCharacters(in: .whitespaces)); current = ""; continue }
            current.append(character)
        }
        cells.append(current.trimmingCharacters(in: .whitespaces))
        return cells
    }

    /// From the GitHub Flavored Markdown spec, "Tables (extension)", example 198: a header row,
    /// a delimiter row, body rows; a cell's `|` escaped as `\|` (example 200).
    static let markdownSample = """
    | foo | bar |
    | --- | --- |
    | baz | bim |
    | b `\\|` az | b **\\|** im |
    """

    /// Checks `table` has the sample's structure: every row starts and ends with `|`, the
    /// second is the delimiter row, and every row has the header's number of cells.
    static func expectTable(_ table: [String], sourceLocation: SourceLocation = #_sourceLocation) {
        guard table.count >= 2 else { Issue.record("not a table: \(table)", sourceLocation: sourceLocation); return }
        let width = cells(table[0]).count
        for row in table {
            #expect(row.hasPrefix("|") && row.hasSuffix("|"), "\(row)", sourceLocation: sourceLocation)
            #expect(cells(row).count == width, "\(row)", sourceLocation: sourceLocation)
        }
        #expect(cells(table[1]).allSatisfy { $0.range(of: #"^:?-+:?$"#, options: .regularExpression) != nil }, sourceLocation: sourceLocation)
    }

    @Test func markdownTableHasTheSampleStructureAndEscapesPipes() {
        let sample = Self.markdownSample.split(separator: "\n").map(String.init)
        Self.expectTable(sample)
        #expect(Self.cells(sample[3]) == ["b `\\|` az", "b **\\|** im"])
        let table = Markup.markdownTable(["name", "value"], [["a|b", "1\n2"], ["back\\slash"]], rightAligned: [1])
        let rows = table.split(separator: "\n").map(String.init)
        Self.expectTable(rows)
        #expect(rows == ["| name | value |", "|---|---:|", "| a\\|b | 1<br>2 |", "| back\\\\slash |  |"])
    }

    @Test func runMarkdownIsOneRowPerResult() {
        let text = Self.sample.markdown()
        let table = text.split(separator: "\n").map(String.init).prefix { $0.hasPrefix("|") }
        Self.expectTable(Array(table))
        #expect(table.count == 4)
        #expect(Self.cells(table[2]) == ["`arclen/cubic`", "ns/query", "100", "95…110", "30×1000", "`arclen/cubic/reference`", "×4", "1e-12"])
        #expect(!text.contains("nan") && !text.contains("inf"))
    }

    // MARK: JUnit

    /// A JUnit report's elements in document order, each with its attributes.
    final class ElementCollector: NSObject, XMLParserDelegate {
        var elements: [(name: String, attributes: [String: String])] = []
        var text = ""
        func parser(_ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
                    qualifiedName: String?, attributes: [String: String] = [:]) {
            elements.append((elementName, attributes))
        }
        func parser(_ parser: XMLParser, foundCharacters string: String) { text += string }
    }

    static func elements(_ xml: String) throws -> ElementCollector {
        let parser = XMLParser(data: Data(xml.utf8))
        let collector = ElementCollector()
        parser.delegate = collector
        guard parser.parse() else { throw XMLFailure(description: "\(parser.parserError.map { "\($0)" } ?? "unknown error")") }
        return collector
    }

    struct XMLFailure: Error, CustomStringConvertible { let description: String }

    /// The JUnit XML layout as Ant's JUnit task and Maven Surefire write it (the format's
    /// de-facto schema): `testsuites` › `testsuite` › `testcase` › `failure`, with the counts
    /// as attributes.
    static let junitSample = """
    <?xml version="1.0" encoding="UTF-8"?>
    <testsuites name="suite run" tests="2" failures="1" errors="0">
      <testsuite name="compare" tests="2" failures="1" errors="0" skipped="0">
        <testcase name="slow" classname="benchmarks">
          <failure message="+100.0 % slower" type="regression">slow: 100 ns → 200 ns</failure>
          <system-out>slow: 100 ns → 200 ns</system-out>
        </testcase>
        <testcase name="steady" classname="benchmarks">
          <system-out>steady: unchanged</system-out>
        </testcase>
      </testsuite>
    </testsuites>
    """

    @Test func comparisonJUnitMatchesTheSample() throws {
        let baseline = report([timed("slow", 100), timed("steady", 100)])
        let current = report([timed("slow", 200), timed("steady", 100)])
        let comparison = try BaselineComparison(current: current, baseline: baseline)
        let ours = try Self.elements(comparison.junitReport(baselineName: "main").xml())
        let sample = try Self.elements(Self.junitSample)
        #expect(ours.elements.map(\.name) == sample.elements.map(\.name))
        for (mine, theirs) in zip(ours.elements, sample.elements) {
            #expect(Set(mine.attributes.keys) == Set(theirs.attributes.keys), "\(mine.name)")
        }
        #expect(ours.elements[0].attributes["tests"] == "2" && ours.elements[0].attributes["failures"] == "1")
        #expect(ours.elements[2].attributes["name"] == "slow")
        #expect(ours.elements[3].attributes["type"] == "regression")
        #expect(ours.elements[3].attributes["message"]?.hasPrefix("+100.0 % slower than baseline 'main'") == true)
    }

    @Test func junitEscapesEverythingXMLCannotHoldRaw() throws {
        let nasty = "a&b<c>d\"e'f\u{1}g"
        let report = JUnitReport(name: nasty, suites: [
            .init(name: nasty, cases: [.init(name: nasty, className: nasty, time: .nan, failure: .init(message: nasty, type: "t", details: nasty))]),
        ])
        let parsed = try Self.elements(report.xml())
        let expected = "a&b<c>d\"e'f\u{FFFD}g"
        #expect(parsed.elements.map(\.name) == ["testsuites", "testsuite", "testcase", "failure"])
        #expect(parsed.elements.allSatisfy { $0.attributes["name"] == nil || $0.attributes["name"] == expected })
        #expect(parsed.elements[2].attributes["time"] == nil)   // NaN is left out, never printed
        #expect(parsed.elements[3].attributes["message"] == expected)
        #expect(parsed.text.contains(expected))
    }

    @Test func emptyReportsStayValid() throws {
        let empty = report([])
        #expect(try Self.parse(try empty.githubActionBenchmarkData()) as? [Any] != nil)
        #expect(try Self.parse(try empty.bencherData()) as? [String: Any] != nil)
        let parsed = try Self.elements(JUnitReport(name: "none", suites: []).xml())
        #expect(parsed.elements.map(\.name) == ["testsuites"] && parsed.elements[0].attributes["tests"] == "0")
    }
}

extension RunReportFormatTests {
    /// A rate whose interval reaches 0 has no finite time: left out, never `inf` in a document.
    @Test func aResultWithoutAFiniteConversionIsLeftOut() throws {
        let stalled = result("stalled", median: 5, ci: (0, 10), unit: .rate("points"))
        let run = report([stalled, result("fine", median: 10, ci: (9, 11))])
        #expect(run.githubActionBenchmarkEntries().map(\.name) == ["fine"])
        #expect(run.googleBenchmarkDocument().benchmarks.map(\.name) == ["fine"])
        // Bencher keeps each unit as measured: nothing to convert, nothing lost.
        #expect(run.bencherMetrics().keys.sorted() == ["fine", "stalled"])
        let text = String(decoding: try run.githubActionBenchmarkData(), as: UTF8.self)
        #expect(!text.contains("inf") && !text.contains("nan"))
    }
}
