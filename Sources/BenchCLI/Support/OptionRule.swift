/// A rule between a command's options, checked once the command line is parsed and before the
/// command runs (`Command.validate(_:)`), and listed on the command's whole help page.
///
/// The rules that depend only on which options are present are data here; a rule that depends
/// on an option's value (`--over` only for `--platform android`) is code in the command's
/// `validate`. Each refusal is one line naming the options, in the words the command used
/// before the rules were data (the tests pin them).
struct OptionRule: Sendable {
    enum Relation: Sendable, Equatable {
        /// `option` may not be given with any of `others`.
        case excludes
        /// `option` needs at least one of `others`.
        case requires
    }

    let relation: Relation
    let option: String
    let others: [String]
    /// The refusal's template; by default `--a and --b exclude each other: give one` or `--a needs
    /// --b`. `{other}` in an exclusion's template stands for the other option given (`--b`), `{value}`
    /// for the option's value as given and `{quoted value}` for it quoted (`'my run'`).
    let template: String

    /// `option` cannot be given with any of `others`.
    static func excludes(_ option: String, _ others: [String], _ message: String? = nil) -> OptionRule {
        OptionRule(relation: .excludes, option: option, others: others,
                   template: message ?? "--\(option) and {other} exclude each other: give one")
    }

    /// `option` needs one of `others`.
    static func requires(_ option: String, anyOf others: [String], _ message: String? = nil) -> OptionRule {
        OptionRule(relation: .requires, option: option, others: others,
                   template: message ?? "--\(option) needs \(OptionRule.list(others, "or"))")
    }

    /// The refusal when `arguments` break the rule, `nil` when they keep it.
    func violation(in arguments: Arguments) -> CLIError? {
        guard arguments.has(option) else { return nil }
        let value = arguments.string(option) ?? ""
        let message = template.replacingOccurrences(of: "{quoted value}", with: quoted(value)).replacingOccurrences(of: "{value}", with: value)
        switch relation {
        case .excludes:
            guard let other = others.first(where: { arguments.has($0) }) else { return nil }
            // The error names the option its message names first: the one that does not apply.
            let named = template.hasPrefix("{other}") ? other : option
            return CLIError.usage(message.replacingOccurrences(of: "{other}", with: "--" + other), option: named, value: arguments.string(named))
        case .requires:
            // The value is part of the error where the template has a place for it.
            let namesValue = template.contains("{value}") || template.contains("{quoted value}")
            return others.contains(where: { arguments.has($0) }) ? nil
                : CLIError.usage(message, option: option, value: namesValue ? value : nil, expected: others.map { "--" + $0 })
        }
    }

    /// The rule in help's words: `--viewport needs --pull`, `--extent excludes --pull`.
    var summary: String {
        switch relation {
        case .excludes: "--\(option) not with \(OptionRule.list(others, "or"))"
        case .requires: "--\(option) needs \(OptionRule.list(others, "or"))"
        }
    }

    /// Every option a rule names, for the check that each is in the command's table.
    var names: [String] { [option] + others }

    private static func list(_ names: [String], _ conjunction: String) -> String {
        let flags = names.map { "--" + $0 }
        guard flags.count > 1 else { return flags.first ?? "" }
        return flags.dropLast().joined(separator: ", ") + " \(conjunction) " + flags.last!
    }
}
