import SVGPlot
import TerminalPlot
import Testing

/// The example of `Sources/SVGPlot/SVGPlot.docc/SVGPlot.md`, run (see
/// `DocumentationExampleTests.swift` for the pattern).
@Test func svgPlotExample() throws {
    // example:begin
    // Three frames' speeds as a line with a dot per frame, as an SVG document.
    var plot = Plot(title: "frame speed")
    plot.xAxis.label = "t (s)"
    plot.yAxis.label = "speed (pt/s)"
    plot.series = [Series("speed", x: [0, 1, 2], y: [10, 30, 20], style: .lineAndPoints)]
    let chart = SVGChart(plot, description: "Frame speed at each frame against time.")
    let svg = try chart.render()
    print(svg.hasPrefix("<svg "), svg.contains("<desc id=\"chart-desc\">Frame speed"))  // true true

    // Where the data point (1, 30) is drawn, in px: the top of the data area (30 is the largest).
    let p = try chart.position(x: 1, y: 30)!
    print(p.y == chart.frame.y)  // true
    // example:end

    #expect(svg.hasPrefix("<svg ") && svg.contains("<desc id=\"chart-desc\">Frame speed"))
    #expect(p.y == chart.frame.y)
}
