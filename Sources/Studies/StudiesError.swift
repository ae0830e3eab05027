/// Everything the studies reject, each with a one-line description that names the value, so a
/// command line can print it as is.
public enum StudiesError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Motion could not build the menu's show spring (the reason is Motion's error).
    case menuSpringUnavailable(String)
    /// A span and rate that give no frame: nothing to compare (it would read as stable with
    /// error 0).
    case noFrame(span: Double, rate: Double)
    /// An adaptive tolerance that is not a positive finite number.
    case invalidTolerance(Double)

    public var description: String {
        switch self {
        case .menuSpringUnavailable(let reason):
            "the menu's show spring could not be built: \(reason)"
        case .noFrame(let span, let rate):
            "a \(span) s span at \(rate) Hz has no frame: duration × rate must be at least 1"
        case .invalidTolerance(let tolerance):
            "tolerance must be a positive finite number, got \(tolerance)"
        }
    }
}
