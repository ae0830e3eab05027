import CGSL

/// Brent's bracketing root finder (`gsl_root_fsolver_brent`), reusable across calls.
///
/// Not thread-safe: use one finder per thread.
public final class GSLRootFinder {
    private let solver: UnsafeMutablePointer<gsl_root_fsolver>

    public init() throws {
        GSL.errorHandlerOff
        guard let solver = gsl_root_fsolver_alloc(flightline_root_fsolver_brent()) else {
            throw GSLError(code: GSL_ENOMEM, name: "out of memory", context: "gsl_root_fsolver_alloc(brent)")
        }
        self.solver = solver
    }

    deinit { gsl_root_fsolver_free(solver) }

    /// The root of `f` in `[lower, upper]`.
    ///
    /// `f(lower)` and `f(upper)` must differ in sign (or one of them be zero). Iterates until the
    /// current bracket [a, b] passes `gsl_root_test_interval(a, b, absoluteTolerance,
    /// relativeTolerance)`, i.e. `|b − a| < absoluteTolerance + relativeTolerance · min(|a|, |b|)`
    /// where the minimum is replaced by 0 while the bracket contains the origin (GSL
    /// `roots/convergence.c`): for a root at or near 0 only `absoluteTolerance` can stop the
    /// search, so a purely relative tolerance there ends in `GSL_EMAXITER`. Returns the current
    /// best estimate.
    /// - Throws: ``GSLError`` for a bad bracket, bad tolerances, `maxIterations` below 1, or no
    ///   convergence in `maxIterations`.
    public func brent(
        lower: Double, upper: Double,
        absoluteTolerance: Double, relativeTolerance: Double = 0,
        maxIterations: Int = 200,
        _ f: (Double) -> Double
    ) throws -> Double {
        try requireFinite(lower, "bracket lower end")
        try requireFinite(upper, "bracket upper end")
        guard lower < upper else {
            throw GSLError(code: GSL_EINVAL, name: "invalid argument", context: "bracket must have lower < upper, got [\(lower), \(upper)]")
        }
        guard absoluteTolerance >= 0, relativeTolerance >= 0, absoluteTolerance + relativeTolerance > 0 else {
            throw GSLError(code: GSL_EBADTOL, name: "invalid tolerance", context: "root tolerances must be non-negative and not both zero")
        }
        guard maxIterations >= 1 else {
            throw GSLError(code: GSL_EINVAL, name: "invalid argument", context: "maxIterations must be at least 1, got \(maxIterations)")
        }
        // Brent needs a sign change; an exact zero at an end is a root already.
        let fLower = f(lower), fUpper = f(upper)
        if fLower == 0 { return lower }
        if fUpper == 0 { return upper }
        return try withGSLFunction(f) { function, _ in
            try GSL.check(gsl_root_fsolver_set(solver, function, lower, upper), "Brent bracket [\(lower), \(upper)]")
            for _ in 0..<maxIterations {
                try GSL.check(gsl_root_fsolver_iterate(solver), "Brent iteration")
                let low = gsl_root_fsolver_x_lower(solver), high = gsl_root_fsolver_x_upper(solver)
                let status = gsl_root_test_interval(low, high, absoluteTolerance, relativeTolerance)
                if Int(status) == GSL_SUCCESS { return gsl_root_fsolver_root(solver) }
                if Int(status) != GSL_CONTINUE { try GSL.check(status, "Brent convergence test") }
            }
            throw GSLError(code: GSL_EMAXITER, name: "exceeded max number of iterations",
                           context: "Brent root finding on [\(lower), \(upper)] within \(maxIterations) iterations")
        }
    }
}
