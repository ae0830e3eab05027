/// Invalid input to the Motion module, described in one line that names the bad value and what
/// was expected.
public struct MotionError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The one-line explanation, e.g. `rate must be a positive finite number of frames per second, got -1`.
    public let description: String
    /// What the refused value is, as the message names it (`rate`, `animation duration (s)`), as
    /// data for callers and tests; `nil` where an error names no single value.
    public let subject: String?
    /// The refused value itself (possibly NaN or infinite), where it is one number.
    public let value: Double?

    public init(_ description: String, subject: String? = nil, value: Double? = nil) {
        self.description = description
        self.subject = subject
        self.value = value
    }

    /// Equal errors say the same of the same value (a NaN value equals a NaN value).
    public static func == (a: MotionError, b: MotionError) -> Bool {
        a.description == b.description && a.subject == b.subject
            && (a.value == b.value || (a.value?.isNaN == true && b.value?.isNaN == true))
    }

    /// Rejects a value that must be finite and strictly positive.
    static func requirePositive(_ value: Double, _ what: String) throws(MotionError) {
        guard value.isFinite, value > 0 else {
            throw MotionError("\(what) must be a positive finite number, got \(value)", subject: what, value: value)
        }
    }

    /// Rejects a value that must be finite and not negative.
    static func requireNonNegative(_ value: Double, _ what: String) throws(MotionError) {
        guard value.isFinite, value >= 0 else {
            throw MotionError("\(what) must be a finite number ≥ 0, got \(value)", subject: what, value: value)
        }
    }
}
