import Foundation
import Testing

@testable import BenchCLI

/// Every command's option table (issue 23), walked: each option that takes a number declares a
/// numeric kind, each numeric option refuses non-finite, overflowing and out-of-range values
/// while the command line is parsed (exit 2, one line naming the option and the value), and
/// each declared cross-option rule fires with its own words.
@Suite struct OptionTableTests {
    /// The options whose value is text by nature: files, folders, names, patterns and the
    /// grammars a command parses itself (`--frames load:NAME`, `--timing ease-in`). Every other
    /// option that takes a value must be a choice or a number of some kind; an option added to
    /// a table has to be put on one side.
    static let textOptions: Set<String> = [
        "json", "out", "run", "compare", "save-baseline", "baselines", "history", "history-name", "filter",
        "svg", "svg-dir", "timing", "frames", "trace", "trace-out", "object", "layer", "system", "format",
    ]

    /// Every command with its table, `bench help` included.
    static let commands: [Command] = Bench.commands + [Bench.helpCommand]

    /// Each numeric option of each command, with its kind.
    static let numericOptions: [(command: String, option: OptionSpec)] = commands.flatMap { command in
        command.options.filter(\.kind.isNumeric).map { (command.name, $0) }
    }

    @Test func everyOptionThatTakesANumberHasANumericKind() {
        for command in Self.commands {
            for option in command.options + OptionSpec.global where option.value != nil {
                let label = "bench \(command.name) --\(option.name)"
                switch option.kind {
                case .text:
                    #expect(Self.textOptions.contains(option.name), "\(label) takes text: declare its kind, or list it among the text options")
                case .choice(let words):
                    #expect(!words.isEmpty, "\(label)")
                case .number, .numbers, .whole, .wholes, .seed:
                    #expect(!Self.textOptions.contains(option.name), "\(label) is numeric here and text elsewhere")
                }
            }
        }
        // The walk covers what it should: the numeric options of the scene, spring, fling and
        // path commands are among them.
        let names = Set(Self.numericOptions.map { "\($0.command) --\($0.option.name)" })
        for expected in [
            "validate --hz", "validate --max-snap", "validate --seed", "validate --load-seed", "validate --hitch-grades",
            "spring --stiffness", "spring --at", "spring --max-error", "fling --velocity", "fling --hz", "drag --target",
            "path --samples", "path --accuracy", "integrators --substeps", "integrators --duration", "run --threshold",
            "history --max-pvalue", "plot --width", "sample --count", "accuracy --ladder",
        ] {
            #expect(names.contains(expected), "\(expected) is not a numeric option")
        }
    }

    /// The values every numeric option refuses: not numbers, infinities, and numbers that
    /// overflow a Double.
    static let unnumbers = ["nan", "inf", "-1e999", "1e999"]

    /// A value just outside the option's range, when it has one.
    static func outside(_ kind: OptionSpec.Kind) -> String? {
        switch kind {
        case .number(let range), .numbers(let range, _): range.outside.map { "\($0)" }
        case .whole(let range, _), .wholes(let range, _): "\(range.upperBound + 1)"
        case .seed: "18446744073709551616"
        case .text, .choice: nil
        }
    }

    /// The first usage error of `bench COMMAND ARGUMENTS` as `bench` parses and validates it,
    /// without running the command; `nil` when the command line is accepted.
    static func refusal(_ command: String, _ arguments: [String]) -> CLIError? {
        do {
            let (command, parsed) = try Bench.commandLine(command, arguments)
            try command.validate(parsed)
            return nil
        } catch let error as CLIError {
            return error
        } catch {
            return CLIError(.checkFailed, "not a CLIError: \(error)")
        }
    }

    @Test(arguments: numericOptions.map { [$0.command, $0.option.name] })
    func badNumbersAreRefusedNamingTheOptionAndTheValue(_ pair: [String]) throws {
        let (command, name) = (pair[0], pair[1])
        let option = try #require(Self.commands.first { $0.name == command }?.options.first { $0.name == name })
        var values = Self.unnumbers
        if let outside = Self.outside(option.kind) { values.append(outside) }
        if case .seed = option.kind { values.append("-1") }
        for value in values {
            let error = Self.refusal(command, ["--\(name)=\(value)"])
            #expect(error?.code == .usage, "bench \(command) --\(name) \(value) was \(error.map { "refused: \($0.message)" } ?? "accepted")")
            guard let message = error?.message else { continue }
            #expect(!message.contains("\n"))
            #expect(message.hasPrefix("--\(name) "), "\(message)")
            #expect(message.contains(value), "bench \(command) --\(name) \(value): \(message)")
        }
    }

    /// A value of the option's kind that the table accepts (for command lines that break a rule
    /// and nothing else).
    static func acceptedValue(_ option: OptionSpec) -> String? {
        guard option.value != nil else { return nil }
        switch option.kind {
        case .text: return "x"
        case .choice(let words): return words[0]
        case .number(let range), .numbers(let range, _):
            let candidates: [Double] = [1, 0.5, 0.01, 0, 60, -1, 1e7]
            return candidates.first { range.problem(with: $0) == nil }.map { "\($0)" }
        case .whole(let range, _), .wholes(let range, _): return "\(range.lowerBound)"
        case .seed: return "1"
        }
    }

    static func words(_ name: String, in command: Command) -> [String] {
        guard let option = command.options.first(where: { $0.name == name }) else { return ["--\(name)"] }
        return ["--\(name)"] + (acceptedValue(option).map { [$0] } ?? [])
    }

    static let rules: [(command: String, index: Int)] = commands.flatMap { command in
        command.rules.indices.map { (command.name, $0) }
    }

    @Test func commandsDeclareTheirRules() {
        for name in ["fling", "integrators", "run", "sample", "spring", "validate", "plot", "report"] {
            #expect(Self.commands.first { $0.name == name }?.rules.isEmpty == false, "bench \(name)")
        }
    }

    /// Each rule names options of its command's table and is listed on the whole help page.
    @Test func rulesNameTheirCommandsOptions() {
        for command in Self.commands {
            let names = Set(command.options.map(\.name))
            for rule in command.rules {
                for name in rule.names { #expect(names.contains(name), "bench \(command.name): --\(name) in a rule is not in the table") }
                #expect(command.fullHelp.contains(rule.summary), "bench \(command.name) --help-all lacks '\(rule.summary)'")
            }
        }
    }

    @Test(arguments: rules.map { [$0.command, "\($0.index)"] })
    func eachRuleFires(_ pair: [String]) throws {
        let command = try #require(Self.commands.first { $0.name == pair[0] })
        let rule = command.rules[Int(pair[1])!]
        var arguments = Self.words(rule.option, in: command)
        if rule.relation == .excludes { arguments += Self.words(rule.others[0], in: command) }
        // Satisfy any other rule the line breaks first (--seed with --load-seed needs --engines).
        var error = Self.refusal(command.name, arguments)
        for _ in 0..<4 {
            guard let parsed = try? Bench.commandLine(command.name, arguments).arguments,
                  let other = command.rules.first(where: { $0.violation(in: parsed) != nil }),
                  other.template != rule.template, other.relation == .requires, !arguments.contains("--" + other.others[0]) else { break }
            arguments += Self.words(other.others[0], in: command)
            error = Self.refusal(command.name, arguments)
        }
        let value = command.options.first { $0.name == rule.option }.flatMap(Self.acceptedValue) ?? ""
        let expected = rule.template.replacingOccurrences(of: "{other}", with: "--" + rule.others[0])
            .replacingOccurrences(of: "{quoted value}", with: quoted(value)).replacingOccurrences(of: "{value}", with: value)
        #expect(error?.code == .usage && error?.message == expected,
                "bench \(command.name) \(arguments.joined(separator: " ")): \(error?.message ?? "accepted"), expected \(expected)")
        // Without the offending option the line no longer breaks this rule.
        var kept: [String] = []
        var index = 0
        while index < arguments.count {
            defer { index += 1 }
            guard arguments[index] == "--" + rule.option else { kept.append(arguments[index]); continue }
            if index + 1 < arguments.count, !arguments[index + 1].hasPrefix("--") { index += 1 }
        }
        #expect(Self.refusal(command.name, kept)?.message != expected, "bench \(command.name) \(kept.joined(separator: " "))")
    }

    /// Through the built executable: a bad number is exit 2 and one line on stderr, before any
    /// work, for one numeric option of each command that has one.
    @Test func theExecutableRefusesABadNumberWithOneLine() throws {
        var seen = Set<String>()
        for (command, option) in Self.numericOptions where seen.insert(command).inserted {
            for value in ["nan", Self.outside(option.kind)].compactMap({ $0 }) {
                let run = try runBench([command, "--\(option.name)=\(value)"], timeout: 60)
                #expect(run.code == 2, "bench \(command) --\(option.name)=\(value): exit \(run.code)")
                #expect(run.stdout.isEmpty)
                let lines = run.stderr.split(separator: "\n")
                #expect(lines.count == 1 && lines[0].hasPrefix("bench: --\(option.name) ") && lines[0].contains(value), "\(run.stderr)")
            }
        }
    }
}
