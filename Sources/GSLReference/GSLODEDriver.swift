import CGSL

/// GSL's ODE steppers (`gsl_odeiv2_step_*`).
public enum GSLStepper: String, CaseIterable, Sendable {
    case rk2, rk4, rkf45, rkck, rk8pd, rk1imp, rk2imp, rk4imp, bsimp, msadams, msbdf

    /// The implicit and multistep-BDF steppers call the Jacobian; GSL fails without it.
    public var needsJacobian: Bool {
        switch self {
        case .bsimp, .msbdf, .rk1imp, .rk2imp, .rk4imp: true
        default: false
        }
    }

    var type: UnsafePointer<gsl_odeiv2_step_type> {
        switch self {
        case .rk2: flightline_odeiv2_step_rk2()
        case .rk4: flightline_odeiv2_step_rk4()
        case .rkf45: flightline_odeiv2_step_rkf45()
        case .rkck: flightline_odeiv2_step_rkck()
        case .rk8pd: flightline_odeiv2_step_rk8pd()
        case .rk1imp: flightline_odeiv2_step_rk1imp()
        case .rk2imp: flightline_odeiv2_step_rk2imp()
        case .rk4imp: flightline_odeiv2_step_rk4imp()
        case .bsimp: flightline_odeiv2_step_bsimp()
        case .msadams: flightline_odeiv2_step_msadams()
        case .msbdf: flightline_odeiv2_step_msbdf()
        }
    }
}

/// A `gsl_odeiv2_driver` around a Swift right-hand side, counting evaluations.
///
/// GSL keeps a pointer to the system for the driver's lifetime, so the system struct and the
/// closures live in storage owned by this object and are freed in `deinit`.
/// Not thread-safe: use one driver per thread.
public final class GSLODEDriver {
    public typealias RightHandSide = (_ t: Double, _ y: UnsafeBufferPointer<Double>, _ dydt: UnsafeMutableBufferPointer<Double>) -> Void
    /// `dfdy` is row-major n × n: `dfdy[i * n + j] = ∂fᵢ/∂yⱼ`.
    public typealias Jacobian = (_ t: Double, _ y: UnsafeBufferPointer<Double>, _ dfdy: UnsafeMutableBufferPointer<Double>, _ dfdt: UnsafeMutableBufferPointer<Double>) -> Void

    private final class Callbacks {
        let dimension: Int
        let rhs: RightHandSide
        let jacobian: Jacobian?
        var rhsEvaluations = 0
        var jacobianEvaluations = 0
        init(dimension: Int, rhs: @escaping RightHandSide, jacobian: Jacobian?) {
            self.dimension = dimension
            self.rhs = rhs
            self.jacobian = jacobian
        }
    }

    public let stepper: GSLStepper
    public let dimension: Int
    private let callbacks: Callbacks
    private let system: UnsafeMutablePointer<gsl_odeiv2_system>
    private let driver: UnsafeMutablePointer<gsl_odeiv2_driver>
    private var errorScratch: [Double]

    /// Right-hand-side evaluations since creation or ``resetCounters()``.
    public var rhsEvaluations: Int { callbacks.rhsEvaluations }
    /// Jacobian evaluations since creation or ``resetCounters()``.
    public var jacobianEvaluations: Int { callbacks.jacobianEvaluations }

    /// - Parameters:
    ///   - initialStep: the first trial step of the adaptive driver (its sign sets the direction).
    ///   - absoluteTolerance, relativeTolerance: the standard control,
    ///     `|errᵢ| ≤ absoluteTolerance + relativeTolerance · |yᵢ|`.
    public init(
        stepper: GSLStepper, dimension: Int, initialStep: Double,
        absoluteTolerance: Double, relativeTolerance: Double,
        rhs: @escaping RightHandSide, jacobian: Jacobian? = nil
    ) throws {
        GSL.errorHandlerOff
        guard dimension > 0 else {
            throw GSLError(code: GSL_EINVAL, name: "invalid argument", context: "ODE dimension must be positive, got \(dimension)")
        }
        guard initialStep.isFinite, initialStep != 0 else {
            throw GSLError(code: GSL_EINVAL, name: "invalid argument", context: "initial step must be finite and non-zero, got \(initialStep)")
        }
        guard absoluteTolerance >= 0, relativeTolerance >= 0, absoluteTolerance.isFinite, relativeTolerance.isFinite else {
            throw GSLError(code: GSL_EBADTOL, name: "invalid tolerance", context: "ODE tolerances must be finite and non-negative, got \(absoluteTolerance), \(relativeTolerance)")
        }
        if stepper.needsJacobian && jacobian == nil {
            throw GSLError(code: GSL_EINVAL, name: "invalid argument", context: "GSL stepper \(stepper.rawValue) needs a Jacobian")
        }
        let callbacks = Callbacks(dimension: dimension, rhs: rhs, jacobian: jacobian)
        let system = UnsafeMutablePointer<gsl_odeiv2_system>.allocate(capacity: 1)
        system.initialize(to: gsl_odeiv2_system(
            function: { t, y, dydt, params in
                let callbacks = Unmanaged<Callbacks>.fromOpaque(params!).takeUnretainedValue()
                callbacks.rhsEvaluations += 1
                let n = callbacks.dimension
                callbacks.rhs(t, UnsafeBufferPointer(start: y, count: n), UnsafeMutableBufferPointer(start: dydt, count: n))
                return Int32(GSL_SUCCESS)
            },
            jacobian: jacobian == nil ? nil : { t, y, dfdy, dfdt, params in
                let callbacks = Unmanaged<Callbacks>.fromOpaque(params!).takeUnretainedValue()
                callbacks.jacobianEvaluations += 1
                let n = callbacks.dimension
                callbacks.jacobian!(t, UnsafeBufferPointer(start: y, count: n),
                                    UnsafeMutableBufferPointer(start: dfdy, count: n * n),
                                    UnsafeMutableBufferPointer(start: dfdt, count: n))
                return Int32(GSL_SUCCESS)
            },
            dimension: dimension,
            // The object owns `callbacks` for as long as the driver can call it.
            params: Unmanaged.passUnretained(callbacks).toOpaque()
        ))
        guard let driver = gsl_odeiv2_driver_alloc_y_new(system, stepper.type, initialStep, absoluteTolerance, relativeTolerance) else {
            system.deinitialize(count: 1)
            system.deallocate()
            throw GSLError(code: GSL_ENOMEM, name: "out of memory", context: "gsl_odeiv2_driver_alloc_y_new(\(stepper.rawValue))")
        }
        self.stepper = stepper
        self.dimension = dimension
        self.callbacks = callbacks
        self.system = system
        self.driver = driver
        self.errorScratch = Array(repeating: 0, count: dimension)
    }

    deinit {
        gsl_odeiv2_driver_free(driver)
        system.deinitialize(count: 1)
        system.deallocate()
    }

    public func resetCounters() {
        callbacks.rhsEvaluations = 0
        callbacks.jacobianEvaluations = 0
    }

    /// Caps the number of steps one ``apply(t:until:state:)`` may take (0: no cap, GSL's default).
    public func setMaximumSteps(_ count: Int) throws {
        try GSL.check(gsl_odeiv2_driver_set_nmax(driver, UInt(max(0, count))), "setting the step cap")
    }

    /// Adaptive integration from `t` to `t1` (`gsl_odeiv2_driver_apply`); `t` ends at `t1`.
    ///
    /// - Throws: ``GSLError`` for GSL's failure status, and for a state GSL returns non-finite
    ///   while reporting success (observed with GSL 2.7.1's `bsimp` on a spring state with a
    ///   component between 0 and about 1e-154 in magnitude): the error names the finite
    ///   start, and `y` and `t` are left there, so no NaN reaches the caller.
    public func apply(t: inout Double, until t1: Double, state y: inout [Double]) throws {
        try checkState(y)
        try requireFinite(t1, "target time")
        let start = (t, y)
        let status = y.withUnsafeMutableBufferPointer { gsl_odeiv2_driver_apply(driver, &t, t1, $0.baseAddress) }
        try GSL.check(status, "ODE \(stepper.rawValue) integration to t = \(t1)")
        try checkResult(&y, &t, start: start, target: "to t = \(t1)")
    }

    /// Throws when GSL returned a non-finite state from a finite one with a success status, and
    /// puts the start back.
    private func checkResult(_ y: inout [Double], _ t: inout Double, start: (Double, [Double]), target: String) throws {
        guard y.contains(where: { !$0.isFinite }) || !t.isFinite else { return }
        (t, y) = start
        let values = start.1.map { "\($0)" }.joined(separator: ", ")
        throw GSLError(code: GSL_EFAILED, name: "non-finite state returned with a success status",
                       context: "ODE \(stepper.rawValue) integration from t = \(start.0), state (\(values)), \(target)")
    }

    /// `count` steps of size `h` (`gsl_odeiv2_driver_apply_fixed_step`).
    ///
    /// GSL's fixed-step driver still runs its error control: a step whose error estimate exceeds
    /// the driver's tolerances is rejected and reported as a failure, not taken. For a raw step with
    /// no control use ``step(t:by:state:)``.
    public func applyFixedStep(t: inout Double, step h: Double, count: Int, state y: inout [Double]) throws {
        try checkState(y)
        guard h.isFinite, h != 0, count >= 0 else {
            throw GSLError(code: GSL_EINVAL, name: "invalid argument", context: "fixed step must be finite and non-zero with a non-negative count, got h = \(h), count = \(count)")
        }
        let start = (t, y)
        let status = y.withUnsafeMutableBufferPointer { gsl_odeiv2_driver_apply_fixed_step(driver, &t, h, UInt(count), $0.baseAddress) }
        try GSL.check(status, "ODE \(stepper.rawValue) fixed steps of \(h)")
        try checkResult(&y, &t, start: start, target: "by \(count) fixed steps of \(h)")
    }

    /// One raw stepper step of size `h` with no error control (`gsl_odeiv2_step_apply`).
    ///
    /// GSL's `rk4`, `rk1imp` and `rk2imp` estimate their error by step doubling: one call does a full
    /// step *and* two half steps and returns the two-half-step result, so it costs three steps'
    /// worth of right-hand-side evaluations and is as accurate as two steps of `h/2`.
    public func step(t: inout Double, by h: Double, state y: inout [Double]) throws {
        try checkState(y)
        guard h.isFinite, h != 0 else {
            throw GSLError(code: GSL_EINVAL, name: "invalid argument", context: "step must be finite and non-zero, got \(h)")
        }
        let status = y.withUnsafeMutableBufferPointer { y in
            errorScratch.withUnsafeMutableBufferPointer { error in
                gsl_odeiv2_step_apply(driver.pointee.s, t, h, y.baseAddress, error.baseAddress, nil, nil, system)
            }
        }
        try GSL.check(status, "ODE \(stepper.rawValue) step of \(h) at t = \(t)")
        t += h
    }

    /// The stepper's error estimate from the last ``step(t:by:state:)`` (GSL's `yerr`: for the
    /// embedded Runge–Kutta pairs, the difference of their two solutions; for `rk4`, `rk1imp`
    /// and `rk2imp`, the step-doubling difference). Zeros before the first step.
    public var lastErrorEstimate: [Double] { errorScratch }

    /// Forgets the driver's step-size history and the stepper's internal state.
    public func reset() throws {
        try GSL.check(gsl_odeiv2_driver_reset(driver), "ODE driver reset")
    }

    private func checkState(_ y: [Double]) throws {
        guard y.count == dimension else {
            throw GSLError(code: GSL_EBADLEN, name: "bad length", context: "ODE state has \(y.count) components, expected \(dimension)")
        }
        for (i, value) in y.enumerated() where !value.isFinite {
            throw GSLError(code: GSL_EDOM, name: "invalid argument", context: "ODE state component \(i) must be finite, got \(value)")
        }
    }
}
