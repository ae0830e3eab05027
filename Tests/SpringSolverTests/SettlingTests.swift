import Foundation
import Testing
@testable import SpringSolver

@Suite struct SettlingTests {
    /// Apple, CASpringAnimation.settlingDuration: mass 1, stiffness 100, damping 5 settles in
    /// "approximately 2.85 seconds"; damping 15 in "just over 1 second".
    @Test func appleDocumentedExamples() throws {
        let bouncy = try DampedSpring(mass: 1, stiffness: 100, damping: 5)
        #expect(abs(bouncy.settlingDuration - 2.85) < 0.01)
        let damped = try DampedSpring(mass: 1, stiffness: 100, damping: 15)
        #expect(damped.settlingDuration > 1 && damped.settlingDuration < 1.05)
    }

    @Test func undampedNeverSettles() throws {
        #expect(try DampedSpring(stiffness: 100, damping: 0).settlingDuration == .infinity)
        // … unless it never leaves epsilon
        #expect(try DampedSpring(stiffness: 100, damping: 0).settlingDuration(displacement: 1e-4, velocity: 0.0) == 0)
    }

    @Test func atRestFromTheStart() throws {
        #expect(try DampedSpring(stiffness: 100, damping: 10).settlingDuration(displacement: 0.0, velocity: 0.0) == 0)
    }

    static let zetas: [Double] = [0.05, 0.3, 0.6, 0.999_999_9, 1, 1.000_000_1, 1.5, 5, 50]

    /// The bound is a bound: after the settling duration the motion stays within epsilon, and
    /// somewhat before it the envelope (not necessarily the motion) is above it.
    @Test(arguments: zetas)
    func theMotionStaysWithinEpsilonAfterward(zeta: Double) throws {
        let spring = try spring(omega: 10, zeta: zeta)
        for velocity in [0.0, -30, 12] {
            let settle = spring.settlingDuration(displacement: 1.0, velocity: velocity, epsilon: 1e-3)
            #expect(settle > 0 && settle.isFinite)
            let motion = try SpringMotion(spring: spring, from: 1.0, to: 0.0, initialVelocity: velocity)
            for k in 0...2000 {
                let t = settle * (1 + Double(k) / 200)
                #expect(abs(motion.position(at: t)) <= 1e-3 * (1 + 1e-9))
            }
        }
    }

    /// The estimate is continuous through critical damping.
    @Test func continuousThroughCritical() throws {
        let critical = try spring(omega: 10, zeta: 1).settlingDuration
        for zeta in [1 - 1e-9, 1 + 1e-9] {
            #expect(abs(try spring(omega: 10, zeta: zeta).settlingDuration - critical) < 1e-6)
        }
    }

    @Test func menuSettleTimeWithRestCriteria() throws {
        let motion = try Menu.showMotion
        let settle = motion.settleTime()
        #expect(settle > 0.4 && settle < 1.2)
        // for good: at rest from there on, not at rest just before
        let criteria = RestCriteria.default
        for k in 0...400 { #expect(criteria.isAtRest(motion.state(at: settle + Double(k) * 0.005 + 1e-9))) }
        #expect(!criteria.isAtRest(motion.state(at: settle - 1e-6)))
    }

    /// Settle times past ~8192 s, where doubles are spaced wider than 1e-12 s: the refinement
    /// must still end (it once bisected forever) and land on the last exit from the rest box.
    @Test func lightlyDampedSettleTimeEnds() throws {
        // k 100, c 0.001: λ = 0.0005 /s, ω₀ = 10. |x| peaks near 100·e^(−λt), so the last exit
        // past 0.5 pt is within a period before ln(200)/λ ≈ 10 597 s.
        let spring = try DampedSpring(stiffness: 100, damping: 0.001)
        let motion = try SpringMotion(spring: spring, from: 0.0, to: 100.0)
        let settle = motion.settleTime()
        let estimate = log(200) / spring.decayRate
        #expect(settle > estimate - spring.period && settle <= estimate + 1e-6 * estimate, "\(settle)")
        #expect(!RestCriteria.default.isAtRest(motion.state(at: settle.nextDown.nextDown)))
        for k in 0...200 { #expect(RestCriteria.default.isAtRest(motion.state(at: settle + Double(k) * spring.period / 50))) }
    }

    /// Extreme but legal springs: the settle time is finite, ends, and matches the slow mode.
    @Test(arguments: [(1e-100, 1e100), (1e-300, 1e-10), (1e-30, 1e-20)])
    func extremeSpringsSettle(stiffness: Double, damping: Double) throws {
        let spring = try DampedSpring(stiffness: stiffness, damping: damping)
        let motion = try SpringMotion(spring: spring, from: 0.0, to: 100.0)
        let settle = motion.settleTime()
        #expect(settle.isFinite && settle > 0, "\(settle)")
        if spring.dampingRatio > 1e3 {
            // Overdamped far past critical: x ≈ 100·e^(−st), s = k/c, so |x| = 0.5 at ln(200)/s.
            let estimate = log(200) * damping / stiffness
            #expect(abs(settle - estimate) <= 1e-6 * estimate, "\(settle) vs \(estimate)")
        }
    }

    @Test func restCriteriaDefaults() throws {
        #expect(RestCriteria.default.distance == 0.5)
        #expect(RestCriteria.default.speed == 31.25)
        #expect(try RestCriteria(distance: 2).speed == 125)
        #expect(throws: SpringError.self) { try RestCriteria(distance: 0) }
        #expect(throws: SpringError.self) { try RestCriteria(distance: 1, speed: -1) }
    }
}
