/// Annotation glyphs and inline labels, drawn over the data in their own layer.
struct Overlay {
    var scalars: [UInt32]
    var colors: [UInt8]
    /// Annotations whose label is listed with the legend, in order.
    var footnoted: [Int]
    /// The cell of every annotation, `nil` outside the data area.
    var cells: [Int?]
}

extension Renderer {
    /// Longer labels go to the legend: a long run of text inside the data area reads as data.
    static let maximumInlineLabel = 24

    /// Lays out, draws and composes; annotation labels that find no room inline move to the
    /// legend and the layout is redone with them there (at most once per annotation).
    func render() throws(PlotError) -> String {
        var forced: [Int] = []
        while true {
            // The same entries as composed below, so the rows reserved for them suffice.
            let provisional = seriesEntries(textLimit: plot.width) + footnoteEntries(forced, textLimit: plot.width)
            let layout = try self.layout(entries: provisional)
            let grid = draw(layout)
            let overlay = annotate(grid: grid, layout: layout, forced: forced)
            if overlay.footnoted == forced {
                let entryLimit = layout.legendRight ? layout.legendWidth : plot.width
                var entries = seriesEntries(textLimit: entryLimit) + footnoteEntries(forced, textLimit: entryLimit)
                if !showsMixedGlyph(grid: grid, overlay: overlay) {
                    entries.removeAll { $0.isOverlapKey }
                }
                return compose(layout: layout, grid: grid, overlay: overlay, entries: entries)
            }
            forced = Array(Set(forced).union(overlay.footnoted)).sorted()
        }
    }

    /// - Complexity: O(*n* + dots drawn).
    func draw(_ layout: Layout) -> DotGrid {
        var grid = DotGrid(columns: layout.plotWidth, rows: layout.plotHeight, braille: braille)
        for (index, series) in plot.series.enumerated() where series.style.drawsLine {
            grid.drawLine(
                x: series.x, y: series.y, xMapping: layout.xMapping, yMapping: layout.yMapping,
                series: index, pattern: braille ? looks[index].pattern : 0xFF)
        }
        for (index, series) in plot.series.enumerated() where series.style.drawsPoints {
            grid.drawMarkers(
                x: series.x, y: series.y, xMapping: layout.xMapping, yMapping: layout.yMapping, series: index)
        }
        return grid
    }

    /// Places every annotation glyph, then each label in the first empty run of cells next
    /// to it: right, left, above, below. A label that fits nowhere (or whose point is off the
    /// plot, or that is in `forced`) is footnoted and its glyph becomes its key.
    func annotate(grid: DotGrid, layout: Layout, forced: [Int]) -> Overlay {
        let count = grid.columns * grid.rows
        var overlay = Overlay(
            scalars: Array(repeating: 0, count: count), colors: Array(repeating: 0, count: count),
            footnoted: [], cells: [])
        let bold = plot.usesColor ? Glyphs.bold : 0
        let defaultGlyph = braille ? Glyphs.brailleAnnotation : Glyphs.asciiAnnotation
        for (index, annotation) in plot.annotations.enumerated() {
            let cell = grid.cell(x: layout.xMapping.dot(annotation.x), y: layout.yMapping.dot(annotation.y))
            overlay.cells.append(cell)
            guard let cell else { continue }
            var glyph = annotation.glyph ?? defaultGlyph
            if let rank = forced.firstIndex(of: index) {
                glyph = rank < Glyphs.keys.count ? Glyphs.keys[rank] : "?"
            }
            overlay.scalars[cell] = glyph.unicodeScalars.first!.value
            overlay.colors[cell] = bold
        }
        func isFree(_ row: Int, _ column: Int) -> Bool {
            guard row >= 0, row < grid.rows, column >= 0, column < grid.columns else { return false }
            let cell = row * grid.columns + column
            return grid.dots[cell] == 0 && grid.markers[cell] == 0 && overlay.scalars[cell] == 0
        }
        for (index, annotation) in plot.annotations.enumerated() {
            guard let cell = overlay.cells[index], !forced.contains(index) else {
                overlay.footnoted.append(index)
                continue
            }
            // A label is written whole or not at all: a cut label moves to the legend, where
            // it has the full width.
            let label = Text.sanitized(annotation.label)
            let scalars = label.unicodeScalars.map(\.value)
            let simple =
                label.count <= Renderer.maximumInlineLabel
                && label.allSatisfy { $0.unicodeScalars.count == 1 && Text.columns(of: $0) == 1 }
            let row = cell / grid.columns
            let column = cell % grid.columns
            let length = scalars.count
            // (row, first column, the gap cell that must stay empty too)
            let candidates: [(Int, Int, Int?)] = [
                (row, column + 2, column + 1), (row, column - 1 - length, column - 1),
                (row - 1, column, nil), (row + 1, column, nil),
                (row - 1, column - length + 1, nil), (row + 1, column - length + 1, nil),
            ]
            let spot = candidates.first { candidate in
                guard simple, length > 0 else { return false }
                if let gap = candidate.2, !isFree(row, gap) { return false }
                return (0..<length).allSatisfy { isFree(candidate.0, candidate.1 + $0) }
            }
            guard let spot else {
                overlay.footnoted.append(index)
                continue
            }
            for offset in 0..<length {
                overlay.scalars[spot.0 * grid.columns + spot.1 + offset] = scalars[offset]
            }
        }
        return overlay
    }

    /// `true` when some visible cell shows the mixed glyph `#`.
    func showsMixedGlyph(grid: DotGrid, overlay: Overlay) -> Bool {
        for cell in 0..<grid.markers.count where overlay.scalars[cell] == 0 {
            if grid.markers[cell] == DotGrid.mixedMarker { return true }
            if !braille && grid.markers[cell] == 0 && grid.lineOwners[cell].nonzeroBitCount > 1 { return true }
        }
        return false
    }

    // MARK: Composition

    /// - Complexity: O(`width` × `height`).
    func compose(layout: Layout, grid: DotGrid, overlay: Overlay, entries: [LegendEntry]) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(plot.width * plot.height * (plot.usesColor ? 8 : 3))
        var lines = 0
        func newline() {
            if lines > 0 { out.append(UInt8(ascii: "\n")) }
            lines += 1
        }
        let ascii = !braille
        if let title = plot.title {
            newline()
            appendCentered(Text.fitted(title, columns: plot.width, ascii: ascii), layout: layout, to: &out)
        }
        if let label = plot.yAxis.label {
            newline()
            out.append(Text.fitted(label, columns: plot.width, ascii: ascii))
        }
        let markerBytes = looks.map { Array(String($0.marker).utf8) }
        var rowLabels = [String?](repeating: nil, count: layout.plotHeight)
        for tick in layout.yTicks { rowLabels[tick.row] = tick.label }
        for row in 0..<layout.plotHeight {
            newline()
            let label = rowLabels[row] ?? ""
            out.appendSpaces(layout.gutter - label.count)
            out.append(label)
            out.append(UInt8(ascii: " "))
            out.append(rowLabels[row] == nil ? axes.vertical : axes.tick)
            let legendEntry = layout.legendRight && row < entries.count ? entries[row] : nil
            let base = row * grid.columns
            var last = grid.columns - 1
            if legendEntry == nil {
                while last >= 0 && isBlank(base + last, grid: grid, overlay: overlay) { last -= 1 }
            }
            var color: UInt8 = 0
            if last >= 0 {
                for cell in base...(base + last) {
                    appendCell(cell, grid: grid, overlay: overlay, markerBytes: markerBytes, color: &color, to: &out)
                }
            }
            out.switchColor(from: &color, to: 0)
            if let legendEntry {
                out.appendSpaces(2)
                append(legendEntry, to: &out)
            }
        }
        newline()
        out.appendSpaces(layout.gutter + 1)
        out.append(axes.corner)
        var tickColumns = Set(layout.xTicks.map(\.column))
        for column in 0..<layout.plotWidth {
            out.append(tickColumns.remove(column) != nil ? axes.horizontalTick : axes.horizontal)
        }
        newline()
        var cursor = 0
        for tick in layout.xTicks {
            out.appendSpaces(tick.start - cursor)
            out.append(tick.label)
            cursor = tick.start + tick.label.count
        }
        if let label = plot.xAxis.label {
            newline()
            appendCentered(Text.fitted(label, columns: plot.width, ascii: ascii), layout: layout, to: &out)
        }
        if !layout.legendRight {
            for row in Renderer.flow(entries, width: plot.width) {
                newline()
                for (position, index) in row.enumerated() {
                    if position > 0 { out.appendSpaces(3) }
                    append(entries[index], to: &out)
                }
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Centred over the data area, pulled back inside the width if it would cross it.
    func appendCentered(_ text: String, layout: Layout, to out: inout [UInt8]) {
        let width = Text.columns(of: text)
        let start = max(0, min(layout.dataStart + (layout.plotWidth - width) / 2, plot.width - width))
        out.appendSpaces(start)
        out.append(text)
    }

    func append(_ entry: LegendEntry, to out: inout [UInt8]) {
        var color: UInt8 = 0
        out.switchColor(from: &color, to: entry.color)
        out.append(entry.sample)
        out.switchColor(from: &color, to: 0)
        if !entry.text.isEmpty {
            out.append(UInt8(ascii: " "))
            out.append(entry.text)
        }
    }

    @inline(__always)
    func isBlank(_ cell: Int, grid: DotGrid, overlay: Overlay) -> Bool {
        overlay.scalars[cell] == 0 && grid.markers[cell] == 0 && grid.dots[cell] == 0
    }

    /// One cell, by precedence: annotation layer, markers, line dots, blank.
    @inline(__always)
    func appendCell(
        _ cell: Int, grid: DotGrid, overlay: Overlay, markerBytes: [[UInt8]], color: inout UInt8,
        to out: inout [UInt8]
    ) {
        let mixedColor = plot.usesColor ? Glyphs.bold : 0
        if overlay.scalars[cell] != 0 {
            out.switchColor(from: &color, to: overlay.colors[cell])
            out.appendUTF8(overlay.scalars[cell])
            return
        }
        let marker = grid.markers[cell]
        if marker == DotGrid.mixedMarker {
            out.switchColor(from: &color, to: mixedColor)
            out.append(Glyphs.mixed)
            return
        }
        if marker != 0 {
            let series = Int(marker) - 1
            out.switchColor(from: &color, to: looks[series].color)
            out.append(contentsOf: markerBytes[series])
            return
        }
        let dots = grid.dots[cell]
        if dots == 0 {
            // A space shows no foreground colour: keep the current one, save an escape.
            out.append(UInt8(ascii: " "))
            return
        }
        let owners = grid.lineOwners[cell]
        let single = owners.nonzeroBitCount == 1
        let series = owners.trailingZeroBitCount
        out.switchColor(from: &color, to: single ? looks[series].color : mixedColor)
        if braille {
            out.appendUTF8(0x2800 + UInt32(dots))
        } else {
            out.append(single ? looks[series].lineGlyph : Glyphs.mixed)
        }
    }
}
