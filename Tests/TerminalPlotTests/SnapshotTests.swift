import Testing
@testable import TerminalPlot

/// Exact text of small fixed plots: any change to layout, ticks or glyphs shows up here.
@Suite struct SnapshotTests {
    static func ramp(_ canvas: Plot.Canvas) -> Plot {
        Plot(
            width: 30, height: 9, canvas: canvas, title: "ramp", xAxis: Axis(label: "t"),
            series: [
                Series("up", x: [0, 10], y: [0, 5]),
                Series("dots", x: [0, 5, 10], y: [5, 2.5, 0], style: .points),
            ])
    }

    @Test func brailleLineAndMarkers() throws {
        let expected = """
                          ramp
            4 ┤•                   ⢀⣀⡠⠤⠒⠒⠉
              │             ⢀⣀⡠⠤⠒⠒⠉⠁
            2 ┤      ⢀⣀⠤⠤⠒⠊⠉•
            0 ┤⣀⠤⠤⠒⠊⠉⠁                   •
              └┬────┬────┬─────┬────┬────┬
               0    2    4     6    8   10
                            t
            ⠒⠒⠒⠒ up   • dots
            """
        #expect(try Self.ramp(.braille).render() == expected)
    }

    @Test func asciiLineAndMarkers() throws {
        let expected = """
                          ramp
            4 +o                   *******
            2 +       ******o******
            0 +*******                   o
              ++----+----+-----+----+----+
               0    2    4     6    8   10
                            t
            *** up   o dots
            """
        #expect(try Self.ramp(.ascii).render() == expected)
    }

    /// A NaN gap (the isolated last sample still shows), an annotation labelled in free
    /// cells, and the legend in its own column right of the data.
    @Test func asciiGapAnnotationAndRightLegend() throws {
        let plot = Plot(
            width: 30, height: 8, canvas: .ascii, legendPlacement: .right,
            series: [Series("a", x: [0, 1, 2, 3], y: [0, 1, .nan, 3]), Series("b", x: [0, 3], y: [3, 0])],
            annotations: [Annotation(x: 1, y: 1, label: "kink")])
        let expected = """
              |++          *  *** a
              |  ++           +++ b
            2 +    ++
              |   *! +++
              | ** kink ++
            0 +*          ++
              ++---+---+---+
               0   1   2   3
            """
        #expect(try plot.render() == expected)
    }

    @Test func emptyPlotStillHasAxes() throws {
        let expected = """
            1.0 ┤
            0.5 ┤
            0.0 ┤
                └┬──────┬──────┬
                0.0    0.5   1.0
            """
        #expect(try Plot(width: 20, height: 5).render() == expected)
    }
}
