import Motion

/// `bench validate --json`: the `flightline.validate/1` document of the scene validations.
extension SceneReport {
    // MARK: JSON

    /// `flightline.validate/1` (docs/design.md §3): `{schema, build, thresholds, scenes:[{scene, mode,
    /// hz, frames, metrics, verdict, reasons, notes, timing}]}`, in the order the scenes ran.
    /// `timing` (after the contract keys) is a path scene's timing curve, `{name, x1, y1, x2, y2}`
    /// with `name` null for an unnamed curve, and null for a spring.
    /// Numbers are never NaN or infinite; a null says why: a join's `speedRatio` is null where
    /// `fromRest` (nothing arrives), an integrator's `maxError` where `diverged`, a rate test's
    /// `finer…` values where the break was decided at the first doubling or not sampled finer,
    /// `settleTime` where the motion has not settled within the frames, `stopTime` where the
    /// stop never fires.
    /// With Lottie files, a `files` array follows the scenes: each file's frame rate, range,
    /// size, objects (name, JSON path, kind, validated quantities; still objects have none) and
    /// notes. A timeline's report adds `start` and `end` (its absolute span, seconds from the
    /// scene's or file's t = 0, a Lottie file's frame 0) and `joins` (exact, from its keyframes).
    static func json(
        _ results: [SceneValidation], thresholds: Thresholds, fixes: [[FixSuggestion]], files: [LottieInput] = []
    ) -> JSON {
        var thresholdMembers: [(String, JSON)] = []
        for flag in SceneThresholds.flags {
            thresholdMembers.append((camel(flag.name), .finite(thresholds[keyPath: flag.keyPath])))
        }
        var members: [(String, JSON)] = [
            ("schema", .string("flightline.validate/1")),
            ("build", .string(buildConfiguration)),
            ("thresholds", .object(thresholdMembers)),
            ("scenes", .array(zip(results, fixes).flatMap { (result, sceneFixes) in
                result.reports.enumerated().map { (index, report) in
                    json(report, judged: result.judgesFrameCost, scene: result.scene, fixes: sceneFixes.filter { $0.reportIndex == index })
                }
            })),
        ]
        if !files.isEmpty { members.append(("files", .array(files.map(\.json)))) }
        return .object(members)
    }

    /// A timeline's exact joins: time, value, turn, speeds in and out (points per second) and
    /// their ratio (null where nothing arrives: `fromRest`).
    static func timelineJoins(_ joins: [Join]) -> JSON {
        .array(joins.map { join in
            .object([
                ("t", .finite(join.time)), ("x", .finite(join.point.x)), ("y", .finite(join.point.y)),
                ("turn", .finite(join.turn)), ("speedIn", .finite(join.speedIn)), ("speedOut", .finite(join.speedOut)),
                ("speedRatio", join.speedIn > 0 ? .finite(join.speedRatio) : .null), ("fromRest", .bool(join.speedIn == 0)),
            ])
        })
    }

    static func camel(_ name: String) -> String {
        let parts = name.split(separator: "-")
        return parts.enumerated().map { $0.offset == 0 ? String($0.element) : $0.element.prefix(1).uppercased() + $0.element.dropFirst() }.joined()
    }

    static func json(_ report: ValidationReport, judged: Bool, scene: Scene, fixes: [FixSuggestion] = []) -> JSON {
        var timing = JSON.null
        if case .path(let motion, _) = scene.kind {
            let curve = motion.timingCurve
            timing = .object([
                ("name", TimingCurveOption.name(of: curve).map(JSON.string) ?? .null),
                ("x1", .number(curve.x1)), ("y1", .number(curve.y1)), ("x2", .number(curve.x2)), ("y2", .number(curve.y2)),
            ])
        }
        // `delivery` only with --frames or --trace: ideal frames' documents stay as they were.
        var delivery: [(String, JSON)] = report.delivery == nil ? [] : [("delivery", deliveryJSON(report))]
        // The sample figures over the frames' phase (null-free: absent for a recording).
        if let sweep = report.phaseSweep { delivery.insert(("phaseSweep", phaseJSON(sweep)), at: 0) }
        var members: [(String, JSON)] = [
            ("scene", .string(report.scene)),
            ("mode", report.mode.map { .string($0.rawValue) } ?? .null),
            ("hz", .number(report.hz)),
            ("frames", .integer(report.frames)),
            ("metrics", metrics(report, judged: judged)),
            ("verdict", .string(report.verdict.rawValue)),
            ("reasons", .array(report.reasons.map(JSON.string))),
            ("findings", .array(report.findings.map { findingJSON($0, label: report.label) })),
            ("notes", .array(report.notes.map { .string($0.text) })),
            ("timing", timing),
            ("fixes", json(fixes: fixes)),
        ]
        if case .timeline(let motion, _) = scene.kind {
            // The timeline's absolute span, seconds from the scene's or file's t = 0 (a Lottie
            // file's frame 0); a repeating timeline's end is that of the window sampled.
            members.append(("start", .finite(motion.start)))
            members.append(("end", .finite(motion.end ?? motion.start + motion.window)))
            if !report.joins.isEmpty { members.append(("joins", timelineJoins(report.joins))) }
        }
        return .object(members + delivery)
    }

    static func event(_ event: FrameEvent?) -> [(String, JSON)] {
        guard let event else { return [] }
        var members: [(String, JSON)] = [("frame", .integer(event.frame)), ("t", .finite(event.time))]
        if let element = event.element { members.append(("element", .integer(element))) }
        if let next = event.nextElement { members.append(("nextElement", .integer(next))) }
        members.append(("x", .finite(event.position.x)))
        members.append(("y", .finite(event.position.y)))
        return members
    }

    /// `isBreak` (null without a test), the two ratios, and `smoothByModel`: true where the
    /// scene's model is continuous in velocity (a spring's exact motion), which makes the
    /// sampled test a measurement, not a verdict.
    static func rateTest(_ test: RateDoublingTest?, smoothByModel: Bool) -> [(String, JSON)] {
        guard let test else { return [("isBreak", smoothByModel ? .bool(false) : .null), ("smoothByModel", .bool(smoothByModel))] }
        return [
            ("isBreak", .bool(test.isBreak && !smoothByModel)), ("rateDoublingRatio", .finite(test.ratio)),
            ("finerRateDoublingRatio", .finite(test.finerRatio)), ("smoothByModel", .bool(smoothByModel)),
        ]
    }

    static func jump(_ jump: SpeedJump, smoothByModel: Bool) -> JSON {
        .object([("ratio", .finite(jump.ratio)), ("speedBefore", .finite(jump.speedBefore)), ("speedAfter", .finite(jump.speedAfter))]
            + event(jump.at) + rateTest(jump.rateTest, smoothByModel: smoothByModel))
    }

    static func turn(_ turn: Turn, smoothByModel: Bool) -> JSON {
        .object([("degrees", .finite(turn.degrees))] + event(turn.at) + rateTest(turn.rateTest, smoothByModel: smoothByModel))
    }

    static func point(_ p: SIMD2<Double>) -> JSON { .object([("x", .finite(p.x)), ("y", .finite(p.y))]) }

    static func metrics(_ report: ValidationReport, judged: Bool) -> JSON {
        let m = report.metrics
        var members: [(String, JSON)] = [
            ("maxStep", .finite(m.maxStep)),
            ("speed", m.speed.map { .object([("min", .finite($0.min)), ("median", .finite($0.median)), ("max", .finite($0.max))]) } ?? .null),
            ("speedJump", m.speedJump.map { jump($0, smoothByModel: m.isSmoothByModel) } ?? .null),
            ("speedJumpBreaks", .array(m.speedJumpBreaks.map { jump($0, smoothByModel: false) })),
            ("maxTurn", m.maxTurn.map { turn($0, smoothByModel: m.isSmoothByModel) } ?? .null),
            ("turnBreaks", .array(m.turnBreaks.map { turn($0, smoothByModel: false) })),
            ("teleports", .array(m.teleports.map { t in
                .object([("distance", .finite(t.distance)), ("neighbourStep", .finite(t.neighbourStep))]
                    + [("from", .object(event(t.from))), ("to", .object(event(t.to)))])
            })),
            ("designedSteps", .array(m.designedSteps.map { t in
                .object([("distance", .finite(t.distance)), ("from", .object(event(t.from))), ("to", .object(event(t.to)))])
            })),
            ("rateDoubling", m.rateDoubling.map { test in
                .object([
                    ("hz", .finite(test.hz)), ("velocityChange", .finite(test.velocityChange)),
                    ("doubledVelocityChange", .finite(test.doubledVelocityChange)), ("ratio", .finite(test.ratio)),
                    ("quadrupledVelocityChange", .finite(test.quadrupledVelocityChange)),
                    ("finerRatio", .finite(test.finerRatio)),
                    ("isBreak", .bool(test.isBreak)),
                ])
            } ?? .null),
        ]
        if report.mode != nil {
            members.append(("joins", .array(report.joins.map { j in
                .object([
                    ("element", .integer(j.element)), ("x", .finite(j.point.x)), ("y", .finite(j.point.y)), ("t", .finite(j.time)),
                    ("gap", .finite(j.gap)), ("turn", .finite(j.turn)), ("speedIn", .finite(j.speedIn)), ("speedOut", .finite(j.speedOut)),
                    ("speedRatio", .finite(j.speedRatio)), ("fromRest", .bool(!j.speedRatio.isFinite)),
                ])
            })))
            members.append(("seam", report.seam.map { s in
                .object([
                    ("t", .finite(s.time)), ("gap", .finite(s.gap)), ("from", point(s.from)), ("to", point(s.to)),
                    ("fromVisible", report.seamEndVisible.map(JSON.bool) ?? .null),
                    ("toVisible", report.seamStartVisible.map(JSON.bool) ?? .null),
                ])
            } ?? .null))
        }
        if let spring = report.spring {
            let r = spring.response
            let exact = spring.stops.first { $0.model == .continuousSpring }
            members += [
                ("overshoot", .finite(r.overshoot)),
                ("overshootFraction", .finite(r.overshootFraction)),
                ("overshootTime", .finite(r.overshootTime)),
                ("settleTime", .finite(r.settleTime)),
                ("stopFires", .bool(exact?.frame != nil)),
                ("stopFrame", exact?.frame.map(JSON.integer) ?? .null),
                ("stopTime", .finite(exact?.time)),
                ("snap", .finite(exact?.snap)),
                ("stops", .array(spring.stops.map { stop in
                    .object([
                        ("model", .string(stop.model.rawValue)), ("fires", .bool(stop.frame != nil)),
                        ("frame", stop.frame.map(JSON.integer) ?? .null), ("t", .finite(stop.time)),
                        ("snap", .finite(stop.snap)), ("simulatedUntil", .finite(stop.simulatedUntil)),
                    ])
                })),
                ("startVelocityStep", .finite(spring.startVelocityStep)),
                ("startAccelerationStep", .finite(spring.startAccelerationStep)),
                ("firstFrameOffset", .finite(spring.firstFrameOffset)),
                ("firstFrameApex", .finite(spring.firstFrameApex)),
                ("integratorErrors", .array(spring.integrators.map { e in
                    .object([
                        ("integrator", .string(e.name)), ("maxError", .finite(e.maxError)), ("diverged", .bool(!e.maxError.isFinite)),
                        ("frame", .integer(e.frame)), ("t", .finite(e.time)), ("faithful", .bool(e.isFaithful)),
                    ])
                })),
            ]
        }
        members.append(("frameCost", .finite(report.frameCostFraction)))
        members.append(("frameCostSeconds", .finite(report.frameCostFraction.map { $0 / report.hz })))
        members.append(("frameCostJudged", .bool(judged)))
        return .object(members)
    }
}
