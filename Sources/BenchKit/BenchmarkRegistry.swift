/// The benchmarks of one subject (`curves`, `springs`, …), built on demand.
///
/// Building is cheap and runs nothing timed: a suite only defines its benchmarks (inputs,
/// references, checks, bodies); the runner checks and times them. `Benchmark` holds closures
/// and is not `Sendable`, so a suite stores the function that builds them, not the benchmarks.
public struct BenchmarkSuite: Sendable {
    /// The subject, as a failure to build names it (`cannot build the springs benchmarks: …`).
    public let subject: String
    /// Builds the subject's benchmarks, in their stable order.
    public let build: @Sendable () throws -> [Benchmark]

    public init(_ subject: String, build: @escaping @Sendable () throws -> [Benchmark]) {
        self.subject = subject
        self.build = build
    }
}

/// Every benchmark a runner knows, gathered suite by suite: the way package-benchmark's
/// targets in `Benchmarks/` only register their benchmarks and the runner finds them.
///
/// ```swift
/// let registry = BenchmarkRegistry([
///     BenchmarkSuite("sums") { [Benchmark("sum/array", unit: .nanoseconds(per: "sum")) { _ in }] },
/// ])
/// print(try registry.benchmarks().map(\.name))   // ["sum/array"]
/// ```
public struct BenchmarkRegistry: Sendable {
    /// The suites, in registration order.
    public private(set) var suites: [BenchmarkSuite]

    public init(_ suites: [BenchmarkSuite] = []) {
        self.suites = suites
    }

    /// Adds `suite` after the ones registered so far.
    public mutating func register(_ suite: BenchmarkSuite) {
        suites.append(suite)
    }

    /// The subjects, in registration order.
    public var subjects: [String] { suites.map(\.subject) }

    /// Every suite's benchmarks, in a stable order: suite by suite, each in its own order.
    ///
    /// - Throws: ``BenchKitError/suiteFailed(subject:reason:)`` naming the first suite that
    ///   cannot be built (its inputs or references failed), with that suite's error.
    /// - Complexity: O(benchmarks), plus what the suites' builders do.
    public func benchmarks() throws(BenchKitError) -> [Benchmark] {
        var benchmarks: [Benchmark] = []
        for suite in suites {
            do {
                benchmarks += try suite.build()
            } catch {
                throw .suiteFailed(subject: suite.subject, reason: "\(error)")
            }
        }
        return benchmarks
    }
}
