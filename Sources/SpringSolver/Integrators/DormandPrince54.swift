import Foundation

/// Tolerances and limits of ``DormandPrince54``.
public struct DormandPrince54Options: Sendable, Hashable {
    /// Relative tolerance (> 0). Default 1e-9.
    public var relativeTolerance: Double
    /// Absolute tolerance (≥ 0, and > 0 if the solution may cross zero). Default 1e-9.
    public var absoluteTolerance: Double
    /// The first trial step; `nil` chooses one from the problem (Hairer's `hinit`, one extra
    /// right-hand-side evaluation).
    public var initialStep: Double?
    /// The largest step. Default unlimited.
    public var maximumStep: Double
    /// The most steps (accepted + rejected) before giving up. Default 1,000,000.
    public var maximumSteps: Int
    /// The step-size safety factor in (0, 1): the controller aims below an error ratio of 1 by
    /// this margin (Hairer's default 0.9: steady-state ratio about 0.9^7.7 ≈ 0.44, rare
    /// rejections).
    public var safetyFactor: Double

    public init(relativeTolerance: Double = 1e-9, absoluteTolerance: Double = 1e-9, initialStep: Double? = nil,
                maximumStep: Double = .infinity, maximumSteps: Int = 1_000_000, safetyFactor: Double = 0.9) {
        self.safetyFactor = safetyFactor
        self.relativeTolerance = relativeTolerance
        self.absoluteTolerance = absoluteTolerance
        self.initialStep = initialStep
        self.maximumStep = maximumStep
        self.maximumSteps = maximumSteps
    }

    @usableFromInline
    func validated() throws -> DormandPrince54Options {
        _ = try Check.positive(relativeTolerance, "relative tolerance")
        _ = try Check.nonNegative(absoluteTolerance, "absolute tolerance")
        if let initialStep { _ = try Check.positive(initialStep, "initial step") }
        guard maximumStep > 0, !maximumStep.isNaN else {
            throw SpringError.invalidParameter(name: "maximum step", value: maximumStep, expected: "a positive number")
        }
        guard safetyFactor > 0, safetyFactor < 1 else {
            throw SpringError.invalidParameter(name: "safety factor", value: safetyFactor, expected: "a number between 0 and 1")
        }
        guard maximumSteps > 0 else {
            throw SpringError.invalidParameter(name: "maximum steps", value: Double(maximumSteps), expected: "a positive count")
        }
        return self
    }
}

/// Work counters of an adaptive integration.
public struct IntegrationStatistics: Sendable, Hashable {
    /// Right-hand-side evaluations (the cost measure compared with GSL's drivers).
    public var rhsEvaluations = 0
    public var acceptedSteps = 0
    public var rejectedSteps = 0
    public init() {}
}

/// The Dormand–Prince 5(4) embedded Runge–Kutta method with error control and dense output
/// (Dormand & Prince 1980; the step control, initial step and continuous extension of Hairer,
/// Nørsett & Wanner, *Solving ODEs I*, §II.4–II.6, as in their `DOPRI5` code).
///
/// - Seven stages, but the last is the derivative at the new point (FSAL: "first same as
///   last"), so an accepted step costs 6 right-hand-side evaluations; a rejected one 6 too.
/// - Advances with the 5th-order solution (local extrapolation); the 4th-order embedded
///   solution gives the error estimate `err = ‖h·Σ eᵢkᵢ‖`, an RMS norm weighted by
///   `atol + rtol·max(|y₀ᵢ|, |y₁ᵢ|)`; a step is accepted when `err ≤ 1`.
/// - PI step-size control (β = 0.04, safety 0.9, factor in [0.2, 10], no growth right after a
///   rejection).
/// - Dense output: a 4th-order continuous extension over each accepted step, free (no extra
///   evaluations), used by ``state(at:)`` to sample frames.
///
/// Cost on the menu's show spring over 2 s at rtol = atol = 1e-9 (measured in the tests):
/// about 2170 evaluations, against GSL's rkf45 ≈ 2560 and rkck ≈ 1890 in a single run. On a
/// linear spring every step is a polynomial in `hA`, and Cash–Karp's is the better one there:
/// its 5th-order solution errs half as much per step (`z⁶/7200` against `z⁶/3600`) and its
/// error estimate is 3.6× smaller, so rkck takes 1.29× longer steps at equal tolerance, which
/// outweighs the FSAL saving (6 evaluations per step against the 7 GSL's driver pays); at
/// matched error the two are within a few percent (the tests measure both constants on both
/// implementations). When frames are sampled, dense output costs nothing while GSL's driver
/// must stop on every frame, and dopri54 then uses fewer evaluations than both — at a somewhat
/// larger frame error than rkck's (the 4th-order interpolant adds its own: at 60 Hz, rtol 1e-9,
/// 2168 evaluations and 2.8e-8 pt against rkck's 2197 and 2.1e-8 pt).
///
/// ```swift
/// var solver = try DormandPrince54(system: SpringSystem<Double>(spring: spring),
///                                  time: 0, state: motion.initialState)
/// let end = try solver.integrate(to: 2)       // lands exactly on t = 2
/// solver.statistics.rhsEvaluations
/// ```
public struct DormandPrince54<System: FirstOrderSystem>: Sendable {
    public typealias State = System.State

    public let system: System
    public let options: DormandPrince54Options
    /// The end of the last accepted step.
    @inlinable public var time: Double { currentTime }
    /// The solution at ``time``.
    @inlinable public var state: State { currentState }
    /// The work so far.
    @inlinable public var statistics: IntegrationStatistics { counters }
    /// The embedded error estimate `h·Σ eᵢkᵢ` (5th- minus 4th-order solution) of the last trial
    /// step, accepted or rejected; zero before the first step. Unweighted: the step control
    /// divides it by `atol + rtol·max(|y₀ᵢ|, |y₁ᵢ|)`.
    @inlinable public var lastErrorEstimate: State { errorEstimateOfLastTrial }

    @usableFromInline var currentTime: Double
    @usableFromInline var currentState: State
    @usableFromInline var counters = IntegrationStatistics()
    @usableFromInline var errorEstimateOfLastTrial: State = .zero

    /// `f(time, state)`, reused as the next step's first stage (FSAL).
    @usableFromInline var derivative: State
    /// The step to try next.
    @usableFromInline var nextStep: Double
    /// `log` of the last accepted error ratio (≥ 1e-4), for the PI controller.
    @usableFromInline var logPreviousErrorRatio = log(1e-4)
    @usableFromInline var lastWasRejected = false
    /// The last accepted step `[stepStart, time]`: its start state and the stages the dense
    /// output needs (`k1, k3, k4, k5, k6, k7`), kept raw so a step nobody samples costs nothing.
    @usableFromInline var stepStart: Double
    @usableFromInline var stepStartState: State
    @usableFromInline var stages: (State, State, State, State, State, State)

    /// - Throws: ``SpringError/invalidParameter(name:value:expected:)`` for bad options, a
    ///   non-finite time or state.
    @inlinable
    public init(system: System, time: Double, state: State, options: DormandPrince54Options = .init()) throws {
        self.system = system
        self.options = try options.validated()
        currentTime = try Check.finite(time, "time")
        currentState = try Check.finite(state, "state")
        stepStart = time
        stepStartState = state
        stages = (.zero, .zero, .zero, .zero, .zero, .zero)
        derivative = system.derivative(at: time, of: state)
        counters.rhsEvaluations = 1
        nextStep = 0
        if let initialStep = options.initialStep {
            nextStep = min(initialStep, options.maximumStep)
        } else {
            nextStep = initialStepEstimate()
        }
    }

    // Dormand–Prince coefficients (Hairer, Nørsett & Wanner, Table II.5.2).
    @usableFromInline static var c2: Double { 1.0 / 5 }
    @usableFromInline static var c3: Double { 3.0 / 10 }
    @usableFromInline static var c4: Double { 4.0 / 5 }
    @usableFromInline static var c5: Double { 8.0 / 9 }

    /// Weighted RMS norm `√(Σ rᵢ²/n)` of `error`, `rᵢ = errorᵢ / scaleᵢ` with
    /// `scaleᵢ = atol + rtol·max(|aᵢ|, |bᵢ|)`.
    ///
    /// A zero scale (atol = 0 on a component that is 0 in both states) gives `rᵢ = 0` for a
    /// zero error (not 0/0 = NaN) and `∞` otherwise. When the plain sum of squares overflows
    /// (some `|rᵢ| > ~1e154`, a wild trial step on a stiff spring), it is recomputed scaled by
    /// the largest ratio, `max|r|·√(Σ(rᵢ/max|r|)²/n)`, so the norm is infinite only when a
    /// ratio is. The plain sum is kept otherwise: it is the cheaper one, on the hot path.
    @inlinable
    func errorNorm(_ error: State, _ a: State, _ b: State) -> Double {
        let count = error.springComponentCount
        var sum = 0.0
        for index in 0..<count {
            let ratio = errorRatio(error, a, b, index)
            sum += ratio * ratio
        }
        if sum.isFinite || sum.isNaN { return (sum / Double(count)).squareRoot() }
        var largest = 0.0
        for index in 0..<count { largest = max(largest, abs(errorRatio(error, a, b, index))) }
        guard largest.isFinite else { return .infinity }
        var scaled = 0.0
        for index in 0..<count {
            let ratio = errorRatio(error, a, b, index) / largest
            scaled += ratio * ratio
        }
        return largest * (scaled / Double(count)).squareRoot()
    }

    @inlinable
    func errorRatio(_ error: State, _ a: State, _ b: State, _ index: Int) -> Double {
        let scale = options.absoluteTolerance
            + options.relativeTolerance * max(abs(a.springComponent(index)), abs(b.springComponent(index)))
        let component = error.springComponent(index)
        if scale > 0 { return component / scale }
        return component == 0 ? 0 : (component.isNaN ? .nan : .infinity)
    }

    /// The smallest step allowed from `t` toward `limit`: `1e-14 × max(|t|, limit − t)`.
    /// Relative to the time (Hairer's DOPRI5 rule: below it `t + h` loses the step to rounding)
    /// and to the remaining span (a step below 1e-14 of it would need over 10¹⁴ steps), so
    /// a stiff spring over a span short enough for it is legal at any scale.
    @inlinable
    static func minimumStep(at t: Double, limit: Double) -> Double {
        1e-14 * (limit.isFinite ? max(abs(t), limit - t) : abs(t))
    }

    /// Hairer's `hinit`: a first step whose explicit-Euler error is about the tolerance.
    @inlinable
    mutating func initialStepEstimate() -> Double {
        let d0 = errorNorm(state, state, .zero)
        let d1 = errorNorm(derivative, state, .zero)
        var h0 = (d0 < 1e-10 || d1 < 1e-10) ? 1e-6 : 0.01 * d0 / d1
        // A zero scale (atol = 0 on a zero component) makes d1 infinite and h0 zero: start
        // from Hairer's default guess and let the step control find the step.
        if !(h0 > 0 && h0.isFinite) { h0 = 1e-6 }
        h0 = min(h0, options.maximumStep)
        let y1 = state + h0 * derivative
        let f1 = system.derivative(at: time + h0, of: y1)
        counters.rhsEvaluations += 1
        let d2 = errorNorm(f1 - derivative, state, .zero) / h0
        let largest = max(d1, d2)
        var h1 = largest <= 1e-15 ? max(1e-6, h0 * 1e-3) : pow(0.01 / largest, 1.0 / 5)
        if !(h1 > 0) { h1 = max(1e-6, h0 * 1e-3) }   // largest infinite (zero scale) or NaN
        return min(100 * h0, h1, options.maximumStep)
    }

    /// Takes one accepted step (retrying rejected ones), not past `limit`.
    ///
    /// - Throws: ``SpringError/integrationFailed(time:reason:)`` if the step size underflows,
    ///   the step cap is reached or the solution stops being finite.
    @inlinable
    public mutating func step(limit: Double = .infinity) throws {
        let y0 = currentState, k1 = derivative, t0 = currentTime
        while true {
            guard counters.acceptedSteps + counters.rejectedSteps < options.maximumSteps else {
                throw SpringError.integrationFailed(time: t0, reason: .stepLimit(options.maximumSteps))
            }
            var h = nextStep
            var landsOnLimit = false
            if t0 + h >= limit {
                h = limit - t0
                landsOnLimit = true
            }
            let floor = Self.minimumStep(at: t0, limit: limit)
            // A proposal below the floor that no rejection asked for (hinit's first guess, which
            // on a stiff spring can be 100× too small) is raised to it; the error control
            // then decides. Only a rejected step shrinking below the floor is an underflow.
            if h < floor && !landsOnLimit && !lastWasRejected { h = floor }
            guard h > 0, t0 + h > t0, h >= floor || landsOnLimit else {
                throw SpringError.integrationFailed(time: t0, reason: .stepUnderflow(step: h))
            }
            let f = system
            // The tableau as typed constants: with the literals inside the State expressions the
            // type checker searched every numeric overload (seconds per build); the optimizer
            // folds these the same.
            let a21: Double = 1.0 / 5
            let a31: Double = 3.0 / 40, a32: Double = 9.0 / 40
            let a41: Double = 44.0 / 45, a42: Double = 56.0 / 15, a43: Double = 32.0 / 9
            let a51: Double = 19372.0 / 6561, a52: Double = 25360.0 / 2187, a53: Double = 64448.0 / 6561
            let a54: Double = 212.0 / 729
            let a61: Double = 9017.0 / 3168, a62: Double = 355.0 / 33, a63: Double = 46732.0 / 5247
            let a64: Double = 49.0 / 176, a65: Double = 5103.0 / 18656
            let b1: Double = 35.0 / 384, b3: Double = 500.0 / 1113, b4: Double = 125.0 / 192
            let b5: Double = 2187.0 / 6784, b6: Double = 11.0 / 84
            let e1: Double = 71.0 / 57600, e3: Double = 71.0 / 16695, e4: Double = 71.0 / 1920
            let e5: Double = 17253.0 / 339200, e6: Double = 22.0 / 525, e7: Double = 1.0 / 40
            let y2: State = y0 + h * (a21 * k1)
            let k2: State = f.derivative(at: t0 + Self.c2 * h, of: y2)
            let s3: State = a31 * k1 + a32 * k2
            let y3: State = y0 + h * s3
            let k3: State = f.derivative(at: t0 + Self.c3 * h, of: y3)
            var s4: State = a41 * k1 - a42 * k2
            s4 = s4 + a43 * k3
            let y4: State = y0 + h * s4
            let k4: State = f.derivative(at: t0 + Self.c4 * h, of: y4)
            var s5: State = a51 * k1 - a52 * k2
            s5 = s5 + a53 * k3
            s5 = s5 - a54 * k4
            let y5: State = y0 + h * s5
            let k5: State = f.derivative(at: t0 + Self.c5 * h, of: y5)
            var s6: State = a61 * k1 - a62 * k2
            s6 = s6 + a63 * k3
            s6 = s6 + a64 * k4
            s6 = s6 - a65 * k5
            let y6: State = y0 + h * s6
            let t1 = landsOnLimit ? limit : t0 + h
            let k6: State = f.derivative(at: t1, of: y6)
            var s1: State = b1 * k1 + b3 * k3
            s1 = s1 + b4 * k4
            s1 = s1 - b5 * k5
            s1 = s1 + b6 * k6
            let y1: State = y0 + h * s1
            let k7: State = f.derivative(at: t1, of: y1)
            counters.rhsEvaluations += 6
            var se: State = e1 * k1 - e3 * k3
            se = se + e4 * k4
            se = se - e5 * k5
            se = se + e6 * k6
            se = se - e7 * k7
            let errorEstimate: State = h * se
            errorEstimateOfLastTrial = errorEstimate
            let err = errorNorm(errorEstimate, y0, y1)
            guard err.isFinite, isFinite(y1) else {
                if h > floor {
                    // A non-finite trial: shrink hard and retry.
                    counters.rejectedSteps += 1
                    nextStep = h * 0.1
                    lastWasRejected = true
                    continue
                }
                throw SpringError.integrationFailed(time: t0, reason: h > 0 && h >= floor && floor > 0 ? .nonFiniteAtFloor(step: h) : .nonFinite)
            }
            // PI control (Hairer's DOPRI5: expo1 = 1/5 − 0.75·β, β = 0.04).
            // One log and one exp per step instead of two pows (a measurable share of the cost).
            let logError = log(max(err, 1e-300))
            let fac11 = exp((0.2 - 0.04 * 0.75) * logError)
            if err <= 1 {
                var factor = exp((0.2 - 0.04 * 0.75) * logError - 0.04 * logPreviousErrorRatio)
                factor = max(1.0 / 10, min(1 / 0.2, factor / options.safetyFactor))
                var hNew = h / factor
                if lastWasRejected { hNew = min(hNew, h) }
                logPreviousErrorRatio = max(logError, log(1e-4))
                lastWasRejected = false
                counters.acceptedSteps += 1
                stages = (k1, k3, k4, k5, k6, k7)
                stepStartState = y0
                stepStart = t0
                currentTime = t1
                currentState = y1
                derivative = k7
                // Keep the natural step if this one was only shortened to land on `limit`.
                nextStep = min(landsOnLimit ? max(hNew, nextStep) : hNew, options.maximumStep)
                return
            }
            counters.rejectedSteps += 1
            nextStep = h / min(1 / 0.2, fac11 / options.safetyFactor)
            lastWasRejected = true
        }
    }

    /// Integrates to exactly `end` (the last step is shortened to land on it) and returns the
    /// state there.
    @inlinable
    public mutating func integrate(to end: Double) throws -> State {
        _ = try Check.finite(end, "end time")
        while time < end { try step(limit: end) }
        return state
    }

    /// The solution at `t`, from the dense output of the step containing it; integrates forward
    /// as needed. `t` must not precede the start of the last accepted step.
    ///
    /// - Throws: ``SpringError/invalidParameter(name:value:expected:)`` for an earlier `t`.
    @inlinable
    public mutating func state(at t: Double) throws -> State {
        _ = try Check.finite(t, "time")
        while time < t { try step() }
        if t == time { return state }
        guard t >= stepStart else {
            throw SpringError.invalidParameter(
                name: "time", value: t, expected: "at least \(stepStart) (the solver only moves forward)")
        }
        return interpolate(at: t)
    }

    /// The 4th-order continuous extension on the last accepted step `[stepStart, time]`
    /// (Hairer's `contd5` coefficients for DOPRI5, after Shampine 1986):
    /// `y(θ) = y₀ + θ(Δ + (1 − θ)(b + θ(c + (1 − θ)d)))` with `Δ = y₁ − y₀`, `b = h·k₁ − Δ`,
    /// `c = Δ − h·k₇ − b`, `d = h·Σ dᵢkᵢ`.
    @inlinable
    public func interpolate(at t: Double) -> State {
        let h = currentTime - stepStart
        guard h > 0 else { return currentState }
        let theta = (t - stepStart) / h
        let theta1 = 1 - theta
        let (k1, k3, k4, k5, k6, k7) = stages
        let ydiff = currentState - stepStartState
        let bspl = h * k1 - ydiff
        let r4 = ydiff - h * k7 - bspl
        let d1: Double = -12715105075.0 / 11282082432, d3: Double = 87487479700.0 / 32700410799
        let d4: Double = 10690763975.0 / 1880347072, d5: Double = 701980252875.0 / 199316789632
        let d6: Double = 1453857185.0 / 822651844, d7: Double = 69997945.0 / 29380423
        var dense: State = d1 * k1 + d3 * k3
        dense = dense - d4 * k4
        dense = dense + d5 * k5
        dense = dense - d6 * k6
        dense = dense + d7 * k7
        let r5: State = h * dense
        let inner: State = r4 + theta1 * r5
        let middle: State = bspl + theta * inner
        return stepStartState + theta * (ydiff + theta1 * middle)
    }
}
