import BenchKit
@testable import BenchCLI
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing

/// `bench run --format markdown --svg-dir DIR`: the run's charts written to DIR and linked from
/// the Markdown. A debug build refuses to time, so the writer runs here on a saved run (the
/// baselines are `flightline.run/1` documents) and the command's refusals end to end.
@Suite struct RunMarkdownChartsTests {
    typealias R = ReportCommandTests

    static func saved(_ name: String) throws -> RunReport {
        let path = R.root.appendingPathComponent("Benchmarks/baselines/\(name).json").path
        return try RunReport(jsonData: try Data(contentsOf: URL(fileURLWithPath: path)), source: path)
    }

    /// The image links of a Markdown text: the targets of `![…](TARGET)`.
    static func imageLinks(_ markdown: String) -> [String] {
        var links: [String] = []
        var rest = Substring(markdown)
        while let start = rest.range(of: "]("), let end = rest[start.upperBound...].firstIndex(of: ")") {
            links.append(String(rest[start.upperBound..<end]).removingPercentEncoding ?? "")
            rest = rest[rest.index(after: end)...]
        }
        return links
    }

    /// Every Markdown image, `![alt](target)`, as its alt text and target (percent-decoded).
    static func images(_ markdown: String) -> [(alt: String, target: String)] {
        var images: [(alt: String, target: String)] = []
        var rest = Substring(markdown)
        while let open = rest.range(of: "!["), let middle = rest[open.upperBound...].range(of: "]("),
              let end = rest[middle.upperBound...].firstIndex(of: ")") {
            images.append((String(rest[open.upperBound..<middle.lowerBound]), String(rest[middle.upperBound..<end]).removingPercentEncoding ?? ""))
            rest = rest[rest.index(after: end)...]
        }
        return images
    }

    @Test func chartsAreWrittenAndEveryLinkIsAnSVGThatParses() throws {
        let folder = try R.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let report = try Self.saved("epyc-2core")
        let comparison = try BaselineComparison(current: report, baseline: try Self.saved("xeon-2core"))
        let charts = try RunCharts.charts(report, comparison: comparison, baselineName: "xeon-2core")
        // The comparison, the speedups and one per benchmark.
        #expect(charts.count == 2 + report.results.count)
        let dir = folder.appendingPathComponent("charts with space").path
        let text = try RunCharts.write(charts, toFolder: dir)
        let links = Self.imageLinks(text)
        #expect(links.count == charts.count)
        #expect(Set(links) == Set(charts.map { "\(dir)/\($0.file)" }))
        for link in links {
            let svg = try R.xml(URL(fileURLWithPath: link))
            #expect(svg.name == "svg")
        }
        #expect(text.contains("%20"), "a space in the folder is percent-encoded so the link stays whole")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir).count == charts.count)
        // The speedups chart of the run has a row per benchmark with a reference.
        let speedups = try R.xml(URL(fileURLWithPath: "\(dir)/speedups.svg"))
        let rows = R.nodes(speedups, ".//*[local-name()='text'][contains(@class,'tick y')]").compactMap(\.stringValue)
        #expect(rows == report.results.filter { ($0.pairedSpeedup ?? $0.speedup).map { $0 > 0 } ?? false }.map(\.name))
    }

    @Test(arguments: [
        (["run", "--svg-dir", "/tmp/x"], "--svg-dir '/tmp/x' links charts from the Markdown: add --format markdown"),
        (["run", "--format", "json", "--svg-dir", "/tmp/x"], "add --format markdown"),
        (["run", "--format", "markdown", "--svg-dir", "/dev/null/sub"], "--svg-dir"),
    ])
    func svgDirIsRefusedBeforeMeasuring(arguments: [String], message: String) throws {
        let run = try runBench(arguments)
        expectUsageError(run, mentioning: message)
        #expect(!run.stderr.contains("debug build"), "\(run.stderr)")
    }
}
