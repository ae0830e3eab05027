/// One displayed frame of a stepped spring motion.
public struct SpringFrame<V: SpringVector>: Sendable, Equatable {
    /// Frame number `k` (0 is the initial state).
    public var index: Int
    /// `k / frameRate` (s), computed from the index, not accumulated.
    public var time: Double
    /// Absolute position (after the snap, on the frame where the motion came to rest).
    public var position: V
    public var velocity: V

    @inlinable
    public init(index: Int, time: Double, position: V, velocity: V) {
        self.index = index
        self.time = time
        self.position = position
        self.velocity = velocity
    }
}

/// Where and why a stepped motion was found to diverge.
public struct Divergence: Sendable, Hashable, CustomStringConvertible {
    /// The (sub)step time at which it was detected (s).
    public var time: Double
    /// The frame during which it was detected.
    public var frameIndex: Int
    public var reason: Reason

    public enum Reason: String, Sendable, Hashable {
        /// A component became infinite or NaN.
        case notFinite = "not finite"
        /// The energy exceeded ``FrameStepper/divergenceEnergyFactor`` × its initial value.
        case energyGrowth = "energy growth"
    }

    @inlinable
    public init(time: Double, frameIndex: Int, reason: Reason) {
        self.time = time
        self.frameIndex = frameIndex
        self.reason = reason
    }

    public var description: String { "diverged at t = \(time) s (frame \(frameIndex)): \(reason.rawValue)" }
}

/// Where a stepped motion came to rest and how far it jumped when snapped to its target.
public struct RestEvent<V: SpringVector>: Sendable, Equatable {
    public var time: Double
    public var frameIndex: Int
    /// The position just before the snap.
    public var positionBeforeSnap: V
    /// The velocity just before the snap (set to zero by the snap).
    public var velocityBeforeSnap: V
    /// The jump `target − positionBeforeSnap` applied at the stop.
    public var snap: V
    /// `|snap|`.
    public var snapDistance: Double

    @inlinable
    public init(time: Double, frameIndex: Int, positionBeforeSnap: V, velocityBeforeSnap: V, snap: V, snapDistance: Double) {
        self.time = time
        self.frameIndex = frameIndex
        self.positionBeforeSnap = positionBeforeSnap
        self.velocityBeforeSnap = velocityBeforeSnap
        self.snap = snap
        self.snapDistance = snapDistance
    }
}

/// Steps a spring motion frame by frame at a refresh rate, with any integrator and optional
/// substeps, checking every substep for divergence and every frame for rest.
///
/// ```swift
/// var stepper = try FrameStepper(motion: motion, integrator: .rk4, frameRate: 60, substeps: 2)
/// while let frame = try stepper.advanceFrame() { draw(frame.position) }
/// stepper.rest?.snapDistance   // the jump at the stop
/// ```
///
/// Fixed-step methods take `substeps` steps of `1/(frameRate·substeps)` per frame.
/// `dopri54` integrates adaptively and samples each frame time with its dense output
/// (`substeps` is ignored); its work is in ``statistics``.
///
/// Divergence: a substep whose state is not finite, or whose mechanical energy exceeds
/// ``divergenceEnergyFactor`` × the initial energy (a damped spring never gains energy, so
/// this is certainly numerical), stops the stepper and is reported with its time in
/// ``divergence``; no non-finite position is ever returned.
public struct FrameStepper<V: SpringVector>: Sendable {
    /// Energy growth beyond which a run counts as diverged (100: tenfold amplitude).
    public static var divergenceEnergyFactor: Double { 100 }

    public let motion: SpringMotion<V>
    public let integrator: IntegratorKind
    public let frameRate: Double
    public let substeps: Int
    /// `nil`: never stop at rest.
    public let restCriteria: RestCriteria?

    /// The number of the current frame (0 before the first ``advanceFrame()``).
    @inlinable public var frameIndex: Int { currentIndex }
    /// The current state (displacement from the target, velocity).
    @inlinable public var state: SpringState<V> { currentState }
    /// Set once the stepper diverged.
    @inlinable public var divergence: Divergence? { detectedDivergence }
    /// Set once the motion came to rest (with the snap applied).
    @inlinable public var rest: RestEvent<V>? { detectedRest }

    @usableFromInline var currentIndex = 0
    @usableFromInline var currentState: SpringState<V>
    @usableFromInline var detectedDivergence: Divergence?
    @usableFromInline var detectedRest: RestEvent<V>?

    @usableFromInline enum Engine: Sendable {
        case fixed(AnySpringIntegrator)
        case adaptive(DormandPrince54<SpringSystem<V>>)
    }
    @usableFromInline var engine: Engine
    @usableFromInline let energyLimit: Double

    /// - Throws: ``SpringError/invalidParameter(name:value:expected:)`` for a non-positive or
    ///   non-finite frame rate, substeps < 1 or bad adaptive options.
    public init(motion: SpringMotion<V>, integrator: IntegratorKind, frameRate: Double, substeps: Int = 1,
                rest: RestCriteria? = .default, adaptiveOptions: DormandPrince54Options = .init()) throws {
        self.motion = motion
        self.integrator = integrator
        self.frameRate = try Check.positive(frameRate, "frame rate")
        guard substeps >= 1 else {
            throw SpringError.invalidParameter(name: "substeps", value: Double(substeps), expected: "a positive integer")
        }
        self.substeps = substeps
        self.restCriteria = rest
        currentState = motion.initialState
        energyLimit = Self.divergenceEnergyFactor * motion.spring.energy(of: motion.initialState)
        if integrator == .dopri54 {
            engine = .adaptive(try DormandPrince54(
                system: SpringSystem<V>(spring: motion.spring), time: 0, state: motion.initialState,
                options: adaptiveOptions))
        } else {
            let step = 1 / (frameRate * Double(substeps))
            engine = .fixed(try integrator.integrator(spring: motion.spring, step: step))
        }
    }

    /// The time of the current frame, `frameIndex / frameRate`.
    @inlinable public var time: Double { Double(currentIndex) / frameRate }

    /// Whether the stepper has stopped (diverged or at rest).
    @inlinable public var isFinished: Bool { detectedDivergence != nil || detectedRest != nil }

    /// The current frame.
    @inlinable public var currentFrame: SpringFrame<V> {
        SpringFrame(index: frameIndex, time: time, position: motion.target + state.displacement, velocity: state.velocity)
    }

    /// The adaptive solver's work so far (`nil` for fixed-step methods).
    public var statistics: IntegrationStatistics? {
        if case let .adaptive(solver) = engine { return solver.statistics }
        return nil
    }

    /// Advances one frame and returns it, or `nil` once stopped (diverged, or came to rest on
    /// an earlier frame). The frame on which rest is detected is returned snapped to the target
    /// with zero velocity (its jump is in ``rest``).
    ///
    /// - Throws: ``SpringError/integrationFailed(time:reason:)`` if the adaptive solver fails.
    @inlinable
    public mutating func advanceFrame() throws -> SpringFrame<V>? {
        if isFinished { return nil }
        let nextIndex = currentIndex + 1
        let start = time
        switch engine {
        case let .fixed(method):
            let h = method.step
            for substep in 0..<substeps {
                method.advance(&currentState)
                if let reason = divergenceReason(currentState) {
                    detectedDivergence = Divergence(time: start + Double(substep + 1) * h, frameIndex: nextIndex, reason: reason)
                    return nil
                }
            }
        case var .adaptive(solver):
            let t = Double(nextIndex) / frameRate
            do {
                currentState = try solver.state(at: t)
            } catch {
                engine = .adaptive(solver)
                throw error
            }
            engine = .adaptive(solver)
            if let reason = divergenceReason(currentState) {
                detectedDivergence = Divergence(time: t, frameIndex: nextIndex, reason: reason)
                return nil
            }
        }
        currentIndex = nextIndex
        if let criteria = restCriteria, criteria.isAtRest(currentState) {
            detectedRest = RestEvent(
                time: time, frameIndex: currentIndex, positionBeforeSnap: motion.target + currentState.displacement,
                velocityBeforeSnap: currentState.velocity, snap: .zero - currentState.displacement,
                snapDistance: norm(currentState.displacement))
            currentState = .zero
        }
        return currentFrame
    }

    @inlinable
    func divergenceReason(_ state: SpringState<V>) -> Divergence.Reason? {
        guard isFinite(state) else { return .notFinite }
        if energyLimit > 0 && motion.spring.energy(of: state) > energyLimit { return .energyGrowth }
        return nil
    }
}
