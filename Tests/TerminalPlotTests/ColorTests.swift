import Testing
@testable import TerminalPlot

@Suite struct ColorTests {
    @Test(arguments: [Plot.Canvas.braille, .ascii])
    func colourOffMeansNoEscapeAtAll(canvas: Plot.Canvas) throws {
        let plot = LayoutTests.busy(width: 80, canvas: canvas, legend: .below, color: false)
        #expect(!(try plot.render()).contains("\u{1B}"))
    }

    @Test(arguments: [Plot.Canvas.braille, .ascii])
    func colourOnColoursSeriesAndResetsEveryLine(canvas: Plot.Canvas) throws {
        let plot = LayoutTests.busy(width: 80, canvas: canvas, legend: .right, color: true)
        let text = try plot.render()
        #expect(Set(sgrParameters(text)).isSuperset(of: ["34", "31", "32", "0"]), "\(Set(sgrParameters(text)))")
        for line in lines(text) where line.contains("\u{1B}") {
            // Whatever was switched on is switched off before the line ends.
            let last = line.range(of: "\u{1B}[", options: .backwards)!
            #expect(line[last.lowerBound...].hasPrefix("\u{1B}[0m"), "\(line)")
        }
        // The text without escapes is exactly the uncoloured plot but for braille textures.
        var plain = plot
        plain.usesColor = false
        if canvas == .ascii { #expect(strippingEscapes(text) == (try plain.render())) }
    }

    @Test func seriesColourCanBeChosen() throws {
        let plot = Plot(width: 30, height: 6, usesColor: true, series: [Series("s", x: [0, 1], y: [0, 1], color: .magenta)])
        #expect(sgrParameters(try plot.render()).first == "35", "the series' colour, magenta, is the first switched on")
    }
}
