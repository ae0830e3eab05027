/// One option a command accepts: `--name VALUE` (or `--name=VALUE`), or a bare `--name` switch.
struct OptionSpec: Sendable {
    let name: String
    /// The placeholder shown in help (`S,…`, `FILE`); `nil` for a switch that takes no value.
    let value: String?
    let help: String

    static func option(_ name: String, _ value: String, _ help: String) -> OptionSpec {
        OptionSpec(name: name, value: value, help: help)
    }
    static func flag(_ name: String, _ help: String) -> OptionSpec {
        OptionSpec(name: name, value: nil, help: help)
    }
}

/// The parsed command line of one command: positionals, option values and switches.
///
/// Parsing is strict: an unknown option, an option without its value and a repeated option are
/// usage errors that name the option. An option's value is taken verbatim even when it starts with
/// `-`, so `--from -3` works. `--` ends option parsing.
struct Arguments: Sendable {
    var positionals: [String] = []
    private var values: [String: String] = [:]
    private var switches: Set<String> = []

    init(_ arguments: [String], options: [OptionSpec], command: String) throws {
        var index = 0
        var onlyPositionals = false
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            guard !onlyPositionals, argument.hasPrefix("--"), argument.count > 2 else {
                if argument == "--" && !onlyPositionals { onlyPositionals = true } else { positionals.append(argument) }
                continue
            }
            var name = String(argument.dropFirst(2))
            var inlineValue: String?
            if let equals = name.firstIndex(of: "=") {
                inlineValue = String(name[name.index(after: equals)...])
                name = String(name[..<equals])
            }
            guard let spec = options.first(where: { $0.name == name }) else {
                throw CLIError.usage("unknown option '--\(name)' for 'bench \(command)' (see 'bench help \(command)')")
            }
            guard values[name] == nil, !switches.contains(name) else {
                throw CLIError.usage("option '--\(name)' given twice")
            }
            if spec.value == nil {
                guard inlineValue == nil else { throw CLIError.usage("option '--\(name)' takes no value, got '\(inlineValue!)'") }
                switches.insert(name)
            } else if let inlineValue {
                values[name] = inlineValue
            } else {
                guard index < arguments.count else {
                    throw CLIError.usage("option '--\(name)' needs a value (\(spec.value!))")
                }
                values[name] = arguments[index]
                index += 1
            }
        }
    }

    func has(_ name: String) -> Bool { switches.contains(name) || values[name] != nil }
    func string(_ name: String) -> String? { values[name] }

    /// A finite number, optionally with a lower bound.
    func double(_ name: String, greaterThan lower: Double? = nil, atLeast minimum: Double? = nil) throws -> Double? {
        guard let text = values[name] else { return nil }
        return try parseNumber(text, option: name, greaterThan: lower, atLeast: minimum)
    }

    /// A comma-separated list of finite numbers (`0,12.5,100`).
    func doubles(_ name: String, greaterThan lower: Double? = nil, atLeast minimum: Double? = nil) throws -> [Double]? {
        guard let text = values[name] else { return nil }
        let parts = text.split(separator: ",", omittingEmptySubsequences: false)
        return try parts.map { try parseNumber(String($0), option: name, greaterThan: lower, atLeast: minimum) }
    }

    /// A whole number within `range`.
    func int(_ name: String, in range: ClosedRange<Int>) throws -> Int? {
        guard let text = values[name] else { return nil }
        guard let value = Int(text) else {
            throw CLIError.usage("--\(name) expects a whole number, got '\(text)'")
        }
        guard range.contains(value) else {
            throw CLIError.usage("--\(name) must be between \(range.lowerBound) and \(range.upperBound), got \(value)")
        }
        return value
    }

    /// One of a fixed set of words.
    func choice(_ name: String, _ allowed: [String]) throws -> String? {
        guard let text = values[name] else { return nil }
        guard allowed.contains(text) else {
            throw CLIError.usage("--\(name) expects one of \(allowed.joined(separator: ", ")), got '\(text)'")
        }
        return text
    }

    /// Fails when there are more positionals than the command takes.
    func requirePositionals(atMost count: Int, command: String) throws {
        if positionals.count > count {
            throw CLIError.usage("unexpected argument '\(positionals[count])' for 'bench \(command)'")
        }
    }
}

func parseNumber(_ text: String, option: String, greaterThan lower: Double? = nil, atLeast minimum: Double? = nil) throws -> Double {
    guard let value = Double(text), value.isFinite else {
        throw CLIError.usage("--\(option) expects a finite number, got '\(text)'")
    }
    if let lower, !(value > lower) {
        throw CLIError.usage("--\(option) must be greater than \(lower.formatted), got \(text)")
    }
    if let minimum, !(value >= minimum) {
        throw CLIError.usage("--\(option) must be at least \(minimum.formatted), got \(text)")
    }
    return value
}

extension Double {
    /// `2` rather than `2.0` for whole numbers; Swift's shortest round-trip form otherwise.
    var formatted: String {
        if self == rounded(), abs(self) < 1e15 { return String(Int64(self)) }
        return "\(self)"
    }
}
