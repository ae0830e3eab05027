import Foundation
import Motion
import SceneFile
import Testing

/// `rotationMode` compiles to a rotation timeline that follows the path's tangent.
@Suite struct RotationModeTests {
    static func scenes(_ mode: String, path: String = "M0 0 L100 0 L100 100", extra: String = "") throws -> [Scene] {
        try SceneFile(
            text: document(
                #"{"property": "position", "type": "keyframe", "path": "\#(path)", "duration": 2, "rotationMode": "\#(mode)"\#(extra)}"#,
                layer: #""name": "card", "size": [30, 40]"#)
        ).scenes
    }

    @Test func autoFollowsTheTangentAndTurnsAtAKink() throws {
        let scenes = try Self.scenes("auto")
        #expect(scenes.map(\.name) == ["card/position", "card/rotation"])
        guard case .timeline(let rotation, _) = scenes[1].kind else { Issue.record("not a timeline"); return }
        // Half-diagonal of 30 × 40: 25 pt per radian. Heading east (0) on the first line, south
        // (π/2 with y down) on the second.
        #expect(rotation.quantity == .scalar(name: "rotation", unit: "rad", pointsPerUnit: 25))
        #expect(abs(rotation.value(0.5).x) < 1e-9)
        #expect(abs(rotation.value(1.5).x - .pi / 2 * 25) < 1e-9)
        // Before the start and after the end the layer keeps its heading.
        #expect(abs(rotation.value(-1).x) < 1e-9 && abs(rotation.value(3).x - .pi / 2 * 25) < 1e-9)
        // The kink turns the layer by 90° within one frame (39 pt at its corner, from rest to
        // rest): a break at the kink's time.
        let report = try Validation.validate(scenes[1], hz: 60)
        #expect(report.verdict == .janky)
        #expect(report.metrics.speedJumpBreaks.contains { abs($0.at.time - 1) <= 2.0 / 60 })
    }

    @Test func autoReverseAddsHalfATurnAndACircleStaysSmooth() throws {
        let reversed = try Self.scenes("autoReverse")
        guard case .timeline(let rotation, _) = reversed[1].kind else { Issue.record("not a timeline"); return }
        #expect(abs(rotation.value(0.5).x - .pi * 25) < 1e-9)
        // A circle of four quarter arcs (as cubics), flown at constant speed for ever: the
        // heading turns steadily through every full turn, unwrapped, with no jump at ±180° or at the seam.
        let circle = "M100 0 A100 100 0 0 1 0 100 A100 100 0 0 1 -100 0 A100 100 0 0 1 0 -100 A100 100 0 0 1 100 0"
        let scenes = try Self.scenes("auto", path: circle, extra: #", "calculationMode": "paced", "repeatCount": "infinite""#)
        for hz in [60.0, 120] {
            let report = try Validation.validate(scenes[1], hz: hz)
            #expect(report.verdict == .smooth, "\(report.findings)")
        }
        guard case .timeline(let turning, _) = scenes[1].kind else { Issue.record("not a timeline"); return }
        // One turn in 2 s, clockwise on screen (y down): +2π·25 pt over a pass.
        #expect(abs(turning.value(1.9).x - turning.value(0.1).x - 1.8 / 2 * 2 * .pi * 25) < 1e-3)
    }

    @Test func rotationModeBesideARotationAnimationIsRefused() {
        let text = #"{"schema": "flightline.scene/1", "layers": [{"name": "card", "animations": [{"property": "position", "type": "keyframe", "path": "M0 0 L1 1", "duration": 1, "rotationMode": "auto"}, {"property": "rotation", "type": "basic", "fromValue": 0, "toValue": 1, "duration": 1}]}]}"#
        #expect(documentError(text)?.path == "layers[0].animations[1].property")
    }
}
