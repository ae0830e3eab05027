import Foundation
import Testing

/// The command-line fuzzer that found issue 10, kept as a test: a few hundred seeded command
/// lines per run, each run as a user would run `bench`, each held to the contract —
///
/// - it ends by exiting 0, 1 or 2 (no signal, no trap; 3 only when a reference fails, which
///   these inputs never legitimately cause), within a time limit;
/// - it never prints NaN or an infinity as a number, on stdout or stderr (a value the user typed,
///   quoted back in a message, is not a result);
/// - on exit 2, exactly one line on stderr.
///
/// `FLIGHTLINE_FUZZ_SEED` and `FLIGHTLINE_FUZZ_COUNT` override the seed and the number of command
/// lines, for a longer run by hand:
///
///     FLIGHTLINE_FUZZ_COUNT=3000 FLIGHTLINE_FUZZ_SEED=7 swift test --skip-build --filter CommandLineFuzzTests
///
/// `bench run` and `bench all` time kernels and are left out; JSON only ever goes to stdout
/// (`--json -`), so the fuzzer never writes a file.
@Suite struct CommandLineFuzzTests {
    static let seed = ProcessInfo.processInfo.environment["FLIGHTLINE_FUZZ_SEED"].flatMap { UInt64($0) } ?? 10
    static let count = ProcessInfo.processInfo.environment["FLIGHTLINE_FUZZ_COUNT"].flatMap { Int($0) } ?? 300

    @Test func generatedCommandLinesKeepTheContract() async throws {
        var generator = CommandLineGenerator(seed: Self.seed)
        let lines = (0..<Self.count).map { _ in generator.next() }
        // Two at a time: the machine's cores are shared, and each run is a process.
        let failures = try await withThrowingTaskGroup(of: [String].self) { group in
            var failures: [String] = []
            var pending = lines.enumerated().makeIterator()
            func launch() -> Bool {
                guard let (index, arguments) = pending.next() else { return false }
                group.addTask {
                    return try Self.check(arguments).map { "#\(index) bench \(Self.shell(arguments)): \($0)" }
                }
                return true
            }
            for _ in 0..<2 { _ = launch() }
            while let result = try await group.next() {
                failures += result
                _ = launch()
            }
            return failures
        }
        #expect(failures.isEmpty, "seed \(Self.seed), \(failures.count) failing of \(Self.count):\n\(failures.sorted().joined(separator: "\n"))")
    }

    /// What is wrong with one run, if anything.
    /// Seconds one run may take: 20 by default (a debug build under a busy machine can need
    /// more for the largest inputs it accepts; the 10 s goal is a release build's).
    static let timeout = ProcessInfo.processInfo.environment["FLIGHTLINE_FUZZ_SECONDS"].flatMap { Double($0) } ?? 20

    static func check(_ arguments: [String]) throws -> [String] {
        let run: BenchRun
        do {
            run = try runBench(arguments, fitsWidth: true, timeout: timeout)
        } catch let timeout as BenchTimeout {
            return ["hang: \(timeout)"]
        }
        var problems: [String] = []
        if run.wasKilledBySignal {
            problems.append("killed by signal \(run.code): \(run.stderr.suffix(300))")
        } else if ![0, 1, 2].contains(run.code) {
            problems.append("exit \(run.code): \(run.stderr.prefix(300))")
        }
        if run.code == 2 && !run.wasKilledBySignal {
            let lines = run.stderr.split(separator: "\n", omittingEmptySubsequences: false)
            if lines.count != 2 || !lines[1].isEmpty || lines[0].isEmpty {
                problems.append("exit 2 with \(lines.count - 1) stderr lines: \(run.stderr.prefix(300))")
            }
        }
        for (stream, text) in [("stdout", run.stdout), ("stderr", run.stderr)] {
            if let number = nonFiniteNumber(in: text, typed: arguments) {
                problems.append("\(stream) prints \(number)")
            }
        }
        return problems
    }

    /// The first "nan", "inf", "infinity" or "∞" standing as a number (not part of a word like
    /// "infinite" or "nanoseconds"), outside single-quoted user values.
    ///
    /// A value the user typed that is echoed unquoted (a file name "nan" in "cannot read nan",
    /// a folder "-inf" in a path) is forgiven too: pass the command's arguments as `typed`.
    static func nonFiniteNumber(in text: String, typed: [String] = []) -> String? {
        var unquoted = text.replacingOccurrences(of: #"'(?:[^'\\]|\\.)*'"#, with: "''", options: .regularExpression)
        for argument in typed where !argument.isEmpty && argument.range(of: #"(?i)nan|inf|∞"#, options: .regularExpression) != nil {
            unquoted = unquoted.replacingOccurrences(of: argument, with: "''")
        }
        // `∞` too: Motion's `formatted` prints an infinity so.
        let pattern = #"(?<![A-Za-z0-9_])[-+−]?(?:nan|inf(?:inity)?)(?![A-Za-z0-9_])|[-+−]?∞"#
        guard let range = unquoted.range(of: pattern, options: [.regularExpression, .caseInsensitive]) else { return nil }
        let start = unquoted.index(range.lowerBound, offsetBy: -40, limitedBy: unquoted.startIndex) ?? unquoted.startIndex
        let end = unquoted.index(range.upperBound, offsetBy: 40, limitedBy: unquoted.endIndex) ?? unquoted.endIndex
        return "'\(unquoted[range])' in …\(unquoted[start..<end])…"
    }

    static func shell(_ arguments: [String]) -> String {
        arguments.map { argument in
            argument.allSatisfy { $0.isLetter || $0.isNumber || "-_.,=/@+".contains($0) } && !argument.isEmpty
                ? argument : "'" + argument.replacingOccurrences(of: "'", with: #"'\''"#) + "'"
        }.joined(separator: " ")
    }

    @Test func theGeneratorIsDeterministic() {
        var a = CommandLineGenerator(seed: 42), b = CommandLineGenerator(seed: 42)
        for _ in 0..<50 { #expect(a.next() == b.next()) }
    }

    @Test func nonFiniteNumbersAreFoundAndQuotedValuesForgiven() {
        #expect(Self.nonFiniteNumber(in: "max error nan pt") != nil)
        #expect(Self.nonFiniteNumber(in: "speed -inf pt/s") != nil)
        #expect(Self.nonFiniteNumber(in: "x = Infinity") != nil)
        #expect(Self.nonFiniteNumber(in: "speed ∞ pt/s") != nil)
        #expect(Self.nonFiniteNumber(in: "bench: cannot read nan: no such file or folder", typed: ["merge", "nan"]) == nil)
        #expect(Self.nonFiniteNumber(in: "bench: no history at /tmp/-inf/ci.jsonl", typed: ["--history", "-inf"]) == nil)
        #expect(Self.nonFiniteNumber(in: "speed inf pt/s", typed: ["--hz", "60"]) != nil)
        #expect(Self.nonFiniteNumber(in: "bench: --from expects a finite number, got 'nan'") == nil)
        #expect(Self.nonFiniteNumber(in: "an infinite loop, 12 nanoseconds, information") == nil)
    }
}

/// Seeded generator of `bench` command lines: commands × options × values, with the values
/// that broke things before (NaN, infinities, -0, 1e308, subnormals, empty strings, values that
/// look like options, invisible and non-ASCII characters) and random SVG path data with extreme
/// numbers.
struct CommandLineGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    /// SplitMix64 (Steele, Lea & Flood 2014).
    private mutating func random() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    private mutating func int(_ range: ClosedRange<Int>) -> Int {
        range.lowerBound + Int(random() % UInt64(range.count))
    }

    private mutating func chance(_ probability: Double) -> Bool {
        Double(random() >> 11) / Double(1 << 53) < probability
    }

    private mutating func pick<T>(_ items: [T]) -> T { items[int(0...items.count - 1)] }

    static let extremes = [
        "nan", "NaN", "inf", "-inf", "infinity", "-0", "0", "1e308", "-1e308", "1.7976931348623157e308", "1e-320",
        "5e-324", "-5e-324", "1e-300", "1e999", "0x1p-1074", "", " ", "--", "-", "--wide", "-h", "--json", "-x",
        "1\u{A0}2", "1\u{200B}", "🐝", "é", "١٢", "1,,2", ",", "1e", ".", "+", "abc", "2.5", "-1", "1000000", "4294967297",
        "9223372036854775808", "@", "@/nonexistent", "@/dev/null", "@/tmp",
        // Issue 22: figures that sized work or overflowed a product.
        "1e18", "1e20", "6e307", "1e5", "10001", "61",
    ]
    static let ordinary = ["0.1", "0.5", "1", "2", "3", "10", "60", "120", "0.25", "7", "100", "0.9", "0.01"]

    private mutating func value(ordinary: [String] = Self.ordinary) -> String {
        if chance(0.35) { return pick(Self.extremes) }
        if chance(0.15) { return (0..<int(1...3)).map { _ in pick(ordinary) }.joined(separator: ",") }
        if chance(0.1) { return String(Double(int(-1000...1000)) / Double(pick([1, 3, 7, 1000]))) }
        return pick(ordinary)
    }

    /// Random SVG path data: a move, then a few segments whose numbers are ordinary or extreme.
    mutating func pathData() -> String {
        let numbers = ["0", "-0", "1", "-1", "100", "1e308", "-1e308", "1e-320", "5e-324", "1e15", "3.5", "1e-9", "200", ".5"]
        func number(_ g: inout CommandLineGenerator) -> String {
            g.chance(0.6) ? String(g.int(-300...300)) : g.pick(numbers)
        }
        var parts = [pick(["M", "m"]), number(&self), number(&self)]
        for _ in 0..<int(0...6) {
            let command = pick(["L", "l", "H", "h", "V", "v", "Q", "q", "T", "t", "C", "c", "S", "s", "A", "a", "Z", "z", "M"])
            parts.append(command)
            let arity: Int
            switch command.uppercased() {
            case "H", "V": arity = 1
            case "Z": arity = 0
            case "L", "T", "M": arity = 2
            case "Q", "S": arity = 4
            case "C": arity = 6
            default: arity = 7
            }
            for index in 0..<arity {
                // An arc's flags are 0 or 1 (mostly).
                if command.uppercased() == "A", index == 3 || index == 4 { parts.append(chance(0.9) ? pick(["0", "1"]) : "2") } else { parts.append(number(&self)) }
            }
        }
        if chance(0.05) { parts.append(pick(["X", "nan", "1e999", "\u{A0}", ","])) }
        return parts.joined(separator: " ")
    }

    static let springOptions = [
        "stiffness", "damping", "mass", "response", "damping-fraction", "bounce", "uikit-duration", "damping-ratio",
        "initial-velocity", "android-stiffness", "tension", "friction", "rebound-tension", "rebound-friction",
        "origami-tension", "origami-friction", "from", "to", "velocity", "uikit-residual",
    ]

    private mutating func options(_ names: [String], count: ClosedRange<Int>) -> [String] {
        var arguments: [String] = []
        for _ in 0..<int(count) {
            let name = pick(names)
            arguments += ["--" + name, value()]
        }
        return arguments
    }

    /// The spring of a command line: mostly a whole vocabulary, sometimes odd pieces.
    private mutating func spring() -> [String] {
        switch int(0...5) {
        case 0: return ["--stiffness", value(), "--damping", value()] + (chance(0.3) ? ["--mass", value()] : [])
        case 1: return ["--response", value(), "--damping-fraction", value()]
        case 2: return ["--uikit-duration", value(), "--damping-ratio", value()] + (chance(0.5) ? ["--initial-velocity", value()] : [])
        case 3: return ["--tension", value(), "--friction", value()]
        case 4: return options(Self.springOptions, count: 1...3)
        default: return []
        }
    }

    private mutating func scenes() -> [String] {
        (0..<int(0...2)).map { _ in pick(["bee", "bee1", "bee2", "bee1+", "bee2-", "menu-show", "menu-dismiss", "menu", "bee3", "-", ""]) }
    }

    private mutating func svgScene() -> [String] {
        var arguments = ["--svg", chance(0.9) ? pathData() : pick(Self.extremes), "--duration", value(ordinary: ["0.5", "1", "2", "3.3"])]
        if chance(0.3) { arguments.append("--repeat") }
        if chance(0.3) { arguments += ["--timing", pick(["linear", "easeIn", "ease-in-out", "0.42,0,0.58,1", "0,2,1,-1", "nan,0,1,1", "0,6e307,1,1", "0.5,1e6,0.5,-1e6", "0,1e308,1,1", value()])] }
        return arguments
    }

    /// A small frame rate list, so that a run stays short in a debug build.
    private mutating func rates() -> [String] {
        ["--hz", chance(0.7) ? pick(["60", "120", "60,120", "30", "1", "1000"]) : value()]
    }

    private mutating func junk() -> [String] {
        pick([["--bogus"], ["-q"], ["stray"], ["--wide"], ["--json"], ["--hz"], ["--"], ["--wide", "--wide"], ["--=1"], ["-"]])
    }

    mutating func next() -> [String] {
        var arguments: [String]
        switch int(0...15) {
        case 0:
            arguments = pick([["list"], ["help"], ["--help"], ["--version"], ["version"], ["-h"]])
            arguments += chance(0.5) ? [pick(["validate", "path", "plot", "junk", "--bogus", "-x", "all", "help", ""])] : []
        case 1, 2:
            arguments = ["path", chance(0.9) ? pathData() : pick(Self.extremes)]
            arguments += options(["at-distance", "samples", "accuracy", "flatten"], count: 0...3)
            if chance(0.3) { arguments += ["--json", "-"] }
        case 3, 4:
            arguments = ["spring"] + spring()
            if chance(0.5) { arguments += ["--at", value()] }
            if chance(0.3) { arguments += ["--json", "-"] }
        case 5, 6, 7:
            arguments = ["validate"]
            switch int(0...2) {
            case 0: arguments += scenes().isEmpty ? ["bee1"] : scenes()
            case 1: arguments += svgScene()
            default: arguments += spring()
            }
            arguments += rates()
            if chance(0.3) { arguments += ["--mode", pick(["linear", "paced", "both", value()])] }
            if chance(0.3) { arguments += ["--seed", value()] }
            if chance(0.3) {
                arguments += options(["max-speed-jump", "max-turn", "teleport-factor", "teleport-min-step", "break-ratio",
                                      "settle-distance", "rest-speed", "max-snap", "max-integrator-error", "max-frame-cost"], count: 1...2)
            }
            if chance(0.2) { arguments.append("--verbose") }
            if chance(0.2) { arguments += ["--json", "-"] }
            // Frame delivery (issue 12): models, clocks and the platforms' thresholds.
            if chance(0.25) {
                arguments += ["--frames", pick(["vsync", "load:busy", "load:light,depth=2", "load:stutter", "vrr:120,80,60", "vrr:promotion,load=light",
                                                "load:nope", "vrr:0", "load:busy,depth=3", "ideal", "vrr:", "load:", value()])]
            }
            if chance(0.15) { arguments += ["--clock", pick(["target", "timestamp", "now", value()])] }
            if chance(0.1) { arguments += options(["hitch-grades", "organizer-grades", "jank-multiplier", "max-screen-error"], count: 1...2) }
        case 8, 9:
            arguments = ["plot"]
            switch int(0...2) {
            case 0: arguments += [pick(["bee1", "bee2", "menu-show", "menu-dismiss", "bee1+", "nope"])]
            case 1: arguments += svgScene()
            default: arguments += spring()
            }
            if chance(0.6) { arguments += ["--quantity", pick(["path", "x", "y", "speed", "offset", "error", value()])] }
            if chance(0.4) { arguments += rates() }
            if chance(0.3) { arguments += ["--width", pick(["20", "80", "200", "19", "1001", value()])] }
            if chance(0.3) { arguments += ["--height", pick(["5", "20", "4", value()])] }
            if chance(0.3) { arguments.append("--ascii") }
            if chance(0.2) { arguments += ["--color", pick(["auto", "always", "never", value()])] }
        case 14:
            // History: read-only; the folder never holds a history unless a test put one there.
            arguments = ["history"]
            if chance(0.5) { arguments.append(pick(["arclen", "(", "^spring/", "x{2,1}", value()])) }
            arguments += ["--history", chance(0.8) ? "/tmp/flightline-fuzz-no-history" : value()]
            if chance(0.4) { arguments += ["--history-name", pick(["ci", "../up", "-x", "a b", value()])] }
            if chance(0.3) { arguments += ["--max-pvalue", pick(["0.001", "0", "1", "0.5", value()])] }
            if chance(0.2) { arguments += ["--width", pick(["20", "80", "19", value()])] }
            if chance(0.2) { arguments += ["--json", "-"] }
        case 15:
            let baselines = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                .deletingLastPathComponent().appendingPathComponent("Benchmarks/baselines")
            arguments = ["merge"]
            for _ in 0..<int(0...3) {
                arguments.append(pick([baselines.appendingPathComponent("epyc-2core.json").path,
                                       baselines.appendingPathComponent("xeon-2core.json").path,
                                       baselines.appendingPathComponent("xeon-2core.txt").path,
                                       "/nonexistent-flightline.json", "/", value()]))
            }
            if chance(0.4) { arguments += ["--format", pick(["text", "json", "markdown", "junit", value()])] }
            if chance(0.2) { arguments += ["--json", "-"] }
        default:
            arguments = ["integrators"] + spring()
            // A short simulated span keeps every run fast in a debug build.
            arguments += ["--duration", chance(0.8) ? pick(["0.05", "0.1", "0.2", "0.3"]) : pick(Self.extremes + ["60.5", "1e9"])]
            if chance(0.5) { arguments += ["--hz", chance(0.8) ? pick(["60", "120", "60,120", "30"]) : value()] }
            if chance(0.3) { arguments += ["--substeps", chance(0.8) ? pick(["1", "2", "1,4"]) : value()] }
            if chance(0.2) { arguments += ["--json", "-"] }
            // Engine schemes under frame delivery (issue 12).
            if chance(0.2) { arguments.append("--engines") }
            if chance(0.1) { arguments += ["--seed", value()] }
        }
        if chance(0.15) { arguments += junk() }
        // `--json` only ever writes to stdout: never a file named after a fuzzed value.
        for index in arguments.indices.dropLast() where arguments[index] == "--json" && arguments[index + 1] != "-" {
            arguments[index + 1] = "-"
        }
        return arguments
    }
}
