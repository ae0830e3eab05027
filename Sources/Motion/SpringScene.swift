import BezierKernels
import Foundation  // hypot
import SpringSolver

/// The shape the menu demo redraws every frame: a `width × (height + 100)` block whose top edge
/// is a quadratic from (0, 0) to (width, 0) with control (width/2, offset).
public struct MenuShape: Sendable, Hashable {
    public let width: Double
    public let height: Double

    public init(width: Double, height: Double) throws(MotionError) {
        try MotionError.requirePositive(width, "menu width (pt)")
        try MotionError.requirePositive(height, "menu height (pt)")
        self.width = width
        self.height = height
    }

    /// The demo's `updatePath()`: top edge quadratic with control (w/2, offset), sides
    /// quadratics with zero horizontal offset, bottom at `height + 100`, closed.
    public func path(offset: Double) -> Path {
        let w = width
        let h = height
        let elements: [PathElement] = [
            .move(to: Point(0, 0)),
            .quadCurve(to: Point(w, 0), control: Point(w * 0.5, offset)),
            .quadCurve(to: Point(w, h + 100), control: Point(w, h * 0.5)),
            .quadCurve(to: Point(0, h + 100), control: Point(w * 0.5, h + 100)),
            .quadCurve(to: Point(0, 0), control: Point(0, h * 0.5)),
            .close,
        ]
        return (try? Path(elements: elements)) ?? Path()
    }

    /// How far the middle of the top edge sits from the straight edge: a quadratic with its
    /// control `offset` away peaks at half of it (B(½) = ¼P₀ + ½P₁ + ¼P₂).
    @inlinable
    public static func apex(offset: Double) -> Double { 0.5 * offset }
}

/// One frame of a spring scene: what the demo's display-link `tick` computes.
public struct SpringFrame: Sendable, Hashable {
    public let time: Double
    /// The presented (on-screen) value, points.
    public let presented: Double
    /// `model − presented`, positive values scaled by the scene's `positiveOffsetScale`.
    public let offset: Double
    /// The shape rebuilt from the offset, for the menu; `nil` for a plain spring.
    public let shape: Path?
}

/// A one-dimensional spring animation seen the way the menu demo sees it: a model value set at
/// once to the target, a presented value that follows the spring, and their difference.
public struct SpringScene: Sendable {
    /// The scene's name (`menu-show`, `menu-dismiss`, or a user's).
    public let name: String
    /// The exact motion of the presented value (absolute points, points per second).
    public let motion: SpringMotion<Double>
    /// When Core Animation removes the animation (its duration), if it is a UIKit animation.
    public let animationDuration: Double?
    /// The factor applied to positive offsets (0.2 in the menu's `tick`, 1 for a plain spring).
    public let positiveOffsetScale: Double
    /// The menu's redrawn shape, if any.
    public let shape: MenuShape?
    /// The longest time simulated while waiting for the stop condition, seconds.
    public let maximumSimulatedTime: Double
    /// How the scene was set up (e.g. how a damping ratio was treated).
    public let notes: [Note]
    /// Whether the scene's redraw loop stops on `offset == 0` exactly, as the menu demo's display
    /// link does: then a stop that never fires, or snaps, is a flaw. A user's spring has no such
    /// loop (its engine stops it at its own rest threshold): the stop is reported, not judged.
    public let stopsOnExactOffset: Bool
    /// When set, the redraw loop stops at the first frame where the motion is at rest (within
    /// `distance` of the target and slower than `speed`) instead of at `offset == 0`, and draws
    /// the flat edge from then on: the stop flattens the wave by at most `distance`.
    public let restStop: RestCriteria?
    /// When set, the redrawn wave grows from zero: its offset is drawn times `min(t / waveGrowth, 1)`
    /// (seconds), instead of at full size in the first frame.
    public let waveGrowth: Double?

    /// The largest distance from the origin a spring scene's positions may reach, points: the
    /// same 10⁷ pt as a path's coordinates (`PathMotion.maximumCoordinate`), for the same reason:
    /// beyond it rounding, not the motion, shapes the frames (a spring to 1e300 would even
    /// overflow its steps).
    public static let maximumPosition = PathMotion.maximumCoordinate

    /// The longest animation duration (Core Animation's, for the stop modelled as the animation
    /// removed at its duration) a scene may have, seconds: 1000 s, which the validation samples
    /// frame by frame up to `Validation.maximumFrames` (10⁶) at `bench`'s fastest rate (1000 Hz).
    /// A longer one is a typo; 1e20 s would not even give a frame count that fits an `Int`.
    public static let maximumAnimationDuration = 1000.0

    /// How far from the origin the motion can go within `time` seconds, points: the target plus
    /// the largest excursion from it. Damping only removes energy, so
    /// `½v² + ½ω₀²x² ≤ ½v₀² + ½ω₀²x₀²` bounds the excursion by `√(x₀² + (v₀/ω₀)²)`; by linearity
    /// it is also at most |x₀| (released at rest, the spring never passes its start's distance)
    /// plus `|v₀|·time` (launched from the target, its speed never exceeds |v₀|).
    static func reach(of motion: SpringMotion<Double>, within time: Double) -> Double {
        let x0 = abs(motion.initialPosition - motion.target)
        let v0 = abs(motion.initialVelocity)
        let excursion = Swift.min(hypot(x0, v0 / motion.spring.naturalFrequency), x0 + v0 * time)
        return abs(motion.target) + excursion
    }

    /// A spring scene.
    /// - Throws: `MotionError` for a non-positive `maximumSimulatedTime` or `animationDuration`,
    ///   an `animationDuration` above `maximumAnimationDuration`, a negative or non-finite scale, or a motion that can reach beyond `maximumPosition`.
    public init(
        name: String, motion: SpringMotion<Double>, animationDuration: Double? = nil,
        positiveOffsetScale: Double = 1, shape: MenuShape? = nil, maximumSimulatedTime: Double = 10,
        notes: [Note] = [], stopsOnExactOffset: Bool = true, restStop: RestCriteria? = nil, waveGrowth: Double? = nil
    ) throws(MotionError) {
        if let waveGrowth { try MotionError.requirePositive(waveGrowth, "wave growth (s)") }
        if let animationDuration {
            try MotionError.requirePositive(animationDuration, "animation duration (s)")
            guard animationDuration <= Self.maximumAnimationDuration else {
                throw MotionError(
                    "animation duration (s) must be at most \(compact(Self.maximumAnimationDuration)) s (its stop is sampled frame by frame), got \(compact(animationDuration))",
                    subject: "animation duration (s)", value: animationDuration)
            }
        }
        try MotionError.requireNonNegative(positiveOffsetScale, "positive offset scale")
        try MotionError.requirePositive(maximumSimulatedTime, "maximum simulated time (s)")
        // The launch's acceleration −(k·x₀ + c·v₀)/m is reported (and the frames step by it):
        // a stiffness of 1e308 made it infinite.
        let spring = motion.spring
        let offset = motion.initialPosition - motion.target
        let acceleration = -(spring.stiffness * offset + spring.damping * motion.initialVelocity) / spring.mass
        guard acceleration.isFinite else {
            throw MotionError(
                "spring of stiffness \(compact(spring.stiffness)), damping \(compact(spring.damping)) and mass \(compact(spring.mass)) launches from \(compact(offset)) pt off its target at \(compact(motion.initialVelocity)) pt/s with an acceleration beyond ±1.8e+308 pt/s²: soften the spring or shorten the move",
                subject: "launch acceleration (pt/s²)", value: acceleration)
        }
        let reach = Self.reach(of: motion, within: maximumSimulatedTime)
        guard reach <= Self.maximumPosition else {
            throw MotionError(
                "spring from \(compact(motion.initialPosition)) to \(compact(motion.target)) pt at \(compact(motion.initialVelocity)) pt/s can reach \(compact(reach)) pt from the origin; validation needs positions within ±\(compact(Self.maximumPosition)) pt (beyond, rounding shapes the frames, not the motion)",
                subject: "spring reach (pt)", value: reach)
        }
        self.name = name
        self.motion = motion
        self.animationDuration = animationDuration
        self.positiveOffsetScale = positiveOffsetScale
        self.shape = shape
        self.maximumSimulatedTime = maximumSimulatedTime
        self.notes = notes
        self.stopsOnExactOffset = stopsOnExactOffset
        self.restStop = restStop
        self.waveGrowth = waveGrowth
    }

    /// Whether the exact motion is at rest at `t` under `criteria`: within `distance` of the
    /// target and slower than `speed`.
    public func isAtRest(at t: Double, _ criteria: RestCriteria) -> Bool {
        abs(motion.target - motion.position(at: t)) <= criteria.distance && abs(motion.velocity(at: t)) <= criteria.speed
    }

    /// Whether the redraw loop's stop condition holds at `t` on the exact spring: `offset == 0`,
    /// or at rest with a `restStop`.
    public func stopHolds(at t: Double) -> Bool {
        if let restStop { return isAtRest(at: t, restStop) }
        return offset(at: t) == 0
    }

    /// The offset the redraw loop draws at `t`: `offset(at:)` grown from zero over `waveGrowth`.
    public func drawnOffset(at t: Double, model: StopCondition.Model = .continuousSpring) -> Double {
        let raw = offset(at: t, model: model)
        guard let waveGrowth else { return raw }
        return raw * min(max(t, 0) / waveGrowth, 1)
    }

    /// The target (the model value), points.
    public var target: Double { motion.target }

    /// The presented value at `t` under a stop model: the exact spring, or (animation removed)
    /// the model value from `animationDuration` on.
    @inlinable
    public func presented(at t: Double, model: StopCondition.Model = .continuousSpring) -> Double {
        if model == .animationRemovedAtDuration, let end = animationDuration, t >= end { return motion.target }
        return motion.position(at: t)
    }

    /// The demo's offset at `t`: `model − presented`, positive values times `positiveOffsetScale`.
    @inlinable
    public func offset(at t: Double, model: StopCondition.Model = .continuousSpring) -> Double {
        let raw = motion.target - presented(at: t, model: model)
        return raw > 0 ? raw * positiveOffsetScale : raw
    }

    /// One frame as the demo's `tick` computes it (the cheap per-frame function, `scene/menu-frame`):
    /// the presented value, the offset, and the shape path rebuilt from it.
    public func frame(at t: Double, model: StopCondition.Model = .continuousSpring) -> SpringFrame {
        let value = presented(at: t, model: model)
        let raw = motion.target - value
        var offset = raw > 0 ? raw * positiveOffsetScale : raw
        if let waveGrowth { offset *= min(max(t, 0) / waveGrowth, 1) }
        return SpringFrame(time: t, presented: value, offset: offset, shape: shape?.path(offset: offset))
    }
}

/// The bouncing menu seed scene (docs/seed-scenes.md; numbers from the
/// Hokusai library behind it).
public enum MenuBounce {
    /// Show (slide up with a bounce) or dismiss (slide back down).
    public enum Phase: String, Sendable, CaseIterable {
        case show
        case dismiss
    }

    /// The viewport, points (iPhone 375 × 667).
    public static let viewport = SIMD2<Double>(375, 667)
    /// Two buttons and Cancel, 48 pt each, with 16 pt around and between: 4·16 + 3·48 = 208 pt.
    public static let menuHeight = 4 * 16 + 3 * 48.0
    /// `HOKConsts.animationDuration`, seconds.
    public static let duration = 0.8
    /// `initialSpringVelocity` of both animations (distance per second, UIKit's unit).
    public static let initialSpringVelocity = 0.6
    /// The offset scale in `tick` for positive offsets.
    public static let positiveOffsetScale = 0.2

    /// The damping ratio the library passes: 0.6 to show, 100 to dismiss.
    public static func dampingRatio(_ phase: Phase) -> Double { phase == .show ? 0.6 : 100 }

    /// The menu's top y when shown (667 − 208 = 459) and hidden (667).
    public static let shownY = viewport.y - menuHeight
    public static let hiddenY = viewport.y

    /// The phase's motion under one UIKit mapping: its spring, when it overshoots and when it
    /// settles (its move's rest criteria, `SpringMotion.restCriteria`: for the menu's 208 pt
    /// move, the 0.5 pt cap).
    public struct MappingOutcome: Sendable, Hashable {
        /// `envelope` or `framer` (the command line's `--uikit-mapping` names).
        public let mapping: String
        public let spring: DampedSpring
        /// The overshoot's time (s), 0 with no overshoot.
        public let overshootTime: Double
        public let settleTime: Double
    }

    /// The phase under each UIKit mapping SpringSolver knows — the default envelope decay and
    /// Framer's (`FramerDurationMapping`) — since UIKit does not document how the duration
    /// sets the stiffness: for the show, k 207.11 vs 190.21, so the overshoot comes 0.012 s
    /// and the settling 0.029 s later under Framer's.
    public static func mappingOutcomes(_ phase: Phase) throws -> [MappingOutcome] {
        let from = phase == .show ? hiddenY : shownY
        let to = phase == .show ? shownY : hiddenY
        let parameters = try UIKitSpringParameters(
            duration: duration, dampingRatio: dampingRatio(phase), initialSpringVelocity: initialSpringVelocity)
        let mappings: [(String, any UIKitSpringMapping)] = [("envelope", EnvelopeDecayMapping.default), ("framer", FramerDurationMapping.default)]
        return try mappings.map { name, mapping in
            let motion = try parameters.motion(from: from, to: to, mapping: mapping)
            return MappingOutcome(mapping: name, spring: motion.spring, overshootTime: motion.overshoot.time, settleTime: motion.settleTime())
        }
    }

    /// The scene for `phase`, with the spring from a UIKit mapping (default: SpringSolver's
    /// `EnvelopeDecayMapping.default`: mass 1, ω₀ such that the envelope decays to 0.001 of the
    /// distance at the duration, a damping ratio above 1 clamped to 1). How the mapping treated
    /// the damping ratio (the dismiss passes 100) is in the scene's `notes`.
    ///
    /// Positive offsets are scaled by 0.2 on dismiss only, as docs/seed-scenes.md specifies. (A reading of
    /// the library's `tick` suggests it scales every positive offset, the show's overshoot too;
    /// that could not be confirmed here, so the contract is followed.)
    public static func scene(
        _ phase: Phase, mapping: any UIKitSpringMapping = EnvelopeDecayMapping.default
    ) throws(MotionError) -> SpringScene {
        let from = phase == .show ? hiddenY : shownY
        let to = phase == .show ? shownY : hiddenY
        let motion: SpringMotion<Double>
        var notes: [Note] = []
        do {
            let parameters = try UIKitSpringParameters(
                duration: duration, dampingRatio: dampingRatio(phase), initialSpringVelocity: initialSpringVelocity)
            let conversion = try parameters.conversion(mapping: mapping)
            if let note = conversion.note { notes.append(.scene(note)) }
            notes.append(
                .uikitSpring(
                    duration: duration, dampingRatio: dampingRatio(phase), velocity: initialSpringVelocity,
                    spring: conversion.spring))
            motion = try SpringMotion(
                spring: conversion.spring, from: from, to: to,
                initialVelocity: parameters.initialVelocity(from: from, to: to))
            notes.append(.uikitMappings(try mappingOutcomes(phase)))
        } catch {
            throw MotionError("menu spring could not be built: \(error)")
        }
        return try SpringScene(
            name: "menu-\(phase.rawValue)", motion: motion, animationDuration: duration,
            positiveOffsetScale: phase == .dismiss ? positiveOffsetScale : 1,
            shape: MenuShape(width: viewport.x, height: menuHeight), notes: notes)
    }
}
