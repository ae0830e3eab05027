import BenchKit
import BenchmarkSuites
import TerminalPlot

let accuracyCommand = Command(
    name: "accuracy",
    synopsis: "[KERNEL…] [--ladder A,…]",
    summary: "the accuracy–speed map: requested against achieved error, evaluations and time per call",
    details: """
    Kernels: cubic-arclength, cubic-inverse, pathmeasure-position, spring-closed-form (default:
    all). For each requested accuracy of the ladder (default 1e-3 … 1e-13, a decade apart) it
    prints the largest error found against a reference computed in the run in 80-bit extended
    precision (its own error is printed), whether the request was met and by how much the kernel
    over-delivers (requested ÷ achieved), the speed evaluations per call (|B'| at a node, one
    square root each), the time per call (the fastest of five passes; a release build only: a
    debug build prints counts and errors), and GSL QAGS beside the arc length at the same absolute
    tolerance. A log–log plot follows: achieved against requested, with the line where they are
    equal. Inputs are seeded: 50 random cubics in the unit square and a degenerate one, bee path
    1+ at a thousandth of its size, the menu's spring at unit distance. PathMeasure refuses a rung
    below its rounding floor, as 'bench path --accuracy' does; the spring's closed form takes no
    accuracy, so its error is the same at every rung.
    """,
    options: [
        .option("ladder", "A,…", "requested accuracies (1 to 20, each in 1e-15…1, comma-separated)"),
    ],
    run: { arguments, console in
        let kernels = arguments.positionals
        let ladder = try arguments.doubles("ladder") ?? AccuracyMap.defaultLadder
        let map: AccuracyMap.Result
        do {
            map = try AccuracyMap.compute(kernels: kernels, ladder: ladder, timed: isOptimizedBuild)
        } catch let error as AccuracyMapError {
            throw CLIError.usage(error.description)
        }
        let policy = try plotPolicy(for: console, width: nil, height: nil, color: nil)
        console.out(accuracyReport(map, plotWidth: min(policy.width, 120), usesColor: policy.usesColor))
        return .success
    }
)

/// The map as tables (one per kernel) and a log–log plot.
func accuracyReport(_ map: AccuracyMap.Result, plotWidth: Int, usesColor: Bool) -> String {
    var lines: [String] = []
    var kernels: [String] = []
    for row in map.rows where !kernels.contains(row.kernel) { kernels.append(row.kernel) }
    for kernel in kernels {
        let reference = map.referenceError[kernel].map { significant($0, 2) } ?? "—"
        lines.append("\(kernel) (reference error ≤ \(reference))")
        var table = Table("requested", "achieved", "met", "over-delivers", "evals/call", "ns/call", "GSL error", "GSL evals", "GSL ns")
        for row in map.rows where row.kernel == kernel {
            guard let achieved = row.achieved else {
                table.add(row: [significant(row.requested, 2), "refused", "—", "—", "—", "—", "—", "—", "—"])
                continue
            }
            table.add(row: [
                significant(row.requested, 2), significant(achieved, 2), row.met ? "yes" : "NO",
                achieved > 0 ? "×" + significant(row.requested / achieved, 2) : "exact",
                row.evaluations.map { significant($0, 3) } ?? "—",
                row.nanoseconds.map { significant($0, 3) } ?? "—",
                row.gslError.map { significant($0, 2) } ?? "—",
                row.gslEvaluations.map { significant($0, 3) } ?? "—",
                row.gslNanoseconds.map { significant($0, 3) } ?? "—",
            ])
        }
        lines.append(table.rendered(indent: "  "))
        let mine = map.rows.filter { $0.kernel == kernel }
        for note in Set(mine.compactMap(\.refusal)).sorted() { lines.append("  \(note)") }
        for note in Set(mine.compactMap(\.gslNote)).sorted() { lines.append("  GSL: \(note)") }
        lines.append("")
    }
    if !map.timed { lines.append("debug build: times not measured (build with 'swift build -c release')") }
    let unmet = map.rows.filter { $0.achieved != nil && !$0.met }
    lines.append(unmet.isEmpty
        ? "every requested accuracy was met"
        : "NOT met: " + unmet.map { "\($0.kernel) at \(significant($0.requested, 2))" }.joined(separator: ", "))
    // Achieved against requested, log–log, with the diagonal.
    let ladder = Array(Set(map.rows.map(\.requested))).sorted()
    var series = [Series("achieved = requested", x: ladder, y: ladder, style: .line)]
    for kernel in kernels.prefix(Plot.maximumSeriesCount - 1) {
        let mine = map.rows.filter { $0.kernel == kernel && ($0.achieved ?? 0) > 0 }
        series.append(Series(kernel, x: mine.map(\.requested), y: mine.compactMap(\.achieved), style: .lineAndPoints))
    }
    let plot = Plot(width: plotWidth, height: 20, usesColor: usesColor,
                    title: "achieved against requested error (log-log): below the line is met",
                    xAxis: Axis(label: "requested accuracy", scale: .logarithmic),
                    yAxis: Axis(label: "achieved max error", scale: .logarithmic), series: series)
    lines.append("")
    lines.append((try? plot.render()) ?? "(no plot)")
    return lines.joined(separator: "\n")
}
