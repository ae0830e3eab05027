import Foundation

/// A part of `bench report`'s page: its anchor, its heading in the contents, its HTML and the
/// charts it shows (each also written as its own file). The sections after the run (history,
/// integrators) are made in their own files and handed to ``ReportPage/build``; the page lists
/// the scenes' and the run's parts too (``ReportPage/Output/parts``, their HTML left empty:
/// the page writes those itself), for `report.md`.
struct ReportSection {
    var id: String
    var title: String
    var html: String
    var charts: [ReportCharts.Chart]
    /// What `report.md` says before the section's charts (a table, a sentence); may be empty.
    var markdown: String = ""
}

/// How the page wraps a chart in its `<figure>` (``ReportPage/build``'s, handed to sections).
typealias ReportChartsFigure = (ReportCharts.Chart) -> String
