import BenchKit
import Foundation
import Motion

/// `bench report --format markdown`: `DIR/report.md` beside `index.html`, the report as
/// GitHub-flavoured Markdown for a pull-request comment or a wiki, every chart shown as an image
/// linked by its file name (relative to DIR, where the SVG is), in the page's order.
enum ReportMarkdown {
    /// The file's name in the report folder.
    static let fileName = "report.md"

    /// The Markdown: the verdicts as `bench validate --format markdown` writes them, with each
    /// scene's charts; the benchmarks' table (and the comparison's) as `bench run --format
    /// markdown` writes it, with their charts; then each other section (history,
    /// integrators): its own text and its charts.
    static func document(
        _ results: [SceneValidation], request: ValidateRequest, output: ReportPage.Output,
        run: (report: RunReport, path: String)?, baseline: (report: RunReport, path: String)?
    ) throws -> String {
        var text = "# Flightline report\n\n"
        text += "bench report (Flightline \(Bench.version)): \(results.count) scene\(results.count == 1 ? "" : "s")"
        if !request.rates.isEmpty { text += " at \(request.rates.map(\.formatted).joined(separator: ", ")) Hz" }
        text += "; the page with every chart is `index.html` beside this file.\n"
        let link: (String) -> String = { $0 }
        if !results.isEmpty {
            let scenes = output.parts.filter { $0.id.hasPrefix("scene-") }
            let charts = scenes.map { part in (scene: part.title, links: part.charts.map { (path: link($0.file), caption: $0.caption) }) }
            text += "\n## Scenes\n\n"
            text += SceneReport.markdown(results, fixes: SceneReport.fixes(results, thresholds: request.thresholds), charts: charts)
        }
        if let run {
            text += "\n## Benchmarks\n\n\(Markup.markdownCell(run.path)):\n\n" + run.report.markdown()
            if let baseline {
                let comparison: BaselineComparison
                do {
                    comparison = try BaselineComparison(current: run.report, baseline: baseline.report)
                } catch {
                    throw CLIError.usage("--compare \(baseline.path): \(error)")
                }
                text += "\n" + comparison.markdown(baselineName: baseline.path)
            }
            text += RunCharts.markdown(output.parts.first { $0.id == "benchmarks" }?.charts ?? [], linkedAs: link)
        }
        for part in output.parts where !part.id.hasPrefix("scene-") && part.id != "benchmarks" {
            text += "\n## \(part.title)\n\n" + part.markdown + RunCharts.markdown(part.charts, linkedAs: link)
        }
        return text
    }
}
