import Foundation

/// A `flightline.run/1` document (docs/design.md §3): how the code was built, where it ran, with which
/// settings, and every result, sorted by name so that documents diff cleanly.
///
///     let report = outcome.report()
///     try report.write(toPath: "run.json")      // or report.jsonData()
public struct RunReport: Codable, Equatable, Sendable {
    /// The schema string of this kind and version of document.
    public static let schemaIdentifier = "flightline.run/1"

    public var schema: String
    public var build: BuildDescription
    public var machine: MachineDescription
    public var settings: RunSettings
    /// Sorted by name.
    public var results: [BenchmarkResult]
    /// Benchmarks whose check failed, sorted by name (empty when all passed).
    public var failures: [ReferenceFailure]
    /// How many CPUs' worth of work other processes did on average while this run measured
    /// (``MachineLoad``), where `/proc` tells; above ``MachineLoad/busyThreshold`` the times
    /// are unreliable for comparisons.
    public var otherProcessesCPUs: Double?
    /// Whether results carry hardware counts and allocation counts, and why not (absent in
    /// documents written before counters existed).
    public var counting: CountingStatus?
    /// `bench run --aa`: each benchmark raced against itself (absent otherwise).
    public var aaControl: [AAControl]?

    public init(build: BuildDescription, machine: MachineDescription, settings: RunSettings,
                results: [BenchmarkResult], failures: [ReferenceFailure] = []) {
        schema = RunReport.schemaIdentifier
        self.build = build
        self.machine = machine
        self.settings = settings
        self.results = results.sorted { $0.name < $1.name }
        self.failures = failures.sorted { $0.name < $1.name }
    }

    /// This report with each benchmark's result replaced by the fastest among this run and
    /// `others` (lowest median time, highest median rate), and ``RunSettings/fastestOfRuns``
    /// set. A benchmark missing from some runs keeps the best of those that have it.
    ///
    /// Noise on a shared machine slows a run down, it does not speed it up: a busy spell of a
    /// few milliseconds can cover all of one benchmark's samples and leave a tight interval
    /// around a slow median. A baseline kept as the fastest of several runs in separate
    /// processes is what the machine does when it is not disturbed — what a comparison, which
    /// measures suspects again before it flags them, is held against.
    ///
    /// - Complexity: O(r · n) for r runs of n results.
    public func keepingFastest(of others: [RunReport]) -> RunReport {
        var best = self
        for (index, result) in results.enumerated() {
            var slowest = result
            for other in others {
                guard let candidate = other.result(named: result.name), candidate.unit == result.unit,
                      candidate.higherIsBetter == result.higherIsBetter else { continue }
                let current = best.results[index]
                let faster = candidate.higherIsBetter ? candidate.median > current.median : candidate.median < current.median
                if faster { best.results[index] = candidate }
                let slower = candidate.higherIsBetter ? candidate.median < slowest.median : candidate.median > slowest.median
                if slower { slowest = candidate }
            }
            // Times: slowest ÷ fastest − 1; rates: fastest ÷ slowest − 1 (positive is worse, as a
            // slowdown in BaselineComparison).
            let fastest = best.results[index].median
            let spread = result.higherIsBetter ? fastest / slowest.median - 1 : slowest.median / fastest - 1
            best.results[index].processSpread = others.isEmpty || !spread.isFinite ? nil : max(0, spread)
        }
        best.settings.fastestOfRuns = 1 + others.count
        return best
    }

    /// The result named `name`, if present.
    public func result(named name: String) -> BenchmarkResult? {
        results.first { $0.name == name }
    }

    /// The document as UTF-8 JSON with sorted keys, ending in a newline; pretty-printed unless
    /// `prettyPrinted` is false (one line, for machines).
    ///
    /// - Throws: ``BenchKitError/encodingFailed(_:)`` (a non-finite number, which the runner
    ///   never produces).
    public func jsonData(prettyPrinted: Bool = true) throws -> Data {
        try FormatEncoder.encode(self, prettyPrinted: prettyPrinted)
    }

    /// Reads a document, checking its schema.
    ///
    /// - Parameter source: named in error messages (a path, usually).
    /// - Throws: ``BenchKitError/corruptBaseline(path:reason:key:expected:)`` with a one-line
    ///   reason, the key path of the bad value and what was expected there.
    public init(jsonData data: Data, source: String) throws {
        let decoded: RunReport
        do {
            decoded = try JSONDecoder().decode(RunReport.self, from: data)
        } catch let error as DecodingError {
            throw BenchKitError.corruptBaseline(path: source, reason: error.summary, key: error.keyPath, expected: error.expected)
        } catch {
            throw BenchKitError.corruptBaseline(path: source, reason: "\(error)")
        }
        guard decoded.schema == RunReport.schemaIdentifier else {
            throw BenchKitError.corruptBaseline(
                path: source, reason: "schema is '\(decoded.schema)', expected '\(RunReport.schemaIdentifier)'", key: "schema",
                expected: "'\(RunReport.schemaIdentifier)'")
        }
        for (index, result) in decoded.results.enumerated() {
            for (field, value) in [("median", result.median), ("min", result.minimum), ("p90", result.p90)] where !(value > 0 && value.isFinite) {
                throw BenchKitError.corruptBaseline(
                    path: source, reason: "results[\(index)].\(field) must be a positive finite number, got \(value)", key: "results[\(index)].\(field)",
                    expected: "a positive finite number")
            }
        }
        self = decoded
    }

    /// Writes the JSON to `path` by ``OutputFile``'s rules: a regular file atomically
    /// (temporary file in the same folder, then `rename`), a device or FIFO directly, through a
    /// symbolic link to its target.
    ///
    /// - Parameter createDirectories: create a missing parent folder instead of failing.
    public func write(toPath path: String, createDirectories: Bool = false) throws {
        try OutputFile.write(try jsonData(), toPath: path, createDirectories: createDirectories)
    }
}

/// The options a run used, recorded so a reader knows what the numbers rest on.
public struct RunSettings: Codable, Equatable, Sendable {
    public var quick: Bool
    public var sampleTargetNanoseconds: UInt64
    public var samples: Int
    public var warmupSamples: Int
    public var resamples: Int
    public var seed: UInt64
    public var noiseThreshold: Double
    /// For a baseline kept as each benchmark's fastest of several runs in separate processes
    /// (``RunReport/keepingFastest(of:)``), how many runs; omitted for a single run.
    public var fastestOfRuns: Int?

    public init(_ options: RunOptions) {
        quick = options.isQuick
        sampleTargetNanoseconds = options.sampleTargetNanoseconds
        samples = options.samples
        warmupSamples = options.warmupSamples
        resamples = options.resamples
        seed = options.seed
        noiseThreshold = options.noiseThreshold
    }
}

extension DecodingError {
    /// The key path (`results[2].median`) of the coding path, `nil` when empty (the document).
    static func keyPath(_ codingPath: [any CodingKey]) -> String? {
        let joined = codingPath.map { key in key.intValue.map { "[\($0)]" } ?? ".\(key.stringValue)" }.joined()
        return joined.isEmpty ? nil : String(joined.drop { $0 == "." })
    }

    /// The key path of the bad value (of a missing key: the key's own), `nil` for the
    /// document as a whole.
    var keyPath: String? {
        switch self {
        case .dataCorrupted(let context), .typeMismatch(_, let context), .valueNotFound(_, let context):
            return DecodingError.keyPath(context.codingPath)
        case .keyNotFound(let key, let context):
            return DecodingError.keyPath(context.codingPath + [key])
        @unknown default:
            return nil
        }
    }

    /// What was expected at ``keyPath``, where the error is a mismatch of type.
    var expected: String? {
        switch self {
        case .typeMismatch(let type, _), .valueNotFound(let type, _): DecodingError.plainName(of: type)
        default: nil
        }
    }

    /// One line: what was wrong and where (`results[2].median`).
    var summary: String {
        func path(_ context: Context) -> String { DecodingError.keyPath(context.codingPath) ?? "the document" }
        switch self {
        case .dataCorrupted(let context):
            if context.codingPath.isEmpty { return "not valid JSON" }
            if context.debugDescription.contains("Number") || context.debugDescription.contains("number") {
                return "\(path(context)) is not a number that fits"
            }
            return "\(path(context)): \(context.debugDescription)"
        case .keyNotFound(let key, let context):
            let parent = path(context)
            return "missing key '\(key.stringValue)'" + (context.codingPath.isEmpty ? "" : " in \(parent)")
        case .typeMismatch(let type, let context):
            return "\(path(context)) should be \(DecodingError.plainName(of: type))"
        case .valueNotFound(let type, let context):
            return "\(path(context)) is null, expected \(DecodingError.plainName(of: type))"
        @unknown default:
            return "not a flightline.run/1 document"
        }
    }

    /// A Swift type as a JSON reader would say it: `Dictionary<String, Any>` → `a JSON object`.
    static func plainName(of type: Any.Type) -> String {
        let name = String(describing: type)
        if name.hasPrefix("Dictionary") { return "a JSON object" }
        if name.hasPrefix("Array") { return "an array" }
        if name.hasPrefix("String") { return "a string" }
        if name.hasPrefix("Bool") { return "true or false" }
        if ["Double", "Float", "Int", "UInt", "Int64", "UInt64", "Int32", "UInt32"].contains(name) { return "a number" }
        return "a JSON object"
    }
}

