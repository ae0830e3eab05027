/// Why a plot (or the size and colour policy) was refused.
///
/// Every description is one line that names the bad value and what was expected, so the
/// command line can print it as is and exit 2.
public enum PlotError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A width or height outside the range the plotter accepts.
    case sizeOutOfRange(dimension: String, value: Int, allowed: ClosedRange<Int>)
    /// The size is valid in itself but too small for what this plot has to show.
    case sizeTooSmall(dimension: String, value: Int, needed: Int, reason: String)
    /// A series whose `x` and `y` arrays differ in length.
    case mismatchedLengths(series: String, xCount: Int, yCount: Int)
    /// More series or annotations than the plotter can keep apart.
    case tooMany(what: String, count: Int, limit: Int)
    /// A fixed axis range that is not finite, empty, or not positive on a logarithmic axis.
    case invalidRange(axis: String, lower: Double, upper: Double, expected: String)
    /// Data whose extent overflows `Double` (for example -1e308 and 1e308 on one axis).
    case rangeOverflow(axis: String, lower: Double, upper: Double)
    /// A marker glyph that is not exactly one printable terminal column.
    case invalidGlyph(series: String, glyph: String)
    /// A cell aspect ratio that is not a positive finite number.
    case invalidCellAspect(Double)
    /// A flag or environment value the size and colour policy cannot use.
    case invalidOption(name: String, value: String, expected: String)

    public var description: String {
        switch self {
        case let .sizeOutOfRange(dimension, value, allowed):
            return "\(dimension) must be between \(allowed.lowerBound) and \(allowed.upperBound), got \(value)"
        case let .sizeTooSmall(dimension, value, needed, reason):
            return "\(dimension) \(value) is too small: this plot needs at least \(needed) (\(reason))"
        case let .mismatchedLengths(series, xCount, yCount):
            return "series '\(series)' must have as many x as y values, got \(xCount) x and \(yCount) y values"
        case let .tooMany(what, count, limit):
            return "a plot can show at most \(limit) \(what), got \(count)"
        case let .invalidRange(axis, lower, upper, expected):
            return "\(axis) range must be \(expected), got \(lower)...\(upper)"
        case let .rangeOverflow(axis, lower, upper):
            return "\(axis) values must span a finite range, got \(lower) to \(upper)"
        case let .invalidGlyph(series, glyph):
            return "marker of series '\(series)' must be one printable terminal column, got '\(Text.sanitized(glyph))'"
        case let .invalidCellAspect(value):
            return "cell aspect ratio must be a positive finite number, got \(value)"
        case let .invalidOption(name, value, expected):
            return "\(name) must be \(expected), got '\(Text.sanitized(value))'"
        }
    }
}
