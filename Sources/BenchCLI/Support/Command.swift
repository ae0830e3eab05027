/// One `bench` subcommand: its contract (synopsis, options) and what it does.
struct Command: Sendable {
    let name: String
    /// The usage line after `bench NAME`, as in docs/design.md §2.
    let synopsis: String
    /// One line for the command list.
    let summary: String
    /// More help, printed by `bench help NAME`.
    let details: String
    let options: [OptionSpec]
    /// The most positional arguments the command takes (`0`: none); `nil` for any number. The
    /// first check of ``validate(_:)``; what the positionals must be is ``validation``'s.
    var positionalLimit: Int? = nil
    /// The rules between options that presence alone decides, checked in order after parsing.
    var rules: [OptionRule] = []
    /// The cross-option rules that depend on values (and the checks of the positionals), checked
    /// after ``rules``: the command's one place for them, each shared piece
    /// (`SceneSelection.validate`, `SpringOptions.validate`, `FrameDeliveryOption.validate`)
    /// listed there, so everything is checked before the command runs.
    var validation: (@Sendable (Arguments) throws -> Void)? = nil
    let run: @Sendable (Arguments, Console) throws -> ExitCode

    /// The command's one check of its options together, after each value was checked against
    /// its kind while parsing: the number of positionals (``positionalLimit``), the declared
    /// ``rules``, then ``validation``. `bench` calls it before ``run``; it writes nothing.
    func validate(_ arguments: Arguments) throws {
        if let positionalLimit { try arguments.requirePositionals(atMost: positionalLimit, command: name) }
        for rule in rules {
            if let error = rule.violation(in: arguments) { throw error }
        }
        try validation?(arguments)
    }

    /// The help a screen holds: usage, summary, the first paragraph of the details, the option
    /// names, the exit codes, and where the rest is. A page that fits ``screenLines`` anyway is
    /// shown whole.
    var help: String {
        let whole = fullHelp
        // Counted as printed: wrapped to the output's width.
        let printed = Layout.current.fitted(whole).split(separator: "\n", omittingEmptySubsequences: false).count
        guard printed > Command.screenLines else { return whole }
        var lines = ["usage: bench \(name) \(synopsis)", "", summary]
        // The first paragraph of the details says what the command does; lists and the rest
        // are on the whole page.
        if let first = details.components(separatedBy: "\n\n").first, !first.isEmpty {
            let paragraph = first.split(separator: "\n").prefix { !$0.hasSuffix(":") }.joined(separator: "\n")
            if !paragraph.isEmpty { lines += ["", reflowed(paragraph)] }
        }
        lines += ["", "options (each explained by 'bench help \(name) --all'):"]
        lines.append("  " + (options + OptionSpec.global).map(optionLabel).joined(separator: ", "))
        lines += ["", exitCodeSummary, "", "'bench help \(name) --all' (or 'bench \(name) --help-all'): every option explained, and the details."]
        return lines.joined(separator: "\n")
    }

    /// Every line of help: usage, summary, details, each option explained, the exit codes.
    var fullHelp: String {
        var lines = ["usage: bench \(name) \(synopsis)", "", summary]
        if !details.isEmpty { lines += ["", reflowed(details)] }
        // Every command takes the global switches; they close the list.
        let allOptions = options + OptionSpec.global
        lines += ["", "options:"]
        let width = allOptions.map { optionLabel($0).count }.max() ?? 0
        for option in allOptions {
            let label = optionLabel(option)
            lines.append("  " + label + String(repeating: " ", count: width - label.count + 2) + option.helpLine)
        }
        if !rules.isEmpty {
            lines += ["", "option rules: " + rules.map(\.summary).joined(separator: "; ")]
        }
        lines += ["", exitCodeSummary]
        return lines.joined(separator: "\n")
    }

    /// A help page longer than this many lines (a terminal's screen) is shortened; the whole
    /// page is `--help-all`.
    static let screenLines = 50

    /// `exit codes: 0 …, 1 …, 2 …` for this command.
    var exitCodeSummary: String {
        "exit codes: " + exitCodes.map { "\($0.code.rawValue) \($0.meaning)" }.joined(separator: "; ")
    }

    private func optionLabel(_ option: OptionSpec) -> String {
        "--\(option.name)" + (option.value.map { " \($0)" } ?? "")
    }
}
