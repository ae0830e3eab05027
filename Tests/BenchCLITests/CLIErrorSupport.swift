import Foundation
import Testing

@testable import BenchCLI

/// The error `bench arguments` ends with, as data (its option, value, file and JSON path), from
/// dispatching the command line in this process as `bench` does; `nil` when it succeeds. Only for
/// command lines refused before anything is printed.
func benchError(_ arguments: [String]) -> CLIError? {
    let console = Console(environment: [:], stdoutIsTerminal: false, stderrIsTerminal: false)
    do {
        _ = try Bench.dispatch(arguments, console: console)
        return nil
    } catch let error as CLIError {
        return error
    } catch {
        // `Bench.main` prints any other error as a usage error, exit 2.
        return CLIError(.usage, String(describing: error))
    }
}

/// Checks that `run` is `bench`'s refusal with `error`: its exit code, nothing on stdout, and the
/// error's message as the one line on stderr (with unusual characters escaped, as `bench` prints).
func expectRefusal(_ run: BenchRun, _ error: CLIError?, sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(error != nil, "the command line was accepted in process", sourceLocation: sourceLocation)
    guard let error else { return }
    #expect(run.code == error.code.rawValue, "\(run.stderr)", sourceLocation: sourceLocation)
    #expect(run.stdout.isEmpty, "\(run.stdout)", sourceLocation: sourceLocation)
    #expect(run.stderr == "bench: \(escapingUnusualCharacters(error.message))\n", sourceLocation: sourceLocation)
}

/// Runs `bench arguments` both in this process and as the real process, checks that the process
/// is the in-process error's refusal (`expectRefusal`) with exit code `code`, and returns that
/// error so the caller can assert its fields. `fitsWidth` as for `runBench`.
@discardableResult
func expectRefused(
    _ arguments: [String], code: ExitCode = .usage, fitsWidth: Bool = false, in directory: URL? = nil,
    environment: [String: String] = [:], sourceLocation: SourceLocation = #_sourceLocation
) throws -> CLIError? {
    // The same command line the process gets (`runBench` adds `--wide` unless `fitsWidth`).
    let given = fitsWidth || arguments.contains("--wide") ? arguments : ["--wide"] + arguments
    let error = benchError(given)
    #expect(error?.code == code, "\(String(describing: error))", sourceLocation: sourceLocation)
    expectRefusal(try runBench(given, in: directory, environment: environment, fitsWidth: true), error, sourceLocation: sourceLocation)
    return error
}
