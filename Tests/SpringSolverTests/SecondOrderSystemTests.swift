import Testing
@testable import SpringSolver

/// The general steppers (``SystemStepper``) against the spring-specialized integrators: on a
/// linear spring written as a ``SecondOrderSystem`` they take the same steps.
@Suite struct SecondOrderSystemTests {
    /// `x″ = −ω²x − γv` as a general system.
    struct LinearSpring: SecondOrderSystem {
        var omega2: Double, gamma: Double
        var dimension: Int { 1 }
        func vector(_ components: [Double]) -> Double { components[0] }
        func acceleration(at time: Double, position: Double, velocity: Double) -> Double { -omega2 * position - gamma * velocity }
        func accelerationJacobian(at time: Double, position: Double, velocity: Double) -> (position: [Double], velocity: [Double], time: [Double]) {
            ([-omega2], [-gamma], [0])
        }
    }

    @Test(arguments: [IntegratorKind.explicitEuler, .semiImplicitEuler, .rk4, .implicitEuler, .trapezoidal, .velocityVerlet])
    func generalStepperMatchesSpringIntegrator(kind: IntegratorKind) throws {
        // Damped and undamped: velocity Verlet matches only where the force ignores velocity.
        for damping in kind == .velocityVerlet ? [0.0] : [0.0, 12.0] {
            let spring = try DampedSpring(mass: 1, stiffness: 200, damping: damping)
            let system = LinearSpring(omega2: spring.stiffnessPerMass, gamma: spring.dampingPerMass)
            let h = 1.0 / 60
            let general = try SystemStepper(kind: kind, system: system, step: h)
            let special = try AnySpringIntegrator(kind: kind, spring: spring, step: h)
            var a = SpringState<Double>(displacement: -200, velocity: 300), b = a
            for index in 0..<60 {
                general.advance(&a, at: Double(index) * h)
                special.advance(&b)
            }
            #expect(abs(a.displacement - b.displacement) <= 1e-9 * 200, "\(kind) c = \(damping)")
            #expect(abs(a.velocity - b.velocity) <= 1e-9 * 2000, "\(kind) c = \(damping)")
        }
    }

    @Test func exactAndAdaptiveAreRefused() {
        let system = LinearSpring(omega2: 1, gamma: 0)
        #expect(throws: SpringError.self) { try SystemStepper(kind: .exact, system: system, step: 0.1) }
        #expect(throws: SpringError.self) { try SystemStepper(kind: .dopri54, system: system, step: 0.1) }
        #expect(throws: SpringError.self) { try SystemStepper(kind: .rk4, system: system, step: .nan) }
    }

    /// The chain's Jacobian against central differences of its acceleration.
    @Test func chainJacobianMatchesDifferences() {
        let chain = SpringChain(stiffness: 10_000, damping: 100, travel: 300, pointerTime: 0.05)
        let x = SIMD8<Double>(1, 5, -3, 2, 7, 0, 4, -1), v = SIMD8<Double>(10, -20, 5, 0, 3, 8, -6, 2)
        let t = 0.03
        let jacobian = chain.accelerationJacobian(at: t, position: x, velocity: v)
        let d = 1e-4
        // Relative 1e-6 of the stiffness and of the damping.
        let positionTolerance: Double = 1e-6 * 10_000, velocityTolerance: Double = 1e-6 * 100
        for j in 0..<8 {
            var e = SIMD8<Double>()
            e[j] = d
            // Typed steps (as two expressions they took the type checker 0.5 s).
            let twoD: Double = 2 * d
            let xPlus: SIMD8<Double> = chain.acceleration(at: t, position: x + e, velocity: v)
            let xMinus: SIMD8<Double> = chain.acceleration(at: t, position: x - e, velocity: v)
            let vPlus: SIMD8<Double> = chain.acceleration(at: t, position: x, velocity: v + e)
            let vMinus: SIMD8<Double> = chain.acceleration(at: t, position: x, velocity: v - e)
            let dx: SIMD8<Double> = (xPlus - xMinus) / twoD
            let dv: SIMD8<Double> = (vPlus - vMinus) / twoD
            for i in 0..<8 {
                let positionEntry: Double = jacobian.position[i * 8 + j], velocityEntry: Double = jacobian.velocity[i * 8 + j]
                #expect(abs(dx[i] - positionEntry) < positionTolerance)
                #expect(abs(dv[i] - velocityEntry) < velocityTolerance)
            }
        }
        let dt = (chain.acceleration(at: t + 1e-6, position: x, velocity: v) - chain.acceleration(at: t - 1e-6, position: x, velocity: v)) / 2e-6
        for i in 0..<8 { #expect(abs(dt[i] - jacobian.time[i]) < 1e-4 * max(1, abs(jacobian.time[i]))) }
    }

    /// The pointer's velocity and acceleration are the derivatives of its position.
    @Test func chainPointerDerivatives() {
        let chain = SpringChain(stiffness: 1, damping: 1, travel: 300, pointerTime: 0.05)
        #expect(chain.pointer(at: 0).position == 0 && chain.pointer(at: 0).velocity == 0)
        for t in [0.01, 0.05, 0.2] {
            let d = 1e-6
            let velocity = (chain.pointer(at: t + d).position - chain.pointer(at: t - d).position) / (2 * d)
            let acceleration = (chain.pointer(at: t + d).velocity - chain.pointer(at: t - d).velocity) / (2 * d)
            #expect(abs(velocity - chain.pointer(at: t).velocity) < 1e-5 * 6000)
            #expect(abs(acceleration - chain.pointer(at: t).acceleration) < 1e-4 * 120_000)
        }
    }
}
