import Foundation
import Motion
import TerminalPlot

/// The text and JSON of `bench validate`: per scene a table of mode × rate, the exact join view,
/// spring facts, a compact plot and, at the end, the findings in plain words.
enum SceneReport {
    // MARK: Text

    static func render(_ results: [SceneResult], request: ValidateRequest, plotWidth: Int, usesColor: Bool) -> String {
        var blocks: [String] = []
        let rates = request.rates.map { $0.formatted }.joined(separator: ", ")
        let modes = request.modes.map(\.rawValue).joined(separator: " and ")
        var header = "bench validate: \(results.count) scene\(results.count == 1 ? "" : "s") at \(rates) Hz, path timing \(modes)"
        header += request.thresholds == Thresholds() ? "; default thresholds ('bench help validate')" : "; thresholds changed by flags"
        if !request.judgesFrameCost {
            header += "\n(debug build: the frame cost is measured and shown but not judged; a release build judges it)"
        }
        blocks.append(header)
        for result in results {
            blocks.append(render(result, plotWidth: plotWidth, usesColor: usesColor, thresholds: request.thresholds))
        }
        blocks.append(findings(results, verbose: request.verbose))
        return blocks.joined(separator: "\n\n")
    }

    static func render(_ result: SceneResult, plotWidth: Int, usesColor: Bool, thresholds: Thresholds) -> String {
        var lines: [String] = []
        let janky = result.reports.contains { $0.verdict == .janky }
        lines.append("── \(result.scene.name): \(describe(result.scene)) ── \(janky ? "janky" : "smooth")")
        switch result.scene.kind {
        case .path(let motion, _):
            lines.append(pathTable(result.reports, judged: result.judgesFrameCost, thresholds: thresholds).rendered(indent: "  "))
            if let joins = joinTable(motion, modes: Set(result.reports.compactMap(\.mode))) {
                lines.append("")
                lines.append("  joins (exact, from the model: tangent turn and speed ratio out ÷ in):")
                lines.append(joins.rendered(indent: "  "))
            }
            if let report = result.reports.first, let seam = report.seam {
                lines.append("  seam: every \(significant(seam.time)) s the pass restarts from \(place(seam.from, report.seamEndVisible)) to \(place(seam.to, report.seamStartVisible)): a gap of \(significant(seam.gap)) pt")
            } else {
                lines.append("  played once: sampled at rest two frames before and after; its start and stop speeds are the timing curve's design, not breaks")
            }
            if let comparison = modeComparison(result.reports) { lines.append("  " + comparison) }
        case .spring:
            lines.append(springTable(result.reports, judged: result.judgesFrameCost).rendered(indent: "  "))
            if case .spring(let spring) = result.scene.kind {
                lines.append("")
                lines.append(stopTable(result.reports, scene: spring).rendered(indent: "  "))
                if let wave = firstFrameWave(result.reports) { lines.append("  " + wave) }
            }
            lines.append("")
            lines.append("  integrators (fixed-step: one step per frame; dopri54: one solve at rtol 1e-9, frames by dense output), worst error against the exact motion (✗ above \(significant(thresholds.maxIntegratorError)) pt):")
            lines.append(integratorTable(result.reports).rendered(indent: "  "))
            for note in notes(result.reports) { lines.append("  note: " + note) }
        }
        let style = ScenePlots.Style(width: plotWidth, height: 10, usesColor: usesColor)
        if let plot = try? ScenePlots.compact(result, style: style), let text = try? plot.render() {
            lines.append("")
            lines.append(text.split(separator: "\n", omittingEmptySubsequences: false).map { "  " + $0 }.joined(separator: "\n"))
        }
        return lines.joined(separator: "\n")
    }

    static func describe(_ scene: Scene) -> String {
        switch scene.kind {
        case .path(let motion, let viewport):
            var text = "path of \(motion.segments.count) element\(motion.segments.count == 1 ? "" : "s"), \(significant(motion.length, 4)) pt, \(significant(motion.duration)) s per pass"
            text += motion.repeats ? ", repeating" : ", played once"
            text += ", timing \(TimingCurveOption.describe(motion.timingCurve))"
            if let viewport { text += ", screen \(viewport.x.formatted) × \(viewport.y.formatted) pt" }
            return text
        case .spring(let spring):
            let s = spring.motion.spring
            return "spring \(spring.motion.initialPosition.formatted) → \(spring.target.formatted) pt, ζ \(significant(s.dampingRatio)), ω₀ \(significant(s.naturalFrequency)) rad/s"
        }
    }

    static func place(_ p: SIMD2<Double>, _ visible: Bool?) -> String {
        let point = coordinates(p)
        guard let visible else { return point }
        return point + (visible ? " on screen" : " off screen")
    }

    static func rate(_ hz: Double) -> String { "\(hz.formatted) Hz" }

    static func cost(_ report: ValidationReport) -> String {
        guard let fraction = report.frameCostFraction else { return "—" }
        let ns = fraction / report.hz * 1e9
        let percent = 100 * fraction
        return "\(duration(nanoseconds: ns)) = \(percent < 0.001 ? "<0.001" : significant(percent, 2)) %"
    }

    /// "(x, y)" with one decimal.
    static func coordinates(_ p: SIMD2<Double>) -> String {
        String(format: "(%.1f, %.1f)", p.x, p.y)
    }

    /// The redrawn wave's first frame against the next, in words.
    static func firstFrameWave(_ reports: [ValidationReport]) -> String? {
        let pairs = reports.compactMap { report -> (Double, Double, Double)? in
            guard let apex = report.spring?.firstFrameApex, let step = report.spring?.secondFrameApexStep else { return nil }
            return (report.hz, apex, step)
        }
        guard let first = pairs.first else { return nil }
        let steps = pairs.map { "\(significant($0.2)) pt @\(rate($0.0))" }.joined(separator: ", ")
        return "first frame: the wave's middle sits \(significant(abs(first.1))) pt \(first.1 < 0 ? "above" : "below") the flat edge drawn before; the next frame moves it \(steps)"
    }

    static func pathTable(_ reports: [ValidationReport], judged: Bool, thresholds: Thresholds) -> Table {
        var table = Table("mode")
        table.header = ["mode", "rate", "frames", "max step", "speed min/med/max", "speed jump", "max turn", "teleports", judged ? "frame cost" : "frame cost (debug)", "verdict"]
        for report in reports {
            let m = report.metrics
            let speed = m.speed.map { "\(significant($0.min)) / \(significant($0.median)) / \(significant($0.max)) pt/s" } ?? "—"
            // Over its limit, a change is judged by the rate-doubling test: say which way it went.
            let jump = m.speedJump.map { "\(significant($0.ratio))×" + ($0.ratio > thresholds.maxSpeedJump ? breakTag($0.rateTest) : "") } ?? "—"
            let turn = m.maxTurn.map { "\(significant($0.degrees, 2))°" + ($0.degrees > thresholds.maxTurnDegrees ? breakTag($0.rateTest) : "") } ?? "—"
            let teleports = m.teleports.isEmpty ? "0" : "\(m.teleports.count) (\(significant(m.teleports.map(\.distance).max() ?? 0)) pt)"
            table.add(row: [
                report.mode?.rawValue ?? "—", rate(report.hz), "\(report.frames)", "\(significant(m.maxStep)) pt", speed, jump, turn,
                teleports, cost(report), report.verdict.rawValue,
            ])
        }
        return table
    }

    static func breakTag(_ test: RateDoublingTest?) -> String {
        guard let test else { return "" }
        return test.isBreak ? " break" : " smooth"
    }

    static func joinTable(_ motion: PathMotion, modes: Set<TimingMode>) -> Table? {
        let linear = motion.with(mode: .linear).joins
        guard !linear.isEmpty else { return nil }
        let paced = motion.with(mode: .paced).joins
        var table = Table("join")
        var header = ["join", "at (pt)", "turn"]
        if modes.contains(.linear) { header += ["linear: t", "speed in → out", "ratio"] }
        if modes.contains(.paced) { header += ["paced: t", "ratio"] }
        table.header = header
        for (index, join) in linear.enumerated() {
            var row = [
                "\(join.element) → \(join.element + 1)",
                coordinates(join.point),
                "\(significant(join.turn, 2))°" + (join.gap > 0 ? " gap \(significant(join.gap)) pt" : ""),
            ]
            if modes.contains(.linear) {
                row += ["\(significant(join.time)) s", "\(significant(join.speedIn)) → \(significant(join.speedOut)) pt/s", ratioText(join.speedRatio)]
            }
            if modes.contains(.paced), index < paced.count {
                row += ["\(significant(paced[index].time)) s", ratioText(paced[index].speedRatio)]
            }
            table.add(row: row)
        }
        return table
    }

    /// "paced timing removes the speed jumps; still there: teleport" when both modes ran.
    static func modeComparison(_ reports: [ValidationReport]) -> String? {
        func kinds(_ mode: TimingMode) -> [Finding.Kind] {
            let found = Set(reports.filter { $0.mode == mode }.flatMap { $0.findings.map(\.kind) })
            return Finding.Kind.allCases.filter(found.contains)
        }
        guard reports.contains(where: { $0.mode == .linear }), reports.contains(where: { $0.mode == .paced }) else { return nil }
        let linear = kinds(.linear), paced = kinds(.paced)
        let removed = linear.filter { !paced.contains($0) }
        let kept = linear.filter { paced.contains($0) }
        let added = paced.filter { !linear.contains($0) }
        var parts: [String] = []
        if !removed.isEmpty { parts.append("removes the \(removed.map(words).joined(separator: ", "))") }
        if !kept.isEmpty { parts.append("still has the \(kept.map(words).joined(separator: ", "))") }
        if !added.isEmpty { parts.append("adds \(added.map(words).joined(separator: ", "))") }
        if parts.isEmpty { return "linear and paced: both smooth" }
        return "paced vs linear: paced timing " + parts.joined(separator: "; ")
    }

    static func words(_ kind: Finding.Kind) -> String {
        switch kind {
        case .teleport: "teleport"
        case .speedJump: "speed jumps"
        case .turn: "sharp turns"
        case .snap: "snap at the stop"
        case .stopNeverFires: "stop that never fires"
        case .firstFrameJump: "first-frame jump"
        case .frameCost: "frame cost over budget"
        case .startKick: "kick at the start"
        }
    }

    static func springTable(_ reports: [ValidationReport], judged: Bool) -> Table {
        var table = Table("rate")
        table.header = ["rate", "frames", "max step", "peak speed", "overshoot", "settles at", judged ? "frame cost" : "frame cost (debug)", "verdict"]
        for report in reports {
            guard let spring = report.spring else { continue }
            let r = spring.response
            let overshoot = r.overshoot > 0 ? "\(significant(r.overshoot)) pt (\(significant(100 * r.overshootFraction, 2)) %)" : "none"
            table.add(row: [
                rate(report.hz), "\(report.frames)", "\(significant(report.metrics.maxStep)) pt",
                report.metrics.speed.map { "\(significant($0.max)) pt/s" } ?? "—", overshoot,
                r.settleTime.map { "\(significant($0)) s" } ?? "not settled", cost(report), report.verdict.rawValue,
            ])
        }
        return table
    }

    /// When the demo's `offset == 0` stop fires under each model, one column per rate.
    static func stopTable(_ reports: [ValidationReport], scene: SpringScene) -> Table {
        var table = Table("stop")
        let springReports = reports.filter { $0.spring != nil }
        table.header = ["offset == 0 fires"] + springReports.map { "@\(rate($0.hz))" }
        for model in StopCondition.Model.allCases {
            guard springReports.contains(where: { $0.spring!.stops.contains { $0.model == model } }) else { continue }
            let name = model == .continuousSpring
                ? "with the exact spring"
                : "if the animation is removed at \(significant(scene.animationDuration ?? 0)) s"
            var row = [name]
            for report in springReports {
                guard let stop = report.spring!.stops.first(where: { $0.model == model }) else { row.append("—"); continue }
                if let frame = stop.frame, let time = stop.time {
                    row.append("frame \(frame), \(significant(time)) s, snap \(significant(stop.snap, 2)) pt")
                } else {
                    row.append("never (within \(significant(stop.simulatedUntil)) s)")
                }
            }
            table.add(row: row)
        }
        return table
    }

    static func integratorTable(_ reports: [ValidationReport]) -> Table {
        var table = Table("integrator")
        let springReports = reports.filter { $0.spring != nil }
        table.header = ["integrator"] + springReports.map { "error @\(rate($0.hz))" }
        let names = springReports.first?.spring?.integrators.map(\.name) ?? []
        for name in names {
            var row = [name]
            for report in springReports {
                guard let error = report.spring?.integrators.first(where: { $0.name == name }) else { row.append("—"); continue }
                let value = error.maxError.isFinite ? "\(significant(error.maxError, 2)) pt" : "blew up"
                row.append(value + (error.isFaithful ? " ✓" : " ✗"))
            }
            table.add(row: row)
        }
        return table
    }

    /// The reports' notes, once each; a note that differs between rates is prefixed by its rate.
    static func notes(_ reports: [ValidationReport]) -> [String] {
        var result: [String] = []
        let everywhere = reports.dropFirst().reduce(Set(reports.first?.notes ?? [])) { $0.intersection($1.notes) }
        for note in reports.first?.notes ?? [] where everywhere.contains(note) { result.append(note) }
        for report in reports {
            for note in report.notes where !everywhere.contains(note) { result.append("@\(rate(report.hz)): \(note)") }
        }
        return result
    }

    /// The findings, one line per scene × mode × kind (the worst instance, the rates it shows
    /// at and how many more), or every reason with `verbose`.
    static func findings(_ results: [SceneResult], verbose: Bool) -> String {
        let reports = results.flatMap(\.reports)
        let janky = reports.filter { $0.verdict == .janky }
        let checks = "\(janky.count) of \(reports.count) scene × mode × rate checks janky"
        guard !janky.isEmpty else {
            return "verdict: smooth: every check passed (\(reports.count) scene × mode × rate check\(reports.count == 1 ? "" : "s"))"
        }
        var lines: [String] = []
        let total = janky.reduce(0) { $0 + $1.findings.count }
        if verbose {
            lines.append("findings (\(checks), \(total) reasons):")
            for report in janky {
                for finding in report.findings { lines.append("  " + finding.message) }
            }
        } else {
            lines.append("findings (\(checks); the worst of each kind, --verbose lists all \(total) reasons):")
            struct Group { var rates: [Double] = []; var count = 0; var worst: (weight: Double, text: String)? }
            var order: [String] = []
            var groups: [String: Group] = [:]
            for report in janky {
                let head = [report.scene, report.mode?.rawValue].compactMap { $0 }.joined(separator: " ")
                for kind in Finding.Kind.allCases {
                    let ranked = weighted(report, kind: kind)
                    guard let best = ranked.max(by: { $0.weight < $1.weight }) else { continue }
                    let key = head + "|" + kind.rawValue
                    if groups[key] == nil { order.append(key); groups[key] = Group() }
                    groups[key]!.rates.append(report.hz)
                    groups[key]!.count = max(groups[key]!.count, ranked.count)
                    if groups[key]!.worst == nil || best.weight > groups[key]!.worst!.weight {
                        groups[key]!.worst = (best.weight, best.text)
                    }
                }
            }
            for key in order {
                let group = groups[key]!
                let head = String(key[..<key.firstIndex(of: "|")!])
                let rates = group.rates.map { $0.formatted }.joined(separator: ", ")
                let more = group.count > 1 ? " (\(group.count) such places)" : ""
                lines.append("  \(head) @\(rates) Hz: \(group.worst!.text)\(more)")
            }
        }
        lines.append("verdict: janky: \(checks) (exit 1)")
        return lines.joined(separator: "\n")
    }

    /// A report's findings of one kind, without their label, each with a size to rank them by.
    static func weighted(_ report: ValidationReport, kind: Finding.Kind) -> [(weight: Double, text: String)] {
        let prefix = report.label + ": "
        let texts = report.findings.filter { $0.kind == kind }.map { finding in
            finding.message.hasPrefix(prefix) ? String(finding.message.dropFirst(prefix.count)) : finding.message
        }
        let weights: [Double]
        switch kind {
        case .teleport: weights = report.metrics.teleports.map(\.distance)
        case .speedJump: weights = report.metrics.speedJumpBreaks.map(\.ratio)
        case .turn: weights = report.metrics.turnBreaks.map(\.degrees)
        default: weights = []
        }
        return texts.enumerated().map { (index, text) in (index < weights.count ? weights[index] : 0, text) }
    }

    // MARK: JSON

    /// `flightline.validate/1` (DESIGN §5): `{schema, build, thresholds, scenes:[{scene, mode,
    /// hz, frames, metrics, verdict, reasons, notes, timing}]}`, in the order the scenes ran.
    /// `timing` (after the contract keys) is a path scene's timing curve, `{name, x1, y1, x2, y2}`
    /// with `name` null for an unnamed curve, and null for a spring.
    /// Numbers are never NaN or infinite; a null says why: a join's `speedRatio` is null where
    /// `fromRest` (nothing arrives), an integrator's `maxError` where `diverged`, a rate test's
    /// `finer…` values where the break was decided at the first doubling or not sampled finer,
    /// `settleTime` where the motion has not settled within the frames, `stopTime` where the
    /// stop never fires.
    static func json(_ results: [SceneResult], thresholds: Thresholds) -> JSON {
        var thresholdMembers: [(String, JSON)] = []
        for flag in SceneThresholds.flags {
            thresholdMembers.append((camel(flag.name), .finite(thresholds[keyPath: flag.keyPath])))
        }
        return .object([
            ("schema", .string("flightline.validate/1")),
            ("build", .string(buildConfiguration)),
            ("thresholds", .object(thresholdMembers)),
            ("scenes", .array(results.flatMap { result in result.reports.map { json($0, judged: result.judgesFrameCost, scene: result.scene) } })),
        ])
    }

    static func camel(_ name: String) -> String {
        let parts = name.split(separator: "-")
        return parts.enumerated().map { $0.offset == 0 ? String($0.element) : $0.element.prefix(1).uppercased() + $0.element.dropFirst() }.joined()
    }

    static func json(_ report: ValidationReport, judged: Bool, scene: Scene) -> JSON {
        var timing = JSON.null
        if case .path(let motion, _) = scene.kind {
            let curve = motion.timingCurve
            timing = .object([
                ("name", TimingCurveOption.name(of: curve).map(JSON.string) ?? .null),
                ("x1", .number(curve.x1)), ("y1", .number(curve.y1)), ("x2", .number(curve.x2)), ("y2", .number(curve.y2)),
            ])
        }
        return .object([
            ("scene", .string(report.scene)),
            ("mode", report.mode.map { .string($0.rawValue) } ?? .null),
            ("hz", .number(report.hz)),
            ("frames", .integer(report.frames)),
            ("metrics", metrics(report, judged: judged)),
            ("verdict", .string(report.verdict.rawValue)),
            ("reasons", .array(report.reasons.map(JSON.string))),
            ("notes", .array(report.notes.map(JSON.string))),
            ("timing", timing),
        ])
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

/// A join's speed ratio, "×0.41", or "from rest" where the incoming speed is zero.
private func ratioText(_ ratio: Double) -> String { ratio.isFinite ? "×\(significant(ratio))" : "from rest" }
