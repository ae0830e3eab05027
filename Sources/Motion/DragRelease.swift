import Foundation
import SpringSolver

/// A drag released into a spring: the content follows the pointer samples, and at the last
/// sample a 2-D spring toward `target` starts from there with the velocity a platform's tracker
/// estimates (``VelocityTracking``).
///
/// The join at the release is judged like the joins of a path (``Join``): exactly, between the
/// finger's own last velocity (its last two samples) and the velocity handed to the spring; and
/// at a display rate, between the frame steps on each side of the release. The content shows,
/// at a frame, the newest sample at or before it (a UI draws the last event it has), and the
/// spring after the release.
public struct DragRelease: Sendable {
    public let samples: [PointerSample]
    public let tracker: VelocityTrackerKind
    public let target: SIMD2<Double>
    /// The velocity the tracker hands to the spring, unit/s.
    public let releaseVelocity: SIMD2<Double>
    /// The spring after the release, from the last sample.
    public let motion: SpringMotion<SIMD2<Double>>

    /// - Throws: ``SpringError`` for bad samples (see ``VelocityTracking/estimate(_:samples:)``)
    ///   or a target that is not finite.
    public init(samples: [PointerSample], tracker: VelocityTrackerKind, spring: DampedSpring, target: SIMD2<Double>) throws {
        releaseVelocity = try VelocityTracking.estimate(tracker, samples: samples)
        self.samples = samples
        self.tracker = tracker
        self.target = target
        motion = try SpringMotion(spring: spring, from: samples[samples.count - 1].position, to: target, initialVelocity: releaseVelocity)
    }

    /// The release time (the last sample's), s.
    public var releaseTime: Double { samples[samples.count - 1].time }

    /// The finger's velocity over its last two samples (zero with one sample), unit/s.
    public var fingerVelocity: SIMD2<Double> {
        guard samples.count >= 2 else { return .zero }
        let a = samples[samples.count - 2], b = samples[samples.count - 1]
        return (b.position - a.position) / (b.time - a.time)
    }

    /// The exact join: the finger's last velocity in, the tracker's estimate out.
    public var join: Join {
        Join(element: 1, point: samples[samples.count - 1].position, time: releaseTime,
             incoming: fingerVelocity, outgoing: releaseVelocity)
    }

    /// The content's position at `time` (s, the samples' clock).
    public func position(at time: Double) -> SIMD2<Double> {
        if time >= releaseTime { return motion.position(at: time - releaseTime) }
        // The newest sample at or before `time` (the first sample before the drag starts).
        var low = 0, high = samples.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if samples[middle].time <= time { low = middle } else { high = middle - 1 }
        }
        return samples[low].position
    }

    /// How the release looks at a display rate.
    public struct FrameJoin: Sendable, Equatable {
        public let hz: Int
        /// The last frame at or before the release (frames counted from the first sample); the
        /// step from it to the next straddles the release.
        public let releaseFrame: Int
        /// The last whole drag step (into `releaseFrame`) against the first whole spring step
        /// (the two frames after it), velocities in unit/s, as a ``Join``.
        public let join: Join
        /// |spring step − drag step| velocity, and the spring's own change over its next frame:
        /// a kick is a change at the release far larger than the spring's next one.
        public let velocityChange: Double
        public let nextVelocityChange: Double
        /// `velocityChange / nextVelocityChange` (∞ when the next change is 0 and this one is not).
        public var kickRatio: Double {
            nextVelocityChange > 0 ? velocityChange / nextVelocityChange : (velocityChange > 0 ? .infinity : 1)
        }
    }

    /// The join at `hz` frames per second (frame k at first-sample time + k/hz); `nil` for a
    /// rate below 1 or a drag shorter than one frame.
    public func frameJoin(hz: Int) -> FrameJoin? {
        guard hz > 0 else { return nil }
        let start = samples[0].time
        let rate = Double(hz)
        let frame = Int(((releaseTime - start) * rate).rounded(.down))
        guard frame >= 1 else { return nil }
        func at(_ k: Int) -> SIMD2<Double> { position(at: start + Double(k) / rate) }
        let drag = (at(frame) - at(frame - 1)) * rate
        let spring = (at(frame + 2) - at(frame + 1)) * rate
        let next = (at(frame + 3) - at(frame + 2)) * rate
        let change = spring - drag, nextChange = next - spring
        return FrameJoin(
            hz: hz, releaseFrame: frame,
            join: Join(element: 1, point: at(frame), time: start + Double(frame) / rate, incoming: drag, outgoing: spring),
            velocityChange: (change * change).sum().squareRoot(),
            nextVelocityChange: (nextChange * nextChange).sum().squareRoot())
    }

    /// When the spring is at rest: within `distance` of the target with speed below
    /// `distance` per second (s after the release), searched to 60 s on a 1 ms grid; `nil` if later.
    public func settleTime(within distance: Double = 0.5) -> Double? {
        var t = 0.0
        var restSince: Double?
        while t <= 60 {
            let state = motion.state(at: t)
            let offset = (state.displacement * state.displacement).sum().squareRoot()
            let speed = (state.velocity * state.velocity).sum().squareRoot()
            if offset < distance, speed < distance {
                if restSince == nil { restSince = t }
            } else {
                restSince = nil
            }
            t += 1e-3
        }
        return restSince
    }
}
