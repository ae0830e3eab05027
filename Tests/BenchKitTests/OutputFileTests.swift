import Foundation
import Testing
@testable import BenchKit
#if canImport(Glibc)
import Glibc
#endif

/// `--json PATH` and baselines go through `OutputFile`: it must write what the user means and
/// never change what kind of file PATH is.
@Suite("Output files: atomic, through links, never replacing devices")
struct OutputFileTests {
    let document = Data("{\"schema\": \"test\"}\n".utf8)

    private func withScratch(_ body: (String) throws -> Void) throws {
        let root = scratchDirectory()
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        try body(root.path)
    }

    private func kind(_ path: String, follow: Bool = false) -> mode_t {
        var info = stat()
        let status = follow ? stat(path, &info) : lstat(path, &info)
        return status == 0 ? info.st_mode & S_IFMT : 0
    }

    private func mode(_ path: String) -> mode_t {
        var info = stat()
        return stat(path, &info) == 0 ? info.st_mode & 0o7777 : 0
    }

    private func failure(_ body: () throws -> Void) -> String? {
        do { try body() } catch let error as BenchKitError { return error.description } catch { return "\(error)" }
        return nil
    }

    @Test func regularFileIsReplacedWholeKeepingItsPermissionsAndLeavingNoTemporaryFile() throws {
        try withScratch { root in
            let path = root + "/out.json"
            try Data("old contents that are longer than the new ones".utf8).write(to: URL(fileURLWithPath: path))
            #expect(chmod(path, 0o640) == 0)
            try OutputFile.write(document, toPath: path)
            #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == document)
            #expect(kind(path) == S_IFREG)
            #expect(mode(path) == 0o640)
            #expect(try FileManager.default.contentsOfDirectory(atPath: root) == ["out.json"])
        }
    }

    @Test func newFileInAnExistingFolderIsCreated() throws {
        try withScratch { root in
            try OutputFile.write(document, toPath: root + "/new.json")
            #expect(try Data(contentsOf: URL(fileURLWithPath: root + "/new.json")) == document)
        }
    }

    /// A bare name lives in the current folder (the temporary file goes there too).
    @Test(arguments: [("out.json", "."), ("a/out.json", "a"), ("/out.json", "/"), ("/a/b/out.json", "/a/b")])
    func folderOfAPath(_ path: String, _ folder: String) {
        #expect(OutputFile.directoryName(of: path) == folder)
    }

    @Test(arguments: [false, true])
    func symbolicLinkIsWrittenThroughAndStaysALink(dangling: Bool) throws {
        try withScratch { root in
            let target = root + "/target.json", link = root + "/link.json"
            if !dangling { try Data("old".utf8).write(to: URL(fileURLWithPath: target)) }
            #expect(symlink("target.json", link) == 0)
            try OutputFile.write(document, toPath: link)
            #expect(kind(link) == S_IFLNK)
            #expect(kind(target) == S_IFREG)
            #expect(try Data(contentsOf: URL(fileURLWithPath: target)) == document)
        }
    }

    @Test func devNullIsWrittenAndStaysADevice() throws {
        // Classify first: a regression must never get as far as renaming over /dev/null.
        let destination = try OutputFile.destination(of: "/dev/null", createDirectories: false)
        switch destination {
        case .stream, .descriptor: break
        case .regular: Issue.record("/dev/null would be replaced"); return
        }
        try OutputFile.write(document, toPath: "/dev/null")
        #expect(kind("/dev/null") == S_IFCHR)
        #expect(try OutputFile.check("/dev/null") == ())
    }

    @Test func fifoWithAReaderGetsTheDocumentAndStaysAFIFO() throws {
        try withScratch { root in
            let fifo = root + "/pipe"
            #expect(mkfifo(fifo, 0o600) == 0)
            let reader = open(fifo, O_RDONLY | O_NONBLOCK)
            try #require(reader >= 0)
            defer { close(reader) }
            try OutputFile.write(document, toPath: fifo)
            var buffer = [UInt8](repeating: 0, count: 4096)
            let count = read(reader, &buffer, buffer.count)
            #expect(count == document.count)
            #expect(Data(buffer.prefix(max(count, 0))) == document)
            #expect(kind(fifo) == S_IFIFO)
        }
    }

    @Test func fifoWithoutAReaderIsAnErrorNotAHang() throws {
        try withScratch { root in
            let fifo = root + "/pipe"
            #expect(mkfifo(fifo, 0o600) == 0)
            let message = failure { try OutputFile.write(document, toPath: fifo) }
            #expect(message == "cannot write \(fifo): it is a FIFO that no process is reading")
            #expect(kind(fifo) == S_IFIFO)
        }
    }

    @Test func folderEmptyPathAndMissingParentAreOneLineErrorsNamingThePath() throws {
        try withScratch { root in
            let cases: [(String, String)] = [
                (root, "cannot write \(root): it is a folder (expected a file path)"),
                ("", "cannot write '': the path is empty (expected a file path, or '-' for standard output)"),
                (root + "/missing/out.json", "cannot write \(root)/missing/out.json: the folder \(root)/missing does not exist"),
            ]
            for (path, expected) in cases {
                #expect(failure { try OutputFile.write(document, toPath: path) } == expected)
                #expect(failure { try OutputFile.check(path) } == expected)
            }
            #expect(kind(root) == S_IFDIR)
            #expect(!FileManager.default.fileExists(atPath: root + "/missing"))
        }
    }

    @Test func storeCreatesItsMissingFolderWhenAsked() throws {
        try withScratch { root in
            let path = root + "/a/b/base.json"
            try OutputFile.check(path, createDirectories: true)
            #expect(!FileManager.default.fileExists(atPath: root + "/a"))   // a check writes nothing
            try OutputFile.write(document, toPath: path, createDirectories: true)
            #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == document)
        }
    }

    @Test func unwritableLocationsAreRefusedInPlainWords() throws {
        try withScratch { root in
            let file = root + "/plain"
            try Data("x".utf8).write(to: URL(fileURLWithPath: file))
            var cases: [(path: String, reason: String)] = [
                (file + "/out.json", "a part of the path is not a folder"),
                (file + "/deeper/out.json", "a part of the path is not a folder"),
                ("/proc/flightline-test.json", "cannot create a file in the folder /proc"),
            ]
            if geteuid() != 0 {
                let locked = root + "/locked"
                try FileManager.default.createDirectory(atPath: locked, withIntermediateDirectories: false)
                #expect(chmod(locked, 0o500) == 0)
                cases.append((locked + "/out.json", "permission denied"))
            }
            for (path, reason) in cases {
                let message = try #require(failure { try OutputFile.write(document, toPath: path) })
                // The reason, then the system's own words where it gives them.
                #expect(message.hasPrefix("cannot write \(path): \(reason)"), "\(message)")
                #expect(!message.contains("NSCocoaErrorDomain") && !message.contains("\n"))
            }
            // A store creating its folder where none can be made.
            let store = "/proc/flightline-test/base.json"
            let message = try #require(failure { try OutputFile.write(document, toPath: store, createDirectories: true) })
            #expect(message.hasPrefix("cannot write \(store): cannot create the folder /proc/flightline-test: "), "\(message)")
            #expect(!message.contains("NSCocoaErrorDomain") && !message.contains("input/output"), "\(message)")
        }
    }

    @Test func readingNamesThePathAndTheReasonInPlainWords() throws {
        try withScratch { root in
            #expect(failure { _ = try InputFile.read(root) } == "cannot read \(root): it is a folder, not a file")
            #expect(failure { _ = try InputFile.read(root + "/none") } == "cannot read \(root)/none: no such file or folder")
            #expect(failure { _ = try InputFile.read("") } == "cannot read '': the path is empty")
            try document.write(to: URL(fileURLWithPath: root + "/doc.json"))
            #expect(try InputFile.read(root + "/doc.json") == document)
        }
    }
}
