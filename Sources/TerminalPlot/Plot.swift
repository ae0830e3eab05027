/// A plot of one or more series, rendered to a `String` for a terminal.
///
/// The plotter does no I/O and reads nothing from the environment: the caller decides the
/// size and whether to colour (see ``OutputPolicy`` for the usual terminal rules).
///
/// ```swift
/// var plot = Plot(width: 60, height: 16, title: "speed")
/// plot.xAxis.label = "t (s)"
/// plot.series = [Series("bee1", x: times, y: speeds)]
/// print(try plot.render())
/// ```
///
/// Layout, top to bottom: title, y-axis label, the data area with the y ticks on its left,
/// the x axis, its tick labels, the x-axis label, then the legend (unless it goes right).
/// Nothing is ever drawn over the data area except the data and annotation labels placed in
/// empty cells.
///
/// In one cell, annotations win over markers, markers over line dots. Where several series
/// meet: braille lines keep the union of their dots (in colour the cell turns bold, not one
/// series' colour); markers of different series, or ASCII lines of different series, become
/// `#`, and the legend then explains `#`. Without colour every series keeps its own look:
/// line textures (solid, dashed, dotted, …) on braille, line glyphs on ASCII, and marker
/// glyphs on both.
public struct Plot: Sendable, Equatable {
    /// The widths `render()` accepts, in terminal columns.
    public static let widthLimits: ClosedRange<Int> = 20...1000
    /// The heights `render()` accepts, in rows.
    public static let heightLimits: ClosedRange<Int> = 5...500
    /// At most this many series: each gets its own glyph, texture and colour.
    public static let maximumSeriesCount = 8
    /// At most this many annotations: each may need a one-character key.
    public static let maximumAnnotationCount = 35

    /// The series, drawn in order (later series' markers win over earlier lines).
    public var series: [Series]
    /// Marked and labelled points, drawn over everything.
    public var annotations: [Annotation]
    public var title: String?
    public var xAxis: Axis
    public var yAxis: Axis
    /// The most columns any output line takes.
    public var width: Int
    /// The most lines the output takes.
    public var height: Int
    public var canvas: Canvas
    /// Emit ANSI colour codes. With `false` the output contains no escape character at all.
    public var usesColor: Bool
    public var aspect: Aspect
    public var legendPlacement: LegendPlacement
    /// Height ÷ width of one terminal cell; about 2 on common terminal fonts.
    public var cellAspectRatio: Double

    /// Dots per character cell.
    public enum Canvas: Sendable, Equatable {
        /// Unicode braille patterns (U+2800–U+28FF): 2 × 4 dots per cell.
        case braille
        /// Plain ASCII: one dot per cell, one glyph per series.
        case ascii
    }

    /// How the data ranges relate to each other.
    public enum Aspect: Sendable, Equatable {
        /// Each axis spans its own data.
        case free
        /// One unit is as long on screen in x as in y (after the axis transforms), taking the
        /// cell aspect ratio into account; the smaller range is widened and centred.
        case equal
    }

    /// Where the legend goes: never over the data.
    public enum LegendPlacement: Sendable, Equatable {
        /// Under the x-axis label, entries side by side, wrapped to the width.
        case below
        /// A column right of the data area; falls back to below when it does not fit.
        case right
    }

    public init(
        width: Int = 80,
        height: Int = 24,
        canvas: Canvas = .braille,
        usesColor: Bool = false,
        title: String? = nil,
        xAxis: Axis = Axis(),
        yAxis: Axis = Axis(),
        aspect: Aspect = .free,
        legendPlacement: LegendPlacement = .below,
        cellAspectRatio: Double = 2,
        series: [Series] = [],
        annotations: [Annotation] = []
    ) {
        self.width = width
        self.height = height
        self.canvas = canvas
        self.usesColor = usesColor
        self.title = title
        self.xAxis = xAxis
        self.yAxis = yAxis
        self.aspect = aspect
        self.legendPlacement = legendPlacement
        self.cellAspectRatio = cellAspectRatio
        self.series = series
        self.annotations = annotations
    }

    /// A 2-D path plot as on screen: equal aspect and y growing downward.
    public static func screenPath(
        width: Int = 80,
        height: Int = 24,
        canvas: Canvas = .braille,
        usesColor: Bool = false,
        title: String? = nil,
        xLabel: String? = "x (pt)",
        yLabel: String? = "y (pt)",
        series: [Series] = [],
        annotations: [Annotation] = []
    ) -> Plot {
        Plot(
            width: width, height: height, canvas: canvas, usesColor: usesColor, title: title,
            xAxis: Axis(label: xLabel), yAxis: Axis(label: yLabel, isReversed: true),
            aspect: .equal, series: series, annotations: annotations)
    }
}
