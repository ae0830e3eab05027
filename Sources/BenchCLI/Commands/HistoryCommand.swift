import BenchKit
import Foundation
import TerminalPlot

let historyCommand: Command = Command(
    name: "history",
    synopsis: "[--filter PATTERN] [--history DIR] [--history-name NAME] [--max-pvalue P] [--width W] [--height H] [--ascii] [--color auto|always|never] [--json FILE]",
    summary: "plot recorded runs and find where benchmarks changed",
    details: """
    Reads NAME.jsonl, the runs 'bench run --record' appended (NAME: --history-name, else this
    machine's name; the folder: --history DIR, else $FLIGHTLINE_HISTORY, else the package's
    Benchmarks/history). For each benchmark whose name matches --filter PATTERN (a regular
    expression, as 'bench run --filter'; all without one) it plots the median and, where counted, the instructions per work unit over the
    runs, and finds change points with E-Divisive means (Matteson & James 2014), each proposed
    split kept only if Welch's two-sample t-test on the runs either side gives p ≤ --max-pvalue
    (default 0.001), as Hunter and Apache Otava do: deterministic, no permutations. A change
    reads 'arclen/cubic: +12.3 % at run 7 (2026-11-03, commit abc123)': run 7 (line 7 of the
    file) is the first at the new level, +12.3 % the change of the mean level. Each side needs
    at least 3 runs, so changes show from the 6th run on. The pattern as a positional argument
    (bench history PATTERN) is still read this release, with a deprecation note on stderr.

    A last line without its newline (an interrupted append) is reported by number and left
    out; any other line that is not a flightline.history/1 record is an error naming its line.
    --json writes flightline.history-analysis/1: {schema, file, runs, tornLine?, benchmarks:[{name,
    unit, higherIsBetter, median:{metric, runs, values}, instructions?, changes:[{name, metric,
    run, date, commit?, changePercent, meanBefore, meanAfter, pValue, isRegression}]}]}.
    """,
    options: [
        .option("filter", "PATTERN", "only benchmarks whose name matches this regular expression"),
        .option("history", "DIR", "the history folder (default: $FLIGHTLINE_HISTORY, else the package's Benchmarks/history)"),
        .option("history-name", "NAME", "the history file's name (default: this machine's CPU model and cores, as in xeon-2core)"),
        .number("max-pvalue", "P", "the largest t-test p-value a change point may have (default 0.001)", in: NumberRange(greaterThan: 0, below: 1)),
        .plotWidth,
        .plotHeight(default: "10"),
        .ascii,
        .color,
        .json("flightline.history-analysis/1", "the series and change points"),
    ],
    positionalLimit: 1,
    // The filter given twice (option and deprecated positional) is refused here, before the run.
    validation: { arguments in _ = try historyFilterPattern(arguments) },
    run: { arguments, console in
        let (pattern, note) = try historyFilterPattern(arguments)
        let filter = try pattern.map { pattern in try benchKit { try BenchmarkFilter(pattern) } }
        let maxPValue = arguments.number("max-pvalue") ?? ChangePoints.defaultMaxPValue
        let policy = try plotPolicy(for: console, width: arguments.string("width"), height: arguments.string("height") ?? "10", color: arguments.string("color"))
        let destination = arguments.string("json")
        if let destination { try checkDocumentDestination(destination) }
        let folder = try HistoryLocation.resolve(option: arguments.string("history"), environment: console.environment)
        let file = try HistoryLocation.file(named: arguments.string("history-name") ?? MachineDescription.current.slug, in: folder)
        guard FileManager.default.fileExists(atPath: file.path) else {
            let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
                .filter { $0.hasSuffix(".jsonl") }.map { String($0.dropLast(6)) }.sorted()
            throw CLIError.usage("no history at \(file.path) (record runs with 'bench run --record'; \(names.isEmpty ? "no histories in that folder" : "histories there: " + names.joined(separator: ", ") + ", chosen with --history-name"))", option: "history-name", file: file.path, expected: names)
        }
        let contents = try benchKit { try RunHistory.read(file.path) }
        if let torn = contents.tornLine {
            console.err("bench: warning: \(file.path) line \(torn) is torn (no newline at its end: an interrupted append); left out")
        }
        let histories = try benchKit { try BenchmarkHistory.analyze(contents.records, filter: filter, maxPValue: maxPValue) }
        if let filter, histories.isEmpty, !contents.records.isEmpty {
            throw CLIError.usage("no benchmark in \(file.path) matches '\(filter.pattern)'")
        }
        // The deprecation note once the command line is known good: bad usage stays one line.
        if let note { console.err("bench: " + note) }
        if let destination {
            let document = HistoryAnalysisDocument(file: file.path, runs: contents.records.count, tornLine: contents.tornLine, benchmarks: histories)
            try writeDocument(try benchKit { try FormatEncoder.encode(document) }, to: destination, console: console)
            if destination == "-" { return .success }
        }
        let canvas: Plot.Canvas = arguments.has("ascii") ? .ascii : .braille
        console.out(renderHistory(histories, records: contents.records, file: file.path, maxPValue: maxPValue,
                                  width: policy.width, height: policy.height, canvas: canvas, usesColor: policy.usesColor),
                    terminator: "\n")
        return .success
    }
)

/// The benchmark filter of `bench history`: `--filter PATTERN`, as `bench run` takes it. The
/// positional pattern of earlier releases is read one more release with a deprecation note on
/// stderr (returned here, printed once the run is known good); both at once is a usage error.
func historyFilterPattern(_ arguments: Arguments) throws -> (pattern: String?, note: String?) {
    let option = arguments.string("filter")
    guard let positional = arguments.positionals.first else { return (option, nil) }
    if let option {
        throw CLIError.usage(
            "bench history takes one filter: --filter \(quoted(option)) or the deprecated positional \(quoted(positional)), not both",
            option: "filter", value: positional)
    }
    return (positional, "note: the positional filter is deprecated and will be removed in the next release; write 'bench history --filter \(positional)'")
}

/// `flightline.history-analysis/1`: what `bench history --json` writes.
struct HistoryAnalysisDocument: Encodable {
    let schema = "flightline.history-analysis/1"
    let file: String
    let runs: Int
    let tornLine: Int?
    let benchmarks: [BenchmarkHistory]
}

/// The plots and change points of `bench history`.
func renderHistory(_ histories: [BenchmarkHistory], records: [HistoryRecord], file: String, maxPValue: Double,
                   width: Int, height: Int, canvas: Plot.Canvas, usesColor: Bool) -> String {
    var lines: [String] = []
    let days = records.map(\.day)
    lines.append("history \(file): \(records.count) run\(records.count == 1 ? "" : "s")"
        + (days.isEmpty ? "" : ", \(days.first!) … \(days.last!)"))
    guard !records.isEmpty else { return (lines + ["no runs recorded yet ('bench run --record' appends one)"]).joined(separator: "\n") }
    let minimumRuns = 2 * ChangePoints.defaultMinimumSegment
    for history in histories {
        lines.append("")
        lines.append("\(history.name) (\(history.unit)), \(history.median.runs.count) run\(history.median.runs.count == 1 ? "" : "s")")
        let isTime = history.unit.isTime
        for series in [history.median] + (history.instructions.map { [$0] } ?? []) {
            let label = series.metric == "median" ? "median \(history.unit)" : "instructions per \(history.unit.isTime ? history.unit.workUnit : "work unit")"
            guard series.values.count >= 2 else {
                lines.append("  \(label): \(series.values.map { significant($0) }.joined()) (one run: nothing to plot)")
                continue
            }
            var plot = Plot(width: width, height: height, canvas: canvas, usesColor: usesColor, title: label)
            plot.xAxis.label = "run"
            plot.series = [Series(series.metric, x: series.runs.map(Double.init), y: series.values, style: .lineAndPoints)]
            plot.annotations = history.changes.filter { $0.metric == series.metric }.prefix(Plot.maximumAnnotationCount).map { change in
                Annotation(x: Double(change.run), y: change.meanAfter, label: "run \(change.run)")
            }
            do {
                lines.append(try plot.render())
            } catch {
                lines.append("  \(label): cannot plot (\(error))")
            }
        }
        if history.median.runs.count < minimumRuns {
            lines.append("  change points need at least \(minimumRuns) runs (\(ChangePoints.defaultMinimumSegment) each side)")
        } else if history.changes.isEmpty {
            lines.append("  no change point (none with p ≤ \(maxPValue.formatted))")
        }
        for change in history.changes {
            let before = isTime || change.metric != "median" ? significant(change.meanBefore) : significant(change.meanBefore)
            lines.append("  \(change) — mean \(before) → \(significant(change.meanAfter))\(change.metric == "median" ? " " + history.unit.symbol : ""), "
                + "p = \(significant(change.pValue, 2)), \(change.isRegression ? "a regression" : "an improvement")")
        }
    }
    let all = histories.flatMap(\.changes).sorted { ($0.run, $0.name) < ($1.run, $1.name) }
    lines.append("")
    if all.isEmpty {
        lines.append("change points: none")
    } else {
        lines.append("change points (\(all.count)):")
        for change in all { lines.append("  \(change)\(change.isRegression ? " regression" : " improvement")") }
    }
    return lines.joined(separator: "\n")
}

