import Foundation
import Studies
import Testing

/// The example of `Sources/Studies/Studies.docc/Studies.md`, run (see
/// `DocumentationExampleTests.swift` for the pattern).
@Test func studiesExample() throws {
    // example:begin
    // Which integrator should drive the menu's spring at 60 and 120 Hz?
    let comparison = try IntegratorComparison.run(
        springs: [ComparedSpring.menuShow()],
        configuration: .init(rates: [60, 120], duration: 1))
    for advice in comparison.recommendations {
        let cheapest = advice.cheapest.map { "\($0.label) (\($0.operationsPerFrame) ops/frame)" }
        print(advice.hz, advice.isTie ? "tie:" : "cheapest:", cheapest.joined(separator: ", "))
    }
    // 60.0 cheapest: rk4 (36 ops/frame)
    // 120.0 tie: trapezoidal (12 ops/frame), velocity-verlet (12 ops/frame)

    // The exact propagator is exact, at 6 operations per frame.
    let exact = try #require(comparison.recommendations[0].exact)
    print(exact.label, exact.operationsPerFrame, String(format: "%.0e pt", exact.maxError))
    // exact 6 6e-14 pt
    // example:end

    #expect(comparison.recommendations.map(\.hz) == [60, 120])
    #expect(comparison.recommendations[0].cheapest.map(\.label) == ["rk4"])
    #expect(comparison.recommendations[0].cheapest.map(\.operationsPerFrame) == [36])
    #expect(comparison.recommendations[1].isTie)
    #expect(comparison.recommendations[1].cheapest.map(\.label) == ["trapezoidal", "velocity-verlet"])
    #expect(comparison.recommendations[1].cheapest.allSatisfy { $0.operationsPerFrame == 12 && $0.maxError < 0.5 })
    #expect(exact.label == "exact" && exact.operationsPerFrame == 6 && exact.maxError < 1e-12)
}
