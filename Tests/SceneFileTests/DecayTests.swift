import Foundation
import Motion
import SceneFile
import SpringSolver
import Testing

/// `"type": "decay"` (issue 24): a property released with a velocity and decelerated as a
/// platform does it, the timeline reading SpringSolver's `Fling` in points.
@Suite struct DecayTests {
    static func timeline(_ animation: String) throws -> (Scene, TimelineMotion) {
        let scene = try #require(try SceneFile(text: document(animation)).scenes.first)
        guard case .timeline(let motion, _) = scene.kind else { throw DecayError.notATimeline }
        return (scene, motion)
    }
    enum DecayError: Error { case notATimeline }

    @Test func aUIKitDecayIsTheFlingFromItsValue() throws {
        let (scene, motion) = try Self.timeline(
            #"{"property": "position.y", "type": "decay", "platform": "uikit", "velocity": -1000, "fromValue": 600}"#)
        let fling = try Fling(platform: .uikit, velocity: -1000)
        #expect(motion.start == 0 && motion.end == fling.duration)
        for t in stride(from: 0.0, through: fling.duration, by: 0.0137) {
            #expect(motion.value(t).x == 600 + fling.state(at: t).position)
        }
        // At rest before and after: where it started, and 499 pt up (the per-millisecond limit).
        #expect(motion.value(-1).x == 600)
        #expect(abs(motion.value(10).x - (600 - 499)) < 1e-9)
        // The model's stop (less than 0.5 pt left) is a designed step: smooth at both rates.
        for hz in [60.0, 120] {
            let report = try Validation.validate(scene, hz: hz)
            #expect(report.verdict == .smooth, "\(report.findings)")
        }
    }

    @Test func androidCountsDevicePixels() throws {
        // 1000 pt/s at density 2 is a 2000 px/s fling; the timeline is in points (px / 2).
        let (_, motion) = try Self.timeline(
            #"{"property": "position.x", "type": "decay", "platform": "android", "velocity": 1000, "fromValue": 0, "density": 2}"#)
        let fling = try Fling(platform: .android, velocity: 2000, density: 2)
        #expect(motion.end == fling.duration)
        #expect(motion.value(fling.duration).x == fling.distance / 2)
        #expect(motion.value(0.1).x == fling.state(at: 0.1).position / 2)
    }

    @Test func pointsPerUnitScalesAScalar() throws {
        let (_, motion) = try Self.timeline(
            #"{"property": "scroll", "type": "decay", "platform": "flutter", "velocity": 10, "fromValue": 1, "pointsPerUnit": 100}"#)
        let fling = try Fling(platform: .flutter, velocity: 1000)
        #expect(abs(motion.value(0.2).x - (100 + fling.state(at: 0.2).position)) < 1e-9)
    }

    /// A decay toward an edge: UIKit's model hands over to its spring at the same speed (smooth);
    /// Flutter's BouncingScrollSimulation caps the speed it hands over at 5000 px/s into the
    /// trailing edge, a speed jump the validation finds at the hand-off.
    @Test func anEdgeHandsOverToTheSpring() throws {
        let (uikit, uikitMotion) = try Self.timeline(
            #"{"property": "position.y", "type": "decay", "platform": "uikit", "velocity": 3000, "fromValue": 0, "extent": 300}"#)
        let join = try #require(uikitMotion.joins.first)
        #expect(abs(join.point.x - 300) < 1e-9 && abs(join.speedRatio - 1) < 1e-12)
        let edge = try #require(try EdgeFling(platform: .uikit, velocity: 3000, extent: 300).continuousMotion())
        #expect(uikitMotion.value(0.3).x == edge.position(at: 0.3))
        for hz in [60.0, 120] {
            let report = try Validation.validate(uikit, hz: hz)
            #expect(report.verdict == .smooth, "\(report.findings)")
        }
        let (flutter, flutterMotion) = try Self.timeline(
            #"{"property": "position.y", "type": "decay", "platform": "flutter-bouncing", "velocity": 12000, "fromValue": 0, "extent": 300, "density": 3}"#)
        let capped = try #require(flutterMotion.joins.first)
        #expect(abs(capped.speedOut - 5000) < 1e-9 && capped.speedIn > 11000)
        for hz in [60.0, 120] {
            let report = try Validation.validate(flutter, hz: hz)
            #expect(report.findings.contains { finding in
                if case .speedJump(let jump) = finding { return abs(jump.at.time - capped.time) < 1.5 / hz }
                return false
            }, "@\(hz): \(report.findings)")
        }
    }

    /// Android 12+ at an edge: the fling stops there (a speed jump to 0 at the join, judged) and
    /// EdgeEffect's stretch moves the far side of the view a little past it, then back to rest
    /// exactly at the edge.
    @Test func androidStretchesAtTheEdge() throws {
        let (scene, motion) = try Self.timeline(
            #"{"property": "position.y", "type": "decay", "platform": "android", "velocity": 4000, "fromValue": 10, "extent": 200, "density": 2, "viewport": 400}"#)
        let join = try #require(motion.joins.first)
        #expect(join.point.x == 210 && join.speedOut == 0 && join.speedIn > 0)
        let edge = try #require(try EdgeFling(platform: .android, velocity: 8000, extent: 400, density: 2, viewport: 800).continuousMotion())
        #expect(motion.value(0.5).x == 10 + edge.position(at: 0.5) / 2)
        let end = try #require(motion.end)
        let times = stride(from: 0.0, through: end, by: 0.001)
        let peak = times.map { motion.value($0).x }.max() ?? 0
        // The stretch shows at most 3.1 % of the 400-unit view past the edge.
        #expect(peak > 210 && peak < 210 + 400 * 0.032)
        #expect(motion.value(end).x == 210)
        for hz in [60.0, 120] {
            let report = try Validation.validate(scene, hz: hz)
            #expect(report.findings.contains { finding in
                if case .speedJump(let jump) = finding { return abs(jump.at.time - join.time) < 1.5 / hz }
                return false
            }, "@\(hz): \(report.findings)")
        }
    }

    @Test func badDecaysNameTheirPath() throws {
        let head = #""property": "position.y", "type": "decay""#
        let animation = "layers[0].animations[0]"
        func path(_ fields: String) -> String? { documentError(document("{\(head), \(fields)}"))?.path }
        #expect(path(#""platform": "ios", "velocity": 1, "fromValue": 0"#) == "\(animation).platform")
        #expect(path(#""platform": "uikit", "velocity": 0, "fromValue": 0"#) == "\(animation).velocity")
        // Velocities within ±100000 pt/s are read; one beyond is the velocity's error.
        #expect(path(#""platform": "android", "velocity": 1e6, "fromValue": 0"#) == "\(animation).velocity")
        #expect(path(#""platform": "android", "velocity": 100001, "fromValue": 0"#) == "\(animation).velocity")
        #expect(path(#""platform": "android", "velocity": -100001, "fromValue": 0"#) == "\(animation).velocity")
        #expect(documentError(document(#"{\#(head), "platform": "android", "velocity": 100000, "fromValue": 0}"#)) == nil)
        #expect(path(#""platform": "android", "velocity": 100, "fromValue": 0, "density": 20"#) == "\(animation).density")
        #expect(documentError(document(#"{"property": "position", "type": "decay", "platform": "uikit", "velocity": 100, "fromValue": 0}"#))?.path
            == animation)
        // Chrome's fling stops at the edge: the extent is refused there, read for UIKit and Android.
        #expect(path(#""platform": "chrome", "velocity": 100, "fromValue": 0, "extent": 50"#) == "\(animation).extent")
        #expect(documentError(document(#"{\#(head), "platform": "android", "velocity": 100, "fromValue": 0, "extent": 50}"#)) == nil)
        // The viewport sizes android's stretch at the edge, and nothing else.
        #expect(path(#""platform": "uikit", "velocity": 100, "fromValue": 0, "extent": 50, "viewport": 600"#) == "\(animation).viewport")
        #expect(path(#""platform": "android", "velocity": 100, "fromValue": 0, "viewport": 600"#) == "\(animation).viewport")
        #expect(path(#""platform": "android", "velocity": 100, "fromValue": 0, "extent": 50, "viewport": 0.5"#) == "\(animation).viewport")
        #expect(documentError(document(#"{\#(head), "platform": "android", "velocity": 100, "fromValue": 0, "extent": 50, "viewport": 600}"#)) == nil)
        #expect(documentError(document(#"{\#(head), "platform": "uikit", "velocity": 100, "fromValue": 0, "extent": 50}"#)) == nil)
        #expect(path(#""platform": "uikit", "velocity": 100, "fromValue": 0, "extent": 0"#) == "\(animation).extent")
        // An edge beyond EdgeFling's range once scaled to points is the extent's error, not the velocity's;
        // the same edge in points is within it.
        #expect(documentError(document(#"{"property": "s", "type": "decay", "platform": "uikit", "velocity": 10, "fromValue": 0, "extent": 1e6, "pointsPerUnit": 100}"#))?.path
            == "\(animation).extent")
        #expect(documentError(document(#"{"property": "s", "type": "decay", "platform": "uikit", "velocity": 10, "fromValue": 0, "extent": 1e5, "pointsPerUnit": 100}"#)) == nil)
        #expect(path(#""platform": "uikit", "velocity": 100, "fromValue": 0, "bounce": 1"#) == "\(animation).bounce")
    }
}
