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
            console.err("bench: \(error.message)")
            return error.code.rawValue
        } catch {
            console.clearProgress()
            console.err("bench: \(String(describing: error).split(whereSeparator: \.isNewline).joined(separator: " "))")
            return ExitCode.usage.rawValue
        }
    }

    static func dispatch(_ arguments: [String], console: Console) throws -> ExitCode {
        guard let first = arguments.first else {
            return try command(named: "all")!.run(Arguments([], options: command(named: "all")!.options, command: "all"), console)
        }
        switch first {
        case "--version", "version":
            console.out("bench (Flightline) \(version), GSL \(gslVersionString), \(buildConfiguration) build")
            return .success
        case "--help", "-h":
            console.out(overview)
            return .success
        case "help":
            guard arguments.count <= 2 else { throw CLIError.usage("'bench help' takes at most one command name") }
            if arguments.count == 1 {
                console.out(overview)
                return .success
            }
            guard let command = command(named: arguments[1]) else {
                throw CLIError.usage("unknown command '\(arguments[1])' (commands: \(commandNames))")
            }
            console.out(command.help)
            return .success
        default:
            // Options with no command belong to the main job: `bench --quick`.
            let (name, rest) = first.hasPrefix("-") ? ("all", arguments) : (first, Array(arguments.dropFirst()))
            guard let command = command(named: name) else {
                throw CLIError.usage("unknown command '\(name)' (commands: \(commandNames))")
            }
            if rest.contains("--help") || rest.contains("-h") {
                console.out(command.help)
                return .success
            }
            let parsed = try Arguments(rest, options: command.options, command: name)
            return try command.run(parsed, console)
        }
    }

    static func command(named name: String) -> Command? { commands.first { $0.name == name } }
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
            "'bench help COMMAND' or 'bench COMMAND --help' for a command's options.",
            "exit codes: 0 ok, 1 a check failed (janky, regression), 2 bad usage or input, 3 a reference failed",
        ]
        return lines.joined(separator: "\n")
    }

    /// Every subcommand, in the order the overview lists them.
    static let commands: [Command] = [
        allCommand,
        validateCommand,
        integratorsCommand,
        runCommand,
        plotCommand,
        pathCommand,
        springCommand,
        listCommand,
    ]
}
