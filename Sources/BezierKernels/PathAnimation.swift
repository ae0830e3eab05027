/// A layer's position animated along a path, as Core Animation's `CAKeyframeAnimation` with a
/// `path` (docs/seed-scenes.md): a duration, a timing curve over the whole duration, a calculation mode, and
/// optionally repeating forever.
///
/// **Timing.** At time t the cycle time is `t mod duration` when repeating (each cycle restarts at
/// the path's start; a time that is a whole number of durations is the start of a cycle), or `t`
/// clamped to [0, duration] otherwise. The timing curve maps the cycle fraction to a progress p,
/// clamped to [0, 1] (a curve that overshoots holds at the ends of the path).
///
/// **Modes.**
/// - `linear`: Core Animation's `kCAAnimationLinear` without `keyTimes`. Apple's documentation of
///   `CAKeyframeAnimation.path`: "The end point of a line-to or curve-to segment defines the
///   keyframe value … Move-to segments do not define separate keyframe values." So each drawing
///   element (line, quadratic, cubic, close — a close is a line back to the subpath's start) gets
///   an equal share 1/n of the progress and moves are skipped (a move inside the path is a jump
///   at a keyframe boundary); inside its share the curve parameter advances uniformly. The speed
///   therefore changes at every join (the bee path's 7 elements have very different lengths).
/// - `paced`: `kCAAnimationPaced`: constant speed along the arc length, p·length, through a
///   `PathMeasure`.
public struct PathAnimation: Sendable {
    /// How progress maps to a place on the path.
    public enum Mode: String, Sendable, CaseIterable {
        case linear
        case paced
    }

    /// Where a time falls on the path.
    @frozen
    public struct Location: Hashable, Sendable {
        /// The index of the completed cycles (0 for the first; always 0 when not repeating).
        public var cycle: Int
        /// The timing curve's output in [0, 1].
        public var progress: Double
        /// Index into `segments` (one per drawing element).
        public var segmentIndex: Int
        /// Index into the path's `elements`.
        public var elementIndex: Int
        /// The curve parameter within the segment, in [0, 1].
        public var parameter: Double

        @inlinable public init(cycle: Int, progress: Double, segmentIndex: Int, elementIndex: Int, parameter: Double) {
            self.cycle = cycle
            self.progress = progress
            self.segmentIndex = segmentIndex
            self.elementIndex = elementIndex
            self.parameter = parameter
        }
    }

    public let path: Path
    public let duration: Double
    public let timingCurve: TimingCurve
    public let mode: Mode
    public let repeats: Bool
    /// The drawing elements' segments, in order.
    public let segments: [Path.IndexedSegment]
    /// The arc-length table (built for both modes: `paced` uses it for position, both for length).
    public let measure: PathMeasure

    /// - Throws: `invalidDuration` unless `duration` is positive and finite; `emptyPath` unless the
    ///   path has at least one drawing element; `invalidAccuracy` for the `PathMeasure`.
    public init(path: Path, duration: Double, timingCurve: TimingCurve = .linear, mode: Mode,
                repeats: Bool, accuracy: Double = Accuracy.default) throws(BezierError) {
        guard duration > 0, duration.isFinite else { throw .invalidDuration(duration) }
        let segments = path.indexedSegments
        guard !segments.isEmpty else { throw .emptyPath }
        self.path = path
        self.duration = duration
        self.timingCurve = timingCurve
        self.mode = mode
        self.repeats = repeats
        self.segments = segments
        self.measure = try PathMeasure(path: path, accuracy: accuracy)
    }

    private init(_ other: PathAnimation, mode: Mode) {
        (path, duration, timingCurve, repeats) = (other.path, other.duration, other.timingCurve, other.repeats)
        (segments, measure) = (other.segments, other.measure)
        self.mode = mode
    }

    /// The same animation in another mode, sharing this one's segments and arc-length table (the
    /// table does not depend on the mode, so nothing is rebuilt and every result is the same as a
    /// new animation's).
    /// - Complexity: O(1).
    public func with(mode: Mode) -> PathAnimation { PathAnimation(self, mode: mode) }

    /// The times within a cycle, in [0, duration], at which each segment begins, followed by
    /// `duration`: the join times. For `linear` these are where the keyframe shares meet (through
    /// the inverse of the timing curve); for `paced`, where the arc length reaches each segment.
    /// - Complexity: O(n) timing-curve inversions.
    public var joinTimes: [Double] {
        let n = segments.count
        var fractions: [Double]
        switch mode {
        case .linear: fractions = (0...n).map { Double($0) / Double(n) }
        case .paced:
            let total = measure.length
            fractions = measure.segments.map { total > 0 ? $0.startDistance / total : 0 } + [1]
        }
        return fractions.map { duration * timeFraction(atProgress: $0) }
    }

    /// The cycle fraction at which the timing curve reaches `progress` (bisection on the monotone
    /// part; for curves that overshoot, the first time it does).
    func timeFraction(atProgress progress: Double) -> Double {
        if progress <= 0 { return 0 }
        if progress >= 1 { return 1 }
        var lo = 0.0, hi = 1.0
        for _ in 0..<200 {
            let mid = 0.5 * (lo + hi)
            if mid == lo || mid == hi { break }
            if timingCurve.progress(at: mid) < progress { lo = mid } else { hi = mid }
        }
        return hi
    }

    /// Where time `t` (seconds since the animation began) falls: cycle, progress, element and
    /// parameter.
    /// - Throws: `invalidTime` unless `t` is finite.
    @inlinable
    public func location(atTime t: Double) throws(BezierError) -> Location {
        guard t.isFinite else { throw .invalidTime(t) }
        let (cycle, fraction) = cycleFraction(atTime: t)
        let progress = min(max(timingCurve.progress(at: fraction), 0), 1)
        switch mode {
        case .linear:
            let (index, parameter) = linearPlace(atProgress: progress)
            return Location(cycle: cycle, progress: progress, segmentIndex: index,
                            elementIndex: segments[index].elementIndex, parameter: parameter)
        case .paced:
            let place = try measure.location(atDistance: progress * measure.length)
            return Location(cycle: cycle, progress: progress, segmentIndex: place.segmentIndex,
                            elementIndex: place.elementIndex, parameter: place.parameter)
        }
    }

    /// The segment index and curve parameter of `location(atTime:)`, without its cycle, element
    /// index or error: `nil` exactly where it throws. Per-frame sampling (`Motion.PathMotion`,
    /// called for every frame of every phase a validation samples) needs only these two, and the
    /// thrown error's allocation-free `nil` keeps the loop free of error handling.
    /// - Complexity: O(1) (a timing-curve solve, then the linear share or one `PathMeasure`
    ///   bucket lookup and Horner evaluation: the same arithmetic as `location(atTime:)`).
    @inlinable
    public func segmentPlace(atTime t: Double) -> (segmentIndex: Int, parameter: Double)? {
        guard t.isFinite else { return nil }
        let (_, fraction) = cycleFraction(atTime: t)
        let progress = min(max(timingCurve.progress(at: fraction), 0), 1)
        switch mode {
        case .linear:
            let (index, parameter) = linearPlace(atProgress: progress)
            return (index, parameter)
        case .paced:
            // `PathMeasure.location(atDistance:)`'s checks and piece, in the same order.
            let distance = progress * measure.length
            guard distance >= 0, distance <= measure.length else { return nil }
            guard !measure.pieces.isEmpty else { return measure.segments.isEmpty ? nil : (0, 0) }
            let piece = measure.pieces[measure.pieceIndex(atDistance: distance)]
            return (piece.segmentIndex, piece.parameter(atDistance: distance))
        }
    }

    /// `segmentPlace(atTime:)` at eight times, lane by lane the same bits: `found` is false in a
    /// lane where that returns `nil` (its index and parameter are then 0). With the diagonal
    /// timing curve (`.linear` and any `x1 = y1, x2 = y2`) and finite times, the cycle fraction,
    /// the linear share and, where all eight distances fall in one `PathMeasure` piece, its
    /// polynomial are evaluated in packed arithmetic: the same operations in the same order
    /// (`Swift.min`/`max` as their comparisons), so each lane is what the scalar call gives
    /// (tested on every lane). Otherwise each lane takes `segmentPlace(atTime:)`.
    /// - Complexity: O(1) per lane.
    @inlinable
    public func segmentPlaces(atTimes t: SIMD8<Double>)
        -> (segmentIndex: SIMD8<Int>, parameter: SIMD8<Double>, found: SIMDMask<SIMD8<Int64>>)
    {
        typealias V = SIMD8<Double>
        var indices = SIMD8<Int>(), parameters = V(), found = SIMDMask<SIMD8<Int64>>()
        let finite = (t - t) .== 0  // false for ±∞ and NaN
        guard everyLane(finite), timingCurve.x1 == timingCurve.y1, timingCurve.x2 == timingCurve.y2 else {
            for k in 0..<8 {
                if let (index, parameter) = segmentPlace(atTime: t[k]) {
                    (indices[k], parameters[k], found[k]) = (index, parameter, true)
                }
            }
            return (indices, parameters, found)
        }
        // `cycleFraction(atTime:)`'s fraction.
        var fraction: V
        if repeats {
            let cycles = (t / duration).rounded(.down)
            fraction = (t - cycles * duration) / duration
            fraction.replace(with: 0, where: fraction .>= 1)
            fraction.replace(with: 0, where: fraction .<= 0)  // max(fraction, 0)
        } else {
            fraction = t / duration
            fraction.replace(with: 0, where: fraction .<= 0)  // max(·, 0)
            fraction.replace(with: 1, where: fraction .> 1)  // min(·, 1)
        }
        // The diagonal's `progress(at:)` (0 unless above 0, 1 from 1 on), then clamped to [0, 1]
        // (which leaves it as it is).
        var progress = fraction
        progress.replace(with: 0, where: .!(progress .> 0))
        progress.replace(with: 1, where: progress .>= 1)
        switch mode {
        case .linear:
            // `linearPlace(atProgress:)`.
            let n = segments.count
            let scaled = progress * Double(n)
            // `Int(scaled)` lane by lane (the standard library's SIMD conversion with a rounding
            // rule is generic and converted through `Double.exponent`: 7 % of a file's validation).
            var index = SIMD8<Int>()
            for k in 0..<8 { index[k] = Int(scaled[k]) }
            index.replace(with: n - 1, where: index .> n - 1)  // min(Int(scaled), n − 1)
            var parameter = scaled - V(index)
            parameter.replace(with: 1, where: parameter .> 1)  // min(·, 1)
            return (index, parameter, .init(repeating: true))
        case .paced:
            let distance = progress * measure.length
            found = (distance .>= 0) .& (distance .<= measure.length)
            guard !measure.pieces.isEmpty else {
                return (indices, parameters, measure.segments.isEmpty ? .init(repeating: false) : found)
            }
            var pieceIndices = SIMD8<Int>()
            for k in 0..<8 where found[k] { pieceIndices[k] = measure.pieceIndex(atDistance: distance[k]) }
            guard everyLane(found), pieceIndices == SIMD8(repeating: pieceIndices[0]) else {
                for k in 0..<8 where found[k] {
                    let piece = measure.pieces[pieceIndices[k]]
                    (indices[k], parameters[k]) = (piece.segmentIndex, piece.parameter(atDistance: distance[k]))
                }
                return (indices, parameters, found)
            }
            // One piece: its polynomial in lanes.
            let piece = measure.pieces[pieceIndices[0]]
            return (SIMD8(repeating: piece.segmentIndex), piece.parameters(atDistances: distance), found)
        }
    }

    /// Position and unit tangent at time `t`.
    /// - Throws: `invalidTime` unless `t` is finite.
    /// - Complexity: O(1) (a timing-curve solve, then one segment evaluation or one `PathMeasure`
    ///   query).
    @inlinable
    public func sample(atTime t: Double) throws(BezierError) -> PathSample {
        guard t.isFinite else { throw .invalidTime(t) }
        let (_, fraction) = cycleFraction(atTime: t)
        let progress = min(max(timingCurve.progress(at: fraction), 0), 1)
        switch mode {
        case .paced:
            return measure.sample(clampingDistance: progress * measure.length)
        case .linear:
            let (index, parameter) = linearPlace(atProgress: progress)
            let segment = segments[index].segment
            return PathSample(position: segment.point(at: parameter),
                              tangent: Self.unitTangent(of: segment, at: parameter))
        }
    }

    /// The `linear` mode's place for `progress` in [0, 1]: each of the n segments has an equal
    /// share 1/n of the progress, inside which the parameter advances uniformly; progress 1 is the
    /// end (t = 1) of the last segment.
    @inlinable
    func linearPlace(atProgress progress: Double) -> (index: Int, parameter: Double) {
        let n = segments.count
        let scaled = progress * Double(n)
        let index = min(Int(scaled), n - 1)
        return (index, min(scaled - Double(index), 1))
    }

    /// The completed cycles and the fraction of the current one at time `t`.
    @inlinable
    func cycleFraction(atTime t: Double) -> (Int, Double) {
        if repeats {
            let cycles = (t / duration).rounded(.down)
            let fraction = (t - cycles * duration) / duration
            // Cycle counts beyond Int64 (absurd times) are clamped before converting, never trapped.
            let whole = Int64(max(min(cycles, 9e18), -9e18))
            // Rounding can leave the fraction a hair outside [0, 1).
            if fraction >= 1 { return (Int(clamping: whole &+ 1), 0) }
            return (Int(clamping: whole), max(fraction, 0))
        }
        return (0, min(max(t / duration, 0), 1))
    }

    /// `B'/|B'|`, or the limiting direction where the speed vanishes (`±B''`, then `B'''`, as in
    /// `PathMeasure`); the zero vector only for a segment that is a single point. Computed on the
    /// segment translated and scaled by a power of two (`CubicBezier.normalizedOffsets`), which
    /// has the same directions, so a curve 1e-320 long or 1e308 wide has its tangent too.
    @inlinable
    public static func unitTangent(of segment: PathSegment, at t: Double) -> Vector {
        // Fast path: a speed whose square is a normal double, well above the noise threshold.
        let velocity = segment.derivative(at: t)
        let speedSquared = velocity.lengthSquared
        if speedSquared >= 1e-280, speedSquared.isFinite, speedSquared > 1e-20 * square(of: segment) {
            return velocity / speedSquared.squareRoot()
        }
        return scaledUnitTangent(of: segment, at: t)
    }

    @inlinable static func square(of segment: PathSegment) -> Double {
        let c = segment.cubic
        let s = (c.p1 - c.p0).length + (c.p2 - c.p1).length + (c.p3 - c.p2).length
        return s * s
    }

    @usableFromInline @inline(never)
    static func scaledUnitTangent(of segment: PathSegment, at t: Double) -> Vector {
        guard let c = segment.cubic.normalizedOffsets else { return .zero }
        let velocity = c.derivative(at: t)
        // Below 1e-10 of the control polygon's size, B' is rounding noise in direction.
        if velocity.length > 1e-10 * scale(of: c), let direction = velocity.normalized { return direction }
        if let direction = c.secondDerivative(at: t).normalized { return t >= 1 ? -direction : direction }
        if let direction = c.thirdDerivative.normalized { return direction }
        return .zero
    }

    @inlinable static func scale(of c: CubicBezier) -> Double {
        (c.p1 - c.p0).length + (c.p2 - c.p1).length + (c.p3 - c.p2).length
    }
}
