import Foundation
import Testing
@testable import TerminalPlot

/// Properties every rendering must have, over many sizes and options.
@Suite struct LayoutTests {
    static let widths = [20, 21, 27, 33, 40, 57, 80, 119, 200, 1000]

    /// A busy plot: two lines, frame markers, an annotation, labels longer than small widths.
    static func busy(width: Int, canvas: Plot.Canvas, legend: Plot.LegendPlacement, color: Bool) -> Plot {
        let t = (0..<400).map { Double($0) / 40 }
        let frames = stride(from: 0.0, to: 10, by: 1.0 / 6).map { $0 }
        return Plot(
            width: width, height: 18, canvas: canvas, usesColor: color,
            title: "A rather long title for the position of the bee over time",
            xAxis: Axis(label: "time since the start of the flight (s)"),
            yAxis: Axis(label: "vertical position of the bee (pt)"),
            legendPlacement: legend,
            series: [
                Series("bee 1 (linear timing)", x: t, y: t.map { 200 + 100 * sin($0) }),
                Series("bee 2 (paced timing along the arc)", x: t, y: t.map { 240 + 80 * cos($0 * 1.3) }),
                Series("frames at 60 Hz", x: frames, y: frames.map { 200 + 100 * sin($0) }, style: .points),
            ],
            annotations: [Annotation(x: 3.3, y: 200 + 100 * sin(3.3), label: "teleport at the seam")])
    }

    static let cases: [(Int, Plot.Canvas, Plot.LegendPlacement, Bool)] = widths.flatMap { width in
        [(width, .braille, .below, false), (width, .ascii, .right, false), (width, .braille, .right, true),
         (width, .ascii, .below, true)]
    }

    @Test(arguments: cases)
    func neverWiderOrTallerThanAsked(width: Int, canvas: Plot.Canvas, legend: Plot.LegendPlacement, color: Bool) throws {
        let plot = Self.busy(width: width, canvas: canvas, legend: legend, color: color)
        let text: String
        do {
            text = try plot.render()
        } catch {
            // Too small for everything this plot shows: refused with one line, never garbled.
            #expect(width < 40, "\(error)")
            #expect(!error.description.contains("\n"))
            return
        }
        let widths = lineWidths(text)
        #expect(widths.allSatisfy { $0 <= width }, "\(widths.max()!) > \(width)")
        #expect(widths.count <= plot.height)
        for line in lines(strippingEscapes(text)) {
            #expect(line.last != " ", "trailing space in '\(line)'")
        }
        #expect(!text.hasSuffix("\n"))
        // No form feed, no control character but the line feed (and ESC when coloured).
        let allowed: Set<UInt32> = color ? [0x0A, 0x1B] : [0x0A]
        #expect(text.unicodeScalars.allSatisfy { $0.value >= 0x20 && $0.value != 0x7F || allowed.contains($0.value) })
        #expect(text.unicodeScalars.first != "\u{0C}")
    }

    @Test(arguments: [20, 33, 80])
    func userTextCannotInjectControls(width: Int) throws {
        let plot = Plot(
            width: width, height: 10, title: "\u{0C}\u{1B}[31mred\u{1B}[0m\ttitle",
            series: [Series("bad\nname\u{1B}[2J", x: [0, 1], y: [0, 1])],
            annotations: [Annotation(x: 0.5, y: 0.5, label: "\u{7}bell")])
        let text = try plot.render()
        #expect(!text.contains("\u{1B}") && !text.contains("\u{0C}") && !text.contains("\u{7}") && !text.contains("\t"))
        #expect(lineWidths(text).allSatisfy { $0 <= width })
    }

    /// Wide characters in labels count as two columns.
    @Test func wideCharactersCountTwice() throws {
        let plot = Plot(
            width: 24, height: 8, title: "蜜蜂の飛行経路を表示するグラフ",
            series: [Series("蜜蜂一号蜜蜂一号蜜蜂一号", x: [0, 1], y: [0, 1])])
        let widths = lineWidths(try plot.render())
        #expect(widths.allSatisfy { $0 <= 24 }, "\(widths)")
    }

    /// The legend is never drawn over the data: below, it follows the x-axis rows; right,
    /// it starts after the last data column.
    @Test(arguments: [Plot.LegendPlacement.below, .right])
    func legendStaysOutsideTheData(placement: Plot.LegendPlacement) throws {
        let plot = Self.busy(width: 100, canvas: .ascii, legend: placement, color: false)
        let output = lines(try plot.render())
        let axisRow = try #require(output.firstIndex { $0.contains("+---") || $0.contains("++--") })
        let axisLine = output[axisRow]
        let dataEnd = axisLine.count  // the x axis spans the data columns exactly
        let names = ["bee 1 (linear timing)", "frames at 60 Hz"]
        for name in names {
            let row = try #require(output.firstIndex { $0.contains(name) }, "\(name) missing")
            if placement == .below {
                #expect(row > axisRow)
            } else {
                let column = output[row].distance(from: output[row].startIndex, to: output[row].range(of: name)!.lowerBound)
                #expect(row < axisRow && column > dataEnd)
            }
        }
    }

    @Test func tooSmallIsRefusedWithOneLine() {
        var plot = Self.busy(width: 30, canvas: .braille, legend: .below, color: false)
        plot.height = 7
        #expect(throws: PlotError.self) { try plot.render() }
        do {
            _ = try plot.render()
        } catch {
            #expect(error.description.hasPrefix("height 7 is too small"))
            #expect(!error.description.contains("\n"))
        }
    }

    @Test(arguments: [(0, 24), (19, 24), (1001, 24), (80, 4), (80, 501), (-5, -5)])
    func sizeOutsideLimitsIsRefused(width: Int, height: Int) {
        #expect(throws: PlotError.self) { try Plot(width: width, height: height).render() }
    }
}
