import Testing

@testable import BenchCLI

/// Every rule between options, and every check of the positionals, runs from the command's one
/// `validate` (issue 23): the command line is refused by parsing and validating alone, before
/// the command runs (nothing read, nothing measured), in the words the command used when the
/// check lived in its run.
@Suite struct ValidationBeforeRunTests {
    static let refusals: [(arguments: [String], message: String)] = [
        // FrameDeliveryOption.validate: what --frames' value allows.
        (["validate", "--clock", "now"], "--clock needs --frames vsync, load:NAME, vrr:RATES or trace:FILE (ideal frames sample every clock alike)"),
        (["validate", "--frames", "ideal", "--clock", "now"], "--clock needs --frames vsync, load:NAME, vrr:RATES or trace:FILE (ideal frames sample every clock alike)"),
        (["validate", "--frames", "vsync", "--load-seed", "3"], "--load-seed seeds a load model: it needs --frames load:NAME or vrr:RATES"),
        (["validate", "--load-seed", "3"], "--load-seed seeds a load model: it needs --frames load:NAME or vrr:RATES"),
        (["validate", "--frames", "vrr:120,60", "--hz", "90"],
         "--frames: variable-rate set 120,60 lacks the base rate 90 Hz; expected a set that contains every validated rate"),
        (["report", "--out", "r", "--frames", "vrr:120"],
         "--frames: variable-rate set 120 lacks the base rate 60 Hz; expected a set that contains every validated rate"),
        // SpringOptions.validate.
        (["spring", "--uikit-duration", "0.5", "--damping-ratio", "0.8", "--uikit-mapping", "framer", "--uikit-residual", "0.01"],
         "--uikit-residual tunes the envelope mapping and cannot go with --uikit-mapping framer"),
        (["integrators", "--uikit-mapping", "framer", "--uikit-overdamping", "clamp"],
         "--uikit-overdamping tunes the envelope mapping and cannot go with --uikit-mapping framer"),
        (["spring", "--stiffness", "100", "--damping", "10", "--from=-1e308", "--to", "1e308"],
         "--from -1e+308 and --to 1e+308 are too far apart: to − from must be at most 1.8e308 in magnitude"),
        // SceneSelection.validate.
        (["validate", "--svg", "M 0 0 L 10 0", "--duration", "0"], "--duration must be greater than 0, got 0"),
        (["validate", "--svg", "M 0 0 L 10 0", "--duration", "1e-12"],
         "--duration must be at least 1e-09 s (a millionth of a 1000 Hz frame; far shorter, speeds overflow), got 1e-12"),
        (["plot", "--svg", "M 0 0 L 10 0", "--duration", "1", "--stiffness", "100"], "give either --svg with --duration or spring options, not both"),
        (["validate", "--svg", "M 0 0 L 10 0"], "--svg needs --duration S (the path's duration in seconds)"),
        (["validate", "bee1", "--duration", "2"],
         "--duration 2 does not apply to bee1: seed scenes keep the demo's timing; --duration is an --svg path's duration, or a SwiftUI spring's with --bounce B"),
        (["validate", "--from", "3"], "--from applies to a spring given by spring options (e.g. --stiffness K --damping C)"),
        (["validate", "bee1", "--uikit-residual", "0.01"],
         "--uikit-mapping, --uikit-residual and --uikit-overdamping apply to the menu scenes or a spring given with --uikit-duration"),
        // Positionals, with a recording and per command.
        (["validate", "--trace", "t.csv", "bee1"], "--trace validates a recording, not scenes; got the scene 'bee1' too"),
        (["plot", "--trace", "t.csv", "bee1"], "--trace plots a recording, not scenes; got the scene 'bee1' too"),
        (["drag"], "bench drag needs a pointer sample file (CSV: t,x,y per line)"),
        (["drag", "a.csv", "b.csv"], "unexpected argument 'b.csv' for 'bench drag'"),
        (["fling", "x", "--platform", "uikit", "--velocity", "100"], "unexpected argument 'x' for 'bench fling'"),
        (["sample", "bee1"], "bench sample needs --format csv or --format json (or --json PATH)"),
        (["merge"], "'bench merge' needs one or more flightline.run/1 files (from 'bench run --json FILE')"),
        (["merge", "-", "-"], "standard input ('-') can be read only once"),
        (["path"], "'bench path' needs SVG path data, e.g. bench path 'M 0 0 L 3 4'"),
        (["path", "M 0 0 L 1 1", "extra"], "'bench path' takes the path data as one quoted argument, got 2 arguments ('extra' is extra)"),
        (["history", "arc", "--filter", "bez"], "bench history takes one filter: --filter 'bez' or the deprecated positional 'arc', not both"),
        // The document chosen decides what goes with it.
        (["run", "--format", "junit"],
         "--format junit for 'bench run' needs --compare NAME (one test case per benchmark compared); without it use json, github-action-benchmark, bencher, google-benchmark or markdown"),
        (["run", "--svg-dir", "d", "--format", "json"], "--svg-dir 'd' links charts from the Markdown: add --format markdown"),
        (["report", "--out", "r", "--history-name", "x"], "--history-name names a file in the --history folder: add --history DIR"),
    ]

    @Test(arguments: refusals)
    func refusedByValidateBeforeTheCommandRuns(_ arguments: [String], _ message: String) throws {
        // Parsed, then validated; never run.
        let error = try #require(OptionTableTests.refusal(arguments[0], Array(arguments.dropFirst())), "\(arguments) was accepted")
        #expect(error.code == .usage)
        #expect(error.message == message, "\(arguments)")
    }

    /// The command lines next to those refusals that keep every rule are accepted by `validate`.
    @Test(arguments: [
        ["validate", "--frames", "vsync", "--clock", "now"],
        ["validate", "--frames", "load:busy", "--load-seed", "3"],
        ["validate", "--frames", "vrr:120,60", "--hz", "60,120"],
        ["spring", "--uikit-duration", "0.5", "--damping-ratio", "0.8", "--uikit-mapping", "framer"],
        ["validate", "--svg", "M 0 0 L 10 0", "--duration", "1"],
        ["validate", "bee1", "--duration", "2", "--bounce", "0.2"],
        ["validate", "menu", "--uikit-residual", "0.01"],
        ["validate", "--uikit-residual", "0.01"],
        ["drag", "a.csv"],
        ["sample", "bee1", "--format", "csv"],
        ["path", "M 0 0 L 1 1"],
        ["run", "--svg-dir", "d", "--format", "markdown"],
    ])
    func theirNeighboursAreAccepted(_ arguments: [String]) {
        let error = OptionTableTests.refusal(arguments[0], Array(arguments.dropFirst()))
        #expect(error == nil, "\(arguments): \(error?.message ?? "")")
    }
}
