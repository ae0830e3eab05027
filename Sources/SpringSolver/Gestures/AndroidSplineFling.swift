import Foundation

/// Android's fling as `OverScroller` runs it: `android/widget/OverScroller.java`, class
/// `SplineOverScroller` (AOSP `platform_frameworks_base`, read at commit 050275cd83f4): the
/// static block that builds `SPLINE_POSITION`/`SPLINE_TIME` by bisection, the constructor's
/// `mPhysicalCoeff`, `fling(start, velocity, min, max, over)` for a fling that stays within its
/// bounds, `getSplineDeceleration`, `getSplineFlingDuration`, `getSplineFlingDistance` and the
/// `SPLINE` case of `update()`.
///
/// Android's own number types are kept, because they decide the digits: the velocity is an
/// `int` (px/s, truncated toward zero as a caller's `(int)` cast does), the constants and the
/// table are `float`, the logarithm and exponential `double`, the duration an `int` of
/// milliseconds, the distance an `int` of pixels and each position `start + Math.round(…)`, a
/// whole pixel. Lengths are physical pixels: `--density` sets `DisplayMetrics.density`, so
/// ppi = 160 × density and `mPhysicalCoeff` = 9.80665 × 39.37 × ppi × 0.84 (float).
///
/// Time is whole milliseconds, as `AnimationUtils.currentAnimationTimeMillis()` gives it: a
/// frame at t seconds asks `update()` at ⌊1000 t⌋ ms after the fling started.
public struct AndroidSplineFling: Sendable, Equatable {
    /// `DECELERATION_RATE = (float) (Math.log(0.78) / Math.log(0.9))`.
    public static let decelerationRate = Float(Foundation.log(0.78) / Foundation.log(0.9))
    /// `INFLEXION`: the tension lines cross at (0.35, 1).
    public static let inflexion: Float = 0.35
    static let startTension: Float = 0.5
    static let endTension: Float = 1.0
    static let p1: Float = startTension * inflexion
    static let p2: Float = 1.0 - endTension * (1.0 - inflexion)
    /// `NB_SAMPLES`.
    public static let sampleCount = 100
    /// `ViewConfiguration.getScrollFriction()`: `SCROLL_FRICTION = 0.015f`.
    public static let scrollFriction: Float = 0.015
    /// `SensorManager.GRAVITY_EARTH`, m/s².
    public static let gravityEarth: Float = 9.80665

    /// `SPLINE_POSITION` and `SPLINE_TIME`, 101 entries each, built once.
    public static let splineTable: (position: [Float], time: [Float]) = buildSplineTable()

    /// The velocity `fling` receives, px/s (an `int`).
    public let velocity: Int32
    /// `DisplayMetrics.density`.
    public let density: Float
    /// `mPhysicalCoeff`.
    public let physicalCoefficient: Float
    /// `mSplineDuration`, ms.
    public let splineDuration: Int32
    /// `mSplineDistance`, px (signed).
    public let splineDistance: Int32

    /// - Parameters:
    ///   - velocity: px/s; truncated toward zero to an `int`; |velocity| ≤ 10⁶.
    ///   - density: `DisplayMetrics.density`, 0.1…10.
    public init(velocity: Double, density: Double = 1) throws {
        guard velocity.isFinite, abs(velocity) <= 1e6 else {
            throw SpringError.invalidParameter(name: "velocity", value: velocity, expected: "a finite number of px/s within ±1000000")
        }
        guard density.isFinite, density >= 0.1, density <= 10 else {
            throw SpringError.invalidParameter(name: "density", value: density, expected: "a number from 0.1 to 10")
        }
        self.velocity = Int32(velocity.rounded(.towardZero))
        self.density = Float(density)
        let ppi = self.density * 160.0
        physicalCoefficient = Self.gravityEarth * 39.37 * ppi * 0.84
        guard self.velocity != 0 else {
            splineDuration = 0
            splineDistance = 0
            return
        }
        // getSplineDeceleration: float product and quotient, double logarithm.
        let l = Foundation.log(Double(Self.inflexion * Float(abs(self.velocity)) / (Self.scrollFriction * physicalCoefficient)))
        let decelerationMinusOne = Double(Self.decelerationRate) - 1.0
        splineDuration = Int32(1000.0 * exp(l / decelerationMinusOne))
        let total = Double(Self.scrollFriction * physicalCoefficient) * exp(Double(Self.decelerationRate) / decelerationMinusOne * l)
        splineDistance = Int32(total * Double(self.velocity.signum()))
    }

    /// The fling's travel, px (signed): `mFinal - mStart`.
    public var distance: Double { Double(splineDistance) }
    /// `mDuration`, s.
    public var duration: Double { Double(splineDuration) / 1000 }

    /// Position (whole px) and `mCurrVelocity` (px/s) `ms` whole milliseconds after the fling
    /// started. At 0 ms `update()` does no work (the position is the start, the velocity the
    /// fling's); past `mDuration` the scroller finishes at `mFinal` and stops.
    public func state(atMilliseconds ms: Int) -> (position: Double, velocity: Double) {
        guard ms > 0 else { return (0, Double(velocity)) }
        guard ms <= Int(splineDuration) else { return (Double(splineDistance), 0) }
        let (distanceCoefficient, velocityCoefficient) = Self.splineCoefficients(at: Float(ms) / Float(splineDuration))
        let travelled = Double(distanceCoefficient * Float(splineDistance))
        let speed = velocityCoefficient * Float(splineDistance) / Float(splineDuration) * 1000
        // Math.round(double): the nearest whole number, halves up.
        return ((travelled + 0.5).rounded(.down), Double(speed))
    }

    /// `SplineOverScroller.update()`'s `SPLINE` case: the fraction of the distance travelled and
    /// its slope at `t` (the fraction of the duration), linear in the 100-point spline table;
    /// (1, 0) past its last point. Shared by this fling and `EdgeFling`'s scroller, in `Float`
    /// as the source computes it.
    static func splineCoefficients(at t: Float) -> (distance: Float, velocity: Float) {
        let index = Int(Float(sampleCount) * t)
        guard index < sampleCount else { return (1, 0) }
        let table = splineTable.position
        let lower = Float(index) / Float(sampleCount)
        let upper = Float(index + 1) / Float(sampleCount)
        let velocity = (table[index + 1] - table[index]) / (upper - lower)
        return (table[index] + (t - lower) * velocity, velocity)
    }

    /// The cubic x(s) = 3s(1−s)((1−s)·a + s·b) + s³ on [0, 1].
    private static func cubic(_ s: Float, _ a: Float, _ b: Float) -> Float {
        let coefficient = 3.0 * s * (1.0 - s)
        return coefficient * ((1.0 - s) * a + s * b) + s * s * s
    }

    /// Bisection on [lower, 1] for the s whose `along(s)` is within 1e-5 of `target`; returns s
    /// (and moves `lower` to the last lower end, as the source carries it to the next sample).
    private static func bisect(_ target: Float, lower: inout Float, along: (Float) -> Float) -> Float {
        var upper: Float = 1.0
        while true {
            let s = lower + (upper - lower) / 2.0
            let value = along(s)
            if abs(Double(value - target)) < 1e-5 { return s }
            if value > target { upper = s } else { lower = s }
        }
    }

    private static func buildSplineTable() -> (position: [Float], time: [Float]) {
        var position = [Float](repeating: 0, count: sampleCount + 1)
        var time = [Float](repeating: 0, count: sampleCount + 1)
        var xLower: Float = 0
        var yLower: Float = 0
        for i in 0..<sampleCount {
            let alpha = Float(i) / Float(sampleCount)
            let x = bisect(alpha, lower: &xLower) { cubic($0, p1, p2) }
            position[i] = cubic(x, startTension, 1.0)
            let y = bisect(alpha, lower: &yLower) { cubic($0, startTension, 1.0) }
            time[i] = cubic(y, p1, p2)
        }
        position[sampleCount] = 1
        time[sampleCount] = 1
        return (position, time)
    }
}
