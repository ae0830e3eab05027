import SpringSolver
import Testing
@testable import Studies

/// The recommendation as values (its wording is BenchCLI's, tested there).
@Suite struct IntegratorRecommendationValueTests {
    /// Substeps multiply the cost: semi-implicit Euler ×2 (14) is cheaper than rk4 (36) and wins
    /// wherever it stays under half a point.
    @Test func substepsMultiplyTheCost() throws {
        let spring = try ComparedSpring.menuShow()
        let rows = try [1, 4].flatMap { count in
            try IntegratorKind.allCases.filter(\.isFixedStep).map {
                try IntegratorComparisonRunner.fixedRow($0, spring: spring, hz: 120, substeps: count, span: 1, measureTime: false)
            }
        }
        #expect(rows.first { $0.label == "semi-implicit-euler ×4" }?.operationsPerFrame == 28)
        #expect(rows.first { $0.label == "rk4 ×4" }?.operationsPerFrame == 144)
        let advice = IntegratorRecommendation(spring: spring.name, hz: 120, rows: rows)
        let best = try #require(advice.cheapest.first)
        #expect(best.operationsPerFrame <= 14, "\(advice.cheapest)")
    }
}
