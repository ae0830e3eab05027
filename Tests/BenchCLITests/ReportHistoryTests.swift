import BenchCLI
import BenchKit
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing

/// `bench report --history DIR`: a chart per benchmark of the recorded runs with the change
/// points `bench history` finds marked where they are, the table of them, and bad input.
@Suite struct ReportHistoryTests {
    typealias R = ReportCommandTests

    /// The 12-run history whose `arclen/cubic` steps up 12.5 % at run 7 (and `eval/x` stays):
    /// the change point `bench history --json` reports is the one marked, at run 7 and the new
    /// level's mean, labelled with its change; the CI whiskers and medians are one per run; the
    /// flat benchmark has no mark; the page has the table and a figure per benchmark.
    @Test func historyChartsMarkTheChangePointsBenchHistoryFinds() throws {
        let folder = try R.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        try HistoryMergeCommandTests.writeHistory(to: folder.appendingPathComponent("ci.jsonl").path)
        let out = folder.appendingPathComponent("r")
        let run = try runBench(["report", "menu-show", "--history", folder.path, "--history-name", "ci", "--out", out.path])
        #expect(run.code == 0, "\(run.stderr)")
        #expect(run.stdout == (try R.summary(out, "1 scene, 12 recorded runs")), "\(run.stdout)")

        // What 'bench history' reports for the same file.
        let analysis = try runBench(["history", "--history", folder.path, "--history-name", "ci", "--json", "-"])
        let benchmarks = try #require(try jsonObject(analysis.stdout)["benchmarks"] as? [[String: Any]])
        let cubic = try #require(benchmarks.first { $0["name"] as? String == "arclen/cubic" })
        let changes = try #require(cubic["changes"] as? [[String: Any]])
        try #require(changes.count == 1)
        let changeRun = try #require(changes[0]["run"] as? Int)
        let meanAfter = try #require(changes[0]["meanAfter"] as? Double)
        #expect(changeRun == 7 && abs(meanAfter - 45.05) < 1e-9)

        let svg = try R.xml(out.appendingPathComponent("history-arclen-cubic.svg"))
        let place = try R.placer(svg)
        let marks = R.nodes(svg, ".//*[local-name()='g'][@class='mark-at']")
        try #require(marks.count == 1)
        let want = place(Double(changeRun), meanAfter)
        #expect(abs(R.attribute(marks[0], "data-x") - want.x) <= 0.051 && abs(R.attribute(marks[0], "data-y") - want.y) <= 0.051)
        // The mark's label (drawn twice: its halo, then the text), whole: the run, the change, the verdict and the run's date.
        let label = R.nodes(marks[0], ".//*[local-name()='text']").compactMap(\.stringValue)
        #expect(Set(label) == ["run 7: +12.5 %, regression (2026-09-27)"], "\(label)")
        // A dot per run, a whisker per run.
        let median = try #require(R.nodes(svg, ".//*[local-name()='g'][@data-series='median']").first)
        #expect(R.dots(median).count == 12)
        let whiskers = try #require(R.nodes(svg, ".//*[local-name()='g'][@data-series='95 % CI of each run']").first)
        let whiskerPath = R.nodes(whiskers, ".//*[local-name()='path']").compactMap { R.string($0, "d") }.joined()
        #expect(whiskerPath.components(separatedBy: "M").count - 1 == 12, "\(whiskerPath)")
        // The change point's line between run 6 and run 7.
        let line = try #require(R.nodes(svg, ".//*[local-name()='g'][@data-series='change point']").first)
        let d = R.nodes(line, ".//*[local-name()='path']").compactMap { R.string($0, "d") }.joined()
        let between = place(6.5, meanAfter).x
        let xs = d.split { "MLHV ".contains($0) }.compactMap { Double($0) }
        #expect(xs.contains { abs($0 - between) <= 0.051 }, "\(d) has no point at x = \(between)")

        let flat = try R.xml(out.appendingPathComponent("history-eval-x.svg"))
        #expect(R.nodes(flat, ".//*[local-name()='g'][@class='mark-at']").isEmpty)
        let flatDescription = "eval/x: its median (ns/query) in each of 12 recorded runs (2026-09-21 … 2026-10-02), with each run's 95 % confidence interval as a whisker; no change point."
        #expect(R.nodes(flat, "./*[local-name()='desc']").first?.stringValue == flatDescription)

        // The page, parsed: the section, the change-point table's row (benchmark, metric, run,
        // date, commit) and a figure per benchmark.
        let tree = try R.page(out.appendingPathComponent("index.html"))
        #expect(R.nodes(tree, "//*[local-name()='section'][@id='history']").count == 1)
        let rows = R.nodes(tree, "//*[local-name()='section'][@id='history']//*[local-name()='tbody']/*[local-name()='tr']")
            .map { R.nodes($0, "./*[local-name()='td']").map { $0.stringValue ?? "" } }
        #expect(rows.contains { $0.count > 4 && $0[0] == "arclen/cubic" && $0[1] == "median" && $0[2] == "7" && $0[4] == "c0ffee6" }, "the change-point table: \(rows)")
        for name in ["history-arclen-cubic.svg", "history-eval-x.svg"] {
            #expect(R.nodes(tree, "//*[local-name()='figure'][@id='\(name)']").count == 1, "\(name)")
        }
    }

    /// A history of one run: a chart with its one dot, no change point, and the reason.
    @Test func oneRunIsDrawnWithoutChangePoints() throws {
        let folder = try R.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("ci.jsonl").path
        try HistoryMergeCommandTests.writeHistory(to: path)
        let first = try #require(try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").first)
        try (first + "\n").write(toFile: path, atomically: true, encoding: .utf8)
        let out = folder.appendingPathComponent("r")
        let run = try runBench(["report", "menu-show", "--history", folder.path, "--history-name", "ci", "--out", out.path])
        #expect(run.code == 0, "\(run.stderr)")
        let svg = try R.xml(out.appendingPathComponent("history-arclen-cubic.svg"))
        let median = try #require(R.nodes(svg, ".//*[local-name()='g'][@data-series='median']").first)
        #expect(R.dots(median).count == 1)
        // The history section says so in one element of its own, whole.
        let page = try R.page(out.appendingPathComponent("index.html"))
        #expect(R.nodes(page, "//*[normalize-space(text())='No change point (change points need at least 6 runs).']").count == 1)
    }

    /// Bad history input is one line, exit 2, before any work, and writes nothing.
    @Test func badHistoryIsOneLineAndWritesNothing() throws {
        let folder = try R.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("ci.jsonl").path
        try HistoryMergeCommandTests.writeHistory(to: path)
        let out = folder.appendingPathComponent("r").path
        func report(_ extra: [String]) throws -> BenchRun { try runBench(["report", "menu-show", "--out", out] + extra) }
        func refused(_ extra: [String]) throws -> CLIError? { try expectRefused(["report", "menu-show", "--out", out] + extra) }
        expectUsageError(try report(["--history", folder.path + "/none"]), mentioning: "--history \(folder.path)/none: no such folder")
        expectUsageError(try report(["--history", path]), mentioning: "it is a file")
        expectUsageError(try report(["--history", folder.path, "--history-name", "other"]), mentioning: "no history at \(folder.path)/other.jsonl (histories there: ci,")
        expectUsageError(try report(["--history-name", "ci"]), mentioning: "add --history DIR")
        let bare = try refused(["--history", ""])
        #expect(bare?.option == "history" && bare?.value == "", "\(String(describing: bare))")

        try Data().write(to: folder.appendingPathComponent("empty.jsonl"))
        expectUsageError(try report(["--history", folder.path, "--history-name", "empty"]), mentioning: "empty.jsonl holds no run")

        var lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").map(String.init)
        lines[2] = lines[2].replacingOccurrences(of: "flightline.history/1", with: "flightline.run/1")
        try (lines.joined(separator: "\n") + "\n").write(toFile: folder.appendingPathComponent("wrong.jsonl").path, atomically: true, encoding: .utf8)
        let wrong = try refused(["--history", folder.path, "--history-name", "wrong"])
        #expect(wrong?.file == folder.appendingPathComponent("wrong.jsonl").path && wrong?.line == 3, "\(String(describing: wrong))")
        #expect(!FileManager.default.fileExists(atPath: out))
    }
}
