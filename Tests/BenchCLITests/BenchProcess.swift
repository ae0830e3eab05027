import Foundation
import Testing

/// The outcome of one run of the built `bench` executable.
struct BenchRun: Sendable {
    let code: Int32
    let stdout: String
    let stderr: String
}

/// Runs the `bench` executable that SwiftPM built next to the test bundle, as a user would:
/// its own process, its exit code, its stdout and stderr (through files, so a large output can
/// never deadlock a pipe).
func runBench(_ arguments: [String], environment: [String: String] = [:]) throws -> BenchRun {
    let directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    var executable = directory.appendingPathComponent("bench")
    if !FileManager.default.fileExists(atPath: executable.path) {
        // Some runners start from inside the .xctest bundle.
        executable = directory.deletingLastPathComponent().appendingPathComponent("bench")
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
    var env = ProcessInfo.processInfo.environment
    env["NO_COLOR"] = nil
    env.merge(environment) { $1 }
    process.environment = env
    process.standardOutput = try FileHandle(forWritingTo: outURL)
    process.standardError = try FileHandle(forWritingTo: errURL)
    process.standardInput = FileHandle.nullDevice
    try process.run()
    process.waitUntilExit()
    return BenchRun(
        code: process.terminationStatus,
        stdout: try String(contentsOf: outURL, encoding: .utf8),
        stderr: try String(contentsOf: errURL, encoding: .utf8)
    )
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
func jsonObject(_ text: String) throws -> [String: Any] {
    let object = try JSONSerialization.jsonObject(with: Data(text.utf8))
    return try #require(object as? [String: Any])
}
