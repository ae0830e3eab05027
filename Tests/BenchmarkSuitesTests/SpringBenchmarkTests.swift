import Testing
@testable import BenchmarkSuites
import BenchKit
import SpringSolver
import Studies

@Suite struct SpringBenchmarkTests {
    @Test func namesAndReferencesFollowDesign() throws {
        let benchmarks = try springBenchmarks()
        #expect(benchmarks.map(\.name) == [
            "spring/closed-form", "spring/closed-form-vs-c", "spring/exact-step", "spring/exact-step-serial", "spring/rk4-step",
            "spring/rk4-step-serial", "spring/dopri54",
        ])
        #expect(benchmarks.map { $0.reference?.name } == [
            "spring/closed-form/gsl-rk8pd", "spring/closed-form/c", nil, "spring/exact-step-serial/c", "spring/rk4-step/gsl-rk4",
            "spring/rk4-step-serial/gsl-rk4", "spring/dopri54/gsl-rkck",
        ])
        #expect(benchmarks.map(\.unit.symbol) == ["ns/sample", "ns/sample", "ns/step", "ns/step", "ns/step", "ns/step", "ns/solve"])
        // The step benchmarks all do the same number of steps per iteration.
        #expect(benchmarks.filter { $0.name.contains("-step") }.allSatisfy { $0.workUnitsPerIteration == springStepsPerIteration })
        #expect(benchmarks.allSatisfy { $0.check != nil })
    }

    /// Every check passes (a kernel that disagreed with its reference would never be timed), and
    /// reports a real, non-zero-tolerance comparison.
    @Test(arguments: [
        "spring/closed-form", "spring/closed-form-vs-c", "spring/exact-step", "spring/exact-step-serial", "spring/rk4-step",
        "spring/rk4-step-serial", "spring/dopri54",
    ])
    func checksPass(name: String) throws {
        let benchmark = try #require(try springBenchmarks().first { $0.name == name })
        let check = try #require(benchmark.check)
        let error = try check.maxError()
        #expect(error.isFinite)
        #expect(error <= check.tolerance, "\(name): \(error) > \(check.tolerance)")
    }

    /// The dopri54 check covers its timed reference too: its error is at least rkck's own
    /// error against the closed form at the 10 end times (once it was dopri54's alone).
    @Test func dopri54CheckCoversTheRKCKReference() throws {
        let benchmark = try #require(try springBenchmarks().first { $0.name == "spring/dopri54" })
        let motion = try ComparedSpring.menuShow().motion
        let rkck = try GSLSpring(stepper: .rkck, spring: motion.spring, tolerance: 1e-9)
        var rkckWorst = 0.0
        for end in (1...10).map({ 2.0 * Double($0) / 10 }) {
            rkckWorst = max(rkckWorst, abs(try rkck.solve(motion: motion, to: end).state.displacement - motion.state(at: end).displacement))
        }
        #expect(rkckWorst > 0)
        #expect(try #require(benchmark.check).maxError() >= rkckWorst)
    }

    /// The throughput batch: seeded (the same states every time, different ones per seed),
    /// every spring distinct, within the stated bounds, and `run` leaves what the check's
    /// `trajectory` computes — the timed loop is the checked loop.
    @Test func frameBatchIsSeededAndTimedAsChecked() throws {
        let motion = try ComparedSpring.menuShow().motion
        let batch = SpringFrameBatch(motion: motion)
        #expect(batch.starts == SpringFrameBatch(motion: motion).starts)
        #expect(batch.starts != SpringFrameBatch(motion: motion, seed: 1).starts)
        #expect(batch.starts.count == SpringFrameBatch.springs)
        #expect(Set(batch.starts.map(\.displacement)).count == SpringFrameBatch.springs)
        #expect(batch.starts.allSatisfy { abs($0.displacement) <= 208 && abs($0.velocity) <= 1000 })
        #expect(SpringFrameBatch.springs * SpringFrameBatch.frames == springStepsPerIteration)

        let rk4 = try RungeKutta4(spring: motion.spring, step: 1.0 / 120)
        var states = [SpringState<Double>](repeating: SpringState(displacement: .nan, velocity: .nan), count: SpringFrameBatch.springs)
        SpringFrameBatch.run(rk4, frames: SpringFrameBatch.frames, from: batch.starts, into: &states)
        #expect(states == batch.trajectory(rk4).last)
        // A second run starts from the seeded states again, not from where the first ended.
        SpringFrameBatch.run(rk4, frames: SpringFrameBatch.frames, from: batch.starts, into: &states)
        #expect(states == batch.trajectory(rk4).last)
    }

    /// Bodies and references run (one iteration each) without trapping.
    @Test func bodiesRun() throws {
        for benchmark in try springBenchmarks() {
            benchmark.body(1)
            benchmark.reference?.body(1)
        }
    }
}
