import BenchKit
import Foundation
import Testing
@testable import BenchCLI
import BenchmarkSuites
#if canImport(Glibc)
import Glibc
#endif

/// `bench run`'s refusals happen before anything is measured, so the debug test build reaches
/// them; and every command's `--json` writes what the path is.
@Suite struct RunCommandTests {
    /// The package this test was compiled from: where `bench` keeps its baselines.
    static let packageBaselines = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Benchmarks/baselines")

    /// Each refused before the debug-build check: the option at fault, the value as typed, and
    /// the file it could not use, as data.
    @Test(arguments: [
        (["run", "--threshold", "10"], "threshold", nil, nil),
        (["run", "--save-baseline", "--quick"], "save-baseline", "--quick", nil),
        (["run", "--save-baseline", String(repeating: "a", count: 300)], nil, String(repeating: "a", count: 300), nil),
        (["run", "--compare", "../escape"], nil, "../escape", nil),
        (["run", "--baselines", "/tmp"], "baselines", nil, nil),
        (["run", "--json", ""], "json", "", nil),
        (["run", "--json", "/"], nil, nil, "/"),
        (["run", "--json", "/no-such-folder-flightline/x.json"], nil, nil, "/no-such-folder-flightline/x.json"),
        (["run", "--compare", "no-such-baseline", "--baselines", "/no-such-folder-flightline"],
         "compare", "no-such-baseline", "/no-such-folder-flightline/no-such-baseline.json"),
    ] as [([String], String?, String?, String?)])
    func runRefusesBadUsageBeforeMeasuring(arguments: [String], option: String?, value: String?, file: String?) throws {
        let error = try expectRefused(arguments)
        #expect(error?.option == option && error?.value == value && error?.file == file, "\(String(describing: error))")
    }

    @Test func baselinesResolveFromThePackageWhereverBenchRuns() throws {
        let elsewhere = try scratchFolder()
        defer { try? FileManager.default.removeItem(at: elsewhere) }
        // The same refusal from another folder as from here: the package's baselines.
        let error = try expectRefused(["run", "--compare", "no-such-baseline"], in: elsewhere)
        #expect(error?.file == Self.packageBaselines.appendingPathComponent("no-such-baseline.json").path, "\(String(describing: error))")
        #expect(error?.expected?.contains("epyc-2core") == true, "lists the saved baselines: \(String(describing: error))")
        #expect(try FileManager.default.contentsOfDirectory(atPath: elsewhere.path).isEmpty)
    }

    @Test func baselinesFolderFromTheEnvironmentIsRelativeToTheUser() throws {
        let elsewhere = try scratchFolder()
        defer { try? FileManager.default.removeItem(at: elsewhere) }
        let run = try runBench(["run", "--compare", "x.json"], in: elsewhere, environment: ["FLIGHTLINE_BASELINES": "mine"])
        expectUsageError(run, mentioning: "baseline \(elsewhere.path)/mine/x.json does not exist")
        let empty = try runBench(["run", "--compare", "x"], in: elsewhere, environment: ["FLIGHTLINE_BASELINES": ""])
        expectUsageError(empty, mentioning: "FLIGHTLINE_BASELINES is set but empty")
    }

    @Test func baselineFromOtherHardwareIsRefusedNamingWhatDiffers() throws {
        let folder = try scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let saved = try Data(contentsOf: Self.packageBaselines.appendingPathComponent("epyc-2core.json"))
        var document = try #require(try JSONSerialization.jsonObject(with: saved) as? [String: Any])
        var machine = try #require(document["machine"] as? [String: Any])
        machine["cpu"] = "Flightline Test CPU"
        document["machine"] = machine
        try JSONSerialization.data(withJSONObject: document).write(to: folder.appendingPathComponent("other.json"))
        let file = folder.appendingPathComponent("other.json")
        let error = try expectRefused(["run", "--compare", "other", "--baselines", folder.path])
        #expect(error?.option == "compare" && error?.value == "other" && error?.file == file.path, "\(String(describing: error))")
        // The processor named first, then whatever else differs from this machine (none on the one that saved it).
        let differences = RunFingerprint.differences(
            baseline: try RunReport(jsonData: Data(contentsOf: file), source: file.path), build: currentBuild, machine: .current
        ).filter { $0.kind == .hardware }
        let cpu = try #require(differences.first)
        #expect(cpu.field == "cpu" && cpu.baseline == "Flightline Test CPU" && cpu.current == MachineDescription.current.cpu, "\(differences)")
        #expect(error?.message == "baseline 'other' was measured on other hardware, so its times are not comparable ("
            + differences.map(\.description).joined(separator: "; ") + "); save a baseline on this machine with --save-baseline NAME")
    }

    /// Issue 22, item 9: a baseline saved before benchmarks carried revisions predates today's
    /// benchmark set; it is refused as stale (exit 2, before measuring), not compared.
    @Test func staleBaselineIsRefusedNotCompared() throws {
        let folder = try scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let old = RunReport(build: currentBuild, machine: MachineDescription.current, settings: RunSettings(.standard),
                            results: [BenchmarkResult(name: "arclen/cubic", unit: .nanoseconds(per: "query"), higherIsBetter: false, median: 100, minimum: 99,
                                                      p90: 101, mad: 1, ci95: ConfidenceInterval(lower: 99, upper: 101), sampleCount: 30,
                                                      iterations: 10, workUnitsPerIteration: 1, outliers: 0, noisy: false)])
        try old.jsonData().write(to: folder.appendingPathComponent("old.json"))
        let error = try expectRefused(["run", "--compare", "old", "--baselines", folder.path])
        #expect(error?.option == "compare" && error?.value == "old" && error?.file == folder.appendingPathComponent("old.json").path)
        #expect(error?.message == "baseline 'old' is stale: it was saved before benchmarks carried revisions, so none of its 1 results "
            + "can be known to measure the work this bench's benchmarks do; save it again with --save-baseline old")
    }

    @Test func corruptBaselineIsNamedInPlainWords() throws {
        let folder = try scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("[1, 2]".utf8).write(to: folder.appendingPathComponent("list.json"))
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("dir.json"), withIntermediateDirectories: false)
        for name in ["list", "dir"] {
            let arguments = ["run", "--compare", name, "--baselines", folder.path]
            let error = try expectRefused(arguments)
            #expect(error?.file == folder.appendingPathComponent("\(name).json").path, "\(String(describing: error))")
            let run = try runBench(arguments)
            #expect(!run.stderr.contains("Dictionary") && !run.stderr.contains("NSCocoaErrorDomain"))
        }
    }

    /// `--json` end to end through another command's writer (`bench spring`): a symbolic link is
    /// written through and stays a link, /dev/null stays a device, /dev/stdout appends to stdout.
    @Test func jsonOutputWritesThroughLinksAndDevicesWithoutReplacingThem() throws {
        let folder = try scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let target = folder.appendingPathComponent("target.json").path, link = folder.appendingPathComponent("link.json").path
        #expect(symlink(target, link) == 0)
        let linked = try runBench(["spring", "--json", link])
        #expect(linked.code == 0, "\(linked.stderr)")
        var info = stat()
        #expect(lstat(link, &info) == 0 && info.st_mode & S_IFMT == S_IFLNK)
        #expect(try jsonObject(String(contentsOfFile: target, encoding: .utf8))["schema"] as? String == "flightline.spring/1")

        let null = try runBench(["spring", "--json", "/dev/null"])
        #expect(null.code == 0, "\(null.stderr)")
        #expect(stat("/dev/null", &info) == 0 && info.st_mode & S_IFMT == S_IFCHR)

        let stdout = try runBench(["spring", "--json", "/dev/stdout"])
        #expect(stdout.code == 0, "\(stdout.stderr)")
        // The text, whole, then the document.
        let text = try runBench(["spring"]).stdout
        #expect(!text.isEmpty && stdout.stdout.hasPrefix(text), "\(stdout.stdout.prefix(300))")
        #expect(try jsonObject(String(stdout.stdout.dropFirst(text.count)))["schema"] as? String == "flightline.spring/1")

        let refused = try runBench(["spring", "--json", folder.path])   // after its table: spring writes JSON last
        #expect(refused.code == 2)
        #expect(refused.stderr == "bench: cannot write the JSON to \(folder.path): it is a folder (expected a file path)\n")
    }
}

@Suite struct RemeasurementFilterTests {
    /// The fresh processes that re-measure suspects must run exactly the suspects.
    @Test func suspectPatternSelectsExactlyTheSuspects() throws {
        let names = try FlightlineSuites.registry.benchmarks().map(\.name)
        for suspects in [["spring/exact-step"], ["scene/menu-frame", "plot/braille-10k"], names] {
            let filter = try BenchmarkFilter(exactNamesPattern(suspects))
            #expect(names.filter(filter.matches) == names.filter(suspects.contains))
        }
        #expect(try !BenchmarkFilter(exactNamesPattern(["a/x.y"])).matches("a/xzy"))
    }
}

private func scratchFolder() throws -> URL {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("bench-run-test-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder
}
