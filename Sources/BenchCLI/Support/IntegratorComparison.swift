import Foundation
import GSLReference
import SpringSolver

/// One spring motion the integrators are compared on.
struct ComparedSpring: Sendable {
    /// A short key for tables and JSON (`menu-show`, `stiff-bouncy`, `user`).
    let name: String
    /// One line: where the spring comes from.
    let summary: String
    let motion: SpringMotion<Double>
    /// Notes from the parameter conversion (e.g. a UIKit ratio clamped).
    var notes: [String] = []

    /// The menu's show spring (DESIGN §2): UIKit duration 0.8 s, damping ratio 0.6, initial
    /// spring velocity 0.6, from y = 667 to 459, under the default envelope-decay mapping.
    static func menuShow() throws -> ComparedSpring {
        return ComparedSpring(
            name: "menu-show",
            summary: "the menu's show spring: UIKit duration 0.8 s, damping ratio 0.6, initial spring velocity 0.6, 667 → 459 pt",
            motion: try DefaultMotion.menuShow())
    }

    /// Issue 5's default set on `base` (default: the menu's show motion): the menu's show
    /// spring, a stiff bouncy one (ζ 0.15, ω₀ 2π/0.2 s) and a very stiff one (ζ 0.15,
    /// ω₀ 2π/0.05 s), all three from the same start at the same velocity to the same target.
    static func defaults(base: SpringMotion<Double>? = nil) throws -> [ComparedSpring] {
        let show = try base ?? menuShow().motion
        func onShowMotion(_ name: String, dampingRatio: Double, period: Double, _ summary: String) throws -> ComparedSpring {
            let spring = try DampedSpring(mass: 1, naturalFrequency: 2 * Double.pi / period, dampingRatio: dampingRatio)
            return ComparedSpring(
                name: name, summary: summary,
                motion: try SpringMotion(spring: spring, from: show.initialPosition, to: show.target, initialVelocity: show.initialVelocity))
        }
        return [
            ComparedSpring(name: "menu-show", summary: "the menu's show spring: UIKit duration 0.8 s, damping ratio 0.6 (envelope-decay mapping)", motion: show),
            try onShowMotion("stiff-bouncy", dampingRatio: 0.15, period: 0.2, "stiff bouncy: ζ 0.15, ω₀ 2π/0.2 s"),
            try onShowMotion("very-stiff", dampingRatio: 0.15, period: 0.05, "very stiff: ζ 0.15, ω₀ 2π/0.05 s"),
        ]
    }
}

/// How a row's method produced its frames.
enum IntegrationMode: String, Sendable {
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
struct IntegratorRow: Sendable {
    var integrator: String
    var mode: IntegrationMode
    var spring: String
    var hz: Double
    /// Fixed-step substeps per frame; adaptive rows have 1 (they choose their own steps).
    var substeps: Int
    /// The adaptive tolerance (`rtol = atol`), `nil` for fixed steps.
    var tolerance: Double?
    /// Largest per-frame position error against the exact motion (points), over the frames
    /// before any divergence.
    var maxError: Double
    var rmsError: Double
    var stable: Bool
    /// When the run diverged (s), if it did.
    var divergedAt: Double?
    /// Spectral radius of the one-step matrix (> 1: the method diverges on this spring).
    var spectralRadius: Double?
    /// The damping ratio and natural frequency of the spring the method really simulates
    /// (``StateMatrix/effectiveSpring(step:)``).
    var effectiveDampingRatio: Double?
    var effectiveFrequency: Double?
    /// Signed largest `(E_k − E(t_k))/E₀` over the frames (``SpringRun/energyDrift``).
    var energyDrift: Double
    /// First frame time from which every later frame is at rest (0.5 pt, 31.25 pt/s); `nil`
    /// when the run never settled (or diverged).
    var settleTime: Double?
    /// Right-hand-side (force) evaluations per frame, averaged over the run.
    var evaluationsPerFrame: Double?
    /// Floating-point operations per frame of SpringSolver's fixed-step methods
    /// (``IntegratorKind/operationsPerStep`` × substeps): the deterministic cost the
    /// recommendation ranks by. `nil` for the adaptive and GSL rows, whose work per frame depends
    /// on the motion and the tolerance (it is in ``evaluationsPerFrame``).
    var operationsPerFrame: Int?
    /// Information only, never ranked (it is mostly the harness's per-frame overhead).
    /// Measured in a release build only, for every row the same way: the minimum time of the
    /// whole run that produced the row's frames (frames stored; its error metrics not timed),
    /// per frame and per step (accepted + rejected for dopri54; `nil` for GSL's adaptive
    /// drivers, which do not report steps). A bare kernel's cost per step, without frames, is
    /// `bench run spring/…-step`.
    var nsPerStep: Double?
    var nsPerFrame: Double?
    /// Why the method could not run, if it could not (the row's numbers are then meaningless).
    var failure: String?

    /// `rk4`, `dopri54 (frame-locked)`, `gsl-rk4 ×2`.
    var label: String {
        var text = integrator
        if mode == .frameLocked { text += " (frame-locked)" }
        if mode == .fixedStep && substeps > 1 { text += " ×\(substeps)" }
        return text
    }
}

/// One point of the work-precision view: a method at one step size or tolerance.
struct WorkPrecisionPoint: Sendable {
    var spring: String
    var hz: Double
    var method: String
    /// `h = 1/480 s` (substeps 8) or `tol 1e-7`.
    var setting: String
    /// Right-hand-side evaluations per simulated second.
    var evaluationsPerSecond: Double
    /// Largest frame position error (points).
    var maxError: Double
}

/// The single-solve comparison of dopri54 with GSL's rkck and rkf45 (issue 3's `spring/dopri54`
/// criterion): equal tolerance, and matched achieved error.
struct AdaptiveStudy: Sendable {
    struct Entry: Sendable {
        var solver: String
        var tolerance: Double
        var evaluations: Int
        /// Largest position error over the checkpoints (points); NaN when the solver failed.
        var maxError: Double
        /// Why the solver could not finish (then `evaluations` and `maxError` mean nothing).
        var failure: String? = nil
    }
    var spring: String
    var span: Double
    var checkpoints: Int
    /// dopri54, gsl-rkck, gsl-rkf45 at the same `rtol = atol`.
    var equalTolerance: [Entry]
    /// For each GSL solver: the loosest dopri54 tolerance (on a grid of 10^(1/8) steps) whose
    /// achieved error is at most that solver's achieved error at the common tolerance; `nil`
    /// when none on the grid does or a solver failed.
    var matched: [(gsl: Entry, dopri54: Entry?)]
    /// Why the counts come out as they do: one step of both methods from the motion's start.
    var oneStep: OneStepConstants?
}

/// One step of `h` (with `ω₀h = 0.05`, where leading terms dominate) of dopri54 and of GSL's
/// rkck from the motion's start, against the closed form. On a linear spring each step is a
/// polynomial in `hA`, so these ratios are properties of the two tableaux (DP5 2.0× and 3.6×;
/// see the SpringSolver tests) and they decide the evaluation counts: at equal tolerance the
/// steps differ by `estimateRatio^(1/5)`, at matched error by `localErrorRatio^(1/5)`, against
/// 6 evaluations per dopri54 step and 7 per GSL rkck step.
struct OneStepConstants: Sendable {
    var step: Double
    /// dopri54's local error ÷ rkck's (largest component).
    var localErrorRatio: Double
    /// dopri54's embedded error estimate ÷ rkck's (largest component).
    var estimateRatio: Double
    /// How much longer rkck's steps are at equal tolerance (5th-order step control).
    var equalToleranceStepRatio: Double { pow(estimateRatio, 0.2) }
    /// How much longer rkck's steps are at matched global error.
    var matchedErrorStepRatio: Double { pow(localErrorRatio, 0.2) }

    /// `nil` when the motion starts at rest on its target (nothing to step) or a step fails.
    static func measure(_ motion: SpringMotion<Double>) -> OneStepConstants? {
        let h = 0.05 / motion.spring.naturalFrequency
        let exact = motion.state(at: h)
        func largest(_ values: [Double]) -> Double { values.map(abs).max() ?? .nan }
        do {
            var dopri = try DormandPrince54(
                system: SpringSystem<Double>(spring: motion.spring), time: 0, state: motion.initialState,
                options: DormandPrince54Options(relativeTolerance: 1, absoluteTolerance: 1, initialStep: h, maximumStep: h))
            try dopri.step()
            let driver = try GSLSpring(stepper: .rkck, spring: motion.spring, tolerance: 1).makeDriver()
            var t = 0.0
            var y = [motion.initialState.displacement, motion.initialState.velocity]
            try driver.step(t: &t, by: h, state: &y)
            let errors = (largest([dopri.state.displacement - exact.displacement, dopri.state.velocity - exact.velocity]),
                          largest([y[0] - exact.displacement, y[1] - exact.velocity]))
            let estimates = (largest([dopri.lastErrorEstimate.displacement, dopri.lastErrorEstimate.velocity]),
                             largest(driver.lastErrorEstimate))
            let constants = OneStepConstants(step: h, localErrorRatio: errors.0 / errors.1, estimateRatio: estimates.0 / estimates.1)
            guard dopri.time == h, constants.localErrorRatio.isFinite, constants.localErrorRatio > 0,
                  constants.estimateRatio.isFinite, constants.estimateRatio > 0 else { return nil }
            return constants
        } catch {
            return nil
        }
    }
}

/// Everything `bench integrators` reports.
struct IntegratorComparison: Sendable {
    var springs: [ComparedSpring]
    var durations: [Double]
    var rates: [Double]
    var substeps: [Int]
    var tolerance: Double
    var rows: [IntegratorRow]
    var workPrecision: [WorkPrecisionPoint]
    var studies: [AdaptiveStudy]
    /// Whether nsPerStep/nsPerFrame were measured (release builds only).
    var timed: Bool
    /// One per spring × rate, in that order.
    var recommendations: [IntegratorRecommendation]

    /// Every GSL reference that failed on these springs (a row, or the adaptive study's
    /// equal-tolerance solve), one line each: exit code 3. The springs passed validation, so
    /// the reference, not the input, failed.
    var referenceFailures: [String] {
        let rowFailures = rows.compactMap { row -> String? in
            guard row.integrator.hasPrefix("gsl-"), let failure = row.failure else { return nil }
            return "\(row.label) (\(row.mode.rawValue)) on \(row.spring) at \(row.hz.formatted) Hz: \(failure)"
        }
        let studyFailures = studies.flatMap { study in
            study.equalTolerance.compactMap { entry -> String? in
                guard entry.solver.hasPrefix("gsl-"), let failure = entry.failure else { return nil }
                return "\(entry.solver) (adaptive study) on \(study.spring): \(failure)"
            }
        }
        return rowFailures + studyFailures
    }
}

enum IntegratorComparisonRunner {
    /// The rest criteria every settle time uses (DESIGN §3).
    static let rest = RestCriteria.default
    /// `rtol = atol` of the adaptive rows.
    static let defaultTolerance = 1e-6
    /// A frame error below this is invisible (half a point: the rest distance).
    static let visibleError = 0.5
    static let workPrecisionSubsteps = [1, 2, 4, 8, 16, 32]
    static let workPrecisionTolerances = [1e-3, 1e-5, 1e-7, 1e-9, 1e-11]
    /// `rtol = atol` of the adaptive study.
    static let studyTolerance = 1e-9
    /// The dopri54 tolerances the study tries to match a GSL solver's error, loosest first:
    /// 100× to 1/1000× the study tolerance in steps of 10^(1/8).
    static func studyGrid(around tolerance: Double) -> [Double] {
        (0...40).map { tolerance * pow(10, 2 - Double($0) / 8) }
    }
    static var studyGrid: [Double] { studyGrid(around: studyTolerance) }
    /// Grid steps per decade.
    static let studyGridSubdivisions = 8
    /// The most grid tolerances the study solves: 6 decade points, then a bisection of one
    /// decade (3 solves) for each of the 2 GSL solvers.
    static var studyGridCount: Int { (studyGrid.count + studyGridSubdivisions - 1) / studyGridSubdivisions + 1 + 2 * 3 }

    /// The default simulated span of a motion: 1.5 × its exact settle time, at least 2 s (5
    /// periods if it never settles), at most 60 s.
    static func defaultDuration(for motion: SpringMotion<Double>) -> Double {
        let settle = motion.settleTime(rest)
        let wanted = settle.isFinite ? 1.5 * settle : 5 * motion.spring.period
        return min(60, max(2, wanted))
    }

    /// Runs the whole comparison.
    ///
    /// - Parameters:
    ///   - duration: the simulated span; `nil` picks ``defaultDuration(for:)`` per spring.
    ///   - measureTime: time the methods (meaningful only in a release build).
    /// - Complexity: O(springs × rates × substeps × methods × frames), plus the timing.
    static func run(springs: [ComparedSpring], rates: [Double], substeps: [Int], duration: Double?,
                    tolerance: Double = defaultTolerance, measureTime: Bool) throws -> IntegratorComparison {
        // A run with no frame has nothing to compare: it would read as stable with error 0.
        for spring in springs {
            let span = duration ?? defaultDuration(for: spring.motion)
            for hz in rates where frameCount(span: span, hz: hz) < 1 {
                throw CLIError.usage("a \(significant(span)) s span at \(hz.formatted) Hz has no frame: duration × rate must be at least 1")
            }
        }
        var rows: [IntegratorRow] = []
        var points: [WorkPrecisionPoint] = []
        var studies: [AdaptiveStudy] = []
        var recommendations: [IntegratorRecommendation] = []
        var durations: [Double] = []
        for spring in springs {
            let span = duration ?? defaultDuration(for: spring.motion)
            durations.append(span)
            for hz in rates {
                var group: [IntegratorRow] = []
                for count in substeps {
                    for kind in IntegratorKind.allCases where kind.isFixedStep {
                        group.append(try fixedRow(kind, spring: spring, hz: hz, substeps: count, span: span, measureTime: measureTime))
                    }
                    group.append(gslRK4Row(spring: spring, hz: hz, substeps: count, span: span, measureTime: measureTime))
                }
                for mode in [IntegrationMode.oneSolve, .frameLocked] {
                    group.append(dopriRow(spring: spring, hz: hz, span: span, tolerance: tolerance, mode: mode, measureTime: measureTime))
                    for stepper in [GSLStepper.rkf45, .rkck, .rk8pd] {
                        group.append(gslAdaptiveRow(stepper, spring: spring, hz: hz, span: span, tolerance: tolerance, mode: mode, measureTime: measureTime))
                    }
                }
                for stepper in [GSLStepper.bsimp, .msbdf] {
                    group.append(gslAdaptiveRow(stepper, spring: spring, hz: hz, span: span, tolerance: tolerance, mode: .oneSolve, measureTime: measureTime))
                }
                recommendations.append(IntegratorRecommendation(spring: spring.name, hz: hz, rows: group))
                rows += group
            }
            points += try workPrecision(spring: spring, hz: rates[0], span: span)
            studies.append(adaptiveStudy(spring: spring, span: span))
        }
        return IntegratorComparison(
            springs: springs, durations: durations, rates: rates, substeps: substeps, tolerance: tolerance,
            rows: rows, workPrecision: points, studies: studies, timed: measureTime, recommendations: recommendations)
    }

    // MARK: Work estimate

    /// The fastest rate of a spring's motion (1/s): `ω₀` when it oscillates, the fast decay
    /// rate `λ + μ` when overdamped. An explicit method's step must be about `1/ρ` or less,
    /// for accuracy or stability.
    static func fastestRate(of spring: DampedSpring) -> Double {
        spring.dampingRatio <= 1 ? spring.naturalFrequency : spring.decayRate + spring.frequencySpread
    }

    /// Estimated steps of one adaptive solve over `span` seconds at `tolerance`, stopping at
    /// `stops` frame times: a 4th/5th-order pair needs `h·ρ ≈ 4·tol^(1/5)` (measured: dopri54
    /// takes about 360 steps on the menu spring over 2 s at 1e-9, S·ρ·tol^(−1/5)/4 ≈ 450), and
    /// at least one step per stop.
    static func adaptiveSteps(span: Double, rate: Double, tolerance: Double, stops: Int) -> Double {
        Double(stops) + span * rate * pow(tolerance, -0.2) / 4
    }

    /// An estimate of the steps a whole ``run(springs:rates:substeps:duration:tolerance:measureTime:)``
    /// takes, every part of it counted: per spring and rate the fixed-step rows (7 methods plus
    /// gsl-rk4, whose step costs 3 RK4 steps) at each substep count, the 10 adaptive rows, and,
    /// when timed, the timing repeats of every row (whole runs, at least 5 more); the
    /// work-precision sweep at the first rate (3 methods × substeps 1…32, gsl-rk4 × 1…16,
    /// 4 adaptive solvers × 5 tolerances); the adaptive study (dopri54, rkck, rkf45 solved to 10
    /// checkpoints, i.e. 5.5 spans each, plus dopri54 at up to ``studyGridCount`` tolerances).
    ///
    /// - Complexity: O(springs × rates × substeps).
    static func estimatedSteps(springs: [DampedSpring], spans: [Double], rates: [Double], substeps: [Int],
                               tolerance: Double = defaultTolerance, measureTime: Bool) -> Double {
        let repeats = measureTime ? 6.0 : 1.0
        var total = 0.0
        for (spring, span) in zip(springs, spans) {
            let rate = fastestRate(of: spring)
            for hz in rates {
                let frames = frameCount(span: span, hz: hz)
                let framesD = Double(frames)
                for count in substeps {
                    // 7 methods and gsl-rk4 (3 RK4 steps per call), each run once, and again
                    // when timed.
                    total += framesD * Double(count) * (7 + 3) * repeats
                }
                // dopri54 and 3 GSL pairs, one-solve and frame-locked; bsimp and msbdf one-solve.
                total += 10 * repeats * adaptiveSteps(span: span, rate: rate, tolerance: tolerance, stops: frames)
            }
            guard let first = rates.first else { continue }
            let frames = frameCount(span: span, hz: first)
            let sweep = Double(workPrecisionSubsteps.reduce(0, +)), gslSweep = Double(workPrecisionSubsteps.prefix(5).reduce(0, +))
            total += Double(frames) * (3 * sweep + 3 * gslSweep)
            for tol in workPrecisionTolerances {
                total += 4 * adaptiveSteps(span: span, rate: rate, tolerance: tol, stops: frames)
            }
            let studySpan = 5.5 * span
            total += 3 * adaptiveSteps(span: studySpan, rate: rate, tolerance: studyTolerance, stops: 0)
            total += Double(studyGridCount) * adaptiveSteps(span: studySpan, rate: rate, tolerance: studyGrid.last ?? studyTolerance, stops: 0)
        }
        return total
    }

    // MARK: Frame metrics

    /// The metrics of a run from its frames, with the same definitions as ``SpringRun``.
    struct FrameMetrics {
        var maxError: Double
        var rmsError: Double
        var energyDrift: Double
        var settleTime: Double?
    }

    static func metrics(of frames: [SpringFrame<Double>], motion: SpringMotion<Double>, diverged: Bool) -> FrameMetrics {
        let spring = motion.spring
        let initialEnergy = spring.energy(of: motion.initialState)
        var worst = 0.0, squares = 0.0, drift = 0.0
        for frame in frames {
            let exact = motion.state(at: frame.time)
            let error = abs(frame.position - (motion.target + exact.displacement))
            worst = max(worst, error)
            squares += error * error
            if initialEnergy > 0 {
                let stepped = spring.energy(of: SpringState(displacement: frame.position - motion.target, velocity: frame.velocity))
                let relative = (stepped - spring.energy(of: exact)) / initialEnergy
                if abs(relative) > abs(drift) { drift = relative }
            }
        }
        func atRest(_ frame: SpringFrame<Double>) -> Bool {
            rest.isAtRest(SpringState(displacement: frame.position - motion.target, velocity: frame.velocity))
        }
        var settle: Double?
        if !diverged, let last = frames.last, atRest(last) {
            var first = frames.count - 1
            while first > 0 && atRest(frames[first - 1]) { first -= 1 }
            settle = frames[first].time
        }
        var rms = frames.isEmpty ? 0 : (squares / Double(frames.count)).squareRoot()
        if !rms.isFinite && worst.isFinite && worst > 0 {
            // Errors above ~1e154 pt: their squares overflow, so scale by the largest first.
            let scaled = frames.reduce(0.0) { sum, frame in
                let error = abs(frame.position - motion.position(at: frame.time)) / worst
                return sum + error * error
            }
            rms = worst * (scaled / Double(frames.count)).squareRoot()
        }
        return FrameMetrics(maxError: worst, rmsError: rms, energyDrift: drift, settleTime: settle)
    }

    static func frameCount(span: Double, hz: Double) -> Int {
        Int((span * hz * (1 + 1e-12)).rounded(.down))
    }

    // MARK: SpringSolver's methods

    /// Force evaluations per step of a fixed-step method, as the code runs them. Velocity
    /// Verlet evaluates two: `a₀ = a(x, v)` at the start, and `a₁`'s spring force `−ω²x₁`
    /// (its damping term solved implicitly). The integrators are memoryless (`advance` maps
    /// a state to a state), so `a₁` is not carried into the next step as its `a₀` (no "first
    /// same as last"): the next step recomputes it. Euler's and the implicit methods' steps
    /// (whose linear solve is precomputed) cost one evaluation's worth; `exact` is a matrix
    /// product and evaluates nothing.
    static func evaluationsPerStep(_ kind: IntegratorKind) -> Int {
        switch kind {
        case .rk4: 4
        case .velocityVerlet: 2
        case .exact, .dopri54: 0
        default: 1
        }
    }

    static func fixedRow(_ kind: IntegratorKind, spring: ComparedSpring, hz: Double, substeps: Int, span: Double,
                         measureTime: Bool) throws -> IntegratorRow {
        let motion = spring.motion
        let run = try SpringSimulation.run(motion, integrator: kind, frameRate: hz, substeps: substeps, duration: span, rest: rest)
        let metrics = metrics(of: run.frames, motion: motion, diverged: !run.isStable)
        let step = 1 / (hz * Double(substeps))
        let matrix = try kind.stepMatrix(spring: motion.spring, step: step)
        let effective = matrix.flatMap { resolvableEffectiveSpring($0, step: step) }
        var row = IntegratorRow(
            integrator: kind.rawValue, mode: .fixedStep, spring: spring.name, hz: hz, substeps: substeps, tolerance: nil,
            maxError: metrics.maxError, rmsError: metrics.rmsError, stable: run.isStable, divergedAt: run.divergence?.time,
            spectralRadius: matrix?.spectralRadius, effectiveDampingRatio: effective?.dampingRatio,
            effectiveFrequency: effective?.naturalFrequency, energyDrift: metrics.energyDrift, settleTime: metrics.settleTime,
            evaluationsPerFrame: Double(evaluationsPerStep(kind) * substeps),
            operationsPerFrame: kind.operationsPerStep.map { $0 * substeps })
        if !run.isStable { markDiverged(&row) }
        if measureTime {
            // The whole run, as every other row is timed (``IntegratorRow/nsPerFrame``).
            let ns = try IntegratorTiming.nanosecondsPerCall {
                _ = try SpringSimulation.run(motion, integrator: kind, frameRate: hz, substeps: substeps, duration: span, rest: rest)
            }
            let frames = Double(max(1, run.frames.count - 1))
            row.nsPerFrame = ns / frames
            row.nsPerStep = ns / (frames * Double(substeps))
        }
        return row
    }

    /// A diverged run has no error bound: its frames before the divergence say nothing about
    /// the frames it could not produce (a run that diverges on its first step has no frame but
    /// the initial one, with error 0). Reported as infinite (`null` in JSON).
    static func markDiverged(_ row: inout IntegratorRow) {
        row.maxError = .infinity
        row.rmsError = .infinity
        row.energyDrift = .infinity
        row.settleTime = nil
    }

    /// ``StateMatrix/effectiveSpring(step:)``, or `nil` when one eigenvalue is below the
    /// rounding of the other: a mode that decays by more than 10¹² in one step (a stiff
    /// overdamped spring's fast mode) leaves only rounding noise in the matrix, and the rate
    /// recovered from it would be noise too (the exact step of ζ = 100 reads back as ζ ≈ 9).
    static func resolvableEffectiveSpring(_ matrix: StateMatrix, step: Double) -> (dampingRatio: Double, naturalFrequency: Double)? {
        let (a, b) = matrix.eigenvalues
        guard min(a.magnitude, b.magnitude) > 1e-12 * max(a.magnitude, b.magnitude) else { return nil }
        return matrix.effectiveSpring(step: step)
    }

    static func dopriRow(spring: ComparedSpring, hz: Double, span: Double, tolerance: Double, mode: IntegrationMode,
                         measureTime: Bool) -> IntegratorRow {
        let motion = spring.motion
        var row = emptyRow("dopri54", mode: mode, spring: spring, hz: hz, tolerance: tolerance)
        do {
            let options = DormandPrince54Options(relativeTolerance: tolerance, absoluteTolerance: tolerance)
            let frames = frameCount(span: span, hz: hz)
            let body: () throws -> (frames: [SpringFrame<Double>], statistics: IntegrationStatistics)
            switch mode {
            case .oneSolve:
                body = {
                    let run = try SpringSimulation.run(motion, integrator: .dopri54, frameRate: hz, duration: span, adaptiveOptions: options)
                    return (run.frames, run.statistics ?? IntegrationStatistics())
                }
            default:
                // The same first-step rule as GSL's fresh driver each frame.
                var locked = options
                locked.initialStep = GSLSpring.initialStep
                body = { try dopriFrameLocked(motion: motion, hz: hz, frames: frames, options: locked) }
            }
            let result = try body()
            fill(&row, frames: result.frames, motion: motion, evaluations: result.statistics.rhsEvaluations)
            if measureTime {
                let ns = try IntegratorTiming.nanosecondsPerCall { _ = try body() }
                let steps = max(1, result.statistics.acceptedSteps + result.statistics.rejectedSteps)
                row.nsPerFrame = ns / Double(max(1, result.frames.count - 1))
                row.nsPerStep = ns / Double(steps)
            }
        } catch {
            row.failure = "\(error)"
        }
        return row
    }

    static func dopriFrameLocked(motion: SpringMotion<Double>, hz: Double, frames count: Int,
                                 options: DormandPrince54Options) throws -> (frames: [SpringFrame<Double>], statistics: IntegrationStatistics) {
        let system = SpringSystem<Double>(spring: motion.spring)
        var state = motion.initialState
        var frames = [SpringFrame(index: 0, time: 0, position: motion.initialPosition, velocity: motion.initialVelocity)]
        frames.reserveCapacity(count + 1)
        var total = IntegrationStatistics()
        for index in 1...max(1, count) where index <= count {
            let start = Double(index - 1) / hz, end = Double(index) / hz
            var solver = try DormandPrince54(system: system, time: start, state: state, options: options)
            state = try solver.integrate(to: end)
            total.rhsEvaluations += solver.statistics.rhsEvaluations
            total.acceptedSteps += solver.statistics.acceptedSteps
            total.rejectedSteps += solver.statistics.rejectedSteps
            frames.append(SpringFrame(index: index, time: end, position: motion.target + state.displacement, velocity: state.velocity))
        }
        return (frames, total)
    }

    static func emptyRow(_ name: String, mode: IntegrationMode, spring: ComparedSpring, hz: Double, substeps: Int = 1,
                         tolerance: Double?) -> IntegratorRow {
        IntegratorRow(integrator: name, mode: mode, spring: spring.name, hz: hz, substeps: substeps, tolerance: tolerance,
                      maxError: .nan, rmsError: .nan, stable: false, energyDrift: .nan)
    }

    static func fill(_ row: inout IntegratorRow, frames: [SpringFrame<Double>], motion: SpringMotion<Double>, evaluations: Int) {
        let metrics = metrics(of: frames, motion: motion, diverged: false)
        row.maxError = metrics.maxError
        row.rmsError = metrics.rmsError
        row.energyDrift = metrics.energyDrift
        row.settleTime = metrics.settleTime
        row.stable = frames.allSatisfy { $0.position.isFinite && $0.velocity.isFinite }
        row.evaluationsPerFrame = Double(evaluations) / Double(max(1, frames.count - 1))
    }

    // MARK: GSL

    static func gslRK4Row(spring: ComparedSpring, hz: Double, substeps: Int, span: Double, measureTime: Bool) -> IntegratorRow {
        let motion = spring.motion
        var row = emptyRow("gsl-rk4", mode: .fixedStep, spring: spring, hz: hz, substeps: substeps, tolerance: nil)
        do {
            let step = 1 / (hz * Double(substeps))
            let integrator = try GSLSpring(stepper: .rk4, spring: motion.spring, tolerance: 1e-6)
            let result = try integrator.fixedFrames(motion: motion, hz: hz, substeps: substeps, frames: frameCount(span: span, hz: hz))
            fill(&row, frames: result.frames, motion: motion, evaluations: result.evaluations)
            row.stable = result.divergedAt == nil
            row.divergedAt = result.divergedAt
            if !row.stable { markDiverged(&row) }
            let matrix = try integrator.stepMatrix(step: step)
            row.spectralRadius = matrix.spectralRadius
            if let effective = resolvableEffectiveSpring(matrix, step: step) {
                row.effectiveDampingRatio = effective.dampingRatio
                row.effectiveFrequency = effective.naturalFrequency
            }
            if measureTime {
                let ns = try IntegratorTiming.nanosecondsPerCall {
                    _ = try integrator.fixedFrames(motion: motion, hz: hz, substeps: substeps, frames: frameCount(span: span, hz: hz))
                }
                let calls = Double(max(1, result.frames.count - 1) * substeps)
                row.nsPerStep = ns / calls
                row.nsPerFrame = ns / Double(max(1, result.frames.count - 1))
            }
        } catch {
            row.failure = "\(error)"
        }
        return row
    }

    static func gslAdaptiveRow(_ stepper: GSLStepper, spring: ComparedSpring, hz: Double, span: Double, tolerance: Double,
                               mode: IntegrationMode, measureTime: Bool) -> IntegratorRow {
        let motion = spring.motion
        var row = emptyRow("gsl-\(stepper.rawValue)", mode: mode, spring: spring, hz: hz, tolerance: tolerance)
        do {
            let integrator = try GSLSpring(stepper: stepper, spring: motion.spring, tolerance: tolerance)
            let count = frameCount(span: span, hz: hz)
            let result = try integrator.adaptiveFrames(motion: motion, hz: hz, frames: count, restartEveryFrame: mode == .frameLocked)
            fill(&row, frames: result.frames, motion: motion, evaluations: result.evaluations)
            if measureTime {
                let ns = try IntegratorTiming.nanosecondsPerCall {
                    _ = try integrator.adaptiveFrames(motion: motion, hz: hz, frames: count, restartEveryFrame: mode == .frameLocked)
                }
                row.nsPerFrame = ns / Double(max(1, result.frames.count - 1))
            }
        } catch {
            row.failure = "\(error)"
        }
        return row
    }

    // MARK: Work-precision

    /// Error against cost for the methods with a cost in evaluations: fixed-step methods over
    /// substeps 1…32 at `hz`, adaptive ones over tolerances 1e-3…1e-11 (one solve, frames at
    /// `hz`).
    static func workPrecision(spring: ComparedSpring, hz: Double, span: Double) throws -> [WorkPrecisionPoint] {
        let motion = spring.motion
        let count = frameCount(span: span, hz: hz)
        let seconds = Double(count) / hz
        guard seconds > 0 else { return [] }
        var points: [WorkPrecisionPoint] = []
        func add(_ method: String, _ setting: String, evaluations: Double, error: Double) {
            guard error.isFinite else { return }
            points.append(WorkPrecisionPoint(spring: spring.name, hz: hz, method: method, setting: setting,
                                             evaluationsPerSecond: evaluations / seconds, maxError: error))
        }
        for kind in [IntegratorKind.semiImplicitEuler, .velocityVerlet, .rk4] {
            for substeps in workPrecisionSubsteps {
                let run = try SpringSimulation.run(motion, integrator: kind, frameRate: hz, substeps: substeps, duration: span, rest: rest)
                guard run.isStable else { continue }
                add(kind.rawValue, "h = 1/\((hz * Double(substeps)).formatted) s",
                    evaluations: Double(evaluationsPerStep(kind) * substeps * count), error: run.maxError)
            }
        }
        for substeps in workPrecisionSubsteps.prefix(5) {
            let integrator = try GSLSpring(stepper: .rk4, spring: motion.spring, tolerance: 1e-6)
            if let result = try? integrator.fixedFrames(motion: motion, hz: hz, substeps: substeps, frames: count), result.divergedAt == nil {
                add("gsl-rk4", "h = 1/\((hz * Double(substeps)).formatted) s", evaluations: Double(result.evaluations),
                    error: metrics(of: result.frames, motion: motion, diverged: false).maxError)
            }
        }
        for tolerance in workPrecisionTolerances {
            let options = DormandPrince54Options(relativeTolerance: tolerance, absoluteTolerance: tolerance)
            if let run = try? SpringSimulation.run(motion, integrator: .dopri54, frameRate: hz, duration: span, adaptiveOptions: options) {
                add("dopri54", "tol \(significant(tolerance, 1))", evaluations: Double(run.statistics?.rhsEvaluations ?? 0), error: run.maxError)
            }
            for stepper in [GSLStepper.rkf45, .rkck, .rk8pd] {
                guard let integrator = try? GSLSpring(stepper: stepper, spring: motion.spring, tolerance: tolerance),
                      let result = try? integrator.adaptiveFrames(motion: motion, hz: hz, frames: count, restartEveryFrame: false) else { continue }
                add("gsl-\(stepper.rawValue)", "tol \(significant(tolerance, 1))", evaluations: Double(result.evaluations),
                    error: metrics(of: result.frames, motion: motion, diverged: false).maxError)
            }
        }
        return points
    }

    // MARK: dopri54 against rkck and rkf45, one solve

    /// dopri54, GSL rkck and rkf45 over `span` in one solve each (no frames), at
    /// `rtol = atol = tolerance`: evaluations of the solve to `span`, and the achieved error as
    /// the largest position error at `checkpoints` evenly spaced end times (each a separate
    /// solve from 0, so no solver's steps are changed by stopping to sample). Then, for each GSL
    /// solver, the loosest dopri54 tolerance on the 10^(1/8) grid (``studyGrid(around:)``)
    /// that achieves at most its error.
    ///
    /// A solver that fails (step cap, step-size underflow on a very stiff spring) gives an entry
    /// with its ``AdaptiveStudy/Entry/failure``; the rest of the study goes on.
    ///
    /// The grid is searched a decade at a time (loosest first), then bisected within the decade
    /// that first reaches the error, so at most ``studyGridCount`` tolerances are solved: this
    /// assumes the achieved error grows with the tolerance, which holds on the grid up to
    /// rounding (a non-monotone blip could make the match slightly tighter than the loosest).
    ///
    /// - Complexity: O(``studyGridCount`` + 3) × `checkpoints` solves.
    static func adaptiveStudy(spring: ComparedSpring, span: Double, tolerance: Double = studyTolerance, checkpoints: Int = 10) -> AdaptiveStudy {
        let motion = spring.motion
        let ends = (1...checkpoints).map { span * Double($0) / Double(checkpoints) }
        func failed(_ solver: String, _ tol: Double, _ error: any Error) -> AdaptiveStudy.Entry {
            .init(solver: solver, tolerance: tol, evaluations: 0, maxError: .nan, failure: "\(error)")
        }
        func dopri(_ tol: Double) -> AdaptiveStudy.Entry {
            let options = DormandPrince54Options(relativeTolerance: tol, absoluteTolerance: tol)
            var worst = 0.0, evaluations = 0
            do {
                for end in ends {
                    var solver = try DormandPrince54(system: SpringSystem<Double>(spring: motion.spring), time: 0,
                                                     state: motion.initialState, options: options)
                    let state = try solver.integrate(to: end)
                    worst = max(worst, abs(state.displacement - motion.state(at: end).displacement))
                    if end == ends.last { evaluations = solver.statistics.rhsEvaluations }
                }
            } catch {
                return failed("dopri54", tol, error)
            }
            return .init(solver: "dopri54", tolerance: tol, evaluations: evaluations, maxError: worst)
        }
        func gsl(_ stepper: GSLStepper) -> AdaptiveStudy.Entry {
            var worst = 0.0, evaluations = 0
            do {
                for end in ends {
                    let integrator = try GSLSpring(stepper: stepper, spring: motion.spring, tolerance: tolerance)
                    let (state, count) = try integrator.solve(motion: motion, to: end)
                    worst = max(worst, abs(state.displacement - motion.state(at: end).displacement))
                    if end == ends.last { evaluations = count }
                }
            } catch {
                return failed("gsl-\(stepper.rawValue)", tolerance, error)
            }
            return .init(solver: "gsl-\(stepper.rawValue)", tolerance: tolerance, evaluations: evaluations, maxError: worst)
        }
        let base = dopri(tolerance)
        let references = [gsl(.rkck), gsl(.rkf45)]
        let grid = studyGrid(around: tolerance)
        var cache: [Int: AdaptiveStudy.Entry] = [:]
        func entry(_ index: Int) -> AdaptiveStudy.Entry {
            if let known = cache[index] { return known }
            let solved = dopri(grid[index])
            cache[index] = solved
            return solved
        }
        var matched: [(gsl: AdaptiveStudy.Entry, dopri54: AdaptiveStudy.Entry?)] = []
        for reference in references {
            guard reference.failure == nil, base.failure == nil else {
                matched.append((reference, nil))
                continue
            }
            func reaches(_ index: Int) -> Bool {
                let e = entry(index)
                return e.failure == nil && e.maxError <= reference.maxError
            }
            // A decade at a time, loosest first; stop at a failure (tighter ones fail too).
            var coarse = Array(stride(from: 0, to: grid.count, by: studyGridSubdivisions))
            if coarse.last != grid.count - 1 { coarse.append(grid.count - 1) }
            var missed = -1, hit: Int?
            for index in coarse {
                if reaches(index) { hit = index; break }
                if entry(index).failure != nil { break }
                missed = index
            }
            guard var high = hit else {
                matched.append((reference, nil))
                continue
            }
            var low = missed
            while high - low > 1 {
                let middle = (low + high) / 2
                if reaches(middle) { high = middle } else { low = middle }
            }
            matched.append((reference, entry(high)))
        }
        return AdaptiveStudy(spring: spring.name, span: span, checkpoints: checkpoints,
                             equalTolerance: [base] + references, matched: matched,
                             oneStep: OneStepConstants.measure(motion))
    }
}
