import Testing
@testable import BenchCLI
import BenchKit

@Suite struct SpringBenchmarkTests {
    @Test func namesAndReferencesFollowDesign() throws {
        let benchmarks = try springBenchmarks()
        #expect(benchmarks.map(\.name) == ["spring/closed-form", "spring/exact-step", "spring/rk4-step", "spring/dopri54"])
        #expect(benchmarks.map { $0.reference?.name } == [
            "spring/closed-form/gsl-rk8pd", nil, "spring/rk4-step/gsl-rk4", "spring/dopri54/gsl-rkck",
        ])
        #expect(benchmarks.map(\.unit.symbol) == ["ns/sample", "ns/step", "ns/step", "ns/solve"])
        #expect(benchmarks.allSatisfy { $0.check != nil })
    }

    /// Every check passes (a kernel that disagreed with its reference would never be timed), and
    /// reports a real, non-zero-tolerance comparison.
    @Test(arguments: ["spring/closed-form", "spring/exact-step", "spring/rk4-step", "spring/dopri54"])
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

    /// Bodies and references run (one iteration each) without trapping.
    @Test func bodiesRun() throws {
        for benchmark in try springBenchmarks() {
            benchmark.body(1)
            benchmark.reference?.body(1)
        }
    }
}
