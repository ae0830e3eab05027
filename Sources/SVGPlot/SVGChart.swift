#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import TerminalPlot

/// A ``TerminalPlot/Plot`` drawn as SVG: the same description (series, axes, ticks,
/// annotations) the terminal renderer draws, in a second medium.
///
/// What SVG adds over the terminal: text stays text (`<text>`, searchable and read by screen
/// readers), every chart has a `<title>` and a `<desc>`, series take the Okabe–Ito colours
/// (see ``SVGPalette``) plus a dash texture so they survive colour blindness, grey-scale
/// printing and no colour at all, and a series can colour each point by a value (``pointValues``,
/// on the viridis scale). Light and dark follow `prefers-color-scheme`; print is always light.
///
/// ```swift
/// var plot = Plot(title: "speed")
/// plot.series = [Series("bee1", x: times, y: speeds)]
/// let svg = try SVGChart(plot, description: "bee1's frame speed at 60 Hz").render()
/// ```
///
/// The data area is `<rect class="frame">`; `<g class="data">` carries the spans it maps
/// (`data-x-span`, `data-y-span`, axis coordinates: log10 on a logarithmic axis), so a reader
/// of the SVG can map a value to its place with ``position(x:y:)``'s arithmetic.
public struct SVGChart: Sendable {
    /// The shared plot description. Its terminal size, canvas and colour switch are ignored.
    public var plot: Plot
    /// The chart's `<desc>`: what it shows, in a sentence or two.
    public var description: String
    /// Width and height of the data area's surroundings (the whole chart but the legend), px.
    public var width: Double
    public var height: Double
    /// Per series index, a value per point: each point is filled on the viridis scale between
    /// the finite values' extent (non-finite: grey). Series without an entry take their colour.
    public var pointValues: [Int: [Double]]
    /// The legend's name of ``pointValues``' scale, e.g. `speed (pt/s)`.
    public var pointValueLabel: String?
    /// Names for y = 0, 1, 2, …: the y ticks become these labels (a row per benchmark).
    public var yCategories: [String]?
    /// A prefix that makes this chart's element ids (title, desc, clip, gradient) unique in a
    /// page holding several charts.
    public var identifier: String
    /// Put ``SVGPalette/stylesheet`` inside the SVG (a standalone file); `false` when a page
    /// holding many charts carries it once.
    public var embedsStyle: Bool
    /// Per series index, a solid stroke of this many px (lanes of spans); series without an
    /// entry keep the stylesheet's thin line with their dash texture.
    public var lineWidths: [Int: Double] = [:]
    /// Room left of the data area for the y ticks and label, px (wider for long category names).
    public var leftMargin: Double = 72
    /// Series drawn as context, not data: a grey dashed line (`class="line muted"`), such as a
    /// scene before a fix beside the scene after it. Their points, if any, stay in colour.
    public var mutedSeries: Set<Int> = []
    /// Ranges drawn as shaded bands under the series (`class="band"`), each with a legend entry.
    public var bands: [Band] = []

    /// A shaded range: at each `x`, from `low` to `high` (a gap where either is not finite).
    public struct Band: Sendable {
        public var name: String
        public var x: [Double]
        public var low: [Double]
        public var high: [Double]

        public init(_ name: String, x: [Double], low: [Double], high: [Double]) {
            self.name = name
            self.x = x
            self.low = low
            self.high = high
        }
    }

    public init(
        _ plot: Plot, description: String, width: Double = 720, height: Double = 360, identifier: String = "chart",
        pointValues: [Int: [Double]] = [:], pointValueLabel: String? = nil, yCategories: [String]? = nil,
        embedsStyle: Bool = true
    ) {
        self.plot = plot
        self.description = description
        self.width = width
        self.height = height
        self.identifier = identifier
        self.pointValues = pointValues
        self.pointValueLabel = pointValueLabel
        self.yCategories = yCategories
        self.embedsStyle = embedsStyle
    }

    /// Space around the data area, px (the left one is ``leftMargin``): title top, x ticks and
    /// label below.
    static let margin = (right: 20.0, top: 34.0, bottom: 48.0)

    /// The data area: x, y, width, height in px.
    public var frame: (x: Double, y: Double, width: Double, height: Double) {
        let m = SVGChart.margin
        return (leftMargin, m.top, max(1, width - leftMargin - m.right), max(1, height - m.top - m.bottom))
    }

    /// The axis coordinate spans the data area maps: the plot's (see
    /// ``TerminalPlot/Plot/dataSpans()``), the smaller widened about its centre under
    /// ``TerminalPlot/Plot/Aspect/equal`` so one unit is as long in x as in y.
    public func spans() throws(PlotError) -> (x: ClosedRange<Double>, y: ClosedRange<Double>) {
        var (x, y) = try plot.dataSpans()
        if let names = yCategories, !names.isEmpty, plot.yAxis.range == nil {
            y = -0.5...(Double(names.count) - 0.5)
        }
        guard plot.aspect == .equal else { return (x, y) }
        let area = frame
        let xPerPixel = (x.upperBound - x.lowerBound) / area.width
        let yPerPixel = (y.upperBound - y.lowerBound) / area.height
        if xPerPixel > yPerPixel {
            let half = xPerPixel * area.height / 2, middle = (y.lowerBound + y.upperBound) / 2
            y = (middle - half)...(middle + half)
        } else if yPerPixel > xPerPixel {
            let half = yPerPixel * area.width / 2, middle = (x.lowerBound + x.upperBound) / 2
            x = (middle - half)...(middle + half)
        }
        return (x, y)
    }

    /// Where the data point (`x`, `y`) lands in the SVG, px; `nil` for a value without a place
    /// (non-finite, ≤ 0 on a log axis). Points outside the spans map outside the data area.
    public func position(x: Double, y: Double) throws(PlotError) -> SIMD2<Double>? {
        let (xs, ys) = try spans()
        return Mapping(chart: self, x: xs, y: ys).position(x, y)
    }

    /// The SVG document (no XML declaration: it is valid inline in HTML and as a file).
    ///
    /// - Throws: ``TerminalPlot/PlotError`` for what the terminal renderer would refuse
    ///   (mismatched lengths, a bad range, too many series or annotations).
    /// - Complexity: O(*n*) for *n* samples in all.
    public func render() throws(PlotError) -> String {
        for band in bands where band.x.count != band.low.count || band.x.count != band.high.count {
            throw PlotError.mismatchedLengths(series: band.name, xCount: band.x.count, yCount: min(band.low.count, band.high.count))
        }
        let (xs, ys) = try spans()
        let map = Mapping(chart: self, x: xs, y: ys)
        var writer = SVGWriter(chart: self, map: map)
        return writer.document()
    }
}

/// Axis coordinates to px.
struct Mapping {
    let area: (x: Double, y: Double, width: Double, height: Double)
    let x: ClosedRange<Double>
    let y: ClosedRange<Double>
    let xAxis: Axis
    let yAxis: Axis

    init(chart: SVGChart, x: ClosedRange<Double>, y: ClosedRange<Double>) {
        area = chart.frame
        self.x = x
        self.y = y
        xAxis = chart.plot.xAxis
        yAxis = chart.plot.yAxis
    }

    /// A value's axis coordinate: log10 on a log axis; nil without one.
    static func coordinate(_ value: Double, _ axis: Axis) -> Double? {
        guard value.isFinite else { return nil }
        if axis.scale == .logarithmic {
            guard value > 0 else { return nil }
            return log10(value)
        }
        return value
    }

    func column(coordinate c: Double) -> Double {
        let f = (c - x.lowerBound) / (x.upperBound - x.lowerBound)
        return area.x + (xAxis.isReversed ? 1 - f : f) * area.width
    }

    func row(coordinate c: Double) -> Double {
        let f = (c - y.lowerBound) / (y.upperBound - y.lowerBound)
        // Up is larger unless reversed (screen coordinates: y grows downward).
        return area.y + (yAxis.isReversed ? f : 1 - f) * area.height
    }

    func position(_ px: Double, _ py: Double) -> SIMD2<Double>? {
        guard let cx = Mapping.coordinate(px, xAxis), let cy = Mapping.coordinate(py, yAxis) else { return nil }
        let p = SIMD2(column(coordinate: cx), row(coordinate: cy))
        return p.x.isFinite && p.y.isFinite ? p : nil
    }

    /// Inside the data area, with half a pixel of slack for rounding.
    func contains(_ p: SIMD2<Double>) -> Bool {
        p.x >= area.x - 0.5 && p.x <= area.x + area.width + 0.5 && p.y >= area.y - 0.5 && p.y <= area.y + area.height + 0.5
    }
}

extension SVGChart {
    /// `text` escaped for XML and HTML character data and attribute values (`&`, `<`, `>`,
    /// quotes; C0 controls other than tab and line breaks, which XML forbids, become U+FFFD).
    public static func escaped(_ text: String) -> String { SVGWriter.escaped(text) }
}
