import Foundation
import Lottie
import Motion
import Testing

/// A one-layer animation at 60 fps over `op` frames whose position has these keyframes (JSON).
func positionFile(_ keyframes: String, op: Int = 60, extraLayerKeys: String = "") throws -> LottieMotion {
    let text = """
        {"v": "5.7.0", "fr": 60, "ip": 0, "op": \(op), "w": 400, "h": 400, "layers": [
          {"ty": 4, "nm": "box", "ind": 1, "ip": 0, "op": \(op), "st": 0\(extraLayerKeys),
           "ks": {"p": {"a": 1, "k": [\(keyframes)]}}, "shapes": []}]}
        """
    return try LottieAnimation(bytes: Array(text.utf8)).motion()
}

let linearHandles = #""o": {"x": 0, "y": 0}, "i": {"x": 1, "y": 1}"#

@Suite struct LottieJoinTests {
    @Test func linearKeyframesThatChangeSpeedAreAnExactJoin() throws {
        // 100 pt in 30 frames (200 pt/s), then 400 pt in 30 frames (800 pt/s).
        let motion = try positionFile(
            #"{"t": 0, "s": [0, 0], \#(linearHandles)}, {"t": 30, "s": [100, 0], \#(linearHandles)}, {"t": 60, "s": [500, 0]}"#)
        let box = try timeline(motion, "box/position")
        let join = try #require(box.joins.first)
        #expect(box.joins.count == 1)
        #expect(join.time == 0.5)
        #expect(abs(join.speedIn - 200) < 1e-9 && abs(join.speedOut - 800) < 1e-9)
        #expect(abs(join.speedRatio - 4) < 1e-12 && join.turn == 0)
        for hz in [60.0, 120.0] {
            let report = try Validation.validate(try scene(motion, "box/position"), hz: hz)
            #expect(report.verdict == .janky)
            #expect(report.findings.contains { $0.kind == .speedJump })
        }
    }

    @Test func easingHandlesEndSlopesGiveTheJoinSpeeds() throws {
        // Segment 1 arrives with i = (0.5, 0.75): slope (1 − 0.75)/(1 − 0.5) = 0.5 of 100 pt per
        // 0.5 s → 100 pt/s. Segment 2 leaves with o = (0.25, 0.5): slope 2 of 100 pt per 0.5 s →
        // 400 pt/s.
        let motion = try positionFile(
            #"""
            {"t": 0, "s": [0, 0], "o": {"x": 0.25, "y": 0.25}, "i": {"x": 0.5, "y": 0.75}},
            {"t": 30, "s": [100, 0], "o": {"x": 0.25, "y": 0.5}, "i": {"x": 0.75, "y": 0.75}},
            {"t": 60, "s": [200, 0]}
            """#)
        let join = try #require(try timeline(motion, "box/position").joins.first)
        #expect(abs(join.speedIn - 100) < 1e-9)
        #expect(abs(join.speedOut - 400) < 1e-9)
    }

    @Test func easeToAStopAndAwayIsSmooth() throws {
        let ease = #""o": {"x": 0.42, "y": 0}, "i": {"x": 0.58, "y": 1}"#
        let motion = try positionFile(#"{"t": 0, "s": [0, 0], \#(ease)}, {"t": 30, "s": [100, 0], \#(ease)}, {"t": 60, "s": [100, 150]}"#)
        let join = try #require(try timeline(motion, "box/position").joins.first)
        #expect(join.speedIn == 0 && join.speedOut == 0)
        for hz in [60.0, 120.0] {
            #expect(try Validation.validate(try scene(motion, "box/position"), hz: hz).verdict == .smooth)
        }
    }

    @Test func spatialTangentsThatKinkAreAnExactTurn() throws {
        // Arrives heading +x (ti = (-50, 0)), leaves heading +y (to = (0, 50)): a 90° turn at
        // full linear speed.
        let motion = try positionFile(
            #"""
            {"t": 0, "s": [0, 0], \#(linearHandles), "to": [50, 0], "ti": [-50, 0]},
            {"t": 30, "s": [200, 0], \#(linearHandles), "to": [0, 50], "ti": [0, -50]},
            {"t": 60, "s": [200, 200]}
            """#)
        let join = try #require(try timeline(motion, "box/position").joins.first)
        #expect(abs(join.turn - 90) < 1e-6)
        // Both segments are straight lines of 200 pt in 0.5 s.
        #expect(abs(join.speedIn - 400) < 1e-3 && abs(join.speedOut - 400) < 1e-3)
        #expect(try Validation.validate(try scene(motion, "box/position"), hz: 60).verdict == .janky)
    }

    @Test func smoothSpatialTangentsAreContinuous() throws {
        // A path through (200, 0) with opposite tangents, paced by linear ease over segments of
        // equal length: same heading, same speed.
        let motion = try positionFile(
            #"""
            {"t": 0, "s": [0, 0], \#(linearHandles), "to": [50, 50], "ti": [-60, 0]},
            {"t": 30, "s": [200, 0], \#(linearHandles), "to": [60, 0], "ti": [-50, 50]},
            {"t": 60, "s": [400, 0]}
            """#)
        let join = try #require(try timeline(motion, "box/position").joins.first)
        #expect(join.turn < 1e-6)
        #expect(abs(join.speedRatio - 1) < 1e-6)
        for hz in [60.0, 120.0] {
            #expect(try Validation.validate(try scene(motion, "box/position"), hz: hz).verdict == .smooth)
        }
    }
}

@Suite struct LottieParentJoinTests {
    /// A child 100 pt along a parent whose rotation slows from 180°/s to 90°/s at 0.5 s: the
    /// child's speed halves there, 100·π → 100·π/2 pt/s, with no turn (the product rule through
    /// the parent's rotation, exactly).
    @Test func aParentsRotationKeyframeIsTheChildsJoin() throws {
        let linear = #""o": {"x": [0], "y": [0]}, "i": {"x": [1], "y": [1]}"#
        let text = """
            {"fr": 60, "ip": 0, "op": 60, "w": 400, "h": 400, "layers": [
              {"ty": 3, "nm": "pivot", "ind": 1, "ip": 0, "op": 60, "st": 0, "ks": {"p": {"a": 0, "k": [200, 200]},
                "r": {"a": 1, "k": [{"t": 0, "s": [0], \(linear)}, {"t": 30, "s": [90], \(linear)}, {"t": 60, "s": [135]}]}}},
              {"ty": 4, "nm": "tip", "ind": 2, "parent": 1, "ip": 0, "op": 60, "st": 0, "ks": {"p": {"a": 0, "k": [100, 0]}}}]}
            """
        let motion = try LottieAnimation(bytes: Array(text.utf8)).motion()
        #expect(motion.scenes.map(\.name) == ["tip/position", "tip/rotation"])
        let tip = try timeline(motion, "tip/position")
        #expect(close(tip.value(0.5), SIMD2(200, 300), 1e-9))  // turned 90°: straight below
        let join = try #require(tip.joins.first)
        #expect(abs(join.speedIn - 100 * .pi) < 1e-9 && abs(join.speedOut - 50 * .pi) < 1e-9)
        #expect(join.turn < 1e-9)
        let rotation = try #require(try timeline(motion, "tip/rotation").joins.first)
        let animation = motion.animation
        #expect(abs(rotation.speedIn / animation.pointsPerDegree - 180) < 1e-9)
        #expect(abs(rotation.speedOut / animation.pointsPerDegree - 90) < 1e-9)
    }
}
