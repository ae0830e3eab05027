import BezierKernels
import Motion
import Testing

@Suite("A path motion's timing curve")
struct PathMotionTimingTests {
    /// Two 100 pt lines in 1 s, linear mode: the join is at t = ½ in both. Ease-in-out's slope there
    /// is Y'(½)/X'(½) = 1.5 / 0.87, so both join speeds are 200 pt/s × that; the ratio stays 1.
    @Test func joinSpeedsIncludeTheCurveSlopeButNotTheRatio() throws {
        let path = try Path(svgPathData: "M 0 0 L 100 0 L 200 0")
        let linear = try PathMotion(path: path, duration: 1, mode: .linear)
        let eased = try PathMotion(path: path, duration: 1, timingCurve: .easeInEaseOut, mode: .linear)
        #expect(linear.timingCurve == .linear)
        #expect(eased.timingCurve == .easeInEaseOut)
        let plain = try #require(linear.joins.first), join = try #require(eased.joins.first)
        #expect(abs(plain.speedIn - 200) < 1e-12)
        #expect(abs(join.time - 0.5) < 1e-12)
        #expect(abs(join.speedIn - 200 * 1.5 / 0.87) < 1e-9, "\(join.speedIn)")
        #expect(abs(join.speedOut - join.speedIn) < 1e-9)
        #expect(join.speedRatio == 1)
        // The curve moves the object: a quarter of the time is less than a quarter of the way.
        #expect(eased.position(at: 0.25).x < linear.position(at: 0.25).x)
        #expect(eased.position(at: 1) == linear.position(at: 1))
        #expect(eased.with(mode: .paced).timingCurve == .easeInEaseOut)
    }

    @Test func svgScenesTakeTheCurve() throws {
        let scene = try Scene.svg("M 0 0 L 10 0", duration: 2, timingCurve: .easeIn)
        guard case .path(let motion, _) = scene.kind else { Issue.record("not a path scene"); return }
        #expect(motion.timingCurve == .easeIn)
        guard case .path(let plain, _) = try Scene.svg("M 0 0 L 10 0", duration: 2).kind else { return }
        #expect(plain.timingCurve == .linear)
    }
}
