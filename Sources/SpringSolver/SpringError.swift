/// Every way SpringSolver rejects its input.
///
/// Each description is one line that names the bad value and what was expected, e.g.
/// `mass must be a positive finite number, got -1`, so a command-line tool can print it as is.
public enum SpringError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A numeric parameter is out of its domain (`name` is the parameter's spelling in the API).
    case invalidParameter(name: String, value: Double, expected: String)
    /// An integrator name that is not in ``IntegratorKind``.
    case unknownIntegrator(String)
    /// A named-values description of a spring that does not name one vocabulary completely:
    /// the keys given (sorted; empty when none) and each vocabulary's keys as usage
    /// (`--stiffness K --damping C [--mass M]`), the ones accepted.
    case invalidVocabulary(given: [String], accepted: [String])
    /// A fixed-step integrator asked to run a general second-order system it does not run on;
    /// `supported` lists the ones that do.
    case integratorNotOnSystem(IntegratorKind, supported: [IntegratorKind])
    /// An adaptive integrator asked for a fixed step (`dopri54`: `DormandPrince54` runs it).
    case integratorHasNoFixedStep(IntegratorKind)
    /// An adaptive integration that could not meet its tolerance (step underflow or step cap),
    /// at `time`.
    case integrationFailed(time: Double, reason: IntegrationFailure)
    /// Finite values each in their domain whose combination is not representable: a derived
    /// quantity (a stiffness from a tiny response, a distance between two huge positions)
    /// overflows or underflows. `values` names the given values (`--response 1e-300
    /// --damping-fraction 0.5 --mass 1`), `reason` the quantity and what happened to it, never
    /// the non-finite number itself.
    case outOfRange(values: String, reason: String)

    public var description: String {
        switch self {
        case let .invalidParameter(name, value, expected):
            return "\(name) must be \(expected), got \(SpringError.format(value))"
        case let .unknownIntegrator(name):
            let known = IntegratorKind.allCases.map(\.rawValue).joined(separator: ", ")
            return "unknown integrator '\(name)', expected one of: \(known)"
        case let .invalidVocabulary(given, accepted):
            let list = accepted.joined(separator: " | ")
            if given.isEmpty { return "no spring parameters given; expected one of: \(list)" }
            return "spring parameters {\(given.joined(separator: ", "))} do not name exactly one vocabulary; expected one of: \(list)"
        case let .integratorNotOnSystem(kind, supported):
            return "integrator '\(kind.rawValue)' does not run on a general system; expected one of \(supported.map(\.rawValue).joined(separator: ", "))"
        case let .integratorHasNoFixedStep(kind):
            return "integrator '\(kind.rawValue)' is adaptive and has no fixed step; use DormandPrince54"
        case let .integrationFailed(time, reason):
            return "integration failed at t = \(SpringError.format(time)): \(reason)"
        case let .outOfRange(values, reason):
            return "\(values) is out of range: \(reason)"
        }
    }

    /// What happened to a derived quantity that is not a positive finite number: `overflows
    /// the largest finite number (1.8e308)`, `underflows to 0`.
    static func derivedFailure(_ quantity: String, _ value: Double) -> String {
        if value.isNaN || value.isInfinite { return "its \(quantity) overflows the largest finite number (1.8e308)" }
        if value == 0 { return "its \(quantity) underflows to 0" }
        return "its \(quantity) is \(format(value))"
    }

    /// `--name value` pairs in the order given.
    static func describe(_ values: [(String, Double)]) -> String {
        values.map { "--\($0.0) \(format($0.1))" }.joined(separator: " ")
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

/// Why an adaptive integration stopped (``SpringError/integrationFailed(time:reason:)``), with
/// the numbers behind it.
public enum IntegrationFailure: Equatable, Sendable, CustomStringConvertible {
    /// More than this many steps, accepted and rejected.
    case stepLimit(Int)
    /// The error control shrank the step to `step`, below 1e-14 × the larger of |t| and the
    /// remaining span.
    case stepUnderflow(step: Double)
    /// The solution is not finite even at the floor step `step`.
    case nonFiniteAtFloor(step: Double)
    /// The solution is not finite.
    case nonFinite

    public var description: String {
        switch self {
        case .stepLimit(let steps): "more than \(steps) steps"
        case .stepUnderflow(let h):
            "step size underflow (h = \(h), below 1e-14 × the larger of |t| and the remaining span: too stiff for this span at this tolerance)"
        case .nonFiniteAtFloor(let h):
            "step size underflow (the solution is not finite even at h = \(h), 1e-14 × the larger of |t| and the remaining span: too stiff for this span)"
        case .nonFinite: "the solution is not finite"
        }
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
