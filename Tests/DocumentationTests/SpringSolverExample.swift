import Foundation
import SpringSolver
import Testing

/// The example of `Sources/SpringSolver/SpringSolver.docc/SpringSolver.md`, run (see
/// `DocumentationExampleTests.swift` for the pattern).
@Test func springSolverExample() throws {
    // example:begin
    // SwiftUI's Spring(duration: 0.5, bounce: 0.3) as mass, stiffness and damping.
    let spring = try SpringParameters.perceptual(duration: 0.5, bounce: 0.3, mass: 1).spring()
    print(String(format: "%.1f %.1f %.1f", spring.mass, spring.stiffness, spring.damping))  // 1.0 157.9 17.6
    print(String(format: "%.2f", spring.dampingRatio))  // 0.70

    // The exact motion of a menu sliding from 0 to 300 pt, released at rest.
    let motion = try SpringMotion(spring: spring, from: 0.0, to: 300.0)
    print(String(format: "%.2f", motion.position(at: 0.25)))  // 295.23

    // How long until it rests: within min(0.5 pt, 0.5 % of the move) and 62.5 /s times that.
    print(String(format: "%.3f", motion.settleTime()))  // 0.763

    // Core Animation's settlingDuration; Apple quotes "approximately 2.85 seconds" for this one.
    let apple = try DampedSpring(mass: 1, stiffness: 100, damping: 5)
    print(String(format: "%.3f", apple.settlingDuration))  // 2.855
    // example:end

    // The closed forms: k = m(2π/duration)², ζ = 1 − bounce, c = 2ζ√(km).
    let k = pow(2 * Double.pi / 0.5, 2), zeta = 0.7
    #expect(abs(spring.stiffness - k) < 1e-9 * k)
    #expect(abs(spring.damping - 2 * zeta * k.squareRoot()) < 1e-9)
    #expect(abs(spring.dampingRatio - zeta) < 1e-12)
    // Underdamped: x(t) = 300 + e^(−λt)(x₀ cos ω_d t + (λx₀/ω_d) sin ω_d t) with x₀ = −300.
    let lambda = zeta * k.squareRoot(), omegaD = k.squareRoot() * (1 - zeta * zeta).squareRoot()
    let t = 0.25, x0 = -300.0
    let exact = 300 + exp(-lambda * t) * (x0 * cos(omegaD * t) + lambda * x0 / omegaD * sin(omegaD * t))
    #expect(abs(motion.position(at: t) - exact) < 1e-9)
    #expect(abs(motion.position(at: t) - 295.23) < 0.005)
    #expect(abs(motion.settleTime() - 0.763) < 0.0005)
    #expect(abs(apple.settlingDuration - log(1000 * (1 + 2.5 / (100 - 6.25).squareRoot())) / 2.5) < 1e-9)
    #expect(abs(apple.settlingDuration - 2.855) < 0.0005)
}
