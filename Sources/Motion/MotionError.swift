/// Invalid input to the Motion module, described in one line that names the bad value and what
/// was expected.
public struct MotionError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The one-line explanation, e.g. `rate must be a positive finite number of frames per second, got -1`.
    public let description: String

    public init(_ description: String) {
        self.description = description
    }

    /// Rejects a value that must be finite and strictly positive.
    static func requirePositive(_ value: Double, _ what: String) throws(MotionError) {
        guard value.isFinite, value > 0 else {
            throw MotionError("\(what) must be a positive finite number, got \(value)")
        }
    }

    /// Rejects a value that must be finite and not negative.
    static func requireNonNegative(_ value: Double, _ what: String) throws(MotionError) {
        guard value.isFinite, value >= 0 else {
            throw MotionError("\(what) must be a finite number ≥ 0, got \(value)")
        }
    }
}
