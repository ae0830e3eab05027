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
/// error's message as the one line on stderr.
func expectRefusal(_ run: BenchRun, _ error: CLIError?, sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(error != nil, "the command line was accepted in process", sourceLocation: sourceLocation)
    guard let error else { return }
    #expect(run.code == error.code.rawValue, "\(run.stderr)", sourceLocation: sourceLocation)
    #expect(run.stdout.isEmpty, "\(run.stdout)", sourceLocation: sourceLocation)
    #expect(run.stderr == "bench: \(error.message)\n", sourceLocation: sourceLocation)
}
