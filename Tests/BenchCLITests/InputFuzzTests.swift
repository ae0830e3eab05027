@testable import BenchCLI
import Foundation
import Lottie
import Motion
import SceneFile
import Testing

/// The input-file fuzzers of issue 22, kept as tests: seeded mutations (``InputMutator``) of the
/// shipped scene files (`Scenes/`), the Lottie fixtures (`Tests/LottieTests/Fixtures/`) and of
/// generated traces (CSV and Chrome Trace Event JSON), each held to the contract twice —
///
/// - in process, through the library entry points (`SceneFile(bytes:)`, `LottieAnimation`,
///   `MotionTrace.csv`/`chromeTrace`, then `Validation.validate`): an error is one line; a
///   report's figures are finite (`ValidationReport.nonFiniteMetric`) and its findings and notes
///   print no NaN or infinity; a scene `bench` would sample is validated within the time limit;
/// - through the built `bench` (`validate FILE`, `plot FILE`, `--trace FILE`,
///   `--frames trace:FILE`), as ``CommandLineFuzzTests`` checks a command line: exit 0, 1 or 2,
///   no signal, no `nan`/`inf` printed, one stderr line on exit 2, within the time limit.
///
/// By default a CI-sized campaign: 150 inputs per fuzzer in process and 12 through `bench`.
/// By hand, a long one (the seed and every failing input are printed on failure; with
/// `FLIGHTLINE_FUZZ_KEEP=DIR` each failing input is also written there, and so is the input
/// being checked in process, `current-KIND-…`, which a trap would otherwise take with it):
///
///     FLIGHTLINE_FUZZ_COUNT=10000 FLIGHTLINE_FUZZ_PROCESS_COUNT=500 FLIGHTLINE_FUZZ_SEED=7 \
///         swift test --skip-build --filter InputFuzzTests
@Suite struct InputFuzzTests {
    static let environment = ProcessInfo.processInfo.environment
    static let seed = environment["FLIGHTLINE_FUZZ_SEED"].flatMap { UInt64($0) } ?? 22
    static let count = environment["FLIGHTLINE_FUZZ_COUNT"].flatMap { Int($0) } ?? 150
    static let processCount = environment["FLIGHTLINE_FUZZ_PROCESS_COUNT"].flatMap { Int($0) } ?? 12
    /// Seconds one input may take in process (a debug build is several times slower than the
    /// release build the 10 s goal is stated for).
    static let secondsPerInput = environment["FLIGHTLINE_FUZZ_SECONDS"].flatMap { Double($0) } ?? 30

    enum Kind: String, CaseIterable, Sendable {
        case scene, lottie, csvTrace, chromeTrace

        var fileName: String {
            switch self {
            case .scene: "fuzz.scene.json"
            case .lottie: "fuzz.json"
            case .csvTrace: "fuzz.csv"
            case .chromeTrace: "fuzz.trace.json"
            }
        }

        /// The fuzzer's own stream: the same seed, offset per kind.
        var streamOffset: UInt64 {
            switch self {
            case .scene: 0x5CE0
            case .lottie: 0x1077
            case .csvTrace: 0xC5F
            case .chromeTrace: 0xC4A0
            }
        }
    }

    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The shipped files each file fuzzer mutates.
    static func seedFiles(_ kind: Kind) throws -> [[UInt8]] {
        let folder: URL
        switch kind {
        case .scene: folder = root.appendingPathComponent("Scenes")
        case .lottie: folder = root.appendingPathComponent("Tests/LottieTests/Fixtures")
        case .csvTrace, .chromeTrace: return []
        }
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter {
            $0.hasSuffix(".json") && !$0.contains("schema")
        }.sorted()
        return try names.map { Array(try Data(contentsOf: folder.appendingPathComponent($0))) }
    }

    /// `count` inputs of `kind`, the same for a seed on every run.
    static func inputs(_ kind: Kind, count: Int, seed: UInt64) throws -> [[UInt8]] {
        var mutator = InputMutator(seed: seed &+ kind.streamOffset)
        let files = try seedFiles(kind)
        return (0..<count).map { _ in
            let original: [UInt8]
            switch kind {
            case .scene, .lottie: original = mutator.pick(files)
            case .csvTrace: original = mutator.csvTrace()
            case .chromeTrace: original = mutator.chromeTrace()
            }
            // One in ten is the unmutated seed file or trace, which must keep working too.
            return mutator.chance(0.1) ? original : mutator.mutate(original)
        }
    }

    // MARK: In process

    @Test(arguments: Kind.allCases)
    func mutatedInputsKeepTheLibraryContract(kind: Kind) throws {
        let inputs = try Self.inputs(kind, count: Self.count, seed: Self.seed)
        var failures: [String] = []
        let keep = Self.environment["FLIGHTLINE_FUZZ_KEEP"].map { URL(fileURLWithPath: $0) }
        for (index, bytes) in inputs.enumerated() {
            // A trap ends the whole test process: the input being checked is left on disk.
            if let keep {
                try Data(bytes).write(to: keep.appendingPathComponent("current-\(kind.rawValue)-\(Self.seed)-\(kind.fileName)"))
                try Data("\(index)".utf8).write(to: keep.appendingPathComponent("current-\(kind.rawValue)-index"))
            }
            let start = ContinuousClock.now
            let problems = Self.check(kind, bytes)
            let seconds = Double((ContinuousClock.now - start) / .milliseconds(1)) / 1000
            let all = problems + (seconds > Self.secondsPerInput ? ["took \(seconds) s (limit \(Self.secondsPerInput) s)"] : [])
            if !all.isEmpty { failures.append(Self.describe(kind, index: index, bytes: bytes, problems: all)) }
        }
        #expect(failures.isEmpty, "seed \(Self.seed), \(kind.rawValue): \(failures.count) failing of \(inputs.count):\n\(failures.joined(separator: "\n"))")
    }

    /// What is wrong with one input read and validated in process, if anything.
    static func check(_ kind: Kind, _ bytes: [UInt8]) -> [String] {
        var problems: [String] = []
        func refused(_ error: any Error, _ stage: String) {
            let text = "\(error)"
            if text.contains("\n") || text.isEmpty { problems.append("\(stage): an error of \(text.split(separator: "\n").count) lines: \(text.prefix(300))") }
        }
        var scenes: [Scene] = []
        var traces: [MotionTrace] = []
        switch kind {
        case .scene:
            do { scenes = try SceneFile(bytes: bytes).scenes } catch { refused(error, "read") }
        case .lottie:
            do { scenes = try LottieAnimation(bytes: bytes).motion().scenes } catch { refused(error, "read") }
        case .csvTrace, .chromeTrace:
            // Text that is not UTF-8 is refused by `bench` before the readers (checked through it).
            guard let text = String(validating: bytes, as: UTF8.self) else { return [] }
            do {
                traces = kind == .csvTrace ? [try MotionTrace.csv(text, source: "fuzz")] : try MotionTrace.chromeTrace(text, source: "fuzz")
            } catch { refused(error, "read") }
        }
        for scene in scenes.prefix(4) {
            // As `bench` does: a scene over its frame limit is refused before it is sampled.
            guard (try? SceneSelection.requireSampleable(scene, hz: 60)) != nil else { continue }
            do {
                problems += reportProblems(try Validation.validate(scene, mode: .linear, hz: 60), scene.name)
            } catch { refused(error, "validate \(scene.name)") }
        }
        for trace in traces.prefix(4) {
            do {
                problems += reportProblems(try Validation.validate(trace: trace), trace.source)
            } catch { refused(error, "validate \(trace.source)") }
        }
        return problems
    }

    /// A report with a figure that is not finite, or words that print one.
    static func reportProblems(_ report: ValidationReport, _ name: String) -> [String] {
        var problems: [String] = []
        if let figure = report.nonFiniteMetric { problems.append("\(name): the \(figure) is not finite, verdict \(report.verdict)") }
        for text in report.reasons + report.notes.map(\.text) {
            if let number = CommandLineFuzzTests.nonFiniteNumber(in: text) { problems.append("\(name): \(number)") }
        }
        return problems
    }

    /// The failing input: its index, its problems, its bytes (text when UTF-8, up to 600
    /// characters, else hex), and where it was kept.
    static func describe(_ kind: Kind, index: Int, bytes: [UInt8], problems: [String]) -> String {
        let text = String(validating: bytes, as: UTF8.self).map { String($0.prefix(600)) }
            ?? bytes.prefix(300).map { String(format: "%02x", $0) }.joined()
        var kept = ""
        if let folder = environment["FLIGHTLINE_FUZZ_KEEP"] {
            let url = URL(fileURLWithPath: folder).appendingPathComponent("\(kind.rawValue)-\(seed)-\(index)-\(kind.fileName)")
            if (try? Data(bytes).write(to: url)) != nil { kept = " (kept as \(url.path))" }
        }
        return "#\(index)\(kept): \(problems.joined(separator: "; "))\n  input (\(bytes.count) bytes): \(text)"
    }

    // MARK: Through bench

    @Test(arguments: Kind.allCases)
    func mutatedInputsKeepTheCommandLineContract(kind: Kind) async throws {
        // Its own stream, so the process campaign is not the in-process one's first inputs.
        let inputs = try Self.inputs(kind, count: Self.processCount, seed: Self.seed &+ 0xB0A7)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("input-fuzz-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        var mutator = InputMutator(seed: Self.seed &+ kind.streamOffset &+ 1)
        var runs: [(index: Int, file: URL, arguments: [String])] = []
        for (index, bytes) in inputs.enumerated() {
            let file = folder.appendingPathComponent("\(index)-\(kind.fileName)")
            try Data(bytes).write(to: file)
            let path = file.path
            let arguments: [String]
            switch kind {
            case .scene, .lottie:
                arguments = mutator.pick([
                    ["validate", path], ["validate", path, "--hz", "120"], ["validate", path, "--json", "-"], ["plot", path],
                    ["validate", path, "--frames", "vsync"], ["validate", path, "--verbose"],
                ])
            case .csvTrace, .chromeTrace:
                arguments = mutator.pick([
                    ["validate", "--trace", path], ["validate", "--trace", path, "--json", "-"],
                    ["validate", "bee1+", "--frames", "trace:" + path], ["validate", "--trace", path, "--hz", "120"],
                ])
            }
            runs.append((index, file, arguments))
        }
        // Two at a time: the machine's cores are shared, and each run is a process.
        let failures = try await withThrowingTaskGroup(of: String?.self) { group in
            var failures: [String] = []
            var pending = runs.makeIterator()
            func launch() -> Bool {
                guard let run = pending.next() else { return false }
                group.addTask {
                    let problems = try CommandLineFuzzTests.check(run.arguments)
                    guard !problems.isEmpty else { return nil }
                    let bytes = Array(try Data(contentsOf: run.file))
                    return "bench \(CommandLineFuzzTests.shell(run.arguments)): "
                        + Self.describe(kind, index: run.index, bytes: bytes, problems: problems)
                }
                return true
            }
            for _ in 0..<2 { _ = launch() }
            while let result = try await group.next() {
                if let result { failures.append(result) }
                _ = launch()
            }
            return failures
        }
        #expect(failures.isEmpty, "seed \(Self.seed), \(kind.rawValue): \(failures.count) failing of \(runs.count):\n\(failures.sorted().joined(separator: "\n"))")
    }

    @Test func theMutatorIsDeterministicAndMutates() throws {
        for kind in Kind.allCases {
            let a = try Self.inputs(kind, count: 30, seed: 5), b = try Self.inputs(kind, count: 30, seed: 5)
            #expect(a == b)
            #expect(Set(a).count > 20)
        }
        #expect(InputMutator.numberRanges(Array(#"{"a": [1, -2.5e3], "b": "x1", "c": 7}"#.utf8)).count == 3)
        #expect(InputMutator.numberRanges(Array("t,x,y\n0,1,2\n".utf8)).count == 3)
    }
}
