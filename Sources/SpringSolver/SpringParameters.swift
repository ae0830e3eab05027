import Foundation

/// The vocabularies animation APIs use to describe a spring.
public enum SpringVocabulary: String, Sendable, CaseIterable, Codable {
    /// Mass, stiffness, damping: `CASpringAnimation`, SwiftUI `Spring(mass:stiffness:damping:)`.
    case physical
    /// SwiftUI `Spring(response:dampingRatio:)` / `.spring(response:dampingFraction:)`.
    case response
    /// SwiftUI `Spring(duration:bounce:)`, `CASpringAnimation(perceptualDuration:bounce:)`.
    case perceptual
    /// UIKit `animate(withDuration:…usingSpringWithDamping:…)` through a ``UIKitSpringMapping``.
    case uikit
    /// Android `SpringForce` (stiffness, damping ratio).
    case android
    /// react-spring `{ tension, friction, mass }`.
    case reactSpring = "react-spring"
    /// Facebook Rebound `SpringConfig(tension, friction)`.
    case rebound
    /// Origami / Quartz Composer tension and friction, through Rebound's converter.
    case origami
}

/// A spring in one of the vocabularies, convertible to and from ``DampedSpring``.
///
/// Sources of each conversion (`m` mass, `k` stiffness, `c` damping, `ζ` damping ratio):
/// - ``physical(mass:stiffness:damping:)``: the parameters themselves (CASpringAnimation:
///   mass > 0, default 1; stiffness > 0, default 100; damping ≥ 0, default 10).
/// - ``response(response:dampingRatio:mass:)``: `response` is the undamped period:
///   `k = m·(2π/response)²`, `c = 4π·ζ·m/response` (SwiftUI `Spring(response:dampingRatio:)`,
///   "the stiffness of the spring, defined as an approximate duration in seconds"; the same
///   formulas reproduce Apple's example `Spring(mass: 1, stiffness: 100, damping: 10)` →
///   duration 0.63, bounce 0.5).
/// - ``perceptual(duration:bounce:mass:)``: `k = m·(2π/duration)²` and
///   `ζ = 1 − bounce` for `bounce ≥ 0`, `ζ = 1/(1 + bounce)` for `bounce < 0` (overdamped);
///   `bounce` ∈ (−1, 1] (SwiftUI `Spring(duration:bounce:)`: 0 is critically damped, 1 undamped,
///   negative overdamped down to −1; the negative branch as Flutter's
///   `SpringDescription.withDurationAndBounce`, documented to match SwiftUI). Apple's example
///   `Spring(duration: 0.5, bounce: 0.3)` → `(1.0, 157.9, 17.6)` holds.
/// - ``uikit(duration:dampingRatio:)``: see ``UIKitSpringMapping`` (undocumented by Apple; the
///   default is ``EnvelopeDecayMapping``; ``FramerDurationMapping`` is Framer's).
/// - ``android(stiffness:dampingRatio:)``: `SpringForce` has no mass (m = 1): `k = stiffness`,
///   `c = 2ζ√k` (developer.android.com, SpringForce).
/// - ``reactSpring(tension:friction:mass:)``: `k = tension`, `c = friction` (react-spring
///   config; defaults tension 170, friction 26, mass 1).
/// - ``rebound(tension:friction:)``: `m = 1`, `k = tension`, `c = friction` (Rebound).
/// - ``origami(tension:friction:)``: Rebound's `OrigamiValueConverter` (Java,
///   `com.facebook.rebound.OrigamiValueConverter`): `tension = (qcTension − 30)·3.62 + 194`,
///   `friction = (qcFriction − 8)·3 + 25`, then as Rebound, with a value of exactly 0 mapped to
///   0 both ways (`oValue == 0 ? 0 : …`, and the inverses `tension == 0 ? 0 : …`,
///   `friction == 0 ? 0 : …`). So Origami friction 0 is an undamped spring (c = 0, not the
///   formula's 1) and Rebound friction 0 is Origami friction 0 (not −1/3); Origami tension 0 is
///   stiffness 0, no spring, and is refused. rebound-js drops the guard; Facebook's Java
///   library, where the converter comes from, has it. The same constants appear in POP as
///   `194 + (q − 30)/50·(375 − 194)` and `25 + (q − 8)/2·(25 − 19)` (181/50 = 3.62, 6/2 = 3).
public enum SpringParameters: Sendable, Hashable {
    case physical(mass: Double, stiffness: Double, damping: Double)
    case response(response: Double, dampingRatio: Double, mass: Double)
    case perceptual(duration: Double, bounce: Double, mass: Double)
    case uikit(duration: Double, dampingRatio: Double)
    case android(stiffness: Double, dampingRatio: Double)
    case reactSpring(tension: Double, friction: Double, mass: Double)
    case rebound(tension: Double, friction: Double)
    case origami(tension: Double, friction: Double)

    public var vocabulary: SpringVocabulary {
        switch self {
        case .physical: return .physical
        case .response: return .response
        case .perceptual: return .perceptual
        case .uikit: return .uikit
        case .android: return .android
        case .reactSpring: return .reactSpring
        case .rebound: return .rebound
        case .origami: return .origami
        }
    }

    /// The physical spring.
    ///
    /// - Throws: ``SpringError/invalidParameter(name:value:expected:)`` naming the bad value
    ///   in this vocabulary's own terms.
    ///   Finite values in their domains whose derived spring is not representable (a
    ///   response of 1e-300 s: k = m·(2π/response)² overflows) throw
    ///   ``SpringError/outOfRange(values:reason:)`` naming the values as given.
    public func spring(uikitMapping: any UIKitSpringMapping = EnvelopeDecayMapping.default) throws -> DampedSpring {
        do {
            return try derivedSpring(uikitMapping: uikitMapping)
        } catch let error as SpringError {
            throw rephrased(error)
        }
    }

    /// The given values, as the command line spells them, in the vocabulary's key order.
    var givenValues: [(String, Double)] {
        let named = namedValues
        let keys = Self.vocabularyKeys.first { $0.vocabulary == vocabulary }
        let order = (keys?.required ?? []) + (keys?.optional.keys.sorted() ?? [])
        return order.compactMap { key in named[key].map { (key, $0) } }
    }

    /// An error about a derived quantity (its value is none of the given ones, e.g. a
    /// stiffness that overflowed) restated in terms of the values given; an error about a
    /// given value is kept as is.
    func rephrased(_ error: SpringError) -> SpringError {
        let given = SpringError.describe(givenValues)
        switch error {
        case let .invalidParameter(name, value, _) where !namedValues.values.contains(where: { $0 == value || ($0.isNaN && value.isNaN) }):
            return .outOfRange(values: given, reason: SpringError.derivedFailure(name, value))
        case let .outOfRange(_, reason):
            return .outOfRange(values: given, reason: reason)
        default:
            return error
        }
    }

    func derivedSpring(uikitMapping: any UIKitSpringMapping) throws -> DampedSpring {
        switch self {
        case let .physical(mass, stiffness, damping):
            return try DampedSpring(mass: mass, stiffness: stiffness, damping: damping)
        case let .response(response, dampingRatio, mass):
            let response = try Check.positive(response, "response")
            return try DampedSpring(mass: mass, naturalFrequency: 2 * Double.pi / response,
                                    dampingRatio: try Check.nonNegative(dampingRatio, "damping fraction"))
        case let .perceptual(duration, bounce, mass):
            let duration = try Check.positive(duration, "duration")
            guard bounce.isFinite, bounce > -1, bounce <= 1 else {
                throw SpringError.invalidParameter(name: "bounce", value: bounce, expected: "a number in (-1, 1]")
            }
            let zeta = bounce >= 0 ? 1 - bounce : 1 / (1 + bounce)
            return try DampedSpring(mass: mass, naturalFrequency: 2 * Double.pi / duration, dampingRatio: zeta)
        case let .uikit(duration, dampingRatio):
            return try uikitMapping.conversion(duration: duration, dampingRatio: dampingRatio).spring
        case let .android(stiffness, dampingRatio):
            let stiffness = try Check.positive(stiffness, "stiffness")
            return try DampedSpring(mass: 1, naturalFrequency: stiffness.squareRoot(),
                                    dampingRatio: try Check.nonNegative(dampingRatio, "damping ratio"))
        case let .reactSpring(tension, friction, mass):
            return try DampedSpring(mass: try Check.positive(mass, "mass"),
                                    stiffness: try Check.positive(tension, "tension"),
                                    damping: try Check.nonNegative(friction, "friction"))
        case let .rebound(tension, friction):
            return try DampedSpring(mass: 1, stiffness: try Check.positive(tension, "tension"),
                                    damping: try Check.nonNegative(friction, "friction"))
        case let .origami(tension, friction):
            let qcTension = try Check.finite(tension, "origami tension")
            let qcFriction = try Check.finite(friction, "origami friction")
            let reboundTension = Origami.reboundTension(qcTension)
            let reboundFriction = Origami.reboundFriction(qcFriction)
            guard qcTension != 0 else {
                throw SpringError.invalidParameter(
                    name: "origami tension", value: qcTension, expected: "nonzero (Rebound maps Origami tension 0 to stiffness 0, no spring)")
            }
            guard reboundTension > 0 else {
                throw SpringError.invalidParameter(
                    name: "origami tension", value: qcTension, expected: "above \(30 - 194 / 3.62) (positive stiffness)")
            }
            guard reboundFriction >= 0 else {
                throw SpringError.invalidParameter(
                    name: "origami friction", value: qcFriction, expected: "0 or at least \(8 - 25.0 / 3) (non-negative damping)")
            }
            return try DampedSpring(mass: 1, stiffness: reboundTension, damping: reboundFriction)
        }
    }

    /// A spring expressed in a vocabulary: the inverse of ``spring(uikitMapping:)``.
    ///
    /// Vocabularies without a mass (UIKit, Android, Rebound, Origami) describe the unit-mass
    /// spring with the same motion (same ζ and ω₀).
    ///
    /// - Throws: when the vocabulary cannot express the spring (`perceptual` needs a bounce
    ///   `1/ζ − 1` above −1, so ζ below about 9e15; `uikit` needs ζ > 0, and ζ ≤ 1 under the
    ///   clamping mapping).
    public init(_ spring: DampedSpring, in vocabulary: SpringVocabulary,
                uikitMapping: any UIKitSpringMapping = EnvelopeDecayMapping.default) throws {
        let zeta = spring.dampingRatio, m = spring.mass
        switch vocabulary {
        case .physical:
            self = .physical(mass: m, stiffness: spring.stiffness, damping: spring.damping)
        case .response:
            self = .response(response: spring.period, dampingRatio: zeta, mass: m)
        case .perceptual:
            // ζ = 0 is bounce 1 (undamped), which the forward conversion accepts. Only a ratio
            // so large that 1/ζ − 1 rounds to −1 (ζ ≳ 9e15) falls outside (−1, 1].
            let bounce = zeta <= 1 ? 1 - zeta : 1 / zeta - 1
            guard bounce > -1 else {
                throw SpringError.invalidParameter(name: "damping ratio", value: zeta, expected: "small enough for a bounce above -1")
            }
            self = .perceptual(duration: spring.period, bounce: bounce, mass: m)
        case .uikit:
            let (duration, ratio) = try uikitMapping.parameters(for: spring)
            self = .uikit(duration: duration, dampingRatio: ratio)
        case .android:
            self = .android(stiffness: spring.stiffness / m, dampingRatio: zeta)
        case .reactSpring:
            self = .reactSpring(tension: spring.stiffness, friction: spring.damping, mass: m)
        case .rebound:
            self = .rebound(tension: spring.stiffness / m, friction: spring.damping / m)
        case .origami:
            self = .origami(tension: Origami.tension(fromRebound: spring.stiffness / m),
                            friction: Origami.friction(fromRebound: spring.damping / m))
        }
    }

    /// The values of this description, keyed as in ``init(namedValues:)``.
    public var namedValues: [String: Double] {
        switch self {
        case let .physical(mass, stiffness, damping): return ["mass": mass, "stiffness": stiffness, "damping": damping]
        case let .response(response, ratio, mass): return ["response": response, "damping-fraction": ratio, "mass": mass]
        case let .perceptual(duration, bounce, mass): return ["duration": duration, "bounce": bounce, "mass": mass]
        case let .uikit(duration, ratio): return ["uikit-duration": duration, "damping-ratio": ratio]
        case let .android(stiffness, ratio): return ["android-stiffness": stiffness, "damping-ratio": ratio]
        case let .reactSpring(tension, friction, mass): return ["tension": tension, "friction": friction, "mass": mass]
        case let .rebound(tension, friction): return ["rebound-tension": tension, "rebound-friction": friction]
        case let .origami(tension, friction): return ["origami-tension": tension, "origami-friction": friction]
        }
    }
}

extension DampedSpring {
    /// The spring of a description in any vocabulary (``SpringParameters/spring(uikitMapping:)``).
    public init(_ parameters: SpringParameters, uikitMapping: any UIKitSpringMapping = EnvelopeDecayMapping.default) throws {
        self = try parameters.spring(uikitMapping: uikitMapping)
    }

    /// SwiftUI's `response`: the undamped period `2π√(m/k)`.
    public var response: Double { period }

    /// SwiftUI's `bounce`: `1 − ζ` when ζ ≤ 1, `1/ζ − 1` when overdamped.
    public var bounce: Double { dampingRatio <= 1 ? 1 - dampingRatio : 1 / dampingRatio - 1 }
}

/// Rebound's `OrigamiValueConverter` (Java): linear maps between Origami (Quartz Composer)
/// tension and friction and Rebound's, with exactly 0 mapped to 0 in both directions.
enum Origami {
    static func reboundTension(_ origami: Double) -> Double { origami == 0 ? 0 : (origami - 30) * 3.62 + 194 }
    static func reboundFriction(_ origami: Double) -> Double { origami == 0 ? 0 : (origami - 8) * 3 + 25 }
    static func tension(fromRebound tension: Double) -> Double { tension == 0 ? 0 : (tension - 194) / 3.62 + 30 }
    static func friction(fromRebound friction: Double) -> Double { friction == 0 ? 0 : (friction - 25) / 3 + 8 }
}
