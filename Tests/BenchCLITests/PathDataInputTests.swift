import Foundation
import Testing

/// Path data longer than the system's 128 KiB argument limit could not be given at all: `-`
/// reads it from standard input and `@FILE` from a file, for `bench path` and `--svg`.
@Suite struct PathDataInputTests {
    /// 30 000 segments, 180 kB: more than one argument may hold.
    static let longPath = "M 0 0 " + String(repeating: "l 1 1 ", count: 30_000)

    private func scratchFile(_ name: String, _ contents: Data) throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("bench-path-data-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let url = directory.appendingPathComponent(name)
        try contents.write(to: url)
        return url
    }

    @Test func pathDataFromAFilePassesTheArgumentLimit() throws {
        let file = try scratchFile("long.svg", Data(Self.longPath.utf8))
        defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
        let run = try runBench(["path", "@" + file.path, "--accuracy", "1e-6", "--json", "-"])
        #expect(run.code == 0, "\(run.stderr)")
        let document = try jsonObject(run.stdout)
        #expect((document["segments"] as? [Any])?.count == 30_000)
        let length = try #require(document["length"] as? Double)
        #expect(abs(length - 30_000 * 2.0.squareRoot()) < 1e-6)
    }

    @Test func pathDataFromStandardInputPassesTheArgumentLimit() throws {
        let run = try runBench(["path", "-", "--accuracy", "1e-6", "--json", "-"], standardInput: Self.longPath + "\n")
        #expect(run.code == 0, "\(run.stderr)")
        #expect((try jsonObject(run.stdout)["segments"] as? [Any])?.count == 30_000)
    }

    @Test(arguments: [["validate", "--hz", "60"], ["plot", "--hz", "60"]])
    func svgSceneDataFromAFileOrStandardInput(command: [String]) throws {
        let data = "M 0 0 C 100 0 100 100 200 100"
        let file = try scratchFile("scene.svg", Data(data.utf8))
        defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
        let direct = try runBench(command + ["--svg", data, "--duration", "1"])
        let fromFile = try runBench(command + ["--svg", "@" + file.path, "--duration", "1"])
        let fromInput = try runBench(command + ["--svg", "-", "--duration", "1"], standardInput: data)
        // The same report, but for the frame cost, which is measured anew each run.
        func report(_ run: BenchRun) -> [Substring] { run.stdout.split(separator: "\n").filter { !$0.contains(" = ") } }
        #expect(direct.code == 0, "\(direct.stderr)")
        #expect(fromFile.code == direct.code && report(fromFile) == report(direct), "\(fromFile.stderr)")
        #expect(fromInput.code == direct.code && report(fromInput) == report(direct), "\(fromInput.stderr)")
    }

    @Test func aByteOrderMarkAndTrailingNewlineAreFine() throws {
        let file = try scratchFile("bom.svg", Data("\u{FEFF}M 0 0 L 3 4\n".utf8))
        defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
        let run = try runBench(["path", "@" + file.path, "--json", "-"])
        #expect(run.code == 0, "\(run.stderr)")
        #expect(try jsonObject(run.stdout)["length"] as? Double == 5)
    }

    enum BadSource: String, CaseIterable { case missing, directory, notUTF8, empty, blank, emptyInput, bareAt }

    @Test(arguments: BadSource.allCases)
    func unreadablePathDataIsOneClearLine(_ source: BadSource) throws {
        let directory = try scratchFile("x", Data()).deletingLastPathComponent()
        defer { try? FileManager.default.removeItem(at: directory) }
        func file(_ contents: [UInt8]) throws -> String {
            let url = directory.appendingPathComponent("data.svg")
            try Data(contents).write(to: url)
            return "@" + url.path
        }
        let (argument, message): (String, String)
        switch source {
        case .missing: (argument, message) = ("@" + directory.appendingPathComponent("nope.svg").path, "nope.svg': no such file")
        case .directory: (argument, message) = ("@" + directory.path, "is a directory, not a file")
        case .notUTF8: (argument, message) = (try file([0x4D, 0x20, 0xFF, 0xFE]), "is not UTF-8 text")
        case .empty: (argument, message) = (try file([]), "is empty")
        case .blank: (argument, message) = (try file(Array(" \n\t\n".utf8)), "is empty")
        case .emptyInput: (argument, message) = ("-", "path data from standard input is empty")
        case .bareAt: (argument, message) = ("@", "needs a file name after the '@'")
        }
        expectUsageError(try runBench(["path", argument]), mentioning: message)
        expectUsageError(
            try runBench(["validate", "--svg", argument, "--duration", "1"]),
            mentioning: message.replacingOccurrences(of: "path data", with: "--svg"))
    }
}
