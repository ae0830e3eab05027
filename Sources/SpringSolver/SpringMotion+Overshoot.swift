import Foundation  // atan2, atanh

/// The largest excursion of a 1-D spring motion past its target, in the direction of travel.
public struct SpringOvershoot: Sendable, Equatable {
    /// How far past the target, points (≥ 0; 0 when the motion never passes it).
    public let distance: Double
    /// When, seconds (0 with no overshoot).
    public let time: Double
}

extension SpringMotion where V == Double {
    /// The largest excursion past the target in the direction of travel, and when.
    ///
    /// The direction of travel is from the start toward the target (the initial velocity's
    /// sign when the motion starts on the target). Found in closed form at the zeros of the
    /// velocity `v(t) = e^(−λt)(v₀·C(t) − B·S(t))`, `B = λv₀ + ω₀²d₀` (``DampedSpring/transition(over:)``):
    /// - underdamped: `tan(ω_d t) = ω_d·v₀/B`, so the extrema are at `t_k = (θ + kπ)/ω_d` with
    ///   `θ = atan2(ω_d·v₀, B)` taken in [0, π). They alternate sides of the target and their
    ///   distances shrink by `e^(−λπ/ω_d)` each (undamped: stay equal), so the largest
    ///   overshoot is at the first extremum past the target: one of the first two `t_k > 0`.
    /// - critically or overdamped: at most one extremum, where `tanh(μt)/μ = v₀/B` (`t = v₀/B`
    ///   when critical).
    /// Exact up to rounding, however long the motion takes to settle (a lightly damped spring's
    /// first peak can come thousands of periods before its settle time).
    ///
    ///     let motion = try SpringMotion(spring: try DampedSpring(mass: 1, stiffness: 100, damping: 10),
    ///                                   from: 0, to: 100, initialVelocity: 0)
    ///     print(motion.overshoot.distance.rounded())   // 16.0 (ζ = 0.5: e^(−π/√3) of 100 pt)
    ///
    /// - Complexity: O(1): at most two closed-form evaluations.
    public var overshoot: SpringOvershoot {
        let d0 = initialPosition - target, v0 = initialVelocity
        guard d0 != 0 || v0 != 0 else { return SpringOvershoot(distance: 0, time: 0) }
        let direction: Double = d0 != 0 ? (d0 < 0 ? 1 : -1) : (v0 > 0 ? 1 : -1)
        let s = spring
        let b = s.decayRate * v0 + s.stiffnessPerMass * d0
        var candidates: [Double] = []
        if s.dampingRatio < 1 {
            let omega = s.dampedFrequency
            var theta = atan2(omega * v0, b)
            if theta < 0 { theta += .pi }
            if theta >= .pi { theta -= .pi }
            candidates = (0..<3).map { (theta + Double($0) * .pi) / omega }.filter { $0 > 0 && $0.isFinite }.prefix(2).map { $0 }
        } else if b != 0 {
            let r = v0 / b, mu = s.frequencySpread
            if r > 0 {
                let t = mu > 0 ? (mu * r < 1 ? atanh(mu * r) / mu : .infinity) : r
                if t.isFinite { candidates = [t] }
            }
        }
        var best = SpringOvershoot(distance: 0, time: 0)
        for t in candidates {
            let past = (position(at: t) - target) * direction
            if past > best.distance { best = SpringOvershoot(distance: past, time: t) }
        }
        return best
    }

    /// `count` times evenly spaced from 0 to `settleTime` (both included), or over two periods
    /// when the motion never settles (undamped, `settleTime` infinite) or is at rest from the
    /// start (`settleTime` 0): the times worth showing a reader of this motion.
    /// - Parameter settleTime: ``settleTime(_:)``, passed in because it costs up to 10⁶
    ///   closed-form evaluations.
    /// - Complexity: O(count).
    public func sampleTimes(count: Int = 10, settleTime settle: Double) -> [Double] {
        let end = settle.isFinite && settle > 0 ? settle : 2 * spring.period
        return (0..<count).map { end * Double($0) / Double(count - 1) }
    }
}
