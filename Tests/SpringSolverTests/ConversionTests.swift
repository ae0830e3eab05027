import Foundation
import Testing
@testable import SpringSolver

@Suite struct ConversionTests {
    /// Springs every vocabulary can express (ζ ≤ 1 for the clamping UIKit mapping, mass 1
    /// for the mass-free vocabularies' exact round trip).
    static let springs: [DampedSpring] = [
        try! DampedSpring(mass: 1, stiffness: 100, damping: 10),
        try! DampedSpring(mass: 1, stiffness: 157.91367041742973, damping: 17.59291886010284),
        try! DampedSpring(mass: 1, stiffness: 1500, damping: 2 * 0.5 * 1500.0.squareRoot()),
        try! DampedSpring(mass: 1, stiffness: 230.2, damping: 22),
        try! DampedSpring(mass: 1, naturalFrequency: 7, dampingRatio: 1),
        try! DampedSpring(mass: 1, naturalFrequency: 20, dampingRatio: 0.05),
    ]

    static func close(_ a: DampedSpring, _ b: DampedSpring, _ tolerance: Double = 1e-12) -> Bool {
        abs(a.mass - b.mass) <= tolerance * a.mass
            && abs(a.stiffness - b.stiffness) <= tolerance * a.stiffness
            && abs(a.damping - b.damping) <= tolerance * max(a.damping, 1)
    }

    @Test(arguments: SpringVocabulary.allCases, springs)
    func roundTripThroughVocabulary(vocabulary: SpringVocabulary, spring: DampedSpring) throws {
        let parameters = try SpringParameters(spring, in: vocabulary)
        #expect(parameters.vocabulary == vocabulary)
        let back = try parameters.spring()
        #expect(Self.close(back, spring), "\(vocabulary): \(spring) → \(parameters) → \(back)")
        // and through the named values, as the command line passes them
        let named = try SpringParameters(namedValues: parameters.namedValues)
        #expect(named == parameters)
    }

    /// Vocabularies with a mass keep it; the others describe the unit-mass spring with the
    /// same motion.
    @Test(arguments: SpringVocabulary.allCases)
    func massFreeVocabulariesKeepTheMotion(vocabulary: SpringVocabulary) throws {
        let spring = try DampedSpring(mass: 2.5, stiffness: 300, damping: 12)
        let back = try SpringParameters(spring, in: vocabulary).spring()
        #expect(abs(back.dampingRatio - spring.dampingRatio) < 1e-13)
        #expect(abs(back.naturalFrequency - spring.naturalFrequency) < 1e-12)
    }

    @Test func parametersToSpringToParameters() throws {
        let cases: [SpringParameters] = [
            .physical(mass: 2, stiffness: 50, damping: 3),
            .response(response: 0.55, dampingRatio: 0.825, mass: 1),
            .perceptual(duration: 0.5, bounce: 0.3, mass: 1),
            .perceptual(duration: 0.4, bounce: -0.5, mass: 1),
            // Undamped: bounce 1 is ζ = 0, accepted both ways.
            .perceptual(duration: 0.4, bounce: 1, mass: 1),
            .uikit(duration: 0.8, dampingRatio: 0.6),
            .android(stiffness: 1500, dampingRatio: 0.5),
            .reactSpring(tension: 170, friction: 26, mass: 1),
            .rebound(tension: 40, friction: 7),
            .origami(tension: 40, friction: 7),
        ]
        for parameters in cases {
            let back = try SpringParameters(try parameters.spring(), in: parameters.vocabulary)
            for (key, value) in parameters.namedValues {
                let other = back.namedValues[key]!
                #expect(abs(other - value) <= 1e-12 * max(1, abs(value)), "\(parameters): \(key) \(value) → \(other)")
            }
        }
    }

    /// Apple's examples (SwiftUI `Spring` overview): `Spring(duration: 0.5, bounce: 0.3)` has
    /// (mass, stiffness, damping) = (1.0, 157.9, 17.6); `Spring(mass: 1, stiffness: 100,
    /// damping: 10)` has (duration, bounce) = (0.63, 0.5).
    @Test func appleSpringExamples() throws {
        let spring = try SpringParameters.perceptual(duration: 0.5, bounce: 0.3, mass: 1).spring()
        #expect(spring.mass == 1)
        #expect(abs(spring.stiffness - 157.9) < 0.05)
        #expect(abs(spring.damping - 17.6) < 0.05)
        let other = try DampedSpring(mass: 1, stiffness: 100, damping: 10)
        #expect(abs(other.period - 0.63) < 0.005)
        #expect(abs(other.bounce - 0.5) < 1e-12)
    }

    @Test(arguments: [(-0.5, 2.0), (0.0, 1.0), (0.25, 0.75), (1.0, 0.0), (-0.9, 10.0)])
    func bounceToDampingRatio(bounce: Double, zeta: Double) throws {
        let spring = try SpringParameters.perceptual(duration: 1, bounce: bounce, mass: 1).spring()
        #expect(abs(spring.dampingRatio - zeta) < 1e-12)
        #expect(abs(spring.bounce - bounce) < 1e-12)
    }

    @Test func responseIsThePeriod() throws {
        let spring = try SpringParameters.response(response: 0.5, dampingRatio: 0.6, mass: 1).spring()
        #expect(abs(spring.naturalFrequency - 4 * Double.pi) < 1e-12)
        #expect(abs(spring.dampingRatio - 0.6) < 1e-12)
        #expect(abs(spring.response - 0.5) < 1e-15)
    }

    /// Rebound's default Origami config (tension 40, friction 7) is Rebound tension 230.2,
    /// friction 22 (OrigamiValueConverter).
    @Test func origamiConverter() throws {
        let spring = try SpringParameters.origami(tension: 40, friction: 7).spring()
        #expect(abs(spring.stiffness - 230.2) < 1e-12)
        #expect(abs(spring.damping - 22) < 1e-12)
        #expect(spring.mass == 1)
    }

    /// Rebound's Java `OrigamiValueConverter` maps exactly 0 to 0 both ways: Origami friction 0
    /// is damping 0 (the linear formula alone gives 1), Rebound friction 0 is Origami friction 0
    /// (not −1/3), and Origami tension 0 is stiffness 0, which no spring has.
    @Test func origamiZeroMapsToZero() throws {
        let undamped = try SpringParameters.origami(tension: 40, friction: 0).spring()
        #expect(undamped.damping == 0)
        #expect(abs(undamped.stiffness - 230.2) < 1e-12)
        let back = try SpringParameters(try DampedSpring(mass: 1, stiffness: 230.2, damping: 0), in: .origami)
        #expect(back.namedValues["origami-friction"] == 0)
        #expect(abs(back.namedValues["origami-tension"]! - 40) < 1e-12)
        #expect(throws: SpringError.self) { try SpringParameters.origami(tension: 0, friction: 7).spring() }
        // Just beside 0 the linear formula holds: friction 1e-9 is c ≈ 1.
        let beside = try SpringParameters.origami(tension: 40, friction: 1e-9).spring()
        #expect(abs(beside.damping - 1) < 1e-8)
    }

    @Test func androidSpringForce() throws {
        let spring = try SpringParameters.android(stiffness: 1500, dampingRatio: 0.5).spring()
        #expect(abs(spring.naturalFrequency - 1500.0.squareRoot()) < 1e-12)
        #expect(abs(spring.damping - 1500.0.squareRoot()) < 1e-12)
    }

    @Test func menuShowSpringFromUIKit() throws {
        let conversion = try Menu.show.conversion()
        #expect(conversion.note == nil)
        let spring = conversion.spring
        #expect(spring.mass == 1)
        #expect(abs(spring.dampingRatio - 0.6) < 1e-14)
        // the envelope e^(−ζω₀t) is 0.001 at the duration
        #expect(abs(exp(-spring.decayRate * 0.8) - 0.001) < 1e-15)
        let motion = try Menu.showMotion
        #expect(abs(motion.initialVelocity - 0.6 * -208) < 1e-12)
        #expect(motion.initialPosition == 667 && motion.target == 459)
    }

    @Test func menuDismissDampingRatio100() throws {
        let dismiss = try UIKitSpringParameters(duration: 0.8, dampingRatio: 100)
        let clamped = try dismiss.conversion()
        #expect(clamped.appliedDampingRatio == 1)
        #expect(clamped.requestedDampingRatio == 100)
        #expect(clamped.note == "damping ratio 100 is outside UIKit's 0…1; clamped to 1 (critically damped)")
        #expect(abs(clamped.spring.dampingRatio - 1) < 1e-14)

        let mapping = try EnvelopeDecayMapping(overdamping: .slowestMode)
        let kept = try dismiss.conversion(mapping: mapping)
        #expect(abs(kept.spring.dampingRatio - 100) < 1e-10)
        let slowRate = kept.spring.stiffnessPerMass / (kept.spring.decayRate + kept.spring.frequencySpread)
        #expect(abs(exp(-slowRate * 0.8) - 0.001) < 1e-14)
        // and it inverts
        let (duration, ratio) = try mapping.parameters(for: kept.spring)
        #expect(abs(duration - 0.8) < 1e-12 && abs(ratio - 100) < 1e-10)
        #expect(throws: SpringError.self) { try EnvelopeDecayMapping.default.parameters(for: kept.spring) }
    }

    @Test func uikitMappingIsSwappable() throws {
        struct PeriodMapping: UIKitSpringMapping {
            func conversion(duration: Double, dampingRatio: Double) throws -> UIKitSpringConversion {
                let spring = try DampedSpring(naturalFrequency: 2 * .pi / duration, dampingRatio: dampingRatio)
                return UIKitSpringConversion(spring: spring, requestedDampingRatio: dampingRatio,
                                             appliedDampingRatio: dampingRatio, note: nil)
            }
            func parameters(for spring: DampedSpring) throws -> (duration: Double, dampingRatio: Double) {
                (spring.period, spring.dampingRatio)
            }
        }
        let spring = try Menu.show.spring(mapping: PeriodMapping())
        #expect(abs(spring.period - 0.8) < 1e-15)
        let viaEnum = try SpringParameters.uikit(duration: 0.8, dampingRatio: 0.6).spring(uikitMapping: PeriodMapping())
        #expect(viaEnum == spring)
    }

    static let badParameters: [(SpringParameters, String)] = [
        (.uikit(duration: 0.8, dampingRatio: 0), "damping ratio must be a positive finite number (UIKit's range is 0…1), got 0"),
        (.uikit(duration: 0, dampingRatio: 0.5), "duration must be a positive finite number, got 0"),
        (.perceptual(duration: 0.5, bounce: -1, mass: 1), "bounce must be a number in (-1, 1], got -1"),
        (.perceptual(duration: 0.5, bounce: 1.5, mass: 1), "bounce must be a number in (-1, 1], got 1.5"),
        (.response(response: -1, dampingRatio: 0.5, mass: 1), "response must be a positive finite number, got -1"),
        (.response(response: 1, dampingRatio: .nan, mass: 1), "damping fraction must be a non-negative finite number, got nan"),
        (.android(stiffness: 0, dampingRatio: 0.5), "stiffness must be a positive finite number, got 0"),
        (.reactSpring(tension: 170, friction: -1, mass: 1), "friction must be a non-negative finite number, got -1"),
        (.physical(mass: 0, stiffness: 1, damping: 1), "mass must be a positive finite number, got 0"),
    ]

    @Test(arguments: badParameters)
    func badVocabularyInput(parameters: SpringParameters, message: String) {
        do {
            _ = try parameters.spring()
            Issue.record("accepted \(parameters)")
        } catch {
            #expect("\(error)" == message)
        }
    }

    @Test func badUIKitInput() {
        #expect(throws: SpringError.self) { try UIKitSpringParameters(duration: -1, dampingRatio: 0.5) }
        #expect(throws: SpringError.self) { try UIKitSpringParameters(duration: 1, dampingRatio: .nan) }
        #expect(throws: SpringError.self) { try UIKitSpringParameters(duration: 1, dampingRatio: 0.5, initialSpringVelocity: .infinity) }
        #expect(throws: SpringError.self) { try EnvelopeDecayMapping(residual: 1) }
    }

    @Test func namedValues() throws {
        #expect(try SpringParameters(namedValues: ["stiffness": 100, "damping": 10]) == .physical(mass: 1, stiffness: 100, damping: 10))
        #expect(try SpringParameters(namedValues: ["duration": 0.5]) == .perceptual(duration: 0.5, bounce: 0, mass: 1))
        #expect(try SpringParameters(namedValues: ["uikit-duration": 0.8, "damping-ratio": 0.6]) == .uikit(duration: 0.8, dampingRatio: 0.6))
        #expect(try SpringParameters(namedValues: ["tension": 170, "friction": 26]) == .reactSpring(tension: 170, friction: 26, mass: 1))
    }

    static let incompleteNamedValues: [[String: Double]] = [
        [:], ["stiffness": 100], ["stiffness": 100, "damping": 10, "damping-ratio": 0.5],
        ["response": 0.5, "damping-fraction": 0.5, "bounce": 0.2], ["velocity": 1],
    ]

    @Test(arguments: incompleteNamedValues)
    func badNamedValues(values: [String: Double]) {
        do {
            _ = try SpringParameters(namedValues: values)
            Issue.record("accepted \(values)")
        } catch {
            let message = "\(error)"
            #expect(!message.contains("\n"))
            guard case let .invalidVocabulary(given, accepted) = error as? SpringError else {
                Issue.record("not invalidVocabulary: \(error)")
                return
            }
            #expect(given == values.keys.sorted())
            // The command line's key sets, as the table on `SpringParameters.vocabularyKeys` lists them.
            #expect(accepted == [
                "stiffness damping [mass]", "response damping-fraction [mass]", "duration [bounce] [mass]",
                "uikit-duration damping-ratio", "android-stiffness damping-ratio", "tension friction [mass]",
                "rebound-tension rebound-friction", "origami-tension origami-friction",
            ])
        }
    }
}
