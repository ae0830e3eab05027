import Foundation
import Testing
@testable import SpringSolver

/// Framer's UIKit mapping (framer-motion `findSpring`, velocity 0, ε = 0.001).
@Suite struct FramerMappingTests {
    /// The menu's show spring (UIKit 0.8 s, ζ 0.6): k 190.2, c 16.55, where the sine amplitude
    /// (ζω₀/ω_d)·e^(−ζω₀T) is exactly ε.
    @Test func menuShowSpring() throws {
        let conversion = try FramerDurationMapping.default.conversion(duration: 0.8, dampingRatio: 0.6)
        let spring = conversion.spring
        #expect(conversion.note == nil)
        #expect(spring.mass == 1)
        #expect(abs(spring.stiffness - 190.2) < 0.05)
        #expect(abs(spring.damping - 16.55) < 0.005)
        #expect(abs(spring.dampingRatio - 0.6) < 1e-14)
        // ζω₀T = ln(750): ζ/√(1 − ζ²) = 0.75 and 0.75/0.001 = 750.
        #expect(abs(spring.naturalFrequency - log(750) / 0.48) < 1e-12)
        let amplitude = 0.6 * spring.naturalFrequency / spring.dampedFrequency * exp(-0.6 * spring.naturalFrequency * 0.8)
        #expect(abs(amplitude - 0.001) < 1e-15)
    }

    /// framer-motion solves the same equation with 11 Newton steps from 5/T; they climb to the
    /// closed form (the equation is concave and increasing in ω₀, the start below the root).
    @Test(arguments: [(0.8, 0.6), (0.3, 0.2), (2.0, 0.9), (0.5, 0.05)])
    func newtonStepsReachTheClosedForm(duration: Double, zeta: Double) throws {
        let root = (1 - zeta * zeta).squareRoot()
        func envelope(_ omega: Double) -> Double { 0.001 - zeta / root * exp(-zeta * omega * duration) }
        func derivative(_ omega: Double) -> Double { zeta * zeta * duration / root * exp(-zeta * omega * duration) }
        var omega = 5 / duration
        for _ in 1..<12 { omega -= envelope(omega) / derivative(omega) }
        let spring = try FramerDurationMapping.default.conversion(duration: duration, dampingRatio: zeta).spring
        #expect(abs(omega - spring.naturalFrequency) <= 1e-9 * spring.naturalFrequency, "\(omega) vs \(spring.naturalFrequency)")
    }

    /// ζ = 1: ((ω₀ − 0)T + 1)·e^(−ω₀T) = ε; above 1 (the dismiss's 100) clamped to 1, below
    /// 0.05 clamped to 0.05, as framer-motion clamps; 0 refused.
    @Test func clampsAndCriticalBranch() throws {
        let x = FramerDurationMapping.criticalExponent
        #expect(abs((1 + x) * exp(-x) - 0.001) < 1e-16)
        #expect(abs(x - 9.2335) < 1e-4)
        let dismiss = try FramerDurationMapping.default.conversion(duration: 0.8, dampingRatio: 100)
        #expect(dismiss.appliedDampingRatio == 1)
        #expect(dismiss.requestedDampingRatio == 100 && dismiss.note != nil, "the clamp comes with its note")
        #expect(abs(dismiss.spring.naturalFrequency - x / 0.8) < 1e-12)
        let light = try FramerDurationMapping.default.conversion(duration: 0.8, dampingRatio: 0.01)
        #expect(light.appliedDampingRatio == 0.05)
        #expect(light.requestedDampingRatio == 0.01 && light.note != nil, "the clamp comes with its note")
        #expect(try FramerDurationMapping.default.conversion(duration: 0.8, dampingRatio: 0.5).note == nil, "no clamp, no note")
        for bad in [0.0, -1, .nan, .infinity] {
            #expect(throws: SpringError.self) { try FramerDurationMapping.default.conversion(duration: 0.8, dampingRatio: bad) }
        }
        #expect(throws: SpringError.self) { try FramerDurationMapping.default.conversion(duration: 0, dampingRatio: 0.5) }
        // ζ one ulp below 1: finite, no trap (Framer's equation jumps at ζ = 1).
        let nearlyCritical = try FramerDurationMapping.default.conversion(duration: 0.8, dampingRatio: 1.0.nextDown).spring
        #expect(nearlyCritical.naturalFrequency.isFinite)
    }

    @Test(arguments: [(0.8, 0.6), (0.3, 0.2), (1.5, 1.0), (0.4, 0.05)])
    func inverseRoundTrips(duration: Double, zeta: Double) throws {
        let mapping = FramerDurationMapping.default
        let spring = try mapping.conversion(duration: duration, dampingRatio: zeta).spring
        let back = try mapping.parameters(for: spring)
        #expect(abs(back.duration - duration) < 1e-12 * duration)
        #expect(abs(back.dampingRatio - zeta) < 1e-12)
        let viaVocabulary = try SpringParameters(spring, in: .uikit, uikitMapping: mapping)
        #expect(abs((viaVocabulary.namedValues["uikit-duration"] ?? 0) - duration) < 1e-12 * duration)
    }
}
