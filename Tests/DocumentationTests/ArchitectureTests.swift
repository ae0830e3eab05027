import Foundation
import Testing

/// ARCHITECTURE.md's target table is a contract: each row names a target, its folder and the
/// project modules it may import. These tests hold every target's `import` lines to it, and
/// every source folder to having a row, so the table cannot drift from the code.
@Suite("ARCHITECTURE.md's import table")
struct ArchitectureTests {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// One row: the target, its folder, the project modules it may import.
    struct Row: Equatable {
        var target: String
        var folder: String
        var allowed: Set<String>
    }

    /// The rows of the table `| target | folder | owns | may import |`: names in backticks;
    /// `—` in the last column allows nothing.
    static func rows(of markdown: String) -> [Row] {
        markdown.split(separator: "\n").compactMap { line -> Row? in
            guard line.hasPrefix("| `") else { return nil }
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
            guard cells.count >= 6 else { return nil }
            return Row(target: names(in: cells[1]).first ?? "", folder: names(in: cells[2]).first ?? "",
                       allowed: Set(names(in: cells[cells.count - 2])))
        }
    }

    /// The backticked words of a cell, in order.
    static func names(in cell: String) -> [String] {
        cell.split(separator: "`", omittingEmptySubsequences: false).enumerated().filter { $0.offset % 2 == 1 }.map { String($0.element) }
    }

    /// The modules a Swift source imports (`import X`, `@testable import X`, `public import X`).
    static func imports(in source: String) -> Set<String> {
        var modules: Set<String> = []
        for line in source.split(separator: "\n") {
            let words = line.split(separator: " ").map(String.init)
            guard let index = words.firstIndex(of: "import"), index + 1 < words.count,
                  words[..<index].allSatisfy({ $0.hasPrefix("@") || ["public", "internal", "package", "private", "fileprivate"].contains($0) })
            else { continue }
            modules.insert(words[index + 1].split(separator: ".").first.map(String.init) ?? "")
        }
        return modules
    }

    /// Each import of a project module that the importing target's row does not allow, as
    /// `Target imports Module`.
    static func violations(rows: [Row], imports: [String: Set<String>]) -> [String] {
        let project = Set(rows.map(\.target))
        return rows.flatMap { row in
            (imports[row.target] ?? []).intersection(project).subtracting(row.allowed).subtracting([row.target]).sorted()
                .map { "\(row.target) imports \($0), which its row in ARCHITECTURE.md does not allow" }
        }
    }

    static func table() throws -> [Row] {
        try rows(of: String(contentsOf: root.appendingPathComponent("ARCHITECTURE.md"), encoding: .utf8))
    }

    static func sourceImports(of folder: String) throws -> Set<String> {
        let directory = root.appendingPathComponent(folder)
        guard let files = FileManager.default.enumerator(at: directory, includingPropertiesForKeys: nil) else { return [] }
        var modules: Set<String> = []
        for case let file as URL in files where file.pathExtension == "swift" {
            modules.formUnion(imports(in: try String(contentsOf: file, encoding: .utf8)))
        }
        return modules
    }

    @Test func everyTargetImportsOnlyWhatItsRowAllows() throws {
        let rows = try Self.table()
        #expect(rows.count >= 17, "the table was not found or not parsed: \(rows.map(\.target))")
        var imports: [String: Set<String>] = [:]
        for row in rows { imports[row.target] = try Self.sourceImports(of: row.folder) }
        let problems = Self.violations(rows: rows, imports: imports)
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
    }

    @Test func everySourceFolderHasARow() throws {
        let folders = Set(try Self.table().map(\.folder))
        let sources = try FileManager.default.contentsOfDirectory(atPath: Self.root.appendingPathComponent("Sources").path)
            .filter { !$0.hasPrefix(".") }.map { "Sources/\($0)" }
        for folder in sources.sorted() { #expect(folders.contains(folder), "\(folder) has no row in ARCHITECTURE.md's table") }
        #expect(folders.contains("Benchmarks/Suites"))
    }

    /// The check can fail: a row that forbids what the code imports is reported, system modules
    /// are not, and a target may name itself.
    @Test func aForbiddenImportIsReported() {
        let table = """
        | target | folder | owns | may import |
        |---|---|---|---|
        | `Motion` | `Sources/Motion` | scenes | `BezierKernels` |
        | `BezierKernels` | `Sources/BezierKernels` | curves | — |
        | `JSONDocument` | `Sources/JSONDocument` | JSON | — |
        """
        let rows = Self.rows(of: table)
        #expect(rows == [Row(target: "Motion", folder: "Sources/Motion", allowed: ["BezierKernels"]),
                         Row(target: "BezierKernels", folder: "Sources/BezierKernels", allowed: []),
                         Row(target: "JSONDocument", folder: "Sources/JSONDocument", allowed: [])])
        let imports = Self.imports(in: "import Foundation\n@testable import JSONDocument\npublic import BezierKernels\n// import Nothing\nlet x = 1")
        #expect(imports == ["Foundation", "JSONDocument", "BezierKernels"])
        #expect(Self.violations(rows: rows, imports: ["Motion": imports, "BezierKernels": ["Foundation", "BezierKernels"]])
            == ["Motion imports JSONDocument, which its row in ARCHITECTURE.md does not allow"])
    }
}
