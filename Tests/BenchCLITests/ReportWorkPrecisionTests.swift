@testable import BenchCLI
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Motion
import Studies
import Testing

/// `bench report`'s integrators section: each spring scene's work-precision chart, its points
/// Studies' own, one series per method at their log–log place; `report.md` linking every chart.
@Suite struct ReportWorkPrecisionTests {
    typealias R = ReportCommandTests

    /// menu-show at 60 Hz: one series per method of Studies' sweep, each dot at the place of
    /// (evaluations per second, largest error) on the log axes; the cheapest setting within
    /// 0.5 pt in the table; a report without a spring has no such section.
    @Test func springSceneGetsTheWorkPrecisionChartOfStudiesPoints() throws {
        let folder = try R.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent("r")
        let run = try runBench(["report", "menu-show", "--hz", "60", "--out", out.path])
        #expect(run.code == 0, "\(run.stderr)")
        guard case .spring(let spring) = try Scene.menu(.show).kind else {
            Issue.record("menu-show is not a spring scene")
            return
        }
        let points = try IntegratorComparison.workPrecision(of: ComparedSpring(name: "menu-show", summary: "", motion: spring.motion), hz: 60)
        var methods: [String] = []
        for point in points where !methods.contains(point.method) { methods.append(point.method) }
        #expect(methods.count == 8 && methods.contains("rk4") && methods.contains("dopri54") && methods.contains("gsl-rkck"))

        let svg = try R.xml(out.appendingPathComponent("work-precision-menu-show.svg"))
        let series = R.nodes(svg, ".//*[local-name()='g'][@class='series']").compactMap { R.string($0, "data-series") }
        #expect(series == methods)
        // The chart's axes are logarithmic: its spans are in decades.
        let place = try R.placer(svg)
        for method in methods {
            let mine = points.filter { $0.method == method && $0.maxError > 0 }
            let group = try #require(R.nodes(svg, ".//*[local-name()='g'][@data-series='\(method)']").first)
            let dots = R.dots(group)
            #expect(dots.count == mine.count, "\(method)")
            for (dot, point) in zip(dots, mine) {
                let want = place(log10(point.evaluationsPerSecond), log10(point.maxError))
                #expect(abs(dot.x - want.x) <= 0.051 && abs(dot.y - want.y) <= 0.051, "\(method) \(point.setting)")
            }
        }
        // More work, less error: rk4's error falls as its steps shrink.
        let rk4 = points.filter { $0.method == "rk4" }
        #expect(rk4.count == 6 && rk4.first!.maxError > 100 * rk4.last!.maxError)
        let page = try R.page(out.appendingPathComponent("index.html"))
        #expect(R.nodes(page, "//*[local-name()='section'][@id='integrators']").count == 1)
        #expect(R.nodes(page, "//*[local-name()='figure'][@id='work-precision-menu-show.svg']").count == 1)
        let cheapest = try #require(rk4.filter { $0.maxError <= 0.5 }.min { $0.evaluationsPerSecond < $1.evaluationsPerSecond })
        let cells = R.nodes(page, "//*[local-name()='tr'][*[local-name()='td'][1]='rk4']").map { R.nodes($0, "./*[local-name()='td']").map { $0.stringValue ?? "" } }
        #expect(cells.count == 1 && cells.first?.contains(cheapest.setting.text) == true, "\(cells)")

        let bees = folder.appendingPathComponent("b")
        let beeRun = try runBench(["report", "bee1+", "--mode", "linear", "--out", bees.path])
        #expect(beeRun.code == 0, "\(beeRun.stderr)")
        #expect(R.nodes(try R.page(bees.appendingPathComponent("index.html")), "//*[@id='integrators']").isEmpty)
    }
}
