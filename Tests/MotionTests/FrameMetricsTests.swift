import Foundation
import Motion
import Testing

@Suite("Frame metrics on motions with known answers")
struct FrameMetricsTests {
    // MARK: Edge cases

    @Test("no frames, one frame, two frames: nothing to compare, nothing invented")
    func degenerateSampleCounts() throws {
        for count in 0...2 {
            let samples = try FrameSamples(hz: 60, count: count) { SIMD2(300 * $0, 0) }
            let metrics = try FrameMetrics(samples: samples)
            #expect(metrics.frames == count)
            #expect(metrics.teleports.isEmpty)
            #expect(metrics.maxTurn == nil)
            #expect(metrics.speedJump == nil)
            #expect(metrics.maxVelocityChange == nil)
            #expect(metrics.findings.isEmpty)
            if count < 2 {
                #expect(metrics.speed == nil)
                #expect(metrics.maxStep == 0)
            } else {
                #expect(abs(metrics.maxStep - 5) < 1e-12)
                #expect(abs(metrics.speed!.median - 300) < 1e-9)
            }
        }
    }

    @Test("a motion at rest has no jumps, turns or teleports")
    func atRest() throws {
        let metrics = try FrameMetrics(
            samples: FrameSamples(hz: 60, count: 61) { _ in SIMD2(5, 5) },
            doubled: FrameSamples(hz: 120, count: 121) { _ in SIMD2(5, 5) })
        #expect(metrics.maxStep == 0)
        #expect(metrics.speedJump == nil)
        #expect(metrics.maxTurn == nil)
        #expect(metrics.teleports.isEmpty)
    }

    @Test(
        "bad input is rejected with one line naming the value",
        arguments: [0.0, -60, .nan, .infinity])
    func badRate(hz: Double) {
        #expect(throws: MotionError.self) { try FrameSamples(hz: hz, positions: []) }
        do {
            _ = try FrameSamples(hz: hz, positions: [])
        } catch {
            #expect(!error.description.contains("\n"))
            // The refused value, as data: the rate itself (NaN included).
            let refused = error.value
            #expect(error.subject == "rate (frames per second)" && (refused == hz || (refused?.isNaN == true && hz.isNaN)), "\(error)")
        }
    }

    @Test("non-finite positions, mismatched element numbers and doubled rates are rejected")
    func badSamples() throws {
        #expect(throws: MotionError.self) { try FrameSamples(hz: 60, positions: [SIMD2(.nan, 0)]) }
        #expect(throws: MotionError.self) {
            try FrameSamples(hz: 60, positions: [SIMD2(0, 0)], elements: [1, 2])
        }
        let base = try KnownMotion.constantLine.samples(hz: 60)
        #expect(throws: MotionError.self) { try FrameMetrics(samples: base, doubled: base) }
    }

    @Test(
        "thresholds out of range are rejected",
        arguments: [
            \Thresholds.speedFloor, \.maxSpeedJump, \.maxTurnDegrees, \.teleportFactor,
            \.teleportMinimumStep, \.breakRatio, \.settleDistance, \.restSpeed, \.maxSnap,
            \.maxIntegratorError, \.maxFrameCostFraction,
        ] as [WritableKeyPath<Thresholds, Double> & Sendable])
    func badThresholds(key: WritableKeyPath<Thresholds, Double> & Sendable) throws {
        #expect(throws: Never.self) { try Thresholds().validated() }
        for bad in [0.0, -1, .nan, .infinity] {
            var thresholds = Thresholds()
            thresholds[keyPath: key] = bad
            #expect(throws: MotionError.self) { try thresholds.validated() }
        }
    }

    // MARK: Known answers

    @Test("a constant-speed line: no jumps, no turns, a flat speed profile", arguments: [30.0, 60, 120, 144])
    func constantLine(hz: Double) throws {
        let metrics = try KnownMotion.constantLine.metrics(hz: hz)
        #expect(abs(metrics.maxStep - 300 / hz) < 1e-9)
        let speed = try #require(metrics.speed)
        #expect(abs(speed.min - 300) < 1e-6 && abs(speed.max - 300) < 1e-6 && abs(speed.median - 300) < 1e-6)
        #expect(abs(try #require(metrics.speedJump).ratio - 1) < 1e-9)
        #expect(try #require(metrics.maxTurn).degrees < 1e-6)
        #expect(metrics.teleports.isEmpty)
        #expect(metrics.findings.isEmpty)
    }

    @Test("a 90° corner on a frame: turn 90°, a break at both rates", arguments: [60.0, 120])
    func corner(hz: Double) throws {
        let metrics = try KnownMotion.corner.metrics(hz: hz)
        let turn = try #require(metrics.maxTurn)
        #expect(abs(turn.degrees - 90) < 1e-9)
        #expect(abs(turn.at.time - 0.5) < 1e-9)
        let test = try #require(turn.rateTest)
        #expect(test.isBreak)
        #expect(abs(test.ratio - 1) < 0.05)
        // The change of velocity is the corner itself: |(0,300) − (300,0)| = 300√2.
        #expect(abs(test.velocityChange - 300 * 2.0.squareRoot()) < 1e-6)
        #expect(metrics.findings == [.turn(turn)])
    }

    @Test("a 3× speed change at the middle of a line: speed jump 3, a break")
    func tripleSpeed() throws {
        let metrics = try KnownMotion.tripleSpeed.metrics(hz: 60)
        let jump = try #require(metrics.speedJump)
        #expect(abs(jump.ratio - 3) < 1e-9)
        #expect(abs(jump.speedBefore - 100) < 1e-6 && abs(jump.speedAfter - 300) < 1e-6)
        #expect(abs(jump.at.time - 0.5) < 1e-9)
        #expect(try #require(jump.rateTest).isBreak)
        #expect(metrics.teleports.isEmpty, "a lasting speed change is not a teleport")
        #expect(metrics.findings.map(\.kind) == [.speedJump])
    }

    @Test(
        "a break between frames is still a break, wherever it falls in the frame",
        arguments: [0.1, 0.25, 0.5, 0.75, 0.9])
    func misalignedBreak(fraction: Double) throws {
        // Shifting the sampling moves the speed change inside frame 29.
        let metrics = try KnownMotion.tripleSpeed.metrics(hz: 60, offset: fraction / 60)
        let jump = try #require(metrics.speedJump)
        #expect(jump.ratio > 1.25, "the sampled ratio splits over two frames but stays large")
        #expect(try #require(jump.rateTest).isBreak)
        #expect(try #require(metrics.rateDoubling).isBreak)
        #expect(metrics.findings.map(\.kind) == [.speedJump])
    }

    @Test("a smooth circle is smooth at 60 and 120 Hz", arguments: [60.0, 120])
    func circle(hz: Double) throws {
        let metrics = try KnownMotion.circle.metrics(hz: hz)
        #expect(abs(try #require(metrics.maxTurn).degrees - 180 / hz) < 1e-9)  // 360° in 2 s
        #expect(abs(try #require(metrics.speedJump).ratio - 1) < 1e-9)
        let test = try #require(metrics.rateDoubling)
        #expect(!test.isBreak)
        #expect(abs(test.ratio - 0.5) < 0.01)
        #expect(metrics.findings.isEmpty)
    }

    @Test("a tight circle turns 12° a frame at 60 Hz, above the limit, yet is smooth")
    func tightCircle() throws {
        let metrics = try KnownMotion.tightCircle.metrics(hz: 60)
        let turn = try #require(metrics.maxTurn)
        #expect(abs(turn.degrees - 12) < 1e-9)
        #expect(turn.degrees > Thresholds().maxTurnDegrees)
        #expect(try #require(turn.rateTest).isBreak == false)
        #expect(metrics.findings.isEmpty)
    }

    @Test("a teleport is one frame far above its neighbours, found once, not also a jump")
    func teleport() throws {
        let metrics = try KnownMotion.teleport.metrics(hz: 60)
        #expect(metrics.teleports.count == 1)
        let jump = try #require(metrics.teleports.first)
        #expect(abs(jump.distance - 205) < 1e-9)
        #expect(abs(jump.neighbourStep - 5) < 1e-9)
        #expect(jump.from.frame == 29 && jump.to.frame == 30)
        #expect(abs(try #require(metrics.speedJump).ratio - 1) < 1e-9, "teleport steps are excluded")
        #expect(abs(try #require(metrics.speed).max - 300) < 1e-6)
        #expect(abs(metrics.maxStep - 205) < 1e-9)
        // Position jump: the velocity change grows with the rate.
        #expect(metrics.findings == [.teleport(jump)])
    }

    @Test("element numbers travel with the events")
    func elementsInEvents() throws {
        let positions = (0...60).map { KnownMotion.tripleSpeed.position(at: Double($0) / 60) }
        let elements = (0...60).map { $0 < 30 ? 1 : 2 }
        let metrics = try FrameMetrics(samples: FrameSamples(hz: 60, positions: positions, elements: elements))
        let jump = try #require(metrics.speedJump)
        #expect(jump.at.element == 1 && jump.at.nextElement == 2)
        #expect(jump.rateTest == nil)
        // Without the doubled rate the jump cannot be cleared, so it is reported as untested.
        #expect(metrics.findings.first == .speedJump(jump), "an untested jump is a finding")
    }
}
