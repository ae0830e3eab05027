import BenchKit
import Foundation
import GSLReference
import SpringSolver

/// The integrators on a nonlinear system against GSL (`bench integrators --system NAME`,
/// issue 24.4): every fixed-step method at each rate, `dopri54` and GSL's `rkck` over a
/// tolerance sweep, a work–precision sweep, and the two adaptive pairs at matched error.
///
/// Every error is against a GSL reference at rtol = atol = 1e-12 (``StudiedSystem/reference``:
/// `rk8pd`, or `msbdf` for the stiff chain), sampled at the frame times, which is itself checked
/// against a second solve (`rk8pd` at 1e-13, or `rk8pd` at 1e-12 for the chain):
/// ``referenceSpread``.
public struct NonlinearStudy: Sendable {
    public struct Configuration: Sendable {
        /// The rates of the fixed-step table (Hz).
        public var rates: [Double]
        /// The rates of the fixed-step work–precision sweep (Hz).
        public var sweepRates: [Double]
        /// The `rtol = atol` sweep of the adaptive methods.
        public var tolerances: [Double]
        /// The frame rate the adaptive solves stop at and are measured at (Hz).
        public var adaptiveRate: Double
        /// Time the fixed-step runs (information only; off in debug builds and tests).
        public var measuresTime: Bool

        public init(rates: [Double] = [60, 120, 240], sweepRates: [Double] = [30, 60, 120, 240, 480, 960, 1920],
                    tolerances: [Double] = [1e-3, 1e-4, 1e-5, 1e-6, 1e-7, 1e-8, 1e-9, 1e-10],
                    adaptiveRate: Double = 60, measuresTime: Bool = false) {
            self.rates = rates
            self.sweepRates = sweepRates
            self.tolerances = tolerances
            self.adaptiveRate = adaptiveRate
            self.measuresTime = measuresTime
        }
    }

    /// One method at one rate (fixed step) or one tolerance (adaptive).
    public struct Row: Sendable {
        /// `rk4`, `dopri54`, `gsl-rkck`, …
        public var method: String
        /// The frame rate (Hz); for a fixed-step method one step per frame.
        public var hz: Double
        /// `rtol = atol` of an adaptive method; `nil` for a fixed step.
        public var tolerance: Double?
        /// The largest position error over the frames (every component), in the system's unit;
        /// `nil` when the run diverged.
        public var maxError: Double?
        /// ``maxError`` ÷ the motion's size.
        public var relativeError: Double? { maxError.map { $0 / motionSize } }
        public var motionSize: Double
        /// The largest `|E − E_ref|` over the frames ÷ the reference's largest energy.
        public var energyError: Double?
        /// Right-hand-side evaluations (for the chain, of all 8 accelerations at once).
        public var evaluations: Int
        /// Steps taken (fixed step: frames).
        public var steps: Int
        /// Nanoseconds per step, when timed (information only).
        public var nanosecondsPerStep: Double?
        /// When the run left every bound (non-finite, or 10⁶ × the motion's size).
        public var divergedAt: Double?
        /// The error ratio on halving the step (this rate against twice it), as an order
        /// `log₂(e(h)/e(h/2))`; fixed-step rows of the table only.
        public var observedOrder: Double?
    }

    /// One point of the work–precision sweep.
    public struct Point: Sendable {
        public var method: String
        public var evaluationsPerSecond: Double
        public var maxError: Double
    }

    /// The evaluations `dopri54` and GSL's `rkck` need for the same error, interpolated on the
    /// sweep (log-log), and one step of each from the start against the reference.
    public struct Matched: Sendable {
        /// The error both are brought to (the system's unit).
        public var error: Double
        public var dopri54Evaluations: Double
        public var rkckEvaluations: Double
        /// dopri54 ÷ rkck.
        public var ratio: Double { dopri54Evaluations / rkckEvaluations }
        /// One step `h` from 16 points along the motion (``oneStep(_:)``): dopri54's local error
        /// ÷ rkck's and the estimates' ratio.
        public var step: Double
        public var localErrorRatio: Double
        public var estimateRatio: Double
        /// What the constants predict for the evaluation ratio at matched error:
        /// `localErrorRatio^(1/5) × 6/7` (OneStepConstants' rule).
        public var predictedRatio: Double {
            pow(localErrorRatio, 0.2) * Double(OneStepConstants.dopri54EvaluationsPerStep) / Double(OneStepConstants.rkckEvaluationsPerStep)
        }
    }

    public var system: String
    public var summary: String
    public var unit: String
    public var span: Double
    public var motionSize: Double
    /// `gsl-rk8pd 1e-12` or `gsl-msbdf 1e-12`, and what it is checked against.
    public var reference: String
    public var referenceCheck: String
    /// The largest difference between the reference and its check at the adaptive rate's frames,
    /// ÷ the motion's size.
    public var referenceSpread: Double
    /// The reference's evaluations over the span at the adaptive rate.
    public var referenceEvaluations: Int
    public var fixed: [Row]
    public var adaptive: [Row]
    public var workPrecision: [Point]
    public var matched: Matched?

    /// Runs the study on one system by name.
    public static func run(_ name: NonlinearSystemName, configuration: Configuration = .init()) throws -> NonlinearStudy {
        switch name {
        case .dragSpring: return try run(StudiedDragSpring(), configuration: configuration)
        case .pendulum: return try run(StudiedPendulum(), configuration: configuration)
        case .duffing: return try run(StudiedDuffing(), configuration: configuration)
        case .chain: return try run(StudiedChain(), configuration: configuration)
        }
    }

    /// The frame times `0, 1/hz, …` up to the span.
    static func times(span: Double, hz: Double) -> [Double] {
        let count = Int((span * hz + 1e-9).rounded(.down))
        return (0...count).map { Double($0) / hz }
    }

    /// Runs the study on one system.
    public static func run<S: StudiedSystem>(_ system: S, configuration: Configuration = .init()) throws -> NonlinearStudy {
        let referenceSolver = GSLSystem(system: system, stepper: system.reference.stepper, tolerance: 1e-12)
        let checkTolerance = system.reference.check == system.reference.stepper ? 1e-13 : 1e-12
        let checkSolver = GSLSystem(system: system, stepper: system.reference.check, tolerance: checkTolerance)
        var references: [Double: [SpringState<S.Vector>]] = [:]
        func reference(_ hz: Double) throws -> [SpringState<S.Vector>] {
            if let cached = references[hz] { return cached }
            let states = try referenceSolver.states(at: times(span: system.span, hz: hz), from: system.initialState).states
            references[hz] = states
            return states
        }
        let adaptiveTimes = times(span: system.span, hz: configuration.adaptiveRate)
        let referenceRun = try referenceSolver.states(at: adaptiveTimes, from: system.initialState)
        references[configuration.adaptiveRate] = referenceRun.states
        let check = try checkSolver.states(at: adaptiveTimes, from: system.initialState).states
        let spread = zip(referenceRun.states, check).map { positionError($0.0, $0.1, system.dimension) }.max() ?? 0

        func measure(_ method: String, hz: Double, tolerance: Double?, states: [SpringState<S.Vector>], evaluations: Int,
                     steps: Int, nanoseconds: Double?, divergedAt: Double?) throws -> Row {
            let ref = try reference(hz)
            var row = Row(method: method, hz: hz, tolerance: tolerance, maxError: nil, motionSize: system.motionSize,
                          energyError: nil, evaluations: evaluations, steps: steps,
                          nanosecondsPerStep: nanoseconds.map { $0 / Double(max(steps, 1)) }, divergedAt: divergedAt)
            guard divergedAt == nil else { return row }
            let frameTimes = times(span: system.span, hz: hz)
            var largest = 0.0, energyDifference = 0.0, peakEnergy = 0.0
            for (index, state) in states.enumerated() {
                largest = max(largest, positionError(state, ref[index], system.dimension))
                let referenceEnergy = system.energy(at: frameTimes[index], of: ref[index])
                peakEnergy = max(peakEnergy, abs(referenceEnergy))
                energyDifference = max(energyDifference, abs(system.energy(at: frameTimes[index], of: state) - referenceEnergy))
            }
            row.maxError = largest
            row.energyError = peakEnergy > 0 ? energyDifference / peakEnergy : nil
            return row
        }

        func fixedRow(_ kind: IntegratorKind, hz: Double) throws -> Row {
            let run = try fixedRun(system, kind: kind, hz: hz, measuresTime: configuration.measuresTime)
            return try measure(kind.rawValue, hz: hz, tolerance: nil, states: run.states, evaluations: run.evaluations,
                               steps: run.steps, nanoseconds: run.nanoseconds, divergedAt: run.divergedAt)
        }

        var fixed: [Row] = []
        var sweep: [String: [Double: Row]] = [:]
        for kind in SystemStepper<S>.kinds {
            for hz in configuration.rates {
                var row = try fixedRow(kind, hz: hz)
                let halved = try fixedRow(kind, hz: 2 * hz)
                if let coarse = row.maxError, let fine = halved.maxError, coarse > 0, fine > 0 {
                    row.observedOrder = log2(coarse / fine)
                }
                fixed.append(row)
            }
            for hz in configuration.sweepRates { sweep[kind.rawValue, default: [:]][hz] = try fixedRow(kind, hz: hz) }
        }

        var adaptive: [Row] = []
        for tolerance in configuration.tolerances {
            let dopri = try dopri54Run(system, tolerance: tolerance, times: adaptiveTimes)
            adaptive.append(try measure("dopri54", hz: configuration.adaptiveRate, tolerance: tolerance, states: dopri.states,
                                        evaluations: dopri.evaluations, steps: dopri.steps, nanoseconds: nil, divergedAt: nil))
            let rkck = try GSLSystem(system: system, stepper: .rkck, tolerance: tolerance).states(at: adaptiveTimes, from: system.initialState)
            adaptive.append(try measure("gsl-rkck", hz: configuration.adaptiveRate, tolerance: tolerance, states: rkck.states,
                                        evaluations: rkck.evaluations, steps: 0, nanoseconds: nil, divergedAt: nil))
        }

        var points: [Point] = []
        for kind in SystemStepper<S>.kinds {
            for hz in configuration.sweepRates {
                guard let row = sweep[kind.rawValue]?[hz], let error = row.maxError, error > 0 else { continue }
                points.append(Point(method: kind.rawValue, evaluationsPerSecond: Double(row.evaluations) / system.span, maxError: error))
            }
        }
        for row in adaptive {
            guard let error = row.maxError, error > 0 else { continue }
            points.append(Point(method: row.method, evaluationsPerSecond: Double(row.evaluations) / system.span, maxError: error))
        }

        return NonlinearStudy(
            system: system.name, summary: system.summary, unit: system.unit, span: system.span, motionSize: system.motionSize,
            reference: "gsl-\(system.reference.stepper.rawValue) 1e-12",
            referenceCheck: "gsl-\(system.reference.check.rawValue) \(checkTolerance == 1e-13 ? "1e-13" : "1e-12")",
            referenceSpread: spread / system.motionSize, referenceEvaluations: referenceRun.evaluations,
            fixed: fixed, adaptive: adaptive, workPrecision: points,
            matched: matchedComparison(system, adaptive: adaptive))
    }

    /// The largest position difference over every component.
    static func positionError<V: SpringVector>(_ a: SpringState<V>, _ b: SpringState<V>, _ n: Int) -> Double {
        var largest = 0.0
        for i in 0..<n {
            let difference = abs(a.displacement.springComponent(i) - b.displacement.springComponent(i))
            largest = difference.isNaN ? .infinity : max(largest, difference)
        }
        return largest
    }

    /// A fixed-step run, one step per frame: the states at the frames, evaluations, and when it
    /// diverged (a non-finite position or one beyond 10⁶ × the motion's size).
    public static func fixedRun<S: StudiedSystem>(_ system: S, kind: IntegratorKind, hz: Double, measuresTime: Bool = false) throws
        -> (states: [SpringState<S.Vector>], evaluations: Int, steps: Int, nanoseconds: Double?, divergedAt: Double?) {
        let stepper = try SystemStepper(kind: kind, system: system, step: 1 / hz)
        let frameTimes = times(span: system.span, hz: hz)
        var state = system.initialState
        var states = [state]
        states.reserveCapacity(frameTimes.count)
        var evaluations = 0
        let bound = 1e6 * system.motionSize
        let clock = MonotonicClock()
        let started = clock.now()
        for index in 1..<frameTimes.count {
            evaluations += stepper.advance(&state, at: frameTimes[index - 1])
            for i in 0..<system.dimension {
                let value = state.displacement.springComponent(i)
                if !(abs(value) <= bound) || !state.velocity.springComponent(i).isFinite {
                    return (states, evaluations, index, nil, frameTimes[index])
                }
            }
            states.append(state)
        }
        let elapsed = measuresTime ? Double(clock.now() - started) : nil
        return (states, evaluations, frameTimes.count - 1, elapsed, nil)
    }

    /// dopri54 in one solve, landing on each frame time (as GSL's driver does, so the two pay
    /// the same for stopping).
    public static func dopri54Run<S: StudiedSystem>(_ system: S, tolerance: Double, times: [Double]) throws
        -> (states: [SpringState<S.Vector>], evaluations: Int, steps: Int) {
        var solver = try DormandPrince54(
            system: FirstOrderForm(system), time: 0, state: system.initialState,
            options: DormandPrince54Options(relativeTolerance: tolerance, absoluteTolerance: tolerance))
        var states: [SpringState<S.Vector>] = []
        for time in times {
            states.append(time > 0 ? try solver.integrate(to: time) : system.initialState)
        }
        return (states, solver.statistics.rhsEvaluations, solver.statistics.acceptedSteps + solver.statistics.rejectedSteps)
    }

    /// Interpolates `log(evaluations)` against `log(error)` between the sweep's points bracketing
    /// the target error, the geometric mean of both methods' errors at 1e-8 — a point both reach.
    static func matchedComparison<S: StudiedSystem>(_ system: S, adaptive: [Row]) -> Matched? {
        func curve(_ method: String) -> [(error: Double, evaluations: Double)] {
            adaptive.filter { $0.method == method }.compactMap { row in
                guard let error = row.maxError, error > 0 else { return nil }
                return (error, Double(row.evaluations))
            }
        }
        let dopri = curve("dopri54"), rkck = curve("gsl-rkck")
        func at(_ points: [(error: Double, evaluations: Double)], _ target: Double) -> Double? {
            let sorted = points.sorted { $0.error > $1.error }
            for (a, b) in zip(sorted, sorted.dropFirst()) where a.error >= target && target >= b.error {
                guard a.error > b.error else { return a.evaluations }
                let s = log(a.error / target) / log(a.error / b.error)
                return exp(log(a.evaluations) + s * log(b.evaluations / a.evaluations))
            }
            return nil
        }
        let errorsAt = adaptive.filter { $0.tolerance == 1e-8 }.compactMap(\.maxError).filter { $0 > 0 }
        guard errorsAt.count == 2 else { return nil }
        let target = (errorsAt[0] * errorsAt[1]).squareRoot()
        guard let d = at(dopri, target), let r = at(rkck, target) else { return nil }
        let constants = oneStep(system)
        return Matched(error: target, dopri54Evaluations: d, rkckEvaluations: r,
                       step: constants?.step ?? .nan, localErrorRatio: constants?.local ?? .nan, estimateRatio: constants?.estimate ?? .nan)
    }

    /// One step of `h = span/1000` of dopri54 and of GSL's rkck from each of 16 points of the
    /// reference trajectory (`t = (k + ½)·span/16`), against rk8pd at 1e-13 over the same step:
    /// the ratio of the summed local errors (largest component each) and of the summed error
    /// estimates. On a linear spring one step is a polynomial in `hA` and one point decides; on
    /// these systems the constants change along the motion, so they are pooled over it.
    static func oneStep<S: StudiedSystem>(_ system: S) -> (step: Double, local: Double, estimate: Double)? {
        let h = system.span / 1000
        let points = (0..<16).map { (Double($0) + 0.5) * system.span / 16 }
        do {
            let starts = try GSLSystem(system: system, stepper: system.reference.stepper, tolerance: 1e-12)
                .states(at: points, from: system.initialState).states
            var local = (0.0, 0.0), estimate = (0.0, 0.0)
            let gsl = GSLSystem(system: system, stepper: .rkck, tolerance: 1)
            for (t0, start) in zip(points, starts) {
                let exact = try GSLSystem(system: system, stepper: .rk8pd, tolerance: 1e-13)
                    .states(at: [t0 + h], from: start, startTime: t0).states[0]
                var dopri = try DormandPrince54(
                    system: FirstOrderForm(system), time: t0, state: start,
                    options: DormandPrince54Options(relativeTolerance: 1, absoluteTolerance: 1e300, initialStep: h, maximumStep: h))
                try dopri.step()
                guard abs(dopri.time - (t0 + h)) <= 1e-12 * (t0 + h) else { return nil }
                let driver = try gsl.makeDriver()
                var t = t0
                var y = gsl.flatten(start)
                try driver.step(t: &t, by: h, state: &y)
                let exactFlat = gsl.flatten(exact)
                local.0 += zip(gsl.flatten(dopri.state), exactFlat).map { abs($0 - $1) }.max() ?? .nan
                local.1 += zip(y, exactFlat).map { abs($0 - $1) }.max() ?? .nan
                estimate.0 += gsl.flatten(dopri.lastErrorEstimate).map(abs).max() ?? .nan
                estimate.1 += driver.lastErrorEstimate.map(abs).max() ?? .nan
            }
            let ratios = (local.0 / local.1, estimate.0 / estimate.1)
            guard ratios.0.isFinite, ratios.0 > 0, ratios.1.isFinite, ratios.1 > 0 else { return nil }
            return (h, ratios.0, ratios.1)
        } catch {
            return nil
        }
    }
}
