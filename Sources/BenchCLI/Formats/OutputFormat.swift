/// The kinds of document `bench run --format` and `bench validate --format` write (issue 16:
/// the formats CI tools read). Each is written by one writer: the run's by BenchKit (a Swift
/// user can call them on a `RunReport` without the CLI), validate's by `SceneReport`.
enum OutputFormat: String, CaseIterable, Sendable {
    case json
    case githubActionBenchmark = "github-action-benchmark"
    case bencher
    case googleBenchmark = "google-benchmark"
    case junit
    case markdown

    /// The formats `bench run` writes (`junit` only with `--compare`).
    static let run: [OutputFormat] = [.json, .githubActionBenchmark, .bencher, .googleBenchmark, .junit, .markdown]
    /// The formats `bench validate` writes: scenes have verdicts, not times.
    static let validate: [OutputFormat] = [.json, .junit, .markdown]

    /// What error messages call the document: `cannot write the JUnit XML to PATH: …`.
    var documentName: String {
        switch self {
        case .json: "the JSON"
        case .githubActionBenchmark: "the github-action-benchmark JSON"
        case .bencher: "the Bencher JSON"
        case .googleBenchmark: "the Google Benchmark JSON"
        case .junit: "the JUnit XML"
        case .markdown: "the Markdown"
        }
    }

    /// `--format F`: what `--json FILE` writes, and where `--json` is absent, what is printed
    /// to stdout instead of the text report.
    static func spec(_ formats: [OutputFormat]) -> OptionSpec {
        .option("format", "F", "the document --json FILE writes, or stdout without --json: \(formats.map(\.rawValue).joined(separator: ", ")) (default json)")
    }

    /// The format given (default ``json``) and the destination of the document: `--json`'s,
    /// else `-` (stdout) when `--format` was given, else none.
    ///
    /// - Throws: a usage error naming the formats `command` writes, for an unknown format or
    ///   one that does not apply to the command.
    static func parse(_ arguments: Arguments, allowed: [OutputFormat], command: String) throws -> (format: OutputFormat, destination: String?) {
        guard let text = arguments.string("format") else { return (.json, arguments.string("json")) }
        let names = allowed.map(\.rawValue).joined(separator: ", ")
        guard let format = OutputFormat(rawValue: text) else {
            throw CLIError.usage("--format expects one of \(names), got \(quoted(text))", option: "format", value: text, expected: allowed.map(\.rawValue))
        }
        guard allowed.contains(format) else {
            throw CLIError.usage("--format \(text) does not apply to 'bench \(command)'; it writes \(names)", option: "format", value: text, expected: allowed.map(\.rawValue))
        }
        return (format, arguments.string("json") ?? "-")
    }
}
