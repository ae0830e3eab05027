/// How a series is drawn.
public enum SeriesStyle: Sendable, Equatable {
    /// Line segments between consecutive samples, on the dot grid.
    case line
    /// One marker glyph per sample, drawn over any line dots in its cell.
    case points
    /// Both: a line through the samples and a marker on each.
    case lineAndPoints

    @usableFromInline var drawsLine: Bool { self != .points }
    @usableFromInline var drawsPoints: Bool { self != .line }
}

/// One named data set.
///
/// Non-finite samples (NaN, ±∞) and, on a logarithmic axis, samples ≤ 0 break the line:
/// they leave a gap and never fail the plot.
public struct Series: Sendable, Equatable {
    public var name: String
    public var x: [Double]
    public var y: [Double]
    public var style: SeriesStyle
    /// The colour used when the plot is coloured; `nil` takes the next colour of the palette.
    public var color: PlotColor?
    /// The marker glyph for `.points` styles; `nil` takes the next glyph of the palette, so
    /// every series stays distinct without colour. Must be one terminal column.
    public var marker: Character?

    public init(
        _ name: String,
        x: [Double],
        y: [Double],
        style: SeriesStyle = .line,
        color: PlotColor? = nil,
        marker: Character? = nil
    ) {
        self.name = name
        self.x = x
        self.y = y
        self.style = style
        self.color = color
        self.marker = marker
    }

    /// A series from points, for example a 2-D path.
    ///
    /// - Complexity: O(*n*).
    public init(
        _ name: String,
        points: [SIMD2<Double>],
        style: SeriesStyle = .line,
        color: PlotColor? = nil,
        marker: Character? = nil
    ) {
        self.init(name, x: points.map(\.x), y: points.map(\.y), style: style, color: color, marker: marker)
    }

    /// A series over the sample index: x = 0, 1, 2, …
    ///
    /// - Complexity: O(*n*).
    public init(
        _ name: String,
        y: [Double],
        style: SeriesStyle = .line,
        color: PlotColor? = nil,
        marker: Character? = nil
    ) {
        self.init(name, x: y.indices.map(Double.init), y: y, style: style, color: color, marker: marker)
    }
}

/// A marked point with a short label, for breaks: a teleport, a speed jump, a corner.
///
/// The glyph is drawn over everything else in its cell. The label goes next to it in empty
/// cells of the data area; where there is no room (or the point is outside the axes) the glyph
/// becomes a key (`1`, `2`, …) and the label is listed with the legend, never over the data.
public struct Annotation: Sendable, Equatable {
    public var x: Double
    public var y: Double
    public var label: String
    /// `nil` draws `◆` on the braille canvas and `!` on the ASCII one.
    public var glyph: Character?

    public init(x: Double, y: Double, label: String, glyph: Character? = nil) {
        self.x = x
        self.y = y
        self.label = label
        self.glyph = glyph
    }
}
