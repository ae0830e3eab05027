import Foundation
import Motion
import SpringSolver
import Testing

/// A drag released into a 2-D spring: the hand-off, the frames around it and the join figures.
@Suite struct DragReleaseTests {
    /// A steady drag at (600, −300) pt/s sampled every 8 ms.
    static let samples = (0..<16).map { k in
        PointerSample(time: Double(k) * 0.008, position: SIMD2(100 + 600 * Double(k) * 0.008, 500 - 300 * Double(k) * 0.008))
    }
    static let spring = try! DampedSpring(mass: 1, stiffness: 200, damping: 20)

    /// The spring starts at the last sample with the tracker's velocity; on a steady drag every
    /// tracker finds the drag's own velocity (to float precision for Android), so the exact join
    /// has ratio 1 and no turn.
    @Test(arguments: VelocityTrackerKind.allCases)
    func steadyDragHandsOverItsVelocity(tracker: VelocityTrackerKind) throws {
        let release = try DragRelease(samples: Self.samples, tracker: tracker, spring: Self.spring, target: SIMD2(100, 500))
        #expect(release.motion.initialPosition == Self.samples[15].position)
        #expect(release.motion.initialVelocity == release.releaseVelocity)
        #expect(abs(release.join.speedRatio - 1) < 1e-4)
        // Android computes in float: LSQ2's heading is off by up to a hundredth of a degree.
        #expect(release.join.turn < (tracker == .android ? 1e-2 : tracker == .androidImpulse ? 1e-3 : 1e-6))
        #expect(release.position(at: release.releaseTime) == Self.samples[15].position)
        #expect(release.position(at: 0.0121) == Self.samples[1].position)  // the newest sample shown
        #expect(release.position(at: -1) == Self.samples[0].position)
    }

    /// The frame join at 60 Hz against a direct computation from the positions, and the
    /// kick ratio's definition.
    @Test func frameJoinFromThePositions() throws {
        let release = try DragRelease(samples: Self.samples, tracker: .flutter, spring: Self.spring, target: SIMD2(100, 500))
        let frame = try #require(release.frameJoin(hz: 60))
        #expect(frame.releaseFrame == 7)  // 0.12 s · 60 = 7.2
        let p = (6...10).map { release.position(at: Double($0) / 60) }
        let drag = (p[1] - p[0]) * 60, spring = (p[3] - p[2]) * 60, next = (p[4] - p[3]) * 60
        #expect(abs(frame.join.speedIn - hypot(drag.x, drag.y)) < 1e-9)
        #expect(abs(frame.join.speedOut - hypot(spring.x, spring.y)) < 1e-9)
        #expect(abs(frame.velocityChange - hypot((spring - drag).x, (spring - drag).y)) < 1e-9)
        #expect(abs(frame.kickRatio - frame.velocityChange / hypot((next - spring).x, (next - spring).y)) < 1e-12)
        #expect(release.frameJoin(hz: 0) == nil)
        #expect(release.frameJoin(hz: 5) == nil)  // 0.12 s is shorter than a 5 Hz frame
    }

    /// The settle time: the closed form's state is within 0.5 pt and 0.5 pt/s from then on.
    @Test func settles() throws {
        let release = try DragRelease(samples: Self.samples, tracker: .android, spring: Self.spring, target: SIMD2(100, 500))
        let settle = try #require(release.settleTime())
        for t in stride(from: settle, through: settle + 2, by: 0.01) {
            let state = release.motion.state(at: t)
            #expect(hypot(state.displacement.x, state.displacement.y) < 0.5 && hypot(state.velocity.x, state.velocity.y) < 0.5)
        }
        let before = release.motion.state(at: settle - 0.002)
        #expect(hypot(before.displacement.x, before.displacement.y) >= 0.5 || hypot(before.velocity.x, before.velocity.y) >= 0.5)
    }
}
