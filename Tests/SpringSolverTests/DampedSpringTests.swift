import Testing
@testable import SpringSolver

@Suite struct DampedSpringTests {
    @Test func derivedQuantities() throws {
        let spring = try DampedSpring(mass: 2, stiffness: 200, damping: 20)
        #expect(spring.naturalFrequency == 10)
        #expect(abs(spring.dampingRatio - 0.5) < 1e-15)
        #expect(spring.decayRate == 5)
        #expect(abs(spring.dampedFrequency - 10 * (0.75).squareRoot()) < 1e-12)
        #expect(spring.regime == .underdamped)
        #expect(spring.isUnderdamped && !spring.isOverdamped && !spring.isCriticallyDamped)
    }

    static let regimes: [(Double, DampedSpring.Regime)] = [
        (0.0, .underdamped), (0.5, .underdamped), (0.999, .underdamped),
        (0.999_999_999, .criticallyDamped), (1.0, .criticallyDamped), (1.000_000_001, .criticallyDamped),
        (1.001, .overdamped), (100, .overdamped),
    ]

    @Test(arguments: regimes)
    func regime(zeta: Double, expected: DampedSpring.Regime) throws {
        #expect(try spring(omega: 3, zeta: zeta).regime == expected)
    }

    @Test func undampedAndDefaults() throws {
        let spring = try DampedSpring(stiffness: 100, damping: 0)
        #expect(spring.mass == 1)
        #expect(spring.isUndamped)
        #expect(spring.dampingRatio == 0)
        #expect(spring.dampedFrequency == 10)
    }

    static let badInputs: [(Double, Double, Double, String)] = [
        (0.0, 100.0, 10.0, "mass must be a positive finite number, got 0"),
        (-1, 100, 10, "mass must be a positive finite number, got -1"),
        (.nan, 100, 10, "mass must be a positive finite number, got nan"),
        (.infinity, 100, 10, "mass must be a positive finite number, got inf"),
        (1, 0, 10, "stiffness must be a positive finite number, got 0"),
        (1, -5, 10, "stiffness must be a positive finite number, got -5"),
        (1, 100, -0.5, "damping must be a non-negative finite number, got -0.5"),
        (1, 100, .nan, "damping must be a non-negative finite number, got nan"),
        (1, .infinity, 1, "stiffness must be a positive finite number, got inf"),
    ]

    @Test(arguments: badInputs)
    func badInput(mass: Double, stiffness: Double, damping: Double, message: String) {
        do {
            _ = try DampedSpring(mass: mass, stiffness: stiffness, damping: damping)
            Issue.record("accepted \(mass), \(stiffness), \(damping)")
        } catch {
            #expect("\(error)" == message)
            #expect(!"\(error)".contains("\n"))
        }
    }

    @Test func ratioOverflowIsRejected() {
        #expect(throws: SpringError.self) { try DampedSpring(mass: Double("1e-320")!, stiffness: 1e300, damping: 0) }
        // c/(2m) overflows although ζ = c/(2√(km)) does not.
        #expect(throws: SpringError.self) { try DampedSpring(mass: 1e-10, stiffness: 1e10, damping: 1e300) }
    }

    @Test func naturalFrequencyInitializer() throws {
        let spring = try DampedSpring(mass: 3, naturalFrequency: 4, dampingRatio: 0.25)
        #expect(spring.stiffness == 48)
        #expect(spring.damping == 6)
        #expect(throws: SpringError.self) { try DampedSpring(naturalFrequency: 0, dampingRatio: 1) }
        #expect(throws: SpringError.self) { try DampedSpring(naturalFrequency: 1, dampingRatio: -1) }
    }

    @Test func energyAndAcceleration() throws {
        let spring = try DampedSpring(mass: 2, stiffness: 8, damping: 4)
        let state = SpringState(displacement: SIMD2(1.0, 2.0), velocity: SIMD2(3.0, 0.0))
        #expect(spring.energy(of: state) == 0.5 * 2 * 9 + 0.5 * 8 * 5)
        #expect(spring.acceleration(displacement: 1.0, velocity: 1.0) == -4 - 2)
    }

    @Test func unknownIntegratorNamesTheKnownOnes() throws {
        #expect(throws: SpringError.unknownIntegrator("rk5")) { try IntegratorKind(name: "rk5") }
        let message = "\(SpringError.unknownIntegrator("rk5"))"
        #expect(message == "unknown integrator 'rk5', expected one of: explicit-euler, semi-implicit-euler, velocity-verlet, rk4, implicit-euler, trapezoidal, exact, dopri54")
        for kind in IntegratorKind.allCases { #expect(try IntegratorKind(name: kind.rawValue) == kind) }
    }
}
