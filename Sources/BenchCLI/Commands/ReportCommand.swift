import BenchKit
import Foundation
import Motion

let reportCommand = Command(
    name: "report",
    synopsis: "[SCENE…|FILE.json…] [--hz R,…] [--mode linear|paced|both] [--frames MODEL] [--run RUN.json [--compare NAME]] [user scene] [threshold flags] --out DIR",
    summary: "write an HTML report with SVG charts: paths, speeds, verdicts, benchmark results",
    details: """
    Validates the scenes as 'bench validate' does (same scenes, files, rates, modes, thresholds
    and --frames) and writes DIR/index.html, one self-contained page (inline SVG and CSS; no
    script, font or image fetched from anywhere, which its Content-Security-Policy also makes
    the browser refuse), and every chart again as DIR/*.svg, for a pull request or a wiki.

    The page: the verdict table (scene × mode × rate, with the kinds of finding) and the
    findings and fixes in the words 'bench validate' prints; per scene, at its first rate and
    mode, the path on its screen with each frame's sample as a dot coloured by its frame speed
    (or, for a spring, its offset; for a scalar timeline, its value) and its frame speed
    against time with the speed floor drawn, the findings that have a place (teleports, speed
    jumps, turns) marked where they happen; for a spring also each integrator's error against
    the exact motion, one step per frame. With --frames MODEL ('bench validate' lists the
    models): the frames as delivered in lanes (vsyncs, callback work, presentations, late frames
    from target to presentation; 60 frames around the worst hitch) beside the platforms'
    metrics. With --run RUN.json (a flightline.run/1 document,
    as 'bench run --json' writes): a table of the results, each benchmark's samples as dots
    with its median and 95 % CI (and its reference's), and every speedup against its
    reference on one chart. With --compare NAME too (a saved baseline): each benchmark's change against the
    baseline, judged as 'bench run --compare' judges it (without re-measuring suspects), as a
    table and a chart.

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
        .option("compare", "NAME", "with --run: compare the run with the saved baseline NAME (Benchmarks/baselines/NAME.json, or in FLIGHTLINE_BASELINES), as 'bench run --compare' judges it"),
        .option("hz", "R,…", "frame rates, frames per second (default 60; charts at the first)"),
        .choice("mode", "MODE", ["linear", "paced", "both"], "path timing: linear (the demo's keyframes), paced (constant speed) or both (default)"),
        SceneSelection.seedSpec,
    ] + SceneSelection.specs + SceneThresholds.specs + FrameDeliveryOption.specs.filter { $0.name != "trace-out" },
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
                if case .corruptBaseline(_, let reason) = error {
                    throw CLIError.usage("--\(option) \(path) is not a flightline.run/1 document: \(reason)", option: option, file: path)
                }
                throw CLIError.usage("--\(option) \(error)", option: option, file: path)
            }
        }
        let run = try runDocument("run")
        var baseline: (report: RunReport, path: String)?
        if let name = arguments.string("compare") {
            guard run != nil else {
                throw CLIError.usage("--compare \(quoted(name)) compares a run with a baseline: add --run RUN.json", option: "compare", value: name)
            }
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
        let request = try ValidateRequest(arguments, defaultRates: [60])
        let results = try request.run()
        let output = try ReportPage.build(results, request: request, run: run, baseline: baseline)
        do {
            try OutputFolder.write(output.files, toPath: out, lastName: "index.html")
        } catch let error as BenchKitError {
            throw CLIError.usage("--out \(error)")
        }
        let bytes = output.files.reduce(0) { $0 + $1.data.count }
        console.out("bench report: wrote \(out)/index.html and \(output.charts.count) SVG chart\(output.charts.count == 1 ? "" : "s") (\(results.count) scene\(results.count == 1 ? "" : "s")\(run.map { ", \($0.report.results.count) benchmark results" } ?? ""); \(significant(Double(bytes) / 1e6)) MB)")
        return .success
    }
)
