import Foundation
import GSLReference
import SpringSolver

extension IntegratorComparisonRunner {
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
    public static func estimatedSteps(springs: [DampedSpring], spans: [Double], rates: [Double], substeps: [Int],
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
        func add(_ method: String, _ setting: WorkPrecisionPoint.Setting, evaluations: Double, error: Double) {
            guard error.isFinite else { return }
            points.append(WorkPrecisionPoint(spring: spring.name, hz: hz, method: method, setting: setting,
                                             evaluationsPerSecond: evaluations / seconds, maxError: error))
        }
        for kind in [IntegratorKind.semiImplicitEuler, .velocityVerlet, .rk4] {
            for substeps in workPrecisionSubsteps {
                let run = try SpringSimulation.run(motion, integrator: kind, frameRate: hz, substeps: substeps, duration: span, rest: motion.restCriteria)
                guard run.isStable else { continue }
                add(kind.rawValue, .step(stepRate: hz * Double(substeps)),
                    evaluations: Double(evaluationsPerStep(kind) * substeps * count), error: run.maxError)
            }
        }
        for substeps in workPrecisionSubsteps.prefix(5) {
            let integrator = try GSLSpring(stepper: .rk4, spring: motion.spring, tolerance: 1e-6)
            if let result = try? integrator.fixedFrames(motion: motion, hz: hz, substeps: substeps, frames: count), result.divergedAt == nil {
                add("gsl-rk4", .step(stepRate: hz * Double(substeps)), evaluations: Double(result.evaluations),
                    error: metrics(of: result.frames, motion: motion, diverged: false).maxError)
            }
        }
        for tolerance in workPrecisionTolerances {
            let options = DormandPrince54Options(relativeTolerance: tolerance, absoluteTolerance: tolerance)
            if let run = try? SpringSimulation.run(motion, integrator: .dopri54, frameRate: hz, duration: span, adaptiveOptions: options) {
                add("dopri54", .tolerance(tolerance), evaluations: Double(run.statistics?.rhsEvaluations ?? 0), error: run.maxError)
            }
            for stepper in [GSLStepper.rkf45, .rkck, .rk8pd] {
                guard let integrator = try? GSLSpring(stepper: stepper, spring: motion.spring, tolerance: tolerance),
                      let result = try? integrator.adaptiveFrames(motion: motion, hz: hz, frames: count, restartEveryFrame: false) else { continue }
                add("gsl-\(stepper.rawValue)", .tolerance(tolerance), evaluations: Double(result.evaluations),
                    error: metrics(of: result.frames, motion: motion, diverged: false).maxError)
            }
        }
        return points
    }

}
