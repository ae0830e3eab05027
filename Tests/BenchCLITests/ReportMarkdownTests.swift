import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing

/// `bench report --format markdown`: `DIR/report.md` beside `index.html`, every chart of the
/// folder shown by its relative file name, every link a file that parses as SVG.
@Suite struct ReportMarkdownTests {
    typealias R = ReportCommandTests

    @Test func reportMarkdownLinksEveryChartBesideIt() throws {
        let folder = try R.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        try HistoryMergeCommandTests.writeHistory(to: folder.appendingPathComponent("ci.jsonl").path)
        let out = folder.appendingPathComponent("r")
        let run = try runBench([
            "report", "bee1+", "menu-show", "--mode", "linear", "--run", R.baseline, "--compare", "xeon-2core",
            "--history", folder.path, "--history-name", "ci", "--format", "markdown", "--out", out.path,
        ])
        #expect(run.code == 0, "\(run.stderr)")
        #expect(run.stdout == (try R.summary(out, "2 scenes, 25 benchmark results, 12 recorded runs", markdown: true)), "\(run.stdout)")
        let markdown = try String(contentsOf: out.appendingPathComponent("report.md"), encoding: .utf8)
        let links = RunMarkdownChartsTests.imageLinks(markdown)
        let svgs = try FileManager.default.contentsOfDirectory(atPath: out.path).filter { $0.hasSuffix(".svg") }
        #expect(!svgs.isEmpty)
        #expect(Set(links) == Set(svgs), "linked but missing: \(Set(links).subtracting(svgs)); not linked: \(Set(svgs).subtracting(links))")
        #expect(links.count == svgs.count, "each chart linked once")
        for link in links {
            #expect(URL(fileURLWithPath: link).lastPathComponent == link, "\(link) is not relative to the folder")
            #expect(try R.xml(out.appendingPathComponent(link)).name == "svg")
        }
        for heading in ["## Scenes", "## Benchmarks", "## History", "## Integrators"] { #expect(markdown.contains(heading), "\(heading)") }
        // The change-point table's row: benchmark, metric, run.
        #expect(markdownTableRows(markdown).contains { $0.prefix(3) == ["`arclen/cubic`", "median", "7"] }, "the change-point table")
        let lines = markdown.split(separator: "\n")
        #expect(lines.filter { $0.hasPrefix("Compared with baseline ") } == ["Compared with baseline `xeon-2core` (threshold 5 %)"], "\(markdown)")
        // The path chart's image, parsed: its alt text whole.
        #expect(RunMarkdownChartsTests.images(markdown).filter { $0.target == "scene-bee1+-path.svg" }.map(\.alt) == ["bee1+: path on screen"])

        // Without --format markdown: the page only.
        let plain = folder.appendingPathComponent("p")
        let html = try runBench(["report", "menu-show", "--out", plain.path])
        #expect(html.code == 0, "\(html.stderr)")
        #expect(!FileManager.default.fileExists(atPath: plain.appendingPathComponent("report.md").path))
        try expectRefusedNaming(["report", "menu-show", "--format", "pdf", "--out", plain.path], option: "format", value: "pdf", expected: ["html", "markdown"])
    }
}
