/// Positions of one moving thing, sampled at the frame times `tₖ = t₀ + k / hz`.
///
/// This is what a display shows: one position per frame and nothing in between. Every smoothness
/// metric of docs/design.md §1 is computed from these values alone, so the same code judges a Bézier
/// path, a spring or a user's motion.
///
/// Positions are in points (y down, as on iOS). `elements`, when present, gives for every sample
/// the 1-based number of the path element being drawn (the n-th drawn segment; the initial move
/// is not counted), so findings can say "at element 5" the way a reader counts the curves.
public struct FrameSamples: Sendable, Equatable {
    /// Frames per second.
    public let hz: Double
    /// Time of the first sample, seconds.
    public let startTime: Double
    /// One position per frame.
    public let positions: [SIMD2<Double>]
    /// For each sample, the 1-based number of the path element it lies on; `nil` when the motion is
    /// not a path (a spring).
    public let elements: [Int]?

    /// Creates samples, rejecting a rate that is not positive and finite, non-finite positions, and
    /// an `elements` array whose length differs from `positions`.
    public init(
        hz: Double, startTime: Double = 0, positions: [SIMD2<Double>], elements: [Int]? = nil
    ) throws(MotionError) {
        try MotionError.requirePositive(hz, "rate (frames per second)")
        guard startTime.isFinite else {
            throw MotionError("start time must be a finite number of seconds, got \(startTime)")
        }
        if let bad = positions.firstIndex(where: { !($0.x.isFinite && $0.y.isFinite) }) {
            throw MotionError("position \(bad) must be finite, got (\(positions[bad].x), \(positions[bad].y))")
        }
        if let elements, elements.count != positions.count {
            throw MotionError(
                "element numbers must match the positions one to one, got \(elements.count) for \(positions.count) positions")
        }
        self.hz = hz
        self.startTime = startTime
        self.positions = positions
        self.elements = elements
    }

    /// Samples `position(t)` at `count` frames starting at `startTime`.
    ///
    /// - Complexity: O(`count`) calls of `position`.
    public init(
        hz: Double, startTime: Double = 0, count: Int,
        position: (Double) -> SIMD2<Double>
    ) throws(MotionError) {
        try MotionError.requirePositive(hz, "rate (frames per second)")
        guard count >= 0 else { throw MotionError("frame count must be ≥ 0, got \(count)") }
        var points: [SIMD2<Double>] = []
        points.reserveCapacity(count)
        for k in 0..<count {
            points.append(position(startTime + Double(k) / hz))
        }
        try self.init(hz: hz, startTime: startTime, positions: points)
    }

    /// Every `factor`-th frame from the first, as frames at `hz / factor` from the same start.
    /// `factor` is a power of two, so the rate divides exactly and each kept frame's time,
    /// `startTime + Double(factor·k) / hz`, is `startTime + Double(k) / (hz / factor)` bit for
    /// bit (the two quotients are the same real number, rounded once): the frames are those
    /// sampled at the lower rate. (`Validation.rateLadder` samples once, at four times the rate,
    /// and takes the frames at the rate and at twice it this way.)
    func decimated(by factor: Int) -> FrameSamples {
        precondition(factor > 0 && factor & (factor - 1) == 0, "a power of two")
        let kept = positions.count == 0 ? 0 : (positions.count - 1) / factor + 1
        return FrameSamples(
            checkedHz: hz / Double(factor), startTime: startTime,
            positions: (0..<kept).map { positions[$0 * factor] },
            elements: elements.map { elements in (0..<kept).map { elements[$0 * factor] } })
    }

    /// Frames already checked (a part of checked frames).
    private init(checkedHz hz: Double, startTime: Double, positions: [SIMD2<Double>], elements: [Int]?) {
        self.hz = hz
        self.startTime = startTime
        self.positions = positions
        self.elements = elements
    }

    /// The number of frames.
    public var count: Int { positions.count }

    /// The time of frame `k`, seconds.
    @inlinable
    public func time(ofFrame k: Int) -> Double { startTime + Double(k) / hz }

    /// The displacement from frame `k` to frame `k + 1`, points.
    @inlinable
    public func displacement(afterFrame k: Int) -> SIMD2<Double> { positions[k + 1] - positions[k] }

    /// The frame velocity `vₖ = (pₖ₊₁ − pₖ)·hz`, points per second.
    @inlinable
    public func velocity(afterFrame k: Int) -> SIMD2<Double> { displacement(afterFrame: k) * hz }
}
