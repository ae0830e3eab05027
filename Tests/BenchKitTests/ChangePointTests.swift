import Foundation
import Testing
@testable import BenchKit

@Suite("Change points")
struct ChangePointTests {
    /// A deterministic wobble of ±1 % around a level.
    static func wobble(_ level: Double, count: Int, phase: Int = 0) -> [Double] {
        (0..<count).map { (index: Int) -> Double in
            let angle: Double = Double(index + phase) * 2.1
            return level * (1 + 0.01 * sin(angle))
        }
    }

    @Test(arguments: [5, 10, 17])
    func oneStepIsFoundAtItsIndex(at index: Int) throws {
        let series = Self.wobble(100, count: index) + Self.wobble(112.3, count: 24 - index, phase: index)
        let found = try ChangePoints.detect(in: series)
        #expect(found.map(\.index) == [index])
        let point = try #require(found.first)
        #expect(abs(point.changePercent - 12.3) < 1)
        #expect(point.pValue < 0.001)
        #expect(point.countBefore == index && point.countAfter == 24 - index)
    }

    @Test func noStepFindsNothing() throws {
        #expect(try ChangePoints.detect(in: Self.wobble(100, count: 40)).isEmpty)
        #expect(try ChangePoints.detect(in: [Double](repeating: 5, count: 20)).isEmpty)
        #expect(try ChangePoints.detect(in: []).isEmpty)
        #expect(try ChangePoints.detect(in: [1, 2, 3, 4, 5]).isEmpty)   // too short for two sides of 3
    }

    @Test func twoStepsAreBothFound() throws {
        let series = Self.wobble(100, count: 12) + Self.wobble(130, count: 12, phase: 3) + Self.wobble(90, count: 12, phase: 7)
        let found = try ChangePoints.detect(in: series)
        #expect(found.map(\.index) == [12, 24])
        #expect(found[1].meanBefore > 120 && found[1].meanAfter < 100)
    }

    @Test func sameInputSameAnswer() throws {
        var generator = SplitMix64(seed: 42)
        let series = (0..<60).map { index in (index < 30 ? 50.0 : 53.0) + Double(generator.next() % 1000) / 1000 }
        let first = try ChangePoints.detect(in: series), second = try ChangePoints.detect(in: series)
        #expect(first == second)
        #expect(first.map(\.index) == [30])
    }

    @Test func badSettingsAreRefused() {
        #expect(throws: BenchKitError.self) { try ChangePoints.detect(in: [1, .nan, 3]) }
        #expect(throws: BenchKitError.self) { try ChangePoints.detect(in: [1, 2, 3], maxPValue: 1) }
        #expect(throws: BenchKitError.self) { try ChangePoints.detect(in: [1, 2, 3], minimumSegment: 1) }
    }

    /// Closed forms: ν = 1 is the Cauchy distribution, P(|T| ≥ t) = 1 − 2·atan(t)/π; ν = 2 gives
    /// 1 − t/√(t² + 2).
    @Test(arguments: [0.0, 0.1, 0.5, 1, 2, 3.5, 10, 100, 1e4])
    func studentTMatchesClosedForms(t: Double) {
        let cauchy = 1 - 2 * atan(t) / Double.pi
        let two = 1 - t / (t * t + 2).squareRoot()
        #expect(abs(StudentT.twoSidedPValue(t: t, degreesOfFreedom: 1) - cauchy) <= 1e-13 + 1e-12 * cauchy)
        #expect(abs(StudentT.twoSidedPValue(t: -t, degreesOfFreedom: 2) - two) <= 1e-13 + 1e-12 * two)
    }

    @Test func largeDegreesOfFreedomApproachTheNormal() {
        // P(|Z| ≥ 1.959963984540054) = 0.05 for the standard normal; ν = 10⁶ is within 1e-6 of it.
        #expect(abs(StudentT.twoSidedPValue(t: 1.959963984540054, degreesOfFreedom: 1e6) - 0.05) < 1e-6)
    }
}
