import SpringSolver

/// Every limit the smoothness verdict uses, in one place, each overridable.
///
/// The defaults come from what a viewer can see and from sampling arguments, never from the seed
/// scenes: a seed scene that fails a default is a finding, not a reason to move the default.
/// "Physical pixel" below means half a point, the pixel of a 2× Retina display.
public struct Thresholds: Sendable, Equatable {
    /// Frame speeds below this are treated as "at rest" when forming speed ratios and turn
    /// angles, points per second. Default 30 pt/s.
    ///
    /// At 30 pt/s a 60 Hz frame moves 0.5 pt, one physical pixel: slower than that, the ratio of
    /// two frame speeds is set by rounding to pixels, not by the motion, and a direction is not
    /// defined. A spring also passes through zero speed at every turnaround, where any ratio is
    /// meaningless.
    public var speedFloor: Double = 30

    /// The largest ratio between consecutive frame speeds that is not called janky, when the
    /// rate-doubling test says the change is a break. Default 1.25.
    ///
    /// Speed discrimination has a Weber fraction of about 5–10 % (McKee, "A local mechanism for
    /// differential velocity detection", Vision Research 21, 1981; De Bruyn & Orban, Vision
    /// Research 28, 1988): a sudden 25 % change between two frames is several times that and is
    /// seen as a lurch.
    public var maxSpeedJump: Double = 1.25

    /// The largest angle between consecutive frame displacements, degrees, that is not called
    /// janky when the rate-doubling test says it is a break (a kink). Default 10°.
    ///
    /// Direction discrimination thresholds are about 1–3° (De Bruyn & Orban 1988); an abrupt
    /// 10° change of heading within one frame is several times that and reads as a corner.
    /// A smooth bend of any sharpness is not judged by this limit: its per-frame turn shrinks
    /// as the rate rises.
    public var maxTurnDegrees: Double = 10

    /// A step is a teleport when it is this many times larger than both neighbouring steps.
    /// Default 4.
    ///
    /// A smooth motion's consecutive steps differ by the factor 1 + a·Δt/v, close to 1, and a
    /// genuine speed change persists (the next step stays large): an isolated step four times
    /// both neighbours means the object covered in one frame the ground of four: it is seen to
    /// jump, not to move.
    public var teleportFactor: Double = 4

    /// A teleport must also be at least this long, points. Default 1 pt.
    ///
    /// Two physical pixels: a smaller hop out of rest is rounding, a larger one is a visible pop.
    public var teleportMinimumStep: Double = 1

    /// The rate-doubling ratio at or above which a velocity change is a break. Default 1/√2.
    ///
    /// The worst change of frame velocity across two frames is ≈ 2a/hz for a smooth motion
    /// (ratio 1/2 when the rate doubles), ≈ the jump J for a velocity discontinuity (ratio 1),
    /// ≈ the gap·hz for a position discontinuity (ratio 2). 1/√2 is the geometric midpoint of the
    /// smooth and the break cases.
    public var breakRatio: Double = 0.5.squareRoot()

    /// A spring has settled when it stays within this distance of its target, points, together
    /// with `restSpeed`. Default 0.5 pt (docs/design.md §1): one physical pixel.
    public var settleDistance: Double = 0.5

    /// ...and stays slower than this, points per second. Default 30 pt/s: less than 0.5 pt (one
    /// physical pixel) per 60 Hz frame, the same reasoning as `speedFloor`.
    public var restSpeed: Double = 30

    /// The settle limits for a move of `distance` points: `settleDistance` and `restSpeed` are
    /// caps, and a shorter move is judged relative to itself, within
    /// `min(settleDistance, 0.5 % × |distance|)` and `restSpeed` scaled by the same factor
    /// (SpringSolver's `RestCriteria.moveFraction`, where the choice is argued): every move of
    /// one spring released at rest then settles at the same time, up to the cap. A zero or
    /// non-finite distance (a spring launched from its target) keeps the caps.
    public func settleLimits(forMove distance: Double) -> (distance: Double, speed: Double) {
        let relative = RestCriteria.moveFraction * abs(distance)
        guard relative.isFinite, relative > 0, relative < settleDistance else { return (settleDistance, restSpeed) }
        return (relative, restSpeed * (relative / settleDistance))
    }

    /// The largest jump at the frame where an animation stops that is not called janky, points.
    /// Default 0.5 pt: anything larger than one physical pixel is a visible snap.
    public var maxSnap: Double = 0.5

    /// Per-integrator worst position error against the exact motion, points, above which an
    /// integrator is marked as not faithful. Default 0.5 pt: an error below one physical pixel
    /// cannot be seen. Reported per integrator; it does not change a scene's verdict, because the
    /// demos use the exact (UIKit) motion.
    public var maxIntegratorError: Double = 0.5

    /// The largest cost of computing one frame, as a fraction of the frame budget (1/hz).
    /// Default 0.1.
    ///
    /// The model of one animated layer shares the frame with layout, path drawing and the render
    /// server's compositing (Apple, "Explore UI animation hitches and the render loop", WWDC
    /// 2021): a tenth of the budget for it is already generous.
    public var maxFrameCostFraction: Double = 0.1

    /// The defaults, documented on each property.
    public init() {}

    /// Rejects a threshold that cannot be used: every value must be finite and positive;
    /// `maxSpeedJump` must exceed 1 and `maxTurnDegrees` must lie in (0, 180].
    public func validated() throws(MotionError) -> Thresholds {
        try MotionError.requirePositive(speedFloor, "speed floor (pt/s)")
        guard maxSpeedJump.isFinite, maxSpeedJump > 1 else {
            throw MotionError("max speed jump must be a finite ratio greater than 1, got \(maxSpeedJump)")
        }
        try MotionError.requirePositive(maxTurnDegrees, "max turn (degrees)")
        guard maxTurnDegrees <= 180 else {
            throw MotionError("max turn must be at most 180 degrees, got \(maxTurnDegrees)")
        }
        guard teleportFactor.isFinite, teleportFactor > 1 else {
            throw MotionError("teleport factor must be a finite number greater than 1, got \(teleportFactor)")
        }
        try MotionError.requirePositive(teleportMinimumStep, "teleport minimum step (pt)")
        try MotionError.requirePositive(breakRatio, "break ratio")
        try MotionError.requirePositive(settleDistance, "settle distance (pt)")
        try MotionError.requirePositive(restSpeed, "rest speed (pt/s)")
        try MotionError.requirePositive(maxSnap, "max snap (pt)")
        try MotionError.requirePositive(maxIntegratorError, "max integrator error (pt)")
        try MotionError.requirePositive(maxFrameCostFraction, "max frame cost (fraction of the frame budget)")
        return self
    }
}
