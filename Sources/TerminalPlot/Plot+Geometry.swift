/// The plot description's geometry, for renderers other than the terminal's (`SVGPlot`): the
/// same data spans and the same round ticks the terminal renderer computes, so a plot drawn in
/// both places spans the same values and labels the same ticks.

/// One tick of an axis: its coordinate (after the axis transform: `log10(value)` on a
/// logarithmic axis) and its printed value.
public struct AxisTick: Sendable, Equatable {
    public let coordinate: Double
    public let label: String
}

extension Plot {
    /// The coordinate ranges the data spans on each axis, exactly as ``render()`` computes them:
    /// an axis's fixed range, else the extent of the finite (on a log axis, positive) values of
    /// the series and annotations, widened when all are equal. Log axes give decimal exponents.
    /// The equal aspect is not applied: it depends on the medium's shape.
    ///
    /// - Throws: ``PlotError`` for what ``render()`` would refuse (sizes excepted).
    /// - Complexity: O(*n*) for *n* samples in all.
    public func dataSpans() throws(PlotError) -> (x: ClosedRange<Double>, y: ClosedRange<Double>) {
        var unsized = self
        unsized.width = Plot.widthLimits.lowerBound
        unsized.height = Plot.heightLimits.lowerBound
        try unsized.validate()
        let x = try Renderer.span(axis: xAxis, name: "x", series: series.map(\.x), extra: annotations.map(\.x))
        let y = try Renderer.span(axis: yAxis, name: "y", series: series.map(\.y), extra: annotations.map(\.y))
        return (x.lower...x.upper, y.lower...y.upper)
    }
}

extension Axis {
    /// Round ticks (1, 2, 5 × 10ᵏ; decades on a log axis) in `span` (axis coordinates), at most
    /// `maxCount`: the densest set the terminal renderer would consider.
    ///
    /// - Complexity: O(`maxCount`²) at most.
    public func ticks(in span: ClosedRange<Double>, maxCount: Int) -> [AxisTick] {
        Ticks.choose(
            lower: span.lowerBound, upper: span.upperBound, isLogarithmic: scale == .logarithmic, maxCount: max(1, maxCount),
            fits: { _ in true }
        ).map { AxisTick(coordinate: $0.coordinate, label: $0.label) }
    }
}
