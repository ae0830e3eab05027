import SpringSolver
import TerminalPlot

let flingCommand: Command = Command(
    name: "fling",
    synopsis: "--velocity V --platform P [--extent L [--edge E] [--over PX | --viewport D] | --pull X [--viewport D]] [--density D] [--hz R,…] [--json FILE]",
    summary: "a fling as a platform decelerates it: distance, duration, curve and frames at 60/120 Hz",
    details: """
    Platforms: uikit and uikit-fast (UIScrollView: the velocity multiplied by 0.998 or 0.99 every \
    millisecond; the per-millisecond form is the model, the continuous form v·r^(1000t) is printed \
    beside it; the deceleration is taken to end when less than 0.5 pt remains, an assumption: \
    Apple states no threshold), android (OverScroller's spline fling, SplineOverScroller; lengths \
    in physical pixels, --density sets DisplayMetrics.density, ppi = 160 × density; time in whole \
    milliseconds as Android's clock gives it), flutter (ClampingScrollSimulation), \
    flutter-bouncing (BouncingScrollSimulation's friction within the extent; --density is the \
    device pixel ratio its stopping tolerance depends on), chrome (ui::FlingCurve, desktop \
    Chrome's touchscreen and touchpad fling). V is in the platform's unit per second (pt, px or \
    logical px; signed, 0 < |V| ≤ 100000). Each frame is the platform's offset at k/R s, from the \
    release to the first frame at or after the end, with its step from the frame before. \
    With --extent L the content edge is L away in the fling's direction: the report gives where \
    and when the fling reaches it, the speed on each side of the hand-off to the platform's \
    overscroll motion (continuity checked), the overshoot past the edge and when it is back at \
    rest (uikit, uikit-fast, flutter-bouncing and android; flutter and chrome stop at the edge). \
    Past the edge flutter-bouncing is BouncingScrollSimulation's spring (ported); android is, \
    with --edge stretch (the default: Android 12, API 31, and later), the fling stopped at the \
    edge and EdgeEffect.onAbsorb's stretch (ported: NestedScrollView.computeScroll, \
    EdgeEffect's stretch spring, drawn as hwui's StretchEffect; the position past the edge is \
    how far the stretch moves the far side of a --viewport D px view, default 800), and with \
    --edge spring-back (Android 11, API 30, and earlier) OverScroller's edge bounce and \
    spring-back (ported; --over is the overscroll allowance the view passes, default 400 px, \
    ScrollView passes half its height); uikit past the edge is a \
    model, not a port: Apple publishes no bounce, and the stand-in is Flutter's iOS spring. \
    With --pull X the finger has dragged the content X past its edge and lets go (--velocity, \
    default 0, is the release speed away from the edge): uikit shows the rubber band \
    (1 − 1/(X·0.55/D + 1))·D with D the --viewport (default 800) and springs back by the same \
    stand-in model; flutter-bouncing applies BouncingScrollPhysics.applyPhysicsToUserOffset per \
    1 px pointer event (frictionFactor 0.52·(1 − overscroll/D)²) and releases into \
    ScrollSpringSimulation (ported); android (12+) stretches instead of scrolling past the edge: \
    each 1 px pointer event goes to EdgeEffect.onPullDistance(1/D), the release to onRelease() \
    (--velocity 0 only: a release below the fling threshold) and the stretch spring runs each \
    frame (ported); shown past the edge is how far the stretch moves the far side of the view. \
    Android's glow (before 12) does not move the content and is not modelled.
    """,
    options: [
        .number("velocity", "V", "release velocity in the platform's unit per second (required; not 0)", in: NumberRange(
            atLeast: -Fling.maximumSpeed, atMost: Fling.maximumSpeed)),
        .choice("platform", "P", FlingPlatform.allCases.map(\.rawValue), "uikit, uikit-fast, android, flutter, flutter-bouncing or chrome (required)"),
        .number("density", "D", "android: DisplayMetrics.density; flutter-bouncing: device pixel ratio (default 1)", in: NumberRange(atLeast: 0.1, atMost: 10)),
        .number("extent", "L", "distance to the content edge in the fling's direction: report the edge hand-off", in: NumberRange(greaterThan: 0, atMost: 1e7)),
        .choice("edge", "E", EdgeFling.AndroidEdge.allCases.map(\.rawValue), "android with --extent: stretch (Android 12+, default) or spring-back (OverScroller, Android 11 and earlier)"),
        .number("over", "PX", "android with --extent --edge spring-back: OverScroller's overscroll allowance in px (default 400)", in: NumberRange(atLeast: 0, atMost: 1e7)),
        .number("pull", "X", "the finger's drag past the content edge before it lets go: report the displacement and the return", in: NumberRange(greaterThan: 0, atMost: 1e6)),
        .number("viewport", "D", "with --pull, or android's stretch with --extent: the viewport's dimension along the drag (default 800)", in: NumberRange(greaterThan: 0, atMost: 1e6)),
        .wholeRates,
        .json("flightline.fling/1", "the fling"),
    ],
    positionalLimit: 0,
    rules: [
        .excludes("pull", ["extent", "over", "edge"], "{other} and --pull describe different releases: give one"),
        .requires("viewport", anyOf: ["pull", "extent"], "--viewport applies with --pull, or to android's stretch with --extent"),
    ],
    validation: { arguments in
        // What a platform models decides the rest.
        let platform = try flingPlatform(arguments)
        if arguments.has("pull") {
            if arguments.has("density"), platform != .flutterBouncing {
                throw CLIError.usage("--density applies to flutter-bouncing with --pull, not \(platform.rawValue)")
            }
            return
        }
        let androidEdge = flingAndroidEdge(arguments)
        if arguments.has("edge"), platform != .android || !arguments.has("extent") {
            throw CLIError.usage("--edge applies to android with --extent")
        }
        if arguments.has("viewport"), platform != .android || !arguments.has("extent") || androidEdge != .stretch {
            throw CLIError.usage("--viewport applies with --pull, or to android's stretch with --extent")
        }
        _ = try flingVelocity(arguments, platform)
        if arguments.has("density"), !platform.usesDensity {
            throw CLIError.usage("--density applies to android and flutter-bouncing, not \(platform.rawValue)")
        }
        if arguments.has("over"), !arguments.has("extent") || platform != .android || androidEdge != .springBack {
            throw CLIError.usage("--over applies to android with --extent --edge spring-back")
        }
        if arguments.has("extent"), platform == .flutter || platform == .chrome {
            throw CLIError.usage("--extent applies to uikit, uikit-fast, flutter-bouncing and android: \(platform.rawValue) stops at the edge (no overscroll motion)")
        }
    },
    run: { arguments, console in
        let platform = try flingPlatform(arguments)
        if let pull = arguments.number("pull") {
            let rates = flingRates(arguments)
            let destination = arguments.string("json")
            if let destination { try checkDocumentDestination(destination) }
            let release: OverscrollPull
            do {
                release = try OverscrollPull(platform: platform, pull: pull, viewport: arguments.number("viewport") ?? 800,
                                             velocity: arguments.number("velocity") ?? 0, density: arguments.number("density") ?? 1)
            } catch let error as SpringError {
                if case .outOfRange = error { throw CLIError.usage("--pull: \(error.description)") }
                throw CLIError.usage("--\(error.description)")
            }
            let frames = rates.map { (hz: $0, frames: release.frames(hz: $0)) }
            if destination != "-" { console.out(pullReport(release, frames: frames)) }
            if let destination { try writeJSON(pullJSON(release, frames: frames), to: destination, console: console) }
            return .success
        }
        let velocity = try flingVelocity(arguments, platform)
        let density = arguments.number("density")
        let rates = flingRates(arguments)
        let destination = arguments.string("json")
        if let destination { try checkDocumentDestination(destination) }
        let extent = arguments.number("extent")
        let over = arguments.number("over")
        if let extent {
            let edgeFling: EdgeFling
            do {
                edgeFling = try EdgeFling(platform: platform, velocity: velocity, extent: extent, over: over ?? 400, density: density ?? 1,
                                          androidEdge: flingAndroidEdge(arguments), viewport: arguments.number("viewport") ?? 800)
            } catch let error as SpringError {
                throw CLIError.usage("--\(error.description)")
            }
            let runs = rates.map { edgeFling.run(hz: $0) }
            if destination != "-" {
                let policy = try plotPolicy(for: console, width: nil, height: nil, color: nil)
                console.out(edgeReport(edgeFling, runs: runs, plotWidth: min(policy.width, 120), usesColor: policy.usesColor))
            }
            if let destination { try writeJSON(edgeJSON(edgeFling, runs: runs), to: destination, console: console) }
            return .success
        }
        let fling: Fling
        do {
            fling = try Fling(platform: platform, velocity: velocity, density: density ?? 1)
        } catch let error as SpringError {
            throw CLIError.usage("--\(error.description)")
        }
        let frames = rates.map { (hz: $0, frames: fling.frames(hz: $0)) }
        if destination != "-" {
            let policy = try plotPolicy(for: console, width: nil, height: nil, color: nil)
            console.out(flingReport(fling, frames: frames, plotWidth: min(policy.width, 120), usesColor: policy.usesColor))
        }
        if let destination { try writeJSON(flingJSON(fling, frames: frames), to: destination, console: console) }
        return .success
    }
)

/// `--platform`, which `bench fling` needs.
private func flingPlatform(_ arguments: Arguments) throws -> FlingPlatform {
    guard let platform = arguments.string("platform").flatMap(FlingPlatform.init(rawValue:)) else {
        throw CLIError.usage("bench fling needs --platform (\(FlingPlatform.allCases.map(\.rawValue).joined(separator: ", ")))")
    }
    return platform
}

/// `--edge`: how android's content meets the edge (default the stretch of Android 12+).
private func flingAndroidEdge(_ arguments: Arguments) -> EdgeFling.AndroidEdge {
    arguments.string("edge").flatMap(EdgeFling.AndroidEdge.init(rawValue:)) ?? .stretch
}

/// `--velocity`, which a fling without `--pull` needs.
private func flingVelocity(_ arguments: Arguments, _ platform: FlingPlatform) throws -> Double {
    guard let velocity = arguments.number("velocity") else {
        throw CLIError.usage("bench fling needs --velocity V (\(platform.unit)/s, 0 < |V| ≤ 100000)")
    }
    return velocity
}

/// `--hz`: whole rates 1…1000, default 60 and 120, each once.
func flingRates(_ arguments: Arguments) -> [Int] {
    guard let given = arguments.wholes("hz") else { return [60, 120] }
    var rates: [Int] = []
    for rate in given where !rates.contains(rate) { rates.append(rate) }
    return rates
}

/// The source each platform's model follows, for the report.
func flingSource(_ platform: FlingPlatform) -> String {
    switch platform {
    case .uikit: "UIScrollView, decelerationRate .normal: velocity × 0.998 every millisecond"
    case .uikitFast: "UIScrollView, decelerationRate .fast: velocity × 0.99 every millisecond"
    case .android: "android/widget/OverScroller.java, SplineOverScroller fling() and update()"
    case .flutter: "flutter widgets/scroll_simulation.dart, ClampingScrollSimulation"
    case .flutterBouncing: "flutter widgets/scroll_simulation.dart, BouncingScrollSimulation (FrictionSimulation 0.135)"
    case .chrome: "chromium ui/events/gestures/fling_curve.cc, FlingCurve::ComputeScrollOffset"
    }
}

func flingReport(_ fling: Fling, frames: [(hz: Int, frames: [FlingFrame])], plotWidth: Int, usesColor: Bool) -> String {
    let unit = fling.platform.unit
    var lines = ["fling: \(fling.platform.rawValue) from \(fling.velocity.formatted) \(unit)/s"
                 + (fling.platform.usesDensity ? " at density \(fling.density.formatted)" : "")]
    lines.append("  model:     \(flingSource(fling.platform))")
    lines.append("  distance:  \(significant(fling.distance, 6)) \(unit)")
    lines.append("  duration:  \(significant(fling.duration, 4)) s")
    switch fling.model {
    case .uikit(let model):
        lines.append("  per-millisecond form (the model): limit (v/1000)·r/(1 − r) = \(significant(model.limit, 7)) \(unit)")
        lines.append("  continuous form v·r^(1000t): limit v/(1000·ln(1/r)) = \(significant(model.continuousDistance, 7)) \(unit)")
        lines.append("  stop: the first millisecond after which less than \(UIKitDeceleration.stopDistance.formatted) \(unit) remains (an assumption: Apple states no threshold)")
    case .android(let model):
        lines.append("  int velocity \(model.velocity) px/s, mSplineDuration \(model.splineDuration) ms, mSplineDistance \(model.splineDistance) px (physical pixels, ppi \(significant(Double(model.density) * 160, 4)))")
    case .flutter:
        lines.append("  done at t ≥ duration; the distance is Android's spline distance in logical px")
    case .flutterBouncing(let model):
        lines.append("  stops at the first frame where |velocity| < \(significant(model.toleranceVelocity, 4)) logical px/s (1/(0.05 × ratio)); distance is x where the velocity reaches it")
    case .chrome(let model):
        lines.append("  curve: -5707.62·e^(-3.7t) - 172t + 5707.62, entered at \(significant(model.timeOffset, 4)) s, ends at \(significant(model.curveDuration, 4)) s")
    }
    // The curve, finely sampled, and each rate's frames on it.
    let samples = 400
    let end = max(fling.duration, 1e-3) * 1.05
    let times = (0...samples).map { end * Double($0) / Double(samples) }
    let states = times.map { fling.state(at: $0) }
    var positionSeries = [Series("position", x: times, y: states.map(\.position), style: .line)]
    var velocitySeries = [Series("velocity", x: times, y: states.map(\.velocity), style: .line)]
    for (hz, rateFrames) in frames.prefix(Plot.maximumSeriesCount - 1) {
        positionSeries.append(Series("frames \(hz) Hz", x: rateFrames.map(\.time), y: rateFrames.map(\.position), style: .points))
        velocitySeries.append(Series("frames \(hz) Hz", x: rateFrames.map(\.time), y: rateFrames.map(\.velocity), style: .points))
    }
    for (title, label, series) in [("position against time", "position (\(unit))", positionSeries),
                                   ("velocity against time", "velocity (\(unit)/s)", velocitySeries)] {
        let plot = Plot(width: plotWidth, height: 14, usesColor: usesColor, title: title,
                        xAxis: Axis(label: "time (s)"), yAxis: Axis(label: label), series: series)
        lines.append("")
        lines.append((try? plot.render()) ?? "(no plot)")
    }
    let abridged = Layout.current.width != nil
    for (hz, rateFrames) in frames {
        lines.append("")
        let rest = rateFrames.last.map { "rests at \(significant($0.position, 6)) \(unit), frame \($0.index) (\(significant($0.time, 4)) s)" } ?? ""
        lines.append("frames at \(hz) Hz: \(rateFrames.count), \(rest)")
        var table = Table("frame", "t (s)", "position", "step", "velocity")
        let shown: [FlingFrame]
        if abridged, rateFrames.count > 20 {
            shown = Array(rateFrames.prefix(14)) + Array(rateFrames.suffix(4))
        } else {
            shown = rateFrames
        }
        for (index, frame) in shown.enumerated() {
            if abridged, rateFrames.count > 20, index == 14 {
                table.add(row: ["…", "", "", "", ""])
            }
            table.add(row: [String(frame.index), significant(frame.time, 4), significant(frame.position, 6),
                            significant(frame.step, 4), significant(frame.velocity, 5)])
        }
        lines.append(table.rendered(indent: "  "))
        if abridged, rateFrames.count > 20 {
            lines.append("  \(rateFrames.count - 18) frames not shown: --wide or --json for every frame")
        }
    }
    return lines.joined(separator: "\n")
}

func flingJSON(_ fling: Fling, frames: [(hz: Int, frames: [FlingFrame])]) -> JSON {
    var members: [(String, JSON)] = [
        ("schema", .string("flightline.fling/1")),
        ("platform", .string(fling.platform.rawValue)),
        ("velocity", .number(fling.velocity)),
        ("density", .number(fling.density)),
        ("unit", .string(fling.platform.unit)),
        ("distance", .finite(fling.distance)),
        ("duration", .finite(fling.duration)),
        ("model", .string(flingSource(fling.platform))),
    ]
    if case .uikit(let model) = fling.model {
        members.append(("continuousDistance", .finite(model.continuousDistance)))
        members.append(("stopDistance", .number(UIKitDeceleration.stopDistance)))
    }
    members.append(("frames", .array(frames.map { hz, rateFrames in
        .object([
            ("hz", .integer(hz)),
            ("count", .integer(rateFrames.count)),
            ("frames", .array(rateFrames.map { frame in
                .object([
                    ("frame", .integer(frame.index)), ("time", .finite(frame.time)),
                    ("position", .finite(frame.position)), ("step", .finite(frame.step)),
                    ("velocity", .finite(frame.velocity)),
                ])
            })),
        ])
    })))
    return .object(members)
}
