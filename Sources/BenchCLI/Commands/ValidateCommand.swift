import BenchKit
import Foundation
import Motion

let validateCommand = Command(
    name: "validate",
    synopsis: "[SCENE|FILE.json…] [--hz 60,120] [--mode linear|paced|both] [--seed N] [--json FILE] [--format F] [--verbose] [user scene] [threshold flags]",
    summary: "check that scenes stay smooth at each refresh rate; exit 1 if any is janky",
    details: """
    Samples each scene at every rate (frame times k/hz), measures the step, speed profile, speed
    jumps, turns and teleports (and for springs overshoot, settle time, the demo's offset == 0
    stop, the snap there, and every integrator's error against the exact motion), tells a sharp
    bend from a break by sampling again at twice the rate, and adds the exact, sample-free view
    of every path join and the cycle seam. The cost of one frame is measured with the monotonic
    clock and reported as a fraction of the frame budget (a debug build reports it but does not
    judge it). Verdict: smooth or janky, with the reasons. No SCENE: every seed scene.

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

    scenes:
    \(sceneListing.map { "  " + $0 }.joined(separator: "\n"))

    --format F chooses the document: json (flightline.validate/1, the default), junit (JUnit
    XML: one test suite per scene, one test case per scene × mode × rate, a janky check a
    failure whose message lists its reasons) or markdown (a table for a pull-request comment).
    With --json FILE the document goes to FILE and the text report to stdout; without --json,
    or with --json -, the document goes to stdout alone. The benchmark formats
    (github-action-benchmark, bencher, google-benchmark) belong to 'bench run'.

    exit: 0 all smooth, 1 a scene is janky, 2 bad input.
    """,
    options: [
        .option("hz", "R,…", "frame rates, frames per second (default 60,120)"),
        .option("mode", "MODE", "path timing: linear (the demo's keyframes), paced (constant speed) or both (default)"),
        SceneSelection.seedSpec,
        .option("json", "FILE", "write the results as JSON (flightline.validate/1); '-' for stdout only"),
        OutputFormat.spec(OutputFormat.validate),
        .flag("verbose", "list every reason, not a summary of the findings"),
    ] + SceneSelection.specs + SceneThresholds.specs,
    run: { arguments, console in
        let request = try ValidateRequest(arguments)
        let (format, destination) = try OutputFormat.parse(arguments, allowed: OutputFormat.validate, command: "validate")
        // A new format's destination is refused before the work (without --format, as before:
        // after it).
        if let destination, arguments.has("format") { try checkDocumentDestination(destination, named: format.documentName) }
        let results = try request.run()
        if destination != "-" {
            let policy = try plotPolicy(for: console, width: nil, height: nil, color: nil)
            console.out(SceneReport.render(results, request: request, plotWidth: min(policy.width - 2, 100), usesColor: policy.usesColor))
        }
        if let destination {
            switch format {
            case .junit: try writeDocument(Data(SceneReport.junit(results).xml().utf8), to: destination, console: console, named: format.documentName)
            case .markdown: try writeDocument(Data(SceneReport.markdown(results, thresholds: request.thresholds).utf8), to: destination, console: console, named: format.documentName)
            default: try writeJSON(SceneReport.json(results, thresholds: request.thresholds), to: destination, console: console)
            }
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
    /// A debug build's frame costs are shown but not judged: they say nothing about a release.
    let judgesFrameCost: Bool

    /// The largest rate accepted: beyond 1000 Hz no display exists and the sampling only costs time.
    static let maximumRate = 1000.0

    init(_ arguments: Arguments, judgesFrameCost: Bool = isOptimizedBuild) throws {
        thresholds = try SceneThresholds.thresholds(from: arguments)
        rates = try SceneSelection.rates(arguments, defaults: [60, 120])
        if let tooFast = rates.first(where: { $0 > Self.maximumRate }) {
            throw CLIError.usage("--hz must be at most \(Self.maximumRate.formatted) frames per second, got \(tooFast.formatted)")
        }
        switch try arguments.choice("mode", ["linear", "paced", "both"]) ?? "both" {
        case "linear": modes = [.linear]
        case "paced": modes = [.paced]
        default: modes = [.linear, .paced]
        }
        scenes = try SceneSelection.scenes(
            from: arguments, seed: try SceneSelection.seed(arguments), defaultNames: ["bee", "menu"])
        for scene in scenes {
            for hz in rates { try SceneSelection.requireSampleable(scene, hz: hz) }
        }
        verbose = arguments.has("verbose")
        self.judgesFrameCost = judgesFrameCost
    }

    /// Validates every scene × mode × rate, in that order (deterministic).
    func run() throws -> [SceneValidation] {
        var clock = BenchKitFrameClock()
        var results: [SceneValidation] = []
        for scene in scenes {
            do {
                results.append(
                    try Validation.validate(
                        scene, modes: modes, rates: rates, thresholds: thresholds, judgesFrameCost: judgesFrameCost,
                        clock: &clock))
            } catch {
                throw CLIError.usage("\(scene.name): \(error)")
            }
        }
        return results
    }
}
