import Testing

@testable import Motion

/// Fixes applied to the model (`Scene.applying`) and the scene validated again: the finding each
/// names is gone, the rest of the scene as it was.
@Suite struct FixApplyTests {
    static func validation(_ scene: Scene, mode: TimingMode? = .linear, rates: [Double] = [60, 120]) throws -> SceneValidation {
        let reports = try rates.map { hz in try Validation.validate(scene, mode: mode ?? .linear, hz: hz) }
        return SceneValidation(scene: scene, reports: reports, judgesFrameCost: false)
    }

    /// bee1+ linear: the seam moved off screen, two join times balanced and the kink at 4 → 5
    /// straightened, each at its rate; every one applies to the model and removes its finding.
    @Test func everyFixOfTheBeeAppliesAndRemovesItsFinding() throws {
        let scene = try Scene.bee(BeeFlight(bee: .one, sign: 1))
        let result = try Self.validation(scene)
        let fixes = Validation.fixes(for: result)
        #expect(fixes.count == result.reports.flatMap(\.findings).count)
        var kinds: Set<Finding.Kind> = []
        for fix in fixes {
            let after = try #require(scene.applying(fix, mode: .linear), "\(fix.reason)")
            let report = try Validation.validate(after, mode: .linear, hz: fix.hz)
            #expect(fix.persists(in: result.reports[fix.reportIndex]), "the finding is in the report it came from")
            #expect(!fix.persists(in: report), "\(fix.label): \(fix.reason) left \(report.findings)")
            // Only the finding it names: retiming one join speeds up the elements beside it, and
            // a neighbouring join may then show a jump of its own (the report says so).
            #expect(!report.findings.isEmpty)
            kinds.insert(fix.finding.kind)
        }
        #expect(kinds == [.teleport, .speedJump, .turn])
    }

    /// The kink's control point: only that element changes, and the moved path's join 4 → 5 turns
    /// by less than a degree (the point is rounded to 0.1 pt).
    @Test func theMovedControlPointStraightensTheJoin() throws {
        let scene = try Scene.bee(BeeFlight(bee: .one, sign: 1))
        let fix = try #require(Validation.fixes(for: try Self.validation(scene, rates: [60])).first { $0.finding.kind == .turn })
        guard case .path(let before, _) = scene.kind, case .path(let after, _)? = scene.applying(fix, mode: .linear)?.kind else {
            Issue.record("not a path after the fix")
            return
        }
        let changed = zip(before.segments, after.segments).enumerated().filter { $0.element.0 != $0.element.1 }.map(\.offset)
        #expect(changed == [4])
        #expect(after.joins[3].turn < 1 && before.joins[3].turn > 10)
        #expect(after.duration == before.duration && after.repeats)
    }

    /// A balanced join: the motion passes the same points (the path is not changed), the join at
    /// its new time, and the speeds on either side of it equal.
    @Test func aBalancedJoinKeepsThePathAndEqualsTheSpeeds() throws {
        let scene = try Scene.bee(BeeFlight(bee: .one, sign: 1))
        let fix = try #require(Validation.fixes(for: try Self.validation(scene, rates: [60])).first { $0.finding.kind == .speedJump })
        guard case .joinTime(let element, let from, let to) = fix.changes.first,
            case .balancedJoin(_, _, _, _, _, let balanced) = fix.reason,
            case .timeline(let timeline, _)? = scene.applying(fix, mode: .linear)?.kind,
            case .path(let motion, _) = scene.kind
        else {
            Issue.record("not a join time moved onto a timeline: \(fix.changes)")
            return
        }
        #expect(abs(from - to) > 0.01)
        #expect(timeline.position(at: to) == motion.position(at: from))
        #expect(timeline.position(at: 0.01) == motion.position(at: 0.01))
        let join = try #require(timeline.joins.first { $0.element == element })
        #expect(join.time == to)
        #expect(abs(join.speedIn - balanced) / balanced < 1e-9 && abs(join.speedOut - balanced) / balanced < 1e-9)
        // Finite differences across the join agree with the exact speeds.
        let h = 1e-6
        func speed(_ a: Double, _ b: Double) -> Double {
            let d = timeline.position(at: b) - timeline.position(at: a)
            return (d * d).sum().squareRoot() / (b - a)
        }
        #expect(abs(speed(to - 2 * h, to - h) - balanced) / balanced < 1e-3)
        #expect(abs(speed(to + h, to + 2 * h) - balanced) / balanced < 1e-3)
    }

    /// The menu: the wave grown from zero and the dismiss stopped at rest, each removing its
    /// finding; a change for another kind of scene applies to nothing.
    @Test func springFixesApplyToTheSpringScene() throws {
        var applied = 0
        for scene in try Scene.seeds(named: "menu") {
            let result = try Self.validation(scene, mode: nil, rates: [60])
            for fix in Validation.fixes(for: result) {
                guard let after = scene.applying(fix) else {
                    if case .settledSpring = fix.reason { continue }
                    Issue.record("\(fix.reason) did not apply")
                    continue
                }
                let report = try Validation.validate(after, hz: fix.hz)
                #expect(!fix.persists(in: report), "\(fix.label): \(report.findings)")
                applied += 1
            }
        }
        #expect(applied >= 2)
        let bee = try Scene.bee(BeeFlight(bee: .one, sign: 1))
        let wave = try #require(Validation.fixes(for: try Self.validation(try Scene.menu(.show), mode: nil, rates: [60])).first)
        #expect(bee.applying(wave) == nil)
    }
}
