import BenchKit
import Foundation
import Motion
import Studies
import Testing

@testable import BenchCLI

/// Every command that takes `--json` writes a document `JSONSerialization` reads when given
/// `--json -`, on a small input (issue 23: every command speaks JSON).
@Suite struct JSONEverywhereTests {
    /// A small command line for each command that takes `--json`, without the `--json -`. A
    /// command that gains `--json` and is missing here fails ``everyJSONCommandIsListed()``.
    static let smallRuns: [String: [String]] = [
        "all": ["all", "--quick"],
        "validate": ["validate", "bee1+", "--hz", "60", "--mode", "linear"],
        "integrators": ["integrators", "--response", "0.35", "--damping-fraction", "0.8", "--hz", "60", "--duration", "2"],
        "run": ["run", "--quick", "--filter", "^arclen/cubic$"],
        "history": ["history"],
        "merge": ["merge", "Benchmarks/baselines/epyc-2core.json", "Benchmarks/baselines/xeon-2core.json"],
        "plot": ["plot", "bee1+", "--quantity", "speed"],
        "path": ["path", "M 0 0 C 100 100 0 100 100 0", "--samples", "3"],
        "spring": ["spring", "--response", "0.5", "--damping-fraction", "0.3", "--at", "0,0.25"],
        "fling": ["fling", "--velocity", "1000", "--platform", "uikit"],
        "drag": ["drag", "Scenes/flick-up.csv", "--platform", "android"],
        "sample": ["sample", "bee1+", "--count", "3"],
        "accuracy": ["accuracy", "cubic-arclength", "--ladder", "1e-6"],
        "list": ["list"],
    ]

    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    @Test func everyJSONCommandIsListed() {
        let taking = Bench.commands.filter { $0.options.contains { $0.name == "json" } }.map(\.name)
        #expect(Set(taking) == Set(Self.smallRuns.keys))
        // The two this change adds.
        #expect(taking.contains("all") && taking.contains("plot"))
    }

    /// `--json -` parses and names its schema. `all` and `run` time kernels, so a debug build
    /// refuses them (exit 2, before any output): their documents are checked by
    /// ``mainJobDocumentNestsEachPartsDocument()`` and RunCommandTests instead.
    @Test(arguments: smallRuns.keys.sorted())
    func jsonToStdoutParses(command: String) throws {
        var arguments = try #require(Self.smallRuns[command]) + ["--json", "-"]
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("bench-json-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        if command == "history" {
            try HistoryMergeCommandTests.writeHistory(to: folder.appendingPathComponent("ci.jsonl").path)
            arguments += ["--history", folder.path, "--history-name", "ci"]
        }
        let run = try runBench(arguments, in: Self.packageRoot)
        if (command == "all" || command == "run") && !isOptimizedBuild {
            let refusal = command == "all"
                ? "the main job times kernels, so it refuses a debug build; build with 'swift build -c release' (scripts/bench.sh does)"
                : "refusing to report times from a debug build; build with 'swift build -c release' (scripts/bench.sh does)"
            #expect(run.code == 2 && run.stdout.isEmpty && run.stderr == "bench: \(refusal)\n", "\(run.stderr)")
            return
        }
        #expect([0, 1].contains(run.code), "\(command): \(run.stderr)")
        let object = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8))
        let schema = (object as? [String: Any])?["schema"] as? String
        #expect(schema?.hasPrefix("flightline.") == true, "\(command): \(run.stdout.prefix(200))")
    }

    /// `flightline.plot/1` holds what the plot draws: the speed series frame by frame (a
    /// teleport-free bee's points all finite) and the marks the validation placed.
    @Test func plotJSONHoldsTheSeriesAndMarks() throws {
        let run = try runBench(["plot", "bee1+", "--quantity", "speed", "--hz", "60", "--json", "-"])
        #expect(run.code == 0, "\(run.stderr)")
        let document = try jsonObject(run.stdout)
        #expect(document["schema"] as? String == "flightline.plot/1")
        #expect(document["quantity"] as? String == "speed" && document["hz"] as? Double == 60)
        let series = try #require(document["series"] as? [[String: Any]])
        let speed = try #require(series.first { $0["name"] as? String == "speed" })
        let points = try #require(speed["points"] as? [Any])
        // The flight's frames: the same count the plot draws (its duration × 60 + 1).
        let scene = try #require(try Scene.seeds(named: "bee1+").first)
        let frames = try Validation.series(scene, mode: .linear, hz: 60)
        #expect(points.count == frames.times.count)
        let first = try #require(points.first as? [Double])
        #expect(first[0] == frames.times[0])
        let marks = try #require(document["marks"] as? [[String: Any]])
        #expect(marks.allSatisfy { $0["label"] is String })
        // The text plot is not printed with --json -.
        #expect(!run.stdout.contains("⠀") && run.stdout.hasPrefix("{"))
    }

    /// `flightline.all/1` nests each part's own document (validate's, integrators', run's),
    /// the frames under load and the summary, built here from small parts.
    @Test func mainJobDocumentNestsEachPartsDocument() throws {
        let arguments = try Arguments(["bee1+", "--hz", "60", "--mode", "linear"], options: validateCommand.options, command: "validate")
        let request = try ValidateRequest(arguments, judgesFrameCost: false)
        let results = try request.run()
        let underLoad = try FramesUnderLoad.measure(rates: [60])
        let comparison = try IntegratorComparison.run(
            springs: [try ComparedSpring.menuShow()], configuration: .init(rates: [60], measuresTime: false))
        let result = BenchmarkResult(
            name: "arclen/cubic", unit: .nanoseconds(per: "query"), higherIsBetter: false, median: 40, minimum: 39, p90: 41,
            mad: 0.2, ci95: ConfidenceInterval(lower: 39.8, upper: 40.2), sampleCount: 30, iterations: 100,
            workUnitsPerIteration: 1, outliers: 0, noisy: false)
        let report = RunReport(build: .current, machine: .current, settings: RunSettings(.quick), results: [result])
        let document = try mainJobDocument(
            quick: true, smoothness: results, fixes: SceneReport.fixes(results, thresholds: request.thresholds), request: request,
            underLoad: underLoad, integrators: comparison, run: report,
            kernelFailures: ["arclen/cubic: off by 1e-3"])
        let object = try jsonObject(document.rendered())
        #expect(object["schema"] as? String == "flightline.all/1")
        #expect((object["smoothness"] as? [String: Any])?["schema"] as? String == "flightline.validate/1")
        #expect((object["integrators"] as? [String: Any])?["schema"] as? String == "flightline.integrators/1")
        let runDocument = try #require(object["run"] as? [String: Any])
        #expect(runDocument["schema"] as? String == "flightline.run/1")
        #expect((runDocument["results"] as? [[String: Any]])?.first?["name"] as? String == "arclen/cubic")
        let load = try #require(object["framesUnderLoad"] as? [String: Any])
        let cells = try #require(load["loads"] as? [[String: Any]])
        #expect(cells.count == (try Scene.allSeeds()).count * LoadProfile.all.count)
        #expect((load["engines"] as? [String: Any])?["schema"] as? String == "flightline.engines/1")
        let summary = try #require(object["summary"] as? [String: Any])
        #expect(summary["checks"] as? Int == results.flatMap(\.reports).count)
        #expect(summary["referenceFailures"] as? [String] == ["arclen/cubic: off by 1e-3"])
        // The run's part is BenchKit's own document, value for value.
        let direct = try #require(try JSONSerialization.jsonObject(with: report.jsonData()) as? NSDictionary)
        #expect(NSDictionary(dictionary: runDocument) == direct)
    }
}
