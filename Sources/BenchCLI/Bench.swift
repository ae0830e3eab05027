/// The `bench` command line: parse, dispatch, print. Every command lives in `Commands/`.
public enum Bench {
    public static let version = "0.1.0"

    /// Runs `bench` with `arguments` (without the program name) and returns the exit code.
    public static func main(_ arguments: [String], environment: [String: String]) -> Int32 {
        let console = Console.current(environment: environment)
        do {
            return try dispatch(arguments, console: console).rawValue
        } catch let error as CLIError {
            console.clearProgress()
            console.err("bench: \(escapingUnusualCharacters(error.message))")
            return error.code.rawValue
        } catch {
            console.clearProgress()
            let message = String(describing: error).split(whereSeparator: \.isNewline).joined(separator: " ")
            console.err("bench: \(escapingUnusualCharacters(message))")
            return ExitCode.usage.rawValue
        }
    }

    /// Finds the command, parses its arguments strictly (every one must mean something: no
    /// command, `--version` or `--help` ignores what follows it) and runs it in its ``Layout``.
    static func dispatch(_ arguments: [String], console: Console) throws -> ExitCode {
        // Global switches may come before the command: `bench --wide validate`.
        let leading = Array(arguments.prefix { $0 == "--wide" })
        let remaining = Array(arguments.dropFirst(leading.count))
        let first = remaining.first
        let name: String
        var rest: [String]
        switch first {
        case "--version", "version": (name, rest) = ("--version", leading + remaining.dropFirst())
        case "--help", "-h", "help": (name, rest) = ("help", leading + remaining.dropFirst())
        case let word? where !word.hasPrefix("-"): (name, rest) = (word, leading + remaining.dropFirst())
        default: (name, rest) = ("all", arguments)  // Options with no command belong to the main job: `bench --quick`.
        }

        switch name {
        case "--version":
            let parsed = try Arguments(rest, options: [], command: "--version")
            try parsed.requirePositionals(atMost: 0, command: "--version")
            guard !parsed.has("help") else { throw CLIError.usage("'bench --version' takes no options, got '--help'", value: "--help") }
            console.out("bench (Flightline) \(version), GSL \(gslVersionString), \(buildSummary)")
            return .success
        case "help":
            let parsed = try Arguments(rest, options: [helpAllOption], command: "help")
            try parsed.requirePositionals(atMost: 1, command: "help")
            var topic: Command?
            if let name = parsed.positionals.first {
                guard let command = command(named: name) else {
                    throw CLIError.usage("unknown command \(quoted(name)) (commands: \(commandNames))", value: name)
                }
                topic = command
            }
            let all = parsed.has("all")
            Layout.$current.withValue(layout(parsed, console)) {
                console.out(topic.map { all ? $0.fullHelp : $0.help } ?? reflowed(overview))
            }
            return .success
        default:
            let (command, parsed) = try commandLine(name, rest)
            return try Layout.$current.withValue(layout(parsed, console)) {
                if parsed.has("help") || parsed.has("help-all") {
                    console.out(parsed.has("help-all") ? command.fullHelp : command.help)
                    return .success
                }
                try command.validate(parsed)
                // A reader's warnings are printed once the command has run without an error.
                let warnings = DeferredWarnings()
                let code = try DeferredWarnings.$current.withValue(warnings) { try command.run(parsed, console) }
                for line in warnings.all { console.err(line) }
                return code
            }
        }
    }

    /// The command `name` and its arguments parsed by its option table: each value checked
    /// against its option's kind. The cross-option rules are the command's `validate`, after a
    /// request for help has been answered.
    static func commandLine(_ name: String, _ rest: [String]) throws -> (command: Command, arguments: Arguments) {
        guard let command = command(named: name) else {
            throw CLIError.usage("unknown command \(quoted(name)) (commands: \(commandNames))", value: name)
        }
        return (command, try Arguments(rest, options: command.options, command: name))
    }

    /// The width of this command's output: the terminal's, or unlimited with `--wide`.
    /// A command's own `--width W` (`bench plot`) widens it to W: what the user asked for wins.
    static func layout(_ arguments: Arguments, _ console: Console) -> Layout {
        var layout = Layout.resolve(wide: arguments.has("wide"), environment: console.environment, stdoutIsTerminal: console.stdoutIsTerminal)
        if let fitted = layout.width, let asked = arguments.string("width").flatMap({ Int($0) }) {
            layout.width = max(fitted, asked)
        }
        return layout
    }

    static func command(named name: String) -> Command? { name == "help" ? helpCommand : commands.first { $0.name == name } }

    /// `bench help --all`: the whole page of a command.
    static let helpAllOption = OptionSpec.flag("all", "the whole page: every option explained, and the details")

    /// `bench help [COMMAND]` described like any command, so `bench help help` answers.
    static let helpCommand = Command(
        name: "help", synopsis: "[COMMAND] [--all]",
        summary: "the command list, or a command's help (a screen; --all for the whole page)",
        details: "'bench COMMAND --help' is 'bench help COMMAND'; 'bench COMMAND --help-all' is 'bench help COMMAND --all'.",
        options: [helpAllOption],
        positionalLimit: 1,
        run: { _, _ in .success })
    static var commandNames: String { commands.map(\.name).joined(separator: ", ") }

    static var overview: String {
        let width = commands.map(\.name.count).max() ?? 0
        var lines = [
            "bench — Flightline: is this motion smooth at 60 and 120 Hz, which integrator should drive",
            "this spring, and how fast and exact are the curve kernels?",
            "",
            "usage: bench [COMMAND] [OPTIONS]      (no command: the main job, 'bench all')",
            "",
            "commands:",
        ]
        for command in commands {
            lines.append("  " + command.name + String(repeating: " ", count: width - command.name.count + 2) + command.summary)
        }
        lines += [
            "",
            "'bench help COMMAND' or 'bench COMMAND --help' for a command's help (a screen);",
            "'bench help COMMAND --all' or 'bench COMMAND --help-all' for the whole page.",
            "",
            "--wide (every command): print everything unabridged; by default the output fits the terminal",
            "(80 columns when piped; COLUMNS sets the width).",
            "",
            "path data ('bench path DATA', 'bench validate --svg DATA') may also be '-' (read standard input)",
            "or @FILE (read a file): for paths longer than the 128 KiB a single argument may hold.",
            "",
            "exit codes: 0 ok, 1 a check failed (janky, regression), 2 bad usage or input, 3 a reference failed",
        ]
        return lines.joined(separator: "\n")
    }

    /// Every subcommand, in the order the overview lists them.
    static let commands: [Command] = [
        allCommand,
        validateCommand,
        reportCommand,
        integratorsCommand,
        runCommand,
        historyCommand,
        mergeCommand,
        plotCommand,
        sampleCommand,
        pathCommand,
        springCommand,
        flingCommand,
        dragCommand,
        accuracyCommand,
        listCommand,
    ]
}
