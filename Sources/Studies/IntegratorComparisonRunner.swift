import Foundation
import GSLReference
import SpringSolver

/// The integrator comparison's constants and steps: ``IntegratorComparison/run(springs:configuration:)``
/// calls it; a command line asks it for the defaults and the work estimate before running.
public enum IntegratorComparisonRunner {
    /// The cap of the rest criteria every settle time uses (docs/design.md §1): 0.5 pt and
    /// 31.25 pt/s. Each motion is judged by its move's criteria, `motion.restCriteria`
    /// (`min(0.5 pt, 0.5 % of the distance)` and 62.5 /s times that).
    public static let rest = RestCriteria.default
    /// `rtol = atol` of the adaptive rows.
    public static let defaultTolerance = 1e-6
    /// A frame error below this is invisible (half a point: the rest distance); the
    /// recommendation's bound.
    public static let visibleError = 0.5
    static let workPrecisionSubsteps = [1, 2, 4, 8, 16, 32]
    static let workPrecisionTolerances = [1e-3, 1e-5, 1e-7, 1e-9, 1e-11]
    /// `rtol = atol` of the adaptive study.
    public static let studyTolerance = 1e-9
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
    ///
    /// - Complexity: O(1) (the closed-form settle time).
    public static func defaultDuration(for motion: SpringMotion<Double>) -> Double {
        let settle = motion.settleTime()
        let wanted = settle.isFinite ? 1.5 * settle : 5 * motion.spring.period
        return min(60, max(2, wanted))
    }

    /// Runs the whole comparison (``IntegratorComparison/run(springs:configuration:)``).
    ///
    /// - Complexity: O(springs × rates × substeps × methods × frames), plus the timing.
    static func run(springs: [ComparedSpring], configuration: IntegratorComparison.Configuration) throws -> IntegratorComparison {
        let rates = configuration.rates, substeps = configuration.substeps, duration = configuration.duration
        let tolerance = configuration.tolerance, measureTime = configuration.measuresTime
        // A run with no frame has nothing to compare: it would read as stable with error 0.
        for spring in springs {
            let span = duration ?? defaultDuration(for: spring.motion)
            for hz in rates where frameCount(span: span, hz: hz) < 1 {
                throw StudiesError.noFrame(span: span, rate: hz)
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
            motion.restCriteria.isAtRest(SpringState(displacement: frame.position - motion.target, velocity: frame.velocity))
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

    /// The frames after the first in `span` seconds at `hz`: ⌊span · hz · (1 + 10⁻¹²)⌋, the
    /// margin keeping a product like 0.5 × 60 from rounding down to 29.
    ///
    /// Saturating: a span × rate beyond `Int.max` frames (1e308 s at 60 Hz overflows to +∞) is
    /// `Int.max`, and a negative or NaN product is 0, so no finite input traps.
    public static func frameCount(span: Double, hz: Double) -> Int {
        let frames = (span * hz * (1 + 1e-12)).rounded(.down)
        guard frames >= 0 else { return 0 }
        return frames < Double(Int.max) ? Int(frames) : .max
    }
}
