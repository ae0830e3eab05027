import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import SVGPlot
import TerminalPlot
import Testing

/// Parses `svg` as XML; fails the test (and returns nil) if it is not well-formed.
func parsed(_ svg: String) -> XMLElement? {
    do {
        return try XMLDocument(xmlString: svg, options: []).rootElement()
    } catch {
        Issue.record("not well-formed XML: \(error)")
        return nil
    }
}

func elements(_ root: XMLElement, _ xpath: String) -> [XMLElement] {
    ((try? root.nodes(forXPath: xpath)) ?? []).compactMap { $0 as? XMLElement }
}

/// An attribute's value, read through XPath (FoundationXML on Linux does not find attributes by
/// name on elements in SVG's default namespace).
func attribute(_ element: XMLElement, _ name: String) -> String? {
    ((try? element.nodes(forXPath: "@\(name)")) ?? []).first?.stringValue
}

/// The dots of a series group, in sample order: the points of its `pts` path (or, with values,
/// its `vpts-ring` path), each drawn as `Mx yh0`.
func dots(_ series: XMLElement) -> [(Double, Double)] {
    let path = elements(series, "./*[local-name()='path'][@class='vpts-ring' or starts-with(@class,'pts ')]").first
    return dotPoints(path.flatMap { attribute($0, "d") } ?? "")
}

/// The points of `Mx yh0Mx yh0…`.
func dotPoints(_ d: String) -> [(Double, Double)] {
    d.split(separator: "M").compactMap { part in
        let numbers = part.replacingOccurrences(of: "h0", with: "").split(separator: " ").compactMap { Double($0) }
        return numbers.count == 2 ? (numbers[0], numbers[1]) : nil
    }
}

func number(_ element: XMLElement, _ name: String) -> Double {
    Double(attribute(element, name) ?? "") ?? .nan
}

@Suite struct SVGChartTests {
    /// Maps (x, y) the long way: from the frame rectangle and the spans written in the SVG.
    static func expected(_ root: XMLElement, x: Double, y: Double, yReversed: Bool) -> (Double, Double)? {
        guard let frame = elements(root, "//*[local-name()='rect'][contains(@class,'frame')]").first,
              let data = elements(root, "//*[local-name()='g'][@class='data']").first
        else { return nil }
        let xs = (attribute(data, "data-x-span") ?? "").split(separator: " ").compactMap { Double($0) }
        let ys = (attribute(data, "data-y-span") ?? "").split(separator: " ").compactMap { Double($0) }
        guard xs.count == 2, ys.count == 2 else { return nil }
        let fx = (x - xs[0]) / (xs[1] - xs[0]), fy = (y - ys[0]) / (ys[1] - ys[0])
        let left = number(frame, "x"), top = number(frame, "y"), width = number(frame, "width"), height = number(frame, "height")
        return (left + fx * width, top + (yReversed ? fy : 1 - fy) * height)
    }

    @Test func structureTitleDescAxesSeriesAndDots() throws {
        var plot = Plot(title: "speed <of> bee & co")
        plot.xAxis.label = "t (s)"
        plot.yAxis.label = "speed (pt/s)"
        plot.series = [
            Series("a", x: [0, 1, 2, 3], y: [0, 10, 20, 15], style: .lineAndPoints),
            Series("b \"quoted\"", x: [0, 3], y: [5, 5]),
        ]
        plot.annotations = [Annotation(x: 2, y: 20, label: "peak"), Annotation(x: 50, y: 1, label: "far")]
        plot.xAxis.range = 0...3
        let svg = try SVGChart(plot, description: "two series", identifier: "t1").render()
        let root = try #require(parsed(svg))
        #expect(elements(root, "//*[local-name()='title']").first?.stringValue == "speed <of> bee & co")
        #expect(elements(root, "//*[local-name()='desc']").first?.stringValue == "two series")
        #expect(elements(root, "//*[local-name()='g'][@class='series']").count == 2)
        // Text is text: ticks and labels are <text> elements.
        let texts = elements(root, "//*[local-name()='text']").compactMap(\.stringValue)
        #expect(texts.contains("t (s)") && texts.contains("speed (pt/s)"))
        #expect(texts.contains("0.0") && texts.contains("3.0"), "\(texts)")
        #expect(texts.contains { $0.contains("off the plot: far") })
        // Four data dots in series a, one path in its colour; its legend sample a circle.
        let first = try #require(elements(root, "//*[local-name()='g'][@class='series'][1]").first)
        let inSeries = dots(first)
        #expect(inSeries.count == 4)
        #expect(elements(first, "./*[local-name()='path'][@class='pts s0']").count == 1)
        #expect(elements(root, "//*[local-name()='g'][@class='legend']/*[local-name()='circle'][contains(@class,'f0')]").count == 1)
        for (k, (x, y)) in [(0.0, 0.0), (1, 10), (2, 20), (3, 15)].enumerated() {
            let want = try #require(Self.expected(root, x: x, y: y, yReversed: false))
            #expect(abs(inSeries[k].0 - want.0) <= 0.051)
            #expect(abs(inSeries[k].1 - want.1) <= 0.051)
        }
        // The placed mark sits on its point.
        let mark = try #require(elements(root, "//*[local-name()='g'][@class='mark-at']").first)
        let want = try #require(Self.expected(root, x: 2, y: 20, yReversed: false))
        #expect(abs(number(mark, "data-x") - want.0) <= 0.051 && abs(number(mark, "data-y") - want.1) <= 0.051)
    }

    @Test func equalAspectKeepsOneUnitAsLongInXAsInY() throws {
        let plot = Plot.screenPath(series: [Series("path", points: [SIMD2(0, 0), SIMD2(400, 50)], style: .points)])
        let chart = SVGChart(plot, description: "path")
        let (xs, ys) = try chart.spans()
        let frame = chart.frame
        let xPerPixel = (xs.upperBound - xs.lowerBound) / frame.width
        let yPerPixel = (ys.upperBound - ys.lowerBound) / frame.height
        #expect(abs(xPerPixel - yPerPixel) <= 1e-12 * xPerPixel)
        // y grows downward on a screen path: the point (0, 0) is above (400, 50).
        let a = try #require(try chart.position(x: 0, y: 0)), b = try #require(try chart.position(x: 400, y: 50))
        #expect(a.y < b.y && a.x < b.x)
        let root = try #require(parsed(try chart.render()))
        let points = dots(try #require(elements(root, "//*[local-name()='g'][@class='series']").first))
        let want = try #require(Self.expected(root, x: 400, y: 50, yReversed: true))
        #expect(abs(points[1].0 - want.0) <= 0.051 && abs(points[1].1 - want.1) <= 0.051)
    }

    @Test func pointValuesTakeViridisAndNonFiniteIsGrey() throws {
        let plot = Plot(series: [Series("frames", x: [0, 1, 2, 3], y: [1, 2, 3, 4], style: .points)])
        let chart = SVGChart(plot, description: "d", pointValues: [0: [10, 20, .nan, 30]], pointValueLabel: "speed (pt/s)")
        let root = try #require(parsed(try chart.render()))
        // Every sample in order in the outline path; each in the path of its colour (a value
        // not finite: grey, class `na`).
        let series = try #require(elements(root, "//*[local-name()='g'][@class='series']").first)
        let all = dots(series)
        #expect(all.count == 4)
        let coloured = elements(series, "./*[local-name()='path'][starts-with(@class,'vpts')][not(@class='vpts-ring')]")
        func colour(of point: (Double, Double)) -> String? {
            coloured.first { path in dotPoints(attribute(path, "d") ?? "").contains { $0 == point } }
                .map { attribute($0, "stroke") ?? attribute($0, "class") ?? "" }
        }
        #expect(all.map(colour) == ["#440154", "#21908d", "vpts na", "#fde725"])
    }

    /// matplotlib's viridis at 0, 0.5 and 1 (`_viridis_data` rows 0, 128 and 255 round to these).
    @Test func viridisEndsAndMiddle() {
        #expect(SVGPalette.viridis(at: 0) == "#440154")
        #expect(SVGPalette.viridis(at: 0.5) == "#21908d")
        #expect(SVGPalette.viridis(at: 1) == "#fde725")
        #expect(SVGPalette.viridis(at: -3) == "#440154" && SVGPalette.viridis(at: .nan) == "#440154")
    }

    @Test func logAxisAndCategoriesAndGaps() throws {
        var plot = Plot(series: [Series("x", x: [1, 10, .nan, 1000], y: [0, 1, 1, 2], style: .lineAndPoints)])
        plot.xAxis.scale = .logarithmic
        let chart = SVGChart(plot, description: "d", yCategories: ["one", "two", "three"])
        let root = try #require(parsed(try chart.render()))
        let line = try #require(elements(root, "//*[local-name()='g'][@class='series']/*[local-name()='path']").first)
        // The gap starts a new subpath.
        #expect((attribute(line, "d") ?? "").filter { $0 == "M" }.count == 2)
        let labels = elements(root, "//*[local-name()='text'][contains(@class,'tick y')]").compactMap(\.stringValue)
        #expect(labels == ["one", "two", "three"])
        let xLabels = elements(root, "//*[local-name()='text'][contains(@class,'tick x')]").compactMap(\.stringValue)
        #expect(xLabels.contains("10") && xLabels.contains("1000"))
    }

    @Test func refusesWhatTheTerminalRendererRefuses() {
        let plot = Plot(series: [Series("bad", x: [0, 1], y: [0])])
        #expect(throws: PlotError.self) { try SVGChart(plot, description: "d").render() }
    }

    /// The spans are the terminal renderer's: a fixed range is kept, the data extent otherwise.
    @Test func spansAreThePlotModels() throws {
        var plot = Plot(series: [Series("s", x: [2, 4], y: [-1, 3])])
        #expect(try plot.dataSpans().x == 2...4)
        #expect(try plot.dataSpans().y == -1...3)
        plot.yAxis.range = 0...10
        #expect(try SVGChart(plot, description: "d").spans().y == 0...10)
    }
}
