/// How data values map to positions along an axis.
public enum AxisScale: Sendable, Equatable {
    /// Position proportional to the value.
    case linear
    /// Position proportional to `log10(value)`; values ≤ 0 leave a gap like NaN does.
    case logarithmic
}

/// One axis of a plot: its label, scale, optional fixed range and direction.
public struct Axis: Sendable, Equatable {
    /// Printed under the x axis (centred) or above the y axis (left); `nil` prints nothing.
    public var label: String?
    public var scale: AxisScale
    /// A fixed range; `nil` takes the extent of the data. Data outside is clipped.
    public var range: ClosedRange<Double>?
    /// `true` puts the smallest value at the right (x) or at the top (y): screen coordinates,
    /// where y grows downward.
    public var isReversed: Bool

    public init(
        label: String? = nil,
        scale: AxisScale = .linear,
        range: ClosedRange<Double>? = nil,
        isReversed: Bool = false
    ) {
        self.label = label
        self.scale = scale
        self.range = range
        self.isReversed = isReversed
    }
}
