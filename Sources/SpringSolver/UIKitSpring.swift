import Foundation

/// How UIKit's `(duration, dampingRatio)` becomes a physical spring.
///
/// UIKit (`UIView.animate(withDuration:delay:usingSpringWithDamping:initialSpringVelocity:…)`,
/// `UIViewPropertyAnimator(duration:dampingRatio:)`) documents the damping ratio ("to smoothly
/// decelerate the animation without oscillation, specify a value of 1; values closer to 0
/// create … more oscillation") but not how the duration sets the stiffness. A mapping makes
/// that choice explicit and swappable; ``EnvelopeDecayMapping`` is the default and
/// ``FramerDurationMapping`` is the one Framer reverse-engineered (for the menu's 0.8 s, ζ 0.6:
/// k 207.1 vs 190.2).
public protocol UIKitSpringMapping: Sendable {
    /// The spring for a UIKit duration (s) and damping ratio, with a note on any adjustment.
    func conversion(duration: Double, dampingRatio: Double) throws -> UIKitSpringConversion
    /// The UIKit duration and damping ratio that give `spring`'s motion (the inverse).
    func parameters(for spring: DampedSpring) throws -> (duration: Double, dampingRatio: Double)
}

/// A mapping that derives the spring from a checked duration and damping ratio; the checks and
/// the wording of an overflow (in the UIKit values given) are shared by every such mapping.
protocol DerivedUIKitSpringMapping: UIKitSpringMapping {
    /// The spring for `duration` (positive, finite) and `dampingRatio` (positive, finite).
    func derivedConversion(duration: Double, dampingRatio: Double) throws -> UIKitSpringConversion
}

extension DerivedUIKitSpringMapping {
    public func conversion(duration: Double, dampingRatio: Double) throws -> UIKitSpringConversion {
        do {
            let duration = try Check.positive(duration, "duration")
            guard dampingRatio.isFinite, dampingRatio > 0 else {
                throw SpringError.invalidParameter(
                    name: "damping ratio", value: dampingRatio, expected: "a positive finite number (UIKit's range is 0…1)")
            }
            return try derivedConversion(duration: duration, dampingRatio: dampingRatio)
        } catch let error as SpringError {
            // A derived ω₀ or stiffness that overflows: say so in the UIKit values given.
            throw SpringParameters.uikit(duration: duration, dampingRatio: dampingRatio).rephrased(error)
        }
    }
}

/// The result of a UIKit conversion: the spring, and how the damping ratio was treated.
public struct UIKitSpringConversion: Sendable, Hashable {
    public var spring: DampedSpring
    /// The damping ratio as given.
    public var requestedDampingRatio: Double
    /// The damping ratio of ``spring``.
    public var appliedDampingRatio: Double
    /// One line on what was adjusted and why (e.g. a ratio above 1 clamped), `nil` if nothing.
    public var note: String?
}

/// The default UIKit mapping: mass 1, and the natural frequency such that the motion's
/// envelope has decayed to `residual` (default 0.001) of the distance at `duration`.
///
/// For `0 < ζ ≤ 1` the envelope is `e^(−ζω₀t)`, so `ω₀ = ln(1/residual) / (ζ·duration)`.
///
/// UIKit's damping ratio is meant for `0…1`. Outside:
/// - `ζ ≤ 0` (or not finite) is rejected: an undamped envelope never decays, so no ω₀ fits.
/// - `ζ > 1` (the menu's dismiss passes 100) follows ``overdamping``:
///   - ``Overdamping/clampToCritical`` (default): ζ is clamped to 1 and the note says so — the
///     ratio UIKit documents as "smoothly decelerate without oscillation", and no stiffer ODE
///     than the duration asks for;
///   - ``Overdamping/slowestMode``: ζ is kept and ω₀ is chosen so the slowest mode
///     `e^(−(ζ − √(ζ² − 1))ω₀t)` decays to `residual` at `duration`:
///     `ω₀ = ln(1/residual)·(ζ + √(ζ² − 1)) / duration`. For ζ = 100 and 0.8 s this is
///     ω₀ ≈ 1727 rad/s, a stiff system (fast mode ≈ 3.5·10⁵ /s) that explicit integrators
///     cannot step at 60 Hz.
public struct EnvelopeDecayMapping: UIKitSpringMapping, DerivedUIKitSpringMapping, Hashable {
    public enum Overdamping: String, Sendable, CaseIterable {
        case clampToCritical = "clamp"
        case slowestMode = "slowest-mode"
    }

    /// The fraction of the distance left in the envelope at `duration` (0 < residual < 1).
    public let residual: Double
    public let overdamping: Overdamping

    public static let `default` = EnvelopeDecayMapping(uncheckedResidual: 0.001, overdamping: .clampToCritical)

    public init(residual: Double = 0.001, overdamping: Overdamping = .clampToCritical) throws {
        guard residual.isFinite, residual > 0, residual < 1 else {
            throw SpringError.invalidParameter(name: "residual", value: residual, expected: "a number between 0 and 1")
        }
        self.residual = residual
        self.overdamping = overdamping
    }

    init(uncheckedResidual residual: Double, overdamping: Overdamping) {
        self.residual = residual
        self.overdamping = overdamping
    }

    func derivedConversion(duration: Double, dampingRatio: Double) throws -> UIKitSpringConversion {
        let logResidual = -log(residual)
        if dampingRatio <= 1 {
            let omega = logResidual / (dampingRatio * duration)
            let spring = try DampedSpring(mass: 1, naturalFrequency: omega, dampingRatio: dampingRatio)
            return UIKitSpringConversion(spring: spring, requestedDampingRatio: dampingRatio,
                                         appliedDampingRatio: dampingRatio, note: nil)
        }
        switch overdamping {
        case .clampToCritical:
            let spring = try DampedSpring(mass: 1, naturalFrequency: logResidual / duration, dampingRatio: 1)
            return UIKitSpringConversion(
                spring: spring, requestedDampingRatio: dampingRatio, appliedDampingRatio: 1,
                note: "damping ratio \(SpringError.format(dampingRatio)) is outside UIKit's 0…1; clamped to 1 (critically damped)")
        case .slowestMode:
            // (ζ − 1)(ζ + 1) overflows for ζ ≳ 1e154: then √(ζ − 1)·√(ζ + 1).
            let product = (dampingRatio - 1) * (dampingRatio + 1)
            let spread = product.isFinite ? product.squareRoot() : (dampingRatio - 1).squareRoot() * (dampingRatio + 1).squareRoot()
            let omega = logResidual * (dampingRatio + spread) / duration
            let spring = try DampedSpring(mass: 1, naturalFrequency: omega, dampingRatio: dampingRatio)
            return UIKitSpringConversion(
                spring: spring, requestedDampingRatio: dampingRatio, appliedDampingRatio: dampingRatio,
                note: "damping ratio \(SpringError.format(dampingRatio)) is outside UIKit's 0…1; kept (overdamped), its slowest mode decays to \(residual) at the duration")
        }
    }

    public func parameters(for spring: DampedSpring) throws -> (duration: Double, dampingRatio: Double) {
        let zeta = spring.dampingRatio, omega = spring.naturalFrequency
        guard zeta > 0 else {
            throw SpringError.invalidParameter(name: "damping ratio", value: zeta, expected: "positive for a UIKit duration")
        }
        let logResidual = -log(residual)
        // The rate at which the envelope (or the slowest mode) decays.
        let rate: Double
        if zeta <= 1 {
            rate = zeta * omega
        } else {
            switch overdamping {
            case .clampToCritical:
                throw SpringError.invalidParameter(
                    name: "damping ratio", value: zeta, expected: "at most 1 under the clamping UIKit mapping")
            case .slowestMode:
                // (ζ − 1)(ζ + 1) overflows for ζ ≳ 1e154: √(ζ − 1)·√(ζ + 1) does not.
                let product = (zeta - 1) * (zeta + 1)
                let spread = product.isFinite ? product.squareRoot() : (zeta - 1).squareRoot() * (zeta + 1).squareRoot()
                rate = omega / (zeta + spread)
            }
        }
        let duration = logResidual / rate
        // A rate as small as 5e-321 (damping 1e-320): the envelope takes longer than any finite
        // duration to decay, and UIKit has no duration for it.
        guard duration.isFinite, duration > 0 else {
            throw SpringError.invalidParameter(
                name: "decay rate", value: rate,
                expected: "large enough for a finite UIKit duration ln(1/\(residual))/rate")
        }
        return (duration, zeta)
    }
}

/// The parameters of `UIView.animate(withDuration:delay:usingSpringWithDamping:
/// initialSpringVelocity:…)`.
///
/// ```swift
/// // The menu's show spring (docs/seed-scenes.md): 667 → 459 in 0.8 s, ζ 0.6, velocity 0.6.
/// let show = try UIKitSpringParameters(duration: 0.8, dampingRatio: 0.6, initialSpringVelocity: 0.6)
/// let motion = try show.motion(from: 667.0, to: 459.0)
/// motion.initialVelocity   // −124.8 pt/s: 0.6 × (459 − 667)
/// ```
public struct UIKitSpringParameters: Sendable, Hashable {
    /// The animation duration (s).
    public let duration: Double
    /// `usingSpringWithDamping`.
    public let dampingRatio: Double
    /// `initialSpringVelocity`, relative: "a value of 1 corresponds to the total animation
    /// distance traversed in one second" (UIKit): absolute velocity = value × (to − from).
    public let initialSpringVelocity: Double

    /// - Throws: ``SpringError/invalidParameter(name:value:expected:)`` for a non-positive or
    ///   non-finite duration, or a non-finite ratio or velocity (the ratio's range is the
    ///   mapping's business).
    public init(duration: Double, dampingRatio: Double, initialSpringVelocity: Double = 0) throws {
        self.duration = try Check.positive(duration, "duration")
        self.dampingRatio = try Check.finite(dampingRatio, "damping ratio")
        self.initialSpringVelocity = try Check.finite(initialSpringVelocity, "initial spring velocity")
    }

    public func conversion(mapping: any UIKitSpringMapping = EnvelopeDecayMapping.default) throws -> UIKitSpringConversion {
        try mapping.conversion(duration: duration, dampingRatio: dampingRatio)
    }

    public func spring(mapping: any UIKitSpringMapping = EnvelopeDecayMapping.default) throws -> DampedSpring {
        try conversion(mapping: mapping).spring
    }

    /// The absolute initial velocity of a motion from `from` to `to`: `initialSpringVelocity ×
    /// (to − from)` (positive values move toward the target).
    @inlinable
    public func initialVelocity<V: SpringVector>(from: V, to: V) -> V {
        initialSpringVelocity * (to - from)
    }

    /// The motion UIKit would animate from `from` to `to`.
    public func motion<V: SpringVector>(from: V, to: V, mapping: any UIKitSpringMapping = EnvelopeDecayMapping.default) throws -> SpringMotion<V> {
        try SpringMotion(spring: spring(mapping: mapping), from: from, to: to,
                         initialVelocity: initialVelocity(from: from, to: to))
    }
}
