import Foundation
import Testing

/// `bench validate FILE.json` and `bench plot FILE.json --layer NAME`, end to end.
@Suite struct SceneFileCommandTests {
    static let scenes = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Scenes")

    @Test func shippedSeedsAreJankyAndTheRepairedBeeIsSmooth() throws {
        let bee = try runBench(["validate", Self.scenes.appendingPathComponent("bee.scene.json").path, "--json", "-"])
        #expect(bee.code == 1)
        #expect(bee.stdout.contains("\"scene\" : \"bee1+/position\"") || bee.stdout.contains("\"scene\": \"bee1+/position\""))
        let repaired = try runBench(["validate", Self.scenes.appendingPathComponent("bee-repaired.scene.json").path])
        #expect(repaired.code == 0, "\(repaired.stdout)")
        #expect(repaired.stdout.contains("bee/position"))
    }

    @Test func badFileIsOneLineWithItsJSONPath() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("scene-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("bad.json")
        try Data(#"{"schema": "flightline.scene/1", "layers": [{"name": "a", "animations": [{"type": "keyframe", "property": "x", "values": [0, 1, 2], "keyTimes": [0, 0.7, 0.5], "duration": 1}]}]}"#.utf8).write(to: file)
        let run = try runBench(["validate", file.path])
        #expect(run.code == 2)
        #expect(run.stderr.contains("layers[0].animations[0].keyTimes[2]: expected key times that never decrease"))
        #expect(run.stderr.split(separator: "\n").count == 1)
        let other = directory.appendingPathComponent("other.json")
        try Data(#"{"schema": "something/1"}"#.utf8).write(to: other)
        let refused = try runBench(["validate", other.path])
        #expect(refused.code == 2 && refused.stderr.contains("expected a scene file"))
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
        #expect(text.contains("\"uikitDuration\""))
        let old = directory.appendingPathComponent("menu-old.json")
        try text.replacingOccurrences(of: "\"uikitDuration\"", with: "\"uikit-duration\"")
            .replacingOccurrences(of: "\"dampingRatio\"", with: "\"damping-ratio\"").write(to: old, atomically: true, encoding: .utf8)
        let new = try runBench(["validate", shipped.path, "--hz", "60", "--json", "-"])
        let deprecated = try runBench(["validate", old.path, "--hz", "60", "--json", "-"])
        #expect(new.code == deprecated.code && new.stderr.isEmpty, "\(new.stderr)")
        #expect(GoldenOutput.masked(new.stdout) == GoldenOutput.masked(deprecated.stdout))
        let warnings = deprecated.stderr.split(separator: "\n")
        #expect(warnings.count == 4, "\(deprecated.stderr)")
        #expect(warnings.allSatisfy { $0.hasPrefix("bench: warning: ") && $0.contains("is deprecated") })
        #expect(deprecated.stderr.contains(#"layers[0].animations[0].spring["uikit-duration"]: the key 'uikit-duration' is deprecated (read this release, refused in the next); write 'uikitDuration'"#), "\(deprecated.stderr)")

        let mixed = directory.appendingPathComponent("menu-mixed.json")
        try text.replacingOccurrences(of: "\"dampingRatio\": 100", with: "\"damping-ratio\": 100").write(to: mixed, atomically: true, encoding: .utf8)
        expectUsageError(try runBench(["validate", mixed.path]), mentioning: "expected the file's camelCase spring keys throughout")
        // Bad usage after the file was read is still one line: the warnings wait for a good run.
        expectUsageError(try runBench(["plot", old.path, "--layer", "nope"]), mentioning: "no such layer")
    }

    @Test func plotOneLayer() throws {
        let run = try runBench(["plot", Self.scenes.appendingPathComponent("menu.scene.json").path, "--layer", "menu-show", "--width", "60", "--height", "15"])
        #expect(run.code == 0, "\(run.stderr)")
        #expect(run.stdout.contains("menu-show/position.y"))
        let missing = try runBench(["plot", Self.scenes.appendingPathComponent("menu.scene.json").path, "--layer", "nope"])
        #expect(missing.code == 2 && missing.stderr.contains("no such layer"))
    }

    @Test func fixesArePrintedInTheFilesTermsAndTheRepairedMenuIsSmooth() throws {
        let bee = try runBench(["validate", Self.scenes.appendingPathComponent("bee.scene.json").path, "--hz", "60"])
        #expect(bee.code == 1)
        #expect(bee.stdout.contains("bench validate: 4 scenes at 60 Hz, path timing linear;"), "\(bee.stdout.prefix(200))")
        #expect(bee.stdout.contains("fixes (computed from the model; each removes the finding it names):"))
        #expect(bee.stdout.contains("→ layers[0].animations[0].keyTimes: keyTimes[4] = 0.6309"))
        #expect(bee.stdout.contains("→ layers[0].animations[0].path: move control point 1 of element 5 to (861.2, 158.8)"))
        let json = try runBench(["validate", Self.scenes.appendingPathComponent("menu.scene.json").path, "--json", "-"])
        #expect(json.stdout.contains("\"path\": \"layers[1].animations[0].displayLink.waveGrowth\"") || json.stdout.contains("\"path\" : \"layers[1].animations[0].displayLink.waveGrowth\""), "\(json.stdout.suffix(800))")
        let markdown = try runBench(["validate", Self.scenes.appendingPathComponent("bee.scene.json").path, "--hz", "60", "--format", "markdown"])
        #expect(markdown.stdout.contains("**fixes** (computed from the model; each removes the finding it names):"))
        #expect(markdown.stdout.contains("  - `layers[0].animations[0].path: move control point 1 of element 5 to (861.2, 158.8)`"))
        #expect(markdown.stdout.hasSuffix("checks janky)\n"))
        let repaired = try runBench(["validate", Self.scenes.appendingPathComponent("menu-repaired.scene.json").path])
        #expect(repaired.code == 0, "\(repaired.stdout)")
        #expect(repaired.stdout.hasPrefix("bench validate: 2 scenes at 60, 120 Hz; default thresholds"))
        #expect(repaired.stdout.contains("at rest (≤ 0.5 pt, ≤ 31.25 pt/s) fires"))
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
        #expect(run.stdout.contains("keyframes (exact, from the file): 1 join, 1 breaks continuity"))
        // A layer of scalar timelines plots its value by default.
        let plot = try runBench(["plot", Self.scenes.appendingPathComponent("interruptions.scene.json").path, "--layer", "restart", "--width", "60", "--height", "12"])
        #expect(plot.code == 0, "\(plot.stderr)")
        #expect(plot.stdout.contains("position.y"))
    }
}
