@testable import BenchCLI
import Testing

@Suite struct CommandLineTests {
    @Test func versionNamesGSL() throws {
        let run = try runBench(["--version"])
        #expect(run.code == 0)
        #expect(run.stdout == "bench (Flightline) \(Bench.version), GSL \(gslVersionString), \(buildSummary)\n", "\(run.stdout)")
        #expect(gslVersionString.hasPrefix("2."), "GSL 2 is the version the reference module is written for")
    }

    @Test func helpListsEveryCommand() throws {
        let run = try runBench(["help"])
        #expect(run.code == 0)
        // The "commands:" section: each command's name at the start of its first line, in order.
        let section = run.stdout.components(separatedBy: "\n\n").first { $0.hasPrefix("commands:\n") } ?? ""
        let listed = section.split(separator: "\n").dropFirst().filter { !$0.hasPrefix("   ") }.map { $0.split(separator: " ").first.map(String.init) ?? "" }
        #expect(listed == Bench.commands.map(\.name), "\(section)")
        #expect(listed.count == 15 && listed.first == "all" && listed.last == "list")
    }

    /// Each refusal names what was wrong as data: the unknown command or option, or the stray
    /// argument, as typed (`value`); never an option of its own.
    @Test(arguments: [
        (["nope"], "nope"),
        (["path", "--bogus"], "--bogus"),
        (["help", "nope"], "nope"),
    ])
    func usageErrorsAreOneLineAndExitTwo(arguments: [String], value: String) throws {
        let error = try expectRefused(arguments)
        #expect(error?.value == value && error?.option == nil)
    }

    /// `--version`, `--help` and `help` used to ignore whatever followed them and exit 0.
    @Test(arguments: [
        (["--version", "junk"], "junk"),
        (["version", "--bogus"], "--bogus"),
        (["--version", "--help"], "--help"),
        (["--help", "junk"], "junk"),
        (["-h", "--bogus"], "--bogus"),
        (["help", "--bogus"], "--bogus"),
        (["help", "path", "extra"], "extra"),
        (["help", "-x"], "-x"),
    ])
    func garbageAfterVersionOrHelpIsAUsageError(arguments: [String], value: String) throws {
        let error = try expectRefused(arguments, fitsWidth: true)
        #expect(error?.value == value && error?.option == nil)
    }

    @Test(arguments: [["--version", "--wide"], ["--wide", "--version"], ["--help", "validate"], ["help", "path", "--wide"],
                      ["validate", "--help"], ["path", "-h"], ["--wide", "list"]])
    func helpVersionAndWideStillWork(arguments: [String]) throws {
        let run = try runBench(arguments, fitsWidth: true)
        #expect(run.code == 0, "\(run.stderr)")
        #expect(run.stderr.isEmpty)
        #expect(!run.stdout.isEmpty)
    }

    /// Every command's parser, the same rules: an unknown option (long or short), a repeated
    /// one, a missing value, a value that is itself an option (`--json --quick` used to write a
    /// file named `--quick`), an empty value, positional junk.
    @Test(arguments: [
        ("all", ["--quick"]), ("validate", ["bee1"]), ("integrators", []), ("run", []), ("plot", ["bee1"]),
        ("path", ["M 0 0 L 3 4"]), ("spring", []), ("list", []),
    ])
    func everyCommandParsesStrictly(command: String, valid: [String]) throws {
        let base = [command] + valid
        // Unknown, long or short: the option as typed, and no option of the command's.
        for unknown in ["--bogus", "-q"] {
            let error = try expectRefused(base + [unknown])
            #expect(error?.value == unknown && error?.option == nil, "\(command) \(unknown)")
        }
        // A switch: given twice (no value), or given a value.
        let twice = try expectRefused(base + ["--wide", "--wide"], fitsWidth: true)
        #expect(twice?.option == "wide" && twice?.value == nil)
        let valued = try expectRefused(base + ["--wide=yes"])
        #expect(valued?.option == "wide" && valued?.value == "yes")
        let option = command == "path" || command == "spring" || command == "integrators" || command == "run" || command == "validate"
            ? "json" : command == "plot" ? "hz" : nil
        if let option {
            let missing = try expectRefused(base + ["--\(option)"])
            #expect(missing?.option == option && missing?.value == nil)
            let anOption = try expectRefused(base + ["--\(option)", "--wide"])
            #expect(anOption?.option == option && anOption?.value == "--wide")
            let empty = try expectRefused(base + ["--\(option)", ""])
            #expect(empty?.option == option && empty?.value == "")
            let again = try expectRefused(base + ["--\(option)", "1", "--\(option)", "2"])
            #expect(again?.option == option && again?.value == "2")
        }
        if command != "validate" && command != "plot" && command != "path" {
            let stray = try expectRefused(base + ["stray"])
            #expect(stray?.value == "stray" && stray?.option == nil)
        }
    }

    /// A value that starts with `-` is still a value (`--from -3`), and `--name=VALUE` takes any.
    @Test func negativeNumbersAndAttachedValuesAreValues() throws {
        let run = try runBench(["spring", "--from", "-3", "--to=-1", "--json", "-"])
        #expect(run.code == 0, "\(run.stderr)")
        let document = try jsonObject(run.stdout)
        #expect(document["schema"] as? String == "flightline.spring/1")
    }

    /// A non-breaking space used to print as a plain space: `'1 2'` for `1\u{A0}2`. The error
    /// keeps the value as typed, and its line shows it through `quoted` (tested below).
    @Test(arguments: [
        (["spring", "--from", "1\u{A0}2"], "1\u{A0}2"),
        (["validate", "bee\u{200B}1"], "bee\u{200B}1"),
        (["validate", "bee\t1"], "bee\t1"),
        (["nope\u{FEFF}"], "nope\u{FEFF}"),
        (["spring", "--from", "it's"], "it's"),
        (["spring", "--from", "1\n2"], "1\n2"),
    ])
    func invisibleCharactersInMessagesAreEscaped(arguments: [String], value: String) throws {
        let error = try #require(try expectRefused(arguments))
        #expect(error.value == value)
        let printed = escapingUnusualCharacters(error.message)
        #expect(printed.contains(quoted(value)), "\(printed)")
    }

    @Test func quotingIsUnambiguous() {
        #expect(quoted("plain") == "'plain'")
        #expect(quoted("a\u{A0}b") == #"'a\u{A0}b'"#)
        #expect(quoted("it's") == #"'it\'s'"#)
        #expect(quoted(#"a\b"#) == #"'a\\b'"#)
        #expect(quoted("e\u{301}") == #"'e\u{301}'"#)
        #expect(quoted("ω₀ × 2°") == "'ω₀ × 2°'")
        let long = quoted(String(repeating: "L 1 1 ", count: 1000))
        #expect(long.hasSuffix("(6000 characters)"))
        #expect(long.count < 120)
    }
}

@Suite struct MainJobTests {
    /// The test binary is a debug build: the main job and `bench run` time kernels, so they must
    /// refuse it with a one-line reason and exit 2 rather than print meaningless times.
    @Test(arguments: [[], ["all"], ["--quick"], ["run", "--quick"]])
    func timedCommandsRefuseADebugBuild(arguments: [String]) throws {
        // In process too: the test binary is the same debug build. Nothing names an option.
        let error = try expectRefused(arguments)
        #expect(error?.option == nil && error?.value == nil)
    }

    @Test func mainJobHelpNamesItsParts() throws {
        let run = try runBench(["help", "all"])
        #expect(run.code == 0)
        for part in ["smoothness", "integrators", "raced"] { #expect(run.stdout.contains(part)) }
    }

    /// A GSL integrator that fails on the menu spring (part 2) ends the main job with exit 3,
    /// as a kernel that disagrees with its reference (part 3) does; both are named.
    @Test func mainJobExitsThreeOnAnyFailedReference() {
        let clean = mainJobVerdict(kernelFailures: [], integratorFailures: [])
        #expect(clean.status == .success && clean.summaryLine == nil)
        let integrator = mainJobVerdict(kernelFailures: [], integratorFailures: ["gsl-rkf45 @60 Hz: GSL error 'failure'"])
        #expect(integrator.status == .referenceFailed)
        #expect(integrator.summaryLine == "  REFERENCE FAILURES: integrators: gsl-rkf45 @60 Hz: GSL error 'failure'")
        let both = mainJobVerdict(kernelFailures: ["arclen/cubic: off by 1e-6"], integratorFailures: ["gsl-rk4: x"])
        #expect(both.status == .referenceFailed)
        #expect(both.summaryLine == "  REFERENCE FAILURES: arclen/cubic: off by 1e-6; integrators: gsl-rk4: x")
    }

    @Test func unknownMainJobFlagIsAUsageError() throws {
        let error = try expectRefused(["--fast"])
        #expect(error?.value == "--fast" && error?.option == nil)
    }

    /// The main job exits 0 on janky scenes (it reports; `bench validate` is the gate), so its
    /// part 1 must not print `(exit 1)` as `bench validate` does.
    @Test func mainJobDoesNotClaimAnExitCodeItDoesNotUse() throws {
        let arguments = try Arguments(["bee1", "--seed", "1", "--hz", "60"], options: validateCommand.options, command: "validate")
        let request = try ValidateRequest(arguments, judgesFrameCost: false)
        let results = try request.run()
        #expect(results.contains { $0.reports.contains { $0.verdict == .janky } })
        let validate = SceneReport.render(
            results, request: request, fixes: SceneReport.fixes(results, thresholds: request.thresholds), plotWidth: 78, usesColor: false)
        let mainJob = smoothnessReport(
            results, request: request, fixes: SceneReport.fixes(results, thresholds: request.thresholds), plotWidth: 78,
            usesColor: false)
        // The same report line for line, except the verdict: validate's claims exit 1, the main job's says what validate would do.
        let validateLines = validate.split(separator: "\n", omittingEmptySubsequences: false)
        let mainLines = mainJob.split(separator: "\n", omittingEmptySubsequences: false)
        let verdicts = validateLines.indices.filter { validateLines[$0].hasPrefix("verdict: janky: ") }
        #expect(verdicts.count == 1 && validateLines.count == mainLines.count, "\(validate)")
        for index in validateLines.indices where index < mainLines.count {
            if verdicts.first == index {
                let checks = validateLines[index].dropFirst("verdict: janky: ".count)
                #expect(checks.hasSuffix(" (exit 1)"), "\(validateLines[index])")
                #expect(mainLines[index] == "verdict: janky: \(checks.dropLast(" (exit 1)".count)) ('bench validate' would exit 1 on these; the main job only reports them)")
            } else {
                #expect(mainLines[index] == validateLines[index])
            }
        }
    }
}
