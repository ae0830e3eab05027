import CGSL

/// A failure reported by GSL, as a Swift error.
///
/// Every GSL status code reaches Swift through ``GSL/check(_:_:)``, the single place where a C
/// status becomes an error (the swift-system pattern of one wrapper for raw calls).
public struct GSLError: Error, CustomStringConvertible, Sendable {
    /// GSL's status code (`GSL_EMAXITER`, `GSL_EROUND`, …).
    public let code: Int
    /// GSL's own text for the code (`gsl_strerror`).
    public let name: String
    /// What Flightline was doing when GSL failed.
    public let context: String

    public var description: String { "GSL \(context) failed: \(name) (status \(code))" }
}

/// Process-wide GSL set-up and status conversion.
enum GSL {
    /// GSL's default error handler prints and calls `abort()`. Flightline never lets it run: the
    /// handler is switched off once, before the first GSL call of any reference object, and every
    /// status is checked instead. A `static let` initializer runs exactly once, thread-safely.
    static let errorHandlerOff: Void = {
        _ = gsl_set_error_handler_off()
    }()

    /// Turns a GSL status into a Swift error.
    static func check(_ status: Int32, _ context: @autoclosure () -> String) throws {
        guard Int(status) != GSL_SUCCESS else { return }
        throw GSLError(code: Int(status), name: String(cString: gsl_strerror(status)), context: context())
    }

    /// The version of the GSL library linked in, e.g. "2.7.1".
    static var version: String { String(cString: flightline_gsl_version()) }
}

/// The version of the GNU GSL library Flightline is linked against.
public var gslVersion: String { GSL.version }

/// Rejects arguments GSL would otherwise turn into an error deep inside (or into NaN).
func requireFinite(_ value: Double, _ name: String) throws {
    guard value.isFinite else {
        throw GSLError(code: GSL_EDOM, name: "invalid argument", context: "\(name) must be finite, got \(value)")
    }
}
