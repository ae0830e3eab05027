/// One drawing command of a `Path`, as in `CGPathElement` and SVG path data.
public enum PathElement: Hashable, Sendable {
    /// Start a new subpath at a point.
    case move(to: Point)
    /// A straight line from the current point.
    case line(to: Point)
    /// A quadratic Bézier from the current point.
    case quadCurve(to: Point, control: Point)
    /// A cubic Bézier from the current point.
    case curve(to: Point, control1: Point, control2: Point)
    /// A straight line back to the start of the current subpath, which it closes.
    case close

    /// The point this element ends at (`nil` for `close`, which ends at its subpath's start).
    @inlinable public var endPoint: Point? {
        switch self {
        case .move(let p), .line(let p), .quadCurve(let p, _), .curve(let p, _, _): return p
        case .close: return nil
        }
    }

    /// True for every element but `move`: the elements that draw something (a keyframe segment,
    /// in Core Animation's terms).
    @inlinable public var isDrawing: Bool {
        if case .move = self { return false }
        return true
    }

    /// The element with control point `control` (1 or 2, as SVG and `CGPath` number them) at
    /// `point`; `nil` when the element has no such control point (a line, a quadratic's second).
    public func movingControlPoint(_ control: Int, to point: Point) -> PathElement? {
        switch (self, control) {
        case (.quadCurve(let end, _), 1): .quadCurve(to: end, control: point)
        case (.curve(let end, _, let c2), 1): .curve(to: end, control1: point, control2: c2)
        case (.curve(let end, let c1, _), 2): .curve(to: end, control1: c1, control2: point)
        default: nil
        }
    }

    /// The element with `transform` applied to each point it carries (its end and control
    /// points), the kind unchanged: a path moved or scaled element by element.
    public func mappingPoints(_ transform: (Point) throws -> Point) rethrows -> PathElement {
        switch self {
        case .move(let p): .move(to: try transform(p))
        case .line(let p): .line(to: try transform(p))
        case .quadCurve(let p, let c): .quadCurve(to: try transform(p), control: try transform(c))
        case .curve(let p, let c1, let c2): .curve(to: try transform(p), control1: try transform(c1), control2: try transform(c2))
        case .close: .close
        }
    }

    /// Every point this element carries, in order.
    @inlinable var points: [Point] {
        switch self {
        case .move(let p), .line(let p): return [p]
        case .quadCurve(let p, let c): return [c, p]
        case .curve(let p, let c1, let c2): return [c1, c2, p]
        case .close: return []
        }
    }
}
