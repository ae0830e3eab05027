import TerminalPlot

/// Writes one chart's SVG text, element by element, in a fixed order (deterministic output).
struct SVGWriter {
    let chart: SVGChart
    let map: Mapping
    var out = ""

    init(chart: SVGChart, map: Mapping) {
        self.chart = chart
        self.map = map
        out.reserveCapacity(4096 + 64 * chart.plot.series.reduce(0) { $0 + $1.x.count })
    }

    /// A legend entry: how its sample is drawn, and its text.
    enum Sample { case line(Int), dot(Int), lineAndDot(Int), scale, mark, muted, band }

    /// Approximate width of `text` at 12 px, for laying out the legend (no font metrics here).
    static func textWidth(_ text: String) -> Double { 6.8 * Double(text.count) }

    mutating func document() -> String {
        let plot = chart.plot
        let id = chart.identifier
        // Legend: one entry per series, the colour scale, and marks that have no place.
        var entries: [(Sample, String)] = chart.bands.map { (.band, $0.name) }
        for (index, series) in plot.series.enumerated() {
            let colour = index % SVGPalette.series.count
            if chart.pointValues[index] != nil { continue }
            if chart.mutedSeries.contains(index), series.style == .line {
                entries.append((.muted, series.name))
                continue
            }
            switch series.style {
            case .line: entries.append((.line(colour), series.name))
            case .points: entries.append((.dot(colour), series.name))
            case .lineAndPoints: entries.append((.lineAndDot(colour), series.name))
            }
        }
        let valued = chart.pointValues.keys.sorted().compactMap { key -> (Int, [Double])? in
            guard plot.series.indices.contains(key), let values = chart.pointValues[key] else { return nil }
            return (key, values)
        }
        let finiteValues = valued.flatMap(\.1).filter(\.isFinite)
        let valueRange = (finiteValues.min() ?? 0, finiteValues.max() ?? 1)
        if !valued.isEmpty {
            let names = valued.map { plot.series[$0.0].name }.joined(separator: ", ")
            entries.append((.scale, "\(names): colour = \(chart.pointValueLabel ?? "value") \(Self.legendNumber(valueRange.0)) → \(Self.legendNumber(valueRange.1))"))
        }
        var placed: [(SIMD2<Double>, Annotation)] = []
        for annotation in plot.annotations {
            if let p = map.position(annotation.x, annotation.y), map.contains(p) {
                placed.append((p, annotation))
            } else {
                entries.append((.mark, "off the plot: \(annotation.label)"))
            }
        }
        var rows: [[(Sample, String)]] = [[]]
        var rowWidth = 0.0
        let available = chart.width - chart.leftMargin - SVGChart.margin.right
        for entry in entries {
            let w = 34 + Self.textWidth(entry.1) + 18
            if rowWidth + w > available, !rows[rows.count - 1].isEmpty {
                rows.append([])
                rowWidth = 0
            }
            rows[rows.count - 1].append(entry)
            rowWidth += w
        }
        if rows.last?.isEmpty == true { rows.removeLast() }
        let legendTop = chart.height
        let total = chart.height + Double(rows.count) * 18 + (rows.isEmpty ? 0 : 6)

        let size = "\(Self.number(chart.width)) \(Self.number(total))"
        out += "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"fl\" viewBox=\"0 0 \(size)\" width=\"\(Self.number(chart.width))\" height=\"\(Self.number(total))\" role=\"img\" aria-labelledby=\"\(id)-title \(id)-desc\">\n"
        out += "<title id=\"\(id)-title\">\(Self.escaped(plot.title ?? chart.description))</title>\n"
        out += "<desc id=\"\(id)-desc\">\(Self.escaped(chart.description))</desc>\n"
        if chart.embedsStyle { out += "<style>\n\(SVGPalette.stylesheet)\n</style>\n" }
        if !valued.isEmpty {
            out += "<defs><linearGradient id=\"\(id)-scale\" x1=\"0\" x2=\"1\" y1=\"0\" y2=\"0\">"
            for stop in 0...8 { out += "<stop offset=\"\(Self.number(Double(stop) / 8))\" stop-color=\"\(SVGPalette.viridis(at: Double(stop) / 8))\"/>" }
            out += "</linearGradient></defs>\n"
        }
        out += "<rect class=\"bg\" x=\"0\" y=\"0\" width=\"\(Self.number(chart.width))\" height=\"\(Self.number(total))\"/>\n"
        if let title = plot.title {
            out += "<text class=\"title\" x=\"\(Self.number(chart.leftMargin))\" y=\"20\">\(Self.escaped(title))</text>\n"
        }
        axes()
        let area = map.area
        out += "<clipPath id=\"\(id)-clip\"><rect x=\"\(Self.number(area.x))\" y=\"\(Self.number(area.y))\" width=\"\(Self.number(area.width))\" height=\"\(Self.number(area.height))\"/></clipPath>\n"
        out += "<g class=\"data\" clip-path=\"url(#\(id)-clip)\" data-x-span=\"\(map.x.lowerBound) \(map.x.upperBound)\" data-y-span=\"\(map.y.lowerBound) \(map.y.upperBound)\">\n"
        for band in chart.bands { self.band(band) }
        // Muted series (context: a scene before a fix) first, so the data draws over them.
        let order = plot.series.indices.filter { chart.mutedSeries.contains($0) } + plot.series.indices.filter { !chart.mutedSeries.contains($0) }
        for index in order {
            let series = plot.series[index]
            let colour = index % SVGPalette.series.count
            out += "<g class=\"series\" data-series=\"\(Self.escaped(series.name))\">"
            if series.style != .points {
                line(series, colour: colour, width: chart.lineWidths[index], muted: chart.mutedSeries.contains(index))
            }
            if series.style != .line {
                dots(series, colour: colour, values: chart.pointValues[index], range: valueRange)
            }
            out += "</g>\n"
        }
        out += "</g>\n"
        if !placed.isEmpty {
            out += "<g class=\"marks\">\n"
            // Labels never overlap one another: a label that would is moved down a line at a
            // time (marks at one frame, a speed jump and a turn, stack).
            var taken: [(x: ClosedRange<Double>, y: Double)] = []
            for (p, annotation) in placed {
                let label = Self.escaped(annotation.label)
                let x = Self.number(p.x), y = Self.number(p.y)
                out += "<g class=\"mark-at\" data-x=\"\(x)\" data-y=\"\(y)\"><title>\(label)</title>"
                out += "<path class=\"mark\" d=\"M\(x) \(Self.number(p.y - 6))L\(Self.number(p.x + 6)) \(y)L\(x) \(Self.number(p.y + 6))L\(Self.number(p.x - 6)) \(y)Z\"/>"
                // The label on the side with more room.
                let right = p.x < area.x + area.width * 0.6
                let lx = right ? p.x + 9 : p.x - 9
                let span = Self.textWidth(annotation.label) * 0.95
                let columns = right ? lx...(lx + span) : (lx - span)...lx
                var ly = p.y - 8
                while taken.contains(where: { $0.x.overlaps(columns) && abs($0.y - ly) < 13 }) { ly += 13 }
                taken.append((columns, ly))
                out += "<text class=\"marklabel\" x=\"\(Self.number(lx))\" y=\"\(Self.number(ly))\"\(right ? "" : " text-anchor=\"end\"")>\(label)</text></g>\n"
            }
            out += "</g>\n"
        }
        if !rows.isEmpty {
            out += "<g class=\"legend\">\n"
            for (r, row) in rows.enumerated() {
                var x = chart.leftMargin
                let y = legendTop + Double(r) * 18 + 12
                for (sample, text) in row {
                    legendSample(sample, x: x, y: y - 4)
                    out += "<text x=\"\(Self.number(x + 34))\" y=\"\(Self.number(y))\">\(Self.escaped(text))</text>\n"
                    x += 34 + Self.textWidth(text) + 18
                }
            }
            out += "</g>\n"
        }
        out += "</svg>\n"
        return out
    }

    mutating func legendSample(_ sample: Sample, x: Double, y: Double) {
        let a = Self.number(x), b = Self.number(x + 28), m = Self.number(x + 14), yy = Self.number(y)
        switch sample {
        case .line(let c):
            out += "<path class=\"line s\(c)\" d=\"M\(a) \(yy)H\(b)\"/>"
        case .dot(let c):
            out += "<circle class=\"dot f\(c)\" cx=\"\(m)\" cy=\"\(yy)\" r=\"3.2\"/>"
        case .lineAndDot(let c):
            out += "<path class=\"line s\(c)\" d=\"M\(a) \(yy)H\(b)\"/><circle class=\"dot f\(c)\" cx=\"\(m)\" cy=\"\(yy)\" r=\"3\"/>"
        case .scale:
            out += "<rect x=\"\(a)\" y=\"\(Self.number(y - 5))\" width=\"28\" height=\"10\" fill=\"url(#\(chart.identifier)-scale)\"/>"
        case .mark:
            out += "<path class=\"mark\" d=\"M\(m) \(Self.number(y - 5))l5 5l-5 5l-5 -5Z\"/>"
        case .band:
            out += "<rect class=\"band\" x=\"\(a)\" y=\"\(Self.number(y - 5))\" width=\"28\" height=\"10\"/>"
        case .muted:
            out += "<path class=\"line muted\" d=\"M\(a) \(yy)H\(b)\"/>"
        }
    }

    /// The axes on the data area's left and bottom, grid lines and tick labels, axis labels.
    mutating func axes() {
        let plot = chart.plot
        let area = map.area
        let left = Self.number(area.x), right = Self.number(area.x + area.width)
        let top = Self.number(area.y), bottom = Self.number(area.y + area.height)
        out += "<g class=\"axes\">\n"
        let xTicks = plot.xAxis.ticks(in: map.x, maxCount: max(2, Int(area.width / 80)))
        // Every grid line in one path (one node, not one per tick: a page holds 200 charts).
        var grid = "", labels = ""
        for tick in xTicks {
            let x = Self.number(map.column(coordinate: tick.coordinate))
            grid += "M\(x) \(top)V\(bottom)"
            labels += "<text class=\"tick x\" x=\"\(x)\" y=\"\(Self.number(area.y + area.height + 16))\" text-anchor=\"middle\">\(Self.escaped(tick.label))</text>\n"
        }
        if let names = chart.yCategories, plot.yAxis.range == nil {
            for (index, name) in names.enumerated() {
                let y = Self.number(map.row(coordinate: Double(index)))
                grid += "M\(left) \(y)H\(right)"
                labels += "<text class=\"tick y\" x=\"\(Self.number(area.x - 6))\" y=\"\(y)\" dy=\"4\" text-anchor=\"end\">\(Self.escaped(name))</text>\n"
            }
        } else {
            let yTicks = plot.yAxis.ticks(in: map.y, maxCount: max(2, Int(area.height / 40)))
            for tick in yTicks {
                let y = Self.number(map.row(coordinate: tick.coordinate))
                grid += "M\(left) \(y)H\(right)"
                labels += "<text class=\"tick y\" x=\"\(Self.number(area.x - 6))\" y=\"\(y)\" dy=\"4\" text-anchor=\"end\">\(Self.escaped(tick.label))</text>\n"
            }
        }
        if !grid.isEmpty { out += "<path class=\"grid\" d=\"\(grid)\"/>\n" }
        out += labels
        out += "<rect class=\"axis frame\" x=\"\(left)\" y=\"\(top)\" width=\"\(Self.number(area.width))\" height=\"\(Self.number(area.height))\"/>\n"
        if let label = plot.xAxis.label {
            out += "<text class=\"label x\" x=\"\(Self.number(area.x + area.width / 2))\" y=\"\(Self.number(area.y + area.height + 38))\" text-anchor=\"middle\">\(Self.escaped(label))</text>\n"
        }
        if let label = plot.yAxis.label {
            let cx = Self.number(16), cy = Self.number(area.y + area.height / 2)
            out += "<text class=\"label y\" x=\"\(cx)\" y=\"\(cy)\" text-anchor=\"middle\" transform=\"rotate(-90 \(cx) \(cy))\">\(Self.escaped(label))</text>\n"
        }
        out += "</g>\n"
    }

    /// A path through the finite samples, broken (a new `M`) at each gap.
    mutating func line(_ series: Series, colour: Int, width: Double?, muted: Bool = false) {
        var d = ""
        var pen = false
        for k in series.x.indices {
            guard let p = map.position(series.x[k], series.y[k]) else {
                pen = false
                continue
            }
            d += (pen ? "L" : "M") + Self.coordinate(p.x) + " " + Self.coordinate(p.y)
            pen = true
        }
        guard !d.isEmpty else { return }
        if muted {
            out += "<path class=\"line muted\" d=\"\(d)\"/>"
        } else if let width {
            out += "<path class=\"line s\(colour)\" style=\"stroke-dasharray:none;stroke-width:\(Self.number(width))px;stroke-linecap:butt\" d=\"\(d)\"/>"
        } else {
            out += "<path class=\"line s\(colour)\" d=\"\(d)\"/>"
        }
    }

    /// A band as one filled path: each run of finite samples up its high side and back down its
    /// low side, closed.
    mutating func band(_ band: SVGChart.Band) {
        var d = ""
        var run: [(SIMD2<Double>, SIMD2<Double>)] = []
        func close() {
            guard run.count >= 2 else { run = []; return }
            for (k, pair) in run.enumerated() { d += (k == 0 ? "M" : "L") + Self.coordinate(pair.0.x) + " " + Self.coordinate(pair.0.y) }
            for pair in run.reversed() { d += "L" + Self.coordinate(pair.1.x) + " " + Self.coordinate(pair.1.y) }
            d += "Z"
            run = []
        }
        for k in band.x.indices {
            guard let high = map.position(band.x[k], band.high[k]), let low = map.position(band.x[k], band.low[k]) else {
                close()
                continue
            }
            run.append((high, low))
        }
        close()
        guard !d.isEmpty else { return }
        out += "<g class=\"band-range\" data-band=\"\(Self.escaped(band.name))\"><path class=\"band\" d=\"\(d)\"/></g>\n"
    }

    /// The placed samples as dots drawn by round line caps: one `<path>` per colour instead of
    /// one `<circle>` per sample (a page of 100 scenes holds tens of thousands of samples; each
    /// element costs the browser a node to build, style and lay out). A plain series is one
    /// `pts` path in its colour, in sample order. A series with values is a `vpts-ring` path of
    /// every sample in order (the outline in the text colour), then one `vpts` path per colour:
    /// the viridis colour of the value rounded to 1/32 of the scale (`viridisBins`), grey (`na`)
    /// for a value that is not finite.
    mutating func dots(_ series: Series, colour: Int, values: [Double]?, range: (Double, Double)) {
        let span = range.1 - range.0
        var all = ""
        var bins: [Int: String] = [:]
        for k in series.x.indices {
            guard let p = map.position(series.x[k], series.y[k]), map.contains(p) else { continue }
            let dot = "M" + Self.coordinate(p.x) + " " + Self.coordinate(p.y) + "h0"
            all += dot
            if let values {
                let value = values.indices.contains(k) ? values[k] : .nan
                let bin = value.isFinite ? Int(((span > 0 ? (value - range.0) / span : 0.5) * Double(Self.viridisBins)).rounded()) : -1
                bins[bin, default: ""] += dot
            }
        }
        guard !all.isEmpty else { return }
        guard values != nil else {
            out += "<path class=\"pts s\(colour)\" d=\"\(all)\"/>"
            return
        }
        out += "<path class=\"vpts-ring\" d=\"\(all)\"/>"
        for bin in bins.keys.sorted() {
            if bin < 0 {
                out += "<path class=\"vpts na\" d=\"\(bins[bin]!)\"/>"
            } else {
                let fill = SVGPalette.viridis(at: Double(min(max(bin, 0), Self.viridisBins)) / Double(Self.viridisBins))
                out += "<path class=\"vpts\" stroke=\"\(fill)\" d=\"\(bins[bin]!)\"/>"
            }
        }
    }

    /// The steps a value per dot is rounded to on the viridis scale: 32, finer than the eye
    /// tells apart on a dot 5 px wide.
    static let viridisBins = 32

    /// A px coordinate with at most two decimals, no trailing zeros (`12.5`, `300`, `-0.25`):
    /// a hundredth of a pixel is below any display's resolution, and it keeps files small.
    static func number(_ value: Double) -> String {
        guard value.isFinite else { return "0" }
        let clamped = min(1e7, max(-1e7, value))
        let hundredths = Int((clamped * 100).rounded())
        let sign = hundredths < 0 ? "-" : ""
        let magnitude = hundredths.magnitude
        let whole = magnitude / 100, fraction = magnitude % 100
        if fraction == 0 { return sign + String(whole) }
        if fraction % 10 == 0 { return sign + String(whole) + "." + String(fraction / 10) }
        return sign + String(whole) + "." + (fraction < 10 ? "0" : "") + String(fraction)
    }

    /// A data point's px coordinate to a tenth of a pixel (`123.4`): finer than any display
    /// shows, and the bulk of a chart's bytes (a 100-layer report stays well under 10 MB).
    static func coordinate(_ value: Double) -> String {
        guard value.isFinite else { return "0" }
        let tenths = Int((min(1e7, max(-1e7, value)) * 10).rounded())
        let magnitude = tenths.magnitude
        let text = magnitude % 10 == 0 ? String(magnitude / 10) : String(magnitude / 10) + "." + String(magnitude % 10)
        return (tenths < 0 ? "-" : "") + text
    }

    /// A value for the legend: whole above 100, else at most two decimals.
    static func legendNumber(_ value: Double) -> String {
        abs(value) >= 100 ? number(value.rounded()) : number(value)
    }

    /// Text for XML character data and attribute values.
    static func escaped(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&apos;"
            // XML 1.0 allows no C0 control but tab, newline and carriage return.
            case _ where scalar.value < 0x20 && scalar != "\t" && scalar != "\n" && scalar != "\r": result += "\u{FFFD}"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
