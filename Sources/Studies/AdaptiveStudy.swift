import Foundation
import GSLReference
import SpringSolver

/// The single-solve comparison of dopri54 with GSL's rkck and rkf45 (issue 3's `spring/dopri54`
/// criterion): equal tolerance, and matched achieved error.
public struct AdaptiveStudy: Sendable {
    /// One solver at one tolerance.
    public struct Entry: Sendable {
        /// `dopri54`, `gsl-rkck` or `gsl-rkf45`.
        public var solver: String
        /// `rtol = atol` of the solve.
        public var tolerance: Double
        /// Right-hand-side evaluations of the solve over the whole span.
        public var evaluations: Int
        /// Largest position error over the checkpoints (points); NaN when the solver failed.
        public var maxError: Double
        /// Why the solver could not finish (then `evaluations` and `maxError` mean nothing).
        public var failure: String? = nil
    }
    /// The ``ComparedSpring/name``.
    public var spring: String
    /// The solved span (s).
    public var span: Double
    /// The end times the error is measured at (evenly spaced, each a separate solve).
    public var checkpoints: Int
    /// dopri54, gsl-rkck, gsl-rkf45 at the same `rtol = atol`.
    public var equalTolerance: [Entry]
    /// For each GSL solver: the loosest dopri54 tolerance (on a grid of 10^(1/8) steps) whose
    /// achieved error is at most that solver's achieved error at the common tolerance; `nil`
    /// when none on the grid does or a solver failed.
    public var matched: [(gsl: Entry, dopri54: Entry?)]
    /// Why the counts come out as they do: one step of both methods from the motion's start.
    public var oneStep: OneStepConstants?
}

/// One step of `h` (with `ω₀h = 0.05`, where leading terms dominate) of dopri54 and of GSL's
/// rkck from the motion's start, against the closed form. On a linear spring each step is a
/// polynomial in `hA`, so these ratios are properties of the two tableaux (DP5 2.0× and 3.6×;
/// see the SpringSolver tests) and they decide the evaluation counts: at equal tolerance the
/// steps differ by `estimateRatio^(1/5)`, at matched error by `localErrorRatio^(1/5)`, against
/// 6 evaluations per dopri54 step and 7 per GSL rkck step.
public struct OneStepConstants: Sendable {
    /// The step `h` (s), with `ω₀h = 0.05`.
    public var step: Double
    /// dopri54's local error ÷ rkck's (largest component).
    public var localErrorRatio: Double
    /// dopri54's embedded error estimate ÷ rkck's (largest component).
    public var estimateRatio: Double
    /// How much longer rkck's steps are at equal tolerance (5th-order step control).
    public var equalToleranceStepRatio: Double { pow(estimateRatio, 0.2) }
    /// How much longer rkck's steps are at matched global error.
    public var matchedErrorStepRatio: Double { pow(localErrorRatio, 0.2) }
    /// Right-hand-side evaluations per accepted dopri54 step (7 stages, first same as last).
    public static let dopri54EvaluationsPerStep = 6
    /// Right-hand-side evaluations per step of GSL's rkck driver (6 stages and one more for
    /// the next step's derivative: GSL does not reuse it).
    public static let rkckEvaluationsPerStep = 7
    /// The evaluation count dopri54 should need, as a multiple of rkck's, at equal tolerance:
    /// ``equalToleranceStepRatio`` × 6 / 7.
    public var equalToleranceEvaluationRatio: Double {
        equalToleranceStepRatio * Double(Self.dopri54EvaluationsPerStep) / Double(Self.rkckEvaluationsPerStep)
    }
    /// The same at matched error: ``matchedErrorStepRatio`` × 6 / 7.
    public var matchedErrorEvaluationRatio: Double {
        matchedErrorStepRatio * Double(Self.dopri54EvaluationsPerStep) / Double(Self.rkckEvaluationsPerStep)
    }

    /// `nil` when the motion starts at rest on its target (nothing to step) or a step fails.
    public static func measure(_ motion: SpringMotion<Double>) -> OneStepConstants? {
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
