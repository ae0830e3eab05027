import Foundation
import Testing

@testable import Motion

/// The frame speed over the frame phases (`Validation.phaseSpeedBand`) and the frame-to-frame
/// acceleration (`SceneSeries.acceleration`), against the series and the phase sweep.
@Suite struct PhaseSpeedBandTests {
    /// bee1+ linear at 60 Hz: phase 0 is the series itself, so its speed lies in the band at
    /// every frame; the band's largest step is the sweep's largest step (the same phases and
    /// frames); the band is wide at the joins where the speed jumps, narrow elsewhere.
    @Test func theBandHoldsPhaseZeroAndReachesTheSweepsLargestStep() throws {
        let scene = try Scene.bee(BeeFlight(bee: .one, sign: 1))
        let series = try Validation.series(scene, mode: .linear, hz: 60)
        let band = try #require(try Validation.phaseSpeedBand(scene, mode: .linear, hz: 60))
        #expect(band.times == series.times && band.phases == PhaseSweep.defaultPhases)
        for k in series.speed.indices {
            #expect(band.low[k] <= series.speed[k] * (1 + 1e-12) && series.speed[k] <= band.high[k] * (1 + 1e-12), "frame \(k)")
        }
        let sweep = try Validation.phaseSweep(scene, mode: .linear, hz: 60)
        let largest = try #require(band.high.max()) / 60
        #expect(abs(largest - sweep.maxStep.max) <= 1e-9 * sweep.maxStep.max, "\(largest) vs \(sweep.maxStep.max)")
        // At the join 4 → 5 (t = 1.886 s, 600 → 247 pt/s) the band spans most of the jump; in
        // the middle of element 1 it is a few pt/s wide at most.
        // (the frame before the one that holds the join straddles it at late phases, ends on it
        // at phase 0).
        let join = Int((1.886 * 60).rounded(.down))
        let widthsAtTheJoin: [Double] = ((join - 2)...(join + 1)).map { band.high[$0] - band.low[$0] }
        #expect(try #require(widthsAtTheJoin.max()) > 200)
        #expect(band.high[10] - band.low[10] < 10)
        // A spring is not swept.
        #expect(try Validation.phaseSpeedBand(try Scene.menu(.show), hz: 60) == nil)
        #expect(throws: MotionError.self) { try Validation.phaseSpeedBand(scene, hz: 60, phases: 0) }
    }

    /// The acceleration of uniform motion on a line is 0; of a uniform circle, v²/r (to the
    /// frame's chord error); the ends have none.
    @Test func accelerationIsTheVelocityChangePerFrame() throws {
        let line = try TimelineMotion(quantity: .position, end: 1, value: { t in SIMD2(100 * t, 50 * t) })
        let straight = try Validation.series(Scene(name: "line", kind: .timeline(line, viewport: nil)), hz: 60).acceleration
        #expect(straight.first!.isNaN && straight.last!.isNaN)
        #expect(straight.dropFirst().dropLast().allSatisfy { $0 < 1e-6 })
        let r = 100.0, w = 2.0
        let circle = try TimelineMotion(quantity: .position, end: 1, value: { t in SIMD2(r * cos(w * t), r * sin(w * t)) })
        let round = try Validation.series(Scene(name: "circle", kind: .timeline(circle, viewport: nil)), hz: 60).acceleration
        let expected = r * w * w
        #expect(round.dropFirst().dropLast().allSatisfy { abs($0 - expected) / expected < 1e-3 })
    }
}
