import BezierKernels

/// An object moving along a path over a duration, once or repeating, in a timing mode: the bee,
/// or a user's SVG path. A thin layer over BezierKernels' `PathAnimation` that keeps both modes
/// ready, so switching mode costs nothing. The timing curve (default: linear, the demo's
/// `kCAMediaTimingFunctionLinear`) maps each pass's time fraction to its progress, as Core
/// Animation applies an animation's `timingFunction` per repetition.
///
/// ```swift
/// let motion = try PathMotion(path: Path(svgPathData: "M0 0 L100 0 L100 50"), duration: 1, mode: .linear)
/// print(motion.position(at: 0.75))   // SIMD2<Double>(100.0, 25.0)
/// ```
///
/// Every drawing element counts (a `close` draws a line back to its subpath's start). A move
/// between subpaths is not an element: the object jumps across it, as a keyframe animation does.
public struct PathMotion: Sendable {
    /// The animation in each mode (same path, duration and repetition).
    public let linearAnimation: PathAnimation
    public let pacedAnimation: PathAnimation
    /// How time maps to the place along the path.
    public let mode: TimingMode
    /// The drawing segments, in order; the n-th (1-based) is "element n".
    public let segments: [PathSegment]

    /// The accuracy, in points along the curve, of arc lengths and of each paced position: 1e-6 pt
    /// is a millionth of a point, far below a physical pixel, so frame metrics cannot see it.
    public static let accuracy = 1e-6

    /// The largest coordinate a path may reach, points: 10⁷ pt.
    ///
    /// Doubles near a coordinate x are about 1.1e-16·x apart, and an arc-length table can be
    /// trusted to about 1e-13·x (a few hundred roundings; see `bench path --accuracy`). At 10⁷ pt
    /// that is 1e-6 pt, the `accuracy` positions are computed to. Far beyond, the table can
    /// never reach it (it halves its pieces to its depth cap: seconds of work) and the frames
    /// are rounded to a visible grid (near 1e17 doubles are 16 pt apart), which the metrics
    /// would report as jank that is not in the motion.
    public static let maximumCoordinate = 1e7

    /// The shortest duration a path motion may have, seconds: 1 ns, a millionth of the
    /// shortest frame interval `bench` validates at (1000 Hz), so a move shorter than a frame
    /// is still measured as the teleport it is. Far below it speeds overflow: 100 pt over
    /// 1e-320 s is an infinite speed, while a path within ±1e7 pt over 1 ns stays far from it.
    public static let minimumDuration = 1e-9

    /// Creates the motion.
    /// - Throws: `MotionError` when the duration is not finite or below `minimumDuration`, or
    ///   the path has no drawing element or zero length.
    /// - Complexity: builds one `PathMeasure` table (inverse arc length), shared by both modes,
    ///   O(segments).
    public init(
        path: Path, duration: Double, timingCurve: TimingCurve = .linear, mode: TimingMode, repeats: Bool = false
    ) throws(MotionError) {
        try MotionError.requirePositive(duration, "duration (seconds)")
        guard duration >= Self.minimumDuration else {
            throw MotionError("duration (seconds) must be at least \(compact(Self.minimumDuration)) s, got \(compact(duration))")
        }
        guard path.elements.contains(where: \.isDrawing) else {
            throw MotionError(
                "path must have at least one drawing segment, got \(path.elements.count) element(s) and none draws")
        }
        // Every point the path carries (ends and controls: the curves lie in their hull), so the
        // check is exact arithmetic on the input and runs before any table is built.
        var reach = 0.0
        for element in path.elements {
            let points: [Point]
            switch element {
            case .move(let p), .line(let p): points = [p]
            case .quadCurve(let p, let c): points = [p, c]
            case .curve(let p, let c1, let c2): points = [p, c1, c2]
            case .close: points = []
            }
            for p in points { reach = Swift.max(reach, abs(p.x), abs(p.y)) }
        }
        guard reach <= Self.maximumCoordinate else {
            throw MotionError(
                "path data reaches \(compact(reach)) pt from the origin (its points and control points); validation needs coordinates within ±\(compact(Self.maximumCoordinate)) pt, where positions are good to \(compact(Self.accuracy)) pt (doubles near \(compact(reach)) are \(compact(reach.ulp)) pt apart): move the path near the origin",
                subject: "path reach (pt)", value: reach)
        }
        do {
            linearAnimation = try PathAnimation(
                path: path, duration: duration, timingCurve: timingCurve, mode: .linear, repeats: repeats,
                accuracy: Self.accuracy)
            // One arc-length table for both modes: it does not depend on the mode.
            pacedAnimation = linearAnimation.with(mode: .paced)
        } catch {
            throw MotionError("path animation could not be built: \(error)")
        }
        // A path of zero length (every drawing segment a point) moves nothing: there is no motion
        // to judge, and a "smooth" verdict on it would be vacuous.
        guard pacedAnimation.measure.length > 0 else {
            throw MotionError("path has zero length (every drawing segment is a single point): nothing moves")
        }
        self.mode = mode
        self.segments = linearAnimation.segments.map(\.segment)
    }

    private init(_ other: PathMotion, mode: TimingMode) {
        linearAnimation = other.linearAnimation
        pacedAnimation = other.pacedAnimation
        segments = other.segments
        self.mode = mode
    }

    /// The same path and timing in another mode (tables reused).
    public func with(mode: TimingMode) -> PathMotion { PathMotion(self, mode: mode) }

    /// The animation of the current mode.
    @inlinable
    public var animation: PathAnimation { mode == .linear ? linearAnimation : pacedAnimation }

    public var path: Path { linearAnimation.path }
    public var duration: Double { linearAnimation.duration }
    public var repeats: Bool { linearAnimation.repeats }
    /// The timing curve applied to each pass (`.linear` for the seed scenes).
    public var timingCurve: TimingCurve { linearAnimation.timingCurve }
    /// The total arc length, points.
    public var length: Double { pacedAnimation.measure.length }
    /// Arc length of each segment, points.
    public var segmentLengths: [Double] { pacedAnimation.measure.segments.map(\.length) }

    /// Which segment (0-based index into `segments`) and which curve parameter the object is at,
    /// at time `t` (a non-finite time counts as 0).
    /// - Complexity: O(1).
    @inlinable
    public func location(at t: Double) -> (segment: Int, parameter: Double) {
        animation.segmentPlace(atTime: t.isFinite ? t : 0) ?? (0, 0)
    }

    /// The position at time `t`, points: the cheap per-frame function (`scene/bee-frame`).
    /// - Complexity: O(1).
    @inlinable
    public func position(at t: Double) -> SIMD2<Double> {
        let (index, parameter) = location(at: t)
        return segments[index].point(at: parameter).simd
    }

    /// The 1-based element number at time `t` (see `FrameSamples.elements`).
    public func element(at t: Double) -> Int { location(at: t).segment + 1 }

    /// `count` frames at `hz` from `startTime` (default 0), with the element number of each.
    /// Before t = 0 the object rests at the path's start (as a fill mode shows it); after a
    /// single play's end it rests at the end.
    /// - Complexity: O(count).
    public func samples(hz: Double, count: Int, from startTime: Double = 0) throws(MotionError) -> FrameSamples {
        try MotionError.requirePositive(hz, "rate (frames per second)")
        guard startTime.isFinite else { throw MotionError("start time must be a finite number of seconds, got \(startTime)") }
        let (positions, elements) = frames(hz: hz, count: count, from: startTime, withElements: true)
        return try FrameSamples(hz: hz, startTime: startTime, positions: positions, elements: elements)
    }

    /// `location(at:)` at eight times, lane by lane the same (`PathAnimation.segmentPlaces(atTimes:)`).
    @inlinable
    public func locations(at t: SIMD8<Double>) -> (segment: SIMD8<Int>, parameter: SIMD8<Double>) {
        var times = t
        times.replace(with: 0, where: .!((t - t) .== 0))  // a time that is not finite counts as 0
        // A lane without a place is (0, 0), as `location(at:)` makes it.
        let places = animation.segmentPlaces(atTimes: times)
        return (places.segmentIndex, places.parameter)
    }

    /// The positions at the frame times `max(startTime + k / hz, 0)`, k = 0 ..< count (as
    /// `position(at:)` gives them), eight frames at a time through `locations(at:)`, and
    /// `withElements`, each frame's element number (else none).
    func frames(hz: Double, count: Int, from startTime: Double, withElements: Bool) -> (positions: [SIMD2<Double>], elements: [Int]) {
        let count = max(count, 0)
        var positions: [SIMD2<Double>] = [], elements: [Int] = []
        positions.reserveCapacity(count)
        if withElements { elements.reserveCapacity(count) }
        let lanes = SIMD8<Double>(0, 1, 2, 3, 4, 5, 6, 7)
        // The last group's lanes past `count` are computed and dropped: each lane is its own frame.
        for k in stride(from: 0, to: count, by: 8) {
            // Double(k) + lane is Double(k + lane) exactly (k < 2⁵³).
            var t = startTime + (Double(k) + lanes) / hz
            t.replace(with: 0, where: t .<= 0)  // max(t, 0)
            let (indices, parameters) = locations(at: t)
            for lane in 0..<min(8, count - k) {
                positions.append(segments[indices[lane]].point(at: parameters[lane]).simd)
                if withElements { elements.append(indices[lane] + 1) }
            }
        }
        return (positions, elements)
    }
}
