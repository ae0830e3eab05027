import Foundation
import Testing

@testable import BenchCLI

/// Each numeric option's help states the range its kind enforces (issue 23): the text is
/// generated from the kind, and read back from the printed page it is the range the parser
/// accepts: its ends accepted, just past them refused, a list's count likewise.
@Suite struct HelpRangeTests {
    /// Every numeric option of every command, as `[command, option]`.
    static let numericOptions: [[String]] = OptionTableTests.numericOptions.map { [$0.command, $0.option.name] }

    static func option(_ pair: [String]) throws -> (command: Command, option: OptionSpec) {
        let command = try #require(OptionTableTests.commands.first { $0.name == pair[0] })
        return (command, try #require(command.options.first { $0.name == pair[1] }))
    }

    /// The bracketed range at the end of the option's line on the whole help page; `nil` when
    /// the line has none.
    static func printedRange(_ option: OptionSpec, in command: Command) throws -> String? {
        let label = "  --\(option.name) \(option.value ?? "")"
        let line = try #require(command.fullHelp.split(separator: "\n").first { $0.hasPrefix(label + " ") }, "no line for \(label)")
        guard line.hasSuffix("]"), let open = line.range(of: " [", options: .backwards) else { return nil }
        return String(line[open.upperBound..<line.index(before: line.endIndex)])
    }

    @Test(arguments: numericOptions)
    func helpShowsTheKindsRange(_ pair: [String]) throws {
        let (command, option) = try Self.option(pair)
        let printed = try Self.printedRange(option, in: command)
        #expect(printed == (option.kind.rangeText.isEmpty ? nil : option.kind.rangeText), "bench \(pair[0]) --\(pair[1])")
        // Only an unbounded number has no range to state.
        if case .number(let range) = option.kind, range == NumberRange() { return }
        #expect(printed != nil, "bench \(pair[0]) --\(pair[1]) states no range")
    }

    /// One end of a printed range: its value and whether it is included.
    struct End { var value: Double; var inclusive: Bool }

    /// The ends of a printed number range: `a…b`, `> a`, `≥ a`, `< b`, `≤ b`, joined by `, `.
    static func ends(_ text: String) throws -> (lower: End?, upper: End?) {
        if let dots = text.range(of: "…") {
            return (End(value: try #require(Double(text[..<dots.lowerBound]), "\(text)"), inclusive: true),
                    End(value: try #require(Double(text[dots.upperBound...]), "\(text)"), inclusive: true))
        }
        var lower: End?, upper: End?
        for part in text.components(separatedBy: ", ") {
            let words = part.split(separator: " ")
            try #require(words.count == 2, "\(text)")
            let value = try #require(Double(words[1]), "\(text)")
            switch words[0] {
            case ">": lower = End(value: value, inclusive: false)
            case "≥": lower = End(value: value, inclusive: true)
            case "<": upper = End(value: value, inclusive: false)
            case "≤": upper = End(value: value, inclusive: true)
            default: Issue.record("unknown bound in \(text)")
            }
        }
        return (lower, upper)
    }

    /// Values inside and outside the printed ends, each with whether it must be accepted.
    static func probes(_ ends: (lower: End?, upper: End?), whole: Bool) -> [(value: String, accepted: Bool)] {
        func text(_ value: Double) -> String { whole ? String(Int(value)) : "\(value)" }
        let step = { (value: Double, up: Bool) in whole ? value + (up ? 1 : -1) : (up ? value.nextUp : value.nextDown) }
        var probes: [(String, Bool)] = []
        if let lower = ends.lower {
            probes.append((text(lower.inclusive ? lower.value : step(lower.value, true)), true))
            probes.append((text(lower.inclusive ? step(lower.value, false) : lower.value), false))
        }
        if let upper = ends.upper {
            probes.append((text(upper.inclusive ? upper.value : step(upper.value, false)), true))
            probes.append((text(upper.inclusive ? step(upper.value, true) : upper.value), false))
        }
        return probes
    }

    /// A value the printed ends accept, for filling a list.
    static func inside(_ ends: (lower: End?, upper: End?), whole: Bool) -> String {
        probes(ends, whole: whole).first { $0.accepted }?.value ?? "1"
    }

    static func accepts(_ option: OptionSpec, _ value: String) -> Bool { (try? option.parse(value)) != nil }

    @Test(arguments: numericOptions)
    func printedRangeIsTheEnforcedOne(_ pair: [String]) throws {
        let (command, option) = try Self.option(pair)
        guard let printed = try Self.printedRange(option, in: command) else { return }
        let label = "bench \(pair[0]) --\(pair[1]) [\(printed)]"
        switch option.kind {
        case .number:
            for probe in Self.probes(try Self.ends(printed), whole: false) {
                #expect(Self.accepts(option, probe.value) == probe.accepted, "\(label): \(probe.value)")
            }
        case .whole(_, let word):
            var range = printed
            if let word {
                #expect(printed.hasSuffix(" or \(word)") && Self.accepts(option, word), "\(label)")
                range = String(printed.dropLast(" or \(word)".count))
            }
            for probe in Self.probes(try Self.ends(range), whole: true) {
                #expect(Self.accepts(option, probe.value) == probe.accepted, "\(label): \(probe.value)")
            }
        case .seed:
            #expect(printed == "0…18446744073709551615", "\(label)")
            for (value, accepted) in [("0", true), ("18446744073709551615", true), ("-1", false), ("18446744073709551616", false)] {
                #expect(Self.accepts(option, value) == accepted, "\(label): \(value)")
            }
        case .numbers, .wholes:
            let whole = if case .wholes = option.kind { true } else { false }
            // `at most N items, each R`, `N items, each R`, `each R`, `at most N items`.
            var count: ClosedRange<Int>?
            var each: String?
            for part in printed.components(separatedBy: ", each ") {
                if part.hasPrefix("each ") { each = String(part.dropFirst(5)); continue }
                let words = part.split(separator: " ")
                if words.first == "at", words.count >= 3, let n = Int(words[2]) { count = 1...n }
                else if let n = words.first.flatMap({ Int($0) }) { count = n...n }
                else { each = part }
            }
            let ends = try each.map(Self.ends) ?? (nil, nil)
            for probe in Self.probes(ends, whole: whole) {
                // One item, unless the count wants more: then that many of the probe.
                let items = Array(repeating: probe.value, count: count?.lowerBound ?? 1)
                #expect(Self.accepts(option, items.joined(separator: ",")) == probe.accepted, "\(label): \(probe.value)")
            }
            if let count {
                let item = Self.inside(ends, whole: whole)
                func list(_ n: Int) -> String { Array(repeating: item, count: n).joined(separator: ",") }
                #expect(Self.accepts(option, list(count.upperBound)), "\(label): \(count.upperBound) items")
                #expect(!Self.accepts(option, list(count.upperBound + 1)), "\(label): \(count.upperBound + 1) items")
                if count.lowerBound > 1 { #expect(!Self.accepts(option, list(count.lowerBound - 1)), "\(label): \(count.lowerBound - 1) items") }
            }
        case .text, .choice:
            Issue.record("\(label) is not numeric")
        }
    }

    /// The generated words, spelled out for each shape of range.
    @Test func rangeTextShapes() {
        #expect(NumberRange(atLeast: 1, atMost: 1000).text == "1…1000")
        #expect(NumberRange(greaterThan: 0).text == "> 0")
        #expect(NumberRange(atLeast: 0).text == "≥ 0")
        #expect(NumberRange(greaterThan: 0, below: 1).text == "> 0, < 1")
        #expect(NumberRange(greaterThan: 0, atMost: 1e7).text == "> 0, ≤ 10000000")
        // The tighter of two lower bounds is the one stated.
        #expect(NumberRange(greaterThan: 0, atLeast: 1, atMost: 1000).text == "1…1000")
        #expect(NumberRange().text == "")
        #expect(OptionSpec.Kind.numbers(NumberRange(atLeast: 1, atMost: 1000), count: .atMost(8, "rates")).rangeText == "at most 8 rates, each 1…1000")
        #expect(OptionSpec.Kind.numbers(NumberRange(greaterThan: 0), count: .exactly(2, "numbers")).rangeText == "2 numbers, each > 0")
        #expect(OptionSpec.Kind.wholes(1...1024).rangeText == "each 1…1024")
        #expect(OptionSpec.Kind.whole(1...10, orWord: "all").rangeText == "1…10 or all")
    }

    /// A list's count is refused while parsing, in the words the requests used before.
    @Test(arguments: [
        (["validate", "--hz", "1,2,3,4,5,6,7,8,9"], "--hz takes at most 8 rates (each validates every scene again), got 9"),
        (["integrators", "--substeps", "1,2,3,4,5,6,7,8,9"], "--substeps takes at most 8 counts, got 9"),
        (["validate", "--hitch-grades", "5"], "--hitch-grades expects two numbers W,C (ms/s), got '5'"),
        (["validate", "--organizer-grades", "1,2"], "--organizer-grades expects three numbers A,B,C (ms/s), got '1,2'"),
        (["drag", "p.csv", "--target", "1,2,3"], "--target expects X,Y: two finite numbers within ±1e9, got '1,2,3'"),
        (["plot", "bee1", "--hz", "60,120"], "--hz takes one rate for a plot, got '60,120'"),
    ])
    func listCountsAreRefusedByTheKind(_ arguments: [String], _ message: String) throws {
        // Refused by parsing alone: the command never runs.
        do {
            _ = try Bench.commandLine(arguments[0], Array(arguments.dropFirst()))
            Issue.record("\(arguments) was accepted")
        } catch let error as CLIError {
            #expect(error.message == message)
            #expect(error.code == .usage && error.option == arguments[arguments.count - 2].dropFirst(2).description)
            #expect(error.value == arguments.last)
        }
    }
}
