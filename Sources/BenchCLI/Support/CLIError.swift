/// How `bench` ends, per the exit-code contract of docs/design.md §2.
public enum ExitCode: Int32, Sendable {
    /// Everything ran and every check passed.
    case success = 0
    /// A check failed: a janky scene, a benchmark regression.
    case checkFailed = 1
    /// Bad usage or input.
    case usage = 2
    /// A reference (GSL) failed, or a kernel disagreed with its reference.
    case referenceFailed = 3
}

/// An error that ends the command with a one-line message on stderr and a non-zero exit code.
public struct CLIError: Error, CustomStringConvertible, Sendable {
    public let code: ExitCode
    public let message: String

    public init(_ code: ExitCode, _ message: String) {
        self.code = code
        // One line, whatever a lower layer put in its description.
        self.message = message.split(whereSeparator: \.isNewline).joined(separator: " ")
    }

    public static func usage(_ message: String) -> CLIError { CLIError(.usage, message) }
    public var description: String { message }
}
