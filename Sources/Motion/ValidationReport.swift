/// The spring part of a report: how the presented value approaches the target, when the demo's
/// stop condition fires, the wave's first frame, and each integrator's error.
public struct SpringReport: Sendable, Equatable {
    public let response: SpringResponse
    /// The stop condition under each model: `continuousSpring` first, then
    /// `animationRemovedAtDuration` when the scene is a UIKit animation.
    public let stops: [StopCondition]
    /// The offset drawn in the first frame (after scaling), points.
    public let firstFrameOffset: Double
    /// How far the middle of the redrawn top edge sits from the straight edge in the first frame
    /// (half the offset), points; `nil` when the scene redraws no shape.
    public let firstFrameApex: Double?
    /// How far that apex moves in the next frame, points (for comparison with the first frame's).
    public let secondFrameApexStep: Double?
    /// The step of velocity at t = 0 against the rest before it, points per second: the initial
    /// velocity's size.
    public let startVelocityStep: Double
    /// The step of acceleration at t = 0, points per second squared: `|k·x₀ + c·v₀| / m`, the
    /// spring's launch (information: a jump of acceleration keeps the velocity continuous).
    public let startAccelerationStep: Double
    /// Every fixed-step integrator stepped at the frame rate, against the exact motion.
    public let integrators: [IntegratorError]
}

/// Everything measured for one scene × mode × rate, with the verdict and its reasons: plain
/// values for the tables and the `validate` JSON.
public struct ValidationReport: Sendable, Equatable {
    /// The scene's name.
    public let scene: String
    /// The timing mode; `nil` for a spring scene.
    public let mode: TimingMode?
    /// Frames per second.
    public let hz: Double
    /// Frames sampled.
    public let frames: Int
    /// The time span sampled, seconds (from 0).
    public let duration: Double
    /// The sample-based metrics (with the rate-doubling tests).
    public let metrics: FrameMetrics
    /// The exact view at every join of a path scene (empty for a spring).
    public let joins: [Join]
    /// The restart of a repeating path scene.
    public let seam: Seam?
    /// Whether the seam's end and start points show a bee on screen (`nil` without a viewport).
    public let seamEndVisible: Bool?
    public let seamStartVisible: Bool?
    /// The spring part; `nil` for a path scene.
    public let spring: SpringReport?
    /// The cost of one frame as a fraction of the frame budget 1/hz, once measured
    /// (`withFrameCost`); `nil` until then.
    public let frameCostFraction: Double?
    /// `janky` when there is any finding.
    public let verdict: Verdict
    /// The reasons for `janky`, each with its evidence.
    public let findings: [Finding]
    /// Facts that are not flaws (how a parameter was treated, where the seam is).
    public let notes: [Note]
    /// The frames as a display delivered them (`withDelivery`); `nil` for ideal frames.
    public let delivery: DeliveryReport?
    /// The sample-based figures over the phase of the frames against the start (`PhaseSweep`);
    /// `nil` for a recording (its frames fell where they fell) and for a spring (smooth by model:
    /// its frame figures are measured, never judged).
    public let phaseSweep: PhaseSweep?

    /// `bee1+ linear @60 Hz`, `menu-show @120 Hz`.
    public var label: String { Self.label(scene: scene, mode: mode, hz: hz) }

    static func label(scene: String, mode: TimingMode?, hz: Double) -> String {
        let rate = hz == hz.rounded() ? formatted(hz, 0) : formatted(hz, 2)
        return [scene, mode?.rawValue].compactMap { $0 }.joined(separator: " ") + " @\(rate) Hz"
    }

    init(
        scene: String, mode: TimingMode?, hz: Double, frames: Int, duration: Double,
        metrics: FrameMetrics, joins: [Join], seam: Seam?, seamEndVisible: Bool?, seamStartVisible: Bool?,
        spring: SpringReport?, frameCostFraction: Double?, findings: [Finding], notes: [Note],
        delivery: DeliveryReport? = nil, phaseSweep: PhaseSweep? = nil
    ) {
        self.scene = scene
        self.mode = mode
        self.hz = hz
        self.frames = frames
        self.duration = duration
        self.metrics = metrics
        self.joins = joins
        self.seam = seam
        self.seamEndVisible = seamEndVisible
        self.seamStartVisible = seamStartVisible
        self.spring = spring
        self.frameCostFraction = frameCostFraction
        self.findings = findings
        self.verdict = findings.isEmpty ? .smooth : .janky
        self.notes = notes
        self.delivery = delivery
        self.phaseSweep = phaseSweep
    }

    /// The first measured figure that is not a finite number, named, or `nil` when every one is:
    /// the frames' largest step, their speeds (least, median, greatest), the greatest speed jump
    /// and the speeds either side of it, the greatest turn, every teleport's length, the
    /// greatest velocity change, every join's point, gap and speeds, the span. A verdict is
    /// only given when this is `nil`: "smooth" beside an infinite speed would be a lie
    /// (`Validation.requireFiniteMetrics`).
    public var nonFiniteMetric: String? {
        var figures: [(String, Double)] = [("duration", duration), ("largest step", metrics.maxStep)]
        if let speed = metrics.speed {
            figures += [("least speed", speed.min), ("median speed", speed.median), ("greatest speed", speed.max)]
        }
        if let jump = metrics.speedJump {
            figures += [("speed jump", jump.ratio), ("speed before the jump", jump.speedBefore), ("speed after the jump", jump.speedAfter)]
        }
        if let turn = metrics.maxTurn { figures.append(("greatest turn", turn.degrees)) }
        for teleport in metrics.teleports { figures.append(("teleport length", teleport.distance)) }
        if let change = metrics.maxVelocityChange { figures.append(("greatest velocity change", change.magnitude)) }
        for join in joins {
            figures += [("join point x", join.point.x), ("join point y", join.point.y), ("join gap", join.gap),
                        ("speed into join \(join.element)", join.speedIn), ("speed out of join \(join.element)", join.speedOut)]
        }
        return figures.first { !$0.1.isFinite }?.0
    }

    /// The report with frames delivered as `delivery` says: its findings join the report's.
    public func withDelivery(_ delivery: DeliveryReport) -> ValidationReport {
        ValidationReport(
            scene: scene, mode: mode, hz: hz, frames: frames, duration: duration, metrics: metrics, joins: joins,
            seam: seam, seamEndVisible: seamEndVisible, seamStartVisible: seamStartVisible, spring: spring,
            frameCostFraction: frameCostFraction,
            findings: findings.filter { $0.kind != .lateFrames && $0.kind != .onScreenError } + delivery.findings,
            notes: notes, delivery: delivery, phaseSweep: phaseSweep)
    }

    /// The report with its phase sweep.
    func withPhaseSweep(_ sweep: PhaseSweep) -> ValidationReport {
        ValidationReport(
            scene: scene, mode: mode, hz: hz, frames: frames, duration: duration, metrics: metrics, joins: joins,
            seam: seam, seamEndVisible: seamEndVisible, seamStartVisible: seamStartVisible, spring: spring,
            frameCostFraction: frameCostFraction, findings: findings, notes: notes, delivery: delivery, phaseSweep: sweep)
    }

    /// The report with the measured cost of one frame (seconds) filled in: a cost above
    /// `maxFrameCostFraction` of the budget 1/hz becomes a finding.
    /// - Throws: `MotionError` for a negative or non-finite cost.
    public func withFrameCost(seconds: Double, thresholds: Thresholds = Thresholds()) throws(MotionError)
        -> ValidationReport
    {
        try MotionError.requireNonNegative(seconds, "frame cost (s)")
        let thresholds = try thresholds.validated()
        let fraction = seconds * hz
        var findings = self.findings.filter { $0.kind != .frameCost }
        if fraction > thresholds.maxFrameCostFraction {
            findings.append(.frameCost(Finding.FrameCostExcess(fraction: fraction, hz: hz, limit: thresholds.maxFrameCostFraction)))
        }
        return ValidationReport(
            scene: scene, mode: mode, hz: hz, frames: frames, duration: duration, metrics: metrics, joins: joins,
            seam: seam, seamEndVisible: seamEndVisible, seamStartVisible: seamStartVisible, spring: spring,
            frameCostFraction: fraction, findings: findings, notes: notes, delivery: delivery, phaseSweep: phaseSweep)
    }
}
