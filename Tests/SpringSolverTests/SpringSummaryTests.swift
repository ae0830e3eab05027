import Foundation
import SpringSolver
import Testing

/// What `bench spring` reports, called from Swift without the CLI.
@Suite struct SpringSummaryTests {
    /// ζ = 0.5 from rest: the first peak overshoots by e^(−πζ/√(1−ζ²)) = e^(−π/√3) of the
    /// distance, half a damped period after the start.
    @Test func underdampedOvershootIsTheClassicalPeak() throws {
        let spring = try DampedSpring(mass: 1, stiffness: 100, damping: 10)
        let motion = try SpringMotion(spring: spring, from: 0, to: 100, initialVelocity: 0)
        let overshoot = motion.overshoot
        #expect(abs(overshoot.distance - 100 * exp(-Double.pi / 3.0.squareRoot())) < 1e-9)
        #expect(abs(overshoot.time - Double.pi / spring.dampedFrequency) < 1e-12)
    }

    @Test func motionAtRestOrOverdampedFromRestDoesNotOvershoot() throws {
        let spring = try DampedSpring(mass: 1, stiffness: 100, damping: 40)
        let fromRest = try SpringMotion(spring: spring, from: 0, to: 100, initialVelocity: 0).overshoot
        #expect(fromRest.distance == 0 && fromRest.time == 0)
        #expect(try SpringMotion(spring: spring, from: 5, to: 5, initialVelocity: 0).overshoot.distance == 0)
        // Kicked past the target: an overdamped spring overshoots once.
        #expect(try SpringMotion(spring: spring, from: 0, to: 100, initialVelocity: 10_000).overshoot.distance > 0)
    }

    @Test func sampleTimesEndAtTheSettleTimeOrCoverTwoPeriods() throws {
        let spring = try DampedSpring(mass: 1, stiffness: 100, damping: 10)
        let motion = try SpringMotion(spring: spring, from: 0, to: 100, initialVelocity: 0)
        let times = motion.sampleTimes(settleTime: 0.9)
        #expect(times.count == 10 && times.first == 0)
        #expect(abs(try #require(times.last) - 0.9) <= 1e-15)
        let never = motion.sampleTimes(settleTime: .infinity)
        #expect(abs(try #require(never.last) - 2 * spring.period) <= 1e-15)
    }

    @Test func everyVocabularyExpressesTheSpringOrSaysWhyNot() throws {
        let spring = try DampedSpring(mass: 1, stiffness: 100, damping: 10)
        let expressions = SpringParameters.expressions(of: spring)
        #expect(expressions.map(\.vocabulary) == SpringParameters.vocabularyKeys.map(\.vocabulary))
        let physical = try #require(expressions.first?.values)
        #expect(physical.map(\.name) == ["stiffness", "damping", "mass"])
        #expect(physical.map(\.value) == [100, 10, 1])
        // ζ = 5 is beyond UIKit's 0…1 under the clamping mapping.
        let stiff = try DampedSpring(mass: 1, stiffness: 100, damping: 100)
        let uikit = try #require(SpringParameters.expressions(of: stiff).first { $0.vocabulary == .uikit })
        #expect(uikit.values == nil && uikit.reason != nil)
    }
}
