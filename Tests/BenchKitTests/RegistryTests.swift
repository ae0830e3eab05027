import BenchKit
import Testing

/// BenchKit's registry: suites in registration order, a suite that cannot be built named.
@Suite struct BenchmarkRegistryTests {
    struct Broken: Error, CustomStringConvertible {
        var description: String { "no input" }
    }

    static func suite(_ subject: String, _ names: [String]) -> BenchmarkSuite {
        BenchmarkSuite(subject) { names.map { Benchmark($0) { _ in } } }
    }

    @Test func empty() throws {
        #expect(try BenchmarkRegistry().benchmarks().isEmpty)
        #expect(BenchmarkRegistry().subjects.isEmpty)
    }

    @Test func suitesInRegistrationOrder() throws {
        var registry = BenchmarkRegistry([Self.suite("b", ["b/one", "b/two"])])
        registry.register(Self.suite("a", ["a/one"]))
        #expect(registry.subjects == ["b", "a"])
        #expect(try registry.benchmarks().map(\.name) == ["b/one", "b/two", "a/one"])
    }

    @Test func aFailedSuiteIsNamed() {
        let registry = BenchmarkRegistry([Self.suite("a", ["a/one"]), BenchmarkSuite("springs") { throw Broken() }])
        #expect(throws: BenchKitError.suiteFailed(subject: "springs", reason: "no input")) { try registry.benchmarks() }
        #expect(BenchKitError.suiteFailed(subject: "springs", reason: "no input").description
            == "cannot build the springs benchmarks: no input")
    }
}
