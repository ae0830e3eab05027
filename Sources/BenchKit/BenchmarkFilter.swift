/// Selects benchmarks whose name contains a match of a regular expression (Swift `Regex`
/// syntax, as for `bench run --filter`): `arclen` selects `arclen/quadratic` and
/// `arclen/cubic`, `^spring/(rk4|dopri)` two spring benchmarks.
public struct BenchmarkFilter {
    public let pattern: String
    private let regex: Regex<AnyRegexOutput>

    /// - Throws: ``BenchKitError/invalidPattern(pattern:reason:)`` with a one-line reason.
    public init(_ pattern: String) throws {
        self.pattern = pattern
        do {
            regex = try Regex(pattern)
        } catch {
            throw BenchKitError.invalidPattern(pattern: pattern, reason: "\(error)")
        }
    }

    /// Whether `name` contains a match.
    public func matches(_ name: String) -> Bool {
        name.contains(regex)
    }

    /// The benchmarks that match, in their original order. An empty result is not an error
    /// here; the command line decides what to say.
    public func apply(to benchmarks: [Benchmark]) -> [Benchmark] {
        benchmarks.filter { matches($0.name) }
    }
}
