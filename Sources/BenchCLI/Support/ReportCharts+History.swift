import BenchKit
import Foundation
import SVGPlot
import TerminalPlot

/// `bench report --history DIR`: the history `bench history` reads (`NAME.jsonl` in DIR, one
/// `flightline.history/1` record per line), analysed as `bench history` analyses it
/// (``BenchmarkHistory/analyze(_:filter:maxPValue:)``, E-Divisive with Welch's t-test at
/// p ≤ 0.001), drawn one chart per benchmark with the change points marked, and listed in a table.
struct ReportHistory {
    /// The history file read.
    var file: String
    var records: [HistoryRecord]
    /// A last line without its newline (an interrupted append), left out as `bench history`
    /// leaves it out.
    var tornLine: Int?
    var benchmarks: [BenchmarkHistory]

    /// Reads and analyses `NAME.jsonl` in `folder` (NAME: `name`, else this machine's, as
    /// `bench history` chooses it).
    ///
    /// - Throws: a usage error (one line, exit 2) for a missing folder, a path that is not a
    ///   folder, no such history, a history without a run, or a line that is not a
    ///   `flightline.history/1` record (named by its number).
    static func load(folder path: String, name: String?) throws -> ReportHistory {
        guard !path.isEmpty else { throw CLIError.usage("--history expects a folder, got an empty path") }
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
            throw CLIError.usage("--history \(path): no such folder (expected the folder 'bench run --record' appends NAME.jsonl to)")
        }
        guard isFolder.boolValue else {
            throw CLIError.usage("--history \(path): it is a file (expected the folder holding NAME.jsonl histories; the file's name goes in --history-name)")
        }
        let folder = URL(fileURLWithPath: path).standardizedFileURL
        let file = try HistoryLocation.file(named: name ?? MachineDescription.current.slug, in: folder)
        guard FileManager.default.fileExists(atPath: file.path) else {
            let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
                .filter { $0.hasSuffix(".jsonl") }.map { String($0.dropLast(6)) }.sorted()
            throw CLIError.usage("--history: no history at \(file.path) (\(names.isEmpty ? "no histories in that folder; record runs with 'bench run --record --history \(path)'" : "histories there: " + names.joined(separator: ", ") + ", chosen with --history-name"))")
        }
        let contents = try benchKit { try RunHistory.read(file.path) }
        guard !contents.records.isEmpty else {
            throw CLIError.usage("--history: \(file.path) holds no run\(contents.tornLine == nil ? "" : " (its only line is torn)") (expected at least one flightline.history/1 line; 'bench run --record' appends one)")
        }
        let benchmarks = try benchKit { try BenchmarkHistory.analyze(contents.records) }
        return ReportHistory(file: file.path, records: contents.records, tornLine: contents.tornLine, benchmarks: benchmarks)
    }

    /// Every change point, by run then name: what `bench history` lists last.
    var changes: [BenchmarkHistory.Change] {
        benchmarks.flatMap(\.changes).sorted { ($0.run, $0.name, $0.metric) < ($1.run, $1.name, $1.metric) }
    }

    /// The page's section: the runs read, the change-point table, a chart per benchmark.
    ///
    /// - Parameter figure: how the page wraps a chart (its `<figure>`).
    func section(figure: (ReportCharts.Chart) -> String) throws -> ReportSection {
        let esc = SVGChart.escaped
        let days = records.map(\.day)
        var html = "<section id=\"history\"><h2>History</h2>\n"
        html += "<p class=\"meta\">\(esc(file)): \(records.count) run\(records.count == 1 ? "" : "s"), \(esc(days.first ?? "")) … \(esc(days.last ?? "")), \(benchmarks.count) benchmark\(benchmarks.count == 1 ? "" : "s")"
        if let tornLine { html += "; line \(tornLine) is torn (an interrupted append) and left out" }
        html += ". Change points as 'bench history' finds them: E-Divisive means, each split kept if Welch's t-test gives p ≤ \(ChangePoints.defaultMaxPValue.formatted), at least \(ChangePoints.defaultMinimumSegment) runs each side.</p>\n"
        let all = changes
        if all.isEmpty {
            html += "<p>No change point\(records.count < 2 * ChangePoints.defaultMinimumSegment ? " (change points need at least \(2 * ChangePoints.defaultMinimumSegment) runs)" : "").</p>\n"
        } else {
            html += "<table><thead><tr><th>benchmark</th><th>metric</th><th>run</th><th>date</th><th>commit</th><th>change</th><th>mean before → after</th><th>p</th><th>verdict</th></tr></thead><tbody>\n"
            for change in all {
                let unit = change.metric == "median" ? (benchmarks.first { $0.name == change.name }?.unit.symbol ?? "") : "instructions"
                html += "<tr><td>\(esc(change.name))</td><td>\(esc(change.metric))</td><td class=\"num\">\(change.run)</td><td>\(esc(String(change.date.prefix(10))))</td><td>\(esc(change.commit.map { String($0.prefix(12)) } ?? "–"))</td>"
                html += "<td class=\"num\">\(esc(signedPercent(change.changePercent)))</td><td class=\"num\">\(esc(significant(change.meanBefore))) → \(esc(significant(change.meanAfter))) \(esc(unit))</td>"
                html += "<td class=\"num\">\(esc(significant(change.pValue, 2)))</td><td class=\"\(change.isRegression ? "janky" : "smooth")\">\(change.isRegression ? "regression" : "improvement")</td></tr>\n"
            }
            html += "</tbody></table>\n"
        }
        var charts: [ReportCharts.Chart] = []
        var used = Set<String>()
        for history in benchmarks {
            var slug = ReportCharts.slug(history.name)
            if used.contains(slug) {
                var n = 2
                while used.contains("\(slug)-\(n)") { n += 1 }
                slug = "\(slug)-\(n)"
            }
            used.insert(slug)
            let chart = try ReportCharts.history(history, records: records, slug: slug)
            charts.append(chart)
            html += figure(chart) + "\n"
        }
        return ReportSection(id: "history", title: "History", html: html + "</section>", charts: charts, markdown: markdown())
    }

    /// The runs read and the change points as a Markdown table, for `report.md`.
    func markdown() -> String {
        let text = "\(Markup.markdownCell(file)): \(records.count) run\(records.count == 1 ? "" : "s"), \(records.first?.day ?? "") … \(records.last?.day ?? ""), \(benchmarks.count) benchmark\(benchmarks.count == 1 ? "" : "s"); change points as 'bench history' finds them (p ≤ \(ChangePoints.defaultMaxPValue.formatted)).\n\n"
        let all = changes
        guard !all.isEmpty else { return text + "No change point.\n" }
        let rows = all.map { change -> [String] in
            let unit = change.metric == "median" ? (benchmarks.first { $0.name == change.name }?.unit.symbol ?? "") : "instructions"
            return ["`\(change.name)`", change.metric, "\(change.run)", String(change.date.prefix(10)), change.commit.map { "`\($0.prefix(12))`" } ?? "—",
                    signedPercent(change.changePercent), "\(significant(change.meanBefore)) → \(significant(change.meanAfter)) \(unit)",
                    significant(change.pValue, 2), change.isRegression ? "**regression**" : "improvement"]
        }
        return text + Markup.markdownTable(["benchmark", "metric", "run", "date", "commit", "change", "mean before → after", "p", "verdict"], rows, rightAligned: [2, 5, 6, 7])
    }
}

extension ReportCharts {
    /// One benchmark over the recorded runs: its median per run (a line through a dot per
    /// run) with the run's 95 % CI as a whisker, against the run's number (its line in the
    /// history file); each change point of the median as a line between the last run at the
    /// old level and the first at the new, marked and labelled at the new level's mean, and the
    /// level between change points (the segment means the t-test compared) as a step.
    static func history(_ history: BenchmarkHistory, records: [HistoryRecord], slug: String) throws -> Chart {
        let unit = history.unit.symbol
        let runs = history.median.runs, medians = history.median.values
        var whiskers: (x: [Double], y: [Double]) = ([], [])
        for run in runs {
            guard let result = records[run - 1].results.first(where: { $0.name == history.name }),
                  result.ci95.lower.isFinite, result.ci95.upper.isFinite else { continue }
            whiskers.x += [Double(run), Double(run), .nan]
            whiskers.y += [result.ci95.lower, result.ci95.upper, .nan]
        }
        let changes = history.changes.filter { $0.metric == "median" }
        var plot = Plot(title: "\(history.name): median per run (\(unit))")
        plot.xAxis.label = "run (line of the history file; dates in the table)"
        plot.yAxis.label = "median (\(unit), \(history.higherIsBetter ? "higher" : "lower") is better)"
        plot.series.append(Series("95 % CI of each run", x: whiskers.x, y: whiskers.y))
        plot.series.append(Series("median", x: runs.map(Double.init), y: medians, style: .lineAndPoints))
        if !changes.isEmpty, let first = runs.first, let last = runs.last {
            // The levels: before the first change, then after each (each change's means are
            // taken between its neighbouring change points, so they meet).
            var level: (x: [Double], y: [Double]) = ([], [])
            var start = Double(first)
            for change in changes {
                level.x += [start, Double(change.run) - 1, .nan]
                level.y += [change.meanBefore, change.meanBefore, .nan]
                start = Double(change.run)
            }
            level.x += [start, Double(last)]
            level.y += [changes.last!.meanAfter, changes.last!.meanAfter]
            plot.series.append(Series("level between change points (segment mean)", x: level.x, y: level.y))
            let values = (whiskers.y + medians).filter(\.isFinite)
            let low = values.min() ?? 0, high = values.max() ?? 1
            var lines: (x: [Double], y: [Double]) = ([], [])
            for change in changes {
                lines.x += [Double(change.run) - 0.5, Double(change.run) - 0.5, .nan]
                lines.y += [low, high, .nan]
            }
            plot.series.append(Series("change point", x: lines.x, y: lines.y))
            plot.annotations = changes.prefix(Plot.maximumAnnotationCount).map { change in
                Annotation(x: Double(change.run), y: change.meanAfter,
                           label: "run \(change.run): \(signedPercent(change.changePercent)), \(change.isRegression ? "regression" : "improvement") (\(change.date.prefix(10)))")
            }
        }
        // Half a run of room at each end (a whole run for a history of one), and 5 % of the
        // values' spread above and below, so no dot or whisker sits on the frame.
        if let first = runs.first, let last = runs.last {
            let pad = first == last ? 1.0 : 0.5
            plot.xAxis.range = (Double(first) - pad)...(Double(last) + pad)
        }
        let values = (whiskers.y + medians).filter(\.isFinite)
        if let low = values.min(), let high = values.max() {
            let pad = high > low ? 0.05 * (high - low) : max(abs(high) * 0.05, 1e-9)
            plot.yAxis.range = (low - pad)...(high + pad)
        }
        let days = runs.map { records[$0 - 1].day }
        var description = "\(history.name): its median (\(unit)) in each of \(runs.count) recorded run\(runs.count == 1 ? "" : "s")"
        if let first = days.first, let last = days.last { description += " (\(first) … \(last))" }
        description += ", with each run's 95 % confidence interval as a whisker"
        if changes.isEmpty {
            description += runs.count < 2 * ChangePoints.defaultMinimumSegment
                ? "; change points need at least \(2 * ChangePoints.defaultMinimumSegment) runs." : "; no change point."
        } else {
            description += "; change points marked where the new level starts: "
                + changes.map { "run \($0.run) \(signedPercent($0.changePercent)) (p = \(significant($0.pValue, 2)))" }.joined(separator: ", ") + "."
        }
        return Chart(file: "history-\(slug).svg", caption: "\(history.name) over the runs",
                     svg: try render(SVGChart(plot, description: description, height: 300, identifier: "history-\(slug)")))
    }
}

/// `+12.5 %`, `−3.1 %` (a minus sign), `±0.0 %`, one decimal as `bench history` words a
/// change; `–` where not finite.
func signedPercent(_ value: Double) -> String {
    guard value.isFinite else { return "–" }
    let rounded = (value * 10).rounded() / 10
    return (rounded > 0 ? "+" : rounded < 0 ? "−" : "±") + String(format: "%.1f", abs(rounded)) + " %"
}
