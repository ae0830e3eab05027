import GSLReference
import SpringSolver

extension IntegratorComparisonRunner {
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
        let run = try SpringSimulation.run(motion, integrator: kind, frameRate: hz, substeps: substeps, duration: span, rest: motion.restCriteria)
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
                _ = try SpringSimulation.run(motion, integrator: kind, frameRate: hz, substeps: substeps, duration: span, rest: motion.restCriteria)
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
}
