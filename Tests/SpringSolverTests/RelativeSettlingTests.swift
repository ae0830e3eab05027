import Foundation
import Testing
@testable import SpringSolver

/// Settling relative to the move (`RestCriteria.forMove`, `SpringMotion.settleTime()`), checked
/// against the critically damped closed form, whose settle time is found here independently.
@Suite struct RelativeSettlingTests {
    /// ζ = 1, ω₀ = 10 rad/s: from rest, x(t) = d·(1 + ω₀t)·e^(−ω₀t) and v(t) = −d·ω₀²·t·e^(−ω₀t)
    /// (displacements from the target). Both are monotone after their peaks, so the settle time
    /// under a rest distance ε and speed s is the later of the last crossings of
    /// |x| = ε and |v| = s, found here by bisection on the closed form itself.
    static let omega = 10.0
    static let spring = try! DampedSpring(mass: 1, stiffness: omega * omega, damping: 2 * omega)

    static func closedFormSettle(distance d: Double, restDistance epsilon: Double, restSpeed speed: Double) -> Double {
        let w = omega
        func lastCrossing(from start: Double, _ f: (Double) -> Double, _ level: Double) -> Double {
            guard f(start) > level else { return start }
            var lo = start, hi = start + 1
            while f(hi) > level { hi *= 2 }
            for _ in 0..<200 {
                let mid = (lo + hi) / 2
                if f(mid) > level { lo = mid } else { hi = mid }
            }
            return hi
        }
        // |x| is decreasing from t = 0; |v| peaks at t = 1/ω₀.
        let position = lastCrossing(from: 0, { t in abs(d) * (1 + w * t) * exp(-w * t) }, epsilon)
        let velocity = lastCrossing(from: 1 / w, { t in abs(d) * w * w * t * exp(-w * t) }, speed)
        return max(position, velocity)
    }

    @Test func theCriteriaAreTheFractionBelowTheCap() throws {
        #expect(RestCriteria.moveFraction == 0.005)
        let one = RestCriteria.forMove(distance: 1)
        #expect(one.distance == 0.005)
        #expect(abs(one.speed - 0.005 * 62.5) < 1e-15)
        #expect(RestCriteria.forMove(distance: -1) == one)
        // 100 pt is exactly where 0.5 % reaches the cap; beyond it the cap holds.
        #expect(RestCriteria.forMove(distance: 100) == .default)
        #expect(RestCriteria.forMove(distance: 1000) == .default)
        // No scale: the cap, never a zero tolerance.
        #expect(RestCriteria.forMove(distance: 0) == .default)
        #expect(RestCriteria.forMove(distance: .infinity) == .default)
        let capped = try RestCriteria(distance: 2, speed: 10).scaled(toMove: 40)
        #expect(capped.distance == 0.2)
        #expect(abs(capped.speed - 1) < 1e-15)
    }

    @Test func aOnePointAndAHundredPointMoveSettleTogether() throws {
        let small = try SpringMotion(spring: Self.spring, from: 0.0, to: 1.0)
        let large = try SpringMotion(spring: Self.spring, from: 0.0, to: 100.0)
        let expected = Self.closedFormSettle(distance: 1, restDistance: 0.005, restSpeed: 0.3125)
        #expect(abs(small.settleTime() - expected) < 1e-9, "\(small.settleTime()) vs \(expected)")
        #expect(abs(large.settleTime() - expected) < 1e-9, "\(large.settleTime()) vs \(expected)")
        // The absolute rule this replaces called the 1 pt move settled far earlier.
        let absolute = small.settleTime(.default)
        #expect(abs(absolute - Self.closedFormSettle(distance: 1, restDistance: 0.5, restSpeed: 31.25)) < 1e-9)
        #expect(absolute < expected - 0.3)
    }

    @Test func aThousandPointMoveUsesTheCap() throws {
        let motion = try SpringMotion(spring: Self.spring, from: 20.0, to: 1020.0)
        #expect(motion.restCriteria == .default)
        let expected = Self.closedFormSettle(distance: 1000, restDistance: 0.5, restSpeed: 31.25)
        #expect(abs(motion.settleTime() - expected) < 1e-9, "\(motion.settleTime()) vs \(expected)")
        // Later than the relative rule would give: 0.5 pt is 0.05 % of this move.
        let relative = Self.closedFormSettle(distance: 1, restDistance: 0.005, restSpeed: 0.3125)
        #expect(motion.settleTime() > relative + 0.1)
    }

    @Test func anUnderdampedSpringFromRestSettlesAtTheSameTimeAtEveryScaleBelowTheCap() throws {
        let bouncy = try DampedSpring(mass: 1, stiffness: 200, damping: 8)
        let times = try [0.5, 3, 60, 100].map { try SpringMotion(spring: bouncy, from: 0.0, to: $0).settleTime() }
        for t in times { #expect(abs(t - times[0]) < 1e-9, "\(times)") }
        #expect(times[0] > 0 && times[0].isFinite)
    }

    @Test func zeroDistanceMovesUseTheCapWithoutDividingByZero() throws {
        let still = try SpringMotion(spring: Self.spring, from: 5.0, to: 5.0)
        #expect(still.restCriteria == .default)
        #expect(still.settleTime() == 0)
        // Launched from its target at 100 pt/s: x(t) = 100·t·e^(−10t), v = 100·(1 − 10t)·e^(−10t).
        let kicked = try SpringMotion(spring: Self.spring, from: 5.0, to: 5.0, initialVelocity: 100)
        let settle = kicked.settleTime()
        #expect(settle.isFinite && settle > 0)
        #expect(settle == kicked.settleTime(.default))
        // At the settle time the motion is on the box's edge: one of the two limits is met exactly.
        let state = kicked.state(at: settle)
        let onEdge = min(abs(abs(state.displacement) - 0.5), abs(abs(state.velocity) - 31.25) / 62.5)
        #expect(onEdge < 1e-9, "\(state)")
    }

    @Test func aRunOfFramesIsJudgedByItsMove() throws {
        let small = try SpringMotion(spring: Self.spring, from: 0.0, to: 1.0)
        let large = try SpringMotion(spring: Self.spring, from: 0.0, to: 100.0)
        let a = try SpringSimulation.run(small, integrator: .rk4, frameRate: 240, substeps: 4, duration: 2)
        let b = try SpringSimulation.run(large, integrator: .rk4, frameRate: 240, substeps: 4, duration: 2)
        #expect(a.settleTime() != nil)
        #expect(a.settleTime() == b.settleTime())
    }
}
