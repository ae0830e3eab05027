import CGSL

/// The result of a GSL quadrature.
public struct GSLQuadratureResult: Sendable {
    /// The integral.
    public var value: Double
    /// GSL's estimate of the absolute error of `value`.
    public var estimatedError: Double
    /// How many times the integrand was evaluated.
    public var evaluations: Int
}

/// The Gauss–Kronrod pair used by QAG (`GSL_INTEG_GAUSS15` … `GSL_INTEG_GAUSS61`).
public enum GSLGaussKronrodRule: Int32, Sendable, CaseIterable {
    case gauss15 = 1, gauss21, gauss31, gauss41, gauss51, gauss61
}

/// The integrand and its call count, reached from the C callback through `params`.
private struct QuadratureContext {
    var f: (Double) -> Double
    var count: Int
}

/// Runs `body` with a `gsl_function` that calls `f`, counting the calls.
///
/// The closure travels to the C callback through GSL's `params` pointer; it never escapes the call.
func withGSLFunction<R>(
    _ f: (Double) -> Double,
    _ body: (UnsafeMutablePointer<gsl_function>, _ evaluations: () -> Int) throws -> R
) throws -> R {
    return try withoutActuallyEscaping(f) { f in
        var context = QuadratureContext(f: f, count: 0)
        return try withUnsafeMutablePointer(to: &context) { contextPointer in
            var function = gsl_function(
                function: { x, params in
                    let context = params!.assumingMemoryBound(to: QuadratureContext.self)
                    context.pointee.count += 1
                    return context.pointee.f(x)
                },
                params: UnsafeMutableRawPointer(contextPointer)
            )
            return try withUnsafeMutablePointer(to: &function) { functionPointer in
                try body(functionPointer, { contextPointer.pointee.count })
            }
        }
    }
}

/// Reusable GSL quadrature workspaces: allocate once, integrate many times.
///
/// Benchmarks use one integrator for every call so that GSL is not charged for allocation.
/// Not thread-safe: use one integrator per thread.
public final class GSLIntegrator {
    private let limit: Int
    private let workspace: UnsafeMutablePointer<gsl_integration_workspace>
    private let cquadWorkspace: UnsafeMutablePointer<gsl_integration_cquad_workspace>

    /// - Parameter limit: the most subintervals QAG and QAGS may use (and CQUAD's interval heap).
    public init(limit: Int = 1000) throws {
        GSL.errorHandlerOff
        guard limit >= 3 else {
            throw GSLError(code: GSL_EINVAL, name: "invalid argument", context: "integrator limit must be at least 3, got \(limit)")
        }
        guard let workspace = gsl_integration_workspace_alloc(limit) else {
            throw GSLError(code: GSL_ENOMEM, name: "out of memory", context: "gsl_integration_workspace_alloc(\(limit))")
        }
        guard let cquadWorkspace = gsl_integration_cquad_workspace_alloc(limit) else {
            gsl_integration_workspace_free(workspace)
            throw GSLError(code: GSL_ENOMEM, name: "out of memory", context: "gsl_integration_cquad_workspace_alloc(\(limit))")
        }
        self.limit = limit
        self.workspace = workspace
        self.cquadWorkspace = cquadWorkspace
    }

    deinit {
        gsl_integration_workspace_free(workspace)
        gsl_integration_cquad_workspace_free(cquadWorkspace)
    }

    /// Adaptive Gauss–Kronrod quadrature (`gsl_integration_qag`).
    public func qag(
        from a: Double, to b: Double,
        absoluteTolerance: Double = 0, relativeTolerance: Double,
        rule: GSLGaussKronrodRule = .gauss21,
        _ f: (Double) -> Double
    ) throws -> GSLQuadratureResult {
        try validate(a, b, absoluteTolerance, relativeTolerance)
        return try withGSLFunction(f) { function, evaluations in
            var value = 0.0, error = 0.0
            let status = gsl_integration_qag(function, a, b, absoluteTolerance, relativeTolerance, limit, Int32(rule.rawValue), workspace, &value, &error)
            try GSL.check(status, "QAG quadrature on [\(a), \(b)]")
            return GSLQuadratureResult(value: value, estimatedError: error, evaluations: evaluations())
        }
    }

    /// Adaptive quadrature with Wynn-epsilon extrapolation for end-point singularities
    /// (`gsl_integration_qags`, 21-point Gauss–Kronrod).
    public func qags(
        from a: Double, to b: Double,
        absoluteTolerance: Double = 0, relativeTolerance: Double,
        _ f: (Double) -> Double
    ) throws -> GSLQuadratureResult {
        try validate(a, b, absoluteTolerance, relativeTolerance)
        return try withGSLFunction(f) { function, evaluations in
            var value = 0.0, error = 0.0
            let status = gsl_integration_qags(function, a, b, absoluteTolerance, relativeTolerance, limit, workspace, &value, &error)
            try GSL.check(status, "QAGS quadrature on [\(a), \(b)]")
            return GSLQuadratureResult(value: value, estimatedError: error, evaluations: evaluations())
        }
    }

    /// Doubly-adaptive Clenshaw–Curtis quadrature (`gsl_integration_cquad`).
    public func cquad(
        from a: Double, to b: Double,
        absoluteTolerance: Double = 0, relativeTolerance: Double,
        _ f: (Double) -> Double
    ) throws -> GSLQuadratureResult {
        try validate(a, b, absoluteTolerance, relativeTolerance)
        return try withGSLFunction(f) { function, _ in
            var value = 0.0, error = 0.0
            var evaluations = 0
            let status = gsl_integration_cquad(function, a, b, absoluteTolerance, relativeTolerance, cquadWorkspace, &value, &error, &evaluations)
            try GSL.check(status, "CQUAD quadrature on [\(a), \(b)]")
            return GSLQuadratureResult(value: value, estimatedError: error, evaluations: evaluations)
        }
    }

    private func validate(_ a: Double, _ b: Double, _ absoluteTolerance: Double, _ relativeTolerance: Double) throws {
        try requireFinite(a, "lower limit")
        try requireFinite(b, "upper limit")
        guard absoluteTolerance >= 0, relativeTolerance >= 0, absoluteTolerance.isFinite, relativeTolerance.isFinite,
              absoluteTolerance > 0 || relativeTolerance > 0 else {
            throw GSLError(code: GSL_EBADTOL, name: "invalid tolerance",
                           context: "quadrature tolerances must be finite, non-negative and not both zero, got absolute \(absoluteTolerance), relative \(relativeTolerance)")
        }
    }
}

/// One-shot GSL quadratures that allocate a workspace per call. For repeated calls, keep a
/// ``GSLIntegrator``.
public enum GSLQuadrature {
    public static func qag(
        from a: Double, to b: Double, absoluteTolerance: Double = 0, relativeTolerance: Double,
        rule: GSLGaussKronrodRule = .gauss21, _ f: (Double) -> Double
    ) throws -> GSLQuadratureResult {
        try GSLIntegrator().qag(from: a, to: b, absoluteTolerance: absoluteTolerance, relativeTolerance: relativeTolerance, rule: rule, f)
    }

    public static func qags(
        from a: Double, to b: Double, absoluteTolerance: Double = 0, relativeTolerance: Double,
        _ f: (Double) -> Double
    ) throws -> GSLQuadratureResult {
        try GSLIntegrator().qags(from: a, to: b, absoluteTolerance: absoluteTolerance, relativeTolerance: relativeTolerance, f)
    }

    public static func cquad(
        from a: Double, to b: Double, absoluteTolerance: Double = 0, relativeTolerance: Double,
        _ f: (Double) -> Double
    ) throws -> GSLQuadratureResult {
        try GSLIntegrator().cquad(from: a, to: b, absoluteTolerance: absoluteTolerance, relativeTolerance: relativeTolerance, f)
    }
}
