import Foundation
import Testing
import TerminalPlot

/// The example of `Sources/TerminalPlot/TerminalPlot.docc/TerminalPlot.md`, run (see
/// `DocumentationExampleTests.swift` for the pattern).
@Test func terminalPlotExample() throws {
    // example:begin
    // One period of a sine, drawn in braille into at most 40 columns × 10 lines.
    let x = (0...200).map { Double($0) * 2 * Double.pi / 200 }
    var plot = Plot(width: 40, height: 10, title: "sin x")
    plot.xAxis.label = "x"
    plot.series = [Series("sin", x: x, y: x.map { sin($0) })]
    let text = try plot.render()
    print(text)

    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    print(lines.count, lines.map(\.count).max() ?? 0)  // 10 40
    // example:end

    #expect(lines.count <= 10)
    #expect(lines.allSatisfy { $0.count <= 40 })
    #expect(lines.first?.contains("sin x") == true)
    #expect(!text.contains("\u{1B}"))  // no colour unless asked for
}
