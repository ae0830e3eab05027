/// Where and when something happened in a sampled motion.
public struct FrameEvent: Sendable, Equatable {
    /// The frame index (0 = the first sample).
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
    /// `ratio ≥ Thresholds.breakRatio`.
    public let isBreak: Bool
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

/// The sample-based smoothness metrics of DESIGN §3 for one motion at one rate.
public struct FrameMetrics: Sendable, Equatable {
    /// The rate, frames per second.
    public let hz: Double
    /// The number of frames sampled.
    public let frames: Int
    /// The longest step `dₖ = |pₖ₊₁ − pₖ|`, points per frame (teleports included), and where.
    public let maxStep: Double
    public let maxStepAt: FrameEvent?
    /// The speed profile; `nil` with fewer than two frames.
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
    /// The worst two-frame velocity change (windows touching a teleport excluded).
    public let maxVelocityChange: VelocityChange?
    /// The rate-doubling test over the whole motion: the worst two-frame velocity change at `hz`
    /// against the worst at `2·hz`; `nil` without samples at twice the rate.
    public let rateDoubling: RateDoublingTest?
}
