import BezierKernels

/// Frame-based figures over where frames fall against the animation's start.
///
/// A display does not start an animation on a frame boundary of the harness's choosing: frames
/// fall at `(k + φ) / hz` for a phase φ in [0, 1). The sampled speed jump and turn at a join
/// depend on φ (bee1 linear at 60 Hz: a frame straddling a join averages the speeds on both
/// sides, one ending on it shows the whole jump), so one phase is one draw. The sweep samples
/// `phases` evenly spaced phases and reports each figure's range and the phase of its worst.
public struct PhaseSweep: Sendable, Equatable {
    /// One figure over the phases.
    public struct Range: Sendable, Equatable {
        public let min: Double
        public let max: Double
        /// The phase (fraction of a frame, in [0, 1)) that gave `max`.
        public let worstPhase: Double
    }

    /// The number of phases sampled.
    public let phases: Int
    /// The largest consecutive frame-speed ratio (`FrameMetrics.speedJump`); `nil` when no
    /// phase has one.
    public let speedJump: Range?
    /// The largest turn, degrees (`FrameMetrics.maxTurn`); `nil` when no phase has one.
    public let turn: Range?
    /// The longest step, points.
    public let maxStep: Range

    /// The default number of phases: 16, a sixteenth of a frame apart.
    public static let defaultPhases = 16
}

extension Validation {
    /// `scene` at `hz` in `mode`, its frames shifted by each of `phases` phases of a frame: the
    /// sample-based figures' range (frames at rest before and after, as `validate`).
    /// - Throws: `MotionError` for a rate or phase count that is not positive, or too many frames.
    /// - Complexity: O(phases × frames).
    public static func phaseSweep(
        _ scene: Scene, mode: TimingMode = .linear, hz: Double, phases: Int = PhaseSweep.defaultPhases,
        thresholds: Thresholds = Thresholds()
    ) throws(MotionError) -> PhaseSweep {
        try MotionError.requirePositive(hz, "rate (frames per second)")
        guard phases >= 1 else { throw MotionError("phase count must be at least 1, got \(phases)") }
        return try phaseSweep(scene, mode: mode, hz: hz, phases: phases, thresholds: try thresholds.validated(), phaseZero: nil)
    }

    /// `phaseSweep(_:mode:hz:phases:thresholds:)` with validated thresholds, taking phase 0's
    /// frames from `phaseZero` when it holds them: `validatePath`'s frames at `hz`, which start
    /// at the same time `−framesAtRest / hz` and are sampled by the same function at the same
    /// times (`start + k / hz`), so their first frames are phase 0's, bit for bit. (The doubled
    /// and quadrupled frames are not shared: their times `start + j / (2·hz)` round
    /// differently from the phases' `start′ + k / hz`.)
    static func phaseSweep(
        _ scene: Scene, mode: TimingMode, hz: Double, phases: Int, thresholds: Thresholds, phaseZero: FrameSamples?
    ) throws(MotionError) -> PhaseSweep {
        let (span, position) = try trajectory(scene, mode: mode, hz: hz)
        let repeats: Bool
        // A path's motion in `mode`, whose frames are `position`'s (`trajectory`: the motion at
        // max(t, 0)), sampled eight at a time.
        let path: PathMotion?
        switch scene.kind {
        case .path(let motion, _): (repeats, path) = (motion.repeats, motion.with(mode: mode))
        case .spring: (repeats, path) = (false, nil)
        case .timeline(let motion, _): (repeats, path) = (motion.repeats, nil)
        }
        let frames = framesWithin(span: span, hz: hz)
        let total = framesAtRest + frames + (repeats ? 0 : framesAtRest)
        let animation = try AnimationSpan(start: 0, end: repeats ? nil : span, endsAreBoundaries: true)
        var jumps: [(Double, Double)] = [], turns: [(Double, Double)] = [], steps: [(Double, Double)] = []
        for index in 0..<phases {
            let phase = Double(index) / Double(phases)
            let start = (phase - Double(framesAtRest)) / hz
            let samples: FrameSamples
            if index == 0, let phaseZero, phaseZero.hz == hz, phaseZero.startTime == start, phaseZero.count >= total {
                samples = try FrameSamples(hz: hz, startTime: start, positions: Array(phaseZero.positions.prefix(total)))
            } else if let path {
                let positions = path.frames(hz: hz, count: total, from: start, withElements: false).positions
                samples = try FrameSamples(hz: hz, startTime: start, positions: positions)
            } else {
                samples = try FrameSamples(hz: hz, startTime: start, count: total, position: position)
            }
            // Only the peaks: the phase's figures as FrameMetrics computes them, without the rest.
            let peaks = FrameMetrics.peaks(samples: samples, span: animation, thresholds: thresholds)
            if let jump = peaks.speedJump { jumps.append((jump, phase)) }
            if let turn = peaks.turn { turns.append((turn, phase)) }
            steps.append((peaks.maxStep, phase))
        }
        func range(_ values: [(Double, Double)]) -> PhaseSweep.Range? {
            guard let worst = values.max(by: { $0.0 < $1.0 }), let least = values.min(by: { $0.0 < $1.0 }) else { return nil }
            return PhaseSweep.Range(min: least.0, max: worst.0, worstPhase: worst.1)
        }
        return PhaseSweep(phases: phases, speedJump: range(jumps), turn: range(turns), maxStep: range(steps)!)
    }
}
