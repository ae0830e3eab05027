// The pattern: every library product keeps one runnable example, and this file keeps it honest.
//
// - Each `.library(name: "X", …)` in Package.swift has a DocC root page
//   `Sources/X/X.docc/X.md` with a `## Example` section holding exactly one ```swift block that
//   starts with its `import` lines.
// - `Tests/DocumentationTests/XExample.swift` has `@Test func xExample() throws` whose lines
//   between `// example:begin` and `// example:end` are that block without its imports (the
//   region is de-indented before comparing). The example prints its results with the expected
//   output as a trailing comment (`print(length)  // 157.08`); after `// example:end` the test
//   pins those values with `#expect`.
// - The test below compares page and region line by line and names the first line that
//   differs. So an example edited on the page but not in the test (or the reverse) fails here,
//   an example that no longer compiles fails the build, one that computes something else fails
//   its `#expect`s, and a library added without an example fails here too.

import Foundation
import Testing

/// Reads the package's library products, their DocC pages and the marked example regions.
enum DocumentationExample {
    /// The package root: this file is `Tests/DocumentationTests/<this file>`.
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func read(_ relativePath: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent(relativePath), encoding: .utf8)
    }

    static func exists(_ relativePath: String) -> Bool {
        FileManager.default.fileExists(atPath: root.appendingPathComponent(relativePath).path)
    }

    /// The names of the `.library(name: "X"` products in `manifest`, in order.
    static func libraryNames(inManifest manifest: String) -> [String] {
        manifest.matches(of: /\.library\(\s*name:\s*"([^"]+)"/).map { String($0.output.1) }
    }

    /// The library products of Package.swift (empty if it cannot be read: the test that
    /// requires a non-empty list then fails, rather than test discovery).
    static func libraryNames() -> [String] {
        (try? libraryNames(inManifest: read("Package.swift"))) ?? []
    }

    /// `BenchKit` → `benchKitExample`, `JSONDocument` → `jsonDocumentExample` (a leading
    /// acronym is lowered whole, as Swift's API guidelines case it): the test function the
    /// example file must declare.
    static func testFunctionName(for library: String) -> String {
        let letters = Array(library)
        var upper = 0
        while upper < letters.count, letters[upper].isUppercase { upper += 1 }
        // In "JSONDocument" the run of capitals ends with the "D" that starts the next word.
        let lowered = upper > 1 && upper < letters.count ? upper - 1 : max(upper, 1)
        return String(letters.prefix(lowered)).lowercased() + String(letters.dropFirst(lowered)) + "Example"
    }

    /// Lines of a file and the 1-based line number of the first one there.
    struct Excerpt: Equatable {
        var lines: [String]
        var firstLine: Int
    }

    /// The one ```swift block in the `## Example` section of a DocC page (up to the next `#` or
    /// `##` heading), without its leading `import` lines and the blank lines after them.
    /// - Throws: a description of what the page lacks.
    static func exampleBlock(inPage page: String) throws -> Excerpt {
        let lines = page.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard let heading = lines.firstIndex(where: { $0.trimmingCharacters(in: .whitespaces) == "## Example" }) else {
            throw Failure("no '## Example' section")
        }
        var blocks: [(language: String, lines: ArraySlice<String>)] = []
        var current: (language: String, lines: ArraySlice<String>)?
        for (index, line) in zip(lines.indices, lines).dropFirst(heading + 1) {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if current == nil, trimmed.hasPrefix("# ") || trimmed.hasPrefix("## ") { break }
            if trimmed.hasPrefix("```") {
                if let block = current {
                    blocks.append(block)
                    current = nil
                } else {
                    current = (String(trimmed.dropFirst(3)), lines[(index + 1)..<(index + 1)])
                }
            } else if let block = current {
                current = (block.language, lines[block.lines.startIndex...index])
            }
        }
        guard current == nil else { throw Failure("a code block under '## Example' is not closed") }
        guard blocks.count == 1 else {
            throw Failure("'## Example' holds \(blocks.count) code blocks; expected exactly one")
        }
        guard blocks[0].language == "swift" else {
            throw Failure("the code block under '## Example' is '\(blocks[0].language)', not 'swift'")
        }
        var body = blocks[0].lines
        guard body.first?.hasPrefix("import ") == true else {
            throw Failure("the example does not start with its 'import' lines")
        }
        while let first = body.first, first.hasPrefix("import ") || first.trimmingCharacters(in: .whitespaces).isEmpty {
            body = body.dropFirst()
        }
        return Excerpt(lines: Array(body), firstLine: body.startIndex + 1)
    }

    /// The lines strictly between `// example:begin` and `// example:end`, de-indented.
    /// - Throws: a description of a missing or repeated marker.
    static func markedRegion(inSource source: String) throws -> Excerpt {
        let lines = source.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let marker = { (name: String) in
            lines.indices.filter { lines[$0].trimmingCharacters(in: .whitespaces) == "// example:\(name)" }
        }
        let begins = marker("begin"), ends = marker("end")
        guard begins.count == 1, ends.count == 1, begins[0] < ends[0] else {
            throw Failure(
                "expected one '// example:begin' before one '// example:end'; found \(begins.count) and \(ends.count)")
        }
        return Excerpt(lines: deindented(Array(lines[(begins[0] + 1)..<ends[0]])), firstLine: begins[0] + 2)
    }

    /// `lines` without the indentation all non-blank lines share; blank lines become empty.
    static func deindented(_ lines: [String]) -> [String] {
        let indents = lines.filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
            .map { $0.prefix { $0 == " " }.count }
        let common = indents.min() ?? 0
        return lines.map { $0.trimmingCharacters(in: .whitespaces).isEmpty ? "" : String($0.dropFirst(common)) }
    }

    /// `nil` when equal, otherwise the first differing line, with its line number in each file
    /// and both versions.
    static func firstDifference(page: Excerpt, test: Excerpt) -> String? {
        let count = max(page.lines.count, test.lines.count)
        for index in 0..<count {
            let a = index < page.lines.count ? page.lines[index] : "<end of the page's example>"
            let b = index < test.lines.count ? test.lines[index] : "<end of the test's region>"
            if a != b {
                return "the example differs at page line \(page.firstLine + index), test line \(test.firstLine + index):\n  page: \(a)\n  test: \(b)"
            }
        }
        return nil
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }
}

@Suite struct DocumentationExampleTests {
    @Test func packageDeclaresLibraries() throws {
        let names = DocumentationExample.libraryNames()
        #expect(names.contains("BezierKernels"), "Package.swift's .library entries were not found: \(names)")
        #expect(Set(names).count == names.count)
    }

    @Test(arguments: DocumentationExample.libraryNames())
    func libraryHasACheckedExample(_ library: String) throws {
        let pagePath = "Sources/\(library)/\(library).docc/\(library).md"
        let testPath = "Tests/DocumentationTests/\(library)Example.swift"
        try #require(DocumentationExample.exists(pagePath), "\(library) has no DocC page at \(pagePath)")
        try #require(DocumentationExample.exists(testPath), "\(library) has no example test at \(testPath)")

        let page = try DocumentationExample.read(pagePath)
        #expect(page.hasPrefix("# ``\(library)``"), "\(pagePath) must start with the title # ``\(library)``")
        let block = try DocumentationExample.exampleBlock(inPage: page)
        let source = try DocumentationExample.read(testPath)
        let function = DocumentationExample.testFunctionName(for: library)
        #expect(source.contains("func \(function)()"), "\(testPath) must declare @Test func \(function)()")
        let region = try DocumentationExample.markedRegion(inSource: source)
        #expect(!block.lines.isEmpty, "\(pagePath): the example has only imports")
        if let difference = DocumentationExample.firstDifference(page: block, test: region) {
            Issue.record("\(pagePath) and \(testPath): \(difference)")
        }
    }

    // MARK: The checker itself, on small pages

    @Test func readsTheOneBlockUnderExample() throws {
        let page = """
            # ``Lib``

            ```swift
            ignored()
            ```

            ## Example

            ```swift
            import Lib
            import Foundation

            print(1)  // 1
            ```

            ## Topics
            """
        #expect(
            try DocumentationExample.exampleBlock(inPage: page)
                == DocumentationExample.Excerpt(lines: ["print(1)  // 1"], firstLine: 13))
    }

    @Test(arguments: [
        ("# ``Lib``\n", "no '## Example' section"),
        ("## Example\n```swift\nimport Lib\na()\n```\n```swift\nimport Lib\nb()\n```\n", "holds 2 code blocks"),
        ("## Example\n```\nimport Lib\na()\n```\n", "is '', not 'swift'"),
        ("## Example\n```swift\na()\n```\n", "does not start with its 'import' lines"),
        ("## Example\n```swift\nimport Lib\na()\n", "is not closed"),
        ("## Example\n## Topics\n```swift\nimport Lib\na()\n```\n", "holds 0 code blocks"),
    ])
    func rejectsMalformedPages(page: String, reason: String) {
        #expect {
            try DocumentationExample.exampleBlock(inPage: page)
        } throws: { error in
            "\(error)".contains(reason)
        }
    }

    @Test func deindentsTheMarkedRegion() throws {
        let source = """
            @Test func libExample() throws {
                // example:begin
                let x = 1

                if x > 0 {
                    print(x)  // 1
                }
                // example:end
                #expect(x == 1)
            }
            """
        #expect(
            try DocumentationExample.markedRegion(inSource: source)
                == DocumentationExample.Excerpt(
                    lines: ["let x = 1", "", "if x > 0 {", "    print(x)  // 1", "}"], firstLine: 3))
        #expect(throws: DocumentationExample.Failure.self) {
            try DocumentationExample.markedRegion(inSource: "// example:end\n// example:begin\n")
        }
    }

    @Test func namesTheFirstDifferingLine() {
        typealias Excerpt = DocumentationExample.Excerpt
        let page = Excerpt(lines: ["a", "b"], firstLine: 20)
        #expect(DocumentationExample.firstDifference(page: page, test: Excerpt(lines: ["a", "b"], firstLine: 9)) == nil)
        #expect(
            DocumentationExample.firstDifference(page: page, test: Excerpt(lines: ["a", "c"], firstLine: 9))
                == "the example differs at page line 21, test line 10:\n  page: b\n  test: c")
        #expect(
            DocumentationExample.firstDifference(page: page, test: Excerpt(lines: ["a", "b", "c"], firstLine: 9))
                == "the example differs at page line 22, test line 11:\n  page: <end of the page's example>\n  test: c")
    }

    @Test func readsLibraryNamesAndTestNames() {
        let manifest = """
            .executable(name: "bench", targets: ["bench"]),
            .library(name: "BezierKernels", targets: ["BezierKernels"]),
            .library( name: "BenchKit", targets: ["BenchKit"]),
            """
        #expect(DocumentationExample.libraryNames(inManifest: manifest) == ["BezierKernels", "BenchKit"])
        #expect(DocumentationExample.testFunctionName(for: "BenchKit") == "benchKitExample")
    }
}
