/// One option a command accepts: `--name VALUE` (or `--name=VALUE`), or a bare `--name` switch.
///
/// A command's options are a table of these: parsing (`Arguments`), the check of each value
/// against its ``Kind`` (a number's range included) and the help pages are all made from it, so
/// a command reads only values that are already well-formed, through the typed readers of
/// ``Arguments``, and its help always lists what the parser accepts. What depends on several
/// options is the command's ``OptionRule`` list and its `validate` (`Command`); what depends on a
/// file or a model is checked where that is read.
struct OptionSpec: Sendable {
    /// What a value must be, checked while the command line is parsed.
    enum Kind: Sendable, Equatable {
        /// Any non-empty text: a file, a name, a grammar the command parses itself.
        case text
        /// One of these words.
        case choice([String])
        /// A finite number within the range.
        case number(NumberRange)
        /// Comma-separated finite numbers (`0,12.5,100`), each within the range, as many as
        /// `count` allows.
        case numbers(NumberRange, count: ListLength = .any)
        /// A whole number in the range; `orWord`, when given, is accepted in its place (`all`).
        case whole(ClosedRange<Int>, orWord: String? = nil)
        /// Comma-separated whole numbers, each in the range, as many as `count` allows.
        case wholes(ClosedRange<Int>, count: ListLength = .any)
        /// A seed: a whole number 0…2⁶⁴−1.
        case seed

        /// Whether the value is a number or a list of them.
        var isNumeric: Bool {
            switch self {
            case .text, .choice: false
            case .number, .numbers, .whole, .wholes, .seed: true
            }
        }

        /// What the kind accepts, as help states it after the option's description
        /// (`1…1000`, `> 0`, `at most 8 rates, each 1…1000`, `1…1000000 or all`); empty for
        /// text, a choice (its words are the placeholder) and an unbounded number.
        var rangeText: String {
            switch self {
            case .text, .choice: return ""
            case .number(let range): return range.text
            case .numbers(let range, let count): return ListLength.text(count, each: range.text)
            case .whole(let range, let word): return "\(range.lowerBound)…\(range.upperBound)" + (word.map { " or \($0)" } ?? "")
            case .wholes(let range, let count): return ListLength.text(count, each: "\(range.lowerBound)…\(range.upperBound)")
            case .seed: return "0…\(UInt64.max)"
            }
        }
    }

    let name: String
    /// The placeholder shown in help (`S,…`, `FILE`); `nil` for a switch that takes no value.
    let value: String?
    let help: String
    var kind: Kind = .text

    /// The line help prints: the description, then the range the kind enforces, generated
    /// (`frame rates … (default 60,120) [at most 8 rates, each 1…1000]`).
    var helpLine: String {
        let range = kind.rangeText
        return range.isEmpty ? help : "\(help) [\(range)]"
    }

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
        OptionSpec(name: name, value: value, help: help, kind: .number(NumberRange(greaterThan: greaterThan, atLeast: atLeast)))
    }
    /// `--name X`: a finite number within `range`.
    static func number(_ name: String, _ value: String, _ help: String, in range: NumberRange) -> OptionSpec {
        OptionSpec(name: name, value: value, help: help, kind: .number(range))
    }
    /// `--name X,…`: comma-separated finite numbers, each within `range`, as many as `count` allows.
    static func numbers(_ name: String, _ value: String, _ help: String, in range: NumberRange = NumberRange(), count: ListLength = .any) -> OptionSpec {
        OptionSpec(name: name, value: value, help: help, kind: .numbers(range, count: count))
    }
    /// `--name N`: a whole number within `range`.
    static func whole(_ name: String, _ value: String, _ help: String, in range: ClosedRange<Int>) -> OptionSpec {
        OptionSpec(name: name, value: value, help: help, kind: .whole(range))
    }
    /// `--name N,…`: comma-separated whole numbers, each within `range`, as many as `count` allows.
    static func wholes(_ name: String, _ value: String, _ help: String, in range: ClosedRange<Int>, count: ListLength = .any) -> OptionSpec {
        OptionSpec(name: name, value: value, help: help, kind: .wholes(range, count: count))
    }
    /// `--name N`: a seed, 0…2⁶⁴−1.
    static func seed(_ name: String, _ help: String) -> OptionSpec {
        OptionSpec(name: name, value: "N", help: help, kind: .seed)
    }

    /// The value as its kind reads it, or a one-line usage error naming the option, the value
    /// and what was expected (`--mode expects one of linear, paced, both, got 'fast'`,
    /// `--hz must be at least 1, got 0`).
    func parse(_ value: String) throws -> Parsed {
        switch kind {
        case .text:
            return .text
        case .choice(let choices):
            guard choices.contains(value) else {
                throw CLIError.usage("--\(name) expects one of \(choices.joined(separator: ", ")), got \(quoted(value))", option: name, value: value, expected: choices)
            }
            return .text
        case .number(let range):
            return .number(try parseNumber(value, option: name, in: range))
        case .numbers(let range, let count):
            // Each item first (a bad one is named), then how many there are.
            let numbers = try listItems(value).map { try parseNumber($0, option: name, in: range) }
            try count.check(numbers.count, option: name, value: value, placeholder: self.value ?? "")
            return .numbers(numbers)
        case .whole(let range, let word):
            if let word {
                if value == word { return .text }
                guard let whole = Int(value), range.contains(whole) else {
                    throw CLIError.usage("--\(name) expects \(word) or a whole number from \(range.lowerBound) to \(range.upperBound), got \(quoted(value))", option: name, value: value)
                }
                return .whole(whole)
            }
            return .whole(try parseWhole(value, option: name, in: range))
        case .wholes(let range, let count):
            let wholes = try listItems(value).map { item in
                guard let whole = Int(item), range.contains(whole) else {
                    throw CLIError.usage("--\(name) expects whole numbers from \(range.lowerBound) to \(range.upperBound), comma-separated, got \(quoted(item))", option: name, value: item)
                }
                return whole
            }
            try count.check(wholes.count, option: name, value: value, placeholder: self.value ?? "")
            return .wholes(wholes)
        case .seed:
            guard let seed = UInt64(value) else {
                throw CLIError.usage("--\(name) expects a whole number from 0 to \(UInt64.max), got \(quoted(value))", option: name, value: value)
            }
            return .seed(seed)
        }
    }

    /// A value read by its kind.
    enum Parsed: Sendable {
        case text, number(Double), numbers([Double]), whole(Int), wholes([Int]), seed(UInt64)
    }

    /// The items of a comma-separated list, spaces around each dropped (`1, 2` is `1,2`).
    private func listItems(_ value: String) -> [String] {
        value.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
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
    /// Each numeric value as its kind read it while parsing.
    private var parsed: [String: OptionSpec.Parsed] = [:]

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
            parsed[name] = try spec.parse(value)
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

    // The typed readers return what the option table already checked; asking one for an option
    // the table does not declare of that kind is a programming error (OptionTableTests walks
    // every table), not bad input.

    /// A ``OptionSpec/Kind/number(_:)`` option's value.
    func number(_ name: String) -> Double? {
        guard let value = parsed[name] else { return nil }
        guard case .number(let number) = value else { undeclared(name, "a number") }
        return number
    }

    /// A ``OptionSpec/Kind/numbers(_:)`` option's values, in the order given.
    func numbers(_ name: String) -> [Double]? {
        guard let value = parsed[name] else { return nil }
        guard case .numbers(let numbers) = value else { undeclared(name, "numbers") }
        return numbers
    }

    /// A ``OptionSpec/Kind/whole(_:orWord:)`` option's value; `nil` also for its word.
    func whole(_ name: String) -> Int? {
        guard let value = parsed[name] else { return nil }
        if case .text = value { return nil }
        guard case .whole(let whole) = value else { undeclared(name, "a whole number") }
        return whole
    }

    /// A ``OptionSpec/Kind/wholes(_:)`` option's values, in the order given.
    func wholes(_ name: String) -> [Int]? {
        guard let value = parsed[name] else { return nil }
        guard case .wholes(let wholes) = value else { undeclared(name, "whole numbers") }
        return wholes
    }

    /// A ``OptionSpec/Kind/seed`` option's value.
    func seed(_ name: String) -> UInt64? {
        guard let value = parsed[name] else { return nil }
        guard case .seed(let seed) = value else { undeclared(name, "a seed") }
        return seed
    }

    private func undeclared(_ name: String, _ kind: String) -> Never {
        preconditionFailure("--\(name) is read as \(kind), but its option table does not declare it so")
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
    try parseNumber(text, option: option, in: NumberRange(greaterThan: lower, atLeast: minimum))
}

func parseNumber(_ text: String, option: String, in range: NumberRange) throws -> Double {
    guard let value = Double(text), value.isFinite else {
        throw CLIError.usage("--\(option) expects a finite number, got \(quoted(text))", option: option, value: text)
    }
    if let problem = range.problem(with: value) {
        throw CLIError.usage("--\(option) \(problem), got \(text)", option: option, value: text)
    }
    return value
}

/// Where a number option's value must lie: any of a strict and an inclusive lower bound, and a
/// strict and an inclusive upper bound.
///
/// A value outside is refused with the bound it breaks, checked in that order (`must be greater
/// than 0`, `must be at least 1`, `must be below 1`, `must be at most 60`); `wording`, when
/// given, replaces the words for `atLeast`, `below` and `atMost` where the range is better said
/// whole (`must be from 1 to 1000 frames per second`).
struct NumberRange: Sendable, Equatable {
    var greaterThan: Double?
    var atLeast: Double?
    var below: Double?
    var atMost: Double?
    var wording: String?

    init(greaterThan: Double? = nil, atLeast: Double? = nil, below: Double? = nil, atMost: Double? = nil, wording: String? = nil) {
        self.greaterThan = greaterThan
        self.atLeast = atLeast
        self.below = below
        self.atMost = atMost
        self.wording = wording
    }

    /// What is wrong with a finite `value`, in the words after the option's name; `nil` when it
    /// is within the range.
    func problem(with value: Double) -> String? {
        if let greaterThan, !(value > greaterThan) { return "must be greater than \(greaterThan.formatted)" }
        if let atLeast, !(value >= atLeast) { return wording ?? "must be at least \(atLeast.formatted)" }
        if let below, !(value < below) { return wording ?? "must be below \(below.formatted)" }
        if let atMost, !(value <= atMost) { return wording ?? "must be at most \(atMost.formatted)" }
        return nil
    }

    /// The range as help states it: `1…1000` when both ends are inclusive, else each bound
    /// (`> 0`, `≥ 0`, `> 0, ≤ 10000000`, `> 0, < 1`); empty when unbounded. Of two lower (or
    /// upper) bounds the tighter is stated.
    var text: String {
        // The tighter lower bound: inclusive `atLeast` above a strict `greaterThan` wins.
        var lower: (value: Double, inclusive: Bool)?
        if let greaterThan { lower = (greaterThan, false) }
        if let atLeast, lower.map({ atLeast > $0.value }) ?? true { lower = (atLeast, true) }
        var upper: (value: Double, inclusive: Bool)?
        if let below { upper = (below, false) }
        if let atMost, upper.map({ atMost < $0.value }) ?? true { upper = (atMost, true) }
        if let lower, let upper, lower.inclusive, upper.inclusive { return "\(lower.value.formatted)…\(upper.value.formatted)" }
        return [
            lower.map { "\($0.inclusive ? "≥" : ">") \($0.value.formatted)" },
            upper.map { "\($0.inclusive ? "≤" : "<") \($0.value.formatted)" },
        ].compactMap { $0 }.joined(separator: ", ")
    }

    /// A finite value just outside the range, for tests of the refusal; `nil` when unbounded.
    var outside: Double? {
        if let greaterThan { return greaterThan }
        if let atLeast { return atLeast - max(1, abs(atLeast)) }
        if let below { return below }
        if let atMost { return atMost + max(1, abs(atMost)) }
        return nil
    }
}

/// How many items a list option (``OptionSpec/Kind/numbers(_:count:)``,
/// ``OptionSpec/Kind/wholes(_:count:)``) takes: checked when the command line is parsed, before
/// its items, and stated in help.
///
/// A list too long is refused as `--hz takes at most 8 rates (each validates every scene
/// again), got 9`; a list of the wrong length where the count is fixed as `--hitch-grades
/// expects two numbers W,C (ms/s), got '5'`; `wording`, when given, replaces the words after the
/// option's name (`--target expects X,Y: two finite numbers within ±1e9, got '1'`).
struct ListLength: Sendable, Equatable {
    /// How many items are accepted.
    var count: ClosedRange<Int>
    /// The items, plural (`rates`), or singular for a count of one.
    var items: String
    /// Why the count is what it is, in parentheses in the refusal (`ms/s`).
    var reason: String?
    /// The refusal's words after the option's name, replacing the generated ones.
    var wording: String?

    /// Any number of items.
    static let any = ListLength(count: 1...Int.max, items: "values")

    /// At most `maximum` items.
    static func atMost(_ maximum: Int, _ items: String, reason: String? = nil) -> ListLength {
        ListLength(count: 1...maximum, items: items, reason: reason)
    }

    /// Exactly `count` items.
    static func exactly(_ count: Int, _ items: String, reason: String? = nil, wording: String? = nil) -> ListLength {
        ListLength(count: count...count, items: items, reason: reason, wording: wording)
    }

    /// Refuses `given` items when the count does not allow them.
    func check(_ given: Int, option: String, value: String, placeholder: String) throws {
        guard !count.contains(given) else { return }
        let why = reason.map { " (\($0))" } ?? ""
        let message: String
        if let wording {
            message = "--\(option) \(wording), got \(quoted(value))"
        } else if count.lowerBound == count.upperBound {
            message = "--\(option) expects \(ListLength.word(count.lowerBound)) \(items) \(placeholder)\(why), got \(quoted(value))"
        } else if given > count.upperBound {
            message = "--\(option) takes at most \(count.upperBound) \(items)\(why), got \(given)"
        } else {
            message = "--\(option) takes at least \(count.lowerBound) \(items)\(why), got \(given)"
        }
        throw CLIError.usage(message, option: option, value: value)
    }

    /// The count and each item's range as help states them: `at most 8 rates, each 1…1000`.
    static func text(_ length: ListLength, each: String) -> String {
        let count: String
        switch (length.count.lowerBound, length.count.upperBound) {
        case (_, Int.max): count = ""
        case (let low, let high) where low == high: count = "\(low) \(length.items)"
        case (1, let high): count = "at most \(high) \(length.items)"
        case (let low, let high): count = "\(low) to \(high) \(length.items)"
        }
        let item = each.isEmpty ? "" : "each \(each)"
        return [count, item].filter { !$0.isEmpty }.joined(separator: ", ")
    }

    /// `two` for 2, as a fixed count reads in a sentence; digits beyond ten.
    private static func word(_ count: Int) -> String {
        let words = ["no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"]
        return words.indices.contains(count) ? words[count] : "\(count)"
    }
}

extension Double {
    /// `2` rather than `2.0` for whole numbers; Swift's shortest round-trip form otherwise.
    var formatted: String {
        if self == rounded(), abs(self) < 1e15 { return String(Int64(self)) }
        return "\(self)"
    }
}
