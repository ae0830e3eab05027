import BenchKit
import Foundation
import Testing

/// The example of `Sources/BenchKit/BenchKit.docc/BenchKit.md`, run (see
/// `DocumentationExampleTests.swift` for the pattern). Timed runs refuse a debug build, so the
/// example shows what runs in any build: the statistics of samples and the name filter.
@Test func benchKitExample() throws {
    // example:begin
    // Ten samples in ns per query; one was hit by an interrupt.
    let samples: [Double] = [101, 99, 100, 102, 98, 100, 250, 101, 99, 100]
    let summary = try SampleSummary(samples)
    print(summary.median, summary.minimum, String(format: "%.1f", summary.p90))  // 100.0 98.0 116.8
    print(summary.mad, summary.outliers)  // 1.0 1
    print(summary.ci95)  // [99.0, 101.0]  (seeded bootstrap: the same every run)

    // `bench run --filter` selects benchmarks by a regular expression on their names.
    let suite = ["arclen/quadratic", "arclen/cubic", "pathmeasure/position", "spring/rk4-step"].map { name in
        Benchmark(name, unit: .nanoseconds(per: "query"), body: Benchmark.repeating { name.count })
    }
    let selected = try BenchmarkFilter("^arclen/").apply(to: suite)
    print(selected.map(\.name))  // ["arclen/quadratic", "arclen/cubic"]
    // example:end

    #expect(summary.median == 100)
    #expect(summary.minimum == 98)
    #expect(abs(summary.p90 - 116.8) < 1e-9)  // h = 9·0.9: 102 + 0.1·(250 − 102)
    #expect(summary.mad == 1)
    #expect(summary.ci95 == ConfidenceInterval(lower: 99, upper: 101))
    #expect(summary.outliers == 1)  // 250 is beyond Q3 + 1.5·IQR = 103.625
    #expect(selected.map(\.name) == ["arclen/quadratic", "arclen/cubic"])
}
