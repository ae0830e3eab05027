import Motion
import SceneFile
import Testing

/// Compiled timelines: their exact joins, designed steps and seams, and ordinary motions smooth.
@Suite struct TimelineTests {
    @Test func joinOfAStraightCornerIsExact() throws {
        // 100 pt right in 0.5 s, then 100 pt down in 0.5 s: 200 pt/s in and out, a 90° turn.
        let motion = try timeline(#"{"type": "keyframe", "property": "position", "values": [[0, 0], [100, 0], [100, 100]], "keyTimes": [0, 0.5, 1], "duration": 1}"#)
        let join = try #require(motion.joins.first)
        #expect(join.time == 0.5 && join.point == SIMD2(100, 0))
        #expect(abs(join.turn - 90) < 1e-9 && join.speedIn == 200 && join.speedOut == 200)
    }

    @Test func joinSpeedsFollowKeyTimesAndSpeed() throws {
        // Key times 0, 0.25, 1 over 2 s at speed 2 (1 s of scene time): 100 pt in 0.25 s, then in 0.75 s.
        let motion = try timeline(#"{"type": "keyframe", "property": "position", "values": [[0, 0], [100, 0], [200, 0]], "keyTimes": [0, 0.25, 1], "duration": 2, "speed": 2}"#)
        let join = try #require(motion.joins.first)
        #expect(join.time == 0.25)
        #expect(abs(join.speedIn - 400) < 1e-9 && abs(join.speedOut - 400.0 / 3) < 1e-9)
    }

    @Test func scalarCarriedInXScaled() throws {
        let motion = try timeline(#"{"type": "basic", "property": "opacity", "fromValue": 0, "toValue": 1, "duration": 1, "beginTime": 0.5}"#)
        #expect(motion.quantity == .scalar(name: "opacity", unit: "", pointsPerUnit: 100))
        #expect(motion.value(1) == SIMD2(50, 0))
        #expect(motion.start == 0.5 && motion.end == 1.5)
        let custom = try timeline(#"{"type": "basic", "property": "glow", "fromValue": 0, "byValue": 2, "duration": 1, "pointsPerUnit": 10}"#)
        #expect(custom.value(0.5) == SIMD2(10, 0))
    }

    @Test func basicUsesTheModelValue() throws {
        let file = try SceneFile(text: document(#"{"type": "basic", "property": "opacity", "toValue": 0, "duration": 1, "beginTime": 1}"#, layer: #""name": "card", "model": {"opacity": 0.5}"#))
        guard case .timeline(let motion, _) = file.scenes[0].kind else { Issue.record("not a timeline"); return }
        #expect(motion.value(0) == SIMD2(50, 0))  // before the begin: the model value 0.5
        #expect(motion.value(1.5) == SIMD2(25, 0))  // half-way from 0.5 to 0
        #expect(motion.value(3) == SIMD2(50, 0))  // removed: the model again
    }

    @Test func stepsAreDesignedNotJudged() throws {
        let text = document(#"{"type": "basic", "property": "opacity", "fromValue": 0, "toValue": 1, "duration": 1, "timingFunction": "steps(4, jump-end)"}"#)
        let scene = try SceneFile(text: text).scenes[0]
        guard case .timeline(let motion, _) = scene.kind else { Issue.record("not a timeline"); return }
        #expect(motion.designedSteps == [0.25, 0.5, 0.75, 1])
        for hz in [60.0, 120] {
            #expect(try Validation.validate(scene, hz: hz).verdict == .smooth)
        }
    }

    /// Ordinary motions must come out smooth: an eased move, a cubic spline, an eased fade.
    @Test(arguments: [
        #"{"type": "basic", "property": "position", "fromValue": [0, 0], "toValue": [300, 100], "duration": 0.5, "timingFunction": "easeInEaseOut"}"#,
        #"{"type": "keyframe", "property": "position", "values": [[0, 0], [100, 80], [250, 40], [400, 120]], "calculationMode": "cubicPaced", "duration": 2}"#,
        #"{"type": "basic", "property": "opacity", "fromValue": 1, "toValue": 0, "duration": 0.25, "timingFunction": "cubic-bezier(0.25, 0.1, 0.25, 1)", "beginTime": 0.2, "fillMode": "both"}"#,
        #"{"type": "keyframe", "property": "rotation", "values": [0, 3.14159], "duration": 1, "timingFunction": "easeInEaseOut", "repeatCount": 3, "autoreverses": true}"#,
    ])
    func ordinaryMotionsAreSmooth(_ animation: String) throws {
        let scene = try SceneFile(text: document(animation)).scenes[0]
        for hz in [60.0, 120] {
            let report = try Validation.validate(scene, hz: hz)
            #expect(report.verdict == .smooth, "\(report.findings)")
        }
    }

    @Test func aRestartOnScreenIsASeamAndATeleport() throws {
        let text = document(#"{"type": "keyframe", "property": "position", "values": [[0, 0], [300, 0]], "duration": 1, "repeatCount": "infinite"}"#, top: #""viewport": [400, 400],"#)
        let scene = try SceneFile(text: text).scenes[0]
        guard case .timeline(let motion, let viewport) = scene.kind else { Issue.record("not a timeline"); return }
        #expect(viewport == SIMD2(400, 400))
        #expect(motion.seam == Seam(time: 1, from: SIMD2(300, 0), to: SIMD2(0, 0)))
        let report = try Validation.validate(scene, hz: 60)
        #expect(report.findings.contains { $0.kind == .teleport })
    }

    @Test func aLinearCornerIsJanky() throws {
        let scene = try SceneFile(text: document(#"{"type": "keyframe", "property": "position", "values": [[0, 0], [200, 0], [200, 200]], "duration": 1}"#)).scenes[0]
        #expect(try Validation.validate(scene, hz: 60).findings.contains { $0.kind == .turn })
    }
}
