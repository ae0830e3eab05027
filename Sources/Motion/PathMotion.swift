import BezierKernels

/// An object moving along a path over a duration, once or repeating, in a timing mode: the bee,
/// or a user's SVG path.
///
/// ```swift
/// let motion = try PathMotion(path: Path(svgPathData: "M0 0 L100 0 L100 50"), duration: 1, mode: .linear)
/// print(motion.position(at: 0.75))   // SIMD2<Double>(100.0, 25.0)
/// ```
///
/// Every drawing element counts (a `close` draws a line back to its subpath's start). A move
/// between subpaths is not an element: the object jumps across it, as a keyframe animation does.
public struct PathMotion: Sendable {
    /// The path followed.
    public let path: Path
    /// Seconds for one pass along the whole path.
    public let duration: Double
    /// How time maps to the place along the path.
    public let mode: TimingMode
    /// Whether each pass restarts at the path's start (Core Animation's `repeatCount = .infinity`).
    public let repeats: Bool
    /// The drawing segments, in order; the n-th (1-based) is "element n".
    public let segments: [PathSegment]
    /// Arc length of each segment, points.
    public let segmentLengths: [Double]
    /// The arc length at the start of each segment, and the total at the end (count + 1 values).
    public let cumulativeLengths: [Double]

    /// The arc-length table behind paced timing (position at a distance in O(1)).
    public let measure: PathMeasure

    /// The accuracy, in points along the curve, of arc lengths and of each paced position: 1e-6 pt
    /// is a millionth of a point, far below a physical pixel, so frame metrics cannot see it.
    public static let accuracy = 1e-6

    /// Creates the motion.
    /// - Throws: `MotionError` when the duration is not positive and finite, or the path has no
    ///   drawing element.
    /// - Complexity: builds a `PathMeasure` (a table of inverse arc lengths): O(n) segments.
    public init(path: Path, duration: Double, mode: TimingMode, repeats: Bool = false) throws(MotionError) {
        try MotionError.requirePositive(duration, "duration (seconds)")
        let segments = path.segments
        guard !segments.isEmpty else {
            throw MotionError(
                "path must have at least one drawing segment, got \(path.elements.count) element(s) and none draws")
        }
        let measure: PathMeasure
        do {
            measure = try PathMeasure(path: path, accuracy: Self.accuracy)
        } catch {
            throw MotionError("path could not be measured: \(error)")
        }
        self.path = path
        self.duration = duration
        self.mode = mode
        self.repeats = repeats
        self.segments = segments
        self.measure = measure
        self.segmentLengths = measure.segments.map(\.length)
        self.cumulativeLengths = measure.segments.map(\.startDistance) + [measure.length]
    }

    /// The same path and timing in another mode (arc lengths reused).
    public func with(mode: TimingMode) -> PathMotion { PathMotion(unchecked: self, mode: mode) }

    private init(unchecked other: PathMotion, mode: TimingMode) {
        path = other.path
        duration = other.duration
        self.mode = mode
        repeats = other.repeats
        segments = other.segments
        measure = other.measure
        segmentLengths = other.segmentLengths
        cumulativeLengths = other.cumulativeLengths
    }

    /// The total arc length, points.
    public var length: Double { cumulativeLengths[cumulativeLengths.count - 1] }

    /// The time within the current pass, in [0, duration]: `t mod duration` when repeating,
    /// `t` clamped to [0, duration] otherwise (before the start the object waits at the start).
    @inlinable
    public func phase(at t: Double) -> Double {
        guard t.isFinite else { return 0 }
        if repeats {
            let r = t.truncatingRemainder(dividingBy: duration)
            return r < 0 ? r + duration : r
        }
        return min(max(t, 0), duration)
    }

    /// Which segment (0-based index into `segments`) and which curve parameter the object is at,
    /// at time `t`.
    ///
    /// - Complexity: O(1): a division in linear mode, a table lookup in paced mode.
    public func location(at t: Double) -> (segment: Int, parameter: Double) {
        let fraction = phase(at: t) / duration
        let n = segments.count
        switch mode {
        case .linear:
            let u = fraction * Double(n)
            let index = min(Int(u), n - 1)
            return (index, min(max(u - Double(index), 0), 1))
        case .paced:
            let distance = min(max(fraction * measure.length, 0), measure.length)
            guard let location = try? measure.location(atDistance: distance) else { return (0, 0) }
            return (location.segmentIndex, location.parameter)
        }
    }

    /// The position at time `t`, points: the cheap per-frame function (`scene/bee-frame`).
    public func position(at t: Double) -> SIMD2<Double> {
        let (index, parameter) = location(at: t)
        return segments[index].point(at: parameter).simd
    }

    /// The 1-based element number at time `t` (see `FrameSamples.elements`).
    public func element(at t: Double) -> Int { location(at: t).segment + 1 }

    /// `count` frames at `hz` from t = 0, with the element number of each.
    /// - Complexity: O(count) positions.
    public func samples(hz: Double, count: Int) throws(MotionError) -> FrameSamples {
        try MotionError.requirePositive(hz, "rate (frames per second)")
        var positions: [SIMD2<Double>] = []
        var elements: [Int] = []
        positions.reserveCapacity(count)
        elements.reserveCapacity(count)
        for k in 0..<max(count, 0) {
            let (index, parameter) = location(at: Double(k) / hz)
            positions.append(segments[index].point(at: parameter).simd)
            elements.append(index + 1)
        }
        return try FrameSamples(hz: hz, positions: positions, elements: elements)
    }
}
