import Testing
@testable import TerminalPlot

/// Two series in one cell both survive; without colour every series looks different.
@Suite struct OverlapTests {
    static let x = (0...40).map(Double.init)

    /// Crossing braille lines keep the union of their dots; the cells either series alone
    /// would draw are all still drawn.
    @Test func brailleLinesKeepTheUnionOfDots() throws {
        let up = Series("up", x: Self.x, y: Self.x)
        let down = Series("down", x: Self.x, y: Self.x.map { 40 - $0 })
        func grid(_ series: [Series]) throws -> DotGrid {
            let plot = Plot(width: 30, height: 10, usesColor: true, series: series)
            let renderer = try Renderer(plot: plot)
            return renderer.draw(try renderer.layout(entries: renderer.seriesEntries(textLimit: 30)))
        }
        let both = try grid([up, down])
        let alone = [try grid([up]), try grid([down])]
        for cell in both.dots.indices {
            #expect(both.dots[cell] == alone[0].dots[cell] | alone[1].dots[cell])
        }
        #expect(both.lineOwners.contains(0b11))
    }

    @Test func sameDataTwiceShowsBothInLegendAndMixedGlyph() throws {
        let a = Series("first", x: Self.x, y: Self.x, style: .points)
        let b = Series("second", x: Self.x, y: Self.x, style: .points)
        let text = try Plot(width: 40, height: 10, series: [a, b]).render()
        // The mixed glyph where both lie (the whole row), and the legend with its key.
        #expect(lines(text)[3] == "20 ┤                ####", "\(text)")
        #expect(lines(text).last == "• first   o second   # several series", "\(text)")
    }

    @Test func asciiLinesSharingACellShowTheMixedGlyph() throws {
        let up = Series("up", x: Self.x, y: Self.x)
        let down = Series("down", x: Self.x, y: Self.x.map { 40 - $0 })
        let text = try Plot(width: 30, height: 11, canvas: .ascii, series: [up, down]).render()
        // The whole plot: each line in its glyph, "#" where they cross, the key last.
        #expect(lines(text) == [
            "40 ++++                    ***", "   |   ++++            *****", "   |      +++++    *****", "20 +           ####",
            "   |       ****    ++++", "   |   ****            +++++", " 0 +***                    +++", "   ++-----+------+-----+-----+",
            "    0    10     20    30    40", "*** up   +++ down", "# several series",
        ], "\(text)")
    }

    /// The key of the mixed glyph only appears when the glyph does.
    @Test func noMixedKeyWithoutOverlap() throws {
        let a = Series("left", x: [0, 1], y: [0, 0], style: .points)
        let b = Series("right", x: [9, 10], y: [10, 10], style: .points)
        let text = try Plot(width: 40, height: 10, series: [a, b]).render()
        #expect(!text.contains("several series") && !text.contains("#"))
    }

    @Test(arguments: [Plot.Canvas.braille, .ascii])
    func everySeriesHasItsOwnLookWithoutColour(canvas: Plot.Canvas) throws {
        let lines = (0..<4).map { Series("line\($0)", x: Self.x, y: Self.x.map { $0 + Double($0) }) }
        let points = (0..<4).map { Series("dots\($0)", x: Self.x, y: Self.x, style: .points) }
        let renderer = try Renderer(plot: Plot(canvas: canvas, series: lines + points))
        let samples = renderer.seriesEntries(textLimit: 80).filter { !$0.isOverlapKey }.map(\.sample)
        #expect(Set(samples).count == 8, "\(samples)")
    }

    @Test func markersOverrideLinesOfTheirCell() throws {
        // The frame dot stays visible on top of the continuous curve.
        let curve = Series("curve", x: Self.x, y: Self.x)
        let frames = Series("frames", x: [20], y: [20], style: .points)
        let text = try Plot(width: 30, height: 10, series: [curve, frames]).render()
        #expect(text.contains("•"))
        #expect(!text.contains("#"))
    }
}
