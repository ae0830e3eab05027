import Foundation
import Testing
@testable import BenchKit

/// `bench report --out DIR` goes through `OutputFolder`: a whole folder or nothing.
@Suite struct OutputFolderTests {
    static func scratch() throws -> String {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("output-folder-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        return root.path
    }

    static func names(_ path: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).sorted()
    }

    let files: [(name: String, data: Data)] = [("a.svg", Data("<svg/>".utf8)), ("index.html", Data("page".utf8))]

    @Test func newFolderAppearsWholeAndNothingIsLeftBeside() throws {
        let root = try Self.scratch()
        defer { try? FileManager.default.removeItem(atPath: root) }
        try OutputFolder.write(files, toPath: root + "/report/", lastName: "index.html")
        #expect(Self.names(root) == ["report"])
        #expect(Self.names(root + "/report") == ["a.svg", "index.html"])
        #expect(try String(contentsOfFile: root + "/report/index.html", encoding: .utf8) == "page")
    }

    @Test func existingFolderGetsEachFileReplacedAndKeepsTheRest() throws {
        let root = try Self.scratch()
        defer { try? FileManager.default.removeItem(atPath: root) }
        try Data("old".utf8).write(to: URL(fileURLWithPath: root + "/index.html"))
        try Data("mine".utf8).write(to: URL(fileURLWithPath: root + "/notes.txt"))
        try OutputFolder.write(files, toPath: root, lastName: "index.html")
        #expect(Self.names(root) == ["a.svg", "index.html", "notes.txt"])
        #expect(try String(contentsOfFile: root + "/index.html", encoding: .utf8) == "page")
        #expect(Self.names(OutputFile.directoryName(of: root)).allSatisfy { !$0.contains(".partial-") })
    }

    @Test func refusalsNameThePathAndLeaveNothing() throws {
        let root = try Self.scratch()
        defer { try? FileManager.default.removeItem(atPath: root) }
        try Data("x".utf8).write(to: URL(fileURLWithPath: root + "/file"))
        func reason(_ path: String, _ files: [(name: String, data: Data)]? = nil) -> String? {
            do {
                try OutputFolder.write(files ?? self.files, toPath: path)
                return nil
            } catch let BenchKitError.writeFailed(_, reason) {
                return reason
            } catch {
                return "\(error)"
            }
        }
        #expect(reason(root + "/file") == "it is a regular file (expected a folder)")
        #expect(reason(root + "/file/sub")?.isEmpty == false)
        #expect(reason(root + "/missing/sub") == "the folder \(root)/missing: no such file or folder")
        #expect(reason("") == "the path is empty (expected a folder)")
        #expect(reason(root + "/r", [("../escape", Data())]) == "../escape is not a plain file name")
        #expect(Self.names(root) == ["file"])
        #expect(throws: BenchKitError.self) { try OutputFolder.check(root + "/file") }
    }
}
