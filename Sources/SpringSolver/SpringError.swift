/// Every way SpringSolver rejects its input.
///
/// Each description is one line that names the bad value and what was expected, e.g.
/// `mass must be a positive finite number, got -1`, so a command-line tool can print it as is.
public enum SpringError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A numeric parameter is out of its domain (`name` is the parameter's spelling in the API).
    case invalidParameter(name: String, value: Double, expected: String)
    /// An integrator name that is not in ``IntegratorKind``.
    case unknownIntegrator(String)
    /// A named-values description of a spring that does not name one vocabulary completely.
    case invalidVocabulary(String)
    /// An adaptive integration that could not meet its tolerance (step underflow or step cap).
    case integrationFailed(time: Double, reason: String)

    public var description: String {
        switch self {
        case let .invalidParameter(name, value, expected):
            return "\(name) must be \(expected), got \(SpringError.format(value))"
        case let .unknownIntegrator(name):
            let known = IntegratorKind.allCases.map(\.rawValue).joined(separator: ", ")
            return "unknown integrator '\(name)', expected one of: \(known)"
        case let .invalidVocabulary(message):
            return message
        case let .integrationFailed(time, reason):
            return "integration failed at t = \(SpringError.format(time)): \(reason)"
        }
    }

    /// Integral values print without a fraction (`-1`, not `-1.0`), others as Swift prints them.
    @usableFromInline
    static func format(_ value: Double) -> String {
        if value.isFinite, value == value.rounded(), abs(value) < 1e15 {
            return String(Int64(value))
        }
        return "\(value)"
    }
}

/// Validation helpers shared by every initializer (one place, one message style).
@usableFromInline
enum Check {
    @usableFromInline
    static func positive(_ value: Double, _ name: String) throws -> Double {
        guard value.isFinite, value > 0 else {
            throw SpringError.invalidParameter(name: name, value: value, expected: "a positive finite number")
        }
        return value
    }

    @usableFromInline
    static func nonNegative(_ value: Double, _ name: String) throws -> Double {
        guard value.isFinite, value >= 0 else {
            throw SpringError.invalidParameter(name: name, value: value, expected: "a non-negative finite number")
        }
        return value
    }

    @usableFromInline
    static func finite(_ value: Double, _ name: String) throws -> Double {
        guard value.isFinite else {
            throw SpringError.invalidParameter(name: name, value: value, expected: "a finite number")
        }
        return value
    }

    @usableFromInline
    static func finite<V: SpringVector>(_ value: V, _ name: String) throws -> V {
        for index in 0..<value.springComponentCount where !value.springComponent(index).isFinite {
            throw SpringError.invalidParameter(
                name: value.springComponentCount == 1 ? name : "\(name)[\(index)]",
                value: value.springComponent(index), expected: "a finite number")
        }
        return value
    }
}
