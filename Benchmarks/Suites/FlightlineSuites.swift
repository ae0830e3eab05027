import BenchKit

/// Every benchmark `bench run` knows, one builder per subject (DESIGN §6 names them).
///
/// Suites are built inside functions, not stored: `Benchmark` holds closures and is not
/// `Sendable`. Building is cheap; references and checks only run when `bench run` runs them.
enum Suites {
    static let builders: [(subject: String, build: @Sendable () throws -> [Benchmark])] = [
        ("curves", curveBenchmarks),
        ("springs", springBenchmarks),
        ("scenes", sceneBenchmarks),
        ("swarm", swarmBenchmarks),
        ("plots", plotBenchmarks),
    ]

    /// All benchmarks, in a stable order: subject by subject, each in its file's order.
    static func all() throws -> [Benchmark] {
        var benchmarks: [Benchmark] = []
        for builder in builders {
            do {
                benchmarks += try builder.build()
            } catch {
                throw CLIError(.referenceFailed, "cannot build the \(builder.subject) benchmarks: \(error)")
            }
        }
        return benchmarks
    }
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
