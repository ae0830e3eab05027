import Foundation
import Motion
import TerminalPlot

/// The text and JSON of `bench validate`: per scene a table of mode × rate, the exact join view,
/// spring facts, a compact plot and, at the end, the findings in plain words.
enum SceneReport {
    static func render(
        _ results: [SceneValidation], request: ValidateRequest, fixes: [[FixSuggestion]], plotWidth: Int, usesColor: Bool
    ) -> String {
        var blocks: [String] = []
        let rates = request.rates.map { $0.formatted }.joined(separator: ", ")
        // The modes path scenes ran in (a scene file fixes its own); none without a path scene.
        let ran = Set(results.filter(\.scene.usesTimingMode).flatMap { $0.reports.compactMap(\.mode) })
        let modes = TimingMode.allCases.filter(ran.contains).map(\.rawValue).joined(separator: " and ")
        var header = "bench validate: \(results.count) scene\(results.count == 1 ? "" : "s") at \(rates) Hz"
        if !modes.isEmpty { header += ", path timing \(modes)" }
        if !request.traces.isEmpty {
            header = "bench validate --trace: \(results.count) recording\(results.count == 1 ? "" : "s") at \(rates.isEmpty ? "the recorded rate" : rates + " Hz")"
        }
        header += request.thresholds == Thresholds() ? "; default thresholds ('bench help validate')" : "; thresholds changed by flags"
        if !request.judgesFrameCost {
            header += "\n(debug build: the frame cost is measured and shown but not judged; a release build judges it)"
        }
        if !request.files.isEmpty { header += "\n(Lottie files: also at each file's own frame rate)" }
        blocks.append(header)
        for file in request.files { blocks.append(file.summary) }
        for result in results {
            blocks.append(render(result, plotWidth: plotWidth, usesColor: usesColor, thresholds: request.thresholds))
        }
        blocks.append(findings(results, verbose: request.verbose, fixes: fixLines(results, fixes: fixes)))
        return blocks.joined(separator: "\n\n")
    }

    static func render(_ result: SceneValidation, plotWidth: Int, usesColor: Bool, thresholds: Thresholds) -> String {
        var lines: [String] = []
        lines.append("── \(result.scene.name): \(describe(result.scene)) ── \(result.isJanky ? "janky" : "smooth")")
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
            if let comparison = result.modeComparison.map(words) { lines.append("  " + comparison) }
        case .timeline(let motion, _):
            lines.append(pathTable(result.reports, judged: result.judgesFrameCost, thresholds: thresholds).rendered(indent: "  "))
            if let report = result.reports.first, !report.joins.isEmpty {
                lines.append(contentsOf: timelineJoins(report.joins, motion: motion, thresholds: thresholds))
            }
            if let report = result.reports.first, let seam = report.seam {
                lines.append("  seam: every \(significant(seam.time - motion.start)) s the cycle restarts from \(place(seam.from, report.seamEndVisible)) to \(place(seam.to, report.seamStartVisible)): a gap of \(significant(seam.gap)) pt")
            }
            for note in notes(result) { lines.append("  note: " + note) }
        case .spring:
            lines.append(springTable(result.reports, judged: result.judgesFrameCost).rendered(indent: "  "))
            if case .spring(let spring) = result.scene.kind {
                lines.append("")
                lines.append(stopTable(result.reports, scene: spring).rendered(indent: "  "))
                if let wave = result.firstFrameWave.map(words) { lines.append("  " + wave) }
            }
            lines.append("")
            lines.append("  integrators (fixed-step: one step per frame; dopri54: one solve at rtol 1e-9, frames by dense output), worst error against the exact motion (✗ above \(significant(thresholds.maxIntegratorError)) pt):")
            lines.append(integratorTable(result.reports).rendered(indent: "  "))
            for note in notes(result) { lines.append("  note: " + note) }
        }
        lines += phaseLines(result)
        lines += deliveryLines(result)
        let style = ScenePlots.Style(width: plotWidth, height: 10, usesColor: usesColor)
        if let plot = try? ScenePlots.compact(result, style: style), let text = try? plot.render() {
            lines.append("")
            lines.append(text.split(separator: "\n", omittingEmptySubsequences: false).map { "  " + $0 }.joined(separator: "\n"))
        }
        return lines.joined(separator: "\n")
    }

    /// The most keyframe joins listed for one timeline: the worst first.
    static let maximumJoinsListed = 8

    /// A timeline's exact joins in words: how many, and those that break continuity (a speed
    /// ratio beyond the speed-jump threshold or a turn beyond the turn threshold, above the
    /// speed floor), in the timeline's own unit.
    static func timelineJoins(_ joins: [Join], motion: TimelineMotion, thresholds: Thresholds) -> [String] {
        let perUnit: Double, unit: String
        switch motion.quantity {
        case .position: (perUnit, unit) = (1, "pt")
        case .scalar(_, let u, let p): (perUnit, unit) = (p, u)
        }
        let breaking = joins.filter { join in
            let fast = max(join.speedIn, join.speedOut) > thresholds.speedFloor
            let both = min(join.speedIn, join.speedOut) > thresholds.speedFloor
            return (fast && join.speedJump > thresholds.maxSpeedJump) || (both && join.turn > thresholds.maxTurnDegrees)
        }
        var lines = [
            "  keyframes (exact, from the file): \(joins.count) join\(joins.count == 1 ? "" : "s"), \(breaking.isEmpty ? "none breaks" : "\(breaking.count) break\(breaking.count == 1 ? "s" : "") continuity")\(breaking.isEmpty ? "" : ":")"
        ]
        guard !breaking.isEmpty else { return lines }
        var table = Table("t")
        let isPosition = motion.quantity == .position
        table.header = isPosition ? ["t", "at (pt)", "turn", "speed in → out", "ratio"] : ["t", "value", "rate in → out", "ratio"]
        table.priorities = isPosition ? [100, 60, 80, 70, 90] : [100, 60, 70, 90]
        let worst = breaking.sorted { $0.speedJump != $1.speedJump ? $0.speedJump > $1.speedJump : $0.time < $1.time }
        for join in worst.prefix(maximumJoinsListed).sorted(by: { $0.time < $1.time }) {
            let speeds = "\(significant(join.speedIn / perUnit)) → \(significant(join.speedOut / perUnit)) \(unit)/s"
            if isPosition {
                table.add(row: ["\(significant(join.time)) s", coordinates(join.point), "\(significant(join.turn, 2))°", speeds, ratioText(join.speedRatio)])
            } else {
                table.add(row: ["\(significant(join.time)) s", "\(significant(join.point.x / perUnit)) \(unit)", speeds, ratioText(join.speedRatio)])
            }
        }
        lines.append(table.rendered(indent: "  "))
        if breaking.count > maximumJoinsListed { lines.append("  … \(breaking.count - maximumJoinsListed) more (--json lists every join)") }
        return lines
    }

    static func describe(_ scene: Scene) -> String {
        switch scene.kind {
        case .path(let motion, let viewport):
            var text = "path of \(motion.segments.count) element\(motion.segments.count == 1 ? "" : "s"), \(significant(motion.length, 4)) pt, \(significant(motion.duration)) s per pass"
            text += motion.repeats ? ", repeating" : ", played once"
            text += ", timing \(TimingCurveOption.describe(motion.timingCurve))"
            if let viewport { text += ", screen \(viewport.x.formatted) × \(viewport.y.formatted) pt" }
            return text
        case .timeline(let motion, let viewport):
            var text: String
            switch motion.quantity {
            case .position: text = "position"
            case .scalar(let name, let unit, let perUnit):
                text = "\(name)\(unit.isEmpty ? "" : " (\(unit))"), judged at \(significant(perUnit)) pt per \(unit.isEmpty ? "unit" : unit)"
            }
            text += ", \(significant(motion.start)) s"
            text += motion.end.map { " to \(significant($0)) s" } ?? " onwards (repeating; \(significant(motion.window)) s sampled)"
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
        guard let fraction = report.frameCostFraction, let seconds = report.frameCostSeconds else { return "—" }
        let ns = seconds * 1e9
        let percent = 100 * fraction
        return "\(duration(nanoseconds: ns)) = \(percent < 0.001 ? "<0.001" : significant(percent, 2)) %"
    }

    /// "(x, y)" with one decimal.
    static func coordinates(_ p: SIMD2<Double>) -> String {
        String(format: "(%.1f, %.1f)", p.x, p.y)
    }

    /// The redrawn wave's first frame against the next, in words.
    static func words(_ wave: SceneValidation.FirstFrameWave) -> String {
        let steps = wave.steps.map { "\(significant($0.step)) pt @\(rate($0.hz))" }.joined(separator: ", ")
        return "first frame: the wave's middle sits \(significant(abs(wave.apex))) pt \(wave.apex < 0 ? "above" : "below") the flat edge drawn before; the next frame moves it \(steps)"
    }

    /// "paced timing removes the speed jumps; still there: teleport" when both modes ran.
    static func words(_ comparison: SceneValidation.ModeComparison) -> String {
        var parts: [String] = []
        if !comparison.removed.isEmpty { parts.append("removes the \(comparison.removed.map(words).joined(separator: ", "))") }
        if !comparison.kept.isEmpty { parts.append("still has the \(comparison.kept.map(words).joined(separator: ", "))") }
        if !comparison.added.isEmpty { parts.append("adds \(comparison.added.map(words).joined(separator: ", "))") }
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
        case .lateFrames: "late frames"
        case .onScreenError: "on-screen error"
        case .interruption: "velocity change at an interruption"
        }
    }

    /// The scene's notes, once each; a note that differs between rates is prefixed by its rate.
    static func notes(_ result: SceneValidation) -> [String] {
        result.notes.map { entry in entry.hz.map { "@\(rate($0)): \(entry.note.text)" } ?? entry.note.text }
    }

    /// The findings, one line per scene × mode × kind (the worst instance, the rates it shows
    /// at and how many more), or every reason with `verbose`.
    static func findings(_ results: [SceneValidation], verbose: Bool, fixes: [String] = []) -> String {
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
                for reason in report.reasons { lines.append("  " + reason) }
            }
        } else {
            lines.append("findings (\(checks); the worst of each kind, --verbose lists all \(total) reasons):")
            for group in Validation.findingGroups(results) {
                let rates = group.rates.map { $0.formatted }.joined(separator: ", ")
                let more = group.count > 1 ? " (\(group.count) such places)" : ""
                lines.append("  \(group.head) @\(rates) Hz: \(group.worst.text)\(more)")
            }
        }
        lines += fixes
        lines.append("verdict: janky: \(checks) (exit 1)")
        return lines.joined(separator: "\n")
    }
}
