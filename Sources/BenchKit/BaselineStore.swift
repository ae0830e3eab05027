import Foundation

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

    /// The file of baseline `name`.
    ///
    /// - Throws: ``BenchKitError/invalidBaselineName(_:)`` unless `name` is a plain file name
    ///   (letters, digits, `.`, `_`, `-`, not starting with `.`), so a name can never escape
    ///   the directory.
    public func url(forName name: String) throws -> URL {
        guard let first = name.unicodeScalars.first, first != ".",
              name.unicodeScalars.allSatisfy({ $0.isASCII && (CharacterSet.alphanumerics.contains($0) || "._-".unicodeScalars.contains($0)) })
        else { throw BenchKitError.invalidBaselineName(name) }
        return directory.appendingPathComponent(name + ".json")
    }

    /// Saves `report` as baseline `name`, atomically (a reader or a crash never sees half a
    /// file), creating the directory if needed. Returns the file written.
    @discardableResult
    public func save(_ report: RunReport, as name: String) throws -> URL {
        let url = try url(forName: name)
        try report.write(to: url)
        return url
    }

    /// Loads baseline `name`.
    ///
    /// - Throws: ``BenchKitError/missingBaseline(path:)`` when there is no such file,
    ///   ``BenchKitError/corruptBaseline(path:reason:)`` when it is not a readable
    ///   `flightline.run/1` document; both name the file.
    public func load(_ name: String) throws -> RunReport {
        let url = try url(forName: name)
        guard FileManager.default.fileExists(atPath: url.path) else {
            throw BenchKitError.missingBaseline(path: url.path)
        }
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw BenchKitError.corruptBaseline(path: url.path, reason: "cannot read it: \((error as NSError).localizedDescription)")
        }
        return try RunReport(jsonData: data, source: url.path)
    }

    /// Names of the saved baselines, sorted.
    public func names() -> [String] {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return files.filter { $0.hasSuffix(".json") && !$0.hasPrefix(".") }.map { String($0.dropLast(5)) }.sorted()
    }
}
