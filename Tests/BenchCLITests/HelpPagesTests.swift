import Foundation
import Testing
@testable import BenchCLI

/// Help pages (issue 23): each fits a screen with the rest behind `--all`/`--help-all`, states
/// its exit codes, and options are spelled alike everywhere.
@Suite struct HelpPagesTests {
    static let names = Bench.commands.map(\.name) + ["help"]

    @Test(arguments: names)
    func helpFitsAScreenAndStatesExitCodes(command: String) throws {
        let run = try runBench(["help", command], environment: ["COLUMNS": "80"])
        #expect(run.code == 0, "\(run.stderr)")
        let lines = run.stdout.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count <= Command.screenLines + 1, "bench help \(command): \(lines.count) lines")
        // The exit codes, whole, as the command defines them.
        let summary = try #require(Bench.command(named: command)).exitCodeSummary
        #expect(summary.hasPrefix("exit codes: 0 "))
        #expect(helpParagraphs(run.stdout).firstIndex(of: summary) != nil, "bench help \(command) states no exit codes")
        let all = try runBench(["help", command, "--all"], environment: ["COLUMNS": "80"])
        #expect(all.code == 0 && helpParagraphs(all.stdout).firstIndex(of: summary) != nil, "\(all.stdout)")
        #expect(all.stdout.count >= run.stdout.count)
        // `bench COMMAND --help-all` is the same page as `bench help COMMAND --all`.
        if command != "help" {
            let flag = try runBench([command, "--help-all"], environment: ["COLUMNS": "80"])
            #expect(flag.stdout == all.stdout)
        }
    }

    @Test func helpHelpAnswers() throws {
        let run = try runBench(["help", "help"])
        #expect(run.code == 0, "\(run.stderr)")
        #expect(run.stdout.hasPrefix("usage: bench help [COMMAND] [--all]"))
    }

    /// A shortened page names every option and says where the whole page is.
    @Test func shortPageNamesEveryOption() throws {
        let command = try #require(Bench.command(named: "validate"))
        let run = try runBench(["help", "validate"], environment: ["COLUMNS": "80"])
        // The options paragraph lists every option with its value, in order; the last paragraph says where the whole page is.
        let paragraphs = helpParagraphs(run.stdout)
        let options = try #require(paragraphs.first { $0.hasPrefix("options (each explained by 'bench help validate --all'): ") }, "\(run.stdout)")
        let listed = options.dropFirst("options (each explained by 'bench help validate --all'): ".count).components(separatedBy: ", ")
        let labels: [String] = command.options.map { "--\($0.name)" + ($0.value.map { " \($0)" } ?? "") }
        #expect(listed == labels + ["--wide", "--help", "--help-all"], "\(listed)")
        #expect(paragraphs.last == "'bench help validate --all' (or 'bench validate --help-all'): every option explained, and the details.")
    }

    @Test func optionsAreUniqueInEachCommand() {
        for command in Bench.commands {
            let names = command.options.map(\.name)
            #expect(Set(names).count == names.count, "bench \(command.name) declares an option twice: \(names)")
        }
    }

    /// An option several commands take is spelled with the same value placeholder in each.
    @Test func sharedOptionsAreSpelledAlike() {
        var placeholders: [String: Set<String>] = [:]
        for command in Bench.commands {
            // One value or a list of them (`R` and `R,…`) is the same spelling.
            for option in command.options {
                placeholders[option.name, default: []].insert(option.value.map { $0.replacingOccurrences(of: ",…", with: "") } ?? "(switch)")
            }
        }
        let differing = placeholders.filter { $0.value.count > 1 }.sorted { $0.key < $1.key }
        #expect(differing.isEmpty, "\(differing.map { "--\($0.key): \($0.value.sorted().joined(separator: " | "))" }.joined(separator: "; "))")
    }
}

/// The same option is described the same way in every command that takes it (issue 23),
/// apart from the options whose meaning is the command's own (listed, each with why).
@Suite struct SharedOptionWordingTests {
    /// Described per command, each for a reason of its own: a default or range of the command's
    /// own (`hz`, `height`, `from`, `to`, `velocity`: the menu's spring where no spring is
    /// given; `mode`: validate also takes both), another quantity under one name (`duration`:
    /// a path's, a SwiftUI spring's, or the simulated span; `quick`: a job, or samples;
    /// `clock`: what a scene or an engine reads), the documents a command writes (`format`),
    /// and `seed`, integrators' deprecated spelling of `--load-seed`; `out` (a sample table's file,
    /// a report's folder), `compare` (run's gate exits 1 on a regression, a report draws the
    /// comparison) and `platform` (fling's decelerating platforms, drag's velocity trackers);
    /// `history` (the folder run records into and history reads, by default the package's; a
    /// report draws it only when given one).
    static let perCommand: Set<String> = [
        "clock", "compare", "duration", "format", "from", "to", "height", "history", "hz", "mode", "out", "platform", "quick", "seed",
        "velocity",
    ]

    @Test func sharedOptionsAreDescribedAlike() {
        var helps: [String: Set<String>] = [:]
        for command in Bench.commands {
            // "with --record: …" says when an option applies; the rest is the description.
            for option in command.options {
                var help = option.help
                if help.hasPrefix("with --"), let colon = help.range(of: ": ") { help = String(help[colon.upperBound...]) }
                helps[option.name, default: []].insert(help)
            }
        }
        let differing = helps.filter { $0.value.count > 1 && !Self.perCommand.contains($0.key) && $0.key != "json" }
            .sorted { $0.key < $1.key }
        #expect(differing.isEmpty, "\(differing.map { "--\($0.key): \($0.value.sorted().joined(separator: " | "))" }.joined(separator: "\n"))")
        // --json names its schema per command; the rest of its wording is one.
        for help in helps["json"] ?? [] {
            #expect(help.hasPrefix("write ") && help.hasSuffix("'-' for stdout, in place of the text") && help.contains("(flightline."), "\(help)")
        }
    }
}

/// `bench list` and `bench accuracy` speak JSON like the other commands (issue 23).
@Suite struct ListAndAccuracyJSONTests {
    @Test func listJSONNamesEveryBenchmarkWithItsRevision() throws {
        let run = try runBench(["list", "--json", "-"])
        #expect(run.code == 0, "\(run.stderr)")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        #expect(document["schema"] as? String == "flightline.list/1")
        let benchmarks = try #require(document["benchmarks"] as? [[String: Any]])
        let names = Set(benchmarks.compactMap { $0["name"] as? String })
        #expect(names.contains("arclen/cubic") && names.contains("scene/file-100-layers"))
        #expect(benchmarks.allSatisfy { ($0["revision"] as? Int ?? 0) >= 1 })
        #expect((document["scenes"] as? [String])?.isEmpty == false)
    }

    @Test func accuracyJSONCarriesEveryRung() throws {
        let run = try runBench(["accuracy", "cubic-arclength", "spring-closed-form", "--ladder", "1e-6,1e-9", "--json", "-"])
        #expect(run.code == 0, "\(run.stderr)")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        #expect(document["schema"] as? String == "flightline.accuracy/1")
        let rows = try #require(document["rows"] as? [[String: Any]])
        #expect(rows.count == 4)
        for row in rows {
            let requested = try #require(row["requested"] as? Double), achieved = try #require(row["achieved"] as? Double)
            #expect(row["met"] as? Bool == (achieved <= requested))
        }
        let bad = try runBench(["accuracy", "--ladder", "2", "--json", "-"])
        #expect(bad.code == 2 && bad.stdout.isEmpty && bad.stderr.split(separator: "\n").count == 1)
    }
}
