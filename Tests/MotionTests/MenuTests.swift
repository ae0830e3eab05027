import BezierKernels
import Foundation
import Motion
import SpringSolver
import Testing

@Suite("Bouncing menu: offset, wave, stop condition")
struct MenuTests {
    @Test("the menu is 208 pt tall and moves between 667 and 459")
    func geometry() throws {
        #expect(MenuBounce.menuHeight == 208)
        let show = try MenuBounce.scene(.show)
        #expect(show.motion.initialPosition == 667 && show.target == 459)
        #expect(abs(show.motion.initialVelocity - 0.6 * (459 - 667)) < 1e-12)
        let dismiss = try MenuBounce.scene(.dismiss)
        #expect(dismiss.motion.initialPosition == 459 && dismiss.target == 667)
        #expect(abs(dismiss.motion.spring.dampingRatio - 1) < 1e-12, "ratio 100 clamped to 1 by the default mapping")
        // How the mapping treated the ratio is SpringSolver's own note; the set-up is data.
        let given = try #require(dismiss.notes.lazy.compactMap { note -> (Double, Double)? in
            if case .uikitSpring(let duration, let ratio, _, _) = note { (duration, ratio) } else { nil }
        }.first)
        let clamp = try #require(try UIKitSpringParameters(duration: given.0, dampingRatio: given.1).conversion(mapping: EnvelopeDecayMapping.default).note)
        #expect(dismiss.notes.contains(.scene(clamp)), "\(dismiss.notes)")
        #expect(dismiss.notes.contains { if case .uikitSpring(_, 100, _, let spring) = $0 { spring == dismiss.motion.spring } else { false } })
    }

    @Test("the offset is model − presented, and positive offsets are scaled by 0.2 on dismiss only")
    func offset() throws {
        let show = try MenuBounce.scene(.show)
        #expect(show.offset(at: 0) == -208)
        // The show overshoots above 459 (smaller y): the offset turns positive, unscaled (docs/seed-scenes.md).
        let peak = try #require(try SpringResponse(
            positions: (0..<600).map { show.presented(at: Double($0) / 600) }, from: 667, target: 459, hz: 600
        ).overshootTime)
        let raw = 459 - show.presented(at: peak)
        #expect(raw > 0)
        #expect(abs(show.offset(at: peak) - raw) < 1e-12)
        let dismiss = try MenuBounce.scene(.dismiss)
        #expect(abs(dismiss.offset(at: 0) - 0.2 * 208) < 1e-12)
    }

    @Test("each frame rebuilds the wave: top edge control at (w/2, offset), bottom at height + 100")
    func frameShape() throws {
        let show = try MenuBounce.scene(.show)
        let frame = show.frame(at: 0.1)
        #expect(frame.offset == show.offset(at: 0.1))
        let path = try #require(frame.shape)
        #expect(path.elements.count == 6)
        #expect(path.elements[1] == .quadCurve(to: Point(375, 0), control: Point(187.5, frame.offset)))
        #expect(path.elements[3] == .quadCurve(to: Point(0, 308), control: Point(187.5, 308)))
        #expect(MenuShape.apex(offset: -208) == -104)
        #expect(path.segments[0].point(at: 0.5) == Point(187.5, MenuShape.apex(offset: frame.offset)))
    }

    @Test("the first frame draws the wave at full height", arguments: MenuBounce.Phase.allCases, [60.0, 120])
    func firstFrameWave(phase: MenuBounce.Phase, hz: Double) throws {
        let report = try Validation.validate(Scene.menu(phase), hz: hz)
        let spring = try #require(report.spring)
        #expect(spring.firstFrameOffset == (phase == .show ? -208 : 41.6))
        #expect(spring.firstFrameApex == (phase == .show ? -104 : 20.8))
        #expect(report.findings.contains { $0.kind == .firstFrameJump })
        #expect(report.metrics.teleports.isEmpty, "the menu itself glides; only the wave pops")
    }

    @Test(
        "offset == 0 fires on the exact spring only when the deviation rounds away in Double",
        arguments: MenuBounce.Phase.allCases, [60.0, 120])
    func continuousStop(phase: MenuBounce.Phase, hz: Double) throws {
        let scene = try MenuBounce.scene(phase)
        let report = try Validation.validate(Scene.menu(phase), hz: hz)
        let stop = try #require(report.spring?.stops.first)
        #expect(stop.model == .continuousSpring)
        let frame = try #require(stop.frame, "the deviation underflows against the target within 10 s")
        // Every earlier frame has a non-zero offset; the stop frame's presented value is the target.
        for k in 0..<frame { #expect(scene.offset(at: Double(k) / hz) != 0) }
        #expect(scene.presented(at: Double(frame) / hz) == scene.target)
        // Long after the motion settled: the deviation is below ulp(target)/2 ≈ 3e-14 pt there.
        let settle = try #require(report.spring?.response.settleTime)
        #expect(try #require(stop.time) > settle + 2)
        #expect(stop.snap == 0)
        #expect(report.frames == frame + 1)
        #expect(!report.findings.contains { $0.kind == .stopNeverFires })
    }

    @Test("if Core Animation removes the animation at 0.8 s, the stop fires there with the residual as snap")
    func removalStop() throws {
        for phase in MenuBounce.Phase.allCases {
            let scene = try MenuBounce.scene(phase)
            let report = try Validation.validate(Scene.menu(phase), hz: 60)
            let stop = try #require(report.spring?.stops.last)
            #expect(stop.model == .animationRemovedAtDuration)
            #expect(stop.frame == 48)
            #expect(abs(stop.snap - abs(scene.motion.position(at: 0.8) - scene.target)) < 1e-12)
            // The snap is a finding exactly when it exceeds the 0.5 pt default.
            #expect(report.findings.contains { $0.kind == .snap } == (stop.snap > 0.5))
        }
    }

    @Test("a spring that cannot reach exactly zero in the window never stops, and says so")
    func neverStops() throws {
        let spring = try DampedSpring(mass: 1, stiffness: 100, damping: 2)
        let motion = try SpringMotion(spring: spring, from: 0.0, to: 100.0)
        let scene = try SpringScene(name: "slow", motion: motion, maximumSimulatedTime: 1)
        let report = try Validation.validate(Scene(name: "slow", kind: .spring(scene)), hz: 60)
        #expect(report.spring?.stops.count == 1)
        #expect(report.spring?.stops.first?.frame == nil)
        #expect(report.findings.contains { $0.kind == .stopNeverFires })
        #expect(report.frames == 61)
    }

    @Test("integrators: exact has rounding error only, RK4 and dopri54 are faithful, explicit Euler is not at 60 Hz")
    func integrators() throws {
        let report = try Validation.validate(Scene.menu(.show), hz: 60)
        let errors = Dictionary(uniqueKeysWithValues: try #require(report.spring).integrators.map { ($0.name, $0) })
        #expect(try #require(errors["exact"]).maxError < 1e-9)
        #expect(try #require(errors["rk4"]).isFaithful)
        #expect(try #require(errors["explicit-euler"]).isFaithful == false)
        // The adaptive solver samples frames by dense output at rtol 1e-9: far below a point.
        let dopri = try #require(errors["dopri54"])
        #expect(dopri.maxError > 0 && dopri.maxError < 1e-6, "\(dopri.maxError)")
    }

    @Test("series: times, positions, speed, offset and errors line up with the report's frames")
    func series() throws {
        let scene = try Scene.menu(.show)
        let series = try Validation.series(scene, hz: 60)
        let report = try Validation.validate(scene, hz: 60)
        #expect(series.times.count == report.frames && series.speed.count == report.frames)
        #expect(series.offset?.count == report.frames && series.offset?.first == -208)
        #expect(series.errors?.allSatisfy { $0.errors.count == report.frames } == true)
        #expect(series.y.first == 667 && series.mode == nil)
        let bee = try Validation.series(Scene.bee(BeeFlight(bee: .one, sign: 1)), mode: .paced, hz: 60)
        #expect(bee.elements?.first == 1 && bee.offset == nil && bee.mode == .paced)
    }

    @Test("frame cost: a finding only above the budget fraction, and bad costs are rejected")
    func frameCost() throws {
        let report = try Validation.validate(Scene.menu(.show), hz: 60)
        let cheap = try report.withFrameCost(seconds: 1e-6)
        #expect(abs(try #require(cheap.frameCostFraction) - 6e-5) < 1e-12)
        #expect(!cheap.findings.contains { $0.kind == .frameCost })
        let costly = try report.withFrameCost(seconds: 0.005)
        #expect(costly.findings.last?.kind == .frameCost)
        guard case .frameCost(let cost) = costly.findings.last else { Issue.record("\(costly.findings)"); return }
        #expect(abs(cost.fraction - 0.3) < 1e-12 && cost.hz == 60 && cost.limit == 0.1)
        #expect(throws: MotionError.self) { try report.withFrameCost(seconds: -1) }
    }
}

/// The menu under both UIKit mappings: the envelope decay (k 207.11) and Framer's (k 190.21).
@Suite struct MenuMappingTests {
    @Test func showUnderBothMappings() throws {
        let outcomes = try MenuBounce.mappingOutcomes(.show)
        #expect(outcomes.map(\.mapping) == ["envelope", "framer"])
        #expect(abs(outcomes[0].spring.stiffness - 207.1) < 0.05)
        #expect(abs(outcomes[1].spring.stiffness - 190.2) < 0.05)
        #expect(abs(outcomes[1].spring.damping - 16.55) < 0.005)
        for outcome in outcomes {
            // The overshoot is an extremum: the exact velocity is 0 there.
            let motion = try SpringMotion(spring: outcome.spring, from: 667.0, to: 459.0, initialVelocity: 0.6 * -208)
            #expect(abs(motion.state(at: outcome.overshootTime).velocity) < 1e-6)
            #expect(outcome.settleTime > outcome.overshootTime)
        }
        // The softer Framer spring overshoots and settles later.
        #expect(outcomes[1].overshootTime > outcomes[0].overshootTime)
        #expect(outcomes[1].settleTime > outcomes[0].settleTime)
        let scene = try MenuBounce.scene(.show)
        #expect(scene.notes.contains(.uikitMappings(outcomes)))
    }

    @Test func dismissIsCriticalUnderBoth() throws {
        let outcomes = try MenuBounce.mappingOutcomes(.dismiss)
        #expect(outcomes.allSatisfy { $0.overshootTime == 0 && abs($0.spring.dampingRatio - 1) < 1e-12 })
        let scene = try MenuBounce.scene(.dismiss)
        #expect(scene.notes.contains(.uikitMappings(outcomes)))
    }
}
