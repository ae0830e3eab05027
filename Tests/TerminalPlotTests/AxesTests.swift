import Foundation
import Testing
@testable import TerminalPlot

@Suite struct AxesTests {
    /// Error ∝ cost⁻⁴ is a straight line on log-log axes: every column of the data area
    /// holds dots of one short run, and the ticks are decades.
    @Test func logLogWorkPrecision() throws {
        let cost = (0...60).map { pow(10, 1 + Double($0) / 20) }  // 10 … 10⁴
        let error = cost.map { 1e-2 * pow($0 / 10, -4) }  // 1e-2 … 1e-14
        let plot = Plot(
            width: 60, height: 16, xAxis: Axis(label: "ns", scale: .logarithmic),
            yAxis: Axis(label: "error", scale: .logarithmic), series: [Series("rk4", x: cost, y: error)])
        let renderer = try Renderer(plot: plot)
        let layout = try renderer.layout(entries: renderer.seriesEntries(textLimit: 60))
        let grid = renderer.draw(layout)
        // Straight: the dot row at each dot column falls linearly, within a dot.
        var points: [(Double, Double)] = []
        for dotX in 0..<grid.width {
            let ys = (0..<grid.height).filter { dotY in
                let cell = (dotY >> 2) * grid.columns + (dotX >> 1)
                return grid.dots[cell] & grid.bit(x: dotX, y: dotY) != 0
            }
            if !ys.isEmpty { points.append((Double(dotX), Double(ys.reduce(0, +)) / Double(ys.count))) }
        }
        let slope = (points.last!.1 - points.first!.1) / (points.last!.0 - points.first!.0)
        for (x, y) in points {
            #expect(abs(points.first!.1 + slope * (x - points.first!.0) - y) <= 2.5, "dot column \(x)")
        }
        let labels = Set(layout.xTicks.map(\.label))
        #expect(labels.isSuperset(of: ["10", "100", "1000", "10000"]))
        #expect(layout.yTicks.allSatisfy { $0.label.hasPrefix("1e-") })
    }

    @Test func nonPositiveValuesLeaveAGapOnALogAxis() throws {
        let plot = Plot(
            width: 40, height: 8, yAxis: Axis(scale: .logarithmic),
            series: [Series("s", x: [0, 1, 2, 3, 4], y: [1, 10, 0, -5, 1000])])
        let text = try plot.render()
        // The y ticks read off the axis: decades only, none at or below zero.
        #expect(yTickLabels(text) == ["100", "1"], "\(text)")
        // The last sample has no valid neighbour: drawn as one isolated dot.
        let top = try #require(dataArea(text, plot: plot).first)
        #expect(top.filter { $0 != " " }.count == 1)
    }

    /// A circle stays a circle: with square braille dots (cells twice as tall as wide), its
    /// drawn extent is the same number of dots across and down.
    @Test(arguments: [(60, 24), (100, 20), (40, 30)])
    func equalAspectKeepsCirclesRound(width: Int, height: Int) throws {
        let circle = (0...400).map { index -> SIMD2<Double> in
            let angle = Double(index) / 400 * 2 * Double.pi
            return SIMD2(512 + 100 * cos(angle), 384 + 100 * sin(angle))
        }
        let plot = Plot.screenPath(width: width, height: height, series: [Series("circle", points: circle)])
        let renderer = try Renderer(plot: plot)
        let grid = renderer.draw(try renderer.layout(entries: renderer.seriesEntries(textLimit: width)))
        var (minX, maxX, minY, maxY) = (Int.max, Int.min, Int.max, Int.min)
        for dotY in 0..<grid.height {
            for dotX in 0..<grid.width where grid.dots[(dotY >> 2) * grid.columns + (dotX >> 1)] & grid.bit(x: dotX, y: dotY) != 0 {
                (minX, maxX, minY, maxY) = (min(minX, dotX), max(maxX, dotX), min(minY, dotY), max(maxY, dotY))
            }
        }
        #expect(abs((maxX - minX) - (maxY - minY)) <= 1, "\(maxX - minX) × \(maxY - minY)")
    }

    /// Screen coordinates: y grows downward, so the smallest y is drawn at the top.
    @Test func screenPathPutsSmallYOnTop() throws {
        let plot = Plot.screenPath(
            width: 40, height: 12, canvas: .ascii,
            series: [Series("top", x: [0], y: [0], style: .points), Series("bottom", x: [100], y: [100], style: .points)])
        let rows = dataArea(try plot.render(), plot: plot)
        let top = try #require(rows.firstIndex { $0.contains("o") })
        let bottom = try #require(rows.firstIndex { $0.contains("x") })
        #expect(top < bottom)
        // The y tick labels read downward in increasing order.
        let labels = lines(try plot.render()).compactMap { line -> Int? in
            guard line.contains(" +") else { return nil }
            return Int(line.split(separator: " ").first ?? "")
        }
        #expect(labels == [0, 50, 100])
    }

    @Test func reversedXAxisPutsSmallXRight() throws {
        let plot = Plot(
            width: 40, height: 6, canvas: .ascii, xAxis: Axis(isReversed: true),
            series: [Series("s", x: [0, 10], y: [0, 0], style: .points)])
        let tickRow = lines(try plot.render()).last { $0.contains("10") }!
        #expect(tickRow.range(of: "10")!.lowerBound < tickRow.range(of: "0", options: .backwards)!.lowerBound)
    }

    @Test func cellAspectChangesTheEqualAspectFit() throws {
        let square = [SIMD2<Double>(0, 0), SIMD2(1, 0), SIMD2(1, 1), SIMD2(0, 1), SIMD2(0, 0)]
        func ranges(_ aspect: Double) throws -> Int {
            var plot = Plot.screenPath(width: 80, height: 20, series: [Series("sq", points: square)])
            plot.cellAspectRatio = aspect
            let renderer = try Renderer(plot: plot)
            let grid = renderer.draw(try renderer.layout(entries: renderer.seriesEntries(textLimit: 80)))
            return (0..<grid.columns).filter { column in (0..<grid.rows).contains { grid.dots[$0 * grid.columns + column] != 0 } }.count
        }
        // Taller cells: the same square needs more columns.
        #expect(try ranges(2.5) > ranges(1.5))
    }
}
