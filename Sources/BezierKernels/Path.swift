/// A sequence of subpaths made of lines, quadratic and cubic Béziers, built like `UIBezierPath`.
///
/// ```swift
/// var path = Path()
/// try path.move(to: Point(0, 0))
/// try path.addQuadCurve(to: Point(100, 0), control: Point(50, -50))
/// try path.close()
/// print(path.svgPathData)   // M 0 0 Q 50 -50 100 0 Z
/// ```
///
/// Every coordinate is finite: the builders and `init(elements:)` reject NaN and infinities, and a
/// drawing command needs a current point (a preceding `move(to:)`), so every `Path` value is valid.
public struct Path: Hashable, Sendable {
    /// The elements, in order.
    public private(set) var elements: [PathElement] = []
    /// The start of the current subpath (where `close` returns), `nil` before the first move.
    public private(set) var subpathStart: Point?
    /// The end point of the last element (after `close`, the closed subpath's start); `nil` before
    /// the first move.
    public private(set) var currentPoint: Point?

    /// An empty path.
    public init() {}

    /// A path made of `elements`, validated as if each had been added with its builder.
    /// - Throws: `nonFiniteCoordinate`, or `noCurrentPoint` if a drawing element comes first.
    /// - Complexity: O(n).
    public init<S: Sequence>(elements: S) throws(BezierError) where S.Element == PathElement {
        for element in elements { try append(element) }
    }

    /// True when the path has no elements.
    public var isEmpty: Bool { elements.isEmpty }

    /// Appends `element` after validating it.
    /// - Throws: `nonFiniteCoordinate`, or `noCurrentPoint` for a drawing element before any move.
    public mutating func append(_ element: PathElement) throws(BezierError) {
        for p in element.points where !p.isFinite {
            throw .nonFiniteCoordinate(context: "\(p) in \(element)")
        }
        switch element {
        case .move(let p):
            subpathStart = p
            currentPoint = p
        case .line(let p), .quadCurve(let p, _), .curve(let p, _, _):
            guard currentPoint != nil else { throw .noCurrentPoint(command: "\(element)") }
            currentPoint = p
        case .close:
            guard let start = subpathStart else { throw .noCurrentPoint(command: "close") }
            currentPoint = start
        }
        elements.append(element)
    }

    /// Begins a new subpath at `point`.
    public mutating func move(to point: Point) throws(BezierError) { try append(.move(to: point)) }

    /// Adds a straight line from the current point to `point`.
    public mutating func addLine(to point: Point) throws(BezierError) { try append(.line(to: point)) }

    /// Adds a quadratic Bézier from the current point to `point`.
    public mutating func addQuadCurve(to point: Point, control: Point) throws(BezierError) {
        try append(.quadCurve(to: point, control: control))
    }

    /// Adds a cubic Bézier from the current point to `point`.
    public mutating func addCurve(to point: Point, control1: Point, control2: Point) throws(BezierError) {
        try append(.curve(to: point, control1: control1, control2: control2))
    }

    /// Closes the current subpath with a straight line back to its start (drawn even when it has
    /// zero length, as `close` is an element of its own).
    public mutating func close() throws(BezierError) { try append(.close) }

    /// One drawing element and the segment it draws.
    public struct IndexedSegment: Hashable, Sendable {
        /// The index of the element in `elements`.
        public var elementIndex: Int
        /// The segment that element draws (`close` draws a line back to its subpath's start).
        public var segment: PathSegment
    }

    /// The segments of every drawing element (moves draw none), with their element indices.
    /// - Complexity: O(n).
    public var indexedSegments: [IndexedSegment] {
        var result: [IndexedSegment] = []
        result.reserveCapacity(elements.count)
        forEachSegment { index, segment in result.append(IndexedSegment(elementIndex: index, segment: segment)) }
        return result
    }

    /// Calls `move` at each move and `body` with each drawing element's index and segment, in
    /// order, without building an array of segments.
    /// - Complexity: O(n).
    @inline(__always)
    func forEachSegment(move: (Point) -> Void = { _ in }, _ body: (Int, PathSegment) -> Void) {
        var current = Point.zero, start = Point.zero
        for (index, element) in elements.enumerated() {
            let segment: PathSegment
            switch element {
            case .move(let p):
                move(p)
                current = p
                start = p
                continue
            case .line(let p): segment = .line(Line(current, p))
            case .quadCurve(let p, let c): segment = .quadratic(QuadraticBezier(current, c, p))
            case .curve(let p, let c1, let c2): segment = .cubic(CubicBezier(current, c1, c2, p))
            case .close: segment = .line(Line(current, start))
            }
            current = segment.end
            body(index, segment)
        }
    }

    /// The segments of the path in order (one per drawing element).
    /// - Complexity: O(n).
    public var segments: [PathSegment] { indexedSegments.map(\.segment) }

    /// The exact bounding box of everything drawn (for a path of moves only, of the move points);
    /// `nil` for an empty path.
    /// - Complexity: O(n), in one pass over the elements (no array of segments is built).
    public var boundingBox: Rect? {
        guard let first = elements.first?.endPoint else { return nil }
        var box = Rect(enclosing: first)
        forEachSegment(move: { box = box.including($0) }) { _, segment in box = box.union(segment.boundingBox) }
        return box
    }

    /// The total length of every segment, within `accuracy` (split evenly among the segments).
    /// - Throws: `BezierError.invalidAccuracy` unless `accuracy` is positive and finite;
    ///   `lengthOverflow` naming the segment at which the total passes the largest `Double`.
    /// - Complexity: O(n) arc lengths.
    public func arcLength(accuracy: Double = Accuracy.default) throws(BezierError) -> Double {
        try BezierError.validate(accuracy: accuracy)
        let segments = self.segments
        let share = accuracy / Double(max(segments.count, 1))
        var total = 0.0
        for (index, segment) in segments.enumerated() {
            total += segment.uncheckedArcLength(accuracy: share)
            guard total.isFinite else { throw .lengthOverflow(segment: index) }
        }
        return total
    }
}
