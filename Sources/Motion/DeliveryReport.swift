import BezierKernels

/// The distance between what a display shows and where the motion should be at that moment.
public struct OnScreenError: Sendable, Equatable {
    /// Per frame, points.
    public let errors: [Double]
    /// The largest, points.
    public let max: Double
    /// The 99th percentile (nearest rank), points.
    public let p99: Double
    /// The presentation time of the largest, seconds.
    public let maxAt: Double

    init(errors: [Double], presentations: [Double]) {
        self.errors = errors
        var worst = 0
        for index in errors.indices where errors[index] > errors[worst] { worst = index }
        max = errors.isEmpty ? 0 : errors[worst]
        maxAt = presentations.isEmpty ? 0 : presentations[worst]
        p99 = nearestRankPercentile(errors, 0.99) ?? 0
    }
}

/// How to deliver frames for a validation: the model, the engine's clock, the seed and the
/// platforms' limits.
public struct DeliveryOptions: Sendable, Equatable {
    public var model: FrameDeliveryModel
    public var clock: FrameClock
    public var seed: UInt64
    public var thresholds: PlatformThresholds

    public init(
        model: FrameDeliveryModel, clock: FrameClock = .target, seed: UInt64 = 0,
        thresholds: PlatformThresholds = PlatformThresholds()
    ) {
        self.model = model
        self.clock = clock
        self.seed = seed
        self.thresholds = thresholds
    }
}

/// One scene × mode × rate under a frame delivery: the frames, every platform's figures, the
/// on-screen error of a time-based animation (sampled at `clock`) and of a frame-counted one.
public struct DeliveryReport: Sendable, Equatable {
    public let options: DeliveryOptions
    public let delivery: FrameDelivery
    public let platform: PlatformMetrics
    /// What each frame showed, points (a time-based animation at the clock's time).
    public let shown: [SIMD2<Double>]
    /// Where the motion should be at each presentation, points; `nil` for a recording (it has
    /// no ideal trajectory to compare with: only what was shown).
    public let ideal: [SIMD2<Double>]?
    /// `|shown − ideal|` per frame; `nil` for a recording.
    public let onScreen: OnScreenError?
    /// The same for an animation that advances a fixed 1/hz per frame whatever the clock says;
    /// `nil` for a recording.
    public let frameCounted: OnScreenError?
    /// How much later than its span the frame-counted animation reaches its end, seconds
    /// (0 when every frame is on time): late frames slow it down, where a time-based one skips
    /// ahead. `nil` for a recording.
    public let frameCountedDelay: Double?
    /// The animation's span on the engine's clock, seconds.
    public let span: Double
    /// Reasons to call the delivered motion janky (kinds `lateFrames`, `onScreenError`).
    public let findings: [Finding]

    /// The speed seen on screen from each frame to the next, |shownₖ₊₁ − shownₖ| over the time
    /// between their presentations, points per second (the last repeats the one before; 0 for a
    /// single frame).
    /// - Complexity: O(frames).
    public var shownSpeeds: [Double] {
        let frames = delivery.frames
        guard frames.count >= 2 else { return frames.map { _ in 0 } }
        var speeds = (0..<(frames.count - 1)).map { k in
            length(shown[k + 1] - shown[k]) / (frames[k + 1].presentation - frames[k].presentation)
        }
        speeds.append(speeds[speeds.count - 1])
        return speeds
    }
}

extension Validation {
    /// A scene's position as a function of the time since its animation started, and how long
    /// that animation runs (a repeating path: one pass and `framesPastSeam` frames; a spring: to
    /// its stop or `maximumSimulatedTime`; a timeline: its sampled span).
    /// - Throws: `MotionError` for a span that would sample more than `maximumFrames` frames.
    public static func trajectory(_ scene: Scene, mode: TimingMode = .linear, hz: Double) throws(MotionError)
        -> (span: Double, position: @Sendable (Double) -> SIMD2<Double>)
    {
        switch scene.kind {
        case .path(let motion, _):
            try requireSampleable(span: motion.duration, hz: hz, what: "a path duration")
            let timed = motion.with(mode: mode)
            let span = motion.repeats ? motion.duration + Double(framesPastSeam) / hz : motion.duration
            return (span, { t in timed.position(at: Swift.max(t, 0)) })
        case .spring(let spring):
            try requireSampleable(span: spring.maximumSimulatedTime, hz: hz, what: "a simulated span")
            let count = frameCount(of: spring, hz: hz)
            let end = Double(count - 1) / hz
            let stops = spring.offset(at: end) == 0
            return (end, { t in SIMD2(0, spring.presented(at: Swift.min(Swift.max(t, 0), stops ? end : t))) })
        case .timeline(let motion, _):
            try requireSampleable(span: motion.sampledSpan, hz: hz, what: "a timeline span")
            let start = motion.start
            return (motion.sampledSpan, { t in motion.value(start + Swift.max(t, 0)) })
        }
    }

    /// `scene` at `hz` in `mode`, with frames delivered as `options` says.
    ///
    /// The engine zeroes its clock at its first frame and shows `position(clock − clock₀)`;
    /// the motion should be at `position(presentation − target₀)` when that frame appears (the
    /// animation starts when its first frame is meant to be seen). A frame-counted engine shows
    /// `position(k / hz)` at its k-th frame.
    ///
    /// Verdict: janky when XCTest would grade the hitch time ratio critical, or when the 99th
    /// percentile on-screen error exceeds `maxOnScreenError`. Under `vsync` with the `target`
    /// clock every frame shows exactly where the motion is: nothing to find.
    /// - Throws: `MotionError` for bad thresholds, a bad model, or too many frames.
    /// - Complexity: O(frames).
    public static func deliver(
        _ scene: Scene, mode: TimingMode = .linear, hz: Double, options: DeliveryOptions
    ) throws(MotionError) -> DeliveryReport {
        try MotionError.requirePositive(hz, "rate (frames per second)")
        let thresholds = try options.thresholds.validated()
        let (span, position) = try trajectory(scene, mode: mode, hz: hz)
        let delivery = try FrameDelivery.simulate(options.model, hz: hz, span: span, seed: options.seed)
        return try measure(delivery, span: span, position: position, options: options, thresholds: thresholds)
    }

    static func measure(
        _ delivery: FrameDelivery, span: Double, position: (Double) -> SIMD2<Double>,
        options: DeliveryOptions, thresholds: PlatformThresholds
    ) throws(MotionError) -> DeliveryReport {
        let frames = delivery.frames
        guard let first = frames.first else { throw MotionError("a frame delivery needs at least one frame, got none") }
        let clock0 = first.time(options.clock), target0 = first.targetTimestamp
        var shown: [SIMD2<Double>] = [], ideal: [SIMD2<Double>] = [], errors: [Double] = [], counted: [Double] = []
        shown.reserveCapacity(frames.count)
        ideal.reserveCapacity(frames.count)
        for (k, frame) in frames.enumerated() {
            let p = position(frame.time(options.clock) - clock0)
            let q = position(frame.presentation - target0)
            shown.append(p)
            ideal.append(q)
            errors.append(length(p - q))
            counted.append(length(position(Double(k) / delivery.hz) - q))
        }
        let presentations = frames.map(\.presentation)
        let onScreen = OnScreenError(errors: errors, presentations: presentations)
        let frameCounted = OnScreenError(errors: counted, presentations: presentations)
        // The frame-counted animation ends at frame ceil(span·hz); it should end `span` after
        // the first frame's target.
        let last = Swift.min(Int((span * delivery.hz * (1 - 1e-12)).rounded(.up)), frames.count - 1)
        let delay = Swift.max(0, frames[last].presentation - target0 - span)
        let platform = PlatformMetrics(frames: frames, thresholds: thresholds)
        var findings = lateFrameFindings(platform, model: options.model, thresholds: thresholds)
        if onScreen.p99 > thresholds.maxOnScreenError {
            findings.append(
                .onScreenError(
                    Finding.OnScreenExcess(
                        model: options.model, clock: options.clock, max: onScreen.max, p99: onScreen.p99,
                        maxAt: onScreen.maxAt, limit: thresholds.maxOnScreenError)))
        }
        return DeliveryReport(
            options: options, delivery: delivery, platform: platform, shown: shown, ideal: ideal, onScreen: onScreen,
            frameCounted: frameCounted, frameCountedDelay: delay, span: span, findings: findings)
    }

    /// A `lateFrames` finding when XCTest would grade the hitch time ratio critical.
    static func lateFrameFindings(
        _ platform: PlatformMetrics, model: FrameDeliveryModel, thresholds: PlatformThresholds
    ) -> [Finding] {
        let apple = platform.apple
        guard apple.xctest == .critical else { return [] }
        return [
            .lateFrames(
                Finding.LateFrames(
                    model: model, hitchTimeRatio: apple.hitchTimeRatio, hitchCount: apple.hitchCount,
                    longestHitch: apple.longestHitch, criticalLimit: thresholds.xctestCritical))
        ]
    }
}
