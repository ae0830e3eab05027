import Foundation

/// `UIScrollView`'s deceleration: the scroll velocity is multiplied by `decelerationRate` once
/// every millisecond. Apple documents the values (`UIScrollView.DecelerationRate.normal` = 0.998,
/// `.fast` = 0.99); that they apply per millisecond is the widely used reading, which Flutter's
/// `BouncingScrollSimulation` also takes (its drag 0.135 ≈ 0.998¹⁰⁰⁰ per second).
///
/// **The model is the per-millisecond form.** At the end of millisecond n (n ≥ 1) the velocity
/// is v₀·rⁿ and the offset is the sum of the steps so far, each the millisecond's velocity times
/// 1 ms: x(n) = (v₀/1000)·r·(1 − rⁿ)/(1 − r). Within a millisecond the offset moves at that
/// millisecond's velocity (linear between whole milliseconds). Its limit, the distance, is
/// (v₀/1000)·r/(1 − r): 499 pt from 1000 pt/s at 0.998.
///
/// **The continuous form** v(t) = v₀·r^(1000 t) gives x(t) = v₀/(1000·ln(1/r))·(1 − r^(1000 t)),
/// whose limit v₀/(1000·ln(1/r)) is 499.5 pt from 1000 pt/s (499.4998…). The two differ by
/// v₀/1000·(1/ln(1/r) − r/(1 − r)) ≈ v₀/2000: half a point per 1000 pt/s at either rate, because
/// the per-millisecond sum starts after the first multiplication. ``continuousDistance`` and
/// ``continuousPosition(atMilliseconds:)`` report it beside the model.
///
/// **Stop threshold (an assumption: Apple documents none).** The deceleration ends at the first
/// whole millisecond after which the offset has less than half a point left to travel (half a
/// pixel on a 1× screen); the position is then the limit. From 1000 pt/s at 0.998 that is
/// 3450 ms.
public struct UIKitDeceleration: Sendable, Equatable {
    /// `UIScrollView.DecelerationRate.normal`: velocity kept per millisecond.
    public static let normalRate = 0.998
    /// `UIScrollView.DecelerationRate.fast`.
    public static let fastRate = 0.99
    /// The remaining travel (pt) under which the deceleration is taken to have ended.
    public static let stopDistance = 0.5

    /// Initial velocity, pt/s (signed).
    public let velocity: Double
    /// Velocity kept per millisecond, in (0, 1).
    public let rate: Double
    /// Whole milliseconds until the remaining travel is below ``stopDistance``.
    public let stopMilliseconds: Int

    public init(velocity: Double, rate: Double) throws {
        guard velocity.isFinite else {
            throw SpringError.invalidParameter(name: "velocity", value: velocity, expected: "a finite number")
        }
        guard rate.isFinite, rate > 0, rate < 1 else {
            throw SpringError.invalidParameter(name: "rate", value: rate, expected: "a number between 0 and 1 exclusive")
        }
        self.velocity = velocity
        self.rate = rate
        // Remaining after n ms: |v₀|/1000 · r^(n+1)/(1 − r) < stopDistance.
        let first = abs(velocity) / 1000 * rate / (1 - rate)
        if first < Self.stopDistance {
            stopMilliseconds = 0
        } else {
            var n = Int((log(Self.stopDistance / first) / log(rate)).rounded(.down))
            n = max(0, n)
            // Settle the boundary exactly on the same expression as `remaining(after:)`.
            while Self.remaining(velocity, rate, after: n) >= Self.stopDistance { n += 1 }
            while n > 0, Self.remaining(velocity, rate, after: n - 1) < Self.stopDistance { n -= 1 }
            stopMilliseconds = n
        }
    }

    private static func remaining(_ velocity: Double, _ rate: Double, after n: Int) -> Double {
        abs(velocity) / 1000 * pow(rate, Double(n + 1)) / (1 - rate)
    }

    /// The limit of the per-millisecond sum, pt (signed): where the scroll view comes to rest —
    /// 0 for a fling whose whole travel is below ``stopDistance`` (it does not move).
    public var distance: Double { stopMilliseconds == 0 ? 0 : limit }

    /// The per-millisecond sum's limit, (v₀/1000)·r/(1 − r), pt (signed), however small.
    public var limit: Double { velocity / 1000 * rate / (1 - rate) }
    /// When the deceleration ends, s.
    public var duration: Double { Double(stopMilliseconds) / 1000 }

    /// Offset after `n` whole milliseconds of the per-millisecond form.
    public func position(afterMilliseconds n: Int) -> Double {
        velocity / 1000 * rate * (1 - pow(rate, Double(n))) / (1 - rate)
    }

    /// Offset (pt) and velocity (pt/s) at `ms` milliseconds after the release (a fling with
    /// less than ``stopDistance`` to travel does not move: velocity 0 from the start).
    public func state(atMilliseconds ms: Double) -> (position: Double, velocity: Double) {
        guard ms > 0 else { return (0, stopMilliseconds == 0 ? 0 : velocity) }
        if ms >= Double(stopMilliseconds) { return (distance, 0) }
        let whole = Int(ms.rounded(.down))
        let stepVelocity = velocity * pow(rate, Double(whole + 1))
        return (position(afterMilliseconds: whole) + (ms - Double(whole)) * stepVelocity / 1000, stepVelocity)
    }

    /// The continuous form's limit, v₀/(1000·ln(1/r)), pt.
    public var continuousDistance: Double { velocity / (1000 * log(1 / rate)) }

    /// The continuous form's offset at `ms` milliseconds: v₀/(1000·ln(1/r))·(1 − r^ms).
    public func continuousPosition(atMilliseconds ms: Double) -> Double {
        continuousDistance * (1 - pow(rate, max(0, ms)))
    }
}
