import BenchKit
import Foundation

/// Measures benchmarks again — suspected regressions, or a whole run being saved as a
/// baseline — each round in a fresh `bench run` process.
///
/// Why a fresh process and not the same one: a process's memory layout (where the loader and
/// the allocator put code and data, which ASLR randomizes per process) can make a kernel
/// markedly slower or faster for that process's whole life, and a `--compare` run has loaded a
/// baseline before it measures, which a `--save-baseline` run has not. Re-measuring in the same
/// process would confirm such an artefact every time; a new process per round does not share
/// it. The child runs only the suspects (`--filter '^(a|b)$' --json -`), with the parent's
/// quick setting; rounds follow one another, so each suspect is measured once per round,
/// interleaved with the others.
///
/// - Returns: every round's result per benchmark name; a round whose process failed is left
///   out and described in `problems`; `otherCPUs`, the CPUs other processes kept busy while the
///   rounds ran (``MachineLoad``: the children's time is this process's own), where the
///   rounds lasted long enough to tell.
/// - Parameter what: the benchmarks as the progress line names them (`suspects`).
func remeasureInFreshProcesses(_ names: [String], quick: Bool, rounds: Int, what: String = "suspects",
                               console: Console) -> (results: [String: [BenchmarkResult]], problems: [String], otherCPUs: Double?) {
    var results: [String: [BenchmarkResult]] = [:]
    var problems: [String] = []
    guard !names.isEmpty, let executable = currentExecutablePath() else {
        return (results, names.isEmpty ? [] : ["cannot find this bench executable to measure again"], nil)
    }
    let pattern = exactNamesPattern(names)
    let loadBefore = MachineLoad.Sample.now()
    for round in 1...rounds {
        console.progress("measuring \(names.count) \(what) again in a fresh process (\(round)/\(rounds))")
        do {
            let report = try runChild(executable, ["run", "--filter", pattern, "--json", "-"] + (quick ? ["--quick"] : []))
            for result in report.results where names.contains(result.name) { results[result.name, default: []].append(result) }
        } catch {
            problems.append("re-measurement \(round) of \(rounds) failed: \(error)")
        }
    }
    console.clearProgress()
    return (results, problems, loadBefore?.otherCPUs(until: .now()))
}

/// A `--filter` pattern that selects exactly `names` (not `spring/exact-step-serial` for
/// `spring/exact-step`). Benchmark names are `a-z 0-9 . _ - /`: only the dot needs escaping.
func exactNamesPattern(_ names: [String]) -> String {
    "^(" + names.map { $0.replacingOccurrences(of: ".", with: "\\.") }.joined(separator: "|") + ")$"
}

/// The path of the running executable (`/proc/self/exe`).
private func currentExecutablePath() -> String? {
    try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
}

/// Runs `bench` with `arguments`, its stdout and stderr in temporary files (a pipe could fill
/// up and deadlock), and reads its `flightline.run/1` document.
private func runChild(_ executable: String, _ arguments: [String]) throws -> RunReport {
    let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("bench-remeasure-\(getpid())-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: scratch) }
    let out = scratch.appendingPathComponent("stdout"), err = scratch.appendingPathComponent("stderr")
    _ = FileManager.default.createFile(atPath: out.path, contents: nil)
    _ = FileManager.default.createFile(atPath: err.path, contents: nil)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    process.standardOutput = try FileHandle(forWritingTo: out)
    process.standardError = try FileHandle(forWritingTo: err)
    process.standardInput = FileHandle.nullDevice
    try process.run()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
        let message = (try? String(contentsOf: err, encoding: .utf8))?.split(whereSeparator: \.isNewline).last.map(String.init) ?? ""
        throw CLIError(.usage, "exit \(process.terminationStatus)\(message.isEmpty ? "" : ": " + message)")
    }
    return try RunReport(jsonData: try InputFile.read(out.path), source: "the re-measurement's output")
}
