import Foundation
import Testing
@testable import BenchCLI

/// `bench validate FILE.json` and `bench plot FILE.json --layer NAME`, end to end.
@Suite struct SceneFileCommandTests {
    static let scenes = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Scenes")

    @Test func shippedSeedsAreJankyAndTheRepairedBeeIsSmooth() throws {
        let bee = try runBench(["validate", Self.scenes.appendingPathComponent("bee.scene.json").path, "--json", "-"])
        #expect(bee.code == 1)
        let janky = try #require(try jsonObject(bee.stdout)["scenes"] as? [[String: Any]])
        #expect(janky.contains { $0["scene"] as? String == "bee1+/position" && $0["verdict"] as? String == "janky" })
        let repaired = try runBench(["validate", Self.scenes.appendingPathComponent("bee-repaired.scene.json").path, "--json", "-"])
        #expect(repaired.code == 0, "\(repaired.stdout)")
        let smooth = try #require(try jsonObject(repaired.stdout)["scenes"] as? [[String: Any]])
        #expect(smooth.contains { $0["scene"] as? String == "bee/position" })
        #expect(smooth.allSatisfy { $0["verdict"] as? String == "smooth" })
    }

    @Test func badFileIsOneLineWithItsJSONPath() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("scene-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("bad.json")
        try Data(#"{"schema": "flightline.scene/1", "layers": [{"name": "a", "animations": [{"type": "keyframe", "property": "x", "values": [0, 1, 2], "keyTimes": [0, 0.7, 0.5], "duration": 1}]}]}"#.utf8).write(to: file)
        let error = benchError(["validate", file.path])
        #expect(error?.file == file.path && error?.path == "layers[0].animations[0].keyTimes[2]", "\(error?.message ?? "accepted")")
        expectRefusal(try runBench(["validate", file.path]), error)
        let other = directory.appendingPathComponent("other.json")
        try Data(#"{"schema": "something/1"}"#.utf8).write(to: other)
        let refused = try expectRefused(["validate", other.path])
        // The file as a whole is refused (no reader knows it): no JSON path, no option.
        #expect(refused?.file == other.path && refused?.path == nil && refused?.option == nil, "\(String(describing: refused))")
    }

    /// The menu's scene file with the spring keys of the last release (`uikit-duration`,
    /// `damping-ratio`) validates as the camelCase one does, with one warning per key on
    /// stderr naming the file, the JSON path and the new key; a file mixing both is exit 2.
    @Test func hyphenatedSpringKeysAreReadWithAWarning() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("scene-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let shipped = Self.scenes.appendingPathComponent("menu.scene.json")
        let text = try String(contentsOf: shipped, encoding: .utf8)
        let shippedSpring = ((try jsonObject(text)["layers"] as? [[String: Any]])?.first?["animations"] as? [[String: Any]])?.first?["spring"] as? [String: Any]
        #expect(shippedSpring?["uikitDuration"] is Double && shippedSpring?["dampingRatio"] is Double, "\(String(describing: shippedSpring))")
        let old = directory.appendingPathComponent("menu-old.json")
        try text.replacingOccurrences(of: "\"uikitDuration\"", with: "\"uikit-duration\"")
            .replacingOccurrences(of: "\"dampingRatio\"", with: "\"damping-ratio\"").write(to: old, atomically: true, encoding: .utf8)
        let new = try runBench(["validate", shipped.path, "--hz", "60", "--json", "-"])
        let deprecated = try runBench(["validate", old.path, "--hz", "60", "--json", "-"])
        #expect(new.code == deprecated.code && new.stderr.isEmpty, "\(new.stderr)")
        #expect(GoldenOutput.masked(new.stdout) == GoldenOutput.masked(deprecated.stdout))
        let warnings = deprecated.stderr.split(separator: "\n")
        #expect(warnings.count == 4, "\(deprecated.stderr)")
        // One warning per key, in the file's order, each naming the file, the key's path and its new spelling.
        let keys = [(0, "uikit-duration", "uikitDuration"), (0, "damping-ratio", "dampingRatio"), (1, "uikit-duration", "uikitDuration"), (1, "damping-ratio", "dampingRatio")]
        #expect(warnings.map(String.init) == keys.map { layer, key, camelCase in
            "bench: warning: \(quoted(old.path)): layers[\(layer)].animations[0].spring[\"\(key)\"]: the key '\(key)' is deprecated (read this release, refused in the next); write '\(camelCase)'"
        }, "\(deprecated.stderr)")

        let mixed = directory.appendingPathComponent("menu-mixed.json")
        try text.replacingOccurrences(of: "\"dampingRatio\": 100", with: "\"damping-ratio\": 100").write(to: mixed, atomically: true, encoding: .utf8)
        let mixedError = try expectRefused(["validate", mixed.path])
        #expect(mixedError?.file == mixed.path && mixedError?.path?.hasSuffix(#".spring["damping-ratio"]"#) == true, "\(String(describing: mixedError))")
        // Bad usage after the file was read is still one line: the warnings wait for a good run.
        let layer = try expectRefused(["plot", old.path, "--layer", "nope"])
        #expect(layer?.option == "layer" && layer?.value == "nope" && layer?.expected?.isEmpty == false, "\(String(describing: layer))")
    }

    @Test func plotOneLayer() throws {
        let run = try runBench(["plot", Self.scenes.appendingPathComponent("menu.scene.json").path, "--layer", "menu-show", "--width", "60", "--height", "15"])
        #expect(run.code == 0, "\(run.stderr)")
        // The layer's one scene, a frame per point (as validate counts them at the plot's 60 Hz).
        try Self.expectPlotOfScene("menu-show/position.y", layer: "menu-show", file: "menu.scene.json", series: "offset")
        let missing = ["plot", Self.scenes.appendingPathComponent("menu.scene.json").path, "--layer", "nope"]
        let error = benchError(missing)
        #expect(error?.option == "layer" && error?.value == "nope" && error?.expected == ["menu-dismiss", "menu-show"], "\(error?.message ?? "accepted")")
        expectRefusal(try runBench(missing), error)
    }

    @Test func fixesArePrintedInTheFilesTermsAndTheRepairedMenuIsSmooth() throws {
        let bee = try runBench(["validate", Self.scenes.appendingPathComponent("bee.scene.json").path, "--hz", "60"])
        #expect(bee.code == 1)
        #expect(bee.stdout.split(separator: "\n").firstIndex(of: "fixes (computed from the model; each removes the finding it names):") != nil, "\(bee.stdout)")
        // The fixes in the file's terms, as data: the JSON path each changes and its new value.
        let beeJSON = try runBench(["validate", Self.scenes.appendingPathComponent("bee.scene.json").path, "--hz", "60", "--json", "-"])
        let beeScenes = try #require(try jsonObject(beeJSON.stdout)["scenes"] as? [[String: Any]])
        #expect(beeScenes.count == 4 && beeScenes.allSatisfy { $0["hz"] as? Double == 60 && $0["mode"] as? String == "linear" }, "\(beeScenes.map { $0["scene"] ?? "" })")
        let changes = beeScenes.flatMap { ($0["fixes"] as? [[String: Any]]) ?? [] }.flatMap { ($0["source"] as? [[String: Any]]) ?? [] }
        let keyTimes = try #require(changes.first { $0["path"] as? String == "layers[0].animations[0].keyTimes" })
        let times = try #require(try JSONSerialization.jsonObject(with: Data((keyTimes["value"] as? String ?? "").utf8)) as? [Double])
        #expect(times.count > 4 && abs(times[4] - 0.6309) < 5e-5, "\(times)")
        #expect(changes.contains { $0["path"] as? String == "layers[0].animations[0].path" })
        let json = try runBench(["validate", Self.scenes.appendingPathComponent("menu.scene.json").path, "--json", "-"])
        let menuChanges = try #require(try jsonObject(json.stdout)["scenes"] as? [[String: Any]])
            .flatMap { ($0["fixes"] as? [[String: Any]]) ?? [] }.flatMap { ($0["source"] as? [[String: Any]]) ?? [] }
        #expect(menuChanges.contains { $0["path"] as? String == "layers[1].animations[0].displayLink.waveGrowth" }, "\(menuChanges)")
        let markdown = try runBench(["validate", Self.scenes.appendingPathComponent("bee.scene.json").path, "--hz", "60", "--format", "markdown"])
        let markdownLines = markdown.stdout.split(separator: "\n")
        #expect(markdownLines.firstIndex(of: "**fixes** (computed from the model; each removes the finding it names):") != nil, "\(markdown.stdout)")
        // The finding's fix, then the change it makes in the file, on the next line.
        let fix = "- bee1+/position linear @60 Hz: the join of elements 4 → 5 turns 14.0°: move control point 1 of element 5 from (850.0, 150.0) "
            + "to (861.2, 158.8), on the arriving tangent, so the join is tangent-continuous"
        let fixLine = try #require(markdownLines.firstIndex { $0 == fix }, "\(markdown.stdout)")
        #expect(markdownLines[fixLine + 1] == "  - `layers[0].animations[0].path: move control point 1 of element 5 to (861.2, 158.8)`")
        #expect(markdown.stdout.hasSuffix("checks janky)\n"))
        let repaired = try runBench(["validate", Self.scenes.appendingPathComponent("menu-repaired.scene.json").path])
        #expect(repaired.code == 0, "\(repaired.stdout)")
        #expect(repaired.stdout.hasPrefix("bench validate: 2 scenes at 60, 120 Hz; default thresholds"))
        // Each scene's verdict table has the at-rest row, its cells split on the column gaps.
        let rows = repaired.stdout.split(separator: "\n").map { $0.components(separatedBy: "  ").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty } }
        #expect(rows.filter { $0 == ["at rest (≤ 0.5 pt, ≤ 31.25 pt/s) fires", "@60 Hz", "@120 Hz"] }.count == 2, "\(repaired.stdout)")
    }

    @Test func interruptionsAreReportedAtTheirTime() throws {
        let run = try runBench(["validate", Self.scenes.appendingPathComponent("interruptions.scene.json").path, "--hz", "60"])
        #expect(run.code == 1)
        let json = try runBench(["validate", Self.scenes.appendingPathComponent("interruptions.scene.json").path, "--hz", "60", "--json", "-"])
        let interruptions = try validateFindings(json.stdout).filter { $0["kind"] as? String == "interruption" }
        #expect(interruptions.map { $0["scene"] as? String } == ["restart/position.y"], "\(interruptions)")
        let restart = try #require(interruptions.first)
        #expect(restart["interruption"] as? String == "restart" && restart["t"] as? Double == 0.15)
        #expect(abs(((restart["velocityChange"] as? Double) ?? 0) - 1335) < 0.5)
        // The file's keyframes: one join, and it breaks continuity (its speed ratio is beyond
        // the speed-jump threshold).
        let document = try jsonObject(json.stdout)
        let restartJoins = try #require((document["scenes"] as? [[String: Any]])?.first { $0["scene"] as? String == "restart/position.y" }?["joins"] as? [[String: Any]])
        #expect(restartJoins.count == 1, "\(restartJoins)")
        let maxSpeedJump = try #require((document["thresholds"] as? [String: Any])?["maxSpeedJump"] as? Double)
        let ratio = restartJoins.first?["fromRest"] as? Bool == true ? Double.infinity : (restartJoins.first?["speedRatio"] as? Double ?? 1)
        #expect(max(ratio, 1 / ratio) > maxSpeedJump, "\(restartJoins)")
        // A layer of scalar timelines plots its value by default.
        let plot = try runBench(["plot", Self.scenes.appendingPathComponent("interruptions.scene.json").path, "--layer", "restart", "--width", "60", "--height", "12"])
        #expect(plot.code == 0, "\(plot.stderr)")
        try Self.expectPlotOfScene("restart/position.y", layer: "restart", file: "interruptions.scene.json", series: "position.y")
    }

    /// `bench plot FILE --layer LAYER --json -` draws one series named `series`, a point per frame
    /// of `scene` as `bench validate FILE --hz 60` counts them.
    static func expectPlotOfScene(_ scene: String, layer: String, file: String, series: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let path = scenes.appendingPathComponent(file).path
        let plot = try jsonObject(try runBench(["plot", path, "--layer", layer, "--json", "-"]).stdout)
        let drawn = try #require(plot["series"] as? [[String: Any]], sourceLocation: sourceLocation)
        let validated = try #require(try jsonObject(try runBench(["validate", path, "--hz", "60", "--json", "-"]).stdout)["scenes"] as? [[String: Any]], sourceLocation: sourceLocation)
        let frames = validated.first { $0["scene"] as? String == scene }?["frames"] as? Int
        #expect(plot["hz"] as? Double == 60 && drawn.map { $0["name"] as? String } == [series], "\(drawn.map { $0["name"] ?? "" })", sourceLocation: sourceLocation)
        #expect(frames != nil && (drawn.first?["points"] as? [Any])?.count == frames, "\(scene): \(String(describing: frames)) frames", sourceLocation: sourceLocation)
    }
}
