import BenchKit
import GSLReference
import SpringSolver

/// The spring kernels of issue 3 (names per DESIGN §6), all on the menu's show spring
/// (UIKit 0.8 s, ζ 0.6 → k ≈ 207, c ≈ 17.3; 667 → 459 pt at −124.8 pt/s).
///
/// | benchmark | kernel | reference | checked against |
/// |---|---|---|---|
/// | `spring/closed-form` | `SpringMotion.position(at:)` at 1024 seeded times in [0, 2] s | `…/gsl-rk8pd`: GSL's rk8pd driver (rtol = atol = 1e-12) producing the same 1024 positions, integrating from each sample to the next | rk8pd, ≤ 1e-7 pt |
/// | `spring/exact-step` | `SpringPropagator.advance`, h = 1/60 s | none: GSL has no per-step propagator | the closed form at every step, ≤ 1e-9 pt |
/// | `spring/rk4-step` | `RungeKutta4.advance`, h = 1/120 s | `…/gsl-rk4`: GSL's rk4 stepper, one call per h = 1/60 s | GSL, ≤ 1e-9 pt |
/// | `spring/dopri54` | 2 s at rtol = atol = 1e-9 | `…/gsl-rkck`, same span and tolerances | both against the closed form at 10 end times, ≤ 1e-6 pt |
///
/// Fairness of `spring/rk4-step/gsl-rk4`: GSL's rk4 estimates its error by step doubling, so
/// one call with step `h` computes a full step *and* two half steps and returns the two-half-
/// step result. Both sides therefore produce the same states — 1024 RK4 steps of 1/120 s,
/// identical to rounding — and the work unit is one RK4 step of 1/120 s: GSL pays 512 calls
/// (1536 RK4 steps of arithmetic, plus its C-to-Swift right-hand-side callback) for the
/// result our kernel gets from 1024 steps. The speedup is "time to the same result".
///
/// Every timed reference and body traps (``mustSucceed(_:_:)``) rather than swallow an
/// error: a failed run would otherwise post a fast time.
///
/// Right-hand-side evaluation counts for dopri54 against rkck and rkf45 (equal tolerance and
/// matched error) are reported by `bench integrators`, not here: a benchmark reports times.
func springBenchmarks() throws -> [Benchmark] {
    let motion = try ComparedSpring.menuShow().motion
    return [
        try closedFormBenchmark(motion),
        try exactStepBenchmark(motion),
        try rk4StepBenchmark(motion),
        try dopri54Benchmark(motion),
    ]
}

/// Steps per iteration of the step benchmarks, from the initial state each time: long enough
/// that the restart is noise, short enough that the damped state stays far from subnormal
/// numbers (0.866¹⁰²⁴ · 208 ≈ 10⁻⁶² pt at 60 Hz).
let springStepsPerIteration = 1024

func closedFormBenchmark(_ motion: SpringMotion<Double>) throws -> Benchmark {
    var generator = SplitMix64(seed: 0x5eed_5051)
    let times = (0..<1024).map { _ in 2 * Double(generator.next() >> 11) / Double(1 << 53) }.sorted()
    let reference = try GSLSpring(stepper: .rk8pd, spring: motion.spring, tolerance: 1e-12)
    func gslPositions() throws -> [Double] {
        let driver = try reference.makeDriver()
        var t = 0.0
        var y = [motion.initialState.displacement, motion.initialState.velocity]
        var positions: [Double] = []
        positions.reserveCapacity(times.count)
        for time in times {
            if time > t { try driver.apply(t: &t, until: time, state: &y) }
            positions.append(motion.target + y[0])
        }
        return positions
    }
    return Benchmark(
        "spring/closed-form",
        unit: .nanoseconds(per: "sample"),
        workUnitsPerIteration: times.count,
        // A fresh driver per iteration (allocated inside gslPositions): the adaptive driver keeps
        // its last step size across a reset, so reusing one would change the work per iteration.
        reference: Reference("spring/closed-form/gsl-rk8pd") { iterations in
            for _ in 0..<iterations {
                blackHole(mustSucceed("spring/closed-form/gsl-rk8pd") { try gslPositions().last })
            }
        },
        check: Check(tolerance: 1e-7) {
            let gsl = try gslPositions()
            return zip(times, gsl).map { abs(motion.position(at: $0) - $1) }.max() ?? 0
        },
        body: { iterations in
            for _ in 0..<iterations {
                let hidden = identity(motion)
                var sum = 0.0
                for t in times { sum += hidden.position(at: t) }
                blackHole(sum)
            }
        }
    )
}

func exactStepBenchmark(_ motion: SpringMotion<Double>) throws -> Benchmark {
    let propagator = try SpringPropagator(spring: motion.spring, step: 1.0 / 60)
    let start = motion.initialState
    return Benchmark(
        "spring/exact-step",
        unit: .nanoseconds(per: "step"),
        workUnitsPerIteration: springStepsPerIteration,
        check: Check(tolerance: 1e-9) {
            var state = start, worst = 0.0
            for index in 1...springStepsPerIteration {
                propagator.advance(&state)
                let exact = motion.state(at: Double(index) / 60)
                worst = max(worst, abs(state.displacement - exact.displacement))
            }
            return worst
        },
        body: { iterations in
            for _ in 0..<iterations {
                var state = identity(start)
                for _ in 0..<springStepsPerIteration { propagator.advance(&state) }
                blackHole(state)
            }
        }
    )
}

func rk4StepBenchmark(_ motion: SpringMotion<Double>) throws -> Benchmark {
    let integrator = try RungeKutta4(spring: motion.spring, step: 1.0 / 120)
    let gsl = try GSLSpring(stepper: .rk4, spring: motion.spring, tolerance: 1e-6)
    let start = motion.initialState
    /// GSL's states after each call of h = 1/60 s (= two RK4 steps of 1/120 s).
    func gslStates() throws -> [SpringState<Double>] {
        let driver = try gsl.makeDriver()
        var t = 0.0
        var y = [start.displacement, start.velocity]
        var states: [SpringState<Double>] = []
        states.reserveCapacity(springStepsPerIteration / 2)
        for _ in 0..<springStepsPerIteration / 2 {
            try driver.step(t: &t, by: 1.0 / 60, state: &y)
            states.append(SpringState(displacement: y[0], velocity: y[1]))
        }
        return states
    }
    // The timed reference does what the kernel does: steps from the start and keeps only the
    // final state. Its driver and state buffer are made once, outside the timed loop (a raw
    // stepper has no step-size history; `reset` clears the stepper's state per iteration).
    let timedDriver = try gsl.makeDriver()
    var buffer = [start.displacement, start.velocity]
    func gslFinalState() throws -> SpringState<Double> {
        try timedDriver.reset()
        var t = 0.0
        buffer[0] = start.displacement
        buffer[1] = start.velocity
        for _ in 0..<springStepsPerIteration / 2 { try timedDriver.step(t: &t, by: 1.0 / 60, state: &buffer) }
        return SpringState(displacement: buffer[0], velocity: buffer[1])
    }
    return Benchmark(
        "spring/rk4-step",
        unit: .nanoseconds(per: "step"),
        workUnitsPerIteration: springStepsPerIteration,
        reference: Reference("spring/rk4-step/gsl-rk4") { iterations in
            for _ in 0..<iterations { blackHole(mustSucceed("spring/rk4-step/gsl-rk4") { try gslFinalState() }) }
        },
        check: Check(tolerance: 1e-9) {
            let reference = try gslStates()
            var state = start, worst = 0.0
            for expected in reference {
                integrator.advance(&state)
                integrator.advance(&state)
                worst = max(worst, abs(state.displacement - expected.displacement))
            }
            // The timed reference's final state is the checked one.
            let final = try gslFinalState()
            worst = max(worst, abs(final.displacement - (reference.last?.displacement ?? .nan)))
            return worst
        },
        body: { iterations in
            for _ in 0..<iterations {
                var state = identity(start)
                for _ in 0..<springStepsPerIteration { integrator.advance(&state) }
                blackHole(state)
            }
        }
    )
}

func dopri54Benchmark(_ motion: SpringMotion<Double>) throws -> Benchmark {
    let options = DormandPrince54Options(relativeTolerance: 1e-9, absoluteTolerance: 1e-9)
    let system = SpringSystem<Double>(spring: motion.spring)
    let gsl = try GSLSpring(stepper: .rkck, spring: motion.spring, tolerance: 1e-9)
    let span = 2.0
    return Benchmark(
        "spring/dopri54",
        unit: .nanoseconds(per: "solve"),
        reference: Reference("spring/dopri54/gsl-rkck") { iterations in
            for _ in 0..<iterations {
                blackHole(mustSucceed("spring/dopri54/gsl-rkck") { try gsl.solve(motion: motion, to: span).state })
            }
        },
        check: Check(tolerance: 1e-6) {
            // The trajectory's error, not only the endpoint's (at 2 s the motion is ~1e-5 pt
            // from rest): separate solves to 10 end times, for dopri54 and for the rkck
            // reference alike (a reference that misses its tolerance would be timed too).
            var worst = 0.0
            for end in (1...10).map({ span * Double($0) / 10 }) {
                var solver = try DormandPrince54(system: system, time: 0, state: motion.initialState, options: options)
                let exact = motion.state(at: end).displacement
                worst = max(worst, abs(try solver.integrate(to: end).displacement - exact))
                worst = max(worst, abs(try gsl.solve(motion: motion, to: end).state.displacement - exact))
            }
            return worst
        },
        body: { iterations in
            for _ in 0..<iterations {
                blackHole(mustSucceed("spring/dopri54") {
                    var solver = try DormandPrince54(system: system, time: 0, state: identity(motion.initialState), options: options)
                    return try solver.integrate(to: span)
                })
            }
        }
    )
}

