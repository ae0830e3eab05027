import Foundation
import Motion
import Testing

/// `SpringResponse` judges settling relative to the move below the 0.5 pt cap
/// (`Thresholds.settleLimits(forMove:)`), as SpringSolver's `RestCriteria.forMove` does.
@Suite("Settling relative to the move")
struct RelativeSettleTests {
    /// Frames of x(t) = d·(1 − (1 + ωt)e^(−ωt)) (critically damped, ω = 10, from rest at 0).
    static func frames(distance d: Double, hz: Double = 600) -> [Double] {
        (0..<Int(hz * 3)).map { k in
            let t = Double(k) / hz
            return d * (1 - (1 + 10 * t) * exp(-10 * t))
        }
    }

    @Test func theLimitsAreTheFractionBelowTheCaps() {
        let thresholds = Thresholds()
        #expect(thresholds.settleLimits(forMove: 1) == (0.005, 0.3))
        #expect(thresholds.settleLimits(forMove: -1) == (0.005, 0.3))
        #expect(thresholds.settleLimits(forMove: 100) == (0.5, 30))
        #expect(thresholds.settleLimits(forMove: 1000) == (0.5, 30))
        #expect(thresholds.settleLimits(forMove: 0) == (0.5, 30))
    }

    @Test func aOnePointAndAHundredPointMoveSettleOnTheSameFrame() throws {
        let hz = 600.0
        let small = try SpringResponse(positions: Self.frames(distance: 1), from: 0, target: 1, hz: hz)
        let large = try SpringResponse(positions: Self.frames(distance: 100), from: 0, target: 100, hz: hz)
        let settle = try #require(small.settleTime)
        #expect(settle == large.settleTime)
        // The closed form's own crossing: (1 + 10t)e^(−10t) = 0.005 at t = 0.74301 s, later than
        // the speed's (0.3 pt/s for the 1 pt move: 100·t·e^(−10t) = 0.3 at t = 0.51445 s).
        #expect(settle >= 0.74301 && settle < 0.74301 + 1 / hz, "\(settle)")
        // A thousand points: the 0.5 pt cap, reached later.
        let huge = try SpringResponse(positions: Self.frames(distance: 1000), from: 0, target: 1000, hz: hz)
        #expect(try #require(huge.settleTime) > settle + 0.2)
    }

    @Test func aZeroDistanceMoveUsesTheCaps() throws {
        let response = try SpringResponse(positions: [3, 3.2, 3.1, 3, 3], from: 3, target: 3, hz: 60)
        #expect(response.settleTime == 0)
    }
}
