import Foundation
import Testing
@testable import BenchCLI
import RlottieReference

/// `bench validate FILE.json --reference rlottie`, end to end.
@Suite struct ReferenceOptionTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    func bench(_ arguments: [String]) throws -> BenchRun { try runBench(arguments, in: Self.root) }

    @Test func reportsEachObjectAndNamesRlottiesDeviation() throws {
        let arguments = ["validate", "Tests/RlottieReferenceTests/Fixtures/spatial-length-estimate.json", "--reference", "rlottie", "--hz", "60"]
        // The text explains each deviation it names (the explanation is only in the text).
        let run = try bench(arguments)
        #expect(run.code == 0, "\(run.stderr)")
        // The key's line, whole: the deviation's name and its explanation.
        let key = "  spatial-length-estimate: " + (ReferenceOption.explanations["spatial-length-estimate"] ?? "none")
        #expect(run.stdout.split(separator: "\n").firstIndex { $0 == key } != nil, "\(run.stdout)")
        #expect(ReferenceOption.explanations["spatial-length-estimate"] == "rlottie paces spatial tangents by a max + 0.375·min chord length (up to 6.8 % long; vline.h VLine::length)")
        // The comparison, as data.
        let json = try bench(arguments + ["--json", "-"])
        #expect(json.code == 0, "\(json.stderr)")
        let reference = try #require(try jsonObject(json.stdout)["reference"] as? [String: Any])
        let file = try #require((reference["files"] as? [[String: Any]])?.first)
        #expect(file["frames"] as? Int == 60)
        // Agrees within the tolerance wherever none of rlottie's known deviations applies.
        #expect((file["maxUnexplained"] as? Double ?? 1) <= (reference["tolerance"] as? Double ?? 0))
        let comet = try #require((file["rows"] as? [[String: Any]])?.first { $0["object"] as? String == "comet" && $0["quantity"] as? String == "position" })
        #expect(comet["deviations"] as? [String] == ["spatial-length-estimate"])
    }

    @Test func jsonCarriesAReferenceObject() throws {
        let run = try bench(["validate", "Tests/LottieTests/Fixtures/starttime.json", "--reference", "rlottie", "--hz", "60", "--json", "-"])
        #expect(run.code == 0, "\(run.stderr)")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        let reference = try #require(document["reference"] as? [String: Any])
        #expect(reference["player"] as? String == "rlottie")
        let files = try #require(reference["files"] as? [[String: Any]])
        let rows = try #require(files.first?["rows"] as? [[String: Any]])
        let position = try #require(rows.first { $0["object"] as? String == "late" && $0["quantity"] as? String == "position" })
        #expect((position["max"] as? Double ?? 1) < 0.01)
        #expect(position["frames"] as? Int == 100)
    }

    @Test func anUnknownPlayerIsOneLineAndExitTwo() throws {
        let arguments = ["validate", "Tests/LottieTests/Fixtures/linear.json", "--reference", "lottie-web"]
        let error = benchError(arguments)
        #expect(error?.option == "reference" && error?.value == "lottie-web")
        expectRefusal(try bench(arguments), error)
    }

    @Test func noLottieFileIsOneLineAndExitTwo() throws {
        let arguments = ["validate", "bee1", "--reference", "rlottie"]
        let error = benchError(arguments)
        #expect(error?.option == "reference" && error?.value == "rlottie")
        expectRefusal(try bench(arguments), error)
    }

    /// An out point 29 million frames away (as a file in rlottie's own test set has): refused
    /// at once rather than rendered for hours.
    @Test func tooManyFramesIsOneLineAndExitTwo() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("reference-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("long.json")
        let text = try String(contentsOf: Self.root.appendingPathComponent("Tests/LottieTests/Fixtures/linear.json"), encoding: .utf8)
            .replacingOccurrences(of: "\"op\": 60,\n \"w\"", with: "\"op\": 29140721,\n \"w\"")
        #expect(try jsonObject(text)["op"] as? Double == 29140721, "the fixture's op was replaced")
        try Data(text.utf8).write(to: file)
        let arguments = ["validate", file.path, "--reference", "rlottie", "--hz", "60"]
        // At 60 fps that is 5.6 days: the Lottie reader refuses it first, at its frame rate (an
        // hour at most).
        let error = benchError(arguments)
        #expect(error?.file == file.path && error?.path == "fr", "\(error?.message ?? "accepted")")
        expectRefusal(try bench(arguments), error)
        // 200,000 frames at 1000 fps is a 200 s file the reader takes; the comparison still
        // renders every frame, so it refuses more than 100,000.
        let dense = folder.appendingPathComponent("dense.json")
        try Data(text.replacingOccurrences(of: "29140721", with: "200000").replacingOccurrences(of: "\"fr\": 60,", with: "\"fr\": 1000,").utf8)
            .write(to: dense)
        let many = try expectRefused(["validate", dense.path, "--reference", "rlottie", "--hz", "60"], in: Self.root)
        #expect(many?.cause as? RlottieError == RlottieError(.tooManyFrames(frames: 200000, limit: RlottieComparison.maximumFrames)), "\(many?.message ?? "accepted")")
        #expect(many?.option == "reference" && many?.value == "rlottie" && many?.file == dense.path && RlottieComparison.maximumFrames == 100000)
    }

    /// A file Flightline reads but rlottie refuses (rlottie needs a layer it can draw).
    @Test func aFileRlottieRefusesIsOneLineAndExitTwo() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("reference-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("empty.json")
        try Data(#"{"fr": 30, "ip": 0, "op": 30, "w": 10, "h": 10, "layers": []}"#.utf8).write(to: file)
        // One line, exit 2, nothing on stdout (expectRefusal); rlottie's reason as data.
        let error = try expectRefused(["validate", file.path, "--reference", "rlottie"], in: Self.root)
        let reason = (error?.cause as? RlottieError)?.reason
        #expect(reason == .noAnimation || reason.map { if case .emptyAnimation = $0 { true } else { false } } == true, "\(error?.message ?? "accepted")")
        #expect(error?.option == "reference" && error?.value == "rlottie" && error?.file == file.path)
        #expect(error?.message == "\(quoted(file.path)): \((error?.cause).map { "\($0)" } ?? ""); expected a Lottie file rlottie can play, of at most 100000 frames")
    }
}
