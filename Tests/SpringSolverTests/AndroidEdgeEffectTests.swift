import Foundation
import Testing
@testable import SpringSolver

// A literal port of Android's stretch EdgeEffect, written here apart from
// Sources/SpringSolver/Gestures/AndroidEdgeEffect.swift, and the model checked against it.

/// `core/java/android/widget/EdgeEffect.java` (PixelExperience/frameworks_base at 54623637a227),
/// the `TYPE_STRETCH` paths only, field for field and in Java's types: `onPull(float, float)`,
/// `onPullDistance`, `getDistance`, `onRelease`, `onAbsorb`, `draw` (the `RecordingCanvas`
/// branch, identity matrix), `updateSpring`, `isAtEquilibrium`, `dampStretchVector`.
/// `AnimationUtils.currentAnimationTimeMillis()` is the `clock` field.
private final class EdgeEffectPort {
    static let VELOCITY_THRESHOLD: Double = 0.01
    static let LINEAR_VELOCITY_TAKE_OVER: Float = 200
    static let VALUE_THRESHOLD: Double = 0.001
    static let LINEAR_DISTANCE_TAKE_OVER: Double = 8.0
    static let NATURAL_FREQUENCY: Double = 24.657
    static let DAMPING_RATIO: Double = 0.98
    static let ON_ABSORB_VELOCITY_ADJUSTMENT: Float = 13
    static let LINEAR_STRETCH_INTENSITY: Float = 0.016
    static let EXP_STRETCH_INTENSITY: Float = 0.016
    static let SCROLL_DIST_AFFECTED_BY_EXP_STRETCH: Float = 0.33
    static let STATE_IDLE = 0, STATE_PULL = 1, STATE_ABSORB = 2, STATE_RECEDE = 3, STATE_PULL_DECAY = 4

    var mDistance: Float = 0
    var mVelocity: Float = 0
    var mStartTime: Int64 = 0
    var mState = STATE_IDLE
    var mPullDistance: Float = 0
    var mWidth: Float = 0
    var mHeight: Float = 0
    var mDisplacement: Float = 0.5
    var mTargetDisplacement: Float = 0.5
    var clock: Int64 = 0
    /// What the last draw handed to `renderNode.stretch(vecX, vecY, …)`.
    var lastVecY: Float = 0

    func currentAnimationTimeMillis() -> Int64 { clock }

    func setSize(_ width: Int32, _ height: Int32) {
        mWidth = Float(width)
        mHeight = Float(height)
    }

    func isFinished() -> Bool { mState == Self.STATE_IDLE }

    func onPull(_ deltaDistance: Float, _ displacement: Float) {
        let now = currentAnimationTimeMillis()
        mTargetDisplacement = displacement
        if mState != Self.STATE_PULL {
            mPullDistance = mDistance
        }
        mState = Self.STATE_PULL
        mStartTime = now
        mPullDistance += deltaDistance
        mPullDistance = Swift.min(1, mPullDistance)
        mDistance = Swift.max(0, mPullDistance)
        mVelocity = 0
        if mDistance == 0 {
            mState = Self.STATE_IDLE
        }
    }

    func onPullDistance(_ deltaDistance: Float, _ displacement: Float) -> Float {
        let finalDistance = Swift.max(0, deltaDistance + mDistance)
        let delta = finalDistance - mDistance
        if delta == 0 && mDistance == 0 {
            return 0
        }
        onPull(delta, displacement)
        return delta
    }

    func getDistance() -> Float { mDistance }

    func onRelease() {
        mPullDistance = 0
        if mState != Self.STATE_PULL && mState != Self.STATE_PULL_DECAY {
            return
        }
        mState = Self.STATE_RECEDE
        mVelocity = 0
        mStartTime = currentAnimationTimeMillis()
    }

    func onAbsorb(_ velocity: Int32) {
        mState = Self.STATE_RECEDE
        mVelocity = Float(velocity) * Self.ON_ABSORB_VELOCITY_ADJUSTMENT
        mStartTime = currentAnimationTimeMillis()
    }

    func draw() -> Bool {
        if mState == Self.STATE_RECEDE {
            updateSpring()
        }
        lastVecY = 0
        if mDistance != 0 {
            // mTmpPoints through the identity matrix: the drag start (w·d, 0), the drag point
            // (w·d, h·mDistance), the bounds 0…mHeight.
            let top = Swift.min(Float(0), Float(0), mHeight, mHeight)
            let bottom = Swift.max(Float(0), Float(0), mHeight, mHeight)
            let y = mHeight * mDistance - 0
            let height = bottom - top
            lastVecY = dampStretchVector(Swift.max(-1, Swift.min(1, y / height)))
        }
        var oneLastFrame = false
        if mState == Self.STATE_RECEDE && mDistance == 0 && mVelocity == 0 {
            mState = Self.STATE_IDLE
            oneLastFrame = true
        }
        return mState != Self.STATE_IDLE || oneLastFrame
    }

    /// `Math.signum(float)`.
    func signum(_ f: Float) -> Float { f > 0 ? 1 : (f < 0 ? -1 : f) }

    func updateSpring() {
        let time = currentAnimationTimeMillis()
        let deltaT = Float(time - mStartTime) / 1000
        if deltaT < 0.001 {
            return
        }
        mStartTime = time
        if Swift.abs(mVelocity) <= Self.LINEAR_VELOCITY_TAKE_OVER
            && Double(Swift.abs(mDistance * mHeight)) < Self.LINEAR_DISTANCE_TAKE_OVER
            && signum(mVelocity) == -signum(mDistance) {
            mVelocity = signum(mVelocity) * Self.LINEAR_VELOCITY_TAKE_OVER
            let targetDistance = mDistance + (mVelocity * deltaT / mHeight)
            if signum(targetDistance) != signum(mDistance) {
                mDistance = 0
                mVelocity = 0
            } else {
                mDistance = targetDistance
            }
            return
        }
        let mDampedFreq = Self.NATURAL_FREQUENCY * (1 - Self.DAMPING_RATIO * Self.DAMPING_RATIO).squareRoot()
        let cosCoeff = Double(mDistance * mHeight)
        let sinCoeff = (1 / mDampedFreq) * (Self.DAMPING_RATIO * Self.NATURAL_FREQUENCY
            * Double(mDistance) * Double(mHeight) + Double(mVelocity))
        let distance = pow(M_E, -Self.DAMPING_RATIO * Self.NATURAL_FREQUENCY * Double(deltaT))
            * (cosCoeff * cos(mDampedFreq * Double(deltaT))
               + sinCoeff * sin(mDampedFreq * Double(deltaT)))
        let velocity = distance * (-Self.NATURAL_FREQUENCY) * Self.DAMPING_RATIO
            + pow(M_E, -Self.DAMPING_RATIO * Self.NATURAL_FREQUENCY * Double(deltaT))
            * (-mDampedFreq * cosCoeff * sin(mDampedFreq * Double(deltaT))
               + mDampedFreq * sinCoeff * cos(mDampedFreq * Double(deltaT)))
        mDistance = Float(distance) / mHeight
        mVelocity = Float(velocity)
        if mDistance > 1 {
            mDistance = 1
            mVelocity = 0
        }
        if isAtEquilibrium() {
            mDistance = 0
            mVelocity = 0
        }
    }

    func isAtEquilibrium() -> Bool {
        let displacement = Double(mDistance * mHeight)
        let velocity = Double(mVelocity)
        return displacement < 0 || (Swift.abs(velocity) < Self.VELOCITY_THRESHOLD
            && displacement < Self.VALUE_THRESHOLD)
    }

    func dampStretchVector(_ normalizedVec: Float) -> Float {
        let sign: Float = normalizedVec > 0 ? 1 : -1
        let overscroll = Swift.abs(normalizedVec)
        let linearIntensity = Self.LINEAR_STRETCH_INTENSITY * overscroll
        let scalar = M_E / Double(Self.SCROLL_DIST_AFFECTED_BY_EXP_STRETCH)
        let expIntensity = Double(Self.EXP_STRETCH_INTENSITY) * (1 - exp(Double(-overscroll) * scalar))
        return sign * Float(Double(linearIntensity) + expIntensity)
    }
}

@Suite struct AndroidEdgeEffectTests {
    /// A sequence of calls, driven identically into the port and the model.
    enum Call { case pull(Float), release, absorb(Int32), draw }

    static func agree(height: Int32, calls: [(ms: Int64, call: Call)]) throws {
        let port = EdgeEffectPort()
        port.setSize(1080, height)
        var model = try AndroidEdgeEffect(height: Double(height))
        for (index, step) in calls.enumerated() {
            port.clock = step.ms
            switch step.call {
            case .pull(let delta):
                let consumed = port.onPullDistance(delta, 0.5)
                #expect(model.onPullDistance(delta, now: step.ms) == consumed, "call \(index)")
            case .release:
                port.onRelease()
                model.onRelease(now: step.ms)
            case .absorb(let velocity):
                port.onAbsorb(velocity)
                model.onAbsorb(velocity, now: step.ms)
            case .draw:
                let more = port.draw()
                #expect(model.draw(now: step.ms) == more, "call \(index)")
                #expect(model.stretch == port.lastVecY, "call \(index)")
            }
            // Exact: the same float/double operations in the same order.
            #expect(model.distance == port.getDistance(), "call \(index) at \(step.ms) ms")
            #expect(model.velocity == port.mVelocity, "call \(index) at \(step.ms) ms")
            #expect(model.isFinished == port.isFinished(), "call \(index)")
        }
    }

    /// Frames every `frameMs` (Android's clock in whole ms at 60 Hz: ⌊k·1000/60⌋) until the port
    /// says it is done.
    static func frames(from start: Int64, hz: Int, count: Int) -> [(ms: Int64, call: Call)] {
        (0..<count).map { k in (ms: start + Int64((Double(k) * 1000 / Double(hz)).rounded(.down)), call: Call.draw) }
    }

    @Test(arguments: [1920 as Int32, 800, 333], [60, 120, 90])
    func pullThenReleaseAgreesWithThePort(height: Int32, hz: Int) throws {
        var calls: [(ms: Int64, call: Call)] = []
        // 40 pointer events of 7 px pulling, 5 back toward the edge, then the finger lifts.
        for k in 0..<40 { calls.append((ms: Int64(k * 8), call: .pull(7 / Float(height)))) }
        for k in 0..<5 { calls.append((ms: Int64(320 + k * 8), call: .pull(-3 / Float(height)))) }
        calls.append((ms: 400, call: .release))
        calls += Self.frames(from: 400, hz: hz, count: 200)
        try Self.agree(height: height, calls: calls)
    }

    @Test(arguments: [0 as Int32, 150, 2300, 9000, 24000], [60, 120])
    func absorbAgreesWithThePort(velocity: Int32, hz: Int) throws {
        let absorb: [(ms: Int64, call: Call)] = [(ms: 1000, call: .absorb(velocity))]
        try Self.agree(height: 1920, calls: absorb + Self.frames(from: 1000, hz: hz, count: 200))
    }

    @Test func catchingTheStretchMidReleaseAgreesWithThePort() throws {
        var calls: [(ms: Int64, call: Call)] = [(ms: 0, call: .pull(0.3)), (ms: 10, call: .release)]
        calls += Self.frames(from: 10, hz: 60, count: 5)
        let more: [(ms: Int64, call: Call)] = [(ms: 95, call: .pull(0.05)), (ms: 100, call: .pull(-2)), (ms: 110, call: .pull(0.1)), (ms: 120, call: .release)]
        calls += more
        calls += Self.frames(from: 120, hz: 60, count: 100)
        // A pull catches an absorb's stretch mid-flight.
        let absorb: [(ms: Int64, call: Call)] = [(ms: 3000, call: .absorb(500)), (ms: 3040, call: .draw), (ms: 3040, call: .pull(0.2)), (ms: 3050, call: .release)]
        calls += absorb
        calls += Self.frames(from: 3050, hz: 120, count: 200)
        try Self.agree(height: 800, calls: calls)
    }

    /// Known answers: a release from a small pull recedes without ever reversing, ending exactly
    /// at 0 (isAtEquilibrium stops the damping-ratio-0.98 spring at the edge, and the last
    /// 8 px run linearly at 200 px/s), and the frames match the port's.
    @Test(arguments: [2.0, 40, 400, 5000])
    func releaseDecaysMonotonicallyToZero(pull: Double) throws {
        let release = try OverscrollPull(platform: .android, pull: pull, viewport: 800)
        for hz in [60, 120] {
            let frames = release.frames(hz: hz)
            let last = try #require(frames.last)
            #expect(last.position == 0)
            for (a, b) in zip(frames, frames.dropFirst()) {
                #expect(b.position <= a.position, "\(hz) Hz frame \(b.index)")
                #expect(b.position >= 0)
            }
            #expect(frames.count >= 3)  // a 2 px pull: one spring step, then the linear finish arrives
            // Back within half a second at 800 px (ω₀ = 24.657: e^(-0.98·24.657·0.5) ≈ 6e-6).
            #expect(last.time < 0.5)
        }
        // The pull is pull/800 of the height (capped at 1) and the drawn stretch is dampStretchVector's.
        let effect = try #require(release.edgeEffect)
        let fraction = min(pull / 800, 1)
        #expect(abs(Double(effect.distance) - fraction) <= 1e-5 * max(fraction, 1e-3) + Double(pull) * 1e-7)
        let s = 0.016 * fraction + 0.016 * (1 - exp(-fraction * M_E / Double(Float(0.33))))
        #expect(abs(Double(effect.stretch) - s) <= 1e-6)
        #expect(abs(release.displacement - 800 * s / (1 + s)) <= 1e-3)
    }

    @Test func fullPullShowsAtMostAboutThreePercent() throws {
        let release = try OverscrollPull(platform: .android, pull: 5000, viewport: 800)
        let effect = try #require(release.edgeEffect)
        #expect(effect.distance == 1)
        #expect(release.displacement == effect.maximumDisplacement)
        #expect(release.displacement > 24.7 && release.displacement < 24.9)
    }

    @Test func absorbFromZeroVelocityDoesNothing() throws {
        var effect = try AndroidEdgeEffect(height: 1920)
        effect.onAbsorb(0, now: 500)
        #expect(effect.draw(now: 500) == true)  // the one last frame
        #expect(effect.isFinished && effect.distance == 0 && effect.displacement == 0)
        let frames = try AndroidEdgeEffect(height: 1920).absorbing(0).frames(hz: 60)
        #expect(frames.count == 1 && frames[0].displacement == 0)
    }

    @Test func absorbStretchesThenRecovers() throws {
        let frames = try AndroidEdgeEffect(height: 1920).absorbing(3000).frames(hz: 60)
        #expect(frames[0].displacement == 0)
        let peak = try #require(frames.map(\.displacement).max())
        #expect(peak > 1)
        let peakIndex = try #require(frames.firstIndex { $0.displacement == peak })
        for (a, b) in zip(frames[peakIndex...], frames[peakIndex...].dropFirst()) { #expect(b.displacement <= a.displacement) }
        #expect(frames.last?.displacement == 0)
    }

    /// A fling into an edge on Android 12+: NestedScrollView.computeScroll's frame past the edge
    /// clamps to it and absorbs `(int) getCurrVelocity()`; each later frame is the edge plus the
    /// port's stretch drawn at the far side (h·s/(1 + s)).
    @Test(arguments: [2500.0, -7000, 20_000], [60, 120])
    func edgeFlingStretchFollowsThePort(velocity: Double, hz: Int) throws {
        let extent = 250.0, height: Int32 = 1200
        let model = try EdgeFling(platform: .android, velocity: velocity, extent: extent, viewport: Double(height))
        let run = model.run(hz: hz)
        let spline = try AndroidSplineFling(velocity: velocity)
        let edge = velocity < 0 ? -250.0 : 250
        let port = EdgeFlingPortState(height: height)
        var absorbedAt: Int?
        for frame in run.frames {
            let ms = Int64((Double(frame.index) * 1000 / Double(hz)).rounded(.down))
            port.effect.clock = ms
            if absorbedAt == nil {
                let state = spline.state(atMilliseconds: Int(ms))
                if abs(state.position) > extent {
                    absorbedAt = frame.index
                    port.effect.onAbsorb(Int32(abs(Float(state.velocity)).rounded(.towardZero)))
                } else {
                    #expect(frame.position == state.position, "frame \(frame.index)")
                    continue
                }
            }
            _ = port.effect.draw()
            let s = Double(port.effect.lastVecY)
            let expected = edge + (velocity < 0 ? -1 : 1) * Double(height) * s / (1 + s)
            #expect(frame.position == expected, "frame \(frame.index)")
        }
        let handOff = try #require(run.handOff)
        #expect(handOff.speedAfter == 0 && abs(handOff.edge) == extent)
        #expect(run.frames.last?.position == edge && port.effect.isFinished())
        #expect(absorbedAt != nil)
    }

    @Test func badHeights() {
        for height in [0.0, -5, .nan, .infinity, 2e6] {
            #expect(throws: SpringError.self) { try AndroidEdgeEffect(height: height) }
        }
        #expect(throws: SpringError.self) { try OverscrollPull(platform: .android, pull: 10, velocity: 300) }
        #expect(throws: SpringError.self) { try OverscrollPull(platform: .android, pull: 10, viewport: 0.5) }
    }
}

private final class EdgeFlingPortState {
    let effect = EdgeEffectPort()
    init(height: Int32) { effect.setSize(1080, height) }
}

extension AndroidEdgeEffect {
    func absorbing(_ velocity: Int32) -> AndroidEdgeEffect {
        var effect = self
        effect.onAbsorb(velocity, now: 0)
        return effect
    }
}
