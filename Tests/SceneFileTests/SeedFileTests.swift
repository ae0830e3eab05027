import Motion
import SceneFile
import Testing

/// The shipped seed files reproduce the built-in scenes exactly; the repaired files are smooth.
@Suite struct SeedFileTests {
    @Test func beeFileMatchesTheBuiltInBees() throws {
        let file = try shippedFile("bee.scene.json")
        let seeds = try Scene.seeds(named: "bee")
        #expect(file.scenes.map(\.name) == seeds.map { "\($0.name)/position" })
        for (scene, seed) in zip(file.scenes, seeds) {
            #expect(scene.fixedMode == .linear)
            for hz in [60.0, 120] {
                let a = try Validation.validate(scene, mode: .linear, hz: hz)
                let b = try Validation.validate(seed, mode: .linear, hz: hz)
                #expect(a.metrics == b.metrics)
                #expect(a.joins == b.joins && a.seam == b.seam && a.frames == b.frames)
                #expect(a.findings.map(\.kind) == b.findings.map(\.kind))
                #expect(a.verdict == .janky)
            }
        }
    }

    @Test func menuFileMatchesTheBuiltInMenu() throws {
        let file = try shippedFile("menu.scene.json")
        let seeds = try Scene.seeds(named: "menu")
        #expect(file.scenes.map(\.name) == ["menu-show/position.y", "menu-dismiss/position.y"])
        for (scene, seed) in zip(file.scenes, seeds) {
            for hz in [60.0, 120] {
                let a = try Validation.validate(scene, hz: hz)
                let b = try Validation.validate(seed, hz: hz)
                #expect(a.metrics == b.metrics)
                #expect(a.spring == b.spring && a.frames == b.frames)
                #expect(a.findings.map(\.kind) == b.findings.map(\.kind))
                #expect(a.verdict == .janky)
            }
        }
    }

    @Test func repairedBeeIsSmoothWithTangentContinuousJoinsAndNoRestartOnScreen() throws {
        let file = try shippedFile("bee-repaired.scene.json")
        let scene = try #require(file.scenes.first)
        for hz in [60.0, 120] {
            let report = try Validation.validate(scene, mode: .paced, hz: hz)
            #expect(report.verdict == .smooth, "\(report.findings)")
            #expect(report.joins.allSatisfy { $0.turn < 1e-9 && abs($0.speedRatio - 1) < 1e-12 })
            #expect(report.seam?.gap == 0)
            #expect(report.seamStartVisible == false)
        }
    }

    @Test func schemaAndReaderAgreeOnEveryKey() throws {
        let bytes = Array(try Data(contentsOf: scenesDirectory.appendingPathComponent("flightline.scene-1.schema.json")))
        let schema = try JSONParser.parse(bytes)
        func keys(_ node: JSONNode) throws -> Set<String> {
            var object = try node.object()
            let properties = try object.required("properties")
            return Set(try properties.object().keys)
        }
        var root = try schema.object()
        #expect(try keys(schema) == Set(SceneFile.Keys.document))
        var defs = try root.required("$defs").object()
        let expected: [(String, [String])] = [
            ("layer", SceneFile.Keys.layer), ("keyframe", SceneFile.Keys.keyframe), ("basic", SceneFile.Keys.basic),
            ("spring", SceneFile.Keys.spring), ("decay", SceneFile.Keys.decay), ("drag", SceneFile.Keys.drag), ("springParameters", SceneFile.Keys.springParameters),
            ("displayLink", SceneFile.Keys.displayLink), ("wave", SceneFile.Keys.wave), ("interruption", SceneFile.Keys.interruption),
        ]
        for (name, readerKeys) in expected {
            #expect(try keys(try defs.required(name)) == Set(readerKeys), "\(name)")
        }
        // Every shipped scene file reads.
        for name in try FileManager.default.contentsOfDirectory(atPath: scenesDirectory.path) where name.hasSuffix(".scene.json") {
            _ = try shippedFile(name)
        }
    }
}

import Foundation
import JSONDocument
