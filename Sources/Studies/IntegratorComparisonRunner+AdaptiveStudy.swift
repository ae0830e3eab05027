import Foundation
import GSLReference
import SpringSolver

extension IntegratorComparisonRunner {
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
    public static func adaptiveStudy(spring: ComparedSpring, span: Double, tolerance: Double = studyTolerance, checkpoints: Int = 10) -> AdaptiveStudy {
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
