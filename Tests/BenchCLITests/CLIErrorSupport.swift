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

/// The error dispatching `bench arguments` in this process throws, as thrown (a typed error of a
/// lower layer stays itself; `benchError` turns it into its usage message); `nil` when it succeeds.
func benchThrown(_ arguments: [String]) -> (any Error)? {
    let console = Console(environment: [:], stdoutIsTerminal: false, stderrIsTerminal: false)
    do {
        _ = try Bench.dispatch(arguments, console: console)
        return nil
    } catch {
        return error
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

/// Checks that `bench arguments` is refused as bad usage (`expectRefused`: exit 2, nothing on
/// stdout, the error's one line on stderr) and that the error names, as data, `option` (without
/// its dashes; `nil` for none), `value` (as typed, or the unknown option or argument; `nil` for
/// none) and `expected` (the values a fixed list allows, or the options a requirement names;
/// `nil` for none).
func expectRefusedNaming(
    _ arguments: [String], option: String?, value: String?, expected: [String]? = nil,
    sourceLocation: SourceLocation = #_sourceLocation
) throws {
    let error = try expectRefused(arguments, sourceLocation: sourceLocation)
    #expect(error?.option == option, "option of \(String(describing: error))", sourceLocation: sourceLocation)
    #expect(error?.value == value, "value of \(String(describing: error))", sourceLocation: sourceLocation)
    #expect(error?.expected == expected, "expected of \(String(describing: error))", sourceLocation: sourceLocation)
}
