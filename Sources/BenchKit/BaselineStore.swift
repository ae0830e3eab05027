import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Saved runs, one `NAME.json` per baseline in a directory (`Benchmarks/baselines` for
/// `bench`; the caller passes it).
///
///     let store = BaselineStore(directory: URL(fileURLWithPath: "Benchmarks/baselines"))
///     try store.save(report, as: "main")            // Benchmarks/baselines/main.json
///     let baseline = try store.load("main")
public struct BaselineStore: Sendable {
    public var directory: URL

    public init(directory: URL) {
        self.directory = directory
    }

    /// Longest baseline name accepted, in characters (without `.json`).
    public static let maximumNameLength = 64

    /// `name` as stored: one trailing `.json` dropped (`ci.json` names baseline `ci`).
    ///
    /// - Throws: ``BenchKitError/invalidBaselineName(_:)`` unless the rest is a plain file name
    ///   of at most ``maximumNameLength`` ASCII letters, digits, `.`, `_` or `-` that starts
    ///   with a letter or digit — so a name can never escape the folder, hide, or be an option
    ///   that lost its value (`--save-baseline --quick`).
    public static func normalizedName(_ name: String) throws -> String {
        let stem = name.hasSuffix(".json") ? String(name.dropLast(5)) : name
        guard let first = stem.unicodeScalars.first, first.isASCII, CharacterSet.alphanumerics.contains(first),
              stem.count <= maximumNameLength,
              stem.unicodeScalars.allSatisfy({ $0.isASCII && (CharacterSet.alphanumerics.contains($0) || "._-".unicodeScalars.contains($0)) })
        else { throw BenchKitError.invalidBaselineName(name) }
        return stem
    }

    /// The file of baseline `name` (``normalizedName(_:)``).
    public func url(forName name: String) throws -> URL {
        directory.appendingPathComponent(try BaselineStore.normalizedName(name) + ".json")
    }

    /// Saves `report` as baseline `name`, atomically (a reader or a crash never sees half a
    /// file), creating the directory if needed. Returns the file written.
    @discardableResult
    public func save(_ report: RunReport, as name: String) throws -> URL {
        let url = try url(forName: name)
        try report.write(toPath: url.path, createDirectories: true)
        return url
    }

    /// Loads baseline `name`.
    ///
    /// - Throws: ``BenchKitError/missingBaseline(path:)`` when there is no such file,
    ///   ``BenchKitError/corruptBaseline(path:reason:)`` when it is not a readable
    ///   `flightline.run/1` document; both name the file.
    public func load(_ name: String) throws -> RunReport {
        let url = try url(forName: name)
        var info = stat()
        guard stat(url.path, &info) == 0 || errno != ENOENT else {
            throw BenchKitError.missingBaseline(path: url.path)
        }
        return try RunReport(jsonData: try InputFile.read(url.path), source: url.path)
    }

    /// Names of the saved baselines, sorted.
    public func names() -> [String] {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return files.filter { $0.hasSuffix(".json") && !$0.hasPrefix(".") }.map { String($0.dropLast(5)) }.sorted()
    }
}
