import Foundation
import Testing

/// The outcome of one run of the built `bench` executable.
struct BenchRun: Sendable {
    let code: Int32
    /// Whether `code` is the signal that ended the process (a trap, a crash), not an exit status.
    var wasKilledBySignal = false
    let stdout: String
    let stderr: String
}

/// Runs the `bench` executable that SwiftPM built next to the test bundle, as a user would:
/// its own process, its exit code, its stdout and stderr (through files, so a large output can
/// never deadlock a pipe).
///
/// By default the run is `--wide` (given before the command, unless the arguments hold it), so
/// that tests about content see every column and unwrapped lines; `fitsWidth: true` runs it as
/// given, fitted to `COLUMNS` or 80 columns (the layout tests). `timeout` seconds, then the run
/// is killed and the test fails rather than hangs. `directory` is the working directory (default:
/// the test runner's).
func runBench(
    _ arguments: [String], in directory: URL? = nil, environment: [String: String] = [:], fitsWidth: Bool = false,
    timeout: Double = 300, standardInput: String? = nil
) throws -> BenchRun {
    let arguments = fitsWidth || arguments.contains("--wide") ? arguments : ["--wide"] + arguments
    let products = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    var executable = products.appendingPathComponent("bench")
    if !FileManager.default.fileExists(atPath: executable.path) {
        // Some runners start from inside the .xctest bundle.
        executable = products.deletingLastPathComponent().appendingPathComponent("bench")
    }
    let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("bench-test-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: scratch) }
    let outURL = scratch.appendingPathComponent("stdout"), errURL = scratch.appendingPathComponent("stderr")
    _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
    _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)

    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    if let directory { process.currentDirectoryURL = directory }
    var env = ProcessInfo.processInfo.environment
    env["NO_COLOR"] = nil
    env.merge(environment) { $1 }
    process.environment = env
    process.standardOutput = try FileHandle(forWritingTo: outURL)
    process.standardError = try FileHandle(forWritingTo: errURL)
    if let standardInput {
        let inURL = scratch.appendingPathComponent("stdin")
        try Data(standardInput.utf8).write(to: inURL)
        process.standardInput = try FileHandle(forReadingFrom: inURL)
    } else {
        process.standardInput = FileHandle.nullDevice
    }
    try process.run()
    let deadline = Date().addingTimeInterval(timeout)
    while process.isRunning, Date() < deadline { Thread.sleep(forTimeInterval: 0.005) }
    if process.isRunning {
        // SIGKILL: a SIGTERM can be blocked in the child (it inherits the test runner's mask).
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        throw BenchTimeout(arguments: arguments, seconds: timeout)
    }
    process.waitUntilExit()
    return BenchRun(
        code: process.terminationStatus,
        wasKilledBySignal: process.terminationReason == .uncaughtSignal,
        stdout: try String(contentsOf: outURL, encoding: .utf8),
        stderr: try String(contentsOf: errURL, encoding: .utf8)
    )
}

/// A `bench` run that did not end within its time limit (it was killed).
struct BenchTimeout: Error, CustomStringConvertible {
    let arguments: [String]
    let seconds: Double
    var description: String { "bench \(arguments) did not finish within \(seconds) s" }
}

/// Checks that `bench` refused `run` as bad usage: exit code 2, nothing on stdout, and one line
/// on stderr that contains `message`.
func expectUsageError(_ run: BenchRun, mentioning message: String, sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(run.code == 2, sourceLocation: sourceLocation)
    #expect(run.stdout.isEmpty, "\(run.stdout)", sourceLocation: sourceLocation)
    #expect(run.stderr.contains(message), "\(run.stderr)", sourceLocation: sourceLocation)
    #expect(run.stderr.split(separator: "\n").count == 1, "\(run.stderr)", sourceLocation: sourceLocation)
}

/// Parses `text` as a JSON object.
/// Every finding of a `flightline.validate/1` document, each `{kind, evidence…, message}` with
/// its report's `scene` and `hz` added.
func validateFindings(_ text: String) throws -> [[String: Any]] {
    let scenes = try #require(try jsonObject(text)["scenes"] as? [[String: Any]])
    return scenes.flatMap { scene in
        ((scene["findings"] as? [[String: Any]]) ?? []).map { finding in
            finding.merging([("scene", scene["scene"] ?? ""), ("hz", scene["hz"] ?? 0)]) { old, _ in old }
        }
    }
}

func jsonObject(_ text: String) throws -> [String: Any] {
    let object = try JSONSerialization.jsonObject(with: Data(text.utf8))
    return try #require(object as? [String: Any])
}

/// The words of `texts` that spell a non-finite number (`nan`, `-inf`, `infinity`, `∞`, any case):
/// what output must never print where a number goes. Words, not substrings, so `information` or
/// `nanoseconds` are not taken for one.
func nonFiniteWords(_ texts: String...) -> [Substring] {
    let spellings: Set<Substring> = ["nan", "-nan", "inf", "-inf", "infinity", "-infinity", "∞", "-∞", "−∞"]
    return texts.joined(separator: " ").lowercased().split { !$0.isLetter && $0 != "-" && $0 != "∞" && $0 != "−" }
        .filter { spellings.contains($0) }
}

/// The cells of every row of the Markdown tables in `text` (lines that start and end with `|`),
/// the delimiter rows left out: `| a | b \| c |` is `["a", "b \| c"]` (an escaped pipe stays in its
/// cell).
func markdownTableRows(_ text: String) -> [[String]] {
    text.split(separator: "\n").filter { $0.hasPrefix("| ") && $0.hasSuffix(" |") }
        .map { String($0.dropFirst(2).dropLast(2)).components(separatedBy: " | ") }
}

/// The paragraphs of a help page (the blocks between blank lines), each with its wrapped lines
/// joined by one space: a sentence the page wrapped at the terminal's width reads whole.
func helpParagraphs(_ page: String) -> [String] {
    page.components(separatedBy: "\n\n")
        .map { $0.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ") }
}

/// Each option's explanation on a `--all` help page, its wrapped lines joined by one space,
/// keyed by the option as the page labels it (`--from X`).
func helpOptionEntries(_ page: String) -> [String: String] {
    var entries: [String: String] = [:]
    var current: String?
    for line in page.split(separator: "\n", omittingEmptySubsequences: false) {
        if line.hasPrefix("  --") {
            let parts = line.components(separatedBy: "  ").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
            current = parts.first
            if let current { entries[current] = parts.dropFirst().joined(separator: " ") }
        } else if let label = current, line.hasPrefix("    "), let text = entries[label] {
            entries[label] = text + " " + line.trimmingCharacters(in: .whitespaces)
        } else {
            current = nil
        }
    }
    return entries
}
