import SceneFile
import Testing

/// CAMediaTiming fields against values computed by hand.
@Suite struct TimingTests {
    func fraction(_ timing: MediaTiming, _ t: Double) -> Double? {
        if case .fraction(let f) = timing.phase(at: t) { return f }
        return nil
    }

    @Test func beginAndSpeed() {
        let timing = MediaTiming(beginTime: 1, duration: 2, speed: 2)
        #expect(fraction(timing, 1.5) == 0.5)  // (1.5 − 1)·2 = 1 of 2 s
        #expect(timing.end == 2)
        #expect(fraction(timing, 0.5) == nil)  // removed: the model shows
        #expect(fraction(timing, 2.5) == nil)
    }

    @Test func fillModes() {
        var timing = MediaTiming(beginTime: 1, duration: 1, fillMode: .backwards)
        #expect(fraction(timing, 0) == 0)
        #expect(fraction(timing, 3) == nil)
        timing.fillMode = .forwards
        #expect(fraction(timing, 0) == nil)
        #expect(fraction(timing, 3) == 1)
        timing.fillMode = .both
        #expect(fraction(timing, 0) == 0 && fraction(timing, 3) == 1)
    }

    @Test func repeatsAndReverses() {
        let reversing = MediaTiming(duration: 1, autoreverses: true)
        #expect(fraction(reversing, 1.5) == 0.5)
        #expect(fraction(reversing, 1.75) == 0.25)
        #expect(reversing.end == 2)
        let partial = MediaTiming(duration: 1, repeatCount: 2.5, fillMode: .forwards)
        #expect(partial.end == 2.5)
        #expect(abs(fraction(partial, 2.2)! - 0.2) < 1e-12)
        #expect(partial.endFraction == 0.5)
        let byDuration = MediaTiming(duration: 1, repeatDuration: 1.5, fillMode: .forwards)
        #expect(byDuration.end == 1.5 && byDuration.endFraction == 0.5)
        let forever = MediaTiming(duration: 2, repeatCount: .infinity)
        #expect(forever.isInfinite && forever.end == nil)
        #expect(fraction(forever, 101) == 0.5)
    }

    @Test func timeOffsetWraps() {
        let timing = MediaTiming(timeOffset: 0.5, duration: 1)
        #expect(fraction(timing, 0) == 0.5)
        #expect(abs(fraction(timing, 0.6)! - 0.1) < 1e-12)
        #expect(timing.end == 1)
    }
}
