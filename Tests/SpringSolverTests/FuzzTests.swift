import BenchKit
import Foundation
import Testing
@testable import SpringSolver

/// Issue 10: SpringSolver's public API on extreme finite input (and a few non-finite ones)
/// never traps, never returns NaN, and returns finite values or throws a ``SpringError``.
/// Seeded and bounded: the same few thousand cases every run, a few seconds in a debug build.
@Suite struct FuzzTests {
    /// Values at and beyond every edge: subnormals, ±0, the extremes, ordinary numbers.
    static let edges: [Double] = [
        .leastNonzeroMagnitude, 1e-300 * 1e-20, 1e-300, 1e-160, 1e-10, 0, -0.0, 1, 0.6, 100, 1e10, 1e154, 1e160, 1e300, 1e308,
        .greatestFiniteMagnitude, -1, -1e308, .infinity, .nan,
    ]

    static func value(_ generator: inout SplitMix64) -> Double {
        if generator.next() % 3 == 0 {
            // Log-uniform over the whole finite range, either sign now and then.
            let exponent = Double(generator.next() % 1200) / 1200 * 616 - 308
            let magnitude = pow(10, exponent)
            return generator.next() % 8 == 0 ? -magnitude : magnitude
        }
        return edges[Int(generator.next() % UInt64(edges.count))]
    }

    static func parameters(_ generator: inout SplitMix64) -> SpringParameters {
        let a = value(&generator), b = value(&generator), c = value(&generator)
        switch generator.next() % 8 {
        case 0: return .physical(mass: c, stiffness: a, damping: b)
        case 1: return .response(response: a, dampingRatio: b, mass: c)
        case 2: return .perceptual(duration: a, bounce: b.remainder(dividingBy: 2), mass: c)
        case 3: return .uikit(duration: a, dampingRatio: b)
        case 4: return .android(stiffness: a, dampingRatio: b)
        case 5: return .reactSpring(tension: a, friction: b, mass: c)
        case 6: return .rebound(tension: a, friction: b)
        default: return .origami(tension: a, friction: b)
        }
    }

    static func expectFinite(_ spring: DampedSpring, _ context: String) {
        let values = [spring.mass, spring.stiffness, spring.damping, spring.naturalFrequency, spring.dampingRatio,
                      spring.decayRate, spring.frequencySpread, spring.period, spring.stiffnessPerMass,
                      spring.dampingPerMass, spring.dampedFrequency, spring.bounce]
        #expect(values.allSatisfy { $0.isFinite }, "\(context): \(spring)")
    }

    /// Conversions both ways: a spring with every derived quantity finite, or a SpringError;
    /// every vocabulary expresses it with finite values or says it cannot.
    @Test func conversionsAreFiniteOrATypedError() throws {
        var generator = SplitMix64(seed: 10)
        var built = 0
        for _ in 0..<3000 {
            let description = Self.parameters(&generator)
            let spring: DampedSpring
            do {
                spring = try description.spring(uikitMapping: EnvelopeDecayMapping.default)
            } catch let error as SpringError {
                // Finite values are named as given, never as a derived "inf" or "nan".
                let text = error.description.lowercased()
                if description.namedValues.values.allSatisfy({ $0.isFinite }) {
                    #expect(!text.contains("inf") && !text.contains("nan"), "\(description): \(error)")
                }
                continue
            }
            built += 1
            Self.expectFinite(spring, "\(description)")
            for vocabulary in SpringVocabulary.allCases {
                for mapping in [EnvelopeDecayMapping.default, try EnvelopeDecayMapping(overdamping: .slowestMode)] {
                    guard let expressed = try? SpringParameters(spring, in: vocabulary, uikitMapping: mapping) else { continue }
                    #expect(expressed.namedValues.values.allSatisfy { $0.isFinite }, "\(description) as \(vocabulary): \(expressed)")
                }
            }
            #expect(!spring.settlingDuration.isNaN, "\(description)")
        }
        #expect(built > 300)
    }

    /// Motions, closed-form states, settle times, integrators and frame runs on random springs
    /// and random motions: no NaN anywhere; a run's frames are all finite or it throws.
    @Test func motionsAndRunsAreFiniteOrATypedError() throws {
        var generator = SplitMix64(seed: 1010)
        var runs = 0
        for index in 0..<1000 {
            guard let spring = try? Self.parameters(&generator).spring() else { continue }
            let from = Self.value(&generator), to = Self.value(&generator), velocity = Self.value(&generator)
            guard let motion = try? SpringMotion(spring: spring, from: from, to: to, initialVelocity: velocity) else { continue }
            for _ in 0..<4 {
                let t = abs(Self.value(&generator))
                let state = motion.state(at: t)
                #expect(!state.displacement.isNaN && !state.velocity.isNaN, "\(spring) \(from)→\(to) v \(velocity) at \(t)")
                #expect(!motion.position(at: t).isNaN && !motion.velocity(at: t).isNaN)
            }
            // The settle time samples up to 10⁶ states: every 25th case keeps the test short.
            if index % 25 == 0 {
                let settle = motion.settleTime()
                #expect(!settle.isNaN && settle >= 0, "\(spring) \(from)→\(to) v \(velocity)")
            }
            #expect(!spring.settlingDuration(displacement: from - to, velocity: velocity).isNaN, "\(spring) \(from)→\(to) v \(velocity)")

            let rate = [.leastNonzeroMagnitude, 1, 60, 120, 1e6, 1e308][Int(generator.next() % 6)]
            let duration = [0, -0.0, .leastNonzeroMagnitude, 0.05, 1, 1e308][Int(generator.next() % 6)]
            let kind = IntegratorKind.allCases[Int(generator.next() % UInt64(IntegratorKind.allCases.count))]
            let substeps = [1, 2, 0, -1][Int(generator.next() % 4)]
            if let matrix = try? kind.frameMatrix(spring: spring, frameRate: rate, substeps: max(1, substeps)),
               let effective = matrix.effectiveSpring(step: 1 / rate) {
                #expect(effective.dampingRatio.isFinite && effective.naturalFrequency.isFinite)
            }
            // Bounded: at most a few hundred frames, at most 10 000 adaptive steps per run.
            guard duration * rate <= 300 else {
                if duration * rate > Double(SpringSimulation.maximumFrames) {
                    #expect(throws: SpringError.self) {
                        _ = try SpringSimulation.run(motion, integrator: kind, frameRate: rate, substeps: substeps, duration: duration)
                    }
                }
                continue
            }
            do {
                let run = try SpringSimulation.run(motion, integrator: kind, frameRate: rate, substeps: substeps, duration: duration,
                                                   adaptiveOptions: DormandPrince54Options(maximumSteps: 10_000))
                runs += 1
                #expect(run.frames.allSatisfy { $0.position.isFinite && $0.velocity.isFinite && $0.time.isFinite }, "\(kind) on \(spring)")
                #expect(!run.energyDrift.isNaN || !run.isStable)
            } catch is SpringError {
                // A typed refusal (bad substeps or rate) or an adaptive failure.
            }
        }
        #expect(runs > 50)
    }

    /// Rest criteria, UIKit parameters and the UIKit mapping on edge values.
    @Test func smallerTypesAreFiniteOrATypedError() throws {
        for a in Self.edges {
            for b in Self.edges {
                if let criteria = try? RestCriteria(distance: a, speed: b) {
                    #expect(criteria.distance.isFinite && criteria.speed.isFinite)
                }
                if let parameters = try? UIKitSpringParameters(duration: a, dampingRatio: b, initialSpringVelocity: 0.6),
                   let spring = try? parameters.spring() {
                    Self.expectFinite(spring, "uikit \(a), \(b)")
                }
                if let mapping = try? EnvelopeDecayMapping(residual: a), let conversion = try? mapping.conversion(duration: 0.8, dampingRatio: b) {
                    Self.expectFinite(conversion.spring, "residual \(a), ratio \(b)")
                }
            }
        }
    }
}
