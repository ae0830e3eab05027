import BenchKit
import Foundation
import Motion
import Studies
import SVGPlot
import TerminalPlot

/// `bench report`'s integrators section: for each spring scene of the report, the
/// work-precision view `bench integrators` prints at its first rate (Studies'
/// ``IntegratorComparison/workPrecision(of:hz:duration:)``): every method's largest frame error
/// against its right-hand-side evaluations per simulated second, log–log, one series per
/// method, at the scene's first rate.
enum ReportIntegrators {
    /// The most spring scenes a report draws the view for: 8 (each is a sweep of about 40
    /// solves; a scene file of many springs would otherwise multiply them). The section says
    /// how many it left out.
    static let springLimit = 8

    /// The section, or `nil` when the report has no spring scene.
    static func section(_ results: [SceneValidation], figure: ReportChartsFigure) throws -> ReportSection? {
        let springs = results.compactMap { result -> (SceneValidation, SpringScene, Double)? in
            guard case .spring(let spring) = result.scene.kind, let hz = result.reports.first?.hz else { return nil }
            return (result, spring, hz)
        }
        guard !springs.isEmpty else { return nil }
        let esc = SVGChart.escaped
        var html = "<section id=\"integrators\"><h2>Integrators: work–precision</h2>\n"
        html += "<p class=\"meta\">Each spring scene's exact motion simulated by every integrator with a cost in evaluations, as 'bench integrators' sweeps them at its first rate: semi-implicit-euler, velocity-verlet and rk4 at 1 to 32 steps per frame, gsl-rk4 at 1 to 16, dopri54 and GSL's rkf45, rkck and rk8pd at rtol = atol 1e-3 to 1e-11; the largest frame error against the right-hand-side evaluations per simulated second. Lower left is better; an error below \(significant(IntegratorComparisonRunner.visibleError)) pt does not show.</p>\n"
        if springs.count > springLimit {
            html += "<p class=\"meta\">The first \(springLimit) of \(springs.count) spring scenes; 'bench integrators' compares any spring.</p>\n"
        }
        var charts: [ReportCharts.Chart] = []
        var markdown = "Largest frame error against right-hand-side evaluations per simulated second, as 'bench integrators' sweeps them at its first rate; each method's cheapest setting within \(significant(IntegratorComparisonRunner.visibleError)) pt:\n"
        var used = Set<String>()
        for (result, spring, hz) in springs.prefix(springLimit) {
            let slug = ReportCharts.uniqueSlug(result.scene.name, used: &used)
            let points: [WorkPrecisionPoint]
            do {
                points = try IntegratorComparison.workPrecision(
                    of: ComparedSpring(name: result.scene.name, summary: "", motion: spring.motion), hz: hz)
            } catch {
                throw CLIError.usage("\(result.scene.name): the work-precision sweep failed: \(error)")
            }
            guard let chart = try ReportCharts.workPrecision(points, label: "\(result.scene.name) @\(hz.formatted) Hz", slug: slug) else { continue }
            charts.append(chart)
            html += "<h3>\(esc(result.scene.name)) at \(esc(hz.formatted)) Hz</h3>\n"
            html += table(points) + "\n" + figure(chart) + "\n"
            markdown += "\n**\(Markup.markdownCell(result.scene.name)) at \(hz.formatted) Hz**\n\n" + markdownTable(points)
        }
        return ReportSection(id: "integrators", title: "Integrators", html: html + "</section>", charts: charts, markdown: markdown)
    }

    /// ``table(_:)`` in Markdown.
    static func markdownTable(_ points: [WorkPrecisionPoint]) -> String {
        let rows = methods(points).map { method -> [String] in
            let mine = points.filter { $0.method == method }
            let cheapest = mine.filter { $0.maxError <= IntegratorComparisonRunner.visibleError }.min { $0.evaluationsPerSecond < $1.evaluationsPerSecond }
            return ["`\(method)`", cheapest?.setting.text ?? "none", cheapest.map { significant($0.evaluationsPerSecond) } ?? "—", cheapest.map { significant($0.maxError, 2) } ?? "—"]
        }
        return Markup.markdownTable(["method", "cheapest within \(significant(IntegratorComparisonRunner.visibleError)) pt", "evaluations/s", "max error (pt)"], rows, rightAligned: [2, 3])
    }

    /// Per method: the settings swept, and its cheapest setting within the visible error.
    static func table(_ points: [WorkPrecisionPoint]) -> String {
        let esc = SVGChart.escaped
        var html = "<table><thead><tr><th>method</th><th>settings</th><th>cheapest within \(significant(IntegratorComparisonRunner.visibleError)) pt</th><th>evaluations/s</th><th>max error (pt)</th></tr></thead><tbody>\n"
        for method in methods(points) {
            let mine = points.filter { $0.method == method }
            let settings = mine.count > 1 ? "\(mine.first!.setting.text) … \(mine.last!.setting.text)" : mine.first!.setting.text
            let cheapest = mine.filter { $0.maxError <= IntegratorComparisonRunner.visibleError }.min { $0.evaluationsPerSecond < $1.evaluationsPerSecond }
            html += "<tr><td>\(esc(method))</td><td>\(esc(settings))</td><td>\(esc(cheapest?.setting.text ?? "none"))</td>"
            html += "<td class=\"num\">\(esc(cheapest.map { significant($0.evaluationsPerSecond) } ?? "–"))</td><td class=\"num\">\(esc(cheapest.map { significant($0.maxError, 2) } ?? "–"))</td></tr>\n"
        }
        return html + "</tbody></table>"
    }

    /// The methods of `points` in their first appearance's order.
    static func methods(_ points: [WorkPrecisionPoint]) -> [String] {
        var methods: [String] = []
        for point in points where !methods.contains(point.method) { methods.append(point.method) }
        return methods
    }
}

extension ReportCharts {
    /// Work against precision, log–log: one series per method (a line through its settings,
    /// a dot each), x its right-hand-side evaluations per simulated second, y its largest
    /// frame error (pt). An exact 0 has no place on a log axis and is left out (said in the
    /// description); `nil` when no point has a place.
    static func workPrecision(_ points: [WorkPrecisionPoint], label: String, slug: String) throws -> Chart? {
        let methods = ReportIntegrators.methods(points)
        var plot = Plot(title: "\(label): work–precision (log–log), lower left is better")
        plot.xAxis = Axis(label: "right-hand-side evaluations per simulated second", scale: .logarithmic)
        plot.yAxis = Axis(label: "largest frame error (pt)", scale: .logarithmic)
        for method in methods.prefix(Plot.maximumSeriesCount) {
            let mine = points.filter { $0.method == method && $0.maxError > 0 && $0.evaluationsPerSecond > 0 }
            guard !mine.isEmpty else { continue }
            plot.series.append(Series(method, x: mine.map(\.evaluationsPerSecond), y: mine.map(\.maxError), style: .lineAndPoints))
        }
        guard !plot.series.isEmpty else { return nil }
        // A fifth of a decade of room on every side, so no end point sits on the frame.
        let xs = plot.series.flatMap(\.x), ys = plot.series.flatMap(\.y)
        plot.xAxis.range = (xs.min()! / 1.6)...(xs.max()! * 1.6)
        plot.yAxis.range = (ys.min()! / 1.6)...(ys.max()! * 1.6)
        let exact = points.filter { $0.maxError == 0 }.count
        var description = "\(label): each integrator's largest frame error against the exact spring motion (pt) against its right-hand-side evaluations per simulated second, both on log scales, one line per integrator through its step sizes or tolerances: \(plot.series.map(\.name).joined(separator: ", "))."
        if exact > 0 { description += " \(exact) setting\(exact == 1 ? "" : "s") with an error of exactly 0 (no place on a log axis) left out." }
        if methods.count > Plot.maximumSeriesCount { description += " Only the first \(Plot.maximumSeriesCount) of \(methods.count) methods are drawn." }
        return Chart(file: "work-precision-\(slug).svg", caption: "\(label) work–precision", svg: try render(SVGChart(plot, description: description, height: 400, identifier: "wp-\(slug)")))
    }
}
