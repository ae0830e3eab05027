import BenchKit
import Foundation
import Motion

/// The rates `bench report` charts without `--hz`: one, 60.
let reportDefaultRates: [Double] = [60]

let reportCommand: Command = Command(
    name: "report",
    synopsis: "[SCENE…|FILE.json…] [--hz R,…] [--mode linear|paced|both] [--frames MODEL] [--run RUN.json [--compare NAME]] [--history DIR [--history-name NAME]] [--format html|markdown] [user scene] [threshold flags] --out DIR",
    summary: "write an HTML report with SVG charts: paths, speeds, verdicts, benchmark results",
    details: """
    Validates the scenes as 'bench validate' does (same scenes, files, rates, modes, thresholds
    and --frames) and writes DIR/index.html, one self-contained page (inline SVG and CSS; no
    script, font or image fetched from anywhere, which its Content-Security-Policy also makes
    the browser refuse), and every chart again as DIR/*.svg, for a pull request or a wiki.

    The page: the verdict table (scene × mode × rate, with the kinds of finding) and the
    findings and fixes in the words 'bench validate' prints; per scene, at its first rate and
    mode (the others folded under it while the page has at most 40 scene × rate × mode
    reports), the path on its screen with each frame's sample as a dot coloured by its frame speed
    (or, for a spring, its offset; for a scalar timeline, its value) and its frame speed
    against time with the speed floor drawn (shaded: its range over the validation's frame
    phases), and its frame-to-frame acceleration (pt/s²), the findings that have a place (teleports, speed
    jumps, turns) marked where they happen; for a spring also each integrator's error against
    the exact motion, one step per frame. Each computed fix at that rate and mode, applied to
    the scene's model and validated again, before (grey, dashed) and after (solid): the path
    for a moved control point, start or end, the frame speed for a moved join time, the offset
    for a rest stop or wave growth; whether the finding is gone; a fix the model cannot take is
    listed without a picture (more than 20 scenes: no fix, acceleration or turn charts). With --frames MODEL ('bench validate' lists the
    models): the frames as delivered in lanes (vsyncs, callback work, presentations, late frames
    from target to presentation; 60 frames around the worst hitch) beside the platforms'
    metrics. With --run RUN.json (a flightline.run/1 document,
    as 'bench run --json' writes): a table of the results, each benchmark's samples as dots
    with its median and 95 % CI (and its reference's), and every speedup against its
    reference on one chart. With --compare NAME too (a saved baseline): each benchmark's change against the
    baseline, judged as 'bench run --compare' judges it (without re-measuring suspects), as a
    table and a chart. With --history DIR (the folder 'bench run --record' appends to and
    'bench history' reads; the file NAME.jsonl, NAME from --history-name, else this machine's):
    each benchmark's median per recorded run with the run's 95 % CI as a whisker, the change
    points 'bench history' finds (E-Divisive, Welch's t-test, p ≤ 0.001) drawn where the new
    level starts, labelled, with the levels between them, and a table of the change points.

    Per spring scene, at its first rate: the work-precision view 'bench integrators' prints
    (semi-implicit-euler, velocity-verlet and rk4 at 1 to 32 steps per frame, gsl-rk4, dopri54
    and GSL's rkf45, rkck and rk8pd over rtol 1e-3…1e-11): each method's largest frame error
    against its right-hand-side evaluations per simulated second, log-log, one line per method,
    and its cheapest setting within 0.5 pt (the first 8 spring scenes).

    --format markdown also writes DIR/report.md: the verdicts as 'bench validate --format
    markdown' writes them, the benchmarks as 'bench run --format markdown' does, the history's
    change points and the integrators' table, each chart shown as an image linked by its file
    name (relative to DIR, beside it), so the folder posts as one comment or wiki page.

    Charts: text is text, each has a title and a description, colours are Okabe and Ito's
    colour-blind-safe set plus a dash texture per series, values per dot on viridis; light or
    dark as the reader's system asks, light in print. DIR is written atomically: a new folder
    appears whole, an existing one gets each file replaced whole, index.html last. Janky scenes
    are reported, not failed ('bench validate' is the check).

    No SCENE: every seed scene. Default rate 60 Hz.

    scenes:
    \(sceneListing.map { "  " + $0 }.joined(separator: "\n"))
    """,
    options: [
        .option("out", "PATH", "the folder (DIR) to write index.html and the SVG files into (created if missing; its parent must exist)"),
        .option("run", "RUN.json", "add a benchmark run's results (flightline.run/1, as 'bench run --json FILE' writes)"),
        .choice("format", "F", ["html", "markdown"], "html: the page and its charts (default); markdown: also DIR/report.md, the report as Markdown showing each chart by its file name"),
        .option("history", "DIR", "add the benchmark history in DIR (NAME.jsonl, as 'bench run --record' appends and 'bench history' reads): a chart per benchmark with its change points"),
        .option("history-name", "NAME", "with --history: the history file's name (default: this machine's CPU model and cores, as in xeon-2core)"),
        .option("compare", "NAME", "with --run: compare the run with the saved baseline NAME (Benchmarks/baselines/NAME.json, or in FLIGHTLINE_BASELINES), as 'bench run --compare' judges it"),
        .sceneRates("R,…", "frame rates, frames per second (default 60; charts at every rate while the page has at most 40 reports)"),
        .choice("mode", "MODE", ["linear", "paced", "both"], "path timing: linear (the demo's keyframes), paced (constant speed) or both (default)"),
        SceneSelection.seedSpec,
    ] + SceneSelection.specs + SceneThresholds.specs + FrameDeliveryOption.specs.filter { $0.name != "trace-out" },
    rules: [
        .requires("compare", anyOf: ["run"], "--compare {quoted value} compares a run with a baseline: add --run RUN.json"),
        .requires("history-name", anyOf: ["history"], "--history-name names a file in the --history folder: add --history DIR"),
    ] + SceneSelection.rules + ValidateRequest.rules,
    validation: { arguments in try ValidateRequest.validate(arguments, defaultRates: reportDefaultRates) },
    run: { arguments, console in
        guard let out = arguments.string("out") else {
            throw CLIError.usage("'bench report' needs --out DIR, the folder to write the report into", option: "out")
        }
        do {
            try OutputFolder.check(out)
        } catch let error as BenchKitError {
            throw CLIError.usage("--out \(error)", option: "out", file: out)
        }
        // Bad input first, before any work: the run document, then the scenes and options.
        func runDocument(_ option: String) throws -> (report: RunReport, path: String)? {
            guard let path = arguments.string(option) else { return nil }
            do {
                return (try RunReport(jsonData: try InputFile.read(path), source: path), path)
            } catch let error as BenchKitError {
                if case .corruptBaseline(_, let reason, let key, _) = error {
                    throw CLIError.usage("--\(option) \(path) is not a flightline.run/1 document: \(reason)", option: option, file: path, path: key)
                }
                throw CLIError.usage("--\(option) \(error)", option: option, file: path)
            }
        }
        let run = try runDocument("run")
        var baseline: (report: RunReport, path: String)?
        if let name = arguments.string("compare") {
            // With --run (the rules).
            // A saved baseline, found as 'bench run --compare NAME' finds it.
            let location = try BaselineLocation.resolve(option: nil, environment: console.environment)
            let store = BaselineStore(directory: location.directory)
            do {
                baseline = (try store.load(name), name)
            } catch BenchKitError.missingBaseline(let path) {
                let saved = store.names()
                throw CLIError.usage(
                    "--compare: baseline \(path) does not exist (\(saved.isEmpty ? "no baselines saved there" : "saved there: " + saved.joined(separator: ", ")))",
                    option: "compare", value: name, file: path, expected: saved)
            } catch let error as BenchKitError {
                throw CLIError.usage("--compare \(error.description)")
            }
        }
        let markdown = try arguments.choice("format", ["html", "markdown"]) == "markdown"
        let history = try arguments.string("history").map { try ReportHistory.load(folder: $0, name: arguments.string("history-name")) }
        let request = try ValidateRequest(arguments, defaultRates: reportDefaultRates)
        let results = try request.run()
        if let torn = history?.tornLine {
            console.err("bench: warning: \(history!.file) line \(torn) is torn (no newline at its end: an interrupted append); left out")
        }
        // The parts after the benchmarks, each made in its own file.
        var sections: [(ReportChartsFigure) throws -> ReportSection?] = []
        if let history { sections.append { try history.section(figure: $0) } }
        sections.append { try ReportIntegrators.section(results, figure: $0) }
        let output = try ReportPage.build(results, request: request, run: run, baseline: baseline, sections: sections)
        var files = output.files
        if markdown {
            // Before index.html, the last file written.
            files.insert((ReportMarkdown.fileName, Data(try ReportMarkdown.document(results, request: request, output: output, run: run, baseline: baseline).utf8)), at: files.count - 1)
        }
        do {
            try OutputFolder.write(files, toPath: out, lastName: "index.html")
        } catch let error as BenchKitError {
            throw CLIError.usage("--out \(error)")
        }
        let bytes = files.reduce(0) { $0 + $1.data.count }
        console.out("bench report: wrote \(out)/index.html\(markdown ? ", \(ReportMarkdown.fileName)" : "") and \(output.charts.count) SVG chart\(output.charts.count == 1 ? "" : "s") (\(results.count) scene\(results.count == 1 ? "" : "s")\(run.map { ", \($0.report.results.count) benchmark results" } ?? "")\(history.map { ", \($0.records.count) recorded runs" } ?? ""); \(significant(Double(bytes) / 1e6)) MB)")
        return .success
    }
)
