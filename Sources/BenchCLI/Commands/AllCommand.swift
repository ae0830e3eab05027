import BenchKit
import Foundation
import Motion
import Studies

let allCommand: Command = Command(
    name: "all",
    synopsis: "[--quick] [--json FILE]",
    summary: "the main job: validate the seed scenes, compare integrators on the menu spring, race the kernels against GSL",
    details: """
    What `bench` with no command runs (docs/design.md §2), in one report:
      1. smoothness: every seed scene (bee1±, bee2±, menu-show, menu-dismiss) at 60 and 120 Hz,
         linear and paced timing, as 'bench validate' prints it; then frames under load: each
         seed scene under each load profile (Apple's hitch ratio and the on-screen error) and
         the menu spring as each engine scheme advances it ('bench integrators --engines');
      2. integrators on the menu's show spring at 60 and 120 Hz, as 'bench integrators' prints it
         for that spring;
      3. the kernels raced against their references in quick mode, as 'bench run --quick'.
    Release builds only (it times kernels). Exit 0 once every part ran: the verdicts are
    reported here, and 'bench validate' is the gate CI uses. Exit 3 if a kernel disagreed with
    its reference or a GSL integrator failed on the menu spring (each named in the summary),
    2 on bad usage. --quick races only the kernels that have a GSL reference
    (skipping the C floor, the scene and Lottie files, the traces, the swarm and the plot
    renderer) and compares integrators at 60 Hz only.

    --json FILE writes flightline.all/1: {schema, version, quick, smoothness (the
    flightline.validate/1 document of part 1), framesUnderLoad {rates, loads:[{scene, hz, load,
    hitchTimeRatio, onScreenP99}], engines (flightline.engines/1)}, integrators
    (flightline.integrators/1), run (flightline.run/1), summary {checks, jankyChecks,
    referenceFailures}}; '-' writes it to stdout alone (the text report is not printed).
    """,
    options: [
        .flag("quick", "a shorter job: GSL-raced kernels only, integrators at 60 Hz only"),
        .json("flightline.all/1", "every part's results"),
    ],
    positionalLimit: 0,
    run: { arguments, console in
        guard isOptimizedBuild else {
            throw CLIError.usage("the main job times kernels, so it refuses a debug build; build with 'swift build -c release' (scripts/bench.sh does)")
        }
        let quick = arguments.has("quick")
        let destination = arguments.string("json")
        if let destination { try checkDocumentDestination(destination) }
        // With --json -, stdout holds the document alone.
        let text: (String) -> Void = destination == "-" ? { _ in } : { console.out($0) }
        let clock = ContinuousClock()
        let started = clock.now
        let policy = try plotPolicy(for: console, width: nil, height: nil, color: nil)
        let machine = MachineDescription.current
        text("""
        Flightline main job\(quick ? " (quick)" : "") — bench \(Bench.version), \(buildSummary), GSL \(gslVersionString)
        machine: \(machine.cpu), \(machine.cores) cores, \(machine.os)
        """)

        // 1. Smoothness of the seed scenes.
        console.progress("validating the seed scenes…")
        var partStarted = clock.now
        let validateArguments = try Arguments([], options: validateCommand.options, command: "validate")
        let request = try ValidateRequest(validateArguments)
        let results = try request.run()
        console.clearProgress()
        text(section(1, "Smoothness of the seed scenes at 60 and 120 Hz", seconds(since: partStarted, clock)))
        let fixes = SceneReport.fixes(results, thresholds: request.thresholds)
        text(smoothnessReport(results, request: request, fixes: fixes, plotWidth: min(policy.width - 2, 100), usesColor: policy.usesColor))
        let reports = results.flatMap(\.reports)
        let janky = reports.filter { $0.verdict == .janky }.count

        // 1b. Frames under load (issue 12): the seed scenes under each load, the engine schemes.
        console.progress("delivering the seed scenes' frames under load…")
        partStarted = clock.now
        let underLoad = try FramesUnderLoad.measure(rates: quick ? [60] : [60, 120])
        console.clearProgress()
        text(section(1, "Frames under load", seconds(since: partStarted, clock)).replacingOccurrences(of: "\n1. ", with: "\n1b. "))
        text(underLoad.rendered())

        // 2. Integrators on the menu spring.
        console.progress("comparing integrators on the menu spring…")
        partStarted = clock.now
        let rates: [Double] = quick ? [60] : [60, 120]
        let comparison = try studies {
            try IntegratorComparison.run(springs: [ComparedSpring.menuShow()], configuration: .init(rates: rates, measuresTime: true))
        }
        console.clearProgress()
        text(section(2, "Integrators on the menu's show spring", seconds(since: partStarted, clock)))
        text(comparison.rendered(plotWidth: min(policy.width, 100), plotHeight: 18, usesColor: policy.usesColor))

        // 3. The kernels against their references.
        partStarted = clock.now
        // --quick: the kernels raced against GSL, and nothing else (not the C floor, the files,
        // the swarm or the renderer), as its help says.
        let benchmarks = try registeredBenchmarks().filter { !quick || ($0.reference?.name.contains("/gsl-") ?? false) }
        let outcome = try runBenchmarks(benchmarks, quick: true, console: console)
        text(section(3, "Kernels raced against their references (quick)", seconds(since: partStarted, clock)))
        text(renderRun(outcome))

        // Summary.
        var summary = ["", "summary (\(seconds(since: started, clock))):"]
        summary.append("  smoothness: \(janky) of \(reports.count) scene × mode × rate checks janky (details above; 'bench validate' exits 1 on them)")
        for recommendation in comparison.recommendations {
            summary.append("  integrators @\(Int(recommendation.hz)) Hz: \(recommendation.text)")
        }
        let raced = outcome.results.filter { $0.speedup != nil }
        summary.append("  kernels: \(outcome.results.count) benchmarks, \(raced.count) raced against a reference; "
            + raced.map { "\($0.name) ×\(significant($0.speedup!))" }.joined(separator: ", "))
        let verdict = mainJobVerdict(kernelFailures: outcome.failures.map(\.description),
                                     integratorFailures: comparison.referenceFailures)
        if let line = verdict.summaryLine { summary.append(line) }
        for failure in comparison.referenceFailures { console.err("bench: reference failed: \(failure)") }
        text(summary.joined(separator: "\n"))
        if let destination {
            let document = try mainJobDocument(
                quick: quick, smoothness: results, fixes: fixes, request: request, underLoad: underLoad, integrators: comparison,
                run: outcome.report(build: currentBuild, machine: machine), kernelFailures: outcome.failures.map(\.description))
            try writeJSON(document, to: destination, console: console)
        }
        return verdict.status
    }
)

/// `flightline.all/1`: each part's results as its own command's `--json` writes them (validate's,
/// integrators', run's documents nested whole, schema and all), the frames under load, and the
/// summary's counts and reference failures.
func mainJobDocument(
    quick: Bool, smoothness: [SceneValidation], fixes: [[FixSuggestion]], request: ValidateRequest, underLoad: FramesUnderLoad,
    integrators: IntegratorComparison, run: RunReport, kernelFailures: [String]
) throws -> JSON {
    let reports = smoothness.flatMap(\.reports)
    let runDocument = try JSON.parsing(Array(try benchKit { try run.jsonData() }), "the run's JSON")
    return .object([
        ("schema", .string("flightline.all/1")),
        ("version", .string(Bench.version)),
        ("quick", .bool(quick)),
        ("smoothness", SceneReport.json(smoothness, thresholds: request.thresholds, fixes: fixes, files: request.files)),
        ("framesUnderLoad", underLoad.json()),
        ("integrators", integrators.json()),
        ("run", runDocument),
        ("summary", .object([
            ("checks", .integer(reports.count)),
            ("jankyChecks", .integer(reports.filter { $0.verdict == .janky }.count)),
            ("referenceFailures", .array((kernelFailures + integrators.referenceFailures.map { "integrators: " + $0 }).map(JSON.string))),
        ])),
    ])
}

/// Part 1 of the main job: `bench validate`'s report of the seed scenes, worded for a job that
/// exits 0 whatever the verdicts — it says what `bench validate` would do instead of claiming an
/// exit code of its own.
func smoothnessReport(
    _ results: [SceneValidation], request: ValidateRequest, fixes: [[FixSuggestion]], plotWidth: Int, usesColor: Bool
) -> String {
    let text = SceneReport.render(results, request: request, fixes: fixes, plotWidth: plotWidth, usesColor: usesColor)
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    for index in lines.indices.reversed() where lines[index].hasPrefix("verdict: ") && lines[index].hasSuffix(" (exit 1)") {
        lines[index] = String(lines[index].dropLast(" (exit 1)".count))
            + " ('bench validate' would exit 1 on these; the main job only reports them)"
        break
    }
    return lines.joined(separator: "\n")
}

private func section(_ number: Int, _ title: String, _ elapsed: String) -> String {
    let heading = "\(number). \(title) (\(elapsed))"
    let rule = min(heading.count, Layout.current.width ?? heading.count)
    return "\n" + heading + "\n" + String(repeating: "═", count: rule) + "\n"
}

private func seconds(since start: ContinuousClock.Instant, _ clock: ContinuousClock) -> String {
    let elapsed = start.duration(to: clock.now)
    let value = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
    return "\(significant(value)) s"
}

/// The main job's exit status and its summary line for failed references: a kernel that
/// disagreed with its reference (part 3) and a GSL integrator that failed on the menu spring
/// (part 2, whose row says why) both make it exit 3, as `bench run` and `bench integrators` do
/// on their own.
func mainJobVerdict(kernelFailures: [String], integratorFailures: [String]) -> (summaryLine: String?, status: ExitCode) {
    let failures = kernelFailures + integratorFailures.map { "integrators: " + $0 }
    guard !failures.isEmpty else { return (nil, .success) }
    return ("  REFERENCE FAILURES: " + failures.joined(separator: "; "), .referenceFailed)
}
