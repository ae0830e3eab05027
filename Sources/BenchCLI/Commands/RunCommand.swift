import BenchKit
import Foundation

let runCommand = Command(
    name: "run",
    synopsis: "[--filter PATTERN] [--quick] [--json FILE] [--save-baseline NAME] [--compare NAME] [--threshold PCT]",
    summary: "run the benchmarks, each raced against its reference",
    details: """
    Release builds only. Each benchmark's result is checked against its reference before it is
    timed; kernel and reference then alternate sample by sample, and `speedup` is the
    reference's median time ÷ the kernel's, both from that interleaved run (the JSON adds
    `pairedSpeedup`, the median of the per-pair ratios, with its 95 % interval). Iterations are
    calibrated so a sample lasts ≥ 1 ms (≥ 0.25 ms with --quick); every benchmark takes ≥ 30
    samples. Baselines live in Benchmarks/baselines/NAME.json.
    """,
    options: [
        .option("filter", "PATTERN", "only benchmarks whose name matches this regular expression"),
        .flag("quick", "shorter samples (still ≥ 30 of them)"),
        .option("json", "FILE", "write the results as JSON (flightline.run/1); '-' for stdout"),
        .option("save-baseline", "NAME", "save the results as Benchmarks/baselines/NAME.json"),
        .option("compare", "NAME", "compare against a saved baseline; exit 1 on a regression"),
        .option("threshold", "PCT", "regression threshold in percent (default 5)"),
    ],
    run: { arguments, console in
        try arguments.requirePositionals(atMost: 0, command: "run")
        let threshold = try arguments.double("threshold", atLeast: 0) ?? 5
        let store = BaselineStore(directory: URL(fileURLWithPath: "Benchmarks/baselines"))
        // A missing or corrupt baseline is a usage error found before minutes of measuring.
        let baseline = try arguments.string("compare").map { name in try benchKit { try store.load(name) } }
        if let name = arguments.string("save-baseline") { _ = try benchKit { try store.url(forName: name) } }

        let outcome = try runBenchmarks(filter: arguments.string("filter"), quick: arguments.has("quick"), console: console)
        let report = outcome.report()
        let jsonToStdout = arguments.string("json") == "-"
        if !jsonToStdout { console.out(renderRun(outcome)) }
        if let destination = arguments.string("json") {
            try writeRunReport(report, to: destination, console: console)
        }
        if let name = arguments.string("save-baseline") {
            let url = try benchKit { try store.save(report, as: name) }
            console.err("saved baseline \(url.path)")
        }
        var code = ExitCode.success
        if let baseline {
            let comparison = try benchKit { try BaselineComparison(current: report, baseline: baseline, thresholdPercent: threshold) }
            // With --filter, the benchmarks it leaves out are not "missing" from the run.
            let selected = try arguments.string("filter").map { pattern in try benchKit { try BenchmarkFilter(pattern) } }
            let text = renderComparison(comparison, name: arguments.string("compare")!, selected: selected)
            if jsonToStdout { console.err(text) } else { console.out(text) }
            if comparison.hasRegressions { code = .checkFailed }
        }
        if !outcome.failures.isEmpty {
            for failure in outcome.failures { console.err("bench: reference check failed: \(failure)") }
            code = .referenceFailed
        }
        return code
    }
)

/// Runs BenchKit on the selected benchmarks, with a progress line on a terminal.
func runBenchmarks(filter: String?, quick: Bool, console: Console) throws -> RunOutcome {
    guard isOptimizedBuild else {
        throw CLIError.usage("refusing to report times from a debug build; build with 'swift build -c release' (scripts/bench.sh does)")
    }
    var benchmarks = try Suites.all()
    if let filter {
        benchmarks = try benchKit { try BenchmarkFilter(filter) }.apply(to: benchmarks)
        guard !benchmarks.isEmpty else {
            throw CLIError.usage("no benchmark matches '\(filter)' (see 'bench list')")
        }
    }
    var runner = BenchmarkRunner(options: quick ? .quick : .standard) { event in
        switch event {
        case .started(let name, let index, let count): console.progress("[\(index + 1)/\(count)] \(name): checking")
        case .sampled(let name, let completed, let total): console.progress("\(name): sample \(completed)/\(total)")
        default: break
        }
    }
    let outcome = try benchKit { try runner.run(benchmarks) }
    console.clearProgress()
    return outcome
}

/// The results table of a run.
func renderRun(_ outcome: RunOutcome) -> String {
    var table = Table("benchmark", "unit", "median", "95% CI", "best", "p90", "MAD", "samples", "reference", "speedup", "max error")
    table.priorities = [100, 75, 90, 60, 40, 30, 10, 20, 70, 85, 80]  // On a narrow terminal the race's result stays.
    for result in outcome.results {
        let isTime = !result.higherIsBetter
        func show(_ value: Double) -> String { isTime ? duration(nanoseconds: value) : significant(value) }
        table.add(row: [
            result.name + (result.noisy ? " (noisy)" : ""),
            result.unit,
            show(result.median),
            "\(show(result.ci95.lower))…\(show(result.ci95.upper))",
            show(result.minimum),
            show(result.p90),
            show(result.mad),
            "\(result.sampleCount)×\(result.iterations)",
            result.reference ?? "—",
            result.speedup.map { "×" + significant($0) } ?? "—",
            result.maxError.map { significant($0, 2) } ?? "—",
        ])
    }
    var text = table.rendered()
    let timer = outcome.timer
    text += "\n\nspeedup = reference median ÷ kernel median, from one interleaved run; best = fastest sample; "
    text += "samples = count × iterations each; "
    text += "timer overhead \(significant(timer.overheadNanoseconds)) ns; \(outcome.options.isQuick ? "quick" : "standard") mode"
    let swarm = swarmCapacityRows(outcome.results)
    if !swarm.isEmpty {
        var capacity = Table("swarm", "ns/bee", "bees per 120 Hz frame (8.33 ms)")
        for row in swarm {
            capacity.add(row.name, significant(row.nanosecondsPerBee), row.beesPerFrame.formatted(.number.grouping(.automatic)))
        }
        text += "\n\n" + capacity.rendered()
    }
    for failure in outcome.failures { text += "\nFAILED \(failure)" }
    return text
}

func renderComparison(_ comparison: BaselineComparison, name: String, selected: BenchmarkFilter? = nil) -> String {
    var lines = ["compared with baseline '\(name)' (threshold \(significant(comparison.thresholdPercent)) %):"]
    for entry in comparison.entries { lines.append("  \(entry)") }
    for missing in comparison.missing where selected?.matches(missing) ?? true {
        lines.append("  \(missing): in the baseline, not in this run")
    }
    for added in comparison.added { lines.append("  \(added): new, not in the baseline") }
    for warning in comparison.warnings { lines.append("  warning: \(warning)") }
    lines.append(comparison.hasRegressions ? "REGRESSION: \(comparison.regressions.map(\.name).joined(separator: ", "))" : "no regression")
    return lines.joined(separator: "\n")
}

func writeRunReport(_ report: RunReport, to destination: String, console: Console) throws {
    if destination == "-" {
        let data = try benchKit { try report.jsonData() }
        console.out(String(decoding: data, as: UTF8.self))
    } else {
        try benchKit { try report.write(to: URL(fileURLWithPath: destination)) }
    }
}

/// BenchKit's errors are one-line descriptions of bad input: usage errors.
func benchKit<T>(_ body: () throws -> T) throws -> T {
    do {
        return try body()
    } catch let error as BenchKitError {
        throw CLIError.usage(error.description)
    }
}
