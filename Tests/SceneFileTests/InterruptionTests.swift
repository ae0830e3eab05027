import Foundation
import Motion
import SceneFile
import Testing

/// Interruptions retarget a running spring; each kind's velocity change against a hand computation.
///
/// The spring: stiffness 100, damping 20, mass 1 (ω₀ = 10, critically damped) from 0 to 100 at
/// rest: x(t) = 100 − 100(1 + 10t)e^(−10t), v(t) = 100·10²·t·e^(−10t). At t = 0.2 s the velocity
/// is 2000·e^(−2) = 270.67 pt/s (a position property: 1 pt per unit).
@Suite struct InterruptionTests {
    static let vAt02 = 2000 * exp(-2.0)

    static func interrupted(_ event: String) throws -> (Scene, TimelineMotion) {
        let text = document(
            #"{"property": "position.y", "type": "spring", "spring": {"stiffness": 100, "damping": 20}, "fromValue": 0, "toValue": 100, "interruptions": [\#(event)]}"#)
        let scene = try #require(try SceneFile(text: text).scenes.first)
        guard case .timeline(let motion, _) = scene.kind else { throw InterruptionError() }
        return (scene, motion)
    }

    struct InterruptionError: Error {}

    @Test func restartDropsTheOldVelocity() throws {
        let (scene, motion) = try Self.interrupted(#"{"time": 0.2, "kind": "restart", "toValue": 50}"#)
        let event = try #require(motion.interruptions.first)
        #expect(abs(event.velocityBefore.x - Self.vAt02) < 1e-9)
        #expect(event.velocityAfter.x == 0)
        #expect(abs(event.velocityChange - Self.vAt02) < 1e-9)
        // The value is continuous at the switch: x(0.2) = 100 − 300e^(−2).
        let x02 = 100 - 300 * exp(-2.0)
        #expect(abs(motion.value(0.2).x - x02) < 1e-9 && abs(motion.value(0.2 - 1e-9).x - x02) < 1e-6)
        let report = try Validation.validate(scene, hz: 60)
        guard case .interruption(let jump) = report.findings.first(where: { $0.kind == .interruption }) else {
            Issue.record("no interruption finding: \(report.findings)")
            return
        }
        #expect(jump.index == 0 && jump.event == event && !jump.isPosition)
        #expect(jump.event.kind == .restart && jump.event.time == 0.2)
        #expect(report.joins.first?.turn == 0 && report.joins.first?.speedOut == 0)
    }

    @Test func preserveVelocityKeepsItContinuous() throws {
        let (scene, motion) = try Self.interrupted(#"{"time": 0.2, "kind": "preserveVelocity", "toValue": 50}"#)
        let event = try #require(motion.interruptions.first)
        #expect(event.velocityChange == 0)
        #expect(abs(event.velocityAfter.x - Self.vAt02) < 1e-9)
        let report = try Validation.validate(scene, hz: 60)
        #expect(!report.findings.contains { $0.kind == .interruption })
        #expect(report.notes.contains {
            if case .smoothInterruption(let jump, _) = $0 { return jump.event.kind == .preserveVelocity && jump.event.time == 0.2 }
            return false
        })
    }

    @Test func additiveAddsTheNewAnimationsVelocity() throws {
        // The new spring from the old target 100 to 50, launched at −300 pt/s, is added to the
        // running one: velocity after = 270.67 + (−300) = −29.33 pt/s, a change of 300 pt/s.
        let (scene, motion) = try Self.interrupted(#"{"time": 0.2, "kind": "additive", "toValue": 50, "velocity": -300}"#)
        let event = try #require(motion.interruptions.first)
        #expect(abs(event.velocityAfter.x - (Self.vAt02 - 300)) < 1e-9)
        #expect(abs(event.velocityChange - 300) < 1e-9)
        // Value: the old spring plus the new one's displacement from the old target.
        let t = 0.5, s = t - 0.2
        let old = 100 - 100 * (1 + 10 * t) * exp(-10 * t)
        // The added spring from 100 to 50 at −300 pt/s: x = 50 + (50 + (−300 + 10·50)s)e^(−10s).
        let added = 50 + (50 + (-300 + 10 * 50) * s) * exp(-10 * s)
        #expect(abs(motion.value(t).x - (old + added - 100)) < 1e-9)
        let report = try Validation.validate(scene, hz: 120)
        #expect(report.findings.contains {
            if case .interruption(let jump) = $0 { return jump.event.kind == .additive }
            return false
        })
        // Without a launch velocity the added spring starts at rest: velocity continuous.
        let (_, rest) = try Self.interrupted(#"{"time": 0.2, "kind": "additive", "toValue": 50}"#)
        #expect(rest.interruptions.first?.velocityChange == 0)
    }

    @Test func badInterruptionsNameTheirPath() {
        let head = #"{"property": "position.y", "type": "spring", "spring": {"stiffness": 100, "damping": 20}, "fromValue": 0, "toValue": 100, "interruptions": "#
        let interruptions = "layers[0].animations[0].interruptions"
        #expect(documentError(document(head + #"[{"time": 0.2, "kind": "jump", "toValue": 1}]}"#))?.path == "\(interruptions)[0].kind")
        #expect(documentError(document(head + #"[{"time": 0.3, "kind": "restart", "toValue": 1}, {"time": 0.2, "kind": "restart", "toValue": 1}]}"#))?.path == "\(interruptions)[1].time")
        #expect(documentError(document(head + #"[{"time": 0.3, "kind": "restart", "toValue": 1}, {"time": 0.3, "kind": "restart", "toValue": 1}]}"#))?.path == "\(interruptions)[1].time")
        #expect(documentError(document(head + #"[{"time": 0.2, "kind": "restart", "toValue": 1}, {"time": 0.3, "kind": "restart", "toValue": 1}]}"#)) == nil)
        #expect(documentError(document(head + #"[{"time": 0.2, "kind": "preserveVelocity", "toValue": 1, "velocity": 3}]}"#))?.path == "\(interruptions)[0].velocity")
    }

    /// The computed fix for the restart in Scenes/interruptions.scene.json (launch the new
    /// spring at the presented velocity), applied to the file, removes the finding.
    @Test func theRestartsFixRemovesItsFinding() throws {
        let text = String(decoding: try Data(contentsOf: scenesDirectory.appendingPathComponent("interruptions.scene.json")), as: UTF8.self)
        let scenes = try SceneFile(text: text).scenes
        let reports = try [60.0, 120].map { try Validation.validate(scenes[0], hz: $0) }
        let fixes = Validation.fixes(for: SceneValidation(scene: scenes[0], reports: reports, judgesFrameCost: false))
        let fix = try #require(fixes.first { $0.finding.kind == .interruption })
        let change = try #require(fix.sourceChanges.first)
        #expect(change.path == "layers[0].animations[0].interruptions[0].velocity")
        let fixed = try SceneFile(text: try FixTests.applying(fix.sourceChanges, to: text)).scenes[0]
        for hz in [60.0, 120] {
            let report = try Validation.validate(fixed, hz: hz)
            #expect(!report.findings.contains { $0.kind == .interruption }, "\(report.findings)")
        }
        guard case .timeline(let motion, _) = fixed.kind else { Issue.record("not a timeline"); return }
        #expect((motion.interruptions.first?.velocityChange ?? .infinity) < 0.001)
    }

    /// A basic animation as the new one: restart from the presented value, additive from the
    /// old target; its linear curve sets the velocity after.
    @Test func basicAnimationsAsTheNewOne() throws {
        // Restart, linear over 0.5 s from x(0.2) = 100 − 300e^(−2) to 50: (50 − x(0.2))/0.5.
        let x02 = 100 - 300 * exp(-2.0)
        let (_, restart) = try Self.interrupted(#"{"time": 0.2, "kind": "restart", "toValue": 50, "duration": 0.5}"#)
        let r = try #require(restart.interruptions.first)
        #expect(abs(r.velocityAfter.x - (50 - x02) / 0.5) < 1e-9)
        #expect(abs(r.velocityChange - (Self.vAt02 - (50 - x02) / 0.5)) < 1e-9)
        #expect(abs(restart.value(0.45).x - (x02 + (50 - x02) * 0.5)) < 1e-9)
        // Additive, linear over 0.5 s from the old target 100 to 50: −100 pt/s added, the sum rule.
        let (scene, additive) = try Self.interrupted(#"{"time": 0.2, "kind": "additive", "toValue": 50, "duration": 0.5}"#)
        let a = try #require(additive.interruptions.first)
        #expect(abs(a.velocityAfter.x - (Self.vAt02 - 100)) < 1e-9)
        #expect(abs(a.velocityChange - 100) < 1e-9)
        let report = try Validation.validate(scene, hz: 60)
        #expect(report.findings.contains { $0.kind == .interruption })
        // No launch velocity to set on a basic animation: no fix is offered in the file's terms.
        let fixes = Validation.fixes(for: SceneValidation(scene: scene, reports: [report], judgesFrameCost: false))
        #expect(fixes.first { $0.finding.kind == .interruption }?.sourceChanges == [])
        #expect(documentError(document(#"{"property": "y", "type": "spring", "spring": {"stiffness": 100, "damping": 20}, "fromValue": 0, "toValue": 100, "interruptions": [{"time": 0.2, "kind": "preserveVelocity", "toValue": 50, "duration": 0.5}]}"#))?.path == "layers[0].animations[0].interruptions[0].duration")
    }
}
