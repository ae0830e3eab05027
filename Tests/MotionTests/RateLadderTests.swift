import BenchKit
import Foundation
import Testing

@testable import Motion

/// `Validation.rateLadder`: the frames at `hz` and `2·hz` taken from those at `4·hz` are the
/// frames sampled at those rates, bit for bit (times, positions, element numbers, rate).
@Suite struct RateLadderTests {
    /// A position that tells every time apart: x is the time itself.
    static func position(_ t: Double) -> SIMD2<Double> { SIMD2(t, 1000 * sin(3 * t)) }

    // 2000 random rates (0.5–2000 Hz, log-uniform), starts (−10…10 s) and frame counts (1–60):
    // every second and fourth frame at 4·hz is the frame at 2·hz and at hz.
    @Test func decimatedFramesAreTheLowerRatesFrames() throws {
        var rng = BenchKit.SplitMix64(seed: 0x1AD0)
        func unit() -> Double { Double(rng.next() >> 11) * 0x1p-53 }
        for _ in 0..<2000 {
            let hz = 0.5 * pow(4000, unit())
            let start = 20 * unit() - 10
            let count = 1 + Int(rng.next() % 60)
            let quadrupled = try FrameSamples(hz: 4 * hz, startTime: start, count: 4 * (count - 1) + 1, position: Self.position)
            let doubled = try FrameSamples(hz: 2 * hz, startTime: start, count: 2 * (count - 1) + 1, position: Self.position)
            let base = try FrameSamples(hz: hz, startTime: start, count: count, position: Self.position)
            #expect(quadrupled.decimated(by: 4) == base, "hz \(hz), start \(start), count \(count)")
            #expect(quadrupled.decimated(by: 2) == doubled, "hz \(hz), start \(start), count \(count)")
        }
    }

    @Test(arguments: [23.976, 59.94, 60, 90, 120, 144, 7.3])
    func aBeesFramesWithTheirElements(hz: Double) throws {
        for mode in [TimingMode.linear, .paced] {
            let motion = try PathMotion(path: BeeFlight(bee: .two, sign: -1).path(), duration: 3.7, mode: mode, repeats: true)
            let start = -3 / hz, total = 200
            let ladder = try Validation.rateLadder(hz: hz, total: total) { (rate, count) throws(MotionError) in
                try motion.samples(hz: rate, count: count, from: start)
            }
            #expect(ladder.samples == (try motion.samples(hz: hz, count: total, from: start)))
            #expect(ladder.doubled == (try motion.samples(hz: 2 * hz, count: 2 * (total - 1) + 1, from: start)))
            #expect(ladder.quadrupled == (try motion.samples(hz: 4 * hz, count: 4 * (total - 1) + 1, from: start)))
            #expect(ladder.samples.elements != nil)
        }
    }

    // Where the quadrupled rate fails, the error is the first failing rate's own: a position
    // that is not finite from t = 0.5 s names frame 5 at 10 Hz (frame 20 at 40 Hz).
    @Test func aFailureNamesTheFirstRatesFrame() throws {
        func position(_ t: Double) -> SIMD2<Double> { t < 0.5 ? SIMD2(t, 0) : SIMD2(.nan, 0) }
        do {
            _ = try Validation.rateLadder(hz: 10, total: 10) { (rate, count) throws(MotionError) in
                try FrameSamples(hz: rate, startTime: 0, count: count, position: position)
            }
            Issue.record("no error")
        } catch {
            #expect(error.description.hasPrefix("position 5 must be finite"), "\(error)")
        }
    }
}

/// `PathMotion.samples` takes its frames eight at a time (the last group's extra lanes dropped):
/// every frame is `position(at:)` and `element(at:)` at its time, for every count up to 40.
@Suite struct PathMotionFramesTests {
    @Test func everyFrameIsTheScalarPositionAtItsTime() throws {
        for mode in [TimingMode.linear, .paced] {
            let motion = try PathMotion(path: BeeFlight(bee: .one, sign: 1).path(), duration: 2.3, mode: mode, repeats: false)
            for (hz, start) in [(60.0, -0.05), (120, 0.0), (7.3, 1.9)] {
                for count in 0...40 {
                    let samples = try motion.samples(hz: hz, count: count, from: start)
                    #expect(samples.count == count)
                    for k in 0..<count {
                        let t = max(start + Double(k) / hz, 0)
                        #expect(samples.positions[k] == motion.position(at: t), "\(mode) \(hz) Hz, \(count) frames: frame \(k)")
                        #expect(samples.elements?[k] == motion.element(at: t), "\(mode) \(hz) Hz, \(count) frames: frame \(k)")
                    }
                }
            }
        }
    }
}
