import Foundation
import Testing

/// `bench validate FILE.json --reference rlottie`, end to end.
@Suite struct ReferenceOptionTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    func bench(_ arguments: [String]) throws -> BenchRun { try runBench(arguments, in: Self.root) }

    @Test func reportsEachObjectAndNamesRlottiesDeviation() throws {
        let run = try bench(["validate", "Tests/RlottieReferenceTests/Fixtures/spatial-length-estimate.json", "--reference", "rlottie", "--hz", "60"])
        #expect(run.code == 0, "\(run.stderr)")
        #expect(run.stdout.contains("Flightline against rlottie, 60 whole frames from ip"))
        #expect(run.stdout.contains("spatial-length-estimate: rlottie paces spatial tangents by a max + 0.375·min chord length"))
        #expect(run.stdout.contains("agrees within 0.5 px wherever none of rlottie's known deviations applies"))
        let comet = try #require(run.stdout.split(separator: "\n").first { $0.hasPrefix("  comet ") && $0.contains(" position ") })
        #expect(comet.contains("spatial-length-estimate"))
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
        let run = try bench(["validate", "Tests/LottieTests/Fixtures/linear.json", "--reference", "lottie-web"])
        #expect(run.code == 2)
        #expect(run.stdout.isEmpty)
        #expect(run.stderr.contains("--reference expects one of rlottie, got 'lottie-web'"), "\(run.stderr)")
        #expect(run.stderr.split(separator: "\n").count == 1)
    }

    @Test func noLottieFileIsOneLineAndExitTwo() throws {
        let run = try bench(["validate", "bee1", "--reference", "rlottie"])
        #expect(run.code == 2)
        #expect(run.stderr.contains("--reference compares Lottie files with another player; expected a FILE.json"), "\(run.stderr)")
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
        #expect(text.contains("29140721"))
        try Data(text.utf8).write(to: file)
        let run = try bench(["validate", file.path, "--reference", "rlottie", "--hz", "60"])
        #expect(run.code == 2)
        // At 60 fps that is 5.6 days: the Lottie reader refuses it first (an hour at most).
        #expect(run.stderr.contains("fr: expected a frame rate that makes the animation's 29140721 frames (op − ip) last at most 3600 s"), "\(run.stderr)")
        #expect(run.stderr.split(separator: "\n").count == 1)
        // 200,000 frames at 1000 fps is a 200 s file the reader takes; the comparison still
        // renders every frame, so it refuses more than 100,000.
        let dense = folder.appendingPathComponent("dense.json")
        try Data(text.replacingOccurrences(of: "29140721", with: "200000").replacingOccurrences(of: "\"fr\": 60,", with: "\"fr\": 1000,").utf8)
            .write(to: dense)
        let many = try bench(["validate", dense.path, "--reference", "rlottie", "--hz", "60"])
        #expect(many.code == 2)
        #expect(many.stderr.contains("it has 200000 frames from ip to op; the comparison renders each, at most 100000"), "\(many.stderr)")
        #expect(many.stderr.split(separator: "\n").count == 1)
    }

    /// A file Flightline reads but rlottie refuses (rlottie needs a layer it can draw).
    @Test func aFileRlottieRefusesIsOneLineAndExitTwo() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("reference-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("empty.json")
        try Data(#"{"fr": 30, "ip": 0, "op": 30, "w": 10, "h": 10, "layers": []}"#.utf8).write(to: file)
        let run = try bench(["validate", file.path, "--reference", "rlottie"])
        #expect(run.code == 2, "\(run.stdout)")
        #expect(run.stdout.isEmpty)
        #expect(run.stderr.contains("rlottie refused it"), "\(run.stderr)")
        #expect(run.stderr.contains("expected a Lottie file rlottie can play, of at most 100000 frames"))
        #expect(run.stderr.split(separator: "\n").count == 1)
    }
}
