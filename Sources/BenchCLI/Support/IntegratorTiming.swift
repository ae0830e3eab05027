import BenchKit
import SpringSolver

/// Quick wall-clock costs for `bench integrators`'s `nsPerStep` column: not BenchKit's full
/// statistics (that is `bench run`), but the minimum over repeated calibrated samples, which
/// is the usual estimate of a kernel's cost on a shared machine (noise only adds time).
/// Meaningful in a release build only; the command does not call it in a debug build.
enum IntegratorTiming {
    /// Steps per chunk: every chunk restarts from the initial state, so a damped state never
    /// decays into subnormal numbers (whose arithmetic is up to 100× slower on x86) and an
    /// unstable one never overflows. 32 steps stay far from both for any spring a frame rate
    /// can step: even a spectral radius of 10⁹ only reaches 10²⁸⁸.
    static let chunk = 32
    /// A sample lasts at least this long (ns).
    static let sampleTarget: UInt64 = 200_000
    static let samples = 5

    /// Nanoseconds per step of a fixed-step method, specialised for its concrete type (no
    /// dispatch in the loop).
    static func nanosecondsPerStep(_ kind: IntegratorKind, spring: DampedSpring, step: Double,
                                   start: SpringState<Double>) throws -> Double {
        switch kind {
        case .explicitEuler: return perStep(try ExplicitEuler(spring: spring, step: step), start: start)
        case .semiImplicitEuler: return perStep(try SemiImplicitEuler(spring: spring, step: step), start: start)
        case .velocityVerlet: return perStep(try VelocityVerlet(spring: spring, step: step), start: start)
        case .rk4: return perStep(try RungeKutta4(spring: spring, step: step), start: start)
        case .implicitEuler: return perStep(try ImplicitEuler(spring: spring, step: step), start: start)
        case .trapezoidal: return perStep(try Trapezoidal(spring: spring, step: step), start: start)
        case .exact: return perStep(try ExactIntegrator(spring: spring, step: step), start: start)
        case .dopri54: throw CLIError.usage("dopri54 has no fixed step to time")
        }
    }

    static func perStep<I: SpringIntegrator>(_ integrator: I, start: SpringState<Double>) -> Double {
        var chunks = 1
        while true {
            let elapsed = run(integrator, start: identity(start), chunks: chunks)
            if elapsed >= sampleTarget || chunks >= 1 << 24 { break }
            chunks *= 2
        }
        var best = UInt64.max
        for _ in 0..<samples { best = min(best, run(integrator, start: identity(start), chunks: chunks)) }
        return Double(best) / Double(chunks * chunk)
    }

    @inline(never)
    static func run<I: SpringIntegrator>(_ integrator: I, start: SpringState<Double>, chunks: Int) -> UInt64 {
        let clock = MonotonicClock()
        let begin = clock.now()
        var state = start
        for _ in 0..<chunks {
            // Restart from `start`, but through `0 · state` (which IEEE arithmetic cannot fold
            // away): each chunk still waits for the previous one, so the time is the latency of
            // one spring's chain of steps, as in `bench run`'s spring/…-step, and out-of-order
            // execution cannot overlap independent chunks into a throughput figure.
            state = SpringState(displacement: start.displacement + 0 * state.displacement,
                                velocity: start.velocity + 0 * state.velocity)
            for _ in 0..<chunk { integrator.advance(&state) }
        }
        blackHole(state)
        return clock.now() - begin
    }

    /// Nanoseconds per call of `body` (a whole run): the minimum over repetitions, repeating
    /// until 5 calls and 2 ms have passed (at most 1000 calls).
    static func nanosecondsPerCall(_ body: () throws -> Void) throws -> Double {
        let clock = MonotonicClock()
        var best = UInt64.max, total: UInt64 = 0, calls = 0
        while calls < 5 || (total < 2_000_000 && calls < 1000) {
            let begin = clock.now()
            try body()
            let elapsed = clock.now() - begin
            best = min(best, elapsed)
            total += elapsed
            calls += 1
        }
        return Double(best)
    }
}
