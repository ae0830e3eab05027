import BenchKit
import Foundation

/// The charts of a benchmark run as `bench report --run` draws them, for `bench run --format
/// markdown --svg-dir DIR`: written to DIR and shown in the Markdown as images, so a CI job
/// posts one comment with pictures.
enum RunCharts {
    /// The run's charts, in the report's order: the comparison (with a baseline), the speedups
    /// (when a result has a reference), then one per benchmark (samples, median and CI).
    static func charts(_ report: RunReport, comparison: BaselineComparison? = nil, baselineName: String? = nil) throws -> [ReportCharts.Chart] {
        var charts: [ReportCharts.Chart] = []
        if let comparison, let chart = try ReportCharts.comparison(comparison, baselineName: baselineName ?? "baseline") {
            charts.append(chart)
        }
        if let speedups = try ReportCharts.speedups(report.results) { charts.append(speedups) }
        var used = Set<String>()
        for result in report.results {
            var slug = ReportCharts.slug(result.name)
            while used.contains(slug) { slug += "-x" }
            used.insert(slug)
            charts.append(try ReportCharts.benchmark(result, slug: slug))
        }
        return charts
    }

    /// Writes `charts` into `folder` (atomically, as `OutputFolder` writes) and returns the
    /// Markdown that shows them, each linked as `folder/FILE.svg`.
    ///
    /// - Throws: a usage error naming `--svg-dir` when the folder cannot be written.
    static func write(_ charts: [ReportCharts.Chart], toFolder folder: String) throws -> String {
        do {
            try OutputFolder.write(charts.map { ($0.file, Data($0.svg.utf8)) }, toPath: folder)
        } catch let error as BenchKitError {
            throw CLIError.usage("--svg-dir \(error)")
        }
        let base = folder.hasSuffix("/") ? String(folder.dropLast()) : folder
        return markdown(charts, linkedAs: { "\(base)/\($0)" })
    }

    /// `**charts** (SVG):` and one image per chart, each line `- caption: ![caption](LINK)`.
    static func markdown(_ charts: [ReportCharts.Chart], linkedAs link: (String) -> String) -> String {
        guard !charts.isEmpty else { return "" }
        var text = "\n**charts** (SVG):\n\n"
        for chart in charts {
            let caption = Markup.markdownCell(chart.caption)
            text += "- \(caption): ![\(caption)](\(SceneReport.markdownLink(link(chart.file))))\n"
        }
        return text
    }
}
