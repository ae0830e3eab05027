import Foundation

/// A finger that drags the content `pull` past its edge and lets go: how far the content shows
/// past the edge, and its way back to the edge.
///
/// - `flutterBouncing`: a port of `BouncingScrollPhysics.applyPhysicsToUserOffset` and
///   `_applyFriction` (flutter/flutter `packages/flutter/lib/src/widgets/scroll_physics.dart`)
///   with `frictionFactor(f) = 0.52·(1 − f)²` (the normal rate), applied to the drag as pointer
///   events of `step` logical px each (the result depends on the step: each event's friction is
///   read at the overscroll before it; the first event from the edge itself is not resisted,
///   since the position is not yet out of range), then the release as `BouncingScrollSimulation`
///   from an out-of-range position: `ScrollSpringSimulation(spring, position, edge, velocity)`
///   with the default spring (mass 0.5, stiffness 100, ratio 1.1) and `toleranceFor`'s
///   tolerances.
/// - `uikit`, `uikitFast`: the displacement is ``RubberBand`` (c = 0.55, d the viewport: the
///   widely cited reverse-engineered form); the release is **a model, not a port**: the same
///   spring as Flutter's iOS imitation, at rest within 0.5 pt.
///
/// - `android`: the stretch (Android 12+, ``AndroidEdgeEffect``): `ScrollView.onTouchEvent` feeds
///   each pointer event of `step` px past the edge to `EdgeEffect.onPullDistance(step / height)`
///   with the viewport as the view's height, and the finger lifting (below the minimum fling
///   velocity) to `onRelease()`; then `draw()` runs the stretch spring once per frame. The content
///   is not scrolled past the edge; ``displacement`` is how far the stretch moves the content at
///   the far edge of the view (px), and the return depends on the frame clock (whole
///   milliseconds), so ``returnTime`` is read on a 1 ms clock and each frame rate's frames run
///   their own. (Before Android 12, and with `edgeEffectType="glow"`, the edge glows and the
///   content does not move: not modelled.)
public struct OverscrollPull: Sendable {
    public let platform: FlingPlatform
    /// How far the finger went past the edge (> 0).
    public let pull: Double
    /// The viewport's dimension along the drag (UIKit's d, Flutter's `viewportDimension`).
    public let viewport: Double
    /// The velocity at the release, away from the edge positive (unit/s).
    public let velocity: Double
    /// Flutter: logical px per pointer event.
    public let step: Double
    public let density: Double
    /// How far the content shows past the edge at the release.
    public let displacement: Double
    /// The spring back, in overscroll coordinates (the edge at 0); `nil` for android, whose
    /// stretch is stepped frame by frame (``edgeEffect``).
    public let motion: SpringMotion<Double>?
    /// Android: the `EdgeEffect` just after `onRelease()` at clock 0.
    public let edgeEffect: AndroidEdgeEffect?
    /// When the content is back at rest at the edge, s after the release.
    public let returnTime: Double

    /// - Throws: ``SpringError`` for a platform other than uikit, uikit-fast, flutter-bouncing or
    ///   android, a pull outside (0, 10⁶], a viewport outside (0, 10⁶] (android: [1, 10⁶]), a
    ///   velocity beyond ±100000 (android: other than 0, its release is modelled below the fling
    ///   threshold) or a step outside [max(0.01, pull/10⁶), pull].
    public init(platform: FlingPlatform, pull: Double, viewport: Double = 800, velocity: Double = 0, step: Double = 1, density: Double = 1) throws {
        guard [.uikit, .uikitFast, .flutterBouncing, .android].contains(platform) else {
            throw SpringError.outOfRange(
                values: "platform \(platform.rawValue)",
                reason: "a pull past the edge is modelled for uikit, uikit-fast, flutter-bouncing and android (\(platform.rawValue) stops at the edge)")
        }
        guard pull.isFinite, pull > 0, pull <= 1e6 else {
            throw SpringError.invalidParameter(name: "pull", value: pull, expected: "a distance past the edge in (0, 1000000]")
        }
        guard viewport.isFinite, viewport > 0, viewport <= 1e6 else {
            throw SpringError.invalidParameter(name: "viewport", value: viewport, expected: "a dimension in (0, 1000000]")
        }
        guard velocity.isFinite, abs(velocity) <= Fling.maximumSpeed else {
            throw SpringError.invalidParameter(name: "velocity", value: velocity, expected: "a finite speed within ±100000")
        }
        guard step.isFinite, step >= max(0.01, pull / 1e6), step <= pull else {
            throw SpringError.invalidParameter(name: "step", value: step, expected: "a pointer step from max(0.01, pull/1000000) to the pull")
        }
        guard density.isFinite, density >= 0.1, density <= 10 else {
            throw SpringError.invalidParameter(name: "density", value: density, expected: "a number from 0.1 to 10")
        }
        if platform == .android, velocity != 0 {
            throw SpringError.invalidParameter(
                name: "velocity", value: velocity,
                expected: "0 for android: its release is modelled as the finger lifting below the minimum fling velocity (onRelease)")
        }
        self.platform = platform
        self.pull = pull
        self.viewport = viewport
        self.velocity = velocity
        self.step = step
        self.density = density
        if platform == .android {
            var effect = try AndroidEdgeEffect(height: viewport)
            let delta = Float(step) / effect.height
            var remaining = pull
            // At most 10⁶ events (step ≥ pull/10⁶); their clock does not matter to the stretch
            // (onRelease restarts it at 0).
            while remaining > 0 {
                let d = min(step, remaining)
                remaining -= d
                effect.onPullDistance(d == step ? delta : Float(d) / effect.height, now: 0)
            }
            effect.onRelease(now: 0)
            edgeEffect = effect
            displacement = effect.displacement
            motion = nil
            // The first millisecond whose draw leaves the stretch at rest at the edge.
            var clock = effect
            var ms: Int64 = 0
            while ms < 600_000 {
                _ = clock.draw(now: ms)
                if clock.distance == 0, clock.velocity == 0 { break }
                ms += 1
            }
            returnTime = Double(ms) / 1000
            return
        }
        edgeEffect = nil
        if platform == .flutterBouncing {
            displacement = Self.flutterDisplacement(pull: pull, viewport: viewport, step: step)
        } else {
            displacement = try RubberBand(dimension: viewport).displacement(forOvershoot: pull)
        }
        let motion = try SpringMotion(spring: EdgeFling.flutterSpring, from: displacement, to: 0, initialVelocity: velocity)
        self.motion = motion
        if platform == .flutterBouncing {
            let distance = 1 / density, speed = 1 / (0.05 * density)
            returnTime = EdgeFling.firstTime(after: 0, limit: 60) { t in
                abs(motion.position(at: t)) < distance && abs(motion.velocity(at: t)) < speed
            }
        } else {
            returnTime = EdgeFling.returnTime(of: motion, within: UIKitDeceleration.stopDistance)
        }
    }

    /// The content past the edge after `pull` logical px of drag in events of `step`:
    /// `applyPhysicsToUserOffset` per event (tensioning, so `frictionFactor(overscroll /
    /// viewport)` and `_applyFriction(overscroll, step, friction)`).
    static func flutterDisplacement(pull: Double, viewport: Double, step: Double) -> Double {
        var overscroll = 0.0
        var remaining = pull
        // At most 10⁶ events: step ≥ pull / 10⁶.
        while remaining > 0 {
            let delta = min(step, remaining)
            remaining -= delta
            guard overscroll > 0 else {
                overscroll += delta  // not out of range: the offset applies whole
                continue
            }
            let friction = pow(1 - overscroll / viewport, 2) * 0.52
            let toLimit = overscroll / friction
            // _applyFriction: past deltaToLimit the rest of the event applies whole, after extentOutside.
            overscroll += delta < toLimit ? delta * friction : overscroll + (delta - toLimit)
        }
        return overscroll
    }

    /// Overscroll (past the edge, ≥ 0 unless the spring crosses) and velocity at `t` s after the
    /// release, and whether the platform is done (then the position is the edge, 0).
    /// Android: the stretch's displacement with `draw` run every millisecond up to ⌊1000·t⌋;
    /// its velocity is the displacement's rate between the last two milliseconds.
    public func state(at t: Double) -> (position: Double, velocity: Double, done: Bool) {
        if t >= returnTime { return (0, 0, true) }
        if var effect = edgeEffect {
            let end = Int64((max(t, 0) * 1000).rounded(.down))
            var previous = effect.displacement
            for ms in 0...end {
                previous = effect.displacement
                _ = effect.draw(now: ms)
            }
            return (effect.displacement, end == 0 ? 0 : (effect.displacement - previous) * 1000, false)
        }
        guard let motion else { return (0, 0, true) }
        return (motion.position(at: t), motion.velocity(at: t), false)
    }

    /// Frames from the release at `hz` to the first one where it is done.
    public func frames(hz: Int, maximumCount: Int = 100_000) -> [FlingFrame] {
        guard hz > 0, maximumCount > 0 else { return [] }
        if let edgeEffect {
            // The velocity is the displacement's rate over the clock's step to the frame.
            var previous = (displacement, Int64(0))
            return edgeEffect.frames(hz: hz, maximumCount: maximumCount).map { frame in
                defer { previous = (frame.displacement, frame.milliseconds) }
                let step = frame.index == 0 ? 0 : frame.displacement - previous.0
                let span = Double(frame.milliseconds - previous.1) / 1000
                return FlingFrame(index: frame.index, time: frame.time, position: frame.displacement,
                                  velocity: span > 0 ? step / span : 0, step: step)
            }
        }
        var frames: [FlingFrame] = []
        var previous = displacement
        for k in 0..<maximumCount {
            let t = Double(k) / Double(hz)
            let s = state(at: t)
            frames.append(FlingFrame(index: k, time: t, position: s.position, velocity: s.velocity, step: k == 0 ? 0 : s.position - previous))
            previous = s.position
            if s.done { break }
        }
        return frames
    }
}
