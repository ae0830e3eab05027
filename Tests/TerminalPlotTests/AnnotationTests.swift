import Testing
@testable import TerminalPlot

@Suite struct AnnotationTests {
    @Test func labelGoesBesideTheMarkerInEmptyCells() throws {
        let plot = Plot(
            width: 40, height: 10, series: [Series("path", x: [0, 10], y: [0, 0])],
            annotations: [Annotation(x: 5, y: 0, label: "corner")])
        let rows = dataArea(try plot.render(), plot: plot)
        let row = try #require(rows.first { $0.contains("◆") })
        #expect(row.contains("◆ corner") || row.contains("corner ◆") || rows.contains { $0.contains("corner") })
        #expect(!(try plot.render()).contains("1 corner"))
    }

    /// No room beside the point: the glyph becomes a key and the label joins the legend,
    /// never written over data.
    @Test func crowdedLabelBecomesAKeyInTheLegend() throws {
        // Markers in every cell: no empty run anywhere for the label.
        let grid = (0..<4000).map { Double($0 % 100) / 99 * 20 }
        let rows = (0..<4000).map { Double($0 / 100) / 39 * 20 }
        let plot = Plot(
            width: 30, height: 12, series: [Series("crowd", x: grid, y: rows, style: .points)],
            annotations: [Annotation(x: 10, y: 10, label: "a speed jump here")])
        let text = try plot.render()
        // The key in the data area, in place of the marker, and the label in the legend, each line whole.
        #expect(lines(text)[4] == "10 ┤•••••••••••••1••••••••••••", "\(text)")
        #expect(lines(text).last == "• crowd   1 a speed jump here", "\(text)")
    }

    @Test func longLabelIsListedWholeRatherThanCut() throws {
        let label = "a label far longer than twenty-four columns"
        let plot = Plot(
            width: 80, height: 10, series: [Series("s", x: [0, 10], y: [0, 0])],
            annotations: [Annotation(x: 5, y: 0, label: label)])
        #expect(try plot.render().contains("1 " + label))
    }

    @Test func offPlotAnnotationIsListed() throws {
        let plot = Plot(
            width: 40, height: 10, xAxis: Axis(range: 0...1),
            series: [Series("s", x: [0, 1], y: [0, 1])],
            annotations: [Annotation(x: 5, y: 0.5, label: "teleport")])
        #expect(try plot.render().contains("1 teleport (off plot)"))
    }

    @Test func asciiAnnotationUsesAsciiGlyph() throws {
        let plot = Plot(
            width: 40, height: 10, canvas: .ascii, series: [Series("s", x: [0, 10], y: [0, 0])],
            annotations: [Annotation(x: 5, y: 0, label: "jump")])
        let text = try plot.render()
        // The marker "!" on the line, the label above it: each row whole.
        #expect(lines(text)[2...3] == ["   |                  jump", " 0 +******************!*****************"], "\(text)")
        #expect(text.unicodeScalars.allSatisfy { $0.isASCII })
    }
}
