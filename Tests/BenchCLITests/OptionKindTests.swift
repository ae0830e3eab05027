import Testing

@testable import BenchCLI

/// The option table's value kinds (issue 23): a value is checked against its option's kind
/// while the command line is parsed, with the words the typed readers use, whether or not the
/// command reads that option later.
@Suite struct OptionKindTests {
    static let options: [OptionSpec] = [
        .choice("mode", ["linear", "paced", "both"], "path timing"),
        .number("max-snap", "PT", "largest snap", greaterThan: 0),
        .whole("count", "N", "how many", in: 1...10),
        .option("json", "FILE", "where"),
    ]

    static func usage(_ arguments: [String]) -> String? {
        do {
            _ = try Arguments(arguments, options: options, command: "test")
            return nil
        } catch let error as CLIError {
            return error.message
        } catch {
            return "\(error)"
        }
    }

    @Test func valuesOfTheirKindParse() throws {
        let parsed = try Arguments(
            ["--mode", "paced", "--max-snap=0.25", "--count", "10", "--json", "-"], options: Self.options, command: "test")
        #expect(parsed.string("mode") == "paced")
        #expect(parsed.number("max-snap") == 0.25)
        #expect(parsed.whole("count") == 10)
    }

    @Test(arguments: [
        (["--mode", "fast"], "--mode expects one of linear, paced, both, got 'fast'"),
        (["--max-snap", "nan"], "--max-snap expects a finite number, got 'nan'"),
        (["--max-snap", "0"], "--max-snap must be greater than 0, got 0"),
        (["--count", "11"], "--count must be between 1 and 10, got 11"),
        (["--count", "2.5"], "--count expects a whole number, got '2.5' (from 1 to 10)"),
    ])
    func badValuesAreRefusedWhileParsing(_ arguments: [String], _ message: String) {
        #expect(Self.usage(arguments) == message)
    }

    /// Every choice option a command declares accepts exactly what its help lists.
    @Test func commandsDeclareTheirChoices() {
        let choices = Bench.commands.flatMap(\.options).compactMap { option -> (String, [String])? in
            if case .choice(let words) = option.kind { return (option.name, words) }
            return nil
        }
        #expect(Set(choices.map(\.0)).isSuperset(of: ["mode", "clock", "color", "platform", "quantity", "browser"]))
        for (name, words) in choices { #expect(!words.isEmpty && Set(words).count == words.count, "--\(name)") }
    }

    @Test func aChoiceShowsItsChoicesInHelp() {
        #expect(Self.options[0].value == "linear|paced|both")
        #expect(OptionSpec.choice("clock", "CLOCK", ["target", "now"], "").value == "CLOCK")
        #expect(Self.options[3].kind == .text)
    }
}
