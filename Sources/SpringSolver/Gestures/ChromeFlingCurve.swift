import Foundation

/// Chrome's fling on desktop touchscreens and touchpads: `ui::FlingCurve` in
/// `ui/events/gestures/fling_curve.cc` (Chromium), which
/// `ui/events/gestures/blink/web_gesture_curve_impl.cc` `CreateDefaultPlatformCurve` returns
/// unless the mobile (Android-style) scroller or the experimental `PhysicsBasedFlingCurve` is
/// enabled: `GetPositionAtTime`, `GetVelocityAtTime`, `GetTimeAtVelocity`, the constructor and
/// `ComputeScrollOffset`.
///
/// The curve is p(t) = α·e^(−γt) − βt − α with α = −5707.62, β = 172, γ = 3.7 (`float`
/// constants evaluated in `double`), whose speed α·(−γ)·e^(−γt) − β starts at 20946.19 px/s and
/// reaches 0 at `curve_duration_` ≈ 1.30 s. A fling enters the curve where its speed equals
/// the fling's (`time_offset_`), so a slower fling is the tail of a faster one; a speed above
/// the curve's start is clamped to it and the offsets are scaled by v/v_clamped
/// (`displacement_ratio_`). Offsets and velocities are `float`, px. Time is whole microseconds
/// (`base::TimeTicks`): a frame at t seconds is ⌊10⁶ t⌋ µs after the start.
public struct ChromeFlingCurve: Sendable, Equatable {
    static let alpha = Double(Float(-5.70762e+03))
    static let beta = Double(Float(1.72e+02))
    static let gamma = Double(Float(3.7e+00))

    static func positionAtTime(_ t: Double) -> Double { alpha * exp(-gamma * t) - beta * t - alpha }
    static func velocityAtTime(_ t: Double) -> Double { -alpha * gamma * exp(-gamma * t) - beta }
    static func timeAtVelocity(_ v: Double) -> Double { -log((v + beta) / (-alpha * gamma)) / gamma }

    /// Initial velocity, px/s (a `float`).
    public let velocity: Float
    /// `curve_duration_`, s.
    public let curveDuration: Double
    /// `time_offset_`, s.
    public let timeOffset: Double
    /// `position_offset_`, px.
    public let positionOffset: Double
    /// `displacement_ratio_` along the fling's axis.
    public let displacementRatio: Float

    public init(velocity: Double) throws {
        try requireFlingVelocity(velocity)
        self.velocity = Float(velocity)
        guard self.velocity != 0 else {
            throw SpringError.invalidParameter(name: "velocity", value: velocity, expected: "a speed a float holds above 0")
        }
        curveDuration = Self.timeAtVelocity(0)
        var maximum = abs(self.velocity)
        if Double(maximum) > Self.velocityAtTime(0) { maximum = Float(Self.velocityAtTime(0)) }
        displacementRatio = self.velocity / maximum
        timeOffset = Self.timeAtVelocity(Double(maximum))
        positionOffset = Self.positionAtTime(timeOffset)
    }

    /// When the curve ends, s: `curve_duration_ − time_offset_`.
    public var duration: Double { curveDuration - timeOffset }
    /// The offset at the end, px (signed).
    public var distance: Double { Double(displacementRatio * Float(Self.positionAtTime(curveDuration) - positionOffset)) }

    /// Offset and velocity `microseconds` after the start, as `ComputeScrollOffset` returns them.
    public func state(atMicroseconds microseconds: Int64) -> (position: Double, velocity: Double) {
        guard microseconds >= 0 else { return (0, 0) }
        let offsetTime = Double(microseconds) / 1_000_000 + timeOffset
        let offset: Float
        let speed: Float
        if offsetTime < curveDuration {
            offset = Float(Self.positionAtTime(offsetTime) - positionOffset)
            speed = Float(Self.velocityAtTime(offsetTime))
        } else {
            offset = Float(Self.positionAtTime(curveDuration) - positionOffset)
            speed = 0
        }
        return (Double(displacementRatio * offset), Double(displacementRatio * speed))
    }
}
