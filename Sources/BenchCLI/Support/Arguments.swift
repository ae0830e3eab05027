/// One option a command accepts: `--name VALUE` (or `--name=VALUE`), or a bare `--name` switch.
///
/// A command's options are a table of these: parsing (`Arguments`), the check of each value
/// against its ``Kind`` and the help pages are all made from it, so a command reads only values
/// that are already well-formed and its help always lists what the parser accepts. What depends
/// on several options (or on a file) is checked by the command's request, once.
struct OptionSpec: Sendable {
    /// What a value must be, checked while the command line is parsed.
    enum Kind: Sendable, Equatable {
        /// Any non-empty text: a file, a name, a list the command parses itself.
        case text
        /// One of these words.
        case choice([String])
        /// A finite number, above `greaterThan` and at least `atLeast` when given.
        case number(greaterThan: Double?, atLeast: Double?)
        /// A whole number in the range.
        case whole(ClosedRange<Int>)
    }

    let name: String
    /// The placeholder shown in help (`S,…`, `FILE`); `nil` for a switch that takes no value.
    let value: String?
    let help: String
    var kind: Kind = .text

    static func option(_ name: String, _ value: String, _ help: String) -> OptionSpec {
        OptionSpec(name: name, value: value, help: help)
    }
    static func flag(_ name: String, _ help: String) -> OptionSpec {
        OptionSpec(name: name, value: nil, help: help)
    }
    /// `--name VALUE`: one of `choices`, shown in help as `value`.
    static func choice(_ name: String, _ value: String, _ choices: [String], _ help: String) -> OptionSpec {
        OptionSpec(name: name, value: value, help: help, kind: .choice(choices))
    }
    /// `--name a|b|c`: one of `choices`, shown in help as the choices.
    static func choice(_ name: String, _ choices: [String], _ help: String) -> OptionSpec {
        choice(name, choices.joined(separator: "|"), choices, help)
    }
    /// `--name X`: a finite number, optionally bounded below.
    static func number(
        _ name: String, _ value: String, _ help: String, greaterThan: Double? = nil, atLeast: Double? = nil
    ) -> OptionSpec {
        OptionSpec(name: name, value: value, help: help, kind: .number(greaterThan: greaterThan, atLeast: atLeast))
    }
    /// `--name N`: a whole number within `range`.
    static func whole(_ name: String, _ value: String, _ help: String, in range: ClosedRange<Int>) -> OptionSpec {
        OptionSpec(name: name, value: value, help: help, kind: .whole(range))
    }

    /// Refuses a value its kind does not allow, with the same words as the typed readers of
    /// ``Arguments`` (`--mode expects one of linear, paced, both, got 'fast'`).
    func check(_ value: String) throws {
        switch kind {
        case .text:
            return
        case .choice(let choices):
            guard choices.contains(value) else {
                throw CLIError.usage("--\(name) expects one of \(choices.joined(separator: ", ")), got \(quoted(value))", option: name, value: value, expected: choices)
            }
        case .number(let greaterThan, let atLeast):
            _ = try parseNumber(value, option: name, greaterThan: greaterThan, atLeast: atLeast)
        case .whole(let range):
            _ = try parseWhole(value, option: name, in: range)
        }
    }

    /// The switches every command accepts, listed in every command's help.
    static let global: [OptionSpec] = [
        .flag("wide", "print everything unabridged: every table column, no wrapping (default: fit the terminal)"),
        .flag("help", "this help, a screen (also -h)"),
        .flag("help-all", "the whole help page: every option explained, and the details"),
    ]
}

/// The parsed command line of one command: positionals, option values and switches.
///
/// Parsing is strict, so a typo can never run something else than what was meant: an unknown
/// option (`--bogus`, `-x`), an option without its value, an empty value, a repeated option and a
/// value that is itself an option (`--json --quick`, which would otherwise write a file named
/// `--quick`) are usage errors that name the option. A value may start with one `-` (`--from -3`);
/// a value starting with `--` must be attached: `--json=--odd-name`. `--` ends option parsing.
/// The global switches (``OptionSpec/global``) are accepted by every command.
struct Arguments: Sendable {
    var positionals: [String] = []
    private var values: [String: String] = [:]
    private var switches: Set<String> = []

    init(_ arguments: [String], options: [OptionSpec], command: String) throws {
        let options = options + OptionSpec.global
        // `help` and `--version` are not commands with a help page of their own.
        let hint = command == "help" || command.hasPrefix("-") ? "" : " (see 'bench help \(command)')"
        var index = 0
        var onlyPositionals = false
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if onlyPositionals {
                positionals.append(argument)
                continue
            }
            if argument == "--" {
                onlyPositionals = true
                continue
            }
            if argument == "-h" {
                try insertSwitch("help")
                continue
            }
            guard argument.hasPrefix("--") else {
                // `-` is standard input; `-3` a number; anything else starting with `-` is a
                // mistyped option, not a scene or path data (which never start with `-`).
                if argument.hasPrefix("-"), argument.count > 1, Double(argument) == nil {
                    throw CLIError.usage("unknown option \(quoted(argument)) for 'bench \(command)'\(hint)", value: argument)
                }
                positionals.append(argument)
                continue
            }
            var name = String(argument.dropFirst(2))
            var inlineValue: String?
            if let equals = name.firstIndex(of: "=") {
                inlineValue = String(name[name.index(after: equals)...])
                name = String(name[..<equals])
            }
            guard let spec = options.first(where: { $0.name == name }) else {
                throw CLIError.usage("unknown option \(quoted("--" + name)) for 'bench \(command)'\(hint)", value: "--" + name)
            }
            guard let placeholder = spec.value else {
                if let inlineValue {
                    throw CLIError.usage("option '--\(name)' takes no value, got \(quoted(inlineValue))", option: name, value: inlineValue)
                }
                try insertSwitch(name)
                continue
            }
            let value: String
            if let inlineValue {
                value = inlineValue
            } else {
                guard index < arguments.count else {
                    throw CLIError.usage("option '--\(name)' needs a value (\(placeholder))", option: name)
                }
                value = arguments[index]
                index += 1
                if value.hasPrefix("--") || value == "-h" {
                    throw CLIError.usage(
                        "option '--\(name)' needs a value (\(placeholder)), got the option \(quoted(value)); write --\(name)=VALUE for a value that starts with '-'",
                        option: name, value: value)
                }
            }
            guard !value.isEmpty else {
                throw CLIError.usage("option '--\(name)' needs a value (\(placeholder)), got '' (an empty value)", option: name, value: value)
            }
            guard values[name] == nil else { throw CLIError.usage("option '--\(name)' given twice", option: name, value: value) }
            try spec.check(value)
            values[name] = value
        }
    }

    private mutating func insertSwitch(_ name: String) throws {
        guard switches.insert(name).inserted else {
            throw CLIError.usage("option '--\(name)' given twice", option: name)
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
        return try parseWhole(text, option: name, in: range)
    }

    /// One of a fixed set of words.
    func choice(_ name: String, _ allowed: [String]) throws -> String? {
        guard let text = values[name] else { return nil }
        guard allowed.contains(text) else {
            throw CLIError.usage("--\(name) expects one of \(allowed.joined(separator: ", ")), got \(quoted(text))", option: name, value: text, expected: allowed)
        }
        return text
    }

    /// Fails when there are more positionals than the command takes.
    func requirePositionals(atMost count: Int, command: String) throws {
        if positionals.count > count {
            throw CLIError.usage("unexpected argument \(quoted(positionals[count])) for 'bench \(command)'", value: positionals[count])
        }
    }
}

func parseWhole(_ text: String, option name: String, in range: ClosedRange<Int>) throws -> Int {
    guard let value = Int(text) else {
        throw CLIError.usage(
            "--\(name) expects a whole number, got \(quoted(text)) (from \(range.lowerBound) to \(range.upperBound))", option: name, value: text)
    }
    guard range.contains(value) else {
        throw CLIError.usage("--\(name) must be between \(range.lowerBound) and \(range.upperBound), got \(value)", option: name, value: text)
    }
    return value
}

func parseNumber(_ text: String, option: String, greaterThan lower: Double? = nil, atLeast minimum: Double? = nil) throws -> Double {
    guard let value = Double(text), value.isFinite else {
        throw CLIError.usage("--\(option) expects a finite number, got \(quoted(text))", option: option, value: text)
    }
    if let lower, !(value > lower) {
        throw CLIError.usage("--\(option) must be greater than \(lower.formatted), got \(text)", option: option, value: text)
    }
    if let minimum, !(value >= minimum) {
        throw CLIError.usage("--\(option) must be at least \(minimum.formatted), got \(text)", option: option, value: text)
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
