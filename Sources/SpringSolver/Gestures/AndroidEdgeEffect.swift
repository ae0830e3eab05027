import Foundation

/// Android's stretch overscroll (`EdgeEffect` with `TYPE_STRETCH`, the default for apps targeting
/// API 31, Android 12, and later): the state machine of `android/widget/EdgeEffect.java`
/// (`onPull`, `onPullDistance`, `getDistance`, `onRelease`, `onAbsorb`, `draw`, `updateSpring`,
/// `isAtEquilibrium`, `dampStretchVector`), read in PixelExperience/frameworks_base at
/// 54623637a227 (the retuned constants: natural frequency 24.657, damping ratio 0.98, stretch
/// intensity 0.016, absorb gain 13; the first Android 12 release, aosp-mirror at 4f6d7a1e84bf,
/// had 17.55, 0.92 and 0.06 and no absorb gain), in the source's `float`/`double`/`long` types.
///
/// Time is the animation clock in whole milliseconds (`AnimationUtils.currentAnimationTimeMillis`).
/// ``distance`` is `mDistance`: the pull as a fraction of ``height`` (`mHeight`, the view's
/// height from `setSize`). What the platform draws is ``stretch``, `dampStretchVector(distance)`,
/// handed to `RenderNode.stretch`; hwui's `StretchEffect` (`libs/hwui/effects/StretchEffect.cpp`,
/// `getShader`, `computeReverseOverscroll`) pins the pulled edge and samples the content at
/// `height/(1 + stretch)` for the far edge of the view, so the content there moves by
/// ``displacement`` = `height·stretch/(1 + stretch)` px: the largest movement of the content, at
/// most about 3.1 % of the height (`dampStretchVector(1)` ≈ 0.032).
public struct AndroidEdgeEffect: Sendable, Equatable {
    /// `EdgeEffect.NATURAL_FREQUENCY`, rad/s.
    public static let naturalFrequency = 24.657
    /// `EdgeEffect.DAMPING_RATIO`.
    public static let dampingRatio = 0.98
    /// `VELOCITY_THRESHOLD`, px/s, and `VALUE_THRESHOLD`, px: `isAtEquilibrium`.
    static let velocityThreshold = 0.01
    static let valueThreshold = 0.001
    /// `LINEAR_VELOCITY_TAKE_OVER`, px/s, and `LINEAR_DISTANCE_TAKE_OVER`, px: the linear finish.
    public static let linearVelocityTakeOver: Float = 200
    static let linearDistanceTakeOver = 8.0
    /// `ON_ABSORB_VELOCITY_ADJUSTMENT`.
    public static let onAbsorbVelocityAdjustment: Float = 13
    /// `LINEAR_STRETCH_INTENSITY`, `EXP_STRETCH_INTENSITY`, `SCROLL_DIST_AFFECTED_BY_EXP_STRETCH`.
    static let linearStretchIntensity: Float = 0.016
    static let expStretchIntensity: Float = 0.016
    static let scrollDistAffectedByExpStretch: Float = 0.33

    /// `STATE_IDLE`, `STATE_PULL`, `STATE_RECEDE` (the stretch never enters the glow's
    /// `STATE_ABSORB` or `STATE_PULL_DECAY`).
    public enum State: Sendable, Equatable { case idle, pull, recede }

    public private(set) var state = State.idle
    /// `mDistance`: the stretch as a fraction of the height, in [0, 1].
    public private(set) var distance: Float = 0
    /// `mVelocity`: px/s, only while receding.
    public private(set) var velocity: Float = 0
    var pullDistance: Float = 0
    var startTime: Int64 = 0
    /// `mHeight`, px.
    public let height: Float

    /// `setSize(width, height)`: only the height matters to the stretch along it; `setSize` takes
    /// an `int`, so a fractional height is truncated.
    /// - Throws: ``SpringError/invalidParameter(name:value:expected:)`` for a height outside [1, 10⁶] px.
    public init(height: Double) throws {
        guard height.isFinite, height >= 1, height <= 1e6 else {
            throw SpringError.invalidParameter(name: "viewport", value: height, expected: "a view height in [1, 1000000] px")
        }
        self.height = Float(Int(height))
    }

    /// `isFinished()`.
    public var isFinished: Bool { state == .idle }

    /// `finish()`.
    public mutating func finish() {
        state = .idle
        distance = 0
        velocity = 0
    }

    /// `onPull(deltaDistance, displacement)` for the stretch (`displacement` only places the
    /// glow and does not change the stretch along the pull).
    public mutating func onPull(_ deltaDistance: Float, now: Int64) {
        if state != .pull {
            // Catch the stretch that is showing.
            pullDistance = distance
        }
        state = .pull
        startTime = now
        pullDistance += deltaDistance
        pullDistance = min(1, pullDistance)
        distance = max(0, pullDistance)
        velocity = 0
        if distance == 0 { state = .idle }
    }

    /// `onPullDistance(deltaDistance, displacement)`: the part of `deltaDistance` consumed.
    @discardableResult
    public mutating func onPullDistance(_ deltaDistance: Float, now: Int64) -> Float {
        let finalDistance = max(0, deltaDistance + distance)
        let delta = finalDistance - distance
        if delta == 0, distance == 0 { return 0 }
        onPull(delta, now: now)
        return delta
    }

    /// `onRelease()`.
    public mutating func onRelease(now: Int64) {
        pullDistance = 0
        guard state == .pull else { return }
        state = .recede
        velocity = 0
        startTime = now
    }

    /// `onAbsorb(velocity)` (px/s, an `int`: the view passes `(int) OverScroller.getCurrVelocity()`).
    public mutating func onAbsorb(_ velocity: Int32, now: Int64) {
        state = .recede
        self.velocity = Float(velocity) * Self.onAbsorbVelocityAdjustment
        startTime = now
    }

    /// `draw(canvas)` on a `RecordingCanvas` at `now`: the spring steps while receding; true
    /// while another frame is needed (one more after the stretch reaches rest).
    public mutating func draw(now: Int64) -> Bool {
        if state == .recede { updateSpring(now: now) }
        var oneLastFrame = false
        if state == .recede, distance == 0, velocity == 0 {
            state = .idle
            oneLastFrame = true
        }
        return state != .idle || oneLastFrame
    }

    /// `updateSpring()`: the closed-form underdamped spring over the time since the last step
    /// (in px, `mDistance·mHeight`), or the linear finish at 200 px/s near rest.
    mutating func updateSpring(now time: Int64) {
        let deltaT = Float(time - startTime) / 1000
        if deltaT < 0.001 { return }  // at least 1 ms
        startTime = time
        // Java's Math.signum(-0f) is -0f, and -0f == 0f: a zero velocity at zero distance takes this path.
        if abs(velocity) <= Self.linearVelocityTakeOver,
           abs(Double(distance * height)) < Self.linearDistanceTakeOver,
           Self.signum(velocity) == -Self.signum(distance) {
            velocity = Self.signum(velocity) * Self.linearVelocityTakeOver
            let targetDistance = distance + (velocity * deltaT / height)
            if Self.signum(targetDistance) != Self.signum(distance) {
                distance = 0
                velocity = 0
            } else {
                distance = targetDistance
            }
            return
        }
        let nf = Self.naturalFrequency, ratio = Self.dampingRatio
        let dampedFrequency = nf * (1 - ratio * ratio).squareRoot()
        let t = Double(deltaT)
        let cosCoefficient = Double(distance * height)
        let sinCoefficient = (1 / dampedFrequency) * (ratio * nf * Double(distance) * Double(height) + Double(velocity))
        let decay = pow(M_E, -ratio * nf * t)
        let x = decay * (cosCoefficient * cos(dampedFrequency * t) + sinCoefficient * sin(dampedFrequency * t))
        let v = x * (-nf) * ratio
            + decay * (-dampedFrequency * cosCoefficient * sin(dampedFrequency * t)
                       + dampedFrequency * sinCoefficient * cos(dampedFrequency * t))
        distance = Float(x) / height
        velocity = Float(v)
        if distance > 1 {
            distance = 1
            velocity = 0
        }
        if isAtEquilibrium {
            distance = 0
            velocity = 0
        }
    }

    /// `isAtEquilibrium()`: past the edge (never stretched the other way) or within 0.001 px
    /// moving slower than 0.01 px/s.
    var isAtEquilibrium: Bool {
        let displacement = Double(distance * height)
        return displacement < 0 || (abs(Double(velocity)) < Self.velocityThreshold && displacement < Self.valueThreshold)
    }

    /// `Math.signum(float)`.
    static func signum(_ x: Float) -> Float { x > 0 ? 1 : (x < 0 ? -1 : x) }

    /// `dampStretchVector(normalizedVec)`.
    static func dampStretchVector(_ normalized: Float) -> Float {
        let sign: Float = normalized > 0 ? 1 : -1
        let overscroll = abs(normalized)
        let linearIntensity = linearStretchIntensity * overscroll
        let scalar = M_E / Double(scrollDistAffectedByExpStretch)
        let expIntensity = Double(expStretchIntensity) * (1 - exp(Double(-overscroll) * scalar))
        return sign * Float(Double(linearIntensity) + expIntensity)
    }

    /// The stretch `draw` hands to `RenderNode.stretch` along the pull: `dampStretchVector` of
    /// the drag point's offset over the bounds' height (both `mHeight`-scaled, for a view drawn
    /// untransformed), 0 when there is no stretch.
    public var stretch: Float {
        guard distance != 0 else { return 0 }
        let y = height * distance
        return Self.dampStretchVector(max(-1, min(1, y / height)))
    }

    /// How far the content at the far edge of the view moves, px: `height·s/(1 + s)` for the
    /// stretch s (hwui `StretchEffect`: the far edge samples the content at `height/(1 + s)`).
    public var displacement: Double {
        let s = Double(stretch)
        return Double(height) * s / (1 + s)
    }

    /// The largest ``displacement`` any pull can show for this height (`distance` = 1).
    public var maximumDisplacement: Double {
        let s = Double(Self.dampStretchVector(1))
        return Double(height) * s / (1 + s)
    }
}

/// One frame of an ``AndroidEdgeEffect`` run: the clock, `mDistance`, the drawn stretch and the
/// content's displacement at the far edge.
public struct StretchFrame: Sendable, Equatable {
    public let index: Int
    /// s from the start of the run.
    public let time: Double
    /// The animation clock, ms.
    public let milliseconds: Int64
    public let distance: Float
    public let velocity: Float
    public let stretch: Float
    /// px.
    public let displacement: Double
}

extension AndroidEdgeEffect {
    /// Frames at `hz` from `now = 0` (the release or the absorb already applied at 0): at frame
    /// k the clock reads ⌊k·1000/hz⌋ ms and `draw` runs; stops at the first frame that leaves
    /// the effect finished (at rest; `draw` asks for one more frame to draw it so), at most
    /// `maximumCount`.
    public func frames(hz: Int, maximumCount: Int = 100_000) -> [StretchFrame] {
        guard hz > 0, maximumCount > 0 else { return [] }
        var effect = self
        var frames: [StretchFrame] = []
        for k in 0..<maximumCount {
            let ms = Int64((Double(k) * 1000 / Double(hz)).rounded(.down))
            let more = effect.draw(now: ms)
            frames.append(StretchFrame(index: k, time: Double(k) / Double(hz), milliseconds: ms,
                                       distance: effect.distance, velocity: effect.velocity,
                                       stretch: effect.stretch, displacement: effect.displacement))
            if !more || effect.isFinished { break }
        }
        return frames
    }
}
