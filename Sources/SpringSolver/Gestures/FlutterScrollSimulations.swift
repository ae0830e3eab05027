import Foundation

/// Flutter's Android-style fling: `ClampingScrollSimulation` in
/// `packages/flutter/lib/src/widgets/scroll_simulation.dart` (flutter/flutter, read at commit
/// 095d6b964df0), the version rewritten to be ballistic while travelling Android's spline
/// distance: `_flingDuration()`, `_flingDistance()`, `x(time)`, `dx(time)`, `isDone(time)`.
///
/// Doubles throughout, logical pixels, seconds. With D = ln 0.78 / ln 0.9 (Android's
/// `DECELERATION_RATE`, here a double), the reference velocity `friction · physicalCoeff /
/// 0.35` with physicalCoeff = 9.80665 × 39.37 × 160 × 0.84 (logical pixels, so no density),
/// Android's duration T₀ = (|v|/reference)^(1/(D − 1)) s, this simulation's duration
/// T = D · 0.35 · T₀, its distance v·T/D, and x(t) = x₀ + distance · (1 − (1 − t/T)^D) with
/// t/T clamped to [0, 1]; it is done when t ≥ T.
public struct FlutterClampingFling: Sendable, Equatable {
    /// `_kDecelerationRate`.
    public static let decelerationRate = log(0.78) / log(0.9)
    /// `_kInflexion`.
    public static let inflexion = 0.35
    /// `_physicalCoeff`, logical px/s².
    public static let physicalCoefficient = 9.80665 * 39.37 * 160.0 * 0.84

    /// Initial velocity, logical px/s.
    public let velocity: Double
    /// `friction` (default 0.015, Android's scroll friction).
    public let friction: Double
    /// `_duration`, s.
    public let duration: Double
    /// `_distance`, logical px (signed).
    public let distance: Double

    public init(velocity: Double, friction: Double = 0.015) throws {
        try requireFlingVelocity(velocity)
        guard friction.isFinite, friction > 0 else {
            throw SpringError.invalidParameter(name: "friction", value: friction, expected: "a positive finite number")
        }
        self.velocity = velocity
        self.friction = friction
        let reference = friction * Self.physicalCoefficient / Self.inflexion
        let androidDuration = pow(abs(velocity) / reference, 1 / (Self.decelerationRate - 1.0))
        duration = Self.decelerationRate * Self.inflexion * androidDuration
        distance = velocity * duration / Self.decelerationRate
    }

    /// Offset and velocity `time` seconds after the release.
    public func state(at time: Double) -> (position: Double, velocity: Double) {
        let t = min(max(time / duration, 0), 1)
        return (distance * (1.0 - pow(1.0 - t, Self.decelerationRate)),
                velocity * pow(1.0 - t, Self.decelerationRate - 1.0))
    }
}

/// Flutter's iOS-style fling within the scroll extent: the friction part of
/// `BouncingScrollSimulation` (`packages/flutter/lib/src/widgets/scroll_simulation.dart`, read
/// at commit 095d6b964df0: `FrictionSimulation(0.135, position, velocity, constantDeceleration:
/// 0)` — 0.135 ≈ 0.998¹⁰⁰⁰, UIKit's normal rate per second), i.e. `FrictionSimulation` in
/// `packages/flutter/lib/src/physics/friction_simulation.dart` with no constant deceleration:
/// x(t) = x₀ + v·0.135^t/ln 0.135 − v/ln 0.135 up to `_finalTime` and `finalX` after it,
/// dx(t) = v·0.135^t (0 after `_finalTime`); `_finalTime` is the constructor's ten Newton
/// steps from 0 on dx(t) = 0 (each step adds −1/ln 0.135, so about 4.99 s); done when
/// |dx(t)| < the tolerance's velocity.
///
/// The tolerance is `ScrollPhysics.toleranceFor`'s: velocity 1/(0.050 · devicePixelRatio)
/// logical px/s (20 px/s at a ratio of 1), so `--density` is the device pixel ratio here.
/// The fling's end (``duration``) is when `isDone` starts to hold: the time the velocity falls
/// to the tolerance, or `_finalTime` if that comes first. ``distance`` is x there. The
/// `AnimationController` driving it stops at the first frame where `isDone` holds and leaves the
/// offset at x of that frame's time, so the resting offset depends on the frame rate (x still
/// moves about tolerance/ln(1/0.135) ≈ 10 px after ``duration`` at a ratio of 1):
/// ``state(at:)`` keeps following x past ``duration`` with velocity 0, and frames end at the
/// first frame at or past it.
public struct FlutterBouncingFling: Sendable, Equatable {
    /// The drag: UIKit's 0.998 per millisecond is 0.998¹⁰⁰⁰ ≈ 0.135 per second.
    public static let drag = 0.135

    /// Initial velocity, logical px/s.
    public let velocity: Double
    /// The device pixel ratio the tolerance is computed for.
    public let devicePixelRatio: Double
    /// `tolerance.velocity`, logical px/s.
    public let toleranceVelocity: Double
    /// `_finalTime`, s.
    public let finalTime: Double
    /// When `isDone` first holds, s.
    public let duration: Double

    public init(velocity: Double, devicePixelRatio: Double = 1) throws {
        try requireFlingVelocity(velocity)
        guard devicePixelRatio.isFinite, devicePixelRatio >= 0.1, devicePixelRatio <= 10 else {
            throw SpringError.invalidParameter(name: "density", value: devicePixelRatio, expected: "a number from 0.1 to 10")
        }
        self.velocity = velocity
        self.devicePixelRatio = devicePixelRatio
        toleranceVelocity = 1.0 / (0.050 * devicePixelRatio)
        let dragLog = log(Self.drag)
        var guess = 0.0
        for _ in 0..<10 {
            guess -= (velocity * pow(Self.drag, guess)) / (velocity * pow(Self.drag, guess) * dragLog)
        }
        finalTime = guess
        // |v|·drag^t < tolerance  ⇔  t > ln(tolerance/|v|)/ln(drag).
        let crossing = abs(velocity) < toleranceVelocity ? 0 : log(toleranceVelocity / abs(velocity)) / dragLog
        duration = min(crossing, finalTime)
    }

    /// `x(time)` relative to the start, logical px.
    public func position(at time: Double) -> Double {
        let dragLog = log(Self.drag)
        if time > finalTime { return -velocity / dragLog }
        return velocity * pow(Self.drag, time) / dragLog - velocity / dragLog
    }

    /// `dx(time)`, logical px/s.
    public func speed(at time: Double) -> Double {
        time > finalTime ? 0 : velocity * pow(Self.drag, time)
    }

    /// Where the fling ends: x at ``duration``, logical px (signed).
    public var distance: Double { position(at: duration) }

    /// x and dx `time` seconds after the release; from ``duration`` on, the velocity is 0 (the
    /// controller has stopped) and the offset is x at that time, where a frame there leaves it.
    public func state(at time: Double) -> (position: Double, velocity: Double) {
        let t = max(0, time)
        return (position(at: t), t >= duration ? 0 : speed(at: t))
    }
}
