/// A stepped motion, frame by frame, with what happened to it: the product of
/// ``SpringSimulation/run(_:integrator:frameRate:substeps:duration:rest:stopAtRest:adaptiveOptions:)``.
public struct SpringRun<V: SpringVector>: Sendable {
    public let motion: SpringMotion<V>
    public let integrator: IntegratorKind
    public let frameRate: Double
    public let substeps: Int
    /// Frames 0 (the initial state) through the end of the run.
    public let frames: [SpringFrame<V>]
    public let divergence: Divergence?
    public let rest: RestEvent<V>?
    /// `dopri54`'s work (`nil` for fixed-step methods).
    public let statistics: IntegrationStatistics?

    @inlinable
    public init(motion: SpringMotion<V>, integrator: IntegratorKind, frameRate: Double, substeps: Int,
                frames: [SpringFrame<V>], divergence: Divergence?, rest: RestEvent<V>?, statistics: IntegrationStatistics?) {
        self.motion = motion
        self.integrator = integrator
        self.frameRate = frameRate
        self.substeps = substeps
        self.frames = frames
        self.divergence = divergence
        self.rest = rest
        self.statistics = statistics
    }

    /// Whether the run finished without diverging.
    public var isStable: Bool { divergence == nil }

    /// Per-frame position error against the exact motion, `|x_k − x(t_k)|`. Frames after a
    /// snap compare the snapped position.
    public var positionErrors: [Double] {
        frames.map { norm($0.position - motion.position(at: $0.time)) }
    }

    /// The largest per-frame position error (position units).
    public var maxError: Double { positionErrors.max() ?? 0 }

    /// The root-mean-square per-frame position error.
    public var rmsError: Double {
        let errors = positionErrors
        guard !errors.isEmpty else { return 0 }
        return (errors.reduce(0) { $0 + $1 * $1 } / Double(errors.count)).squareRoot()
    }

    /// Energy drift: the signed value of largest magnitude of `(E_k − E(t_k)) / E₀` over the
    /// frames, where `E_k` is the stepped state's mechanical energy, `E(t_k)` the exact motion's
    /// and `E₀` the initial energy. Positive: the method gained energy the spring did not have.
    /// 0 when `E₀ = 0`. Frames from the rest snap on are excluded (the snap is not the method).
    public var energyDrift: Double {
        let spring = motion.spring
        let initial = spring.energy(of: motion.initialState)
        guard initial > 0 else { return 0 }
        var drift = 0.0
        for frame in frames {
            if let rest, frame.index >= rest.frameIndex { break }
            let stepped = spring.energy(of: SpringState(displacement: frame.position - motion.target, velocity: frame.velocity))
            let exact = spring.energy(of: motion.state(at: frame.time))
            let relative = (stepped - exact) / initial
            if abs(relative) > abs(drift) { drift = relative }
        }
        return drift
    }

    /// The settle time seen in the frames: the time of the first frame from which every later
    /// frame is at rest under `criteria` (the rest frame itself if the run stopped at rest);
    /// `nil` if the last frame is not at rest or the run diverged.
    public func settleTime(_ criteria: RestCriteria? = nil) -> Double? {
        if let rest { return rest.time }
        let criteria = criteria ?? motion.restCriteria
        guard divergence == nil, let last = frames.last else { return nil }
        func atRest(_ frame: SpringFrame<V>) -> Bool {
            criteria.isAtRest(SpringState(displacement: frame.position - motion.target, velocity: frame.velocity))
        }
        guard atRest(last) else { return nil }
        var first = frames.count - 1
        while first > 0 && atRest(frames[first - 1]) { first -= 1 }
        return frames[first].time
    }
}

/// Running a spring motion at a frame rate with an integrator.
public enum SpringSimulation {
    /// The most frames one ``run(_:integrator:frameRate:substeps:duration:rest:stopAtRest:adaptiveOptions:)``
    /// keeps: 10⁷ (about 320 MB of `Double` frames; a 120 Hz animation of 23 hours). A run
    /// returns every frame, so an unbounded `duration × frameRate` would allocate unboundedly.
    public static let maximumFrames = 10_000_000

    /// Steps `motion` with `integrator` at `frameRate` Hz (with `substeps` substeps per frame)
    /// for `duration` seconds — frames `0…⌊duration·frameRate⌋` — stopping early at divergence,
    /// or at rest when `stopAtRest` is set.
    ///
    /// - Throws: ``SpringError`` for a bad rate, substep count, duration or adaptive options,
    ///   more than ``maximumFrames`` frames, or an adaptive integration failure. Divergence is
    ///   *not* an error: it is reported in ``SpringRun/divergence``.
    /// - Complexity: O(frames × substeps).
    @inlinable
    public static func run<V: SpringVector>(
        _ motion: SpringMotion<V>, integrator: IntegratorKind, frameRate: Double, substeps: Int = 1,
        duration: Double, rest: RestCriteria? = nil, stopAtRest: Bool = false,
        adaptiveOptions: DormandPrince54Options = .init()
    ) throws -> SpringRun<V> {
        let duration = try Check.nonNegative(duration, "duration")
        var stepper = try FrameStepper(
            motion: motion, integrator: integrator, frameRate: frameRate, substeps: substeps,
            rest: stopAtRest ? rest ?? motion.restCriteria : nil, adaptiveOptions: adaptiveOptions)
        let wanted = (duration * frameRate * (1 + 1e-12)).rounded(.down)
        guard wanted <= Double(maximumFrames) else {
            throw SpringError.invalidParameter(
                name: "duration × frame rate", value: wanted, expected: "at most \(maximumFrames) frames")
        }
        let frameCount = Int(wanted)
        var frames = [stepper.currentFrame]
        // A run stopping at rest may need far fewer: grow past the first 65 536 on demand.
        frames.reserveCapacity(min(frameCount, 1 << 16) + 1)
        while stepper.frameIndex < frameCount, let frame = try stepper.advanceFrame() {
            frames.append(frame)
        }
        return SpringRun(
            motion: motion, integrator: integrator, frameRate: frameRate, substeps: substeps, frames: frames,
            divergence: stepper.divergence, rest: stepper.rest, statistics: stepper.statistics)
    }
}

extension IntegratorKind {
    /// A fixed-step method's matrix over one whole frame of `substeps` steps (the step matrix to
    /// the power `substeps`): its ``StateMatrix/spectralRadius`` and
    /// ``StateMatrix/effectiveSpring(step:)`` (with `step: 1/frameRate`) summarise how the
    /// method treats the spring at that rate. `nil` for `dopri54`.
    public func frameMatrix(spring: DampedSpring, frameRate: Double, substeps: Int = 1) throws -> StateMatrix? {
        let rate = try Check.positive(frameRate, "frame rate")
        guard substeps >= 1 else {
            throw SpringError.invalidParameter(name: "substeps", value: Double(substeps), expected: "a positive integer")
        }
        guard let step = try stepMatrix(spring: spring, step: 1 / (rate * Double(substeps))) else { return nil }
        var result = StateMatrix.identity
        for _ in 0..<substeps { result = step * result }
        return result
    }
}
