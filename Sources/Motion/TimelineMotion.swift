/// A motion known as a function of time: what scene files, Lottie layers and recorded traces
/// become, so that one validation judges them all.
///
/// A timeline has one quantity (a layer's position, or one scalar such as its opacity) and an
/// active span `[start, end]`; outside the span `value` shows what the object shows there (a
/// fill mode's held value). A scalar is carried in `x` (with `y` = 0) already scaled to points by
/// `Quantity.pointsPerUnit`, so the thresholds of `Thresholds` (points, points per second) judge
/// it as the on-screen motion it causes.
///
/// What the model knows exactly, the producer passes along: joins between segments (with their
/// turn and speed ratio), designed steps (hold keyframes, `discrete` calculation mode, CSS
/// `steps()`), which are reported and never judged, and a repeating cycle's seam.
///
///     let ramp = try TimelineMotion(
///         quantity: .position, start: 0, end: 1,
///         value: { t in SIMD2(100 * min(max(t, 0), 1), 0) })
///     let report = try Validation.validate(Scene(name: "ramp", kind: .timeline(ramp, viewport: nil)), hz: 60)
///     print(report.verdict)
///     // Prints "smooth"
public struct TimelineMotion: Sendable {
    /// What the timeline moves.
    public enum Quantity: Sendable, Equatable {
        /// A 2-D position in points.
        case position
        /// A scalar property (`opacity`, `rotation`, `scale`, any named value) in `unit`, judged
        /// as `pointsPerUnit` points per unit (e.g. rotation of a 100 pt layer: 0.87 pt per degree
        /// at its corner).
        case scalar(name: String, unit: String, pointsPerUnit: Double)

        /// `position`, or the scalar's name.
        public var name: String {
            switch self {
            case .position: "position"
            case .scalar(let name, _, _): name
            }
        }
    }

    public let quantity: Quantity
    /// When the animation starts, seconds.
    public let start: Double
    /// When it ends, seconds; `nil` when it runs on past `window` (an infinite repeat).
    public let end: Double?
    /// How long after `start` a timeline without an end is sampled, seconds (at least one cycle
    /// and a few frames past its seam). Equals `end − start` for a timeline with an end.
    public let window: Double
    /// The value at any time, points (a scalar in `x`, scaled by `pointsPerUnit`). Must be finite
    /// for finite times.
    public let value: @Sendable (Double) -> SIMD2<Double>
    /// The joins between the model's segments, exact (times in seconds from 0).
    public let joins: [Join]
    /// Times of steps the animation makes by design (holds, discrete keyframes, `steps()`),
    /// seconds: reported, not judged.
    public let designedSteps: [Double]
    /// The first restart of a repeating cycle, when the cycle does not end where it starts.
    public let seam: Seam?
    /// Plain-words facts for the report (assumptions made, what was skipped).
    public let notes: [String]
    /// Events that retarget the running animation, in time order (exact velocities on both sides).
    public let interruptions: [Interruption]

    /// An event at `time` that retargets the running animation, the way platforms do it
    /// (`kind`: `restart`, `additive`, `preserveVelocity`), with the exact velocity just before
    /// and just after it, points per second (a scalar in x, scaled by `pointsPerUnit`).
    public struct Interruption: Sendable, Equatable {
        /// How the event retargets the running animation (Core Animation's vocabulary, as a
        /// scene file spells it).
        public enum Kind: String, Sendable, Equatable, CaseIterable {
            /// A new animation replaces the running one, launched at its own velocity.
            case restart
            /// A new animation toward the new target is added to the running one.
            case additive
            /// A new animation launched at the presented velocity.
            case preserveVelocity
        }

        public let time: Double
        public let kind: Kind
        public let velocityBefore: SIMD2<Double>
        public let velocityAfter: SIMD2<Double>

        public init(time: Double, kind: Kind, velocityBefore: SIMD2<Double>, velocityAfter: SIMD2<Double>) {
            self.time = time
            self.kind = kind
            self.velocityBefore = velocityBefore
            self.velocityAfter = velocityAfter
        }

        /// `|velocityAfter − velocityBefore|`, points per second.
        public var velocityChange: Double {
            let d = velocityAfter - velocityBefore
            return (d * d).sum().squareRoot()
        }
    }

    /// Creates a timeline.
    /// - Throws: `MotionError` for a non-finite start, an end before the start, a timeline
    ///   without an end and without a positive finite `window`, a non-finite or non-positive
    ///   `pointsPerUnit`, or non-finite designed step times.
    public init(
        quantity: Quantity, start: Double = 0, end: Double?, window: Double? = nil,
        value: @escaping @Sendable (Double) -> SIMD2<Double>, joins: [Join] = [], designedSteps: [Double] = [],
        seam: Seam? = nil, notes: [String] = [], interruptions: [Interruption] = []
    ) throws(MotionError) {
        guard start.isFinite else { throw MotionError("timeline start must be a finite number of seconds, got \(start)") }
        if let end {
            guard end.isFinite, end >= start else {
                throw MotionError("timeline end must be finite and at or after its start (\(start) s), got \(end)")
            }
        }
        let sampled = window ?? end.map { $0 - start }
        guard let sampled, sampled.isFinite, sampled >= 0, end != nil || sampled > 0 else {
            throw MotionError("a timeline without an end needs a positive finite window to sample, got \(window.map { "\($0)" } ?? "none")")
        }
        if case .scalar(let name, _, let pointsPerUnit) = quantity {
            guard pointsPerUnit.isFinite, pointsPerUnit > 0 else {
                throw MotionError("points per unit of \(name) must be positive and finite, got \(pointsPerUnit)")
            }
        }
        if let bad = designedSteps.first(where: { !$0.isFinite }) {
            throw MotionError("designed step times must be finite, got \(bad)")
        }
        self.quantity = quantity
        self.start = start
        self.end = end
        self.window = end.map { $0 - start } ?? sampled
        self.value = value
        self.joins = joins
        self.designedSteps = designedSteps.sorted()
        self.seam = seam
        self.notes = notes
        self.interruptions = interruptions.sorted { $0.time < $1.time }
    }

    /// Whether the animation runs on past the sampled window.
    public var repeats: Bool { end == nil }

    /// The value at `t` (the same as `value(t)`).
    @inlinable
    public func position(at t: Double) -> SIMD2<Double> { value(t) }

    /// The time sampled from `start`, seconds (`end − start`, or `window`).
    public var sampledSpan: Double { window }
}
