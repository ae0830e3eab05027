import BenchKit
import BenchmarkSuites
import Foundation

/// What `bench run`'s options need: a threshold a baseline to compare with, the baselines
/// folder a baseline to read or write, the history options --record.
private let runRules: [OptionRule] = {
    var rules: [OptionRule] = []
    for metric in GatedMetric.allCases {
        let option = metric.thresholdOption
        rules.append(.requires(option, anyOf: ["compare"], "--\(option) applies only to --compare NAME; give a baseline to compare with, or drop --\(option)"))
    }
    rules.append(.requires("baselines", anyOf: ["compare", "save-baseline"], "--baselines applies only to --compare or --save-baseline; give one, or drop --baselines"))
    for option in ["history", "history-name"] {
        rules.append(.requires(option, anyOf: ["record"], "--\(option) applies only to --record; add --record, or drop --\(option)"))
    }
    return rules
}()

let runCommand: Command = Command(
    name: "run",
    synopsis: "[--filter PATTERN] [--quick] [--json FILE] [--format F [--svg-dir DIR]] [--save-baseline NAME] [--compare NAME] [--threshold PCT] [--instructions-threshold PCT] [--allocations-threshold PCT] [--baselines DIR] [--aa] [--record] [--history DIR] [--history-name NAME]",
    summary: "run the benchmarks, each raced against its reference",
    details: """
    Release builds only. Each benchmark's result is checked against its reference before it is
    timed; kernel and reference then alternate sample by sample, and `speedup` is the
    reference's median time ÷ the kernel's, both from that interleaved run (the JSON adds
    `pairedSpeedup`, the median of the per-pair ratios, with its 95 % interval). Iterations are
    calibrated so a sample lasts ≥ 1 ms (≥ 0.25 ms with --quick); every benchmark takes ≥ 30
    samples.

    --save-baseline measures the suite twice more, each time in a fresh process, and saves
    each benchmark's fastest run (noise slows runs down; it does not speed them up).
    Baselines are NAME.json files in the package's Benchmarks/baselines (wherever you run bench
    from), or in --baselines DIR, or in $FLIGHTLINE_BASELINES. A name is 1 to 64 letters, digits,
    '.', '_' or '-' starting with a letter or digit; a trailing '.json' is accepted once.
    --compare refuses (exit 2, before measuring) a baseline from other hardware (processor,
    signature, frequency, cache, cores, architecture) and names what differs; a different
    kernel, compiler or build is a warning. A benchmark is a regression (exit 1) only if it is
    slower by more than the threshold and by more than 3× the two runs' combined sample spread,
    its 95 % interval lies entirely on the slow side of the baseline's, it lost ground against its own
    reference measured in the same run (else the machine slowed down, not the code), and it
    stays so in each of 3 re-measurements of the suspects, each round in a fresh process. An
    improvement is held to the mirror-image rules. Counts per work unit are gated too where
    both runs have them: instructions grown by more than --instructions-threshold (default
    1 %, and by more than half an instruction), heap allocations by more than
    --allocations-threshold (default 10 %, and by more than 0.01); each is confirmed by the
    same re-measurements, and each line says which metric flagged it. A baseline without
    counts compares on time alone.

    Counters (Linux): after timing, each benchmark runs 3 pairs of counted passes (n, then 2n
    iterations; the difference is n iterations without the call's fixed cost): instructions,
    cycles, branch misses and cache misses per work unit through perf_event_open (user space
    only, perf_event_paranoid ≤ 2), and heap allocations and bytes per work unit. Where the
    counters are unavailable (no PMU in a virtual machine, a container without the system
    call, FLIGHTLINE_COUNTERS=off) bench says so once and reports times. A benchmark that
    claims to allocate nothing per frame or step fails (exit 3) if it allocates.

    --aa races each benchmark against itself after the run: the spread of that ratio is the
    machine's noise floor, and the share of A/A comparisons slower than the threshold is how
    often the threshold alone would flag a regression that is not there (per pair of samples,
    and per comparison of two medians). --compare prints that false-alarm rate beside its
    verdict when --aa is given (nothing else measures it).

    Load: other processes' CPU time is read from /proc in 10 ms ticks, so it is reported only
    over windows of at least 1.2 s (on 2 CPUs; more with more CPUs). A suspect that every
    re-measurement confirms while other processes keep more than 0.25 CPUs busy is "not judged
    under load" rather than held, and does not fail the comparison.

    Benchmarks carry a revision, bumped when their work changes; a benchmark whose revision
    differs from the baseline's is not compared, and a baseline saved before revisions existed
    is stale: --compare refuses it (exit 2) and asks for it to be saved again.

    --record appends the run (date, git commit, machine, build, results) as one line to
    NAME.jsonl in the history folder: --history DIR, else $FLIGHTLINE_HISTORY, else the
    package's Benchmarks/history; NAME is --history-name, else this machine's name (its CPU
    model and cores). 'bench history' reads it.

    --format F chooses the document: json (flightline.run/1, the default);
    github-action-benchmark (customSmallerIsBetter: every result as time per work unit, a rate
    r points/s written as 10⁹/r ns/point, since the action judges one document by one
    direction; `range` is ± the 95 % interval's larger half); bencher (Bencher Metric Format:
    times under the latency measure, rates under throughput, the median with its 95 %
    interval as lower_value and upper_value); google-benchmark (Google Benchmark's JSON: the
    median time per work unit as real_time in ns, cpu_time equal to it, since only wall time is
    measured); junit (with --compare only: one test case per benchmark compared, a regression
    a failure); markdown (a table for a pull-request comment, and the comparison's table
    with --compare; --svg-dir DIR also writes the run's charts there as SVG, drawn as 'bench
    report --run' draws them: each benchmark's samples with its median and 95 % CI, the
    speedups, and the comparison with --compare, shown in the Markdown as images linked
    DIR/FILE.svg). With --json FILE the document goes to FILE and the text to stdout;
    without --json, or with --json -, the document goes to stdout, the comparison to stderr.
    """,
    options: [
        .option("filter", "PATTERN", "only benchmarks whose name matches this regular expression"),
        .flag("quick", "shorter samples (still ≥ 30 of them)"),
        .json("flightline.run/1", formats: true),
        OutputFormat.spec(OutputFormat.run),
        .option("svg-dir", "PATH", "with --format markdown: write the charts as SVG into this folder (as 'bench report' draws them) and show them in the Markdown"),
        .option("save-baseline", "NAME", "save the results as baseline NAME (NAME.json in the baselines folder)"),
        .option("compare", "NAME", "compare against a saved baseline; exit 1 on a regression"),
        .number(GatedMetric.time.thresholdOption, "PCT", "with --compare: the regression threshold in percent (default 5)", atLeast: 0),
        .option("baselines", "DIR", "the baselines folder (default: $FLIGHTLINE_BASELINES, else the package's Benchmarks/baselines)"),
    ] + GatedMetric.counted.map { metric in
        .number(metric.thresholdOption, "PCT", "with --compare: the \(metric) threshold in percent (default \(metric.defaultThresholdPercent.formatted)), where both runs counted them", atLeast: 0)
    } + [
        .flag("aa", "also race each benchmark against itself: the noise floor and the threshold's false-alarm rate"),
        .flag("record", "append this run to the history (NAME.jsonl in the history folder)"),
        .option("history", "DIR", "with --record: the history folder (default: $FLIGHTLINE_HISTORY, else the package's Benchmarks/history)"),
        .option("history-name", "NAME", "with --record: the history file's name (default: this machine's CPU model and cores, as in xeon-2core)"),
    ],
    positionalLimit: 0,
    rules: runRules,
    validation: { arguments in
        // The document chosen decides what goes with it: JUnit's test cases are the
        // comparisons, and --svg-dir's charts are linked from the Markdown.
        let (format, _) = try OutputFormat.parse(arguments, allowed: OutputFormat.run, command: "run")
        if format == .junit, !arguments.has("compare") {
            throw CLIError.usage("--format junit for 'bench run' needs --compare NAME (one test case per benchmark compared); without it use json, github-action-benchmark, bencher, google-benchmark or markdown")
        }
        if let svgDir = arguments.string("svg-dir"), format != .markdown {
            throw CLIError.usage("--svg-dir \(quoted(svgDir)) links charts from the Markdown: add --format markdown")
        }
    },
    run: { arguments, console in
        // Everything a user can get wrong is refused here, before minutes of measuring.
        // Names as given (the store drops one trailing '.json' itself), checked now.
        let compareName = arguments.string("compare"), saveName = arguments.string("save-baseline")
        for name in [compareName, saveName].compactMap({ $0 }) { _ = try benchKit { try BaselineStore.normalizedName(name) } }
        var thresholds: [GatedMetric: Double] = [:]
        for metric in GatedMetric.allCases { thresholds[metric] = arguments.number(metric.thresholdOption) }
        let threshold = thresholds[.time] ?? GatedMetric.time.defaultThresholdPercent
        var historyFile: URL?
        if arguments.has("record") {
            let folder = try HistoryLocation.resolve(option: arguments.string("history"), environment: console.environment)
            historyFile = try HistoryLocation.file(named: arguments.string("history-name") ?? MachineDescription.current.slug, in: folder)
            try benchKit { try OutputFile.check(historyFile!.path, createDirectories: true) }
        }
        let filter = try arguments.string("filter").map { pattern in try benchKit { try BenchmarkFilter(pattern) } }
        let (format, destination) = try OutputFormat.parse(arguments, allowed: OutputFormat.run, command: "run")
        if let destination { try checkDocumentDestination(destination, named: format.documentName) }
        let svgDir = arguments.string("svg-dir")
        if let svgDir {
            // With --format markdown: the command's validation.
            do { try OutputFolder.check(svgDir) } catch let error as BenchKitError { throw CLIError.usage("--svg-dir \(error)") }
        }
        var store: BaselineStore?
        if compareName != nil || saveName != nil {
            let location = try BaselineLocation.resolve(option: arguments.string("baselines"), environment: console.environment)
            store = BaselineStore(directory: location.directory)
        }
        let build = currentBuild
        let machine = MachineDescription.current
        let baseline = try compareName.map { name in
            do {
                return try store!.load(name)
            } catch BenchKitError.missingBaseline(let path) {
                let saved = store!.names()
                throw CLIError.usage(
                    "baseline \(path) does not exist (\(saved.isEmpty ? "no baselines saved there" : "saved there: " + saved.joined(separator: ", ")))",
                    option: "compare", value: name, file: path, expected: saved)
            } catch let error as BenchKitError {
                throw cliError(error)
            }
        }
        if let baseline, let compareName {
            let hardware = RunFingerprint.differences(baseline: baseline, build: build, machine: machine).filter { $0.kind == .hardware }
            if !hardware.isEmpty {
                throw CLIError.usage("baseline '\(compareName)' was measured on other hardware, so its times are not comparable (\(hardware.map(\.description).joined(separator: "; "))); save a baseline on this machine with --save-baseline NAME",
                    option: "compare", value: compareName, file: try store?.url(forName: compareName).path)
            }
            if BaselineComparison.isStale(baseline) {
                throw CLIError.usage("baseline '\(compareName)' is stale: it was saved before benchmarks carried revisions, so none of its \(baseline.results.count) results can be known to measure the work this bench's benchmarks do; save it again with --save-baseline \(compareName)",
                    option: "compare", value: compareName, file: try store?.url(forName: compareName).path)
            }
        }
        if let saveName, let store {
            try benchKit { try OutputFile.check(store.url(forName: saveName).path, createDirectories: true) }
        }

        let quick = arguments.has("quick")
        var benchmarks = try registeredBenchmarks()
        if let filter {
            benchmarks = filter.apply(to: benchmarks)
            guard !benchmarks.isEmpty else {
                throw CLIError.usage("no benchmark matches '\(arguments.string("filter")!)' (see 'bench list')")
            }
        }
        let loadBefore = MachineLoad.Sample.now()
        let outcome = try runBenchmarks(benchmarks, quick: quick, console: console)
        var report = outcome.report(build: build, machine: machine)
        report.otherProcessesCPUs = loadBefore?.otherCPUs(until: .now()).map { ($0 * 100).rounded() / 100 }
        // Said once, then the run carries on with times.
        if let reason = outcome.counting?.hardwareCountersReason { console.err("bench: hardware counters unavailable: \(reason)") }
        if let reason = outcome.counting?.allocationsReason { console.err("bench: allocation counts unavailable: \(reason)") }
        let jsonToStdout = destination == "-"
        if !jsonToStdout { console.out(renderRun(outcome)) }
        if arguments.has("aa") {
            let timed = Set(outcome.results.map(\.name))
            var runner = benchmarkRunner(quick: quick, console: console)
            let controls = try benchKit { try runner.raceAgainstItself(benchmarks.filter { timed.contains($0.name) }, thresholdPercent: threshold) }
            console.clearProgress()
            report.aaControl = controls
            let text = renderAAControl(controls)
            if jsonToStdout { console.err(text) } else { console.out("\n" + text) }
        }
        // JUnit and Markdown hold the comparison, so they are written after it.
        if let destination, let data = try runDocument(format, report: report, comparison: nil, baselineName: nil) {
            try writeDocument(data, to: destination, console: console, named: format.documentName)
        }
        if let saveName, let store {
            // A baseline is what later runs are held against: measure the suite twice more,
            // each time in a fresh process, and keep each benchmark's fastest run.
            let names = report.results.map(\.name)
            let again = remeasureInFreshProcesses(names, quick: quick, rounds: baselineExtraRuns, what: "benchmarks for the baseline", console: console)
            let runs = (0..<baselineExtraRuns).map { round in
                RunReport(build: report.build, machine: report.machine, settings: report.settings,
                          results: names.compactMap { again.results[$0]?.dropFirst(round).first })
            }.filter { !$0.results.isEmpty }   // a failed round is not a run
            let baseline = report.keepingFastest(of: runs)
            let url = try benchKit { try store.save(baseline, as: saveName) }
            for problem in again.problems { console.err("bench: warning: \(problem)") }
            if let busy = report.otherProcessesCPUs, busy > MachineLoad.busyThreshold {
                console.err("bench: warning: other processes kept \(significant(busy, 2)) of \(machine.cores) CPUs busy while measuring: save baselines on a quiet machine")
            }
            console.err("saved baseline \(url.path) (each benchmark's fastest of \(baseline.settings.fastestOfRuns ?? 1) runs, each in its own process)")
        }
        var code = ExitCode.success
        if let baseline, let compareName {
            var comparison = try benchKit {
                try BaselineComparison(current: report, baseline: baseline, thresholds: thresholds)
            }
            var problems: [String] = []
            if !comparison.suspects.isEmpty {
                let again = remeasureInFreshProcesses(comparison.suspects, quick: quick, rounds: remeasurementRounds, console: console)
                comparison = comparison.confirmingRegressions(with: again.results, otherCPUs: again.otherCPUs)
                problems = again.problems
                if let busy = again.otherCPUs, busy > MachineLoad.busyThreshold {
                    problems.append("other processes kept \(significant(busy, 2)) of \(machine.cores) CPUs busy while the suspects were measured again: a slowdown they all show is not judged")
                }
            }
            for (run, busy) in [("this run", report.otherProcessesCPUs), ("the baseline", baseline.otherProcessesCPUs)] {
                if let busy, busy > MachineLoad.busyThreshold {
                    problems.append("other processes kept \(significant(busy, 2)) of \(machine.cores) CPUs busy while \(run) measured: contention can slow a kernel by tens of percent; compare on a quiet machine")
                }
            }
            // Only the A/A race measures the false-alarm rate: a run's own samples split even
            // against odd do not (the interleaving's order effects made that estimate read
            // 98–100 % where the race measured 0.4 %).
            let falseAlarms = report.aaControl.flatMap { falseAlarmSummary($0, thresholdPercent: threshold) }
                ?? "false-alarm rate not measured (--aa measures it)"
            let text = renderComparison(comparison, name: compareName, selected: filter, warnings: problems, falseAlarms: falseAlarms)
            if jsonToStdout { console.err(text) } else { console.out(text) }
            if comparison.hasRegressions { code = .checkFailed }
            if let destination, format == .junit || format == .markdown {
                if var data = try runDocument(format, report: report, comparison: comparison, baselineName: compareName) {
                    if let svgDir {
                        data += Data(try RunCharts.write(try RunCharts.charts(report, comparison: comparison, baselineName: compareName), toFolder: svgDir).utf8)
                    }
                    try writeDocument(data, to: destination, console: console, named: format.documentName)
                }
            }
        } else if let destination, format == .markdown {
            let charts = try svgDir.map { try RunCharts.write(try RunCharts.charts(report), toFolder: $0) } ?? ""
            try writeDocument(Data((report.markdown() + charts).utf8), to: destination, console: console, named: format.documentName)
        }
        if let historyFile {
            let record = HistoryRecord(report: report, date: Date(), commit: GitCommit.current(in: BaselineLocation.packageRoot()))
            try benchKit { try RunHistory.append(record, toPath: historyFile.path) }
            console.err("recorded the run in \(historyFile.path)")
        }
        if !outcome.failures.isEmpty {
            for failure in outcome.failures {
                console.err(failure.claim == nil ? "bench: reference check failed: \(failure)" : "bench: benchmark failed: \(failure)")
            }
            code = .referenceFailed
        }
        return code
    }
)

/// The document `bench run --format` writes, by BenchKit's writers; `nil` when `format` is
/// written only once the comparison is known (JUnit, and Markdown with `--compare`) and
/// `comparison` is not given yet, or Markdown without a comparison (written by the caller).
func runDocument(_ format: OutputFormat, report: RunReport, comparison: BaselineComparison?, baselineName: String?) throws -> Data? {
    switch format {
    case .json: return try benchKit { try report.jsonData() }
    case .githubActionBenchmark: return try benchKit { try report.githubActionBenchmarkData() }
    case .bencher: return try benchKit { try report.bencherData() }
    case .googleBenchmark: return try benchKit { try report.googleBenchmarkData() }
    case .junit:
        guard let comparison, let baselineName else { return nil }
        return Data(comparison.junitReport(baselineName: baselineName).xml().utf8)
    case .markdown:
        guard let comparison, let baselineName else { return nil }
        return Data((report.markdown() + "\n" + comparison.markdown(baselineName: baselineName)).utf8)
    }
}

/// How many times `bench run --compare` measures a suspected regression again.
let remeasurementRounds = 3
/// How many more runs `bench run --save-baseline` makes, each in a fresh process.
let baselineExtraRuns = 2

/// This build, with the tool and GSL versions that a baseline records.
var currentBuild: BuildDescription {
    var build = BuildDescription.current
    build.tool = "bench \(Bench.version), GSL \(gslVersionString)"
    return build
}

/// Every benchmark of BenchmarkSuites' registry (``FlightlineSuites/registry``), in its
/// stable order; a suite that cannot be built is a failed reference (exit 3), named.
func registeredBenchmarks() throws -> [Benchmark] {
    do {
        return try FlightlineSuites.registry.benchmarks()
    } catch .suiteFailed(let subject, let reason) {
        throw CLIError(.referenceFailed, "cannot build the \(subject) benchmarks: \(reason)")
    } catch {
        throw CLIError(.referenceFailed, error.description)
    }
}

/// Runs BenchKit on the selected benchmarks, with a progress line on a terminal.
func runBenchmarks(filter: String?, quick: Bool, console: Console) throws -> RunOutcome {
    var benchmarks = try registeredBenchmarks()
    if let filter {
        benchmarks = try benchKit { try BenchmarkFilter(filter) }.apply(to: benchmarks)
        guard !benchmarks.isEmpty else {
            throw CLIError.usage("no benchmark matches '\(filter)' (see 'bench list')")
        }
    }
    return try runBenchmarks(benchmarks, quick: quick, console: console)
}

func runBenchmarks(_ benchmarks: [Benchmark], quick: Bool, console: Console) throws -> RunOutcome {
    guard isOptimizedBuild else {
        throw CLIError.usage("refusing to report times from a debug build; build with 'swift build -c release' (scripts/bench.sh does)")
    }
    var runner = benchmarkRunner(quick: quick, console: console)
    let outcome = try benchKit { try runner.run(benchmarks) }
    console.clearProgress()
    return outcome
}

func benchmarkRunner(quick: Bool, console: Console) -> BenchmarkRunner<MonotonicClock> {
    BenchmarkRunner(options: quick ? .quick : .standard) { event in
        switch event {
        case .started(let name, let index, let count): console.progress("[\(index + 1)/\(count)] \(name): checking")
        case .sampled(let name, let completed, let total): console.progress("\(name): sample \(completed)/\(total)")
        default: break
        }
    }
}

/// The results table of a run; instructions and allocations per work unit where counted.
func renderRun(_ outcome: RunOutcome) -> String {
    let instructions = outcome.results.contains { $0.instructions != nil }
    let allocations = outcome.results.contains { $0.allocations != nil }
    var table = Table(header: ["benchmark", "unit", "median", "95% CI", "best", "p90", "MAD", "samples", "reference", "speedup", "max error"]
        + (instructions ? ["instr", "IPC"] : []) + (allocations ? ["allocs"] : []))
    // On a narrow terminal the race's result stays.
    table.priorities = [100, 75, 90, 60, 40, 30, 10, 20, 70, 85, 80] + (instructions ? [65, 15] : []) + (allocations ? [50] : [])
    for result in outcome.results {
        let isTime = !result.higherIsBetter
        func show(_ value: Double) -> String { isTime ? duration(nanoseconds: value) : significant(value) }
        var counted: [String] = []
        if instructions {
            counted.append(result.instructions.map { significant($0) } ?? "—")
            if let instructions = result.instructions, let cycles = result.cycles, cycles > 0 {
                counted.append(significant(instructions / cycles, 2))
            } else {
                counted.append("—")
            }
        }
        if allocations {
            counted.append(result.allocations.map { count in
                count == 0 ? "0" : "\(significant(count, 2)) (\(significant(result.allocatedBytes ?? 0, 2)) B)"
            } ?? "—")
        }
        table.add(row: counted.isEmpty ? row(result, show) : row(result, show) + counted)
    }
    return renderRunFooter(outcome, table: table)
}

private func row(_ result: BenchmarkResult, _ show: (Double) -> String) -> [String] {
    [
            result.name + (result.noisy ? " (noisy)" : ""),
            result.unit.symbol,
            show(result.median),
            "\(show(result.ci95.lower))…\(show(result.ci95.upper))",
            show(result.minimum),
            show(result.p90),
            show(result.mad),
            "\(result.sampleCount)×\(result.iterations)",
            result.reference ?? "—",
            result.speedup.map { "×" + significant($0) } ?? "—",
            result.maxError.map { significant($0, 2) } ?? "—",
    ]
}

private func renderRunFooter(_ outcome: RunOutcome, table: Table) -> String {
    var text = table.rendered()
    let timer = outcome.timer
    text += "\n\nspeedup = reference median ÷ kernel median, from one interleaved run; best = fastest sample; "
    text += "samples = count × iterations each; "
    text += "timer overhead \(significant(timer.overheadNanoseconds)) ns; \(outcome.options.isQuick ? "quick" : "standard") mode"
    if outcome.results.contains(where: { $0.instructions != nil || $0.allocations != nil }) {
        text += "; instr, IPC (instructions per cycle) and allocs (heap allocations, bytes) per work unit, from counted passes after timing"
    }
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

/// The comparison, one line per benchmark, then what to know (`warnings` after the
/// comparison's own), then the verdict as the last line.
func renderComparison(_ comparison: BaselineComparison, name: String, selected: BenchmarkFilter? = nil, warnings: [String] = [],
                      falseAlarms: String? = nil) -> String {
    var lines = ["compared with baseline '\(name)' (threshold \(comparison.thresholdPercent.formatted) %, or 3× the two runs' spread or the baseline's spread between processes where larger):"]
    for entry in comparison.entries { lines.append("  \(entry)") }
    for missing in comparison.missing where selected?.matches(missing) ?? true {
        lines.append("  \(missing): in the baseline, not in this run")
    }
    for added in comparison.added { lines.append("  \(added): new, not in the baseline") }
    for changed in comparison.unitChanged { lines.append("  \(changed): measured in another unit than in the baseline, not compared") }
    for changed in comparison.revisionChanged {
        lines.append("  \(changed.name): the benchmark changed since the baseline (revision \(changed.baseline) → \(changed.current)), not compared; save the baseline again to gate it")
    }
    for difference in comparison.hardwareDifferences { lines.append("  not comparable: other hardware: \(difference)") }
    for warning in comparison.warnings + warnings { lines.append("  warning: \(warning)") }
    for metric in GatedMetric.counted where comparison.comparedCount(metric) == 0 && !comparison.entries.isEmpty {
        lines.append("  \(metric) not compared: \(comparison.entries.count == 1 ? "the benchmark lacks" : "no benchmark has") \(metric) counted in both runs")
    }
    var verdict = comparison.hasRegressions
        ? "REGRESSION: " + comparison.regressions.map { "\($0.name) (\($0.flaggedBy.map(\.rawValue).joined(separator: " and ")))" }.joined(separator: ", ")
        : "no regression"
    let unjudged = comparison.unjudgedUnderLoad
    if !unjudged.isEmpty {
        verdict += (comparison.hasRegressions ? "; " : " found on a quiet machine; ") + "not judged under load: "
            + unjudged.map(\.name).joined(separator: ", ") + " (measure again on a quiet machine)"
    }
    if let falseAlarms { verdict += " — \(falseAlarms)" }
    lines.append(verdict)
    return lines.joined(separator: "\n")
}

/// One phrase for the verdict line: how often the threshold alone flags identical code, on
/// average over the benchmarks and at worst.
func falseAlarmSummary(_ controls: [AAControl], thresholdPercent: Double) -> String? {
    guard !controls.isEmpty else { return nil }
    let mean = controls.map(\.medianFalseAlarmRate).reduce(0, +) / Double(controls.count)
    let worst = controls.max { $0.medianFalseAlarmRate < $1.medianFalseAlarmRate }!
    var text = "A/A false-alarm rate of a \(thresholdPercent.formatted) % threshold alone: \(percentage(mean)) of comparisons on average"
    if controls.count > 1 { text += ", at most \(percentage(worst.medianFalseAlarmRate)) (\(worst.name))" }
    return text + ", from the A/A race"
}

/// `12.5 %`, `0 %`, `< 0.1 %`.
func percentage(_ fraction: Double) -> String {
    let value = fraction * 100
    if value == 0 { return "0 %" }
    if value < 0.1 { return "< 0.1 %" }
    return significant(value, 2) + " %"
}

/// The A/A table: each benchmark against itself.
func renderAAControl(_ controls: [AAControl]) -> String {
    guard let first = controls.first else { return "A/A control: no benchmark" }
    var table = Table(header: ["benchmark (A/A)", "pairs", "median diff", "noise floor (95 %)", "spread", "false alarm/pair", "false alarm/median"])
    table.priorities = [100, 20, 50, 90, 40, 70, 80]
    func signed(_ percent: Double) -> String {
        let text = significant(abs(percent), 2)
        return (percent > 0 ? "+" : percent < 0 ? "−" : "±") + text + " %"
    }
    for control in controls {
        table.add(row: [
            control.name, "\(control.pairs)", signed(control.medianDifferencePercent),
            "\(signed(control.noiseFloorLowPercent)) … \(signed(control.noiseFloorHighPercent))",
            "±" + significant(control.spreadPercent, 2) + " %",
            percentage(control.pairFalseAlarmRate), percentage(control.medianFalseAlarmRate),
        ])
    }
    return table.rendered() + "\n\nA/A: each benchmark raced against itself, interleaved; noise floor = 2.5th…97.5th percentile of "
        + "the per-pair time ratio − 1; false alarm = share of A/A comparisons slower than the \(first.thresholdPercent.formatted) % threshold "
        + "(one pair of samples each, or two medians of \(first.pairs) resampled values each, \(first.resamples) draws)"
}

/// BenchKit's errors are one-line descriptions of bad input: usage errors.
func benchKit<T>(_ body: () throws -> T) throws -> T {
    do {
        return try body()
    } catch let error as BenchKitError {
        throw cliError(error)
    }
}

/// `error` as a usage error: its description is the message, and the file, line or value it
/// names are the fields.
func cliError(_ error: BenchKitError) -> CLIError {
    switch error {
    case .invalidValue(_, let value, _), .invalidBaselineName(let value), .invalidPattern(let value, _):
        .usage(error.description, value: value)
    case .corruptBaseline(let path, _, let key, _):
        .usage(error.description, file: path, path: key)
    case .missingBaseline(let path), .writeFailed(let path, _), .readFailed(let path, _):
        .usage(error.description, file: path)
    case .corruptHistory(let path, let line, _), .tornHistory(let path, let line):
        .usage(error.description, file: path, line: line)
    default:
        .usage(error.description)
    }
}
