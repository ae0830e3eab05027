import BenchKit
import BenchmarkSuites
import TerminalPlot

let accuracyCommand: Command = Command(
    name: "accuracy",
    synopsis: "[KERNEL…] [--ladder A,…] [--json FILE]",
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

    --json FILE writes flightline.accuracy/1: {schema, timed, referenceErrors:[{kernel, error}],
    rows:[{kernel, requested, achieved, met, overDelivers, refusal, evaluations, nanoseconds,
    gslError, gslEvaluations, gslNanoseconds, gslNote}]} (null where a figure does not apply or
    was not measured); '-' writes only the JSON to stdout.
    """,
    options: [
        .numbers("ladder", "A,…", "requested accuracies, comma-separated, none repeated (default 1e-3 … 1e-13)", in: NumberRange(
            atLeast: AccuracyMap.finestRung, atMost: 1, wording: "accuracy must be in \(AccuracyMap.finestRung)…1 (below 1e-15 a double cannot hold the answer)"),
                 count: .atMost(AccuracyMap.maximumRungs, "accuracies")),
        .json("flightline.accuracy/1", "every rung"),
    ],
    run: { arguments, console in
        let kernels = arguments.positionals
        let ladder = arguments.numbers("ladder") ?? AccuracyMap.defaultLadder
        let destination = arguments.string("json")
        if let destination { try checkDocumentDestination(destination) }
        let map: AccuracyMap.Result
        do {
            map = try AccuracyMap.compute(kernels: kernels, ladder: ladder, timed: isOptimizedBuild)
        } catch let error as AccuracyMapError {
            // A kernel is a positional; the rest is --ladder's.
            throw CLIError.usage(
                error.description, option: error.subject == .kernel ? nil : "ladder", value: error.value,
                expected: error.expected.isEmpty ? nil : error.expected)
        }
        if destination != "-" {
            let policy = try plotPolicy(for: console, width: nil, height: nil, color: nil)
            console.out(accuracyReport(map, plotWidth: min(policy.width, 120), usesColor: policy.usesColor))
        }
        if let destination { try writeJSON(accuracyJSON(map), to: destination, console: console) }
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

/// `flightline.accuracy/1`: the map's rows as data, in the table's order.
func accuracyJSON(_ map: AccuracyMap.Result) -> JSON {
    func text(_ value: String?) -> JSON { value.map(JSON.string) ?? .null }
    return .object([
        ("schema", .string("flightline.accuracy/1")),
        ("timed", .bool(map.timed)),
        ("referenceErrors", .array(map.referenceError.keys.sorted().map { kernel in
            .object([("kernel", .string(kernel)), ("error", .finite(map.referenceError[kernel]))])
        })),
        ("rows", .array(map.rows.map { row in
            let over: Double? = row.achieved.flatMap { $0 > 0 ? row.requested / $0 : nil }
            return .object([
                ("kernel", .string(row.kernel)), ("requested", .finite(row.requested)), ("achieved", .finite(row.achieved)),
                ("met", row.achieved == nil ? .null : .bool(row.met)), ("overDelivers", .finite(over)), ("refusal", text(row.refusal)),
                ("evaluations", .finite(row.evaluations)), ("nanoseconds", .finite(row.nanoseconds)),
                ("gslError", .finite(row.gslError)), ("gslEvaluations", .finite(row.gslEvaluations)),
                ("gslNanoseconds", .finite(row.gslNanoseconds)), ("gslNote", text(row.gslNote)),
            ])
        })),
    ])
}
