import Foundation
import Motion
import SceneFile
import SpringSolver
import Testing

/// `"type": "drag"` (issue 24): pointer samples, a tracker, a spring and its target; the layer
/// follows the finger and is released into the spring, the release judged as a join.
@Suite struct DragSceneTests {
    /// A finger accelerating down at 4500 pt/s² for 0.2 s, touches at 120 Hz (the shipped demo's).
    static let flick: [[Double]] = (0...24).map { k in
        let t = Double(k) / 120
        return [t, 187.5, 459 + 0.5 * 4500 * t * t]
    }

    static func text(_ samples: [[Double]], tracker: String = "android") -> String {
        let list = samples.map { "[\($0[0]), \($0[1]), \($0[2])]" }.joined(separator: ", ")
        return document(
            #"{"property": "position", "type": "drag", "samples": [\#(list)], "tracker": "\#(tracker)", "spring": {"uikitDuration": 0.8, "dampingRatio": 1}, "toValue": [187.5, 667]}"#,
            layer: #""name": "menu", "size": [375, 208]"#, top: #""viewport": [375, 667],"#)
    }

    @Test func theShippedFlickIsReleasedSmoothly() throws {
        let file = try shippedFile("menu-flick-dismiss.scene.json")
        let scene = try #require(file.scenes.first)
        guard case .timeline(let motion, _) = scene.kind else { Issue.record("not a timeline"); return }
        // The file's own samples, as written.
        let data = try Data(contentsOf: scenesDirectory.appendingPathComponent("menu-flick-dismiss.scene.json"))
        let root = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let layer = try #require((root["layers"] as? [[String: Any]])?.first)
        let animation = try #require((layer["animations"] as? [[String: Any]])?.first)
        let rows = try #require(animation["samples"] as? [[Double]])
        let samples = rows.map { PointerSample(time: $0[0], position: SIMD2($0[1], $0[2])) }
        let velocity = try VelocityTracking.estimate(.android, samples: samples)
        let join = try #require(motion.joins.first)
        #expect(join.time == 0.2 && abs(join.speedOut - length(velocity)) < 1e-9)
        // The drawn curve passes through every sample and arrives with the finger's velocity.
        for sample in samples { #expect(length(motion.value(sample.time) - sample.position) < 1e-9) }
        #expect(abs(join.speedIn - (samples[24].position.y - samples[23].position.y) / (samples[24].time - samples[23].time)) < 1e-9)
        #expect(abs(motion.value(motion.end!).y - 667) < 0.5)
        for hz in [60.0, 120] {
            let report = try Validation.validate(scene, hz: hz)
            #expect(report.verdict == .smooth, "\(report.findings)")
        }
    }

    /// A finger that stops for one touch before it lifts: its last velocity is 0, but Android's
    /// least-squares tracker still sees the flick in its 100 ms window and launches the spring
    /// at about 850 pt/s — a kick the release join shows at every rate.
    @Test func aPauseBeforeTheLiftIsAKick() throws {
        var samples = Self.flick
        samples.append([samples[24][0] + 1.0 / 120, 187.5, samples[24][2]])
        let scene = try #require(try SceneFile(text: Self.text(samples)).scenes.first)
        for hz in [60.0, 120] {
            let report = try Validation.validate(scene, hz: hz)
            let jump = report.findings.first { finding in
                if case .speedJump(let jump) = finding { return abs(jump.at.time - 0.2083) < 1.5 / hz }
                return false
            }
            #expect(jump != nil, "@\(hz): \(report.findings)")
        }
        // UIKit's model takes the last two touches: no velocity, no kick.
        let uikit = try #require(try SceneFile(text: Self.text(samples, tracker: "uikit")).scenes.first)
        guard case .timeline(let motion, _) = uikit.kind else { return }
        #expect(motion.joins.first?.speedOut == 0)
    }

    @Test func badDragsNameTheirPath() {
        var backwards = Self.flick
        backwards[3][0] = backwards[2][0]
        let animation = "layers[0].animations[0]"
        #expect(documentError(Self.text(backwards))?.path == "\(animation).samples[3][0]")
        #expect(documentError(Self.text(Array(Self.flick.prefix(1))))?.path == "\(animation).samples")
        #expect(documentError(Self.text(Self.flick, tracker: "ios"))?.path == "\(animation).tracker")
        #expect(errorText(Self.text([[0, 0, 0], [0.01, .infinity, 0]])) != nil)
        // Touches 1e-300 s apart: refused by speed, not by a spring that "never settles".
        #expect(documentError(Self.text([[0, 0, 0], [1e-300, 1e6, 0]]))?.path == "\(animation).samples")
        let scalar = document(#"{"property": "position.y", "type": "drag", "samples": [[0, 0, 0], [0.1, 0, 10]], "tracker": "flutter", "spring": {"stiffness": 100, "damping": 20}, "toValue": [0, 100]}"#)
        #expect(documentError(scalar)?.path == animation)
    }
}

private func length(_ v: SIMD2<Double>) -> Double { (v * v).sum().squareRoot() }
