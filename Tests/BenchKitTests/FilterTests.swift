import Testing
@testable import BenchKit

@Suite("Filter and error messages")
struct FilterTests {
    static let names = ["arclen/quadratic", "arclen/cubic", "pathmeasure/position", "spring/rk4-step", "spring/dopri54"]

    @Test(arguments: [
        ("", names),
        ("arclen", ["arclen/quadratic", "arclen/cubic"]),
        ("^spring/(rk4|dopri)", ["spring/rk4-step", "spring/dopri54"]),
        ("cubic$", ["arclen/cubic"]),
        ("nothing", []),
    ] as [(String, [String])])
    func filterSelectsByRegularExpression(_ pattern: String, _ expected: [String]) throws {
        let filter = try BenchmarkFilter(pattern)
        let benchmarks = Self.names.map { Benchmark($0, body: { _ in }) }
        #expect(filter.apply(to: benchmarks).map(\.name) == expected)
    }

    @Test(arguments: ["(", "[a-", "*", "a{2,1}", "(?<name"])
    func badPatternIsAOneLineError(_ pattern: String) {
        do {
            _ = try BenchmarkFilter(pattern)
            Issue.record("'\(pattern)' compiled")
        } catch {
            guard case .invalidPattern(let bad, _) = error as? BenchKitError else {
                Issue.record("unexpected \(error)")
                return
            }
            #expect(bad == pattern)
            #expect(!"\(error)".contains("\n"))
            #expect("\(error)".contains(pattern))
        }
    }

    @Test(arguments: [
        BenchKitError.invalidName("X"),
        .duplicateName("a/b"),
        .invalidValue(what: "the threshold", value: "-1", expected: "a non-negative finite percentage"),
        .emptySample("a median"),
        .nonFiniteSample("a median"),
        .invalidPattern(pattern: "(", reason: "expected ')'\n  (\n  ^"),
        .unoptimizedBuild,
        .invalidBaselineName("../x"),
        .missingBaseline(path: "/tmp/x.json"),
        .corruptBaseline(path: "/tmp/x.json", reason: "line one\nline two\ttabbed"),
        .writeFailed(path: "/tmp/x.json", reason: "No space left on device"),
        .encodingFailed("a\nb"),
    ])
    func everyErrorIsOneLine(_ error: BenchKitError) {
        #expect(!error.description.isEmpty)
        #expect(!error.description.contains("\n"))
        #expect(!error.description.contains("\t"))
    }

    @Test func thresholdErrorNamesTheValue() {
        let error = BenchKitError.invalidValue(what: "the threshold", value: "-1.0", expected: "a non-negative finite percentage")
        #expect(error.description == "the threshold must be a non-negative finite percentage, got -1.0")
    }
}
