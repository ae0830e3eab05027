import Testing

@testable import Motion

/// Timelines (motions known as a function of time) judged like any scene, on motions whose
/// answers are known: a constant-speed move, a designed hold, the same jump undeclared, a
/// velocity reversal, a scalar scaled to points.
@Suite struct TimelineMotionTests {
    func scene(_ motion: TimelineMotion, name: String = "t") -> Scene {
        Scene(name: name, kind: .timeline(motion, viewport: nil))
    }

    @Test func constantSpeedMoveIsSmoothAtEveryRate() throws {
        let move = try TimelineMotion(
            quantity: .position, start: 0, end: 1, value: { t in SIMD2(300 * min(max(t, 0), 1), 50) })
        for hz in [60.0, 120.0] {
            let report = try Validation.validate(scene(move), hz: hz)
            #expect(report.verdict == .smooth, "\(report.findings)")
            #expect(report.frames == Int(hz) + 1)
            // 300 pt/s exactly, frame after frame.
            #expect(abs(try #require(report.metrics.speed).median - 300) < 1e-9)
        }
    }

    @Test func designedHoldIsReportedNotJudged() throws {
        // 0 → 200 pt held until 0.5 s, then jumps: a hold keyframe's step.
        let hold: @Sendable (Double) -> SIMD2<Double> = { t in SIMD2(t < 0.5 ? 0 : 200, 0) }
        let declared = try TimelineMotion(quantity: .position, end: 1, value: hold, designedSteps: [0.5])
        let report = try Validation.validate(scene(declared), hz: 60)
        #expect(report.verdict == .smooth, "\(report.findings)")
        #expect(report.metrics.designedSteps.count == 1)
        #expect(abs(report.metrics.designedSteps[0].distance - 200) < 1e-12)
        #expect(report.notes.contains(.designedSteps(times: [report.metrics.designedSteps[0].to.time])))

        let undeclared = try TimelineMotion(quantity: .position, end: 1, value: hold)
        let janky = try Validation.validate(scene(undeclared), hz: 60)
        #expect(janky.verdict == .janky)
        #expect(janky.findings.map(\.kind) == [.teleport])
    }

    @Test func velocityReversalIsABreak() throws {
        // Linear keyframes 0 → 200 → 0 over 2 s: the velocity flips from +200 to −200 pt/s.
        let triangle = try TimelineMotion(
            quantity: .position, end: 2,
            value: { t in let u = min(max(t, 0), 2); return SIMD2(u < 1 ? 200 * u : 200 * (2 - u), 0) })
        let report = try Validation.validate(scene(triangle), hz: 60)
        #expect(report.verdict == .janky)
        #expect(report.findings.contains { $0.kind == .turn })
    }

    @Test func scalarIsJudgedInPointsPerUnit() throws {
        // Opacity 0 → 1 within one 60 Hz frame between frames at rest. At 100 pt per unit it is a
        // 100 pt jump, a teleport; at 0.5 pt per unit it is below the 1 pt a teleport needs.
        let flash: @Sendable (Double) -> Double = { t in min(max(t * 60, 0), 1) }
        let big = try TimelineMotion(
            quantity: .scalar(name: "opacity", unit: "", pointsPerUnit: 100), end: 1 / 60.0,
            value: { t in SIMD2(flash(t) * 100, 0) })
        #expect(try Validation.validate(scene(big), hz: 60).findings.map(\.kind) == [.teleport])
        let small = try TimelineMotion(
            quantity: .scalar(name: "opacity", unit: "", pointsPerUnit: 0.5), end: 1 / 60.0,
            value: { t in SIMD2(flash(t) * 0.5, 0) })
        #expect(try Validation.validate(scene(small), hz: 60).verdict == .smooth)
    }

    @Test func repeatingTimelineSamplesItsWindow() throws {
        let cycle = try TimelineMotion(
            quantity: .position, end: nil, window: 1 + 8 / 60.0,
            value: { t in SIMD2(100 * (t - t.rounded(.down)), 0) }, seam: Seam(time: 1, from: SIMD2(100, 0), to: SIMD2(0, 0)))
        let report = try Validation.validate(scene(cycle), hz: 60)
        #expect(report.frames == 69)
        #expect(report.seam?.gap == 100)
        #expect(report.findings.contains { $0.kind == .teleport })
    }

    @Test func badTimelinesAreRefused() {
        #expect(throws: MotionError.self) { try TimelineMotion(quantity: .position, start: .nan, end: 1, value: { _ in .zero }) }
        #expect(throws: MotionError.self) { try TimelineMotion(quantity: .position, start: 2, end: 1, value: { _ in .zero }) }
        #expect(throws: MotionError.self) { try TimelineMotion(quantity: .position, end: nil, value: { _ in .zero }) }
        #expect(throws: MotionError.self) {
            try TimelineMotion(quantity: .scalar(name: "o", unit: "", pointsPerUnit: 0), end: 1, value: { _ in .zero })
        }
        #expect(throws: MotionError.self) {
            try TimelineMotion(quantity: .position, end: 1, value: { _ in .zero }, designedSteps: [.infinity])
        }
    }
}
