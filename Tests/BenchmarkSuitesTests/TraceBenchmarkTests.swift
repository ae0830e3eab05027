@testable import BenchmarkSuites
import Testing

/// The trace benchmark's definition and check (never its time: that is `bench run`'s).
@Suite struct TraceBenchmarkTests {
    @Test func nameReferenceAndCheck() throws {
        let benchmarks = try traceBenchmarks()
        #expect(benchmarks.map(\.name) == ["validate/trace-10k"])
        #expect(benchmarks.map { $0.reference?.name } == ["validate/trace-10k/scene"])
        let check = try #require(benchmarks[0].check)
        #expect(try check.maxError() <= check.tolerance)
        // 10,000 frames, one in 97 late: 103 late frames at 120 Hz.
        #expect(abs(try tenThousandFrameTrace().hitch - 103.0 / 120) < 1e-12)
    }
}
