import Foundation
import Testing
@testable import BenchKit

@Suite("Baselines: save, load, compare")
struct BaselineTests {
    @Test func saveLoadRoundTripCreatesDirectoriesAndLeavesNoTemporaryFiles() throws {
        let root = scratchDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        let store = BaselineStore(directory: root.appendingPathComponent("Benchmarks/baselines"))
        let saved = report([result("arclen/cubic", median: 40, ci: (39, 41)), result("arclen/quadratic", median: 12, ci: (11.5, 12.5))])

        let url = try store.save(saved, as: "main")
        #expect(url.lastPathComponent == "main.json")
        #expect(try store.load("main") == saved)
        #expect(store.names() == ["main"])
        let files = try FileManager.default.contentsOfDirectory(atPath: store.directory.path)
        #expect(files == ["main.json"])

        // Saving again replaces the file whole.
        let newer = report([result("arclen/cubic", median: 30, ci: (29, 31))])
        try store.save(newer, as: "main")
        #expect(try store.load("main") == newer)
    }

    @Test func comparingARunWithItselfFindsNothing() throws {
        let run = report([result("a/x", median: 10, ci: (9, 11)), result("a/y", median: 20, ci: (19, 21))])
        let comparison = try BaselineComparison(current: run, baseline: run)
        #expect(comparison.thresholdPercent == 5)
        #expect(comparison.entries.map(\.verdict) == [.unchanged, .unchanged])
        #expect(!comparison.hasRegressions)
        #expect(comparison.missing.isEmpty && comparison.added.isEmpty && comparison.warnings.isEmpty)
    }

    @Test func forcedRegressionThroughSavedFiles() throws {
        let root = scratchDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        let store = BaselineStore(directory: root)
        try store.save(report([
            result("arclen/cubic", median: 40, ci: (39, 41)),
            result("arclen/quadratic", median: 12, ci: (11.8, 12.2)),
            result("spring/rk4-step", median: 8, ci: (7.9, 8.1)),
            result("scene/menu-frame", median: 100, ci: (99, 101)),
            result("eval/cubic-batch", median: 5, ci: (4.9, 5.1)),
        ]), as: "before")
        let current = report([
            result("arclen/cubic", median: 48, ci: (47, 49)),          // +20 %, disjoint: regression
            result("arclen/quadratic", median: 9, ci: (8.8, 9.2)),     // −25 %, disjoint: improvement
            result("spring/rk4-step", median: 9, ci: (7, 11)),         // +12.5 %, overlapping: noise
            result("scene/menu-frame", median: 103, ci: (102, 104)),   // +3 %, under the threshold
            result("swarm/paced-bees", median: 1, ci: (1, 1)),         // new
        ])
        let comparison = try BaselineComparison(current: current, baseline: try store.load("before"), thresholds: [.time: 5])
        let verdicts = Dictionary(uniqueKeysWithValues: comparison.entries.map { ($0.name, $0.verdict) })
        #expect(verdicts == ["arclen/cubic": .regression, "arclen/quadratic": .improvement,
                             "spring/rk4-step": .withinNoise, "scene/menu-frame": .unchanged])
        #expect(comparison.hasRegressions)
        let regression = try #require(comparison.regressions.first)
        #expect(abs(regression.changePercent - 20) < 1e-9)
        #expect(regression.description == "arclen/cubic: 40 ns → 48 ns per query (+20.0 %, slower) regression")
        #expect(abs((comparison.improvements.first?.changePercent ?? 0) + 25) < 1e-9)
        #expect(comparison.missing == ["eval/cubic-batch"])
        #expect(comparison.added == ["swarm/paced-bees"])
    }

    @Test func thresholdDecidesWhatCounts() throws {
        let base = report([result("a/x", median: 100, ci: (99, 101))])
        let now = report([result("a/x", median: 110, ci: (109, 111))])
        #expect(try BaselineComparison(current: now, baseline: base, thresholds: [.time: 5]).hasRegressions)
        #expect(try !BaselineComparison(current: now, baseline: base, thresholds: [.time: 15]).hasRegressions)
        #expect(try BaselineComparison(current: now, baseline: base, thresholds: [.time: 0]).hasRegressions)
    }

    @Test func rateUnitsRegressWhenTheyDrop() throws {
        let rate = BenchmarkUnit.rate("bees")
        let base = report([result("swarm/paced-bees", median: 1_000_000, ci: (990_000, 1_010_000), unit: rate)])
        let slower = report([result("swarm/paced-bees", median: 800_000, ci: (790_000, 810_000), unit: rate)])
        let faster = report([result("swarm/paced-bees", median: 1_250_000, ci: (1_240_000, 1_260_000), unit: rate)])
        let regression = try BaselineComparison(current: slower, baseline: base)
        #expect(regression.entries.first?.verdict == .regression)
        #expect(abs((regression.entries.first?.slowdownPercent ?? 0) - 25) < 1e-9)   // 1 M ÷ 0.8 M − 1
        #expect(abs((regression.entries.first?.changePercent ?? 0) + 20) < 1e-9)     // the rate fell by a fifth
        #expect(try BaselineComparison(current: faster, baseline: base).entries.first?.verdict == .improvement)
    }

    @Test func unitChangeMachineChangeAndQuickModeAreReported() throws {
        let base = report([result("a/x", median: 10, ci: (9, 11))], cpu: "Old CPU")
        let now = report([result("a/x", median: 10, ci: (9, 11), unit: .nanoseconds(per: "step"))], cpu: "New CPU", quick: true)
        let comparison = try BaselineComparison(current: now, baseline: base)
        #expect(comparison.entries.isEmpty)
        #expect(comparison.unitChanged == ["a/x"])
        #expect(comparison.hardwareDifferences.map(\.field) == ["cpu"])
        #expect(comparison.warnings.count == 1)   // quick mode
    }

    @Test(arguments: [-1, -0.001, Double.nan, .infinity])
    func invalidThresholdIsRejected(_ threshold: Double) {
        let run = report([])
        #expect(throws: BenchKitError.self) { try BaselineComparison(current: run, baseline: run, thresholds: [.time: threshold]) }
        // The error names the threshold and the value given, as data.
        do {
            _ = try BaselineComparison(current: run, baseline: run, thresholds: [.time: threshold])
            Issue.record("accepted \(threshold)")
        } catch {
            guard case .invalidValue(let what, let value, _)? = error as? BenchKitError else { Issue.record("\(error)"); return }
            #expect(what == "the time threshold" && value == "\(threshold)", "\(error)")
        }
    }

    @Test func missingBaselineNamesTheFile() throws {
        let store = BaselineStore(directory: scratchDirectory())
        let path = try store.url(forName: "nope").path
        #expect(throws: BenchKitError.missingBaseline(path: path)) { try store.load("nope") }
    }

    static let corruptContents: [String] = [
        "",
        "not json at all",
        "{\"schema\": \"flightline.run/1\", \"build\": ",                 // truncated
        "{\"schema\": \"flightline.validate/1\", \"scenes\": []}",       // another kind
        "[1, 2, 3]",
    ]

    @Test(arguments: corruptContents)
    func corruptBaselineIsAOneLineErrorNamingTheFile(_ contents: String) throws {
        let root = scratchDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        let store = BaselineStore(directory: root)
        let url = try store.url(forName: "broken")
        try Data(contents.utf8).write(to: url)
        do {
            _ = try store.load("broken")
            Issue.record("a corrupt baseline loaded")
        } catch let error as BenchKitError {
            guard case .corruptBaseline(let path, _, _, _) = error else {
                Issue.record("unexpected error \(error)")
                return
            }
            #expect(path == url.path)
            #expect(error.description.contains(url.path))
            #expect(!error.description.contains("\n"))
        }
    }

    @Test func wrongSchemaWithValidShapeIsCorrupt() throws {
        var document = report([result("a/x", median: 1, ci: (1, 1))])
        document.schema = "flightline.run/2"
        let data = try JSONEncoder().encode(document)
        #expect(throws: BenchKitError.self) { try RunReport(jsonData: data, source: "x.json") }
    }

    @Test(arguments: [0, -3])
    func nonPositiveMedianInABaselineIsCorrupt(_ median: Double) throws {
        let data = try report([result("a/x", median: median, ci: (-4, 1))]).jsonData()
        #expect(throws: BenchKitError.corruptBaseline(
            path: "x.json", reason: "results[0].median must be a positive finite number, got \(median)", key: "results[0].median",
            expected: "a positive finite number")) {
            try RunReport(jsonData: data, source: "x.json")
        }
    }

    @Test(arguments: ["", "../escape", ".hidden", "a/b", "with space", "naïve", "--quick", "-x", ".json", "_leading",
                      String(repeating: "a", count: 65), String(repeating: "b", count: 300)])
    func invalidBaselineNamesAreRejected(_ name: String) {
        let store = BaselineStore(directory: scratchDirectory())
        #expect(throws: BenchKitError.invalidBaselineName(name)) { try store.url(forName: name) }
        #expect(throws: BenchKitError.invalidBaselineName(name)) { try store.save(report([]), as: name) }
    }

    @Test(arguments: [("ci", "ci"), ("ci.json", "ci"), ("ci.json.json", "ci.json"), ("v1.2_x-y", "v1.2_x-y"),
                      (String(repeating: "a", count: 64), String(repeating: "a", count: 64)),
                      (String(repeating: "a", count: 64) + ".json", String(repeating: "a", count: 64))])
    func baselineNameTakesATrailingJSONOnce(_ name: String, _ stored: String) throws {
        #expect(try BaselineStore.normalizedName(name) == stored)
        #expect(try BaselineStore(directory: URL(fileURLWithPath: "/b")).url(forName: name).path == "/b/\(stored).json")
    }

    @Test func optionLookingAndOverlongNamesSayWhatIsWrong() {
        let rule = "a baseline name is 1 to 64 letters, digits, '.', '_' or '-', starting with a letter or digit"
        #expect(BenchKitError.invalidBaselineName("--quick").description == "\(rule); got '--quick', which looks like an option (is the name missing?)")
        let long = BenchKitError.invalidBaselineName(String(repeating: "a", count: 300)).description
        #expect(long == "\(rule); got a name of 300 characters ('\(String(repeating: "a", count: 20))…')" && long.count < 200, "\(long)")
    }

    @Test func baselineThatIsAFolderOrNotAnObjectSaysSoInPlainWords() throws {
        let root = scratchDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        let store = BaselineStore(directory: root)
        try FileManager.default.createDirectory(at: store.url(forName: "folder"), withIntermediateDirectories: true)
        let folder = try store.url(forName: "folder").path
        #expect(throws: BenchKitError.readFailed(path: folder, reason: "it is a folder, not a file")) { try store.load("folder") }
        for (contents, reason, key, expected) in [("[1, 2, 3]", "the document should be a JSON object", nil, "a JSON object"),
                                                  ("{\"schema\": 3}", "schema should be a string", "schema", "a string")] as [(String, String, String?, String?)] {
            try Data(contents.utf8).write(to: store.url(forName: "odd"))
            let path = try store.url(forName: "odd").path
            #expect(throws: BenchKitError.corruptBaseline(path: path, reason: reason, key: key, expected: expected)) { try store.load("odd") }
        }
    }

    @Test func unwritableDirectoryIsAnErrorNotACrash() throws {
        let root = scratchDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        // A regular file where the directory should be.
        let blocker = root.appendingPathComponent("baselines")
        try Data("x".utf8).write(to: blocker)
        let store = BaselineStore(directory: blocker)
        #expect(throws: BenchKitError.self) { try store.save(report([]), as: "main") }
    }
}
