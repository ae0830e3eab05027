import Foundation
import Testing
@testable import SpringSolver

/// Issue 10: finite input that once gave NaN or infinity, or a message naming a derived "inf".
@Suite struct RangeTests {
    /// x(t) = cos(ω₀t)·x₀ + (sin(ω₀t)/ω₀)·v₀ with ω₀ = 0.01 at t = 100: the second product is
    /// 1.85e308 (overflows), the position 9.3e307 (finite). The scaled form returns it.
    @Test func positionIsFiniteWhenOnlyAProductOverflows() throws {
        let spring = try DampedSpring(mass: 1, stiffness: 1e-4, damping: 0)
        let motion = try SpringMotion(spring: spring, from: -1.7e308, to: 0.0, initialVelocity: 2.2e306)
        let expected = 1e308 * (cos(1.0) * -1.7 + sin(1.0) / 0.01 * 0.022)
        let position = motion.position(at: 100)
        #expect(position.isFinite)
        #expect(abs(position - expected) <= 1e-12 * abs(expected), "\(position) vs \(expected)")
        #expect(abs(motion.state(at: 100).displacement - expected) <= 1e-12 * abs(expected))
        // An ordinary motion is untouched: the same closed form, bit for bit.
        let ordinary = try SpringMotion(spring: spring, from: -170.0, to: 0.0, initialVelocity: 2.2)
        let matrix = spring.transition(over: 100)
        #expect(ordinary.position(at: 100) == 0 + (matrix.m11 * -170.0 + matrix.m12 * 2.2))
    }

    /// |v₀ + λx₀| overflows for a start at 1e307 pt (λ = 5): the settle time read NaN ("never
    /// settles"); with the amplitudes as logs it is ln(2e307)/5 ≈ 141.5 s. The same spring from
    /// 0 to 100 must keep its ordinary settle time.
    @Test(arguments: [(1e307, 141.4, 141.6), (-1e308, 141.8, 142.0), (0.0, 1.0, 1.02)])
    func settleTimeOfAHugeMotionIsFinite(from: Double, low: Double, high: Double) throws {
        let spring = try DampedSpring(mass: 1, stiffness: 300, damping: 10)
        let motion = try SpringMotion(spring: spring, from: from, to: 100.0)
        let settle = motion.settleTime()
        #expect(settle > low && settle < high, "\(settle)")
        let bound = spring.settlingDuration(displacement: from - 100, velocity: 1e308)
        #expect(bound.isFinite && bound > 0)
    }

    /// UIKit's duration ln(1/residual)/(ζω₀) is infinite for ζω₀ = 5e-321: the vocabulary
    /// cannot express the spring (it printed "--uikit-duration inf"); an ordinary spring can.
    @Test(arguments: [(Double("1e-320")!, false), (10.0, true)])
    func uikitDurationIsFiniteOrRefused(damping: Double, expressible: Bool) throws {
        let spring = try DampedSpring(mass: 1, stiffness: 300, damping: damping)
        for mapping in [EnvelopeDecayMapping.default, try EnvelopeDecayMapping(overdamping: .slowestMode)] {
            if expressible {
                let parameters = try SpringParameters(spring, in: .uikit, uikitMapping: mapping)
                #expect(parameters.namedValues.values.allSatisfy { $0.isFinite })
            } else {
                let error = try #require(throws: SpringError.self) { try SpringParameters(spring, in: .uikit, uikitMapping: mapping) }
                // Refused at its decay rate ζω₀ = c/2m ≈ 5e-321, too small for a finite duration.
                guard case .invalidParameter(let name, let value, _) = error else { Issue.record("\(error)"); continue }
                #expect(name == "decay rate" && value > 0 && value < 1e-300, "\(error)")
            }
        }
    }

    /// A derived quantity that overflows is reported in the values given; a bad given value
    /// keeps its own message.
    @Test(arguments: [
        (SpringParameters.response(response: 1e-300, dampingRatio: 0.5, mass: 1), "--response 1e-300 --damping-fraction 0.5 --mass 1 is out of range: its stiffness"),
        (.physical(mass: Double("1e-320")!, stiffness: 300, damping: 10), "--stiffness 300 --damping 10 --mass 1e-320 is out of range: its stiffness per mass"),
        (.physical(mass: 1, stiffness: 100, damping: .greatestFiniteMagnitude), "is out of range: its damping per mass"),
        (.uikit(duration: Double("1e-320")!, dampingRatio: 0.6), "--uikit-duration 1e-320 --damping-ratio 0.6 is out of range"),
        (.response(response: -1, dampingRatio: 0.5, mass: 1), "response must be a positive finite number, got -1"),
    ])
    func derivedOverflowNamesTheGivenValues(parameters: SpringParameters, message: String) throws {
        let error = try #require(throws: SpringError.self) { try parameters.spring() }
        #expect(error.description.contains(message), "\(error)")
        #expect(!error.description.contains("inf"), "\(error)")
    }

    @Test func distanceOverflowNamesBothEnds() throws {
        let spring = try DampedSpring(mass: 1, stiffness: 100, damping: 10)
        let error = try #require(throws: SpringError.self) { try SpringMotion(spring: spring, from: -1e308, to: 1e308) }
        #expect(error.description == "--from -1e+308 --to 1e+308 is out of range: the distance to − from overflows the largest finite number (1.8e308)")
        #expect(throws: Never.self) { try SpringMotion(spring: spring, from: -1e307, to: 1e307) }
    }
}
