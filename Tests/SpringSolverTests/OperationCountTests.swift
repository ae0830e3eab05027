import Testing
@testable import SpringSolver

/// A 1-D spring vector that counts every `+`, `-` and scalar `*` performed on it.
private struct CountedScalar: SpringVector {
    var value: Double
    /// Only the serialized test below touches it.
    nonisolated(unsafe) static var operations = 0

    static var zero: CountedScalar { CountedScalar(value: 0) }
    static func + (lhs: CountedScalar, rhs: CountedScalar) -> CountedScalar {
        operations += 1
        return CountedScalar(value: lhs.value + rhs.value)
    }
    static func - (lhs: CountedScalar, rhs: CountedScalar) -> CountedScalar {
        operations += 1
        return CountedScalar(value: lhs.value - rhs.value)
    }
    static func * (lhs: Double, rhs: CountedScalar) -> CountedScalar {
        operations += 1
        return CountedScalar(value: lhs * rhs.value)
    }
    var springComponentCount: Int { 1 }
    func springComponent(_ index: Int) -> Double { value }
}

@Suite(.serialized) struct OperationCountTests {
    /// `operationsPerStep` is what `advance` really does: the documented count equals the
    /// operations one step performs on a counting vector (the recommendation of `bench
    /// integrators` ranks by this count, so a method changed without its count would be
    /// mis-ranked).
    @Test(arguments: IntegratorKind.allCases.filter(\.isFixedStep))
    func operationCountIsWhatAdvanceDoes(kind: IntegratorKind) throws {
        let integrator = try kind.integrator(spring: try spring(omega: 14, zeta: 0.6), step: 1.0 / 60)
        var state = SpringState(displacement: CountedScalar(value: -208), velocity: CountedScalar(value: -124.8))
        CountedScalar.operations = 0
        integrator.advance(&state)
        #expect(CountedScalar.operations == kind.operationsPerStep, "\(kind)")
        #expect(IntegratorKind.dopri54.operationsPerStep == nil)
    }
}
