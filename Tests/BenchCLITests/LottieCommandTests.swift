import Foundation
import Testing

/// `bench validate FILE.json` and `bench plot FILE.json --layer NAME` on the hand-written
/// fixtures of Tests/LottieTests, end to end.
@Suite struct LottieCommandTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static func fixture(_ name: String) -> String { "Tests/LottieTests/Fixtures/\(name)" }

    func bench(_ arguments: [String]) throws -> BenchRun { try runBench(arguments, in: Self.root) }

    @Test func validatesEveryLayerAtTheFilesOwnRateToo() throws {
        // The text report opens with the file (its words are the product).
        let text = try bench(["validate", Self.fixture("loader.json")])
        #expect(text.code == 1, "\(text.stderr)")
        let lines = text.stdout.split(separator: "\n")
        let header = "── Tests/LottieTests/Fixtures/loader.json: Lottie 'loader', 512 × 512 px (= pt), 30 fps, frames 0–90 (3.00 s); 9 moving objects, 14 timelines"
        let opening = try #require(lines.firstIndex { $0 == header }, "\(text.stdout)")
        #expect(lines[opening + 2] == "  still (nothing animated; not validated): dots, cursor/shape, title, background, background/shape, glow/shape", "\(text.stdout)")
        // What it found, as data.
        let run = try bench(["validate", Self.fixture("loader.json"), "--json", "-"])
        #expect(run.code == 1, "\(run.stderr)")
        let document = try jsonObject(run.stdout)
        let file = try #require((document["files"] as? [[String: Any]])?.first)
        #expect(file["width"] as? Double == 512 && file["height"] as? Double == 512)
        #expect(file["frameRate"] as? Double == 30 && file["inPoint"] as? Double == 0 && file["outPoint"] as? Double == 90)
        #expect((file["notes"] as? [String])?.isEmpty == false)
        let scenes = try #require(document["scenes"] as? [[String: Any]])
        // Validated at the requested rates (60, 120) and at the file's own 30 fps.
        #expect(Set(scenes.compactMap { $0["hz"] as? Double }) == [60, 120, 30])
        #expect(scenes.count == 42)
        #expect(scenes.filter { $0["verdict"] as? String == "janky" }.count == 3)
        let ticker = scenes.filter { $0["scene"] as? String == "ticker/position" }
        #expect(!ticker.isEmpty && ticker.allSatisfy { $0["verdict"] as? String == "janky" && $0["start"] as? Double == 0 && $0["end"] as? Double == 3 })
        let joins = try #require(ticker.first?["joins"] as? [[String: Any]])
        #expect(joins.count == 1)
        #expect(joins.first?["speedIn"] as? Double == 100 && joins.first?["speedOut"] as? Double == 400)
        #expect(scenes.contains { $0["scene"] as? String == "logo/position" })
    }

    @Test func smoothFileExitsZeroAndAddsItsRate() throws {
        let run = try bench(["validate", Self.fixture("eased.json"), "--hz", "120", "--json", "-"])
        #expect(run.code == 0, "\(run.stderr)")
        let scenes = try #require(try jsonObject(run.stdout)["scenes"] as? [[String: Any]])
        #expect(scenes.compactMap { $0["hz"] as? Double }.sorted() == [60, 120])  // 120 Hz and the file's own 60
    }

    @Test func jsonListsTheFileAndTheJoins() throws {
        let run = try bench(["validate", Self.fixture("loader.json"), "--json", "-"])
        #expect(run.code == 1)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        let files = try #require(document["files"] as? [[String: Any]])
        #expect(files.first?["format"] as? String == "lottie")
        #expect(files.first?["frameRate"] as? Double == 30)
        let scenes = try #require(document["scenes"] as? [[String: Any]])
        let ticker = try #require(scenes.first { $0["scene"] as? String == "ticker/position" })
        let joins = try #require(ticker["joins"] as? [[String: Any]])
        #expect(joins.first?["speedRatio"] as? Double == 4)
        #expect(Set(scenes.compactMap { $0["hz"] as? Double }) == [60, 120, 30])
    }

    @Test(arguments: [
        ("not-json.json", "nope", "not JSON: expected a value"),
        ("not-lottie.json", #"{"layers": []}"#, "or a Lottie file"),
        ("order.json", #"{"fr": 30, "ip": 0, "op": 30, "w": 10, "h": 10, "layers": [{"ty": 4, "ip": 0, "op": 30, "st": 0, "ks": {"r": {"a": 1, "k": [{"t": 9, "s": [0]}, {"t": 3, "s": [1]}]}}}]}"#, "layers[0].ks.r.k[1].t: expected a time at or after"),
        ("cycle.json", #"{"fr": 30, "ip": 0, "op": 30, "w": 10, "h": 10, "layers": [{"ty": 4, "ind": 1, "parent": 1, "ip": 0, "op": 30, "st": 0}]}"#, "layers[0].parent: expected a parent chain that ends"),
        ("fr.json", #"{"fr": -1, "ip": 0, "op": 30, "w": 10, "h": 10, "layers": []}"#, "fr: expected a frame rate"),
    ])
    func badFilesAreOneLineAndExitTwo(name: String, text: String, expected: String) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lottie-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent(name)
        try Data(text.utf8).write(to: file)
        let run = try bench(["validate", file.path])
        #expect(run.code == 2)
        #expect(run.stderr.split(separator: "\n").count == 1)
        #expect(run.stderr.contains(expected), "\(run.stderr)")
    }

    @Test func plotsALayer() throws {
        let rotation = try bench(["plot", Self.fixture("loader.json"), "--layer", "logo", "--quantity", "rotation", "--ascii"])
        #expect(rotation.code == 0, "\(rotation.stderr)")
        // The title, then the y axis's unit: ASCII spells the degree sign "o".
        #expect(rotation.stdout.split(separator: "\n").prefix(2).map { $0.trimmingCharacters(in: .whitespaces) }
            == ["logo/rotation @60 Hz: rotation(t), one dot per frame", "rotation (o)"], "\(rotation.stdout)")
        // Each layer's default or asked-for quantity, at 60 Hz, as data.
        for (file, layer, asked, quantity) in [("loader.json", "logo", ["--quantity", "rotation"], "rotation"), ("spatial.json", "comet", [], "path"),
                                               ("hold.json", "blinker", ["--quantity", "opacity"], "opacity")] {
            let run = try bench(["plot", Self.fixture(file), "--layer", layer] + asked + ["--json", "-"])
            #expect(run.code == 0, "\(layer): \(run.stderr)")
            let plot = try jsonObject(run.stdout)
            #expect(plot["quantity"] as? String == quantity && plot["hz"] as? Double == 60, "\(layer)")
            #expect((plot["series"] as? [[String: Any]])?.isEmpty == false, "\(layer)")
        }
    }

    @Test(arguments: [
        (["plot", "Tests/LottieTests/Fixtures/loader.json"], "add --layer NAME"),
        (["plot", "Tests/LottieTests/Fixtures/loader.json", "--layer", "nobody"], "no such layer or group"),
        (["plot", "Tests/LottieTests/Fixtures/loader.json", "--layer", "title"], "is still"),
        (["plot", "Tests/LottieTests/Fixtures/loader.json", "--layer", "logo", "--quantity", "opacity"], "has no animated opacity"),
        (["plot", "bee1", "--layer", "logo"], "applies to a scene file or a Lottie file"),
    ])
    func plotMistakes(arguments: [String], expected: String) throws {
        let run = try bench(arguments)
        #expect(run.code == 2)
        #expect(run.stderr.contains(expected), "\(run.stderr)")
    }
}
