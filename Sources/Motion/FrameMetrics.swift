/// Where and when something happened in a sampled motion.
public struct FrameEvent: Sendable, Equatable {
    /// The frame number counted from t = 0: frame n is shown at n / hz (negative for the frames
    /// at rest before an animation starts; equal to the sample index when sampling starts at 0).
    public let frame: Int
    /// The frame's time, seconds.
    public let time: Double
    /// The 1-based number of the path element at that frame, when the motion is a path.
    public let element: Int?
    /// When the two steps around the event cross into another element: the element at the end
    /// of the second step (so the event sits at the join `element → nextElement`); else `nil`.
    public let nextElement: Int?
    /// The position shown at that frame, points.
    public let position: SIMD2<Double>
}

/// The distribution of frame speeds `|vₖ|`, points per second (teleport steps excluded: they are
/// not motion).
public struct SpeedProfile: Sendable, Equatable {
    public let min: Double
    public let median: Double
    public let max: Double
}

/// The outcome of the rate-doubling test around one moment: a smooth motion's worst two-frame
/// velocity change halves when the rate doubles; a break's does not.
///
/// With samples at four times the rate too, a change must keep its size over both doublings to
/// be a break. A velocity jump does (ratios ≈ 1 and ≈ 1); a smooth change whose acceleration
/// itself varies within a couple of frames (a stiff spring's launch, whose acceleration halves
/// in about two 60 Hz frames) can look unshrunk over the first doubling (the finer frames sit
/// nearer the acceleration's peak) and shrinks over the second, once the frames resolve it.
public struct RateDoublingTest: Sendable, Equatable {
    /// The base rate, frames per second.
    public let hz: Double
    /// The worst change of frame velocity across two frames, `max |vₖ₊₂ − vₖ|`, at `hz`, pt/s.
    public let velocityChange: Double
    /// The same over the same stretch of time at `2·hz`, pt/s.
    public let doubledVelocityChange: Double
    /// `doubledVelocityChange / velocityChange`: ≈ 0.5 smooth, ≈ 1 a velocity break, ≈ 2 a
    /// position jump.
    public let ratio: Double
    /// The same change at `4·hz`, pt/s, when sampled there.
    public let quadrupledVelocityChange: Double?
    /// `quadrupledVelocityChange / doubledVelocityChange`: the second doubling.
    public let finerRatio: Double?
    /// The threshold applied (`Thresholds.breakRatio`).
    public let breakRatio: Double
    /// `ratio ≥ breakRatio`, and `finerRatio` too when it was measured.
    public let isBreak: Bool
}

/// The animation's own span inside samples that also show the object at rest before it starts
/// and after it ends (as a fill mode shows it): what a motion shorter than a frame needs to be
/// seen at all.
public struct AnimationSpan: Sendable, Equatable {
    /// When the animation starts, seconds.
    public let start: Double
    /// When it ends, seconds; `nil` when it runs past the last sample (a repeating path, a spring
    /// whose stop never fires).
    public let end: Double?
    /// Whether the velocity step at the start (from rest) and at the end (to rest) is left out
    /// of the speed-jump and turn breaks: a ratio against rest compares a speed with nothing
    /// (the speed floor's reason), and a timing curve's ends are its design (linear timing starts
    /// at full speed; ease-out leaves at speed). False judges them like any other moment.
    public let endsAreBoundaries: Bool
    /// Whether the motion is known, from its model, to be continuous in velocity strictly inside
    /// the span (a spring's exact motion, analytic for t > 0): a steep sampled change there is
    /// a change the frames do not resolve, never a break, whatever the rate test says (it
    /// assumes the acceleration steady over a few frames, which a stiff spring's launch is not).
    /// Teleports still count: a motion faster than the frames is seen to jump.
    public let isSmoothInside: Bool
    /// Times inside the span where the motion steps by design (hold keyframes, a `discrete`
    /// calculation mode, CSS `steps()`), seconds, sorted: a step across one of them is reported
    /// in `FrameMetrics.designedSteps`, never a teleport, a speed jump or a turn.
    public let designedSteps: [Double]

    public init(
        start: Double, end: Double?, endsAreBoundaries: Bool, isSmoothInside: Bool = false, designedSteps: [Double] = []
    ) throws(MotionError) {
        guard start.isFinite, end.map({ $0.isFinite && $0 >= start }) ?? true else {
            throw MotionError("animation span must be finite with its end at or after its start, got \(start) … \(end.map { "\($0)" } ?? "open")")
        }
        self.start = start
        self.end = end
        self.endsAreBoundaries = endsAreBoundaries
        self.isSmoothInside = isSmoothInside
        guard designedSteps.allSatisfy(\.isFinite) else {
            throw MotionError("designed step times must be finite, got \(designedSteps.filter { !$0.isFinite })")
        }
        self.designedSteps = designedSteps.sorted()
    }
}

/// The largest ratio between consecutive frame speeds (both steps not teleports, the faster
/// above the speed floor).
public struct SpeedJump: Sendable, Equatable {
    /// `max(sₖ, sₖ₊₁) / max(min(sₖ, sₖ₊₁), floor)`, ≥ 1.
    public let ratio: Double
    /// Frame speed before and after, pt/s.
    public let speedBefore: Double
    public let speedAfter: Double
    /// The frame between the two steps (the new speed starts there).
    public let at: FrameEvent
    /// Whether the change is a break; `nil` without samples at twice the rate.
    public let rateTest: RateDoublingTest?
}

/// The largest angle between consecutive frame displacements (both at least a speed-floor step).
public struct Turn: Sendable, Equatable {
    /// Degrees in [0, 180].
    public let degrees: Double
    /// The frame at the vertex between the two displacements.
    public let at: FrameEvent
    /// Whether the change is a break; `nil` without samples at twice the rate.
    public let rateTest: RateDoublingTest?
}

/// One step far above both of its neighbours: the object is seen to jump, not to move.
public struct Teleport: Sendable, Equatable {
    /// The step length, points.
    public let distance: Double
    /// The larger neighbouring step, points (0 when the step has no neighbour with motion).
    public let neighbourStep: Double
    /// The frame the jump starts from.
    public let from: FrameEvent
    /// The frame it lands on.
    public let to: FrameEvent
}

/// The worst change of frame velocity across two frames, `|vₖ₊₂ − vₖ|`.
public struct VelocityChange: Sendable, Equatable {
    /// Points per second.
    public let magnitude: Double
    /// The middle frame of the window (k + 1).
    public let at: FrameEvent
}

/// The sample-based smoothness metrics of docs/design.md §1 for one motion at one rate.
public struct FrameMetrics: Sendable, Equatable {
    /// The rate, frames per second.
    public let hz: Double
    /// The number of frames sampled.
    public let frames: Int
    /// The longest step `dₖ = |pₖ₊₁ − pₖ|`, points per frame (teleports included), and where.
    public let maxStep: Double
    public let maxStepAt: FrameEvent?
    /// The speed profile over the steps of the animation itself (the frames at rest around it
    /// left out); `nil` with fewer than two frames.
    public let speed: SpeedProfile?
    /// The largest consecutive speed ratio; `nil` when no pair has a speed above the floor.
    public let speedJump: SpeedJump?
    /// Every speed jump above `maxSpeedJump` that the rate-doubling test calls a break (or that
    /// cannot be tested), one per place (the largest within three frames), in time order. The
    /// largest jump overall may be smooth (a spring's launch) while a smaller one is a break.
    public let speedJumpBreaks: [SpeedJump]
    /// The largest turn; `nil` when no two consecutive steps are above the floor.
    public let maxTurn: Turn?
    /// Every turn above `maxTurnDegrees` that is a break (or untested), one per place, in time
    /// order.
    public let turnBreaks: [Turn]
    /// Every teleport, in frame order.
    public let teleports: [Teleport]
    /// Every step across one of the span's designed steps (`AnimationSpan.designedSteps`), in
    /// frame order: the motion's intent, reported, not judged.
    public let designedSteps: [Teleport]
    /// The worst two-frame velocity change (windows touching a teleport excluded).
    public let maxVelocityChange: VelocityChange?
    /// The rate-doubling test over the whole motion: the worst two-frame velocity change at `hz`
    /// against the worst at `2·hz`; `nil` without samples at twice the rate.
    public let rateDoubling: RateDoublingTest?
    /// The animation's span the samples were measured with, if any.
    public let span: AnimationSpan?

    /// Whether the model says the motion cannot break inside the span (`AnimationSpan`'s
    /// `isSmoothInside`, with designed ends): the rate tests attached to `speedJump` and
    /// `maxTurn` are then measurements only, never breaks.
    public var isSmoothByModel: Bool { span.map { $0.isSmoothInside && $0.endsAreBoundaries } ?? false }
}
