import Foundation

/// The UIKit mapping Framer reverse-engineered: framer-motion's duration-based spring
/// resolution (`findSpring` in `animation/generators/spring/find.ts`, "ported from the Framer
/// implementation of duration-based spring resolution"), with UIKit's duration and damping
/// ratio as its `duration` and `1 − bounce`.
///
/// Framer picks mass 1 and the natural frequency ω₀ at which an amplitude falls to
/// ε = 0.001 (`safeMin`) at the duration T:
/// - `ζ < 1`: `((ζω₀ − v)/ω_d)·e^(−ζω₀T) = ε`, ω_d = ω₀√(1 − ζ²) — the prefactor is the sine
///   coefficient of the unit-step motion, not its full envelope;
/// - `ζ = 1`: `((ω₀ − v)T + 1)·e^(−ω₀T) = ε`.
///
/// framer-motion resolves a duration spring with v = 0 (`findSpring({ ...options, velocity: 0 })`;
/// the velocity is applied to the motion afterwards), and so does this mapping. Then both
/// equations have closed or one-constant solutions:
/// - `ζ < 1`: `ζω₀T = ln(ζ / (ε√(1 − ζ²)))`, so `ω₀ = ln(ζ / (ε√(1 − ζ²))) / (ζT)`;
/// - `ζ = 1`: `ω₀T = x₁`, the root of `(1 + x)e^(−x) = ε` (x₁ ≈ 9.2335).
/// framer-motion finds ω₀ with 11 Newton steps from 5/T instead; the equation is concave and
/// increasing in ω₀ and the start lies below the root, so the steps climb to it monotonically
/// (for the menu's 0.8 s, ζ 0.6 from 6.25 to 13.79 rad/s; checked in the tests).
///
/// The menu's show spring (0.8 s, ζ 0.6): `ω₀ = ln(750)/0.48 = 13.79` rad/s, k = 190.2, c = 16.55
/// (the envelope mapping gives k = 207.1, c = 17.27).
///
/// Ranges, as framer-motion clamps them (`springDefaults.minDamping` 0.05, `maxDamping` 1):
/// a ratio above 1 (the menu's dismiss passes 100) is clamped to 1 and one below 0.05 to 0.05,
/// with a note; ζ ≤ 0 is refused, as under ``EnvelopeDecayMapping``. The duration is not
/// clamped (framer-motion keeps it in 0.01…10 s; UIKit takes any). The mapping jumps at
/// ζ = 1: as ζ → 1⁻ the sine prefactor ζ/√(1 − ζ²) grows without bound, so ω₀ does too
/// (about 24.9/T for ζ one ulp below 1), while ζ = 1 gives x₁/T. That is Framer's equation,
/// kept as is.
public struct FramerDurationMapping: UIKitSpringMapping, DerivedUIKitSpringMapping, Hashable {
    /// The amplitude left at the duration (framer-motion's `safeMin`).
    public static let epsilon = 0.001
    /// framer-motion's `springDefaults.minDamping`: smaller ratios are clamped up to it.
    public static let minimumDampingRatio = 0.05

    public static let `default` = FramerDurationMapping()

    public init() {}

    /// x₁ with `(1 + x₁)e^(−x₁) = ε`: ω₀T of a critically damped spring. `(1 + x)e^(−x)`
    /// decreases on x > 0 from 1 to 0, so bisection on [0, 64] (the value at 64 is 1e-26)
    /// converges to the double nearest the root.
    public static let criticalExponent: Double = {
        var low = 0.0, high = 64.0
        while true {
            let middle = (low + high) / 2
            guard middle > low, middle < high else { return middle }
            if log1p(middle) - middle > log(epsilon) { low = middle } else { high = middle }
        }
    }()

    /// ζω₀T for `0 < ζ < 1`: `ln(ζ / (ε√(1 − ζ²)))`, with `1 − ζ² = (1 − ζ)(1 + ζ)` (no
    /// cancellation as ζ → 1). Positive for ζ ≥ 0.05 (it is ln 50.06 there).
    static func underdampedExponent(_ zeta: Double) -> Double {
        log(zeta / (epsilon * ((1 - zeta) * (1 + zeta)).squareRoot()))
    }

    func derivedConversion(duration: Double, dampingRatio: Double) throws -> UIKitSpringConversion {
        let zeta = min(max(dampingRatio, Self.minimumDampingRatio), 1)
        let omega = zeta < 1 ? Self.underdampedExponent(zeta) / (zeta * duration) : Self.criticalExponent / duration
        let spring = try DampedSpring(mass: 1, naturalFrequency: omega, dampingRatio: zeta)
        let note: String?
        if dampingRatio > 1 {
            note = "damping ratio \(SpringError.format(dampingRatio)) is outside UIKit's 0…1; clamped to 1 (critically damped), as framer-motion clamps"
        } else if dampingRatio < Self.minimumDampingRatio {
            note = "damping ratio \(SpringError.format(dampingRatio)) is below framer-motion's minimum 0.05; clamped to 0.05"
        } else {
            note = nil
        }
        return UIKitSpringConversion(spring: spring, requestedDampingRatio: dampingRatio, appliedDampingRatio: zeta, note: note)
    }

    /// The inverse: `T = ln(ζ/(ε√(1 − ζ²)))/(ζω₀)`, or `x₁/ω₀` for a spring whose regime is
    /// critical (ζ within ``DampedSpring/criticalDampingTolerance`` of 1).
    ///
    /// - Throws: for ζ outside 0.05…1, which the forward mapping never produces.
    public func parameters(for spring: DampedSpring) throws -> (duration: Double, dampingRatio: Double) {
        let zeta = spring.dampingRatio, omega = spring.naturalFrequency
        let duration: Double
        if spring.isCriticallyDamped {
            duration = Self.criticalExponent / omega
        } else if zeta >= Self.minimumDampingRatio, zeta < 1 {
            duration = Self.underdampedExponent(zeta) / (zeta * omega)
        } else {
            throw SpringError.invalidParameter(
                name: "damping ratio", value: zeta, expected: "between 0.05 and 1 under Framer's UIKit mapping")
        }
        guard duration.isFinite, duration > 0 else {
            throw SpringError.invalidParameter(
                name: "natural frequency", value: omega, expected: "large enough for a finite UIKit duration under Framer's mapping")
        }
        return (duration, spring.isCriticallyDamped ? 1 : zeta)
    }
}
