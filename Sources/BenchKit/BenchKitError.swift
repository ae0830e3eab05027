/// Everything BenchKit rejects, each with a one-line description that names the bad value and
/// what was expected, so a command line can print it as is and exit 2 (or 3 for a reference
/// failure, which is reported separately as a ``ReferenceFailure``, not thrown).
public enum BenchKitError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A benchmark or reference name that is not `area/kernel` (lower-case segments).
    case invalidName(String)
    /// Two benchmarks in one run share a name.
    case duplicateName(String)
    /// A definition or option value out of range (`what` names it, `expected` says the range).
    case invalidValue(what: String, value: String, expected: String)
    /// A statistic was asked of no samples.
    case emptySample(String)
    /// A sample value was NaN or infinite.
    case nonFiniteSample(String)
    /// The `--filter` pattern does not compile.
    case invalidPattern(pattern: String, reason: String)
    /// Timing was requested from an unoptimized build.
    case unoptimizedBuild
    /// A baseline name that is not a plain file name.
    case invalidBaselineName(String)
    /// A baseline file is missing.
    case missingBaseline(path: String)
    /// A baseline file exists but cannot be read as a `flightline.run/1` document: `reason` in
    /// words, and as data the JSON key path of the bad value (`results[0].median`, `schema`;
    /// `nil` for the document as a whole) and what was expected there (`a positive finite
    /// number`, `'flightline.run/1'`; `nil` when the reason is not a mismatch).
    case corruptBaseline(path: String, reason: String, key: String? = nil, expected: String? = nil)
    /// Writing a baseline or report failed.
    case writeFailed(path: String, reason: String)
    /// Reading a file failed (it exists, or may, but cannot be read).
    case readFailed(path: String, reason: String)
    /// A document could not be encoded as JSON (a non-finite number, usually).
    case encodingFailed(String)
    /// A registered suite could not build its benchmarks (``BenchmarkRegistry``): its inputs or
    /// references failed, so nothing of it can be checked or timed.
    case suiteFailed(subject: String, reason: String)
    /// A complete line of a history file is not a `flightline.history/1` record.
    case corruptHistory(path: String, line: Int, reason: String)
    /// A history file ends in a torn line (an interrupted append): appending after it would
    /// glue the new record to it.
    case tornHistory(path: String, line: Int)
    /// Documents that cannot be merged (``MergedRuns``): the problem names them.
    case cannotMerge(MergeProblem)

    public var description: String {
        let text: String
        switch self {
        case .invalidName(let name):
            text = "benchmark name must be lower-case 'area/kernel' segments of a-z, 0-9, '.', '_' or '-', got '\(name)'"
        case .duplicateName(let name):
            text = "benchmark names must be unique in a run, got '\(name)' twice"
        case .invalidValue(let what, let value, let expected):
            text = "\(what) must be \(expected), got \(value)"
        case .emptySample(let what):
            text = "\(what) needs at least one sample, got none"
        case .nonFiniteSample(let what):
            text = "\(what) needs finite samples, got NaN or infinity"
        case .invalidPattern(let pattern, let reason):
            text = "invalid regular expression '\(pattern)': \(reason)"
        case .unoptimizedBuild:
            text = "refusing to time a debug build: build with -c release (swift run -c release bench run)"
        case .invalidBaselineName(let name):
            let rule = "a baseline name is 1 to \(BaselineStore.maximumNameLength) letters, digits, '.', '_' or '-', starting with a letter or digit"
            if name.hasPrefix("-") {
                text = "\(rule); got '\(name)', which looks like an option (is the name missing?)"
            } else if name.count > BaselineStore.maximumNameLength + 5 {
                text = "\(rule); got a name of \(name.count) characters ('\(name.prefix(20))…')"
            } else {
                text = "\(rule); got '\(name)'"
            }
        case .missingBaseline(let path):
            text = "baseline \(path) does not exist"
        case .corruptBaseline(let path, let reason, _, _):
            text = "baseline \(path) is not a valid flightline.run/1 document: \(reason)"
        case .writeFailed(let path, let reason):
            text = "cannot write \(path): \(reason)"
        case .readFailed(let path, let reason):
            text = "cannot read \(path): \(reason)"
        case .encodingFailed(let reason):
            text = "cannot encode the run as JSON: \(reason)"
        case .suiteFailed(let subject, let reason):
            text = "cannot build the \(subject) benchmarks: \(reason)"
        case .corruptHistory(let path, let line, let reason):
            text = "history \(path) line \(line) is not a flightline.history/1 record: \(reason)"
        case .cannotMerge(let problem):
            text = "cannot merge: \(problem)"
        case .tornHistory(let path, let line):
            text = "history \(path) ends in a torn line \(line) (an interrupted append, no newline): remove that line, then record again"
        }
        return text.oneLine
    }
}

extension String {
    /// The text with line breaks and runs of white space folded into single spaces, so an error
    /// message stays one line whatever a lower layer put into it.
    var oneLine: String {
        split(whereSeparator: { $0.isNewline || $0 == "\t" }).map { $0.trimmingSpaces }.joined(separator: " ")
    }
}

extension Substring {
    var trimmingSpaces: Substring {
        var s = self
        while s.first == " " { s.removeFirst() }
        while s.last == " " { s.removeLast() }
        return s
    }
}

/// Why documents cannot be merged (``BenchKitError/cannotMerge(_:)``), each file and schema as
/// given; the description is the reason's words.
public enum MergeProblem: Equatable, Sendable, CustomStringConvertible {
    /// No document at all.
    case noDocuments
    /// `file` is not a JSON object.
    case notAnObject(file: String)
    /// `file` has no `schema`: not a Flightline document.
    case noSchema(file: String)
    /// Two documents of different schemas: the first document's and the first that differs.
    case differentSchemas(file: String, schema: String, otherFile: String, otherSchema: String)
    /// The documents share a schema, but not `expected` (`flightline.run/1`).
    case notRuns(file: String, schema: String, expected: String)

    public var description: String {
        switch self {
        case .noDocuments: "no documents given"
        case .notAnObject(let file): "\(file) is not a JSON object"
        case .noSchema(let file): "\(file) has no \"schema\": not a Flightline document"
        case let .differentSchemas(file, schema, otherFile, otherSchema):
            "the documents have different schemas: \(file) is '\(schema)', \(otherFile) is '\(otherSchema)'"
        case let .notRuns(file, schema, expected): "merge joins '\(expected)' documents ('bench run --json'); \(file) is '\(schema)'"
        }
    }
}
