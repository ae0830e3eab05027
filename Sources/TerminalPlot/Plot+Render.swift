#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension Plot {
    /// Draws the plot.
    ///
    /// The result has at most `height` lines of at most `width` terminal columns, joined by
    /// `"\n"` with no newline at the end (so `print` adds exactly one), no trailing spaces,
    /// no form feed or other control character, and no escape code unless `usesColor`.
    ///
    /// - Throws: ``PlotError`` for an invalid size, range, glyph or series, or a size too
    ///   small for the legend and labels this plot needs.
    /// - Complexity: O(*n* + `width` × `height`) for *n* samples in all; drawing allocates
    ///   nothing per sample.
    public func render() throws(PlotError) -> String {
        try validate()
        let renderer = try Renderer(plot: self)
        let text = try renderer.render()
        // The ASCII canvas promises ASCII output: labels, titles and legends too.
        return canvas == .ascii ? Text.asciiFolded(text) : text
    }
}

/// How one series looks: its glyphs, dash texture and colour.
struct SeriesLook {
    var marker: Character
    var lineGlyph: UInt8
    var pattern: UInt8
    /// SGR colour, 0 when the plot is not coloured.
    var color: UInt8
}

/// A legend line: a sample of the series' look, then its name.
struct LegendEntry {
    var sample: String
    var sampleColumns: Int
    var color: UInt8
    var text: String
    var isOverlapKey = false

    var columns: Int { sampleColumns + 1 + Text.columns(of: text) }
}

/// Where everything goes, for one size.
struct Layout {
    var gutter: Int
    var plotWidth: Int
    var plotHeight: Int
    var legendRight: Bool
    var legendWidth: Int
    var xMapping: AxisMapping
    var yMapping: AxisMapping
    var xTicks: [(column: Int, start: Int, label: String)]
    var yTicks: [(row: Int, label: String)]
    var dataStart: Int { gutter + 2 }
}

struct Renderer {
    let plot: Plot
    let braille: Bool
    let looks: [SeriesLook]
    /// Axis coordinates (values, or their log10) that the data spans.
    let xSpan: (lower: Double, upper: Double)
    let ySpan: (lower: Double, upper: Double)
    let axes: Glyphs.Axes

    init(plot: Plot) throws(PlotError) {
        self.plot = plot
        braille = plot.canvas == .braille
        axes = braille ? Glyphs.unicodeAxes : Glyphs.asciiAxes
        // Glyphs and textures go by rank among the series that use them, so the first line
        // is solid and the first marker is `•`/`o` whatever the order of styles.
        var looks: [SeriesLook] = []
        var lineRank = 0
        var markerRank = 0
        let markers = braille ? Glyphs.brailleMarkers : Glyphs.asciiMarkers
        for (index, series) in plot.series.enumerated() {
            let color = series.color ?? Glyphs.palette[index % Glyphs.palette.count]
            looks.append(
                SeriesLook(
                    marker: series.marker ?? markers[markerRank % markers.count],
                    lineGlyph: Glyphs.asciiLines[lineRank % Glyphs.asciiLines.count],
                    pattern: plot.usesColor ? 0xFF : Glyphs.dashPatterns[lineRank % Glyphs.dashPatterns.count],
                    color: plot.usesColor ? color.sgr : 0))
            if series.style.drawsLine { lineRank += 1 }
            if series.style.drawsPoints { markerRank += 1 }
        }
        self.looks = looks
        xSpan = try Renderer.span(
            axis: plot.xAxis, name: "x", series: plot.series.map(\.x), extra: plot.annotations.map(\.x))
        ySpan = try Renderer.span(
            axis: plot.yAxis, name: "y", series: plot.series.map(\.y), extra: plot.annotations.map(\.y))
    }

    /// The coordinate range of an axis: its fixed range, else the extent of the finite (and,
    /// on a log axis, positive) values; [0, 1] without any; widened when all are equal
    /// (±10 % of the value, ±1 around 0, ±½ decade on a log axis).
    ///
    /// - Complexity: O(*n*).
    static func span(axis: Axis, name: String, series: [[Double]], extra: [Double]) throws(PlotError) -> (lower: Double, upper: Double) {
        let isLog = axis.scale == .logarithmic
        if let range = axis.range {
            return isLog ? (log10(range.lowerBound), log10(range.upperBound)) : (range.lowerBound, range.upperBound)
        }
        var lower = Double.infinity
        var upper = -Double.infinity
        func include(_ value: Double) {
            guard value.isFinite, !isLog || value > 0 else { return }
            if value < lower { lower = value }
            if value > upper { upper = value }
        }
        for values in series { for value in values { include(value) } }
        for value in extra { include(value) }
        guard lower <= upper else { return (0, 1) }
        if !(upper - lower).isFinite { throw .rangeOverflow(axis: name, lower: lower, upper: upper) }
        if isLog {
            let (a, b) = (log10(lower), log10(upper))
            return a == b ? (a - 0.5, b + 0.5) : (a, b)
        }
        // A span too narrow to scale (equal ends, a subnormal width whose reciprocal overflows,
        // or one lost in the values' rounding) is widened like a single value, so the dots-per-
        // unit scale stays finite and no coordinate becomes NaN.
        let magnitude = max(abs(lower), abs(upper))
        if lower == upper || !(1 / (upper - lower)).isFinite || upper - lower <= magnitude * 1e-13 {
            let pad = magnitude == 0 || !(1 / magnitude).isFinite ? 1 : magnitude * 0.1
            let middle = lower + (upper - lower) / 2
            return (middle - pad, middle + pad)
        }
        return (lower, upper)
    }

    // MARK: Legend

    /// One entry per series (and the key of the mixed glyph where one can appear), each at
    /// most `textLimit` columns wide.
    func seriesEntries(textLimit: Int) -> [LegendEntry] {
        var entries: [LegendEntry] = []
        for (index, series) in plot.series.enumerated() {
            let look = looks[index]
            let sample: String
            switch (series.style, braille) {
            case (.line, true): sample = brailleSample(pattern: look.pattern, cells: 4)
            case (.line, false): sample = String(repeating: Character(Unicode.Scalar(look.lineGlyph)), count: 3)
            case (.points, _): sample = String(look.marker)
            case (.lineAndPoints, true):
                let line = brailleSample(pattern: look.pattern, cells: 2)
                sample = String(line.first!) + String(look.marker) + String(line.last!)
            case (.lineAndPoints, false):
                let line = String(Character(Unicode.Scalar(look.lineGlyph)))
                sample = line + String(look.marker) + line
            }
            entries.append(
                LegendEntry(
                    sample: sample, sampleColumns: sample.count, color: look.color,
                    text: Text.fitted(series.name, columns: textLimit - sample.count - 1, ascii: !braille)))
        }
        // Only where one glyph must stand for several series: markers of different series,
        // or any two series on the ASCII canvas.
        let markerSeries = plot.series.filter { $0.style.drawsPoints }.count
        if plot.series.count >= 2 && (!braille || markerSeries >= 2) {
            entries.append(
                LegendEntry(
                    sample: "#", sampleColumns: 1, color: plot.usesColor ? Glyphs.bold : 0,
                    text: Text.fitted("several series", columns: textLimit - 2, ascii: !braille), isOverlapKey: true))
        }
        return entries
    }

    /// A horizontal line through the middle dots with the series' dash texture, so the
    /// legend shows the texture the data area uses.
    func brailleSample(pattern: UInt8, cells: Int) -> String {
        var scalars = String.UnicodeScalarView()
        for cell in 0..<cells {
            var bits: UInt32 = 0
            if (pattern >> UInt8((2 * cell) & 7)) & 1 != 0 { bits |= 0x02 }
            if (pattern >> UInt8((2 * cell + 1) & 7)) & 1 != 0 { bits |= 0x10 }
            scalars.append(Unicode.Scalar(0x2800 + bits)!)
        }
        return String(scalars)
    }

    /// `true` when an annotation cannot appear in the data area whatever the layout: a
    /// coordinate without a position, or outside a fixed axis range.
    func isOffPlot(_ annotation: Annotation) -> Bool {
        func outside(_ value: Double, _ axis: Axis) -> Bool {
            guard value.isFinite, axis.scale == .linear || value > 0 else { return true }
            return axis.range.map { !$0.contains(value) } ?? false
        }
        return outside(annotation.x, plot.xAxis) || outside(annotation.y, plot.yAxis)
    }

    /// Legend entries for annotations whose label did not fit beside them: key, then label.
    func footnoteEntries(_ footnoted: [Int], textLimit: Int) -> [LegendEntry] {
        footnoted.enumerated().map { rank, index in
            let key = rank < Glyphs.keys.count ? Glyphs.keys[rank] : "?"
            let outside = isOffPlot(plot.annotations[index]) ? " (off plot)" : ""
            return LegendEntry(
                sample: String(key), sampleColumns: 1, color: plot.usesColor ? Glyphs.bold : 0,
                text: Text.fitted(plot.annotations[index].label + outside, columns: textLimit - 2, ascii: !braille))
        }
    }

    /// Greedy flow of entries into rows of at most `width` columns, 3 spaces apart
    /// (greedy filling uses the fewest rows for items kept in order).
    static func flow(_ entries: [LegendEntry], width: Int) -> [[Int]] {
        var rows: [[Int]] = []
        var current: [Int] = []
        var used = 0
        for (index, entry) in entries.enumerated() {
            let needed = current.isEmpty ? entry.columns : used + 3 + entry.columns
            if needed > width && !current.isEmpty {
                rows.append(current)
                current = [index]
                used = entry.columns
            } else {
                current.append(index)
                used = needed
            }
        }
        if !current.isEmpty { rows.append(current) }
        return rows
    }

    // MARK: Layout

    var fixedRows: Int {
        (plot.title != nil ? 1 : 0) + (plot.yAxis.label != nil ? 1 : 0) + 2 + (plot.xAxis.label != nil ? 1 : 0)
    }

    static let minimumPlotWidth = 8
    static let minimumPlotHeight = 2

    /// - Complexity: O(`width` + `height`) per tick candidate.
    func layout(entries: [LegendEntry]) throws(PlotError) -> Layout {
        var right = plot.legendPlacement == .right && !entries.isEmpty
        while true {
            let legendWidth = right ? min(entries.map(\.columns).max() ?? 0, max(12, plot.width / 3)) : 0
            let reserved = right ? legendWidth + 2 : 0
            let belowRows = right ? 0 : Renderer.flow(entries, width: plot.width).count
            let plotHeight = plot.height - fixedRows - belowRows
            if plotHeight < Renderer.minimumPlotHeight {
                throw .sizeTooSmall(
                    dimension: "height", value: plot.height,
                    needed: fixedRows + belowRows + Renderer.minimumPlotHeight,
                    reason: "\(Renderer.minimumPlotHeight) data rows, \(fixedRows) rows of title and axes, \(belowRows) of legend")
            }
            if right && entries.count > plotHeight {
                right = false
                continue
            }
            var gutter = 1
            var attempt = 0
            while true {
                let plotWidth = plot.width - gutter - 2 - reserved
                if plotWidth < Renderer.minimumPlotWidth {
                    if right {
                        right = false
                        break
                    }
                    throw .sizeTooSmall(
                        dimension: "width", value: plot.width, needed: gutter + 2 + Renderer.minimumPlotWidth,
                        reason: "\(Renderer.minimumPlotWidth) data columns and \(gutter + 2) for the y tick labels")
                }
                let (xMapping, yMapping, xRange, yRange) = mappings(plotWidth: plotWidth, plotHeight: plotHeight)
                var yTicks = self.yTicks(range: yRange, mapping: yMapping, plotHeight: plotHeight)
                let needed = max(1, yTicks.map { $0.label.count }.max() ?? 1)
                attempt += 1
                if needed > gutter && attempt < 6 {
                    gutter = needed
                    continue
                }
                // Equal aspect could keep widening the labels; never let one cross the width.
                yTicks = yTicks.filter { $0.label.count <= gutter }
                let xTicks = self.xTicks(
                    range: xRange, mapping: xMapping, plotWidth: plotWidth, dataStart: gutter + 2)
                return Layout(
                    gutter: gutter, plotWidth: plotWidth, plotHeight: plotHeight, legendRight: right,
                    legendWidth: legendWidth, xMapping: xMapping, yMapping: yMapping, xTicks: xTicks, yTicks: yTicks)
            }
        }
    }

    /// Dot mappings for a data area, widening one range for equal aspect.
    ///
    /// Equal aspect: a dot is `1/dotsAcross` cells wide and `cellAspectRatio/dotsDown` cells
    /// tall (braille: ½ × ½ of a cell width, square on a 2:1 font), so one coordinate unit
    /// spans `s` physical units on both axes with `s = min(Wx/Δx, Wy/Δy)`, `W` the physical
    /// extent of each axis; the other range grows to `W/s`, centred on the data.
    func mappings(plotWidth: Int, plotHeight: Int) -> (AxisMapping, AxisMapping, (Double, Double), (Double, Double)) {
        let shiftX = braille ? 1 : 0
        let shiftY = braille ? 2 : 0
        let dotsAcross = Double((plotWidth << shiftX) - 1)
        let dotsDown = Double((plotHeight << shiftY) - 1)
        var (xLower, xUpper) = xSpan
        var (yLower, yUpper) = ySpan
        if plot.aspect == .equal {
            let extentX = dotsAcross / Double(1 << shiftX)
            let extentY = dotsDown * plot.cellAspectRatio / Double(1 << shiftY)
            let scale = min(extentX / (xUpper - xLower), extentY / (yUpper - yLower))
            let xMiddle = xLower / 2 + xUpper / 2
            let yMiddle = yLower / 2 + yUpper / 2
            (xLower, xUpper) = (xMiddle - extentX / scale / 2, xMiddle + extentX / scale / 2)
            (yLower, yUpper) = (yMiddle - extentY / scale / 2, yMiddle + extentY / scale / 2)
        }
        let xScale = dotsAcross / (xUpper - xLower)
        let yScale = dotsDown / (yUpper - yLower)
        let xLog = plot.xAxis.scale == .logarithmic
        let yLog = plot.yAxis.scale == .logarithmic
        let xMapping =
            plot.xAxis.isReversed
            ? AxisMapping(isLogarithmic: xLog, origin: xUpper, scale: -xScale)
            : AxisMapping(isLogarithmic: xLog, origin: xLower, scale: xScale)
        // Dot row 0 is the top: a normal y axis has its upper end there.
        let yMapping =
            plot.yAxis.isReversed
            ? AxisMapping(isLogarithmic: yLog, origin: yLower, scale: yScale)
            : AxisMapping(isLogarithmic: yLog, origin: yUpper, scale: -yScale)
        return (xMapping, yMapping, (xLower, xUpper), (yLower, yUpper))
    }

    /// Ticks on rows at least two apart (one on tiny plots), so labels never touch.
    func yTicks(range: (Double, Double), mapping: AxisMapping, plotHeight: Int) -> [(row: Int, label: String)] {
        let shiftY = braille ? 2 : 0
        let gap = plotHeight >= 5 ? 2 : 1
        func rows(_ ticks: [Tick]) -> [Int] {
            ticks.map { min(max(Int(mapping.dot(coordinate: $0.coordinate).rounded()) >> shiftY, 0), plotHeight - 1) }
        }
        let ticks = Ticks.choose(
            lower: range.0, upper: range.1, isLogarithmic: plot.yAxis.scale == .logarithmic,
            maxCount: plotHeight / gap + 1
        ) { ticks in
            let sorted = rows(ticks).sorted()
            return zip(sorted, sorted.dropFirst()).allSatisfy { $1 - $0 >= gap }
        }
        return zip(rows(ticks), ticks.map(\.label)).map { (row: $0, label: $1) }
    }

    /// Ticks whose labels, centred under their columns and kept inside the width, stay at
    /// least two spaces apart.
    func xTicks(range: (Double, Double), mapping: AxisMapping, plotWidth: Int, dataStart: Int)
        -> [(column: Int, start: Int, label: String)]
    {
        let shiftX = braille ? 1 : 0
        func placed(_ ticks: [Tick]) -> [(column: Int, start: Int, label: String)]? {
            var result = ticks.map { tick -> (column: Int, start: Int, label: String) in
                let column = min(max(Int(mapping.dot(coordinate: tick.coordinate).rounded()) >> shiftX, 0), plotWidth - 1)
                let width = tick.label.count
                let start = min(max(dataStart + column - width / 2, 0), plot.width - width)
                return (column, start, tick.label)
            }
            result.sort { $0.start < $1.start }
            for (left, right) in zip(result, result.dropFirst())
            where left.start + left.label.count + 2 > right.start || left.column == right.column {
                return nil
            }
            return result.allSatisfy({ $0.start >= 0 }) ? result : nil
        }
        let ticks = Ticks.choose(
            lower: range.0, upper: range.1, isLogarithmic: plot.xAxis.scale == .logarithmic,
            maxCount: max(1, plotWidth / 2)
        ) { placed($0) != nil }
        return placed(ticks) ?? []
    }
}
