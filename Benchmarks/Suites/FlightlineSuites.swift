import BenchKit
import GSLReference

/// Every benchmark `bench run` knows, one suite per subject (docs/design.md §4 names them), registered
/// with BenchKit. Each file of this target only defines its subject's benchmarks, each checked
/// against its reference before it is timed.
///
/// ```swift
/// let benchmarks = try FlightlineSuites.registry.benchmarks()
/// print(benchmarks.first?.name ?? "")   // arclen/quadratic
/// ```
///
/// Suites are built inside functions, not stored: `Benchmark` holds closures and is not
/// `Sendable`. Building is cheap; references and checks only run when `bench run` runs them.
public enum FlightlineSuites {
    /// The suites in their stable order: curves, springs, scenes, swarm, plots, traces; each
    /// subject's benchmarks in its file's order.
    public static let registry = BenchmarkRegistry([
        BenchmarkSuite("curves", build: curveBenchmarks),
        BenchmarkSuite("springs", build: springBenchmarks),
        BenchmarkSuite("scenes", build: sceneBenchmarks),
        BenchmarkSuite("swarm", build: swarmBenchmarks),
        BenchmarkSuite("plots", build: plotBenchmarks),
        BenchmarkSuite("traces", build: traceBenchmarks),
    ])

    /// The version of GNU GSL the references are raced against (`2.7.1`), as a run records it.
    public static var gslVersion: String { GSLReference.gslVersion }
}

/// The result of a timed body that cannot fail once its benchmark's check has passed (same
/// inputs, same code). Should it fail anyway, bench stops: a swallowed error (`try?`) would let
/// a kernel that did no work post a fast time, which BenchKit's contract forbids.
@inline(__always)
func mustSucceed<T, E: Error>(_ benchmark: StaticString, _ body: () throws(E) -> T) -> T {
    do {
        return try body()
    } catch {
        preconditionFailure("\(benchmark): a timed body failed after its check passed: \(error)")
    }
}
