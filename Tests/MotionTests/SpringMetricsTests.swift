import Foundation
import Motion
import Testing

@Suite("Spring response, stop condition and integrator error")
struct SpringMetricsTests {
    /// x(t) of an underdamped unit-mass spring from `from` at rest to `target`.
    static func underdamped(_ t: Double, from: Double, target: Double, zeta: Double, omega: Double) -> Double {
        let wd = omega * (1 - zeta * zeta).squareRoot()
        let envelope = exp(-zeta * omega * t)
        return target + (from - target) * envelope * (cos(wd * t) + zeta * omega / wd * sin(wd * t))
    }

    @Test("overshoot of an underdamped spring is e^(−ζπ/√(1−ζ²)) of the distance", arguments: [0.2, 0.5, 0.7])
    func overshoot(zeta: Double) throws {
        let hz = 2400.0  // fine frames: the sampled peak is within (Δt)² of the true one
        let positions = (0..<Int(hz * 3)).map {
            Self.underdamped(Double($0) / hz, from: 667, target: 459, zeta: zeta, omega: 14)
        }
        let response = try SpringResponse(positions: positions, from: 667, target: 459, hz: hz)
        let expected = exp(-zeta * .pi / (1 - zeta * zeta).squareRoot())
        #expect(abs(response.overshootFraction - expected) < 1e-4)
        let peak = try #require(response.overshootTime)
        #expect(abs(peak - .pi / (14 * (1 - zeta * zeta).squareRoot())) < 1 / hz)
        let settle = try #require(response.settleTime)
        #expect(settle > peak)
    }

    @Test("no overshoot when the motion never passes its target; empty and unsettled series")
    func noOvershoot() throws {
        let positions = (0..<120).map { 100 * exp(-Double($0) / 10) }
        let response = try SpringResponse(positions: positions, from: 100, target: 0, hz: 60)
        #expect(response.overshoot == 0 && response.overshootTime == nil)
        #expect(response.settleTime != nil)
        let empty = try SpringResponse(positions: [], from: 0, target: 1, hz: 60)
        #expect(empty.settleTime == nil)
        let moving = try SpringResponse(positions: [0, 10, 20], from: 0, target: 100, hz: 60)
        #expect(moving.settleTime == nil)
        #expect(throws: MotionError.self) { try SpringResponse(positions: [.nan], from: 0, target: 1, hz: 60) }
    }

    @Test("the stop fires at the first exact zero; its snap is that frame's residual")
    func stopCondition() throws {
        let stop = try StopCondition(
            model: .animationRemovedAtDuration, offsets: [-3, 1, 0.25, 0, 0], residuals: [0, 0, 0, 0.2, 0], hz: 60)
        #expect(stop.frame == 3)
        #expect(abs(try #require(stop.time) - 0.05) < 1e-12)
        #expect(stop.snap == 0.2)
        let never = try StopCondition(model: .continuousSpring, offsets: [1, 1e-300, -1e-300], residuals: [0, 0, 0], hz: 60)
        #expect(never.frame == nil && never.time == nil && never.snap == 0)
        #expect(abs(never.simulatedUntil - 2.0 / 60) < 1e-12)
        #expect(throws: MotionError.self) {
            try StopCondition(model: .continuousSpring, offsets: [0], residuals: [], hz: 60)
        }
    }

    @Test("integrator error: the worst frame, and a blow-up is infinite, never NaN")
    func integratorError() throws {
        let exact = [0.0, 1, 2, 3]
        let error = try IntegratorError(name: "euler", integrated: [0, 1.1, 2.5, 3], exact: exact, hz: 60)
        #expect(abs(error.maxError - 0.5) < 1e-12 && error.frame == 2 && error.isFaithful)
        let blown = try IntegratorError(name: "euler", integrated: [0, .nan, 2, 3], exact: exact, hz: 60)
        #expect(blown.maxError == .infinity && blown.frame == 1 && !blown.isFaithful)
        #expect(throws: MotionError.self) { try IntegratorError(name: "x", integrated: [], exact: [], hz: 60) }
    }
}
