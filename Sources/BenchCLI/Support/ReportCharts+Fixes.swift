import Motion
import SVGPlot
import TerminalPlot

/// The computed fixes of `bench report` drawn before and after: the fix applied to the scene's
/// model (`Scene.applying`), the scene sampled and validated again, and the two drawn on one
/// chart, before as a grey dashed line, after solid, the place the fix mends marked.
extension ReportCharts {
    /// A fix of the report's first rate and mode, drawn or said to have no picture.
    struct FixPicture {
        var fix: FixSuggestion
        /// The chart; `nil` when the model cannot take the change (see `reason`).
        var chart: Chart?
        /// Why there is no chart.
        var reason: String?
        /// Whether the finding is gone from the scene validated after the fix (`nil`: not applied).
        var removesFinding: Bool?
    }

    /// One chart per fix of `result`'s first report (its rate and mode, the ones the scene's
    /// other charts show): a moved control point, start or end as the path before and after on
    /// the screen; a moved join time as the frame speed before and after; a rest stop or a wave
    /// growth as the offset before and after. The after side is the scene with the fix applied,
    /// sampled and validated again, and the chart says whether the finding is gone.
    static func fixes(
        _ result: SceneValidation, fixes: [FixSuggestion], slug: String, thresholds: Thresholds
    ) throws -> [FixPicture] {
        guard let report = result.reports.first else { return [] }
        let scene = result.scene
        let ownFixes = fixes.filter { $0.reportIndex == 0 }
        var pictures: [FixPicture] = []
        for (index, fix) in ownFixes.enumerated() {
            guard let after = scene.applying(fix, mode: report.mode) else {
                pictures.append(FixPicture(fix: fix, reason: noPictureReason(fix)))
                continue
            }
            let mode = report.mode ?? .linear
            let afterReport: ValidationReport
            let before: SceneSeries, afterSeries: SceneSeries
            do {
                afterReport = try Validation.validate(after, mode: mode, hz: report.hz, thresholds: thresholds)
                before = try Validation.series(scene, mode: mode, hz: report.hz)
                afterSeries = try Validation.series(after, mode: mode, hz: report.hz)
            } catch {
                throw CLIError.usage("\(scene.name): \(error)")
            }
            let gone = !fix.persists(in: afterReport)
            let label = "\(scene.name)\(report.mode.map { " \($0.rawValue)" } ?? "") @\(report.hz.formatted) Hz"
            let identifier = "\(slug)-fix\(index + 1)"
            let counts = "\(report.findings.count) finding\(report.findings.count == 1 ? "" : "s") before, \(afterReport.findings.count) after"
            let outcome = gone
                ? "validated again after the fix, the \(SceneReport.words(fix.finding.kind)) is gone (\(counts))"
                : "validated again after the fix, the \(SceneReport.words(fix.finding.kind)) is still there (\(counts))"
            var plot: Plot
            var caption: String
            var description: String
            switch (fix.changes.first, scene.kind, after.kind) {
            case (.moveControlPoint?, .path(let old, let viewport), .path(let new, _)),
                (.moveStart?, .path(let old, let viewport), .path(let new, _)),
                (.moveEnd?, .path(let old, let viewport), .path(let new, _)):
                let oldCurve = ScenePlots.curve(old), newCurve = ScenePlots.curve(new)
                var series = [
                    Series("after: the path fixed", points: newCurve, style: .line),
                    Series("before: the path as it is", points: oldCurve, style: .line),
                ]
                if let viewport, let edges = ScenePlots.screenEdges(viewport, near: oldCurve + newCurve) {
                    series.append(Series("screen edge (\(viewport.x.formatted)×\(viewport.y.formatted))", points: edges, style: .line))
                }
                plot = Plot.screenPath(
                    width: 100, height: 30, title: "\(label): the \(SceneReport.words(fix.finding.kind)) fixed, path before and after",
                    series: series, annotations: pathMarks(fix, before: report, after: afterReport))
                // Zoomed to where the two paths differ (a fix mends one place), with room around.
                let marks = plot.annotations.map { SIMD2($0.x, $0.y) }
                let differ = zip(oldCurve, newCurve).flatMap { a, b -> [SIMD2<Double>] in
                    let d = a - b
                    return (d * d).sum() > 0.25 ? [a, b] : []
                }
                let near = (differ + marks).filter { $0.x.isFinite && $0.y.isFinite }
                if let first = near.first {
                    var low = first, high = first
                    for p in near { low = pointwiseMin(low, p); high = pointwiseMax(high, p) }
                    let pad = Swift.max(40, 0.35 * Swift.max(high.x - low.x, high.y - low.y))
                    plot.xAxis.range = (low.x - pad)...(high.x + pad)
                    plot.yAxis.range = (low.y - pad)...(high.y + pad)
                }
                caption = "fix: the path before and after (\(fix.text))"
                description = "\(label): \(fix.text). The path before the fix (grey, dashed) and after it (solid), y down as on screen, zoomed to where they differ; the \(SceneReport.words(fix.finding.kind)) it mends marked where it was; \(outcome)."
            case (.joinTime?, _, _):
                let speedBefore = ScenePlots.leavingOutTeleports(before.speed, report)
                let speedAfter = ScenePlots.leavingOutTeleports(afterSeries.speed, afterReport)
                plot = Plot(title: "\(label): the speed jump fixed, frame speed before and after")
                plot.series = [
                    Series("after: frame speed with the join retimed", x: afterSeries.times, y: speedAfter),
                    Series("before: frame speed as it is", x: before.times, y: speedBefore),
                ]
                plot.xAxis.label = "t (s)"
                plot.yAxis.label = "speed (pt/s)"
                plot.yAxis.range = ScenePlots.fromZero(plot.series)
                plot.annotations = speedMarks(fix, before: report, speed: speedBefore, times: before.times, after: afterReport, afterSpeed: speedAfter, afterTimes: afterSeries.times)
                caption = "fix: frame speed before and after (\(fix.text))"
                description = "\(label): \(fix.text). The frame speed before the fix (grey, dashed) and after it (solid) against time: the path is the same, the time the motion passes the join moves; the speed jump it mends marked; \(outcome)."
            case (_, .spring, .spring):
                let offsetBefore = before.offset ?? [], offsetAfter = afterSeries.offset ?? []
                plot = Plot(title: "\(label): the \(SceneReport.words(fix.finding.kind)) fixed, offset before and after")
                plot.series = [
                    Series("after: offset with the fix", x: afterSeries.times, y: offsetAfter),
                    Series("before: offset as it is", x: before.times, y: offsetBefore),
                ]
                plot.xAxis.label = "t (s)"
                plot.yAxis.label = "offset (pt)"
                plot.annotations = springMarks(fix, before: (before.times, offsetBefore), after: (afterSeries.times, offsetAfter))
                // Up to three times as far as the two differ (at least ten frames), where the fix shows.
                let scale = Swift.max(offsetBefore.map(abs).max() ?? 0, offsetAfter.map(abs).max() ?? 0)
                let count = Swift.max(offsetBefore.count, offsetAfter.count)
                let last = (0..<count).last { k in
                    let a = k < offsetBefore.count ? offsetBefore[k] : 0, b = k < offsetAfter.count ? offsetAfter[k] : 0
                    return abs(a - b) > 1e-3 * scale
                }
                let end = Swift.max(before.times.last ?? 0, afterSeries.times.last ?? 0)
                if let last, end > 0 {
                    let shown = Swift.min(end, Swift.max(3 * Double(last + 1), 10) / report.hz)
                    if shown < end { plot.xAxis.range = 0...shown }
                }
                caption = "fix: offset before and after (\(fix.text))"
                description = "\(label): \(fix.text). The offset drawn at each frame before the fix (grey, dashed) and after it (solid) against time, each to the frame its redraw loop stops at; \(outcome)."
            default:
                pictures.append(FixPicture(fix: fix, reason: noPictureReason(fix)))
                continue
            }
            var chart = SVGChart(plot, description: description, identifier: identifier)
            chart.mutedSeries = [1]
            pictures.append(
                FixPicture(
                    fix: fix,
                    chart: Chart(file: "scene-\(slug)-fix\(index + 1).svg", caption: caption, svg: try render(chart)),
                    removesFinding: gone))
        }
        return pictures
    }

    /// Why a fix has no before-and-after picture.
    static func noPictureReason(_ fix: FixSuggestion) -> String {
        switch fix.changes.first {
        case .settledSpring?: "the fix animates the same spring without a UIKit duration: what changes is when Core Animation removes it, not a frame drawn before then"
        case .interruptionVelocity?: "the fix sets the launch velocity of an interruption in the scene's source; the timeline would have to be built again from the file"
        case .moveStart?, .moveEnd?: "the fix moves a keyframe value in the scene's source; a timeline's values are a function of time here, not points to move"
        default: "the model cannot take this change"
        }
    }

    /// The place the fix mends on the path: the finding where it was (before), and for a moved
    /// start or end the new point.
    static func pathMarks(_ fix: FixSuggestion, before: ValidationReport, after: ValidationReport) -> [Annotation] {
        var marks: [Annotation] = []
        let what = SceneReport.words(fix.finding.kind)
        switch fix.reason {
        case .tangentJoin(let element, let turn, _, _, _, let to, _):
            if let join = before.joins.first(where: { $0.element == element }) {
                let now = after.joins.first { $0.element == element }.map { ", after \(decimals($0.turn, 1))°" } ?? ""
                marks.append(Annotation(x: join.point.x, y: join.point.y, label: "\(what) at join \(element) → \(element + 1): \(significant(turn, 2))°\(now)"))
            }
            marks.append(Annotation(x: to.x, y: to.y, label: "control point moved here"))
        case .offScreenCycle(let seam, let start, let end):
            marks.append(Annotation(x: seam.to.x, y: seam.to.y, label: "\(what) at the restart: \(significant(seam.gap)) pt"))
            if let start { marks.append(Annotation(x: start.to.x, y: start.to.y, label: "start moved off screen (\(start.edge.rawValue))")) }
            if let end { marks.append(Annotation(x: end.to.x, y: end.to.y, label: "end moved off screen (\(end.edge.rawValue))")) }
        case .closedCycle(let seam):
            marks.append(Annotation(x: seam.from.x, y: seam.from.y, label: "\(what) at the restart: \(significant(seam.gap)) pt; end moved onto the start"))
        default:
            break
        }
        return marks
    }

    /// The speed jump where it was (before, on the frame the metrics name) and the join at its
    /// new time (after).
    static func speedMarks(
        _ fix: FixSuggestion, before: ValidationReport, speed: [Double], times: [Double], after: ValidationReport,
        afterSpeed: [Double], afterTimes: [Double]
    ) -> [Annotation] {
        var marks: [Annotation] = []
        if case .speedJump(let jump) = fix.finding, speed.indices.contains(jump.at.frame), speed[jump.at.frame].isFinite {
            marks.append(Annotation(x: jump.at.time, y: speed[jump.at.frame], label: "\(SceneReport.words(.speedJump)): \(significant(jump.ratio, 2))×, t = \(significant(jump.at.time)) s"))
        }
        if case .balancedJoin(let element, _, let to, _, _, let balanced) = fix.reason {
            marks.append(Annotation(x: to, y: balanced, label: "join \(element) → \(element + 1) at \(significant(to)) s: \(significant(balanced)) pt/s on both sides"))
        }
        return marks
    }

    /// The wave's first frame (a wave growth) or the frame the redraw stops at (a rest stop).
    static func springMarks(_ fix: FixSuggestion, before: ([Double], [Double]), after: ([Double], [Double])) -> [Annotation] {
        switch fix.reason {
        case .waveGrowth(let seconds, _, _):
            guard let t = before.0.first, let y = before.1.first else { return [] }
            return [Annotation(x: t, y: y, label: "full height in the first frame; after: grown over \(significant(seconds)) s")]
        case .restStop(_, _, _, let maxSnap, _):
            guard let t = after.0.last, let y = after.1.last else { return [] }
            return [Annotation(x: t, y: y, label: "after: stops at rest, t = \(significant(t)) s (snaps ≤ \(significant(maxSnap)) pt)")]
        default:
            return []
        }
    }
}
