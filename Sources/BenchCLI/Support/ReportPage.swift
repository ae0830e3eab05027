import BenchKit
import Foundation
import Motion
import SVGPlot

/// `bench report`'s `index.html`: one self-contained page (inline SVG and CSS; no script, font
/// or image fetched, which its Content-Security-Policy also tells the browser to refuse) holding
/// the verdict table, every scene's charts and the benchmark results of `--run`.
enum ReportPage {
    /// The page and every chart as its own file, in the order they are written (the page last).
    struct Output {
        var page: String
        var charts: [ReportCharts.Chart]
        /// The page's parts in order, each with its charts: a part per scene (`scene-…`), the
        /// benchmarks, then the other sections (for `report.md`).
        var parts: [ReportSection] = []
        var files: [(name: String, data: Data)] {
            charts.map { ($0.file, Data($0.svg.utf8)) } + [("index.html", Data(page.utf8))]
        }
    }

    /// The policy that forbids every fetch: no script, font, frame or connection at all, styles
    /// only inline, images only as `data:` URLs (W3C Content Security Policy Level 3).
    static let contentSecurityPolicy = "default-src 'none'; style-src 'unsafe-inline'; img-src data:"

    static let pageStyle = """
    :root{color-scheme:light dark;--fg:#1b1b1b;--bg:#ffffff;--muted:#5a5a5a;--rule:#dddddd;--bad:#b3412b;--good:#006e4f}
    @media (prefers-color-scheme:dark){:root{--fg:#e6e6e6;--bg:#17181a;--muted:#a8a8a8;--rule:#3b3d40;--bad:#f08a6c;--good:#5fd3a6}}
    @media print{:root{--fg:#000;--bg:#fff;--muted:#333;--rule:#bbb;--bad:#000;--good:#000}nav{display:none}figure,tr{break-inside:avoid}}
    body{margin:0 auto;max-width:1120px;padding:16px 24px;background:var(--bg);color:var(--fg);font:15px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,"DejaVu Sans",sans-serif}
    h1{font-size:24px;margin:8px 0}h2{font-size:19px;margin:28px 0 6px;border-top:1px solid var(--rule);padding-top:14px}
    p.meta,figcaption{color:var(--muted);font-size:13px}a{color:inherit}
    table{border-collapse:collapse;font-size:13px;margin:8px 0}th,td{border-bottom:1px solid var(--rule);padding:3px 10px;text-align:left;vertical-align:top}
    td.num{text-align:right;font-variant-numeric:tabular-nums}.janky{color:var(--bad);font-weight:600}.smooth{color:var(--good)}
    pre{white-space:pre-wrap;font-size:12.5px;background:transparent;border-left:3px solid var(--rule);padding-left:10px}
    section{content-visibility:auto;contain-intrinsic-size:auto 960px}
    figure{margin:10px 0 18px}summary{cursor:pointer;font-size:14px}figure svg{max-width:100%;height:auto}nav ul{columns:3;font-size:13px}
    """

    /// Every scene's charts, each scene under a file-name slug of its own (`bee1+`, `a-b`, a
    /// second `a-b` as `a-b-2`).
    static func sceneCharts(
        _ results: [SceneValidation], thresholds: Thresholds, drawsAcceleration: Bool = false
    ) throws -> [(SceneValidation, String, [ReportCharts.Chart])] {
        var used = Set<String>()
        return try results.map { result in
            let slug = ReportCharts.uniqueSlug(result.scene.name, used: &used)
            return (result, slug, try ReportCharts.scene(
                result, slug: slug, thresholds: thresholds, drawsTurns: results.count <= ReportCharts.turnChartSceneLimit,
                drawsAcceleration: drawsAcceleration && results.count <= ReportCharts.turnChartSceneLimit))
        }
    }

    /// The most scene × rate × mode reports a page charts in full (every rate and mode of every
    /// scene); past it, each scene's first only, so a page of many scenes stays under 10 MB.
    static let everyReportChartLimit = 40

    static func build(
        _ results: [SceneValidation], request: ValidateRequest, run: (report: RunReport, path: String)?,
        baseline: (report: RunReport, path: String)? = nil, sections: [(ReportChartsFigure) throws -> ReportSection?] = []
    ) throws -> Output {
        var charts: [ReportCharts.Chart] = []
        var body: [String] = []
        var contents: [(id: String, title: String)] = []
        var parts: [ReportSection] = []
        let esc = SVGChart.escaped
        func figure(_ chart: ReportCharts.Chart) -> String {
            // The page carries the stylesheet once; each file carries its own.
            let inline = chart.svg.replacingOccurrences(of: "<style>\n\(SVGPalette.stylesheet)\n</style>\n", with: "")
            return "<figure id=\"\(esc(chart.file))\">\n\(inline)<figcaption>\(esc(chart.caption)) · <a href=\"\(esc(chart.file))\">\(esc(chart.file))</a></figcaption></figure>"
        }

        let allFixes = SceneReport.fixes(results, thresholds: request.thresholds)
        if !results.isEmpty {
            contents.append(("verdicts", "Verdicts"))
            var table = ["<table><thead><tr><th>scene</th><th>mode</th><th>rate</th><th>frames</th><th>verdict</th><th>findings</th></tr></thead><tbody>"]
            for result in results {
                for report in result.reports {
                    let words = ReportCharts.findingWords(report).joined(separator: ", ")
                    table.append(
                        "<tr><td>\(esc(result.scene.name))</td><td>\(esc(report.mode?.rawValue ?? "–"))</td><td class=\"num\">\(esc(report.hz.formatted)) Hz</td><td class=\"num\">\(report.frames)</td><td class=\"\(report.verdict.rawValue)\">\(report.verdict.rawValue)</td><td>\(esc(words.isEmpty ? "–" : words))</td></tr>")
                }
            }
            table.append("</tbody></table>")
            let findings = SceneReport.findings(
                results, verbose: false, fixes: SceneReport.fixLines(results, fixes: allFixes))
            body.append("<section id=\"verdicts\"><h2>Verdicts</h2>\n\(table.joined(separator: "\n"))\n<details><summary>findings and fixes, as 'bench validate' prints them</summary><pre>\(esc(findings))</pre></details></section>")
        }

        // Every rate and mode charted while the reports are few enough for the size budget.
        let reportCount = results.reduce(0) { $0 + $1.reports.count }
        let chartsEveryReport = reportCount <= everyReportChartLimit
        for (index, (result, slug, sceneCharts)) in try sceneCharts(results, thresholds: request.thresholds, drawsAcceleration: true).enumerated() {
            // The fixes before and after, each applied to the model and validated again (a
            // report of more than `turnChartSceneLimit` scenes lists them without pictures).
            let fixes = results.count <= ReportCharts.turnChartSceneLimit
                ? try ReportCharts.fixes(result, fixes: allFixes[index], slug: slug, thresholds: request.thresholds) : []
            let fixCharts = fixes.compactMap(\.chart)
            charts += sceneCharts + fixCharts
            let id = "scene-\(slug)"
            // The scene's charts in the page's order, for the Markdown beside the page.
            var sectionCharts = sceneCharts + fixCharts
            contents.append((id, result.scene.name))
            let verdict = result.isJanky ? "janky" : "smooth"
            var section = "<section id=\"\(esc(id))\"><h2>\(esc(result.scene.name)) · <span class=\"\(verdict)\">\(verdict)</span></h2>\n"
            section += "<p class=\"meta\">\(esc(SceneReport.describe(result.scene)))</p>\n"
            section += sceneCharts.map(figure).joined(separator: "\n")
            if !fixCharts.isEmpty { section += "\n" + fixCharts.map(figure).joined(separator: "\n") }
            let unpictured = fixes.filter { $0.chart == nil }
            if !unpictured.isEmpty {
                section += "\n<ul class=\"fixes\">" + unpictured.map { "<li>fix: \(esc($0.fix.text)): no picture (\(esc($0.reason ?? "")))</li>" }.joined() + "</ul>"
            }
            // The other rates and modes, each folded (a closed <details> is not laid out).
            if chartsEveryReport {
                for reportIndex in result.reports.indices.dropFirst() {
                    let report = result.reports[reportIndex]
                    let more = try ReportCharts.scene(
                        result, slug: slug, thresholds: request.thresholds, drawsTurns: results.count <= ReportCharts.turnChartSceneLimit,
                        drawsAcceleration: results.count <= ReportCharts.turnChartSceneLimit, reportIndex: reportIndex)
                    guard !more.isEmpty else { continue }
                    charts += more
                    sectionCharts += more
                    let words = ReportCharts.findingWords(report).joined(separator: ", ")
                    section += "\n<details class=\"variant\"><summary>\(esc(report.mode.map { "\($0.rawValue) " } ?? ""))@\(esc(report.hz.formatted)) Hz: <span class=\"\(report.verdict.rawValue)\">\(report.verdict.rawValue)</span>\(words.isEmpty ? "" : " (\(esc(words)))")</summary>\n"
                        + more.map(figure).joined(separator: "\n") + "</details>"
                }
            }
            parts.append(ReportSection(id: id, title: result.scene.name, html: "", charts: sectionCharts))
            // The platforms' metrics beside the frame lanes, as 'bench validate' words them.
            let delivery = SceneReport.deliveryLines(result)
            if !delivery.isEmpty { section += "\n<pre>\(esc(delivery.joined(separator: "\n").trimmingCharacters(in: .newlines)))</pre>" }
            body.append(section + "</section>")
        }

        if let run {
            let firstChart = charts.count
            defer { parts.append(ReportSection(id: "benchmarks", title: "Benchmarks", html: "", charts: Array(charts[firstChart...]))) }
            contents.append(("benchmarks", "Benchmarks"))
            let report = run.report
            var section = "<section id=\"benchmarks\"><h2>Benchmarks</h2>\n"
            section += "<p class=\"meta\">\(esc(run.path)): \(report.results.count) results, \(esc(report.build.configuration)) build, \(esc(report.machine.cpu))</p>\n"
            section += "<table><thead><tr><th>benchmark</th><th>median</th><th>95 % CI</th><th>samples</th><th>reference</th><th>speedup</th></tr></thead><tbody>\n"
            for result in report.results {
                let speedup = (result.pairedSpeedup ?? result.speedup).map { "\(significant($0))×" } ?? "–"
                section += "<tr><td><a href=\"#bench-\(esc(ReportCharts.slug(result.name))).svg\">\(esc(result.name))</a></td><td class=\"num\">\(esc(significant(result.median))) \(esc(result.unit.description))</td><td class=\"num\">[\(esc(significant(result.ci95.lower))), \(esc(significant(result.ci95.upper)))]</td><td class=\"num\">\(result.sampleCount)</td><td>\(esc(result.reference ?? "–"))</td><td class=\"num\">\(esc(speedup))</td></tr>\n"
            }
            section += "</tbody></table>\n"
            if let baseline {
                let comparison: BaselineComparison
                do {
                    comparison = try BaselineComparison(current: report, baseline: baseline.report)
                } catch {
                    throw CLIError.usage("--compare \(baseline.path): \(error)")
                }
                section += "<h3>Against \(esc(baseline.path))</h3>\n<table><thead><tr><th>benchmark</th><th>baseline</th><th>current</th><th>change</th><th>verdict</th></tr></thead><tbody>\n"
                for entry in comparison.entries {
                    let change = entry.changePercent.isFinite ? (entry.changePercent >= 0 ? "+" : "") + significant(entry.changePercent) + " %" : "–"
                    section += "<tr><td>\(esc(entry.name))</td><td class=\"num\">\(esc(significant(entry.baselineMedian))) \(esc(entry.unit.description))</td><td class=\"num\">\(esc(significant(entry.currentMedian))) \(esc(entry.unit.description))</td><td class=\"num\">\(esc(change))</td><td class=\"\(entry.isRegression ? "janky" : "")\">\(esc(entry.verdict.rawValue))</td></tr>\n"
                }
                section += "</tbody></table>\n"
                if let chart = try ReportCharts.comparison(comparison, baselineName: baseline.path) {
                    charts.append(chart)
                    section += figure(chart) + "\n"
                }
            }
            if let speedups = try ReportCharts.speedups(report.results) {
                charts.append(speedups)
                section += figure(speedups) + "\n"
            }
            var usedBench = Set<String>()
            for result in report.results {
                var slug = ReportCharts.slug(result.name)
                while usedBench.contains(slug) { slug += "-x" }
                usedBench.insert(slug)
                let chart = try ReportCharts.benchmark(result, slug: slug)
                charts.append(chart)
                section += figure(chart) + "\n"
            }
            body.append(section + "</section>")
        }
        // The sections of other files (history, integrators), each after the benchmarks.
        for make in sections {
            guard let section = try make(figure) else { continue }
            contents.append((section.id, section.title))
            charts += section.charts
            parts.append(section)
            body.append(section.html)
        }

        var page = """
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="utf-8" />
        <meta http-equiv="Content-Security-Policy" content="\(contentSecurityPolicy)" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>Flightline report</title>
        <style>
        \(pageStyle)
        \(SVGPalette.stylesheet)
        </style>
        </head>
        <body>
        <header><h1>Flightline report</h1>
        """
        var summary = "bench report (Flightline \(Bench.version)): \(results.count) scene\(results.count == 1 ? "" : "s")"
        if !request.rates.isEmpty { summary += " at \(request.rates.map(\.formatted).joined(separator: ", ")) Hz" }
        if reportCount > results.count {
            summary += reportCount <= everyReportChartLimit
                ? " (charts at every rate and mode: the other rates and modes folded under each scene)"
                : " (charts at each scene's first rate and mode: \(reportCount) scene × rate × mode reports are more than the \(everyReportChartLimit) charted in full; the others are in the verdict table)"
        }
        if results.count > ReportCharts.turnChartSceneLimit { summary += "; more than \(ReportCharts.turnChartSceneLimit) scenes: no turn, acceleration or fix charts" }
        if let run { summary += "; benchmarks from \(run.path)" }
        summary += request.thresholds == Thresholds() ? "; default thresholds." : "; thresholds changed by flags."
        page += "\n<p class=\"meta\">\(esc(summary))</p></header>\n<nav><ul>\n"
        page += contents.map { "<li><a href=\"#\(esc($0.id))\">\(esc($0.title))</a></li>" }.joined(separator: "\n")
        page += "\n</ul></nav>\n<main>\n" + body.joined(separator: "\n") + "\n</main>\n</body>\n</html>\n"
        return Output(page: page, charts: charts, parts: parts)
    }
}
