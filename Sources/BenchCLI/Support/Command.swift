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
    let run: @Sendable (Arguments, Console) throws -> ExitCode

    var help: String {
        var lines = ["usage: bench \(name) \(synopsis)", "", summary]
        if !details.isEmpty { lines += ["", reflowed(details)] }
        // Every command takes the global switches; they close the list.
        let allOptions = options + OptionSpec.global
        lines += ["", "options:"]
        let width = allOptions.map { optionLabel($0).count }.max() ?? 0
        for option in allOptions {
            let label = optionLabel(option)
            lines.append("  " + label + String(repeating: " ", count: width - label.count + 2) + option.help)
        }
        return lines.joined(separator: "\n")
    }

    private func optionLabel(_ option: OptionSpec) -> String {
        "--\(option.name)" + (option.value.map { " \($0)" } ?? "")
    }
}
