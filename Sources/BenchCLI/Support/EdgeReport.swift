import SpringSolver
import TerminalPlot

/// What each platform does past the edge, for the report.
func edgeSource(_ edge: EdgeFling) -> String {
    switch edge.platform {
    case .android where edge.androidEdge == .stretch:
        "Android 12+ (API 31): androidx NestedScrollView.computeScroll stops the OverScroller fling at the edge and calls EdgeEffect.onAbsorb((int) getCurrVelocity()); android/widget/EdgeEffect.java's stretch spring (ω₀ 24.657, ζ 0.98, velocity × 13) stretches the content, drawn as hwui StretchEffect: the far side of the view moves by h·s/(1 + s), s = dampStretchVector(distance)"
    case .uikit, .uikitFast:
        "MODEL (Apple publishes no bounce): the per-millisecond deceleration to the edge, then Flutter's iOS spring (mass 0.5, stiffness 100, ratio 1.1) with the velocity carried whole; at rest within 0.5 pt"
    case .flutterBouncing:
        "flutter scroll_simulation.dart BouncingScrollSimulation: FrictionSimulation.timeAtX(edge), then ScrollSpringSimulation(mass 0.5, stiffness 100, ratio 1.1) from min(dx, 5000)"
    case .android:
        "Android before 12 (API ≤ 30): android/widget/OverScroller.java SplineOverScroller: fling clamped by adjustDuration, continueWhenFinished → onEdgeReached (2000 px/s² or stop within over) → startSpringback (cubic)"
    case .flutter, .chrome:
        "no overscroll motion"
    }
}

func edgeReport(_ edge: EdgeFling, runs: [EdgeRun], plotWidth: Int, usesColor: Bool) -> String {
    let unit = edge.platform.unit
    var lines = ["fling into an edge: \(edge.platform.rawValue) from \(edge.velocity.formatted) \(unit)/s, edge at \(significant(edge.edge, 7)) \(unit)"
                 + (edge.platform.usesDensity ? " at density \(edge.density.formatted)" : "")
                 + (edge.platform == .android
                    ? (edge.androidEdge == .stretch ? ", stretch in a \(edge.viewport.formatted) px view" : ", spring-back, over \(edge.over.formatted) px")
                    : "")]
    lines.append("  past the edge: \(edgeSource(edge))")
    lines.append("  without the edge the fling would travel \(significant(edge.fling.distance, 6)) \(unit)")
    var table = Table("Hz", "edge t (s)", "v before", "v after", "ratio", "past edge (at s)", "rest (s)")
    for run in runs {
        if let handOff = run.handOff {
            table.add(row: ["\(run.hz)", significant(handOff.time, 6), significant(handOff.speedBefore, 6),
                            significant(handOff.speedAfter, 6),
                            significant(handOff.speedRatio, 6) + (handOff.isContinuous ? "" : " ≠"),
                            "\(significant(run.overshoot, 5)) (\(significant(run.peakTime, 4)))", significant(run.settleTime, 5)])
        } else {
            table.add(row: ["\(run.hz)", "no edge", "", "", "", "0", significant(run.settleTime, 5)])
        }
    }
    lines.append("")
    lines.append(table.rendered(indent: "  "))
    let broken = runs.compactMap(\.handOff).filter { !$0.isContinuous }
    lines.append(broken.isEmpty
        ? (runs.contains { $0.handOff != nil } ? "  velocity continuity: kept across the hand-off (to 1e-9)" : "  the fling stops before the edge")
        : "  velocity continuity: not kept (≠: the speed after differs from the speed before by more than 1e-9 of it)")
    if edge.platform == .android, edge.androidEdge == .stretch {
        lines.append("  android 12+: the content stops at the edge (the velocity is not carried: 0 after); past the edge is the stretch's displacement at the far side of the view; the absorb happens at the first frame past the edge, so it depends on the rate")
    } else if edge.platform == .android {
        lines.append("  android carries the velocity its last frame computed (an int), so the hand-off depends on the rate")
    }
    if edge.platform == .flutterBouncing, let handOff = runs.first?.handOff, !handOff.isContinuous {
        lines.append("  the source caps the carried speed at 5000 logical px/s (maxSpringTransferVelocity), toward the trailing edge only")
    }
    var positionSeries: [Series] = []
    for run in runs.prefix(Plot.maximumSeriesCount) {
        positionSeries.append(Series("frames \(run.hz) Hz", x: run.frames.map(\.time), y: run.frames.map(\.position), style: .points))
    }
    let plot = Plot(width: plotWidth, height: 14, usesColor: usesColor, title: "position against time",
                    xAxis: Axis(label: "time (s)"), yAxis: Axis(label: "position (\(unit))"), series: positionSeries)
    lines.append("")
    lines.append((try? plot.render()) ?? "(no plot)")
    let abridged = Layout.current.width != nil
    for run in runs {
        lines.append("")
        lines.append("frames at \(run.hz) Hz: \(run.frames.count)")
        var frames = Table("frame", "t (s)", "position", "past edge", "step", "velocity")
        let shown = abridged && run.frames.count > 24 ? Array(run.frames.prefix(18)) + Array(run.frames.suffix(4)) : run.frames
        for (index, frame) in shown.enumerated() {
            if abridged, run.frames.count > 24, index == 18 { frames.add(row: ["…", "", "", "", "", ""]) }
            let past = max(0, (frame.position - edge.edge) * (edge.velocity < 0 ? -1 : 1))
            frames.add(row: [String(frame.index), significant(frame.time, 4), significant(frame.position, 6),
                             significant(past, 4), significant(frame.step, 4), significant(frame.velocity, 5)])
        }
        lines.append(frames.rendered(indent: "  "))
        if abridged, run.frames.count > 24 {
            lines.append("  \(run.frames.count - 22) frames not shown: --wide or --json for every frame")
        }
    }
    return lines.joined(separator: "\n")
}

func edgeJSON(_ edge: EdgeFling, runs: [EdgeRun]) -> JSON {
    .object([
        ("schema", .string("flightline.fling-edge/1")),
        ("platform", .string(edge.platform.rawValue)),
        ("velocity", .number(edge.velocity)),
        ("density", .number(edge.density)),
        ("unit", .string(edge.platform.unit)),
        ("edge", .finite(edge.edge)),
        ("over", edge.platform == .android && edge.androidEdge == .springBack ? .number(edge.over) : .null),
        ("androidEdge", edge.platform == .android ? .string(edge.androidEdge.rawValue) : .null),
        ("viewport", edge.platform == .android && edge.androidEdge == .stretch ? .number(edge.viewport) : .null),
        ("model", .string(edgeSource(edge))),
        ("isPort", .bool(edge.platform == .android || edge.platform == .flutterBouncing)),
        ("runs", .array(runs.map { run in
            var members: [(String, JSON)] = [("hz", .integer(run.hz))]
            if let handOff = run.handOff {
                members.append(("handOff", .object([
                    ("time", .finite(handOff.time)), ("edge", .finite(handOff.edge)),
                    ("speedBefore", .finite(handOff.speedBefore)), ("speedAfter", .finite(handOff.speedAfter)),
                    ("speedRatio", .finite(handOff.speedRatio)), ("continuous", .bool(handOff.isContinuous)),
                ])))
            } else {
                members.append(("handOff", .null))
            }
            members += [
                ("overshoot", .finite(run.overshoot)), ("peakTime", .finite(run.peakTime)),
                ("settleTime", .finite(run.settleTime)), ("count", .integer(run.frames.count)),
                ("frames", .array(run.frames.map { frame in
                    .object([
                        ("frame", .integer(frame.index)), ("time", .finite(frame.time)),
                        ("position", .finite(frame.position)), ("step", .finite(frame.step)),
                        ("velocity", .finite(frame.velocity)),
                    ])
                })),
            ]
            return .object(members)
        })),
    ])
}

func pullReport(_ release: OverscrollPull, frames: [(hz: Int, frames: [FlingFrame])]) -> String {
    let unit = release.platform.unit
    var lines = ["pull past the edge: \(release.platform.rawValue), finger \(significant(release.pull, 6)) \(unit) past the edge, viewport \(significant(release.viewport, 6)) \(unit), released at \(significant(release.velocity, 6)) \(unit)/s away from the edge"]
    switch release.platform {
    case .android:
        lines.append("  drag: Android 12+ (API 31) stretch: ScrollView feeds each \(significant(release.step, 3)) px pointer event to EdgeEffect.onPullDistance(event / view height) (port)")
        lines.append("  release: EdgeEffect.onRelease(), then draw() steps the stretch spring (ω₀ 24.657, ζ 0.98; stops at the edge, linear at 200 px/s within 8 px) each frame on the ms clock (port)")
        lines.append("  the content is not scrolled past the edge: shown past the edge is how far the stretch moves the far side of the view, h·s/(1 + s), s = dampStretchVector(distance)")
    case .flutterBouncing:
        lines.append("  drag: BouncingScrollPhysics.applyPhysicsToUserOffset per \(significant(release.step, 3)) px event, frictionFactor 0.52·(1 − overscroll/viewport)² (port)")
        lines.append("  release: ScrollSpringSimulation(mass 0.5, stiffness 100, ratio 1.1) back to the edge (port)")
    default:
        lines.append("  drag: rubber band (1 − 1/(x·0.55/d + 1))·d (the widely cited reverse-engineered form)")
        lines.append("  release: MODEL (Apple publishes no bounce): Flutter's iOS spring (mass 0.5, stiffness 100, ratio 1.1), at rest within 0.5 pt")
    }
    lines.append("  shown past the edge: \(significant(release.displacement, 6)) \(unit) (\(significant(release.displacement / release.pull * 100, 4)) % of the finger's)")
    lines.append("  back at rest at the edge: \(significant(release.returnTime, 5)) s after the release"
                 + (release.platform == .android ? " (draw() every ms; each rate's frames end at their own)" : ""))
    for (hz, rateFrames) in frames {
        lines.append("")
        lines.append("frames at \(hz) Hz: \(rateFrames.count)")
        var table = Table("frame", "t (s)", "past edge", "step", "velocity")
        let abridged = Layout.current.width != nil && rateFrames.count > 24
        let shown = abridged ? Array(rateFrames.prefix(18)) + Array(rateFrames.suffix(4)) : rateFrames
        for (index, frame) in shown.enumerated() {
            if abridged, index == 18 { table.add(row: ["…", "", "", "", ""]) }
            table.add(row: [String(frame.index), significant(frame.time, 4), significant(frame.position, 6),
                            significant(frame.step, 4), significant(frame.velocity, 5)])
        }
        lines.append(table.rendered(indent: "  "))
    }
    return lines.joined(separator: "\n")
}

func pullJSON(_ release: OverscrollPull, frames: [(hz: Int, frames: [FlingFrame])]) -> JSON {
    .object([
        ("schema", .string("flightline.fling-pull/1")),
        ("platform", .string(release.platform.rawValue)),
        ("pull", .finite(release.pull)), ("viewport", .finite(release.viewport)),
        ("velocity", .finite(release.velocity)), ("unit", .string(release.platform.unit)),
        ("isPort", .bool(release.platform == .flutterBouncing || release.platform == .android)),
        ("displacement", .finite(release.displacement)),
        ("returnTime", .finite(release.returnTime)),
        ("frames", .array(frames.map { hz, rateFrames in
            .object([
                ("hz", .integer(hz)), ("count", .integer(rateFrames.count)),
                ("frames", .array(rateFrames.map { frame in
                    .object([("frame", .integer(frame.index)), ("time", .finite(frame.time)),
                             ("position", .finite(frame.position)), ("velocity", .finite(frame.velocity))])
                })),
            ])
        })),
    ])
}
