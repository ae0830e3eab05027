import BenchKit
import Foundation
import Motion
import SVGPlot
import TerminalPlot

/// The charts of `bench report`: each one the plot description `bench plot` draws in the
/// terminal (``ScenePlots``), rendered by `SVGPlot`, with what a page adds (dots coloured by
/// speed, findings marked, thresholds drawn).
enum ReportCharts {
    /// One chart: its file name in the report folder, the heading it goes under, and the SVG.
    struct Chart {
        var file: String
        var caption: String
        var svg: String
    }

    /// The only place the report reads `Finding`: the findings of `report` that have a place
    /// (teleports, speed jumps, turns: the frames their evidence names), as marks placed by
    /// `place`, worded by ``SceneReport/words(_:)``. A finding without a frame (a snap, a kick,
    /// late frames, …) is in the verdict table, not on a plot; a teleport hidden off screen is a
    /// note, not a finding, and is not marked.
    static func marks(_ report: ValidationReport, place: (FrameEvent) -> SIMD2<Double>?) -> [Annotation] {
        var marks: [Annotation] = []
        func add(_ kind: Finding.Kind, _ event: FrameEvent, _ detail: String) {
            guard let p = place(event) else { return }
            marks.append(Annotation(x: p.x, y: p.y, label: "\(SceneReport.words(kind)): \(detail), t = \(significant(event.time)) s"))
        }
        for finding in report.findings {
            switch finding {
            case .teleport(let teleport): add(.teleport, teleport.from, "\(significant(teleport.distance)) pt")
            case .speedJump(let jump): add(.speedJump, jump.at, "\(significant(jump.ratio, 2))×")
            case .turn(let turn): add(.turn, turn.at, "\(significant(turn.degrees, 2))°")
            default: continue
            }
        }
        return Array(marks.prefix(Plot.maximumAnnotationCount))
    }

    /// The kinds of finding in `report`, in words, once each.
    static func findingWords(_ report: ValidationReport) -> [String] {
        var seen: [String] = []
        for finding in report.findings where !seen.contains(SceneReport.words(finding.kind)) {
            seen.append(SceneReport.words(finding.kind))
        }
        return seen
    }

    /// A file-name-safe form of `name`: letters, digits, `+`, `-`, `_`, `.`; the rest `-`
    /// (`bee1-` stays `bee1-`: the sign is part of the name).
    /// `name`'s slug, numbered (`a-b-2`, `a-b-3`, …) when `used` already holds it; then held.
    static func uniqueSlug(_ name: String, used: inout Set<String>) -> String {
        var slug = slug(name)
        if used.contains(slug) {
            var n = 2
            while used.contains("\(slug)-\(n)") { n += 1 }
            slug = "\(slug)-\(n)"
        }
        used.insert(slug)
        return slug
    }

    static func slug(_ name: String) -> String {
        let kept = name.unicodeScalars.map { scalar -> Character in
            let c = Character(scalar)
            return (scalar.isASCII && (c.isLetter || c.isNumber)) || "+-_.".contains(c) ? c : "-"
        }
        // No leading dot: the file would be hidden (and `..` is no file name).
        let text = String(String(kept).drop { $0 == "." })
        return text.isEmpty ? "scene" : String(text.prefix(80))
    }

    /// A scene's charts at the report's first rate and mode: the path on its screen with every
    /// frame's sample as a dot coloured by its frame speed (path scenes, position timelines),
    /// or its value or offset against time; then its frame speed against time with the speed
    /// floor drawn; findings marked where they happen on both.
    ///
    /// - Parameter drawsTurns: add the turn chart of a path with a turn finding (a report of
    ///   more than ``turnChartSceneLimit`` scenes leaves them out: its tables give the turns).
    /// - Parameter drawsAcceleration: add the frame-to-frame acceleration chart (`bench report`'s
    ///   pages; `validate --svg-dir` keeps to path, speed and turns).
    /// - Parameter reportIndex: which of the scene's reports (rate and mode) to draw: the first
    ///   keeps the plain file names (`scene-bee1+-path.svg`), another is named by its mode and
    ///   rate (`scene-bee1+-paced-120hz-path.svg`).
    static func scene(
        _ result: SceneValidation, slug: String, thresholds: Thresholds, drawsTurns: Bool = true, drawsAcceleration: Bool = false,
        reportIndex: Int = 0
    ) throws -> [Chart] {
        guard result.reports.indices.contains(reportIndex) else { return [] }
        let report = result.reports[reportIndex]
        let slug = reportIndex == 0 ? slug : "\(slug)-\(variantName(report))"
        let scene = result.scene
        let hz = report.hz, mode = report.mode ?? .linear
        let style = ScenePlots.Style(width: 100, height: 30)
        let validation: (Scene) throws(MotionError) -> ValidationReport = { _ in report }
        let series: SceneSeries
        do {
            series = try Validation.series(scene, mode: mode, hz: hz)
        } catch {
            throw CLIError.usage("\(scene.name): \(error)")
        }
        let speed = ScenePlots.leavingOutTeleports(series.speed, report)
        let label = "\(scene.name)\(report.mode.map { " \($0.rawValue)" } ?? "") @\(hz.formatted) Hz"
        var charts: [Chart] = []

        let first: PlotQuantity
        if PlotQuantity.path.applies(to: scene) {
            first = .path
        } else if case .spring = scene.kind {
            first = .offset
        } else {
            first = .y
        }
        var plot = try ScenePlots.plot([scene], quantity: first, mode: mode, hz: hz, style: style, thresholds: thresholds, validation: validation)
        var values: [Int: [Double]] = [:]
        var description: String
        switch first {
        case .path:
            plot.annotations = marks(report) { $0.position }
            if let frames = plot.series.firstIndex(where: { $0.name.hasPrefix("frames") }) { values[frames] = speed }
            description = "\(label): the exact path (line) and each frame's sample (a dot, coloured by its frame speed, grey where a teleport leaves it out), y down as on screen"
            if case .path(_, let viewport?) = scene.kind { description += ", the screen's edges (\(viewport.x.formatted) × \(viewport.y.formatted) pt) where the path comes near them" }
        default:
            let ys = plot.series.last?.y ?? []
            plot.annotations = marks(report) { event in
                ys.indices.contains(event.frame) && series.times.indices.contains(event.frame) ? SIMD2(series.times[event.frame], ys[event.frame]) : nil
            }
            description = "\(label): \(first == .offset ? "the offset (model − presented)" : "the value") at each frame against time"
        }
        description += report.findings.isEmpty ? "; no finding." : "; findings marked: \(findingWords(report).joined(separator: ", "))."
        charts.append(
            Chart(
                file: "scene-\(slug)-\(first.rawValue).svg", caption: first == .path ? "path on screen" : (first == .offset ? "offset" : "value"),
                svg: try render(SVGChart(plot, description: description, identifier: "\(slug)-\(first.rawValue)", pointValues: values, pointValueLabel: "frame speed (pt/s)"))))

        var speedPlot = try ScenePlots.plot([scene], quantity: .speed, mode: mode, hz: hz, style: style, thresholds: thresholds, validation: validation)
        if let start = series.times.first, let end = series.times.last {
            speedPlot.series.append(Series("speed floor \(significant(thresholds.speedFloor)) pt/s (threshold)", x: [start, end], y: [thresholds.speedFloor, thresholds.speedFloor]))
            if let range = speedPlot.yAxis.range, range.upperBound < thresholds.speedFloor * 1.05 {
                speedPlot.yAxis.range = 0...(thresholds.speedFloor * 1.1)
            }
        }
        speedPlot.annotations = marks(report) { event in
            // A teleport's own step is left out of the speeds: mark it on the frame before.
            let frame = speed.indices.contains(event.frame) && speed[event.frame].isNaN ? event.frame - 1 : event.frame
            return speed.indices.contains(frame) && speed[frame].isFinite ? SIMD2(event.time, speed[frame]) : nil
        }
        // The phase sweep's range: the frame speed wherever frames fall against the start.
        let band: PhaseSpeedBand?
        do {
            band = try Validation.phaseSpeedBand(scene, mode: mode, hz: hz, phases: report.phaseSweep?.phases ?? PhaseSweep.defaultPhases)
        } catch {
            throw CLIError.usage("\(scene.name): \(error)")
        }
        var bands: [SVGChart.Band] = []
        if let band, band.times.count == speed.count {
            // A teleport's step falls in its frame or the one before, by phase: both left out.
            let gaps = Set(speed.indices.filter { speed[$0].isNaN }.flatMap { [$0 - 1, $0, $0 + 1] })
            let low = band.low.indices.map { gaps.contains($0) ? .nan : band.low[$0] }
            let high = band.high.indices.map { gaps.contains($0) ? .nan : band.high[$0] }
            bands.append(SVGChart.Band("frame speed over \(band.phases) phases of the frames against the start (min–max)", x: band.times, low: low, high: high))
            if let top = high.filter(\.isFinite).max(), let range = speedPlot.yAxis.range, top * 1.05 > range.upperBound {
                speedPlot.yAxis.range = range.lowerBound...(top * 1.05)
            }
        }
        let speedDescription = "\(label): frame speed |pₖ₊₁ − pₖ|·hz at each frame against time, the speed floor (below it speed jumps and turns are not judged) as a line; teleports left out (a gap)"
            + (bands.isEmpty ? "" : "; shaded: the least to the largest frame speed at each frame when the frames fall a fraction of a frame later (\(band?.phases ?? 0) phases, the validation's phase sweep)")
            + (report.findings.isEmpty ? "; no finding." : "; findings marked: \(findingWords(report).joined(separator: ", ")).")
        var speedChart = SVGChart(speedPlot, description: speedDescription, identifier: "\(slug)-speed")
        speedChart.bands = bands
        charts.append(Chart(file: "scene-\(slug)-speed.svg", caption: "frame speed", svg: try render(speedChart)))
        if drawsAcceleration, let acceleration = try accelerationChart(series, report: report, slug: slug, label: label) {
            charts.append(acceleration)
        }
        if drawsTurns, first == .path, let turn = try turnChart(series, report: report, slug: slug, label: label, thresholds: thresholds) {
            charts.append(turn)
        }
        if case .spring = scene.kind {
            // Each integrator stepping the spring once per frame, against the exact motion: the
            // plot 'bench plot --quantity error' draws.
            let errors = try ScenePlots.plot([scene], quantity: .error, mode: mode, hz: hz, style: style, thresholds: thresholds, validation: validation)
            if !errors.series.isEmpty {
                charts.append(
                    Chart(
                        file: "scene-\(slug)-integrators.svg", caption: "integrators against the exact spring",
                        svg: try render(SVGChart(errors, description: "\(label): each integrator's distance from the exact spring motion at each frame, one step per frame, on a log scale (an exact 0 is not drawn).", identifier: "\(slug)-integrators"))))
            }
        }
        if let lanes = try delivery(report, slug: slug, label: label) { charts.append(lanes) }
        return charts
    }

    /// A report's mode and rate as a file-name part: `paced-120hz`, `90hz` (no mode), `59.94hz`.
    static func variantName(_ report: ValidationReport) -> String {
        slug([report.mode?.rawValue, "\(report.hz.formatted)hz"].compactMap { $0 }.joined(separator: "-"))
    }

    /// Frame-to-frame acceleration |vₖ − vₖ₋₁|·hz against time (`SceneSeries.acceleration`), pt/s²,
    /// teleports' steps left out, the findings that have a frame marked: a break is a spike.
    static func accelerationChart(_ series: SceneSeries, report: ValidationReport, slug: String, label: String) throws -> Chart? {
        var acceleration = series.acceleration
        guard acceleration.count >= 3 else { return nil }
        // A teleport's step is no velocity: the changes into and out of it are left out (gaps).
        for teleport in report.metrics.teleports {
            for k in [teleport.from.frame, teleport.from.frame + 1] where acceleration.indices.contains(k) { acceleration[k] = .nan }
        }
        var plot = Plot(title: "\(label): frame-to-frame acceleration |vₖ − vₖ₋₁|·hz")
        plot.xAxis.label = "t (s)"
        plot.yAxis.label = "acceleration (pt/s²)"
        plot.series = [Series("acceleration", x: series.times, y: acceleration)]
        // Room above the highest spike for its mark's label.
        if let top = acceleration.filter(\.isFinite).max(), top > 0 { plot.yAxis.range = 0...(top * 1.15) }
        plot.annotations = marks(report) { event in
            let k = event.frame
            guard acceleration.indices.contains(k) else { return nil }
            // The spike of a break is at its frame or the next (the velocity after it).
            let candidates = [k, k + 1].filter { acceleration.indices.contains($0) && acceleration[$0].isFinite }
            guard let best = candidates.max(by: { acceleration[$0] < acceleration[$1] }) else { return nil }
            return SIMD2(series.times[best], acceleration[best])
        }
        let description = "\(label): the change of frame velocity from each frame to the next, times the rate, against time; teleports left out (a gap)"
            + (report.findings.isEmpty ? "; no finding." : "; findings marked at their spike: \(findingWords(report).joined(separator: ", ")).")
        return Chart(
            file: "scene-\(slug)-acceleration.svg", caption: "frame-to-frame acceleration",
            svg: try render(SVGChart(plot, description: description, identifier: "\(slug)-acceleration")))
    }

    /// The most scenes a report draws turn charts for: 20. A report of 100 layers with kinked
    /// paths would otherwise pass the 10 MB a report may weigh (10.2 MB with them, 8.9 without).
    static let turnChartSceneLimit = 20

    /// The heading's turn from each frame's step to the next against time, in degrees, with the
    /// `maxTurnDegrees` limit drawn and the turn findings marked: where a kinked join shows. A
    /// turn is measured where both steps are above the speed floor, as the metrics measure it
    /// (elsewhere a gap); teleports' steps are left out. Only for a report with a turn finding.
    static func turnChart(
        _ series: SceneSeries, report: ValidationReport, slug: String, label: String, thresholds: Thresholds
    ) throws -> Chart? {
        let positions = series.positions, hz = series.hz
        guard positions.count >= 3 else { return nil }
        var x: [Double] = [], y: [Double] = []
        let teleported = Set(report.findings.compactMap { finding -> Int? in
            if case .teleport(let t) = finding { return t.from.frame }
            return nil
        })
        for k in 0..<(positions.count - 2) {
            let a = positions[k + 1] - positions[k], b = positions[k + 2] - positions[k + 1]
            let floor = thresholds.speedFloor / hz
            x.append(series.times[k + 1])
            guard !teleported.contains(k), !teleported.contains(k + 1),
                (a * a).sum().squareRoot() >= floor, (b * b).sum().squareRoot() >= floor
            else { y.append(.nan); continue }
            let cross = a.x * b.y - a.y * b.x, dot = (a * b).sum()
            y.append(atan2(abs(cross), dot) * 180 / .pi)
        }
        // Only a path with a turn finding gets the chart (the break among the bends the break
        // test clears): a smooth path's turns are in its table, and a 100-layer report stays
        // under its 10 MB.
        guard let largest = y.filter({ $0.isFinite }).max(), largest > thresholds.maxTurnDegrees,
            report.findings.contains(where: { $0.kind == .turn })
        else { return nil }
        var plot = Plot(title: "heading turn per frame (°)")
        plot.xAxis.label = "t (s)"
        plot.yAxis.label = "turn (°)"
        plot.series.append(Series("turn between frame steps", x: x, y: y))
        if let start = x.first, let end = x.last {
            plot.series.append(
                Series("limit \(significant(thresholds.maxTurnDegrees))° (a turn above it that keeps its size at twice the rate is a break)",
                       x: [start, end], y: [thresholds.maxTurnDegrees, thresholds.maxTurnDegrees]))
        }
        plot.annotations = report.findings.compactMap { finding -> Annotation? in
            // The frame the turn is measured at, by time (the metrics' frames start at rest
            // before the series' first).
            guard case .turn(let turn) = finding,
                let k = x.indices.min(by: { abs(x[$0] - turn.at.time) < abs(x[$1] - turn.at.time) }),
                abs(x[k] - turn.at.time) <= 0.5 / hz
            else { return nil }
            return Annotation(x: turn.at.time, y: y[k].isFinite ? y[k] : turn.degrees, label: "\(SceneReport.words(.turn)): \(significant(turn.degrees, 2))°, t = \(significant(turn.at.time)) s")
        }
        let description = "\(label): the angle between each frame's step and the next against time, the turn limit as a line"
            + (report.findings.contains { $0.kind == .turn } ? "; turn findings marked." : "; no turn finding.")
        return Chart(
            file: "scene-\(slug)-turn.svg", caption: "heading turn per frame",
            svg: try render(SVGChart(plot, description: description, identifier: "\(slug)-turn")))
    }

    /// How frames were delivered (`--frames`), in lanes as Perfetto draws a frame timeline:
    /// the vsyncs that fired the callbacks, each callback's work (callback to completion), each
    /// frame on screen (a dot at its presentation), and each late frame's span from its target
    /// to its presentation; the worst hitch marked. Time in ms from the first vsync.
    static func delivery(_ report: ValidationReport, slug: String, label: String) throws -> Chart? {
        guard let delivery = report.delivery, !delivery.delivery.frames.isEmpty else { return nil }
        let all = delivery.delivery.frames
        // At most 60 frames, so each stays a few pixels wide: those around the worst hitch (the
        // first 60 when none is late); the table beside the chart covers them all.
        let worstIndex = all.indices.max { all[$0].hitch < all[$1].hitch }.flatMap { all[$0].hitch > 0 ? $0 : nil }
        let first = max(0, min(all.count - 60, (worstIndex ?? 0) - 30))
        let window = first..<min(all.count, first + 60)
        let frames = Array(all[window])
        let origin = all[0].timestamp
        func ms(_ t: Double) -> Double { 1000 * (t - origin) }
        var vsync: (x: [Double], y: [Double]) = ([], [])
        var work: (x: [Double], y: [Double]) = ([], [])
        var late: (x: [Double], y: [Double]) = ([], [])
        for frame in frames {
            vsync.x += [ms(frame.timestamp), ms(frame.timestamp), .nan]
            vsync.y += [3.3, 2.7, .nan]
            if let completion = frame.completion {
                work.x += [ms(frame.callbackTime), ms(completion), .nan]
                work.y += [2, 2, .nan]
            }
            if frame.hitch > 0 {
                late.x += [ms(frame.targetTimestamp), ms(frame.presentation), .nan]
                late.y += [0, 0, .nan]
            }
        }
        let shown = window.count == all.count ? "all \(all.count) frames" : "frames \(window.lowerBound)–\(window.upperBound - 1) of \(all.count)"
        var plot = Plot(title: "\(label): frames as delivered, \(shown)")
        plot.xAxis.label = "time from the first vsync (ms)"
        plot.series = [
            Series("vsync (callback fired)", x: vsync.x, y: vsync.y),
            Series("callback work (start → completion)", x: work.x, y: work.y),
            Series("presented", x: frames.map { ms($0.presentation) }, y: frames.map { _ in 1 }, style: .points),
            Series("late: target → presented", x: late.x, y: late.y),
        ]
        let hitches = frames.filter { $0.hitch > 0 }
        if let worst = hitches.max(by: { $0.hitch < $1.hitch }) {
            plot.annotations = [Annotation(x: ms(worst.presentation), y: 0, label: "worst hitch \(significant(1000 * worst.hitch)) ms")]
        }
        let description = "\(label): \(shown) as delivered under \(FrameDeliveryOption.describe(delivery.options)), in lanes: the vsyncs, each callback's work, each presentation, and the \(hitches.count) late frame\(hitches.count == 1 ? "" : "s") from target to presentation."
        var chart = SVGChart(
            plot, description: description, height: 260, identifier: "\(slug)-frames",
            yCategories: ["late frames", "presented", "callback work", "vsync"])
        chart.leftMargin = 100
        chart.width = 748
        chart.lineWidths = [1: 7, 3: 7]
        return Chart(file: "scene-\(slug)-frames.svg", caption: "frame delivery", svg: try render(chart))
    }

    /// A benchmark's samples (one dot each, in the order taken, spread over the row so none
    /// hides another), its median and 95 % CI, and its reference's median and CI when it has one.
    static func benchmark(_ result: BenchmarkResult, slug: String) throws -> Chart {
        let unit = result.unit.description
        var plot = Plot(title: "\(result.name): \(result.sampleCount) samples, \(unit)")
        plot.xAxis.label = "\(unit) (\(result.higherIsBetter ? "higher" : "lower") is better)"
        let count = max(1, result.values.count)
        let spread = result.values.indices.map { -0.3 + 0.6 * Double($0) / Double(max(1, count - 1)) }
        plot.series.append(Series("samples", x: result.values, y: spread, style: .points))
        func interval(_ name: String, _ ci: ConfidenceInterval, median: Double, row: Double) -> Series {
            Series(
                name, x: [ci.lower, ci.upper, .nan, median, median, .nan, ci.lower, ci.lower, .nan, ci.upper, ci.upper],
                y: [row, row, .nan, row - 0.35, row + 0.35, .nan, row - 0.15, row + 0.15, .nan, row - 0.15, row + 0.15])
        }
        plot.series.append(interval("median \(significant(result.median)) and 95 % CI [\(significant(result.ci95.lower)), \(significant(result.ci95.upper))]", result.ci95, median: result.median, row: 0))
        plot.yAxis.isReversed = true  // the kernel on top
        var categories = ["kernel"]
        if let reference = result.reference, let median = result.referenceMedian, let ci = result.referenceCI95 {
            plot.series.append(interval("reference \(reference): median \(significant(median)), 95 % CI", ci, median: median, row: 1))
            categories.append("reference")
        }
        var description = "\(result.name): each of its \(result.values.count) samples as a dot, the median and its 95 % confidence interval"
        if let reference = result.reference { description += "; the reference \(reference)'s median and CI" }
        if let speedup = result.pairedSpeedup ?? result.speedup { description += "; speedup \(significant(speedup))× against it" }
        description += "."
        let chart = SVGChart(plot, description: description, height: categories.count == 1 ? 200 : 240, identifier: "bench-\(slug)", yCategories: categories)
        return Chart(file: "bench-\(slug).svg", caption: result.name, svg: try render(chart))
    }

    /// Every benchmark with a reference: its speedup (paired when measured) on a log axis, a
    /// row each, with the 95 % CI as a whisker and parity (1×) as a line.
    static func speedups(_ results: [BenchmarkResult]) throws -> Chart? {
        let rows = results.filter { ($0.pairedSpeedup ?? $0.speedup).map { $0 > 0 && $0.isFinite } ?? false }
        guard !rows.isEmpty else { return nil }
        var plot = Plot(title: "speedup against each benchmark's reference (×, log)")
        plot.xAxis.scale = .logarithmic
        plot.xAxis.label = "speedup (reference time ÷ kernel time; > 1: the kernel is faster)"
        var x: [Double] = [], y: [Double] = []
        var whiskerX: [Double] = [], whiskerY: [Double] = []
        for (index, result) in rows.enumerated() {
            x.append(result.pairedSpeedup ?? result.speedup ?? .nan)
            y.append(Double(index))
            if let ci = result.pairedSpeedupCI95, ci.lower > 0 {
                whiskerX += [ci.lower, ci.upper, .nan]
                whiskerY += [Double(index), Double(index), .nan]
            }
        }
        plot.series.append(Series("95 % CI (paired runs)", x: whiskerX, y: whiskerY))
        plot.series.append(Series("speedup", x: x, y: y, style: .points))
        plot.series.append(Series("parity (1×)", x: [1, 1], y: [-0.5, Double(rows.count) - 0.5]))
        plot.yAxis.isReversed = true  // the first benchmark on top, as in the table
        let lowest = min(1, (x + whiskerX).filter { $0.isFinite && $0 > 0 }.min() ?? 1)
        let highest = max(1, (x + whiskerX).filter(\.isFinite).max() ?? 1)
        plot.xAxis.range = (lowest / 1.3)...(highest * 1.3)
        let names = rows.map(\.name)
        var chart = SVGChart(
            plot, description: "Each benchmark's speedup against its reference, one row each, with the paired runs' 95 % confidence interval where measured; the line marks parity.",
            height: 110 + 20 * Double(rows.count), identifier: "speedups", yCategories: names)
        chart.leftMargin = min(360, 16 + 6.8 * Double(names.map(\.count).max() ?? 8))
        chart.width = 720 + chart.leftMargin - 72
        return Chart(file: "speedups.svg", caption: "speedups", svg: try render(chart))
    }

    /// The run against a baseline (`--compare`): each benchmark's slowdown in percent (positive:
    /// slower, whatever the unit), one row each, its allowance (the threshold, wider for a
    /// scattered benchmark) as a whisker about zero, and the verdict by series.
    static func comparison(_ comparison: BaselineComparison, baselineName: String) throws -> Chart? {
        let entries = comparison.entries.filter { $0.slowdownPercent.isFinite }
        guard !entries.isEmpty else { return nil }
        var plot = Plot(title: "change against the baseline \(baselineName) (% slower; negative: faster)")
        plot.xAxis.label = "slowdown (%), current median against the baseline's"
        var allowance: (x: [Double], y: [Double]) = ([], [])
        var groups: [(name: String, x: [Double], y: [Double])] = [("regression", [], []), ("improvement", [], []), ("no change that counts", [], [])]
        for (row, entry) in entries.enumerated() {
            let y = Double(row)
            allowance.x += [-entry.allowancePercent, entry.allowancePercent, .nan]
            allowance.y += [y, y, .nan]
            let group = entry.isRegression ? 0 : (entry.isImprovement ? 1 : 2)
            groups[group].x.append(entry.slowdownPercent)
            groups[group].y.append(y)
        }
        plot.series.append(Series("allowance (± threshold)", x: allowance.x, y: allowance.y))
        for group in groups where !group.x.isEmpty {
            plot.series.append(Series(group.name, x: group.x, y: group.y, style: .points))
        }
        plot.series.append(Series("no change", x: [0, 0], y: [-0.5, Double(entries.count) - 0.5]))
        let xs = (allowance.x + groups.flatMap(\.x)).filter(\.isFinite)
        if let low = xs.min(), let high = xs.max() {
            let pad = max(1, 0.04 * (high - low))
            plot.xAxis.range = min(low - pad, -pad)...max(high + pad, pad)
        }
        plot.yAxis.isReversed = true  // the first benchmark on top, as in the table
        let names = entries.map(\.name)
        var chart = SVGChart(
            plot,
            description: "Each benchmark's change against the baseline \(baselineName), as a slowdown in percent, one row each; the whisker is the change that counts (the threshold, wider for scattered samples); \(comparison.entries.filter(\.isRegression).count) regression(s), \(comparison.entries.filter(\.isImprovement).count) improvement(s).",
            height: 110 + 20 * Double(entries.count), identifier: "comparison", yCategories: names)
        chart.leftMargin = min(360, 16 + 6.8 * Double(names.map(\.count).max() ?? 8))
        chart.width = 720 + chart.leftMargin - 72
        chart.lineWidths = [0: 2]
        return Chart(file: "comparison.svg", caption: "against \(baselineName)", svg: try render(chart))
    }

    static func render(_ chart: SVGChart) throws -> String {
        do {
            return try chart.render()
        } catch {
            throw CLIError.usage(error.description)
        }
    }
}
