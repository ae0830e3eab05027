@testable import BenchmarkSuites
import Testing

/// The scene benchmarks' definitions and checks (never their times: those are `bench run`'s).
@Suite struct SceneBenchmarkTests {
    @Test func namesAndReferencesAreStable() throws {
        let benchmarks = try sceneBenchmarks()
        #expect(benchmarks.map(\.name) == ["scene/bee-frame", "scene/menu-frame"])
        #expect(benchmarks.map { $0.reference?.name } == ["scene/bee-frame/gsl-brent", "scene/menu-frame/gsl-rk8pd"])
        #expect(benchmarks.allSatisfy { $0.unit.workUnit == "frame" && $0.workUnitsPerIteration > 1 })
    }

    @Test func kernelAgreesWithItsReferenceBeforeTiming() throws {
        for benchmark in try sceneBenchmarks() {
            let check = try #require(benchmark.check)
            let error = try check.maxError()
            #expect(error.isFinite, "\(benchmark.name)")
            #expect(error <= check.tolerance, "\(benchmark.name): \(error) > \(check.tolerance)")
        }
    }

    @Test func bodiesRunOnce() throws {
        for benchmark in try sceneBenchmarks() {
            benchmark.body(1)
            benchmark.reference?.body(1)
        }
    }
}
