import BenchKit
import Foundation
import Lottie
import Motion

let validateCommand: Command = Command(
    name: "validate",
    synopsis: "[SCENE…|FILE.json…] [--hz 60,120] [--mode linear|paced|both] [--seed N] [--json FILE] [--format F] [--verbose] [user scene] [threshold flags]",
    summary: "check that scenes stay smooth at each refresh rate; exit 1 if any is janky",
    details: """
    Samples each scene at every rate (frame times k/hz), measures the step, speed profile, speed
    jumps, turns and teleports (and for springs overshoot, settle time, the demo's offset == 0
    stop, the snap there, and every integrator's error against the exact motion), tells a sharp
    bend from a break by sampling again at twice the rate, and adds the exact, sample-free view
    of every path join and the cycle seam. The cost of one frame is measured with the monotonic
    clock and reported as a fraction of the frame budget (a debug build reports it but does not
    judge it). Verdict: smooth or janky, with the reasons. No SCENE: every seed scene.

    A Lottie file (FILE.json: any argument ending in .json or containing a /) is validated
    layer by layer: every layer that draws and every shape group whose own transform is
    animated, one timeline per animated quantity, named LAYER/position, LAYER/rotation,
    LAYER/scale, LAYER/opacity (LAYER/GROUP/… for groups, PRECOMP/LAYER/… inside a
    precomposition). Position is the anchor point on screen after parenting (composition
    pixels as points); rotation, scale and opacity are judged as the on-screen motion they
    cause (the scales are printed with the file). Each timeline runs from its first keyframe to
    its last within the layer's visible span, and is validated at the requested rates and at
    the file's own frame rate (fr). Keyframe joins are exact (easing handles' slopes, spatial
    tangents, parents' motion); hold keyframes are steps by design, reported and not judged;
    what is not evaluated (expressions, time remapping, 3-D, repeaters, …) is noted once per file.
    Time as lottie-web runs it: a layer's own keyframes are read at its composition's frame (st
    does not shift them); st and sr map time for a precomposition's children only.

    --reference rlottie plays each Lottie file with rlottie too (the C library librlottie) and
    compares, at every whole frame, each shape's points on the canvas with Flightline's
    transform of the same points, and each object's position, rotation, scale and drawn
    opacity read from both: max and median disagreement in px per object and quantity. Where
    one of rlottie's own known shortcuts is in force (spatial pacing by an estimated length,
    the first dimension's ease for all, an eased last keyframe, whole frames in
    precompositions, auto-orient 0° outside the keys or on straight segments, no skew) the
    report names it instead of counting the disagreement as Flightline's. The JSON document
    gets a "reference" object.

    A user path (--svg 'DATA' --duration S [--repeat]) may take --timing CURVE, the cubic timing
    curve applied to each pass as Core Animation's timingFunction: a name (linear, easeIn,
    easeOut, easeInEaseOut, default; also ease-in, ease-out, ease-in-out, ease and the
    kCAMediaTimingFunction… constants) or x1,y1,x2,y2 with x1, x2 in 0…1 (CSS cubic-bezier).
    Default linear, as the demo; the seed scenes always keep the demo's linear timing. The scene
    header and the JSON ("timing") show the curve; the join speeds include its slope.

    The ends: every scene is also sampled two frames before it starts and after it ends, where
    the object rests (as a fill mode shows it), so a move shorter than a frame is the teleport
    it is. The speed a path starts and stops with is its timing curve's design (linear starts
    at full speed) and is noted, not judged. A spring is continuous in velocity, so its frames
    inside the motion are never a break (while they resolve its oscillation: at least four
    frames per period); its start is judged: an initial velocity four times what the spring
    itself adds over the next frame, that the break test confirms, is a kick. A break must keep
    its size when the rate doubles and doubles again. The demo's offset == 0 stop is judged for
    the menu only. Coordinates (and spring positions) beyond ±1e7 pt are refused: doubles there
    are too coarse for the metrics. --duration beside seed scene names is refused unless
    --bounce makes it a SwiftUI spring.

    A scene file (FILE.json with "schema": "flightline.scene/1") adds one scene per layer and
    animated property, named LAYER/PROPERTY: Core Animation keyframe, basic and spring
    animations with their timing (beginTime, timeOffset, duration, speed, repeatCount,
    repeatDuration, autoreverses, fillMode) and easing (Core Animation names, cubic-bezier(),
    steps(), linear()). A path scene from a file keeps its calculationMode (linear or paced);
    --mode applies to the seed scenes. A bad file is one line naming the JSON path, exit 2.
    Scenes/ holds the seed scenes as files and repaired variants; the format's JSON Schema is
    Scenes/flightline.scene-1.schema.json. A spring's display link may stop at rest ("stop":
    "rest") and grow its wave from zero ("waveGrowth"); "interruptions" retarget a spring
    (restart, additive, preserveVelocity), each velocity change there above the speed floor a
    finding; "rotationMode" adds the scene LAYER/rotation along the path's tangent.

    fixes: under the findings, the change that removes each one, computed from the model: the
    control point that makes a kinked join tangent-continuous, the key time that evens the speed
    at a join under linear timing, the start moved off screen for a restart on screen, a rest
    stop, a spring kept until it settles, a wave grown from zero; for a scene file also as the
    JSON path to edit and its new value ("fixes" in the JSON).

    Limits, checked before anything is sampled (exit 2, naming the bound): at most
    \(SceneSelection.maximumFrames) frames per scene and rate, \(Int(ValidateRequest.maximumTotalFrames)) over the
    whole run's scenes, modes and rates, and \(SceneSelection.maximumRates) rates; a trace's span
    at its rate and at its finest recorded interval at most 1000000 refreshes.

    scenes:
    \(sceneListing.map { "  " + $0 }.joined(separator: "\n"))

    --format F chooses the document: json (flightline.validate/1, the default), junit (JUnit
    XML: one test suite per scene, one test case per scene × mode × rate, a janky check a
    failure whose message lists its reasons) or markdown (a table for a pull-request comment;
    --svg-dir DIR also writes each scene's path and speed charts there as SVG, drawn as 'bench
    report' draws them, and shows them in the comment as images linked DIR/FILE.svg).
    With --json FILE the document goes to FILE and the text report to stdout; without --json,
    or with --json -, the document goes to stdout alone. The benchmark formats
    (github-action-benchmark, bencher, google-benchmark) belong to 'bench run'.

    Frames as devices deliver them: --frames vsync (every frame on its vsync), load:NAME
    (a per-frame cost against the deadline, seeded by --load-seed N, default 0; profiles light,
    busy, stutter, their parameters printed; depth=2 for a two-frame pipeline), vrr:RATES (the rate steps down
    through RATES on a miss and back up; promotion and promotion-iphone name ProMotion's sets;
    load=NAME picks the load, default busy) or trace:FILE (a recording's frame times). --clock
    says what the animation is sampled at: the frame's target time (default), the vsync that
    fired the callback (timestamp), or the time the callback ran (now). The report adds, side
    by side from the same frames, Apple's hitch time ratio (XCTest and Organizer grades),
    Android's frame overrun and JankStats count, Chrome's dropped frames over 1 s windows, the
    on-screen error (what was shown against where the motion should be when shown) and how far
    an engine that counts frames drifts. Janky when XCTest grades the hitch ratio critical or
    the on-screen error's 99th percentile exceeds --max-screen-error.

    load profiles:
    \(FrameDeliveryOption.profileListing.map { "  " + $0 }.joined(separator: "\n"))

    --trace FILE validates a recording instead of scenes: CSV with a header t,x,y (optional
    present, target, callback, completion, interval; times in seconds, or suffixed _ms, _us,
    _ns) or Chrome Trace Event JSON (counters with x and y args, as --trace-out writes). Its
    rate is the recording's unless --hz is given. A trace is judged refresh by refresh for
    teleports and late frames; its speed jumps and turns are reported, not judged (no samples
    at twice the rate). --trace-out FILE writes the frames as Chrome Trace Event JSON, for
    ui.perfetto.dev or chrome://tracing (the mapping is in the README).

    exit: 0 all smooth, 1 a scene is janky, 2 bad input.
    """,
    options: [
        .sceneRates("R,…", "frame rates, frames per second (default 60,120)"),
        .choice("mode", "MODE", ["linear", "paced", "both"], "path timing: linear (the demo's keyframes), paced (constant speed) or both (default)"),
        SceneSelection.seedSpec,
        .json("flightline.validate/1", formats: true),
        OutputFormat.spec(OutputFormat.validate),
        .flag("verbose", "list every reason, not a summary of the findings"),
        .option("svg-dir", "PATH", "with --format markdown: write the charts as SVG into this folder (as 'bench report' draws them) and show them in the Markdown"),
        ReferenceOption.spec,
    ] + SceneSelection.specs + SceneThresholds.specs + FrameDeliveryOption.specs,
    rules: SceneSelection.rules + ValidateRequest.rules,
    validation: { arguments in
        try ValidateRequest.validate(arguments, defaultRates: ValidateRequest.defaultRates)
        // --svg-dir's charts are linked from the Markdown document, so it needs that document.
        if let svgDir = arguments.string("svg-dir") {
            let (format, destination) = try OutputFormat.parse(arguments, allowed: OutputFormat.validate, command: "validate")
            guard format == .markdown, destination != nil else {
                throw CLIError.usage("--svg-dir \(quoted(svgDir)) links charts from the Markdown: add --format markdown", option: "svg-dir", value: svgDir)
            }
        }
    },
    run: { arguments, console in
        let request = try ValidateRequest(arguments)
        let (format, destination) = try OutputFormat.parse(arguments, allowed: OutputFormat.validate, command: "validate")
        // A new format's destination is refused before the work (without --format, as before:
        // after it).
        if let destination, arguments.has("format") { try checkDocumentDestination(destination, named: format.documentName) }
        if let traceOut = request.traceOut { try checkDocumentDestination(traceOut, named: "the Chrome trace") }
        let svgDir = arguments.string("svg-dir")
        if let svgDir {
            do { try OutputFolder.check(svgDir) } catch let error as BenchKitError { throw CLIError.usage("--svg-dir \(error)") }
        }
        // rlottie plays each file before anything is printed: a file it refuses is one line.
        let references = try ReferenceOption.compare(arguments, files: request.files)
        let results = try request.run()
        // Deprecation notes once the command line is known good: bad usage stays one line.
        for note in request.notes { console.err("bench: " + note) }
        let fixes = SceneReport.fixes(results, thresholds: request.thresholds)
        if destination != "-" {
            let policy = try plotPolicy(for: console, width: nil, height: nil, color: nil)
            console.out(SceneReport.render(results, request: request, fixes: fixes, plotWidth: min(policy.width - 2, 100), usesColor: policy.usesColor))
            if !references.isEmpty { console.out(ReferenceOption.text(references)) }
        }
        if let destination {
            switch format {
            case .junit: try writeDocument(Data(SceneReport.junit(results).xml().utf8), to: destination, console: console, named: format.documentName)
            case .markdown:
                var charts: [(scene: String, links: [(path: String, caption: String)])] = []
                if let svgDir {
                    let built = try ReportPage.sceneCharts(results, thresholds: request.thresholds)
                    do {
                        try OutputFolder.write(built.flatMap { $0.2 }.map { ($0.file, Data($0.svg.utf8)) }, toPath: svgDir)
                    } catch let error as BenchKitError {
                        throw CLIError.usage("--svg-dir \(error)")
                    }
                    let folder = svgDir.hasSuffix("/") ? String(svgDir.dropLast()) : svgDir
                    charts = built.map { (result, _, files) in (result.scene.name, files.map { ("\(folder)/\($0.file)", $0.caption) }) }
                }
                try writeDocument(Data(SceneReport.markdown(results, fixes: fixes, charts: charts).utf8), to: destination, console: console, named: format.documentName)
            default:
                var document = SceneReport.json(results, thresholds: request.thresholds, fixes: fixes, files: request.files)
                if !references.isEmpty, case .object(var members) = document {
                    members.append(("reference", ReferenceOption.json(references)))
                    document = .object(members)
                }
                try writeJSON(document, to: destination, console: console)
            }
        }
        if let traceOut = request.traceOut {
            let document = ChromeTraceWriter.document(try request.traceEntries(results), stills: request.traceStills())
            try writeDocument(Data(document.utf8), to: traceOut, console: console, named: "the Chrome trace")
        }
        return results.contains(where: \.isJanky) ? .checkFailed : .success
    }
)

/// What `bench validate` and `bench list` show as scene names.
let sceneListing: [String] = SceneSelection.listing

/// A parsed `bench validate` command line.
struct ValidateRequest {
    let scenes: [Scene]
    let rates: [Double]
    let modes: [TimingMode]
    let thresholds: Thresholds
    let verbose: Bool
    /// How frames are delivered (`--frames`, `--clock`); `nil` for ideal frames.
    let delivery: DeliveryOptions?
    /// Recordings to validate instead of scenes (`--trace`).
    let traces: [MotionTrace]
    /// Where `--trace-out` writes Chrome Trace Event JSON.
    let traceOut: String?
    let platformThresholds: PlatformThresholds
    /// A debug build's frame costs are shown but not judged: they say nothing about a release.
    let judgesFrameCost: Bool
    /// The Lottie files named, in order.
    let files: [LottieInput]
    /// A file's own frame rate by scene name: its scenes are validated at it too.
    let ownRates: [String: Double]
    /// Deprecation notes for stderr (`--seed` seeding a load model).
    let notes: [String]

    /// The rates `scene` is validated at: the requested ones, then its file's own (with ideal
    /// frames: a display model is asked for at the rates given, whose vsync it models).
    func rates(for scene: Scene) -> [Double] {
        guard delivery == nil, let own = ownRates[scene.name], !rates.contains(own) else { return rates }
        return rates + [own]
    }

    /// The rules between the options a ``ValidateRequest`` reads (validate, report).
    static let rules: [OptionRule] = [
        .excludes("trace", ["frames", "clock"], "--trace validates a recording as it was delivered; --frames and --clock apply to scenes"),
    ]

    /// What the options a ``ValidateRequest`` reads must be together, beyond ``rules``, for the
    /// `validation` of `validate` and `report` (`defaultRates` without `--hz`): a recording
    /// takes no scenes; otherwise the frame delivery's and the scenes' own rules.
    static func validate(_ arguments: Arguments, defaultRates: [Double]) throws {
        if arguments.has("trace") {
            if let scene = arguments.positionals.first {
                throw CLIError.usage("--trace validates a recording, not scenes; got the scene \(quoted(scene)) too")
            }
            return
        }
        try FrameDeliveryOption.validate(arguments, defaultRates: defaultRates)
        try SceneSelection.validate(arguments, defaultNames: defaultSceneNames)
    }

    /// The rates without `--hz` (`bench validate`'s).
    static let defaultRates: [Double] = [60, 120]

    /// The scenes validated when none is named.
    static let defaultSceneNames = ["bee", "menu"]

    /// The largest rate accepted: beyond 1000 Hz no display exists and the sampling only costs time.
    static let maximumRate = 1000.0

    /// - Parameter defaultRates: the rates without `--hz` (`bench report` charts one: 60).
    init(_ arguments: Arguments, judgesFrameCost: Bool = isOptimizedBuild, defaultRates: [Double] = Self.defaultRates) throws {
        thresholds = try SceneThresholds.thresholds(from: arguments)
        platformThresholds = try FrameDeliveryOption.thresholds(arguments)
        traceOut = arguments.string("trace-out")
        var rates = try SceneSelection.rates(arguments, defaults: defaultRates)
        switch try arguments.choice("mode", ["linear", "paced", "both"]) ?? "both" {
        case "linear": modes = [.linear]
        case "paced": modes = [.paced]
        default: modes = [.linear, .paced]
        }
        let seed = try SceneSelection.seed(arguments)
        var notes: [String] = []
        if let path = arguments.string("trace") {
            traces = try FrameDeliveryOption.readTraces(path)
            scenes = []
            files = []
            delivery = nil
            if !arguments.has("hz") { rates = [] }
        } else {
            traces = []
            let (options, traceRate) = try FrameDeliveryOption.options(arguments, notes: &notes)
            delivery = options
            if let traceRate, !arguments.has("hz") { rates = [traceRate] }
            (scenes, files) = try SceneSelection.selection(from: arguments, seed: seed, defaultNames: Self.defaultSceneNames)
        }
        self.rates = rates
        var ownRates: [String: Double] = [:]
        for file in files {
            for name in file.sceneNames { ownRates[name] = file.ownRate }
        }
        self.ownRates = ownRates
        verbose = arguments.has("verbose")
        self.notes = notes
        self.judgesFrameCost = judgesFrameCost
        // The whole run's frames, bounded before any is sampled: a file of thousands of moving
        // objects is validated object by object, each at every rate and mode.
        var total = 0.0
        for scene in scenes {
            for hz in self.rates(for: scene) {
                total += try SceneSelection.requireSampleable(scene, hz: hz) * Double(scene.usesTimingMode ? modes.count : 1)
            }
        }
        guard total <= Self.maximumTotalFrames else {
            throw CLIError.usage(
                "these \(scenes.count) scenes at \(self.rates.count) rate\(self.rates.count == 1 ? "" : "s") would sample \(countText(total)) frames in all; at most \(countText(Self.maximumTotalFrames)) in one run (validate fewer scenes or rates)")
        }
    }

    /// The most frames one run samples over all its scenes, modes and rates (each also sampled
    /// at twice and four times its rate, and swept over the phase of a frame): 200,000, under
    /// 8 s of work in a release build (15–37 µs a frame, measured on 200 and 2,000 moving
    /// Lottie layers: 2,000 at 60 Hz, 122,000 frames, took 4.5 s of CPU). A Lottie file of
    /// 5,000 moving layers (1 MB) would take over a minute.
    static let maximumTotalFrames = 200_000.0

    /// Validates every scene × mode × rate, in that order (deterministic); or every trace at
    /// every rate given (its own rate without --hz).
    func run() throws -> [SceneValidation] {
        var clock = BenchKitFrameClock()
        var results: [SceneValidation] = []
        for trace in traces {
            do {
                let reports = try (rates.isEmpty ? [nil] : rates.map { Optional($0) }).map { hz in
                    try Validation.validate(trace: trace, hz: hz, thresholds: thresholds, platformThresholds: platformThresholds)
                }
                results.append(SceneValidation(scene: try .trace(trace), reports: reports, judgesFrameCost: false))
            } catch {
                throw CLIError.usage("\(error)")
            }
        }
        for scene in scenes {
            do {
                results.append(
                    try Validation.validate(
                        scene, modes: modes, rates: rates(for: scene), thresholds: thresholds, judgesFrameCost: judgesFrameCost,
                        delivery: delivery, clock: &clock))
            } catch {
                throw CLIError.usage("\(scene.name): \(error)")
            }
        }
        return results
    }

    /// What `--trace-out` writes: each report with its delivered frames (ideal frames when no
    /// `--frames` was given).
    func traceEntries(_ results: [SceneValidation]) throws -> [ChromeTraceWriter.Entry] {
        var entries: [ChromeTraceWriter.Entry] = []
        for result in results {
            // A timeline's frames start at its absolute start; a path's and a spring's at 0.
            var start = 0.0
            if case .timeline(let motion, _) = result.scene.kind { start = motion.start }
            for report in result.reports {
                if let delivered = report.delivery {
                    entries.append(ChromeTraceWriter.Entry(report: report, delivery: delivered, start: start))
                    continue
                }
                do {
                    let ideal = try Validation.deliver(
                        result.scene, mode: report.mode ?? .linear, hz: report.hz,
                        options: DeliveryOptions(model: .ideal, thresholds: platformThresholds))
                    entries.append(ChromeTraceWriter.Entry(report: report, delivery: ideal, start: start))
                } catch {
                    throw CLIError.usage("\(result.scene.name): \(error)")
                }
            }
        }
        return entries
    }

    /// The objects the Lottie files call still (nothing animated, not riding with a moving
    /// layer), with their constant values at the file's first frame, shown over `[ip, op]/fr`.
    func traceStills() -> [ChromeTraceWriter.Still] {
        var stills: [ChromeTraceWriter.Still] = []
        for file in files {
            let a = file.animation
            let places = a.sampledObjects.map(\.place)
            let states = a.objectStates(atFrame: a.inPoint)
            for object in file.motion.stills where !object.ridesWithItsLayer {
                guard let index = places.firstIndex(of: object.place) else { continue }
                let s = states[index]
                stills.append(ChromeTraceWriter.Still(
                    label: "\(file.path): \(object.name) (still)", from: a.inPoint / a.frameRate, to: a.outPoint / a.frameRate,
                    position: SIMD2(s.x, s.y), rotation: s.rotation, scale: SIMD2(s.scaleX, s.scaleY), opacity: s.opacity))
            }
        }
        return stills
    }
}
