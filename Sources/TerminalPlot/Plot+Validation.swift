extension Plot {
    /// Rejects what cannot be drawn faithfully, with a one-line reason.
    ///
    /// - Complexity: O(number of series and annotations).
    func validate() throws(PlotError) {
        guard Plot.widthLimits.contains(width) else {
            throw .sizeOutOfRange(dimension: "width", value: width, allowed: Plot.widthLimits)
        }
        guard Plot.heightLimits.contains(height) else {
            throw .sizeOutOfRange(dimension: "height", value: height, allowed: Plot.heightLimits)
        }
        guard cellAspectRatio.isFinite, cellAspectRatio > 0 else { throw .invalidCellAspect(cellAspectRatio) }
        guard series.count <= Plot.maximumSeriesCount else {
            throw .tooMany(what: "series", count: series.count, limit: Plot.maximumSeriesCount)
        }
        guard annotations.count <= Plot.maximumAnnotationCount else {
            throw .tooMany(what: "annotations", count: annotations.count, limit: Plot.maximumAnnotationCount)
        }
        for item in series {
            guard item.x.count == item.y.count else {
                throw .mismatchedLengths(series: Text.sanitized(item.name), xCount: item.x.count, yCount: item.y.count)
            }
            if let marker = item.marker, !Plot.isSingleColumnGlyph(marker) {
                throw .invalidGlyph(series: Text.sanitized(item.name), glyph: String(marker))
            }
        }
        for annotation in annotations {
            if let glyph = annotation.glyph, !Plot.isSingleColumnGlyph(glyph) {
                throw .invalidGlyph(series: "annotation " + Text.sanitized(annotation.label), glyph: String(glyph))
            }
        }
        try Plot.validate(xAxis, name: "x")
        try Plot.validate(yAxis, name: "y")
    }

    /// One Unicode scalar, visible, one terminal column.
    static func isSingleColumnGlyph(_ glyph: Character) -> Bool {
        glyph.unicodeScalars.count == 1 && !Text.isControl(glyph) && !glyph.isWhitespace
            && Text.columns(of: glyph) == 1
    }

    private static func validate(_ axis: Axis, name: String) throws(PlotError) {
        guard let range = axis.range else { return }
        let lower = range.lowerBound
        let upper = range.upperBound
        guard lower.isFinite, upper.isFinite, lower < upper else {
            throw .invalidRange(axis: name, lower: lower, upper: upper, expected: "finite with lower < upper")
        }
        if axis.scale == .logarithmic && lower <= 0 {
            throw .invalidRange(axis: name, lower: lower, upper: upper, expected: "positive on a logarithmic axis")
        }
    }
}
