import Foundation
import Testing
import GSLReference
@testable import SpringSolver

@Suite struct ClosedFormTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var motion: SpringMotion<Double>
        var testDescription: String { name }
    }

    static let referenceCases: [Case] = [
        Case(name: "ζ 0.6, ω₀ 2π/0.5", motion: try! SpringMotion(spring: spring(omega: 2 * .pi / 0.5, zeta: 0.6), from: 1.0, to: 0.0)),
        Case(name: "ζ 0.15, ω₀ 2π/0.2", motion: try! SpringMotion(spring: spring(omega: 2 * .pi / 0.2, zeta: 0.15), from: 1.0, to: 0.0)),
        Case(name: "ζ 1", motion: try! SpringMotion(spring: spring(omega: 10, zeta: 1), from: 1.0, to: 0.0)),
        Case(name: "ζ 2", motion: try! SpringMotion(spring: spring(omega: 10, zeta: 2), from: 1.0, to: 0.0)),
        Case(name: "initial velocity", motion: try! SpringMotion(spring: spring(omega: 12, zeta: 0.4), from: 100.0, to: 40.0, initialVelocity: 900)),
        Case(name: "menu show", motion: try! Menu.showMotion),
    ]

    /// The closed form against GSL's rk8pd at 1e-12 tolerances, every 10 ms for 2 s.
    @Test(arguments: referenceCases)
    func agreesWithGSLrk8pd(reference: Case) throws {
        let motion = reference.motion
        let times = (0...200).map { Double($0) * 0.01 }
        let scale = max(motion.distance, norm(motion.initialVelocity) / motion.spring.naturalFrequency)
        let (states, _) = try gslSolve(motion, stepper: .rk8pd, at: times, absoluteTolerance: 1e-12 * scale, relativeTolerance: 1e-12)
        var worstPosition = 0.0, worstVelocity = 0.0
        for (t, gsl) in zip(times, states) {
            let exact = motion.state(at: t)
            worstPosition = max(worstPosition, abs(exact.displacement - gsl.displacement) / scale)
            worstVelocity = max(worstVelocity, abs(exact.velocity - gsl.velocity) / (scale * motion.spring.naturalFrequency))
        }
        #expect(worstPosition < 1e-10, "position error \(worstPosition) of the scale")
        #expect(worstVelocity < 1e-10, "velocity error \(worstVelocity) of the scale")
    }

    @Test func initialStateAndNegativeTime() throws {
        let motion = try Menu.showMotion
        #expect(motion.position(at: 0) == 667)
        #expect(motion.velocity(at: 0) == motion.initialVelocity)
        #expect(motion.position(at: -5) == 667)
    }

    /// Typed apart from the `@Test` attribute: inferring the literal arithmetic inside the macro's
    /// expansion took the type checker seconds per build.
    static let nearCriticalRatios: [Double] = [1 - 1e-9, 1 + 1e-9, 1 - 1e-14, 1 + 1e-14]

    /// ζ = 1 ± 1e-9 agrees with the critical formula `x = e^(−ω₀t)(x₀ + (v₀ + ω₀x₀)t)` to 1e-9
    /// of the distance.
    @Test(arguments: nearCriticalRatios)
    func nearCriticalMatchesCritical(zeta: Double) throws {
        let omega = 10.0
        let motion = try SpringMotion(spring: spring(omega: omega, zeta: zeta), from: 208.0, to: 0.0, initialVelocity: -100)
        for k in 0...400 {
            let t = Double(k) * 0.005
            let critical = exp(-omega * t) * (208 + (-100 + omega * 208) * t)
            #expect(abs(motion.position(at: t) - critical) <= 1e-9 * 208)
            let criticalVelocity = exp(-omega * t) * (-100 - omega * (-100 + omega * 208) * t)
            #expect(abs(motion.velocity(at: t) - criticalVelocity) <= 1e-9 * 208 * omega)
        }
    }

    #if arch(x86_64)
    /// Strongly overdamped springs without cancellation: against the two-exponential solution
    /// evaluated in 80-bit extended precision (whose own cancellation costs ~1e-11 at ζ 5000).
    /// A naive double-precision `−λ + √(λ² − ω₀²)` would be off by ~1e-8 relative at ζ 5000.
    @Test(arguments: [50.0, 5000.0])
    func stronglyOverdamped(zeta: Double) throws {
        let omega = 3.0
        let motion = try SpringMotion(spring: spring(omega: omega, zeta: zeta), from: 1.0, to: 0.0, initialVelocity: 2)
        let lambda = Float80(zeta) * Float80(omega)
        let mu = (lambda * lambda - Float80(omega) * Float80(omega)).squareRoot()
        let r1 = -lambda + mu, r2 = -lambda - mu
        // x = c1 e^(r1 t) + c2 e^(r2 t), c1 + c2 = 1, r1 c1 + r2 c2 = 2
        let c1 = (2 - r2) / (r1 - r2), c2 = 1 - c1
        let slowTime = 1 / Double(-r1)
        for k in 1...200 {
            let t = slowTime * Double(k) / 20   // out to 10 slow time constants
            let tt = Float80(t)
            let x = c1 * exp(r1 * tt) + c2 * exp(r2 * tt)
            let v = r1 * c1 * exp(r1 * tt) + r2 * c2 * exp(r2 * tt)
            let position = motion.position(at: t), velocity = motion.velocity(at: t)
            #expect(abs(position - Double(x)) <= 1e-10 * abs(Double(x)), "t = \(t)")
            #expect(abs(velocity - Double(v)) <= 1e-10 * abs(Double(v)), "t = \(t)")
        }
    }

    /// An undamped spring keeps its phase after 1000 s.
    @Test func undampedPhaseAfter1000Seconds() throws {
        let omega = 2 * Double.pi / 0.5
        let motion = try SpringMotion(spring: spring(omega: omega, zeta: 0), from: 10.0, to: 0.0, initialVelocity: 30)
        for t in [1000.0, 1000.1, 1000.37, 999.999] {
            let phase = Float80(omega) * Float80(t)
            let x = 10 * cos(phase) + Float80(30 / omega) * sin(phase)
            #expect(abs(motion.position(at: t) - Double(x)) < 1e-11 * 10, "t = \(t)")
        }
        // and the exact propagator stepping 120,000 frames of 1/120 s lands within rounding
        var state = motion.initialState
        let step = try ExactIntegrator(spring: motion.spring, step: 1.0 / 120)
        for _ in 0..<120_000 { step.advance(&state) }
        #expect(abs(state.displacement - motion.position(at: 1000)) < 1e-9 * 10)
    }
    #endif

    static let regimes: [Double] = [0, 0.3, 1, 4, 5000]

    /// No overflow or NaN at any time: the state is finite and within the envelope bounds
    /// (``DampedSpring/settlingDuration``'s `E(t)`) on `|x|` and on `|v|`, at small, moderate
    /// and huge times.
    @Test(arguments: regimes)
    func largeTimesAreFinite(zeta: Double) throws {
        let spring = try spring(omega: 50, zeta: zeta)
        let motion = try SpringMotion(spring: spring, from: 1e6, to: -1e6, initialVelocity: 1e7)
        let x0 = motion.initialState.displacement, v0 = motion.initialState.velocity
        let lambda = spring.decayRate, omega2 = spring.stiffnessPerMass
        for t in [1e-3, 0.01, 0.1, 1, 10, 1e3, 1e6, 1e12, 1e300, .greatestFiniteMagnitude] {
            let state = motion.state(at: t)
            #expect(state.displacement.isFinite && state.velocity.isFinite, "t = \(t)")
            // x = e^(−λt)(x₀C + (v₀ + λx₀)S), v = e^(−λt)(v₀C − (λv₀ + ω₀²x₀)S)
            let positionBound = exp(spring.logEnvelope(abs(x0), abs(v0 + lambda * x0), at: t))
            let velocityBound = exp(spring.logEnvelope(abs(v0), abs(lambda * v0 + omega2 * x0), at: t))
            #expect(abs(state.displacement) <= positionBound * (1 + 1e-9) + 1e-300, "t = \(t): \(state.displacement) > \(positionBound)")
            #expect(abs(state.velocity) <= velocityBound * (1 + 1e-9) + 1e-300, "t = \(t): \(state.velocity) > \(velocityBound)")
            if zeta > 0 && t >= 1e6 { #expect(positionBound < 1e-300) }
        }
    }

    /// Overdamped far past where `(1 − ζ)(1 + ζ)` overflows (ζ ≳ 1e154): the spread stays
    /// finite and ≈ λ, and the motion is finite, starts at its initial state and creeps like
    /// `e^(−(k/c)·t)` (the slow mode) — once `v` was NaN (∞·0) for ζ ≈ 1e160.
    @Test(arguments: [1e10, 1e150, 1e155, 1e160, 1e200, 1e300])
    func extremeOverdampingIsFinite(zeta: Double) throws {
        // m = 1, ω₀ = 1e-150: c = 2ζ·1e-150 stays finite for every ζ here.
        let omega = 1e-150
        let spring = try DampedSpring(mass: 1, stiffness: omega * omega, damping: 2 * zeta * omega)
        #expect(spring.frequencySpread.isFinite && spring.frequencySpread > 0)
        #expect(abs(spring.frequencySpread - spring.decayRate) <= 1e-12 * spring.decayRate)
        let motion = try SpringMotion(spring: spring, from: 100.0, to: 0.0, initialVelocity: 0)
        let slowRate = spring.stiffness / spring.damping
        for t in [0, 1e-300, 1, 1e10, 0.5 / slowRate, 1 / slowRate, 1e300, .greatestFiniteMagnitude] {
            let state = motion.state(at: t)
            #expect(state.displacement.isFinite && state.velocity.isFinite, "ζ \(zeta), t = \(t): \(state)")
            #expect(state.displacement >= 0 && state.displacement <= 100, "t = \(t)")
            #expect(state.velocity <= 0, "t = \(t)")
        }
        // Where the slow rate is a normal number (its reciprocal a finite time): x(1/s) = 100/e.
        if slowRate >= 1e-300 {
            let mid = motion.position(at: 1 / slowRate)
            #expect(abs(mid - 100 * exp(-1)) < 1e-9 * 100, "\(mid)")
        }
    }

    /// The motion solves `m·x″ + c·x′ + k·x = 0`: the velocity is the derivative of the
    /// position (central differences) in every regime.
    @Test(arguments: regimes)
    func velocityIsTheDerivative(zeta: Double) throws {
        let motion = try SpringMotion(spring: spring(omega: 5, zeta: zeta), from: 3.0, to: 1.0, initialVelocity: -4)
        let h = 1e-5
        for k in 1...50 {
            let t = Double(k) * 0.04
            let numeric = (motion.position(at: t + h) - motion.position(at: t - h)) / (2 * h)
            #expect(abs(numeric - motion.velocity(at: t)) < 1e-7 * max(1, abs(motion.velocity(at: t))))
            let acceleration = (motion.velocity(at: t + h) - motion.velocity(at: t - h)) / (2 * h)
            let expected = motion.spring.acceleration(displacement: motion.position(at: t) - 1, velocity: motion.velocity(at: t))
            #expect(abs(acceleration - expected) < 1e-5 * max(1, abs(expected)))
        }
    }

    /// A 2-D motion is the 1-D motion on each axis.
    @Test func twoDimensionalMotion() throws {
        let spring = try spring(omega: 9, zeta: 0.35)
        let motion = try SpringMotion(spring: spring, from: SIMD2(10.0, -4.0), to: SIMD2(2.0, 3.0), initialVelocity: SIMD2(5.0, 40.0))
        let x = try SpringMotion(spring: spring, from: 10.0, to: 2.0, initialVelocity: 5)
        let y = try SpringMotion(spring: spring, from: -4.0, to: 3.0, initialVelocity: 40)
        for k in 0...50 {
            let t = Double(k) * 0.03
            #expect(motion.position(at: t) == SIMD2(x.position(at: t), y.position(at: t)))
            #expect(motion.velocity(at: t) == SIMD2(x.velocity(at: t), y.velocity(at: t)))
        }
        #expect(abs(motion.distance - (64.0 + 49).squareRoot()) < 1e-12)
    }

    /// `advance(_:steps:)` is `steps` single steps, bit for bit, in every regime and for every
    /// count (the AVX form carries the state twice and must round exactly as one step does);
    /// no steps leave the state alone.
    @Test(arguments: regimes)
    func manyStepsAreSingleStepsBitForBit(zeta: Double) throws {
        let propagator = try SpringPropagator(spring: spring(omega: 14.4, zeta: zeta), step: 1.0 / 60)
        let start = SpringState(displacement: 208.0, velocity: -124.8)
        var single = start
        for steps in 0...70 {
            var many = start
            propagator.advance(&many, steps: steps)
            #expect(many == single, "ζ \(zeta), \(steps) steps: \(many) ≠ \(single)")
            propagator.advance(&single)
        }
        var unmoved = start
        propagator.advance(&unmoved, steps: -3)
        #expect(unmoved == start)
        // The generic form (a 2-D state) is the same loop of single steps.
        var plane = SpringState(displacement: SIMD2(208.0, -3.5), velocity: SIMD2(-124.8, 40))
        var planeSingle = plane
        propagator.advance(&plane, steps: 9)
        for _ in 0..<9 { propagator.advance(&planeSingle) }
        #expect(plane == planeSingle)
    }

    @Test func badMotionInput() throws {
        let spring = try spring(omega: 1, zeta: 1)
        #expect(throws: SpringError.invalidParameter(name: "from", value: .infinity, expected: "a finite number")) {
            try SpringMotion(spring: spring, from: Double.infinity, to: 0)
        }
        #expect(throws: SpringError.self) { try SpringMotion(spring: spring, from: SIMD2(0, Double.nan), to: .zero) }
        #expect(throws: SpringError.self) { try SpringMotion(spring: spring, from: 0.0, to: 1, initialVelocity: .nan) }
        #expect(throws: SpringError.self) { try SpringMotion(spring: spring, from: 1e308, to: -1e308) }
        #expect(throws: SpringError.self) { try SpringPropagator(spring: spring, step: 0) }
        #expect(throws: SpringError.self) { try SpringPropagator(spring: spring, step: -0.1) }
        #expect(throws: SpringError.self) { try SpringPropagator(spring: spring, step: .nan) }
    }
}
