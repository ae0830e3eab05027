import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// One recorded run: a line of `Benchmarks/history/NAME.jsonl` (`bench run --record`). The
/// results are the run's, without their sample values (a history keeps medians, intervals and
/// counts; the samples stay in the run's own JSON).
public struct HistoryRecord: Codable, Equatable, Sendable {
    /// The schema string of this kind and version of line.
    public static let schemaIdentifier = "flightline.history/1"

    public var schema: String
    /// When the run finished, ISO 8601 in UTC (`2026-11-03T14:05:09Z`).
    public var date: String
    /// The git commit of the measured code, when it was built from a checkout.
    public var commit: String?
    public var machine: MachineDescription
    public var build: BuildDescription
    public var settings: RunSettings
    /// Sorted by name, `sampleValues` emptied.
    public var results: [BenchmarkResult]
    public var counting: CountingStatus?

    /// The record of `report`, dated `date`.
    public init(report: RunReport, date: Date, commit: String?) {
        schema = HistoryRecord.schemaIdentifier
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = TimeZone(identifier: "UTC")
        self.date = formatter.string(from: date)
        self.commit = commit
        machine = report.machine
        build = report.build
        settings = report.settings
        results = report.results.map { result in
            var result = result
            result.values = []
            return result
        }
        counting = report.counting
    }

    /// The day of ``date`` (`2026-11-03`).
    public var day: String { String(date.prefix(10)) }
}

/// The history of runs on one machine: `NAME.jsonl`, one ``HistoryRecord`` per line, appended
/// atomically and read strictly.
///
///     try RunHistory.append(HistoryRecord(report: report, date: Date(), commit: "abc123"), toPath: path)
///     let history = try RunHistory.read(path)      // history.records, history.tornLine
///
/// Appending writes the whole line (newline included) with one `write(2)` on an `O_APPEND`
/// descriptor under an exclusive `flock`, then `fsync`s: concurrent appenders never interleave,
/// and a crash leaves at worst a last line without its newline — a **torn** line, which
/// ``read(_:)`` reports by number and leaves out, and ``append(_:toPath:)`` refuses to write
/// after (the new line would be glued to it).
public enum RunHistory {
    /// What a history file holds.
    public struct Contents: Sendable {
        /// Every complete line, in file order.
        public var records: [HistoryRecord]
        /// The 1-based number of a last line without its newline (an interrupted append), left
        /// out of ``records``; `nil` when the file ends cleanly.
        public var tornLine: Int?
    }

    /// Appends `record` as one line, creating the file (and its folder) if needed.
    ///
    /// - Throws: ``BenchKitError/tornHistory(path:line:)`` when the file ends in a torn line;
    ///   ``BenchKitError/writeFailed(path:reason:)`` when the file cannot be opened, locked,
    ///   written whole or synced, or is not a regular file.
    public static func append(_ record: HistoryRecord, toPath path: String) throws {
        func fail(_ reason: String) -> BenchKitError { .writeFailed(path: path, reason: reason) }
        // One line with its newline: the unit of an atomic append.
        let line = try FormatEncoder.encode(record, prettyPrinted: false)
        if let code = OutputFile.makeFolders(OutputFile.directoryName(of: path)) { throw fail(plainReason(code)) }
        let descriptor = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw fail(plainReason(errno)) }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw fail(plainReason(errno)) }
        guard info.st_mode & S_IFMT == S_IFREG else { throw fail("it is not a regular file") }
        guard flock(descriptor, LOCK_EX) == 0 else { throw fail("cannot lock it: \(plainReason(errno))") }
        defer { flock(descriptor, LOCK_UN) }
        // Under the lock, the tail is what the next reader will see before our line.
        if let torn = try tornLineNumber(path) { throw BenchKitError.tornHistory(path: path, line: torn) }
        let written = line.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        guard written == line.count else {
            throw fail(written < 0 ? plainReason(errno) : "only \(written) of \(line.count) bytes were written (the last line is now torn)")
        }
        guard fsync(descriptor) == 0 else { throw fail("fsync failed: \(plainReason(errno))") }
    }

    /// Reads every record.
    ///
    /// - Throws: ``BenchKitError/readFailed(path:reason:)``; ``BenchKitError/corruptHistory(path:line:reason:)``
    ///   for a complete line that is not a `flightline.history/1` record (named by its 1-based
    ///   number). A torn last line is not an error: it is reported in ``Contents/tornLine``.
    /// - Complexity: O(bytes).
    public static func read(_ path: String) throws -> Contents {
        let data = try InputFile.read(path)
        var lines = data.split(separator: 0x0a, omittingEmptySubsequences: false)
        var torn: Int?
        // A file ending in a newline splits into a last empty piece; anything else is torn.
        if let last = lines.last {
            if last.isEmpty { lines.removeLast() } else { torn = lines.count; lines.removeLast() }
        }
        let decoder = JSONDecoder()
        var records: [HistoryRecord] = []
        for (offset, line) in lines.enumerated() {
            let number = offset + 1
            guard !line.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0d }) else {
                throw BenchKitError.corruptHistory(path: path, line: number, reason: "the line is empty")
            }
            let record: HistoryRecord
            do {
                record = try decoder.decode(HistoryRecord.self, from: Data(line))
            } catch let error as DecodingError {
                throw BenchKitError.corruptHistory(path: path, line: number, reason: error.summary)
            }
            guard record.schema == HistoryRecord.schemaIdentifier else {
                throw BenchKitError.corruptHistory(path: path, line: number, reason: "schema is '\(record.schema)', expected '\(HistoryRecord.schemaIdentifier)'")
            }
            records.append(record)
        }
        return Contents(records: records, tornLine: torn)
    }

    /// The number of the file's torn last line, `nil` when it ends in a newline or is empty.
    private static func tornLineNumber(_ path: String) throws -> Int? {
        let data = try InputFile.read(path)
        guard let last = data.last, last != 0x0a else { return nil }
        return data.reduce(1) { $0 + ($1 == 0x0a ? 1 : 0) }
    }
}

extension MachineDescription {
    /// A file-name-safe name for this machine's history (`xeon-platinum-8370c-2core`): the CPU
    /// model's words without vendor marks, clock and filler, then the core count. Deterministic,
    /// so each CI runner type records into its own file.
    public var slug: String {
        let dropped: Set<String> = ["intel", "amd", "r", "tm", "cpu", "processor", "core", "with", "radeon", "graphics", "apple", "unknown"]
        var model = cpu.lowercased()
        if let at = model.range(of: "@") { model = String(model[..<at.lowerBound]) }
        let all = model.split { !($0.isASCII && ($0.isLetter || $0.isNumber)) }.map(String.init)
        // Vendor marks, clock, filler, and the core count of "64-Core" (the cores come last).
        let words = all.indices.filter { index in
            let word = all[index]
            let countsCores = index + 1 < all.count && all[index + 1] == "core" && word.allSatisfy(\.isNumber)
            return !dropped.contains(word) && !word.hasSuffix("ghz") && !countsCores
        }.map { all[$0] }
        let stem = words.prefix(4).joined(separator: "-")
        return (stem.isEmpty ? "machine" : String(stem.prefix(40))) + "-\(cores)core"
    }
}

/// The git commit of a checkout, for a history record.
public enum GitCommit {
    /// `git rev-parse HEAD` in `directory`, with `-dirty` when tracked files differ from it; `nil`
    /// when the folder is not a git checkout or git is not installed.
    public static func current(in directory: URL) -> String? {
        guard let head = run(["rev-parse", "HEAD"], in: directory), head.count >= 7,
              head.allSatisfy(\.isHexDigit) else { return nil }
        let status = run(["status", "--porcelain", "--untracked-files=no"], in: directory)
        return head + (status.map { $0.isEmpty ? "" : "-dirty" } ?? "")
    }

    private static func run(_ arguments: [String], in directory: URL) -> String? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git", "-C", directory.path] + arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            return nil
        }
        // Small outputs: read to the end, then wait.
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { return nil }
        return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
