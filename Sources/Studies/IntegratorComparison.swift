import SpringSolver

/// How a row's method produced its frames.
public enum IntegrationMode: String, Sendable {
    /// Fixed steps of `1/(hz·substeps)`.
    case fixedStep = "fixed-step"
    /// One adaptive solve over the whole span, sampled at the frame times (dopri54 by dense
    /// output; GSL's driver by stopping at each frame time, it has no dense output).
    case oneSolve = "one-solve"
    /// An adaptive solve restarted every frame, from the previous frame's state to the next
    /// frame time, as an animation loop without solver memory would run it. Every solver gets
    /// the same restart: a fresh solver (dopri54) or a fresh GSL driver, both with the same
    /// first trial step ``GSLSpring/initialStep`` (no step size carried over from the last
    /// frame, no hinit for one side only).
    case frameLocked = "frame-locked"
}

/// One method × spring × rate × substep count, measured against the exact motion at the frame
/// times.
public struct IntegratorRow: Sendable {
    /// The method: an ``IntegratorKind`` raw value (`rk4`, `dopri54`) or `gsl-` and a GSL
    /// stepper (`gsl-rkck`).
    public var integrator: String
    public var mode: IntegrationMode
    /// The ``ComparedSpring/name`` the row measured.
    public var spring: String
    /// The frame rate (Hz).
    public var hz: Double
    /// Fixed-step substeps per frame; adaptive rows have 1 (they choose their own steps).
    public var substeps: Int
    /// The adaptive tolerance (`rtol = atol`), `nil` for fixed steps.
    public var tolerance: Double?
    /// Largest per-frame position error against the exact motion (points), over the frames
    /// before any divergence.
    public var maxError: Double
    /// Root-mean-square frame position error (points), over the same frames.
    public var rmsError: Double
    /// Whether every frame stayed finite and within 100 × the initial energy.
    public var stable: Bool
    /// When the run diverged (s), if it did.
    public var divergedAt: Double?
    /// Spectral radius of the one-step matrix (> 1: the method diverges on this spring).
    public var spectralRadius: Double?
    /// The damping ratio and natural frequency of the spring the method really simulates
    /// (``StateMatrix/effectiveSpring(step:)``).
    public var effectiveDampingRatio: Double?
    /// The natural frequency (rad/s) of that effective spring.
    public var effectiveFrequency: Double?
    /// Signed largest `(E_k − E(t_k))/E₀` over the frames (``SpringRun/energyDrift``).
    public var energyDrift: Double
    /// First frame time from which every later frame is at rest (the move's rest criteria: min(0.5 pt, 0.5 % of the distance), 62.5 /s times that); `nil`
    /// when the run never settled (or diverged).
    public var settleTime: Double?
    /// Right-hand-side (force) evaluations per frame, averaged over the run.
    public var evaluationsPerFrame: Double?
    /// Floating-point operations per frame of SpringSolver's fixed-step methods
    /// (``IntegratorKind/operationsPerStep`` × substeps): the deterministic cost the
    /// recommendation ranks by. `nil` for the adaptive and GSL rows, whose work per frame depends
    /// on the motion and the tolerance (it is in ``evaluationsPerFrame``).
    public var operationsPerFrame: Int?
    /// Information only, never ranked (it is mostly the harness's per-frame overhead).
    /// Measured in a release build only, for every row the same way: the minimum time of the
    /// whole run that produced the row's frames (frames stored; its error metrics not timed),
    /// per frame and per step (accepted + rejected for dopri54; `nil` for GSL's adaptive
    /// drivers, which do not report steps). A bare kernel's cost per step, without frames, is
    /// `bench run spring/…-step`.
    public var nsPerStep: Double?
    /// The same time per frame.
    public var nsPerFrame: Double?
    /// Why the method could not run, if it could not (the row's numbers are then meaningless).
    public var failure: String?

    /// `rk4`, `dopri54 (frame-locked)`, `gsl-rk4 ×2`.
    public var label: String {
        var text = integrator
        if mode == .frameLocked { text += " (frame-locked)" }
        if mode == .fixedStep && substeps > 1 { text += " ×\(substeps)" }
        return text
    }
}

/// One point of the work-precision view: a method at one step size or tolerance.
public struct WorkPrecisionPoint: Sendable {
    /// The ``ComparedSpring/name``.
    public var spring: String
    /// The frame rate (Hz) the frames are sampled at.
    public var hz: Double
    /// The row name of the method (`rk4`, `gsl-rk4`, `dopri54`, `gsl-rkck`).
    public var method: String
    /// The step size (`h = 1/480 s`: substeps 8 at 60 Hz) or the tolerance (`tol 1e-7`).
    public var setting: Setting
    /// Right-hand-side evaluations per simulated second.
    public var evaluationsPerSecond: Double
    /// Largest frame position error (points).
    public var maxError: Double

    /// What was varied along a method's work-precision curve.
    public enum Setting: Sendable, Equatable {
        /// Fixed steps of `h = 1/stepRate` seconds (the frame rate × the substeps).
        case step(stepRate: Double)
        /// An adaptive solve at `rtol = atol = tolerance`.
        case tolerance(Double)
    }
}

/// Issue 5's integrator comparison: every integrator against the exact spring motion, sampled
/// at the frame times, with the work-precision view, the one-solve dopri54/GSL study and the
/// advice per spring × rate. Everything `bench integrators` reports, as values.
///
/// ```swift
/// import Studies
///
/// let comparison = try IntegratorComparison.run(
///     springs: [ComparedSpring.menuShow()],
///     configuration: .init(rates: [60], duration: 1))
/// let advice = comparison.recommendations[0]
/// print(advice.cheapest.map(\.label))   // ["rk4"]
/// print(advice.exact?.operationsPerFrame ?? 0)   // 6
/// ```
public struct IntegratorComparison: Sendable {
    /// The springs compared, in order.
    public var springs: [ComparedSpring]
    /// The simulated span of each spring (s), in the same order.
    public var durations: [Double]
    /// The frame rates (Hz) and fixed-step substep counts of the rows.
    public var rates: [Double]
    public var substeps: [Int]
    /// `rtol = atol` of the adaptive rows.
    public var tolerance: Double
    /// Per spring, per rate: the fixed-step rows (every substep count), then the adaptive ones.
    public var rows: [IntegratorRow]
    /// Per spring, at the first rate: error against evaluations.
    public var workPrecision: [WorkPrecisionPoint]
    /// One dopri54/GSL study per spring.
    public var studies: [AdaptiveStudy]
    /// Whether nsPerStep/nsPerFrame were measured (release builds only).
    public var timed: Bool
    /// One per spring × rate, in that order.
    public var recommendations: [IntegratorRecommendation]

    /// A comparison from its parts (``run(springs:configuration:)`` measures one); for
    /// presentation code and its tests.
    public init(springs: [ComparedSpring], durations: [Double], rates: [Double], substeps: [Int], tolerance: Double,
                rows: [IntegratorRow], workPrecision: [WorkPrecisionPoint], studies: [AdaptiveStudy], timed: Bool,
                recommendations: [IntegratorRecommendation]) {
        self.springs = springs
        self.durations = durations
        self.rates = rates
        self.substeps = substeps
        self.tolerance = tolerance
        self.rows = rows
        self.workPrecision = workPrecision
        self.studies = studies
        self.timed = timed
        self.recommendations = recommendations
    }

    /// The settings of one comparison, each with its default in one place (the way
    /// package-benchmark's `Benchmark.Configuration` holds a benchmark's knobs).
    public struct Configuration: Sendable, Equatable {
        /// Frame rates (Hz), each at least one frame over the span. Default 60 and 120.
        public var rates: [Double]
        /// Fixed-step substeps per frame (adaptive rows always have 1). Default `[1]`.
        public var substeps: [Int]
        /// The simulated span (s); `nil` picks
        /// ``IntegratorComparisonRunner/defaultDuration(for:)`` per spring.
        public var duration: Double?
        /// `rtol = atol` of the adaptive rows (default
        /// ``IntegratorComparisonRunner/defaultTolerance``, 1e-6).
        public var tolerance: Double
        /// Whether to time every row (`nsPerStep`, `nsPerFrame`): meaningful in a release
        /// build only. Default `false`.
        public var measuresTime: Bool

        /// A configuration; every setting left out takes its default.
        public init(rates: [Double] = [60, 120], substeps: [Int] = [1], duration: Double? = nil,
                    tolerance: Double = IntegratorComparisonRunner.defaultTolerance, measuresTime: Bool = false) {
            self.rates = rates
            self.substeps = substeps
            self.duration = duration
            self.tolerance = tolerance
            self.measuresTime = measuresTime
        }
    }

    /// Runs the whole comparison on `springs`.
    ///
    /// - Throws: ``StudiesError/noFrame(span:rate:)`` when a span × rate has no frame; a
    ///   SpringSolver error when a fixed-step method cannot be set up. A GSL solver that fails
    ///   does not throw: its row or study entry carries the failure.
    /// - Complexity: O(springs × rates × substeps × methods × frames), plus the timing
    ///   (``IntegratorComparisonRunner/estimatedSteps(springs:spans:rates:substeps:tolerance:measureTime:)``
    ///   counts the steps).
    public static func run(springs: [ComparedSpring], configuration: Configuration = Configuration()) throws -> IntegratorComparison {
        try IntegratorComparisonRunner.run(springs: springs, configuration: configuration)
    }

}
