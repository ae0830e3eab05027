import BenchKit
import CSpringFloor
import GSLReference
import SpringSolver
import Studies

/// The spring kernels of issue 3 (names per docs/design.md §4), all on the menu's show spring
/// (UIKit 0.8 s, ζ 0.6 → k ≈ 207, c ≈ 17.3; 667 → 459 pt at −124.8 pt/s).
///
/// | benchmark | kernel | reference | checked against |
/// |---|---|---|---|
/// | `spring/closed-form` | `SpringMotion.position(at:)` at 1024 seeded times in [0, 2] s | `…/gsl-rk8pd`: GSL's rk8pd driver (rtol = atol = 1e-12) producing the same 1024 positions, integrating from each sample to the next | rk8pd, ≤ 1e-7 pt |
/// | `spring/exact-step` | `ExactIntegrator.advance`, h = 1/60 s, over a frame batch (below) | none: GSL has no per-step propagator | the closed form at every step, ≤ 1e-9 pt |
/// | `spring/closed-form-vs-c` | `SpringMotion.position(at:)`, the same 1024 times | `spring/closed-form/c`: the plain-C floor (`CSpringFloor`, -O2: glibc's `exp` and `sincos`, the loop in C) | the C floor, ≤ 1e-13 relative |
/// | `spring/exact-step-serial` | `SpringPropagator.advance(_:steps:)`, h = 1/60 s, one spring step after step | `…/c`: the same 2 × 2 step, scalar, the loop in C | the closed form, ≤ 1e-9 pt; the C floor to 1e-13 relative |
/// | `spring/rk4-step` | `RungeKutta4.advance`, h = 1/120 s, over a frame batch | `…/gsl-rk4`: GSL's rk4 stepper on the same springs, one call per h = 1/60 s | GSL, ≤ 1e-9 pt |
/// | `spring/rk4-step-serial` | `RungeKutta4.advance`, one spring step after step | `…/gsl-rk4`, one spring | GSL, ≤ 1e-9 pt |
/// | `spring/dopri54` | 2 s at rtol = atol = 1e-9 | `…/gsl-rkck`, same span and tolerances | both against the closed form at 10 end times, ≤ 1e-6 pt |
///
/// Two forms of "one step", because they answer different questions:
/// - **Throughput** (`spring/exact-step`, `spring/rk4-step`, the per-step targets): an
///   interface animates many springs and advances each once per frame, so the cost that fills
///   a frame is a step among independent ones. ``SpringFrameBatch``: 64 springs, each from its
///   own seeded state, advanced 16 frames (1024 steps per iteration, the loop an engine runs).
///   The processor overlaps the independent springs, so a step costs its arithmetic.
/// - **Latency** (`…-serial`): one spring stepped 1024 times in a row, each step waiting for the
///   last, as substeps within a frame or a simulation run ahead do. An RK4 step is four
///   dependent stages, each a multiply-add chain through the acceleration, about 45 cycles
///   end to end: far above its arithmetic, and no step order or compiler flag removes it. RK4
///   on a linear spring *is* one 2 × 2 matrix per step (its step matrix), but timing that
///   matrix would time the exact propagator's arithmetic under RK4's name, so the stages are
///   timed as written.
///
/// Fairness of the `gsl-rk4` references: GSL's rk4 estimates its error by step doubling, so
/// one call with step `h` computes a full step *and* two half steps and returns the two-half-
/// step result. Both sides therefore produce the same states — RK4 steps of 1/120 s,
/// identical to rounding — and the work unit is one RK4 step of 1/120 s: GSL pays half as many
/// calls (1.5× the RK4 arithmetic, plus its C-to-Swift right-hand-side callback) for the
/// result our kernel gets from its steps. The speedup is "time to the same result".
///
/// Every timed reference and body traps (``mustSucceed(_:_:)``) rather than swallow an
/// error: a failed run would otherwise post a fast time.
///
/// Right-hand-side evaluation counts for dopri54 against rkck and rkf45 (equal tolerance and
/// matched error) are reported by `bench integrators`, not here: a benchmark reports times.
func springBenchmarks() throws -> [Benchmark] {
    let motion = try ComparedSpring.menuShow().motion
    let batch = SpringFrameBatch(motion: motion)
    return [
        try closedFormBenchmark(motion),
        try closedFormFloorBenchmark(motion),
        try exactStepBenchmark(batch),
        try exactStepSerialBenchmark(motion),
        try rk4StepBenchmark(batch),
        try rk4StepSerialBenchmark(motion),
        try dopri54Benchmark(motion),
    ]
}

/// Steps per iteration of the step benchmarks, from the initial state(s) each time: long
/// enough that the restart is noise, short enough that the damped state stays far from
/// subnormal numbers (0.866¹⁰²⁴ · 208 ≈ 10⁻⁶² pt at 60 Hz).
let springStepsPerIteration = 1024

/// One frame's worth of springs for the throughput form of the step benchmarks: the menu's
/// show spring driving ``springs`` items (a menu's rows, a grid of cards), each from its own
/// seeded state — displacement within ±208 pt (the menu's distance), velocity within
/// ±1000 pt/s — advanced ``frames`` frames, spring after spring within a frame.
struct SpringFrameBatch {
    static let springs = 64
    static let frames = springStepsPerIteration / springs
    let motion: SpringMotion<Double>
    let starts: [SpringState<Double>]

    init(motion: SpringMotion<Double>, seed: UInt64 = 0x5eed_ba7c) {
        self.motion = motion
        var generator = SplitMix64(seed: seed)
        func symmetric(_ bound: Double) -> Double { bound * (2 * Double(generator.next() >> 11) / Double(1 << 53) - 1) }
        starts = (0..<Self.springs).map { _ in SpringState(displacement: symmetric(208), velocity: symmetric(1000)) }
    }

    /// The timed body of a batch benchmark: per iteration, ``run(_:frames:from:into:)`` from
    /// ``starts`` into a buffer made once, every spring's state black-holed (none of the work may
    /// be dropped).
    func timedBody<I: SpringIntegrator>(_ integrator: I) -> (_ iterations: Int) -> Void {
        var states = starts
        return { iterations in
            for _ in 0..<iterations {
                Self.run(identity(integrator), frames: Self.frames, from: starts, into: &states)
                blackHole(states)
            }
        }
    }

    /// Advances `states` (reset to ``starts``) by `frames` frames of one `integrator` step each.
    static func run<I: SpringIntegrator>(_ integrator: I, frames: Int, from starts: [SpringState<Double>],
                                         into states: inout [SpringState<Double>]) {
        states.withUnsafeMutableBufferPointer { buffer in
            starts.withUnsafeBufferPointer { start in
                for index in buffer.indices { buffer[index] = start[index] }
            }
            for _ in 0..<frames {
                for index in buffer.indices { integrator.advance(&buffer[index]) }
            }
        }
    }

    /// Every spring's state after each frame (`[frame][spring]`), for the checks.
    func trajectory<I: SpringIntegrator>(_ integrator: I, frames: Int = frames) -> [[SpringState<Double>]] {
        var states = starts
        return (0..<frames).map { _ in
            for index in states.indices { integrator.advance(&states[index]) }
            return states
        }
    }
}

func closedFormBenchmark(_ motion: SpringMotion<Double>) throws -> Benchmark {
    let times = closedFormTimes()
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
        body: closedFormSampling(motion, times: times)
    )
}

/// The timed body of both closed-form races: the sum of the positions at `times`, the motion
/// hidden from the optimizer once per pass.
func closedFormSampling(_ motion: SpringMotion<Double>, times: [Double]) -> (_ iterations: Int) -> Void {
    { iterations in
        for _ in 0..<iterations {
            let hidden = identity(motion)
            var sum = 0.0
            for t in times { sum += hidden.position(at: t) }
            blackHole(sum)
        }
    }
}

/// The closed-form sample times of `spring/closed-form`: 1024 seeded times in [0, 2] s, sorted.
func closedFormTimes() -> [Double] {
    var generator = SplitMix64(seed: 0x5eed_5051)
    return (0..<1024).map { _ in 2 * Double(generator.next() >> 11) / Double(1 << 53) }.sorted()
}

/// The menu's show spring as the C floor takes it (underdamped: decay rate, damped frequency).
func cSpring(_ motion: SpringMotion<Double>) -> FlightlineCSpring {
    FlightlineCSpring(lambda: motion.spring.decayRate, omega: motion.spring.frequencySpread,
                      omega2: motion.spring.stiffnessPerMass, target: motion.target,
                      x0: motion.initialPosition - motion.target, v0: motion.initialVelocity)
}

/// `spring/closed-form-vs-c`: the closed-form sample raced against the plain-C floor (a
/// benchmark has one reference; `spring/closed-form` keeps GSL's). Both sum the positions at
/// the same 1024 times in one loop; the C loop is one call.
func closedFormFloorBenchmark(_ motion: SpringMotion<Double>) throws -> Benchmark {
    let times = closedFormTimes()
    var spring = cSpring(motion)
    return Benchmark(
        "spring/closed-form-vs-c",
        unit: .nanoseconds(per: "sample"),
        workUnitsPerIteration: times.count,
        reference: Reference("spring/closed-form/c") { iterations in
            times.withUnsafeBufferPointer { buffer in
                for _ in 0..<iterations {
                    blackHole(flightline_c_spring_position_sum(&spring, buffer.baseAddress, buffer.count))
                }
            }
        },
        check: Check(tolerance: 1e-13) {
            // Relative agreement of every sample, and of the timed sums.
            var worst = 0.0
            for t in times {
                let c = flightline_c_spring_position(&spring, t)
                worst = max(worst, abs(motion.position(at: t) - c) / abs(c))
            }
            let sum = times.reduce(0.0) { $0 + motion.position(at: $1) }
            let cSum = times.withUnsafeBufferPointer { flightline_c_spring_position_sum(&spring, $0.baseAddress, $0.count) }
            return max(worst, abs(sum - cSum) / abs(cSum))
        },
        body: closedFormSampling(motion, times: times)
    )
}

func exactStepBenchmark(_ batch: SpringFrameBatch) throws -> Benchmark {
    let integrator = try ExactIntegrator(spring: batch.motion.spring, step: 1.0 / 60)
    let spring = batch.motion.spring
    return Benchmark(
        "spring/exact-step",
        unit: .nanoseconds(per: "step"),
        workUnitsPerIteration: springStepsPerIteration,
        check: Check(tolerance: 1e-9) {
            let trajectory = batch.trajectory(integrator)
            var worst = 0.0
            for (index, start) in batch.starts.enumerated() {
                let exact = try SpringMotion(spring: spring, from: start.displacement, to: 0.0, initialVelocity: start.velocity)
                for (frame, states) in trajectory.enumerated() {
                    worst = max(worst, abs(states[index].displacement - exact.state(at: Double(frame + 1) / 60).displacement))
                }
            }
            return worst
        },
        allocationFree: true,
        body: batch.timedBody(integrator)
    )
}

func exactStepSerialBenchmark(_ motion: SpringMotion<Double>) throws -> Benchmark {
    let propagator = try SpringPropagator(spring: motion.spring, step: 1.0 / 60)
    let matrix = propagator.matrix
    let start = motion.initialState
    return Benchmark(
        "spring/exact-step-serial",
        unit: .nanoseconds(per: "step"),
        workUnitsPerIteration: springStepsPerIteration,
        reference: Reference("spring/exact-step-serial/c") { iterations in
            for _ in 0..<iterations {
                var x = identity(start.displacement), v = start.velocity
                flightline_c_spring_steps(matrix.m11, matrix.m12, matrix.m21, matrix.m22, &x, &v, springStepsPerIteration)
                blackHole(x)
                blackHole(v)
            }
        },
        check: Check(tolerance: 1e-9) {
            var state = start, worst = 0.0
            var x = start.displacement, v = start.velocity
            for index in 1...springStepsPerIteration {
                propagator.advance(&state)
                let exact = motion.state(at: Double(index) / 60)
                worst = max(worst, abs(state.displacement - exact.displacement))
                // The C floor takes the same steps: equal to 1e-13 relative (of the initial size).
                flightline_c_spring_steps(matrix.m11, matrix.m12, matrix.m21, matrix.m22, &x, &v, 1)
                guard abs(x - state.displacement) <= 1e-13 * abs(start.displacement) else {
                    throw SpringFloorError(step: index, swift: state.displacement, c: x)
                }
            }
            // The timed form (all steps in one call) must be these single steps, bit for bit.
            var timed = start
            propagator.advance(&timed, steps: springStepsPerIteration)
            return timed == state ? worst : .infinity
        },
        allocationFree: true,
        body: { iterations in
            for _ in 0..<iterations {
                var state = identity(start)
                propagator.advance(&state, steps: springStepsPerIteration)
                blackHole(state)
            }
        }
    )
}

/// GSL's rk4 stepper advancing `starts` as the RK4 kernels do: `calls` calls of h = 1/60 s per
/// spring (each two RK4 steps of 1/120 s, by step doubling), spring after spring within a call.
/// The driver and the state buffers are made once, outside any timed loop (a raw stepper has no
/// step-size history, and the spring is autonomous, so each call may start its clock at 0).
///
/// The returned run resets the driver and restarts from `starts`; it returns every spring's
/// state after each call (`[call][spring]`) when `everyCall`, else after the last call only.
func gslRK4Run(spring: DampedSpring, starts: [SpringState<Double>], calls: Int) throws -> (_ everyCall: Bool) throws -> [[SpringState<Double>]] {
    let driver = try GSLSpring(stepper: .rk4, spring: spring, tolerance: 1e-6).makeDriver()
    var buffers = starts.map { [$0.displacement, $0.velocity] }
    func states() -> [SpringState<Double>] { buffers.map { SpringState(displacement: $0[0], velocity: $0[1]) } }
    return { everyCall in
        try driver.reset()
        for (index, start) in starts.enumerated() {
            buffers[index][0] = start.displacement
            buffers[index][1] = start.velocity
        }
        var recorded: [[SpringState<Double>]] = []
        for _ in 0..<calls {
            for index in buffers.indices {
                var t = 0.0
                try driver.step(t: &t, by: 1.0 / 60, state: &buffers[index])
            }
            if everyCall { recorded.append(states()) }
        }
        return everyCall ? recorded : [states()]
    }
}

func rk4StepBenchmark(_ batch: SpringFrameBatch) throws -> Benchmark {
    let integrator = try RungeKutta4(spring: batch.motion.spring, step: 1.0 / 120)
    let calls = SpringFrameBatch.frames / 2
    let gslRun = try gslRK4Run(spring: batch.motion.spring, starts: batch.starts, calls: calls)
    return Benchmark(
        "spring/rk4-step",
        unit: .nanoseconds(per: "step"),
        workUnitsPerIteration: springStepsPerIteration,
        reference: Reference("spring/rk4-step/gsl-rk4") { iterations in
            for _ in 0..<iterations { blackHole(mustSucceed("spring/rk4-step/gsl-rk4") { try gslRun(false) }) }
        },
        check: Check(tolerance: 1e-9) {
            // The timed reference's own loop, recorded: GSL's call c ends where our step 2c + 2 does.
            let reference = try gslRun(true)
            let ours = batch.trajectory(integrator)
            var worst = 0.0
            for (call, springs) in reference.enumerated() {
                for (index, expected) in springs.enumerated() {
                    worst = max(worst, abs(ours[2 * call + 1][index].displacement - expected.displacement))
                }
            }
            return reference.count == calls ? worst : .infinity
        },
        allocationFree: true,
        body: batch.timedBody(integrator)
    )
}

func rk4StepSerialBenchmark(_ motion: SpringMotion<Double>) throws -> Benchmark {
    let integrator = try RungeKutta4(spring: motion.spring, step: 1.0 / 120)
    let start = motion.initialState
    let calls = springStepsPerIteration / 2
    // The timed reference does what the kernel does: steps one spring from the start.
    let gslRun = try gslRK4Run(spring: motion.spring, starts: [start], calls: calls)
    return Benchmark(
        "spring/rk4-step-serial",
        unit: .nanoseconds(per: "step"),
        workUnitsPerIteration: springStepsPerIteration,
        reference: Reference("spring/rk4-step-serial/gsl-rk4") { iterations in
            for _ in 0..<iterations { blackHole(mustSucceed("spring/rk4-step-serial/gsl-rk4") { try gslRun(false) }) }
        },
        check: Check(tolerance: 1e-9) {
            // The timed reference's own loop, recorded: each call is two of our steps.
            let reference = try gslRun(true)
            var state = start, worst = 0.0
            for springs in reference {
                integrator.advance(&state)
                integrator.advance(&state)
                worst = max(worst, abs(state.displacement - (springs.first?.displacement ?? .nan)))
            }
            return reference.count == calls ? worst : .infinity
        },
        allocationFree: true,
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


/// The Swift and C exact steps disagreed (a check failure, one line).
struct SpringFloorError: Error, CustomStringConvertible {
    let step: Int
    let swift: Double
    let c: Double
    var description: String { "step \(step): Swift \(swift), C floor \(c)" }
}
