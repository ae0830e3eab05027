import Testing
@testable import TerminalPlot

/// Degenerate data first: nothing here may crash, trap or draw garbage.
@Suite struct RobustnessTests {
    static let nasty: [Double] = [.nan, .infinity, -.infinity, 0, -0.0, 1e308, -1e308, .leastNonzeroMagnitude, 1]

    @Test(arguments: [Plot.Canvas.braille, .ascii])
    func emptySeriesAndEmptyPlot(canvas: Plot.Canvas) throws {
        let plot = Plot(width: 40, height: 10, canvas: canvas, series: [Series("nothing", x: [], y: [])])
        let text = try plot.render()
        #expect(lines(text).last == (canvas == .braille ? "⠒⠒⠒⠒ nothing" : "*** nothing"), "the legend names it: \(text)")
        #expect(lineWidths(text).allSatisfy { $0 <= 40 })
    }

    @Test(arguments: [Plot.Canvas.braille, .ascii])
    func singlePointIsDrawn(canvas: Plot.Canvas) throws {
        let plot = Plot(width: 30, height: 8, canvas: canvas, series: [Series("one", x: [3], y: [7])])
        let rows = dataArea(try plot.render(), plot: plot)
        // Exactly one cell of data (one braille dot or one glyph), in the middle row: the zero
        // range around 3 and 7 is widened symmetrically.
        #expect(rows.count == 5)
        #expect(rows.map { $0.filter { $0 != " " }.count } == [0, 0, 1, 0, 0])
    }

    /// A non-zero span too narrow to scale (its reciprocal overflows, or it is lost in rounding)
    /// used to make the scale infinite and trap converting NaN to Int.
    /// Subnormals are written as multiples of the smallest one (`tiny * 2024` is exactly the
    /// double nearest 1e-320): a literal like `1e-320` underflows and the compiler warns.
    @Test(arguments: [(0.0, tiny * 2024), (tiny * 2024, tiny * 4048), (1.0, 1.0 + 2.2e-16), (-tiny, tiny)])
    func spansTooNarrowToScaleAreWidened(low: Double, high: Double) throws {
        for canvas in [Plot.Canvas.braille, .ascii] {
            let plot = Plot(width: 40, height: 10, canvas: canvas,
                            series: [Series("narrow", x: [low, high, low], y: [high, low, high])])
            let text = try plot.render()
            #expect(lineWidths(text).allSatisfy { $0 <= 40 })
            #expect(!text.contains("nan"))
        }
    }

    @Test func allEqualValuesGetARangeAroundThem() throws {
        let plot = Plot(width: 40, height: 10, series: [Series("flat", x: [0, 1, 2, 3], y: [5, 5, 5, 5])])
        let text = try plot.render()
        // The y ticks around the value, read off the axis.
        #expect(yTickLabels(text) == ["5.5", "5.0", "4.5"], "\(text)")
        let flatRow = try #require(lines(text).first { $0.hasPrefix("5.0") })
        #expect(flatRow.contains("⠒") || flatRow.contains("⠤") || flatRow.contains("⠉") || flatRow.contains("⣀"))
    }

    @Test(arguments: [Plot.Canvas.braille, .ascii])
    func nanBreaksTheLine(canvas: Plot.Canvas) throws {
        // A horizontal line with a NaN in the middle: its middle cells stay empty.
        let x = (0...20).map(Double.init)
        var y = Array(repeating: 1.0, count: 21)
        y[10] = .nan
        let base = Plot(width: 31, height: 6, canvas: canvas, yAxis: Axis(range: 0...2))
        var gapped = base
        gapped.series = [Series("gap", x: x, y: y)]
        var whole = base
        whole.series = [Series("whole", x: x, y: Array(repeating: 1.0, count: 21))]
        func dataCells(_ plot: Plot) throws -> String {
            let rows = dataArea(try plot.render(), plot: plot)
            return String(try #require(rows.first { !$0.isEmpty }))
        }
        let gappedRow = try dataCells(gapped)
        let wholeRow = try dataCells(whole)
        #expect(gappedRow.filter { $0 == " " }.count > wholeRow.filter { $0 == " " }.count)
        #expect(gappedRow.contains(" ") && !wholeRow.trimmingSuffixSpaces.contains(" "))
    }

    @Test(arguments: nasty)
    func nonFiniteAndExtremeValuesNeverCrash(value: Double) throws {
        for canvas in [Plot.Canvas.braille, .ascii] {
            for scale in [AxisScale.linear, .logarithmic] {
                let plot = Plot(
                    width: 40, height: 10, canvas: canvas, xAxis: Axis(scale: scale), yAxis: Axis(scale: scale),
                    series: [
                        Series("a", x: [1, 2, value, 4, 5], y: [1, value, 3, 4, 5], style: .lineAndPoints),
                        Series("b", x: [value], y: [value], style: .points),
                    ],
                    annotations: [Annotation(x: value, y: value, label: "odd")])
                do {
                    let text = try plot.render()
                    #expect(lineWidths(text).allSatisfy { $0 <= 40 })
                } catch {
                    // Only an honest refusal: ±1e308 on one axis overflows the span.
                    guard case .rangeOverflow(_, let lower, let upper) = error else {
                        Issue.record("expected rangeOverflow, got \(error)")
                        continue
                    }
                    #expect(lower.isFinite && upper.isFinite && !(upper - lower).isFinite, "\(error)")
                }
            }
        }
    }

    @Test func allNaNIsAnEmptyPlotWithItsLegend() throws {
        let plot = Plot(width: 40, height: 10, series: [Series("void", x: [.nan, .nan], y: [.nan, 1])])
        let text = try plot.render()
        #expect(lines(text).last == "⠒⠒⠒⠒ void", "\(text)")
    }

    @Test func clippedToAFixedRangeFarOutside() throws {
        // A segment from far outside crosses the visible range: drawn clipped, in O(1).
        let plot = Plot(
            width: 40, height: 10, xAxis: Axis(range: 0...1), yAxis: Axis(range: 0...1),
            series: [Series("long", x: [-1e300, 1e300], y: [-1e300, 1e300])])
        let text = try plot.render()
        #expect(text.contains("⠁") || text.contains("⠈") || text.contains("⡀") || text.contains("⢀"))
    }

    @Test func invalidInputIsRefusedWithOneLine() {
        let cases: [(Plot, String)] = [
            (Plot(series: [Series("bad", x: [1, 2], y: [1])]), "series 'bad' must have as many x as y values, got 2 x and 1 y values"),
            (Plot(xAxis: Axis(range: 2...2)), "x range must be finite with lower < upper, got 2.0...2.0"),
            (Plot(yAxis: Axis(scale: .logarithmic, range: 0...10)), "y range must be positive on a logarithmic axis, got 0.0...10.0"),
            (Plot(width: 5), "width must be between 20 and 1000, got 5"),
            (Plot(cellAspectRatio: .nan), "cell aspect ratio must be a positive finite number, got nan"),
            (Plot(series: [Series("w", x: [1], y: [1], marker: "蜂")]), "marker of series 'w' must be one printable terminal column, got '蜂'"),
            (Plot(series: Array(repeating: Series("s", x: [], y: []), count: 9)), "a plot can show at most 8 series, got 9"),
        ]
        for (plot, message) in cases {
            do {
                _ = try plot.render()
                Issue.record("accepted: \(message)")
            } catch {
                #expect(error.description == message)
            }
        }
    }
}

extension StringProtocol {
    var trimmingSuffixSpaces: Substring {
        var text = Substring(self)
        while text.last == " " { text.removeLast() }
        return text
    }
}

@Suite struct ASCIICanvasTests {
    /// The ASCII canvas is for terminals and logs that cannot take anything else: every label
    /// must come out ASCII too, at the width asked.
    @Test func labelsTitlesAndLegendsAreFoldedToASCII() throws {
        let plot = Plot(
            width: 50, height: 12, canvas: .ascii, title: "speed |pₖ₊₁ − pₖ|·hz, ζ 0.6 → ω₀ 14",
            xAxis: Axis(label: "t (s) × 2°"), yAxis: Axis(label: "error ≤ 0.5 µm"),
            series: [Series("ζ = 0.6", x: [0, 1, 2], y: [1, 3, 2])],
            annotations: [Annotation(x: 1, y: 3, label: "2.0× speed")])
        let text = try plot.render()
        let allASCII = text.unicodeScalars.allSatisfy { $0.isASCII }
        #expect(allASCII, "\(text)")
        // Title, y label, x label and legend, each line whole, folded to ASCII.
        #expect(lines(text).prefix(2).map { $0.trimmingPrefix(while: { $0 == " " }) } == ["speed |pk+1 - pk|.hz, z 0.6 > w0 14", "error < 0.5 um"], "\(text)")
        #expect(lines(text).suffix(2).map { $0.trimmingPrefix(while: { $0 == " " }) } == ["t (s) x 2o", "*** z = 0.6   1 2.0x speed"], "\(text)")
        #expect(text.split(separator: "\n").map(\.count).allSatisfy { $0 <= 50 })
    }

    @Test func unknownSymbolsKeepTheirWidth() {
        #expect(Text.asciiFolded("a✓b") == "a?b")
        #expect(Text.asciiFolded("日本") == "????")
        #expect(Text.asciiFolded("plain") == "plain")
    }
}

/// The smallest positive double, 4.9e-324 (a subnormal).
private let tiny = Double.leastNonzeroMagnitude
