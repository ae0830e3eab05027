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
    /// The option the message names, without its dashes (`hz` for `--hz`), as data for callers
    /// and tests; `nil` when the error is not about one option.
    public let option: String?
    /// The offending value exactly as typed (`nan`, `lottie-web`), or the unknown option or
    /// argument as typed (`--hzz`); `nil` when there is none.
    public let value: String?
    /// The input the error is about (a file, or a scene), as named on the command line; `nil`
    /// for none.
    public let file: String?
    /// The JSON path of the bad value inside `file` (`layers[0].animations[0].keyTimes[2]`, `""`
    /// for the root), when the file's reader named one.
    public let path: String?
    /// The values the option takes, when the error is a value outside a fixed list
    /// (`["rlottie"]` for `--reference`); `nil` otherwise.
    public let expected: [String]?
    /// The 1-based line of `file` the error is about (a history's corrupt record), when one.
    public let line: Int?
    /// The lower layer's error the message is built around, as thrown (an `RlottieError` for a
    /// file rlottie refuses), so a caller can read its data instead of the words; `nil` when the
    /// message is the whole story.
    public let cause: (any Error & Sendable)?

    public init(
        _ code: ExitCode, _ message: String, option: String? = nil, value: String? = nil, file: String? = nil, path: String? = nil,
        expected: [String]? = nil, line: Int? = nil, cause: (any Error & Sendable)? = nil
    ) {
        self.code = code
        // One line, whatever a lower layer put in its description.
        self.message = message.split(whereSeparator: \.isNewline).joined(separator: " ")
        self.option = option
        self.value = value
        self.file = file
        self.path = path
        self.expected = expected
        self.line = line
        self.cause = cause
    }

    public static func usage(
        _ message: String, option: String? = nil, value: String? = nil, file: String? = nil, path: String? = nil,
        expected: [String]? = nil, line: Int? = nil
    ) -> CLIError {
        CLIError(.usage, message, option: option, value: value, file: file, path: path, expected: expected, line: line)
    }
    public var description: String { message }
}
