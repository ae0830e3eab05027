import BenchKit
import Foundation
import Testing

/// `bench run`'s new options refuse bad usage before measuring; `bench history` and `bench
/// merge` read files, so the debug test build runs them end to end.
@Suite struct HistoryMergeCommandTests {
    static let packageBaselines = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Benchmarks/baselines")

    static func folder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("bench-history-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    static func result(_ name: String, median: Double, instructions: Double? = nil) -> BenchmarkResult {
        var value = BenchmarkResult(
            name: name, unit: .nanoseconds(per: "query"), higherIsBetter: false, median: median, minimum: median * 0.99, p90: median * 1.01,
            mad: median * 0.005, ci95: ConfidenceInterval(lower: median * 0.995, upper: median * 1.005), sampleCount: 30,
            iterations: 100, workUnitsPerIteration: 1, outliers: 0, noisy: false)
        value.instructions = instructions
        return value
    }

    /// A history of 12 runs whose `arclen/cubic` median steps up 12 % at run 7, and `eval/x` stays.
    static func writeHistory(to path: String) throws {
        let medians = [40.0, 40.3, 39.8, 40.1, 40.2, 39.9, 45.0, 45.3, 44.8, 45.1, 45.2, 44.9]
        for (index, median) in medians.enumerated() {
            let report = RunReport(build: .current, machine: .current, settings: RunSettings(.standard),
                                   results: [result("arclen/cubic", median: median), result("eval/x", median: 10 + Double(index % 3) * 0.01)])
            let date = Date(timeIntervalSince1970: 1_790_000_000 + Double(index) * 86_400)
            try RunHistory.append(HistoryRecord(report: report, date: date, commit: "c0ffee\(index)"), toPath: path)
        }
    }

    /// Each refused before the debug-build check (which names no option): the option at fault
    /// and, where it is one, its value.
    @Test(arguments: [
        (["run", "--history", "/tmp"], "history", nil),
        (["run", "--history-name", "x"], "history-name", nil),
        (["run", "--instructions-threshold", "2"], "instructions-threshold", nil),
        (["run", "--aa", "--compare", "x", "--instructions-threshold", "-1", "--baselines", "/tmp"], "instructions-threshold", "-1"),
    ] as [([String], String, String?)])
    func runRefusesBadUsageBeforeMeasuring(arguments: [String], option: String, value: String?) throws {
        let error = try expectRefused(arguments)
        #expect(error?.option == option && error?.value == value, "\(String(describing: error))")
    }

    /// A bad history name, and a history folder that is not a folder, refused by the store
    /// before measuring: the name as typed, the path it could not use.
    @Test func runRefusesABadHistoryBeforeMeasuring() throws {
        let name = try expectRefused(["run", "--record", "--history-name", "../x"])
        #expect(name?.value == "../x", "\(String(describing: name))")
        let folder = try expectRefused(["run", "--record", "--history", "/dev/null"])
        #expect(folder?.file?.hasPrefix("/dev/null/") == true, "\(String(describing: folder))")
    }

    @Test func historyPlotsAndNamesTheRunWhereAStepEntered() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Self.writeHistory(to: folder.appendingPathComponent("ci.jsonl").path)
        // The text plots what the JSON holds (its layout: HistoryTests' change description).
        let text = try runBench(["history", "--history", folder.path, "--history-name", "ci"])
        #expect(text.code == 0, "\(text.stderr)")
        let run = try runBench(["history", "--history", folder.path, "--history-name", "ci", "--json", "-"])
        #expect(run.code == 0, "\(run.stderr)")
        let analysis = try jsonObject(run.stdout)
        #expect(analysis["runs"] as? Int == 12)
        let histories = try #require(analysis["benchmarks"] as? [[String: Any]])
        let cubic = try #require(histories.first { $0["name"] as? String == "arclen/cubic" })
        let changes = try #require(cubic["changes"] as? [[String: Any]])
        #expect(changes.count == 1)
        #expect(changes.first?["run"] as? Int == 7 && changes.first?["commit"] as? String == "c0ffee6")
        #expect(abs((changes.first?["changePercent"] as? Double ?? 0) - 12.5) < 0.05, "\(changes)")
        let x = try #require(histories.first { $0["name"] as? String == "eval/x" })
        #expect(x["unit"] as? String == "ns/query")
        #expect((x["median"] as? [String: Any])?["runs"] as? [Int] == Array(1...12))
        #expect((x["changes"] as? [Any])?.isEmpty == true)

        let filtered = try runBench(["history", "--filter", "eval", "--history", folder.path, "--history-name", "ci.jsonl", "--json", "-"])
        #expect(filtered.code == 0, "\(filtered.stderr)")
        #expect(filtered.stderr.isEmpty, "\(filtered.stderr)")
        let document = try jsonObject(filtered.stdout)
        #expect(document["schema"] as? String == "flightline.history-analysis/1")
        let benchmarks = try #require(document["benchmarks"] as? [[String: Any]])
        #expect(benchmarks.map { $0["name"] as? String } == ["eval/x"])
    }

    /// `--filter` as `bench run` takes it; the positional pattern of the last release still
    /// works, with a deprecation note on stderr; both at once is refused.
    @Test func historyFilterIsAnOptionAndThePositionalOneIsDeprecated() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Self.writeHistory(to: folder.appendingPathComponent("ci.jsonl").path)
        let location = ["--history", folder.path, "--history-name", "ci", "--json", "-"]
        let option = try runBench(["history", "--filter", "arclen"] + location)
        let positional = try runBench(["history", "arclen"] + location)
        #expect(option.code == 0 && positional.code == 0, "\(option.stderr)\(positional.stderr)")
        #expect(option.stdout == positional.stdout)
        let names = try #require(try jsonObject(option.stdout)["benchmarks"] as? [[String: Any]]).map { $0["name"] as? String }
        #expect(names == ["arclen/cubic"])
        #expect(option.stderr.isEmpty)
        #expect(positional.stderr == "bench: note: the positional filter is deprecated and will be removed in the next release; write 'bench history --filter arclen'\n", "\(positional.stderr)")
        let both = try expectRefused(["history", "eval", "--filter", "arclen"] + location)
        #expect(both?.option == "filter" && both?.value == "eval")
    }

    /// `--color` as `bench plot` takes it: always colours the plot (ANSI escapes) off a terminal,
    /// never leaves none; a bad value is a usage error.
    @Test func historyTakesColorAsPlotDoes() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Self.writeHistory(to: folder.appendingPathComponent("ci.jsonl").path)
        let location = ["--history", folder.path, "--history-name", "ci"]
        let always = try runBench(["history"] + location + ["--color", "always"])
        let never = try runBench(["history"] + location + ["--color", "never"])
        #expect(always.code == 0 && never.code == 0, "\(always.stderr)\(never.stderr)")
        #expect(always.stdout.contains("\u{1B}["))
        #expect(!never.stdout.contains("\u{1B}["))
        let color = try expectRefused(["history"] + location + ["--color", "sometimes"])
        #expect(color?.option == "color" && color?.value == "sometimes")
    }

    @Test func historyReportsATornLastLineAndRefusesACorruptOne() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("ci.jsonl").path
        try Self.writeHistory(to: path)
        let clean = try String(contentsOfFile: path, encoding: .utf8)
        try (clean + "{\"schema\":\"flightline.hist").write(toFile: path, atomically: true, encoding: .utf8)
        let torn = try runBench(["history", "--history", folder.path, "--history-name", "ci"])
        #expect(torn.code == 0)
        #expect(torn.stderr == "bench: warning: \(path) line 13 is torn (no newline at its end: an interrupted append); left out\n", "\(torn.stderr)")
        let tornJSON = try jsonObject(try runBench(["history", "--history", folder.path, "--history-name", "ci", "--json", "-"]).stdout)
        #expect(tornJSON["tornLine"] as? Int == 13 && tornJSON["runs"] as? Int == 12)

        var lines = clean.split(separator: "\n").map(String.init)
        lines[4] = "{\"schema\": \"flightline.history/1\", \"date\": 7}"
        try (lines.joined(separator: "\n") + "\n").write(toFile: path, atomically: true, encoding: .utf8)
        let corrupt = try expectRefused(["history", "--history", folder.path, "--history-name", "ci"])
        #expect(corrupt?.file == path && corrupt?.line == 5, "\(String(describing: corrupt))")

        let missing = try expectRefused(["history", "--history", folder.path, "--history-name", "other"])
        #expect(missing?.option == "history-name" && missing?.expected == ["ci"], "\(String(describing: missing))")
        #expect(missing?.file == folder.appendingPathComponent("other.jsonl").path)
    }

    @Test func mergeJoinsRunsFromTwoMachines() throws {
        let epyc = Self.packageBaselines.appendingPathComponent("epyc-2core.json").path
        let xeon = Self.packageBaselines.appendingPathComponent("xeon-2core.json").path
        let run = try runBench(["merge", epyc, xeon])
        #expect(run.code == 0, "\(run.stderr)")
        // The speedup section: its heading, then each benchmark's range across the two machines.
        let lines = run.stdout.split(separator: "\n")
        let heading = try #require(lines.firstIndex(of: "speedup across machines:"), "\(run.stdout)")
        #expect(lines[heading + 1] == "  arclen/cubic: ×7.28 (epyc-2core) … ×10.4 (xeon-2core)", "\(run.stdout)")
        let markdown = try runBench(["merge", epyc, xeon, "--format", "markdown"])
        #expect(markdown.stdout.hasPrefix("| benchmark | machine |"), "\(markdown.stdout.prefix(200))")
        let json = try runBench(["merge", epyc, xeon, "--format", "json"])
        let merged = try jsonObject(json.stdout)
        #expect(merged["schema"] as? String == "flightline.merge/1")
        let machines = try #require(merged["machines"] as? [[String: Any]]).compactMap { $0["name"] as? String }
        #expect(machines.count == 2 && machines.filter { $0.lowercased().hasPrefix("amd epyc") || $0.lowercased().hasPrefix("epyc") }.count == 1, "\(machines)")
        let rows = try #require(merged["rows"] as? [[String: Any]])
        #expect(Set(rows.filter { $0["name"] as? String == "arclen/cubic" }.compactMap { $0["machine"] as? String }) == Set(machines))
        let cubic = try #require((merged["speedupRanges"] as? [[String: Any]])?.first { $0["name"] as? String == "arclen/cubic" })
        #expect((cubic["lowest"] as? Double ?? 0) <= (cubic["highest"] as? Double ?? -1))
    }

    @Test func mergeRefusesOtherSchemasAndFormats() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let validate = folder.appendingPathComponent("validate.json").path
        try Data("{\"schema\": \"flightline.validate/1\", \"scenes\": []}".utf8).write(to: URL(fileURLWithPath: validate))
        let epyc = Self.packageBaselines.appendingPathComponent("epyc-2core.json").path
        expectUsageError(try runBench(["merge", epyc, validate]), mentioning: "different schemas")
        let xml = try expectRefused(["merge", epyc, "--format", "xml"])
        #expect(xml?.option == "format" && xml?.value == "xml" && xml?.expected == ["json", "markdown"], "\(String(describing: xml))")
        let text = try expectRefused(["merge", epyc, "--format", "text"])
        #expect(text?.option == "format" && text?.value == "text" && text?.expected == nil, "\(String(describing: text))")
        expectUsageError(try runBench(["merge"]), mentioning: "needs one or more flightline.run/1 files")
        let none = folder.appendingPathComponent("none.json").path
        let missing = try expectRefused(["merge", none])
        #expect(missing?.file == none, "\(String(describing: missing))")
    }

    /// The example CI workflow uses only commands and options `bench` has: every
    /// `bash scripts/bench.sh …` line parses (checked with `--help`, which parses strictly first).
    @Test func exampleWorkflowUsesRealCommands() throws {
        let workflow = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("docs/ci-benchmarks.yml")
        let text = try String(contentsOf: workflow, encoding: .utf8)
        let invocations = text.split(separator: "\n").compactMap { line -> String? in
            guard let range = line.range(of: "bash scripts/bench.sh ") else { return nil }
            return String(line[range.upperBound...])
                .replacingOccurrences(of: "${{ matrix.runner }}", with: "ubuntu-24.04")
                .replacingOccurrences(of: "$record", with: "--record --history history --history-name ubuntu-24.04")
        }
        #expect(invocations.count >= 5)
        #expect(Set(invocations.compactMap { $0.split(separator: " ").first }) == ["run", "history", "merge"])
        for invocation in invocations {
            let run = try runBench(Self.shellWords(invocation) + ["--help"])
            #expect(run.code == 0, "bench \(invocation): \(run.stderr)")
        }
    }

    /// Words of a shell command line with '…' and "…" quoting (enough for the workflow's lines).
    static func shellWords(_ line: String) -> [String] {
        var words: [String] = [], current = "", quote: Character?, inWord = false
        for character in line {
            if let open = quote {
                if character == open { quote = nil } else { current.append(character) }
            } else if character == "'" || character == "\"" {
                quote = character
                inWord = true
            } else if character == " " {
                if inWord { words.append(current) }
                current = ""
                inWord = false
            } else {
                current.append(character)
                inWord = true
            }
        }
        if inWord { words.append(current) }
        return words
    }
}
