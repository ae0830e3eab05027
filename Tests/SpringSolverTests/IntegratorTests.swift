import Foundation
import Testing
@testable import SpringSolver

@Suite struct IntegratorTests {
    static let orders: [(IntegratorKind, Double)] = [
        (.explicitEuler, 1), (.semiImplicitEuler, 1), (.velocityVerlet, 2),
        (.rk4, 4), (.implicitEuler, 1), (.trapezoidal, 2),
    ]

    /// Halving the step divides the error at t = 1 s by 2^order: the fitted slope of
    /// log(error) against log(step) is the order, within ±0.2.
    @Test(arguments: orders)
    func convergenceOrder(kind: IntegratorKind, order: Double) throws {
        #expect(Double(kind.order) == order)
        let motion = try SpringMotion(spring: spring(omega: 2 * .pi, zeta: 0.3), from: 1.0, to: 0.0, initialVelocity: 2)
        let exact = motion.state(at: 1)
        var steps: [Double] = [], errors: [Double] = []
        for count in [50, 100, 200, 400, 800] {
            let method = try kind.integrator(spring: motion.spring, step: 1 / Double(count))
            var state = motion.initialState
            for _ in 0..<count { method.advance(&state) }
            steps.append(1 / Double(count))
            errors.append(abs(state.displacement - exact.displacement) + abs(state.velocity - exact.velocity) / (2 * .pi))
        }
        let slope = fittedSlope(steps: steps, errors: errors)
        #expect(abs(slope - order) <= 0.2, "\(kind): slope \(slope), errors \(errors)")
    }

    /// Explicit Euler gains energy on an undamped spring, every step (radius √(1 + ω₀²h²)).
    @Test func explicitEulerGainsEnergy() throws {
        let spring = try spring(omega: 10, zeta: 0)
        let method = try ExplicitEuler(spring: spring, step: 1.0 / 60)
        var state = SpringState(displacement: 1.0, velocity: 0)
        var energy = spring.energy(of: state)
        for _ in 0..<600 {
            method.advance(&state)
            let next = spring.energy(of: state)
            #expect(next > energy)
            energy = next
        }
        #expect(method.stepMatrix.spectralRadius > 1)
        #expect(abs(method.stepMatrix.spectralRadius - (1 + 100.0 / 3600).squareRoot()) < 1e-14)
    }

    static let stiffnessCases: [(Double, Double, Double)] = [
        (10, 0, 1.0 / 60), (10, 0.3, 1.0 / 60), (1727, 100, 1.0 / 60), (500, 0.01, 0.1), (3, 5000, 1.0 / 120),
    ]

    /// The implicit methods never gain energy, whatever the step (A-stability), and the
    /// trapezoidal rule conserves it exactly on an undamped spring.
    @Test(arguments: [IntegratorKind.implicitEuler, .trapezoidal], stiffnessCases)
    func implicitMethodsNeverGainEnergy(kind: IntegratorKind, parameters: (Double, Double, Double)) throws {
        let (omega, zeta, step) = parameters
        let spring = try spring(omega: omega, zeta: zeta)
        let method = try kind.integrator(spring: spring, step: step)
        var state = SpringState(displacement: 208.0, velocity: -124.8)
        let initial = spring.energy(of: state)
        var energy = initial
        for _ in 0..<2000 {
            method.advance(&state)
            let next = spring.energy(of: state)
            #expect(next <= energy * (1 + 1e-13))
            if kind == .trapezoidal && zeta == 0 { #expect(abs(next - initial) <= 1e-11 * initial) }
            energy = next
        }
        #expect(method.stepMatrix.spectralRadius <= 1 + 1e-15)
    }

    /// Semi-implicit Euler and velocity Verlet are symplectic: on an undamped spring the
    /// energy oscillates but does not drift.
    @Test(arguments: [IntegratorKind.semiImplicitEuler, .velocityVerlet])
    func symplecticMethodsKeepEnergyBounded(kind: IntegratorKind) throws {
        let spring = try spring(omega: 10, zeta: 0)
        let method = try kind.integrator(spring: spring, step: 1.0 / 60)
        var state = SpringState(displacement: 1.0, velocity: 0)
        let initial = spring.energy(of: state)
        for _ in 0..<100_000 {
            method.advance(&state)
            #expect(abs(spring.energy(of: state) / initial - 1) < 0.1)
        }
        #expect(abs(method.stepMatrix.determinant - 1) < 1e-14)
    }

    /// `exact` stays within 1e-13 of the closed form (relative to the distance) over 10,000
    /// steps; on an undamped spring the per-step rounding of the matrix accumulates linearly.
    @Test(arguments: [0.6, 0.05, 2.0])
    func exactMatchesClosedFormAfter10000Steps(zeta: Double) throws {
        let motion = zeta == 0.6 ? try Menu.showMotion
            : try SpringMotion(spring: spring(omega: 14, zeta: zeta), from: 667.0, to: 459.0, initialVelocity: -124.8)
        let h = 1.0 / 120
        let method = try ExactIntegrator(spring: motion.spring, step: h)
        var state = motion.initialState
        var worst = 0.0
        for n in 1...10_000 {
            method.advance(&state)
            let exact = motion.state(at: Double(n) * h)
            worst = max(worst, abs(state.displacement - exact.displacement))
        }
        #expect(worst <= 1e-13 * motion.distance, "worst \(worst)")
    }

    @Test func exactOnAnUndampedSpringAfter10000Steps() throws {
        let motion = try SpringMotion(spring: spring(omega: 2 * .pi, zeta: 0), from: 1.0, to: 0.0)
        let method = try ExactIntegrator(spring: motion.spring, step: 1.0 / 120)
        var state = motion.initialState
        for _ in 0..<10_000 { method.advance(&state) }
        #expect(abs(state.displacement - motion.position(at: 10_000.0 / 120)) < 1e-12)
    }

    /// The step matrix of `exact` is `exp(A·h)` and reproduces the spring it came from.
    @Test(arguments: [0.0, 0.2, 1.0, 3.0])
    func exactStepMatrixRecoversTheSpring(zeta: Double) throws {
        let spring = try spring(omega: 14.39, zeta: zeta)
        let matrix = try #require(try IntegratorKind.exact.stepMatrix(spring: spring, step: 1.0 / 60))
        #expect(matrix == spring.transition(over: 1.0 / 60))
        let effective = try #require(matrix.effectiveSpring(step: 1.0 / 60))
        #expect(abs(effective.dampingRatio - zeta) < 1e-6)
        #expect(abs(effective.naturalFrequency - 14.39) < 1e-6 * 14.39)
    }

    /// Stepping a 2-D state is stepping each axis.
    @Test(arguments: IntegratorKind.allCases.filter(\.isFixedStep))
    func twoDimensionalStateIsPerAxis(kind: IntegratorKind) throws {
        let spring = try spring(omega: 9, zeta: 0.4)
        let method = try kind.integrator(spring: spring, step: 1.0 / 60)
        var plane = SpringState(displacement: SIMD2(3.0, -1.0), velocity: SIMD2(0.5, 20.0))
        var x = SpringState(displacement: 3.0, velocity: 0.5), y = SpringState(displacement: -1.0, velocity: 20.0)
        for _ in 0..<100 {
            method.advance(&plane)
            method.advance(&x)
            method.advance(&y)
        }
        #expect(abs(plane.displacement.x - x.displacement) <= 1e-15 * max(1, abs(x.displacement)))
        #expect(abs(plane.velocity.y - y.velocity) <= 1e-15 * max(1, abs(y.velocity)))
    }

    static let badSteps: [Double] = [0, -1.0 / 60, .nan, .infinity]

    @Test(arguments: IntegratorKind.allCases, badSteps)
    func badStepIsRejected(kind: IntegratorKind, step: Double) throws {
        let spring = try spring(omega: 1, zeta: 1)
        #expect(throws: SpringError.self) { try kind.integrator(spring: spring, step: step) }
    }

    @Test func dopri54HasNoFixedStep() throws {
        let spring = try spring(omega: 1, zeta: 1)
        #expect(throws: SpringError.self) { try IntegratorKind.dopri54.integrator(spring: spring, step: 0.01) }
        #expect(try IntegratorKind.dopri54.stepMatrix(spring: spring, step: 0.01) == nil)
    }

    /// The frame matrix with substeps is the step matrix to the power `substeps`, and the
    /// effective spring of a good method at a fine step is close to the real one.
    @Test func frameMatrixAndEffectiveSpring() throws {
        let spring = try Menu.show.spring()
        let frame = try #require(try IntegratorKind.rk4.frameMatrix(spring: spring, frameRate: 60, substeps: 4))
        let step = try RungeKutta4(spring: spring, step: 1.0 / 240).stepMatrix
        let product = step * step * step * step
        #expect(abs(frame.m11 - product.m11) < 1e-15 && abs(frame.m22 - product.m22) < 1e-15)
        let effective = try #require(frame.effectiveSpring(step: 1.0 / 60))
        #expect(abs(effective.dampingRatio - 0.6) < 1e-4)
        #expect(abs(effective.naturalFrequency / spring.naturalFrequency - 1) < 1e-4)
        // implicit Euler over-damps, explicit Euler under-damps
        let implicit = try #require(try IntegratorKind.implicitEuler.frameMatrix(spring: spring, frameRate: 60)?.effectiveSpring(step: 1.0 / 60))
        let explicit = try #require(try IntegratorKind.explicitEuler.frameMatrix(spring: spring, frameRate: 60)?.effectiveSpring(step: 1.0 / 60))
        #expect(implicit.dampingRatio > 0.6 && explicit.dampingRatio < 0.6)
    }
}
