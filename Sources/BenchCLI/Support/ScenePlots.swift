#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import BezierKernels
import Motion
import TerminalPlot

/// What the terminal tells the colour and size policy: the environment `bench` was started
/// with, whether stdout is a terminal, and its size (`ioctl(TIOCGWINSZ)`) when it is one.
func terminalEnvironment(_ console: Console) -> TerminalEnvironment {
    var columns: Int?
    var rows: Int?
    if console.stdoutIsTerminal {
        var size = winsize()
        if ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 0 {
            columns = Int(size.ws_col)
            rows = Int(size.ws_row)
        }
    }
    let env = console.environment
    return TerminalEnvironment(
        columns: env["COLUMNS"], lines: env["LINES"], noColor: env["NO_COLOR"], term: env["TERM"],
        isTerminal: console.stdoutIsTerminal, terminalColumns: columns, terminalRows: rows)
}

/// The size and colour for plots: the flags, else the terminal; colour only on a terminal and
/// never with `NO_COLOR` (docs/design.md §2). Notes (a capped `COLUMNS`, an ignored `--color always`)
/// go to stderr.
func plotPolicy(for console: Console, width: String?, height: String?, color: String?) throws -> OutputPolicy {
    do {
        let policy = try OutputPolicy.resolve(width: width, height: height, color: color, environment: terminalEnvironment(console))
        for note in policy.notes { console.err("bench: \(note)") }
        return policy
    } catch {
        // The flag and its value as data (`--color` → option `color`).
        if case .invalidOption(let name, let value, _) = error {
            throw CLIError.usage(error.description, option: String(name.drop { $0 == "-" }), value: value)
        }
        throw CLIError.usage(error.description)
    }
}

/// What `bench plot` can draw.
enum PlotQuantity: String, CaseIterable {
    case path, x, y, speed, offset, error, rotation, opacity, scale

    /// Whether the quantity means something for a scene of this kind.
    func applies(to scene: Scene) -> Bool {
        switch (self, scene.kind) {
        case (.path, .path), (.x, .path), (.y, _), (.speed, _): true
        case (.path, .timeline(let motion, _)), (.x, .timeline(let motion, _)): motion.quantity == .position
        case (.offset, .spring), (.error, .spring): true
        case (.rotation, .timeline(let motion, _)), (.opacity, .timeline(let motion, _)), (.scale, .timeline(let motion, _)):
            motion.quantity.name == rawValue && motion.quantity != .position
        default: false
        }
    }

    /// The scalar quantities a timeline carries in its own unit (scaled to points in x).
    var isScalar: Bool { [.rotation, .opacity, .scale].contains(self) }

    var meaning: String {
        switch self {
        case .path: "the path on screen with the frames"
        case .x: "x(t) per frame"
        case .y: "y(t) per frame"
        case .speed: "frame speed(t)"
        case .offset: "the menu's wave offset(t) (model − presented)"
        case .error: "each integrator's error(t) against the exact spring"
        case .rotation: "a Lottie layer's rotation(t), degrees"
        case .opacity: "a Lottie layer's opacity(t), percent"
        case .scale: "a Lottie layer's scale(t), percent per axis"
        }
    }
}

/// Plots of scenes, shared by `bench plot` (full size) and `bench validate` (compact).
enum ScenePlots {
    struct Style {
        var width: Int
        var height: Int
        var canvas: Plot.Canvas = .braille
        var usesColor: Bool = false
    }

    /// The most breaks marked on one plot: more would hide the curve they explain.
    static let maximumAnnotations = 12

    /// The plot of `quantity` for `scenes` at `hz` (path scenes in `mode`).
    ///
    /// One scene: the quantity with a dot per frame and the breaks the validation finds marked
    /// (teleports, speed jumps, turns, the stop). Several scenes: one series each.
    static func plot(
        _ scenes: [Scene], quantity: PlotQuantity, mode: TimingMode, hz: Double, style: Style,
        thresholds: Thresholds = Thresholds(), validation: ((Scene) throws(MotionError) -> ValidationReport)? = nil
    ) throws -> Plot {
        for scene in scenes where !quantity.applies(to: scene) {
            let kind: String
            switch scene.kind {
            case .path: kind = "a path scene"
            case .spring: kind = "a spring scene"
            case .timeline(let motion, _): kind = motion.quantity == .position ? "a position timeline" : "a \(motion.quantity.name) timeline"
            }
            let valid = PlotQuantity.allCases.filter { $0.applies(to: scene) }.map(\.rawValue).joined(separator: ", ")
            throw CLIError.usage("--quantity \(quantity.rawValue) does not apply to \(scene.name), \(kind) (use \(valid))")
        }
        let limit = quantity == .path ? 3 : (quantity == .error ? 1 : 6)
        guard scenes.count <= limit else {
            throw CLIError.usage(
                "--quantity \(quantity.rawValue) plots at most \(limit) scene\(limit == 1 ? "" : "s") at once, got \(scenes.count) (\(scenes.map(\.name).joined(separator: ", ")))")
        }
        var plot = Plot(width: style.width, height: style.height, canvas: style.canvas, usesColor: style.usesColor)
        let single = scenes.count == 1
        let rate = "@\(hz.formatted) Hz"
        var modeText = scenes.contains(where: \.usesTimingMode) ? " \(mode.rawValue)" : ""
        // A user path's timing curve, when it is not the demo's linear one.
        let curves = scenes.compactMap { scene -> String? in
            guard case .path(let motion, _) = scene.kind, motion.timingCurve != .linear else { return nil }
            return TimingCurveOption.name(of: motion.timingCurve) ?? TimingCurveOption.describe(motion.timingCurve)
        }
        if !curves.isEmpty { modeText += ", timing " + curves.joined(separator: ", ") }
        let names = scenes.map(\.name).joined(separator: ", ")
        var annotations: [(weight: Double, annotation: Annotation)] = []
        do {
            for scene in scenes {
                let series = try Validation.series(scene, mode: mode, hz: hz)
                // A recorded trace is judged its own way (`validate(trace:)`), not as a timeline.
                let validated: ValidationReport
                if let validation {
                    validated = try validation(scene)
                } else {
                    validated = try Validation.validate(scene, mode: mode, hz: hz, thresholds: thresholds)
                }
                let report = single ? validated : nil
                switch quantity {
                case .path:
                    let exact: [SIMD2<Double>]
                    let viewport: SIMD2<Double>?
                    switch scene.kind {
                    case .path(let motion, let screen):
                        exact = curve(motion)
                        viewport = screen
                    case .timeline(let motion, let screen):
                        exact = curve(motion)
                        viewport = screen
                    case .spring: continue
                    }
                    if single, let viewport, let edges = screenEdges(viewport, near: exact + series.positions) {
                        plot.series.append(Series("screen edge (\(viewport.x.formatted)×\(viewport.y.formatted))", points: edges, style: .line))
                    }
                    if single {
                        plot.series.append(Series("path", points: exact, style: .line))
                        plot.series.append(Series("frames \(rate)", points: series.positions, style: .points))
                    } else {
                        plot.series.append(Series(scene.name, points: series.positions, style: .lineAndPoints))
                    }
                    if let report { annotations += breaks(report, value: { $0.position }) }
                case .x, .y, .speed, .offset:
                    let values: [Double]
                    switch quantity {
                    case .x: values = series.x
                    case .y: values = series.y
                    case .speed: values = leavingOutTeleports(series.speed, validated)
                    default: values = series.offset ?? []
                    }
                    if single, case .timeline(let motion, _) = scene.kind, motion.quantity != .position, quantity == .y {
                        // A scalar timeline carries its value in x (scaled to points).
                        plot.series.append(Series(motion.quantity.name, x: series.times, y: series.x, style: .lineAndPoints))
                        if let report { annotations += breaks(report, value: { SIMD2($0.time, $0.position.x) }) }
                        continue
                    }
                    if single, quantity == .y, case .spring(let spring) = scene.kind {
                        plot.series.append(Series("target", x: [series.times.first ?? 0, series.times.last ?? 0], y: [spring.target, spring.target]))
                    }
                    plot.series.append(Series(single ? quantity.rawValue : scene.name, x: series.times, y: values, style: .lineAndPoints))
                    if let report {
                        annotations += breaks(report, value: { event in
                            // A teleport's own speed is left out of a speed plot: mark it on the frame before.
                            let frame = values.indices.contains(event.frame) && values[event.frame].isNaN ? event.frame - 1 : event.frame
                            return values.indices.contains(frame) ? SIMD2(event.time, values[frame]) : nil
                        })
                        if let spring = report.spring {
                            annotations += stops(spring, values: values, times: series.times)
                        }
                    }
                case .rotation, .opacity, .scale:
                    guard case .timeline(let motion, _) = scene.kind, case .scalar(_, _, let perUnit) = motion.quantity else { continue }
                    // A scalar timeline carries its value in x (and a scale's y axis in y), in points.
                    let x = series.x.map { $0 / perUnit }, y = series.y.map { $0 / perUnit }
                    let label = single ? quantity.rawValue : scene.name
                    if quantity == .scale {
                        plot.series.append(Series("\(label) x", x: series.times, y: x, style: .lineAndPoints))
                        if x != y { plot.series.append(Series("\(label) y", x: series.times, y: y, style: .lineAndPoints)) }
                    } else {
                        plot.series.append(Series(label, x: series.times, y: x, style: .lineAndPoints))
                    }
                    if let report {
                        annotations += breaks(report, value: { SIMD2($0.time, $0.position.x / perUnit) })
                    }
                case .error:
                    for integrator in series.errors ?? [] {
                        plot.series.append(Series(integrator.name, x: series.times, y: integrator.errors))
                    }
                    plot.yAxis.scale = .logarithmic
                }
            }
        } catch {
            throw CLIError.usage(error.description)
        }
        plot.annotations = annotations.sorted { $0.weight > $1.weight }.prefix(maximumAnnotations).map(\.annotation)
        switch quantity {
        case .path:
            plot = Plot.screenPath(
                width: plot.width, height: plot.height, canvas: plot.canvas, usesColor: plot.usesColor,
                title: "\(names)\(modeText) \(rate): path, one dot per frame (y down)", series: plot.series,
                annotations: plot.annotations)
        case .x, .y:
            plot.title = "\(names)\(modeText) \(rate): \(quantity.rawValue)(t) per frame"
            plot.xAxis.label = "t (s)"
            plot.yAxis = Axis(label: "\(quantity.rawValue) (pt)", isReversed: quantity == .y)
        case .speed:
            plot.title = "\(names)\(modeText) \(rate): frame speed |pₖ₊₁ − pₖ|·hz"
            plot.xAxis.label = "t (s)"
            plot.yAxis.label = "speed (pt/s)"
            plot.yAxis.range = fromZero(plot.series)
        case .offset:
            let springs = scenes.compactMap { scene -> SpringScene? in if case .spring(let s) = scene.kind { s } else { nil } }
            plot.title = "\(names) \(rate): \(springs.allSatisfy { $0.shape != nil } ? "wave offset" : "offset") = model − presented"
            plot.xAxis.label = "t (s)"
            plot.yAxis.label = "offset (pt)"
        case .rotation, .opacity, .scale:
            let unit = quantity == .rotation ? "°" : "%"
            plot.title = "\(names) \(rate): \(quantity.rawValue)(t), one dot per frame"
            plot.xAxis.label = "t (s)"
            plot.yAxis.label = "\(quantity.rawValue) (\(unit))"
        case .error:
            plot.title = "\(names) \(rate): integrator error, one step per frame"
            plot.xAxis.label = "t (s)"
            plot.yAxis.label = "|integrated − exact| (pt, log; 0 not drawn)"
        }
        return plot
    }

    /// A small plot for `bench validate`: frame speed(t) per mode for a path scene, the wave
    /// offset(t) for a spring, at the first rate.
    static func compact(_ result: SceneValidation, style: Style) throws -> Plot {
        guard let first = result.reports.first else { throw CLIError.usage("no report for \(result.scene.name)") }
        let hz = first.hz
        var plot = Plot(width: style.width, height: style.height, canvas: style.canvas, usesColor: style.usesColor)
        plot.xAxis.label = "t (s)"
        do {
            switch result.scene.kind {
            case .path:
                let modes = result.reports.filter { $0.hz == hz }.compactMap(\.mode)
                var leftOut = false
                for mode in modes {
                    let series = try Validation.series(result.scene, mode: mode, hz: hz)
                    let report = result.reports.first { $0.mode == mode && $0.hz == hz }
                    leftOut = leftOut || !(report?.metrics.teleports.isEmpty ?? true)
                    plot.series.append(Series(mode.rawValue, x: series.times, y: leavingOutTeleports(series.speed, report)))
                }
                plot.title = "\(result.scene.name) frame speed @\(hz.formatted) Hz (pt/s)\(leftOut ? ", teleport left out" : "")"
                plot.yAxis.range = fromZero(plot.series)
            case .spring(let spring):
                let series = try Validation.series(result.scene, hz: hz)
                plot.series.append(Series("offset", x: series.times, y: series.offset ?? [], style: .lineAndPoints))
                plot.title = "\(result.scene.name) \(offsetName(spring)) @\(hz.formatted) Hz (pt), one dot per frame"
            case .timeline:
                let series = try Validation.series(result.scene, hz: hz)
                plot.series.append(Series("speed", x: series.times, y: leavingOutTeleports(series.speed, first)))
                let left = first.metrics.teleports.isEmpty ? "" : ", teleport left out"
                plot.title = "\(result.scene.name) frame speed @\(hz.formatted) Hz (pt/s)\(left)"
                plot.yAxis.range = fromZero(plot.series)
            }
        } catch {
            throw CLIError.usage(error.description)
        }
        plot.legendPlacement = .right
        return plot
    }

    /// "wave offset" for the menu (whose top edge the offset bends), "offset" for a plain spring.
    static func offsetName(_ spring: SpringScene) -> String {
        spring.shape != nil ? "wave offset" : "offset (target − presented)"
    }

    /// A y range from 0 to just above the largest finite value: a speed plot that starts at 0
    /// shows a constant speed as a flat line instead of magnifying rounding noise.
    static func fromZero(_ series: [Series]) -> ClosedRange<Double>? {
        let largest = series.flatMap(\.y).filter(\.isFinite).max() ?? 0
        return largest > 0 ? 0...(largest * 1.05) : nil
    }

    /// Frame speeds with each teleport's step left out (NaN, a gap): a jump of 1000 pt in one
    /// frame is not a speed, and it would flatten the real profile to a line.
    static func leavingOutTeleports(_ speed: [Double], _ report: ValidationReport?) -> [Double] {
        var speed = speed
        for teleport in report?.metrics.teleports ?? [] where speed.indices.contains(teleport.from.frame) {
            speed[teleport.from.frame] = .nan
        }
        return speed
    }

    /// The breaks a report found, as weighted annotations placed by `value` (nil: not placed).
    static func breaks(_ report: ValidationReport, value: (FrameEvent) -> SIMD2<Double>?) -> [(weight: Double, annotation: Annotation)] {
        var result: [(Double, Annotation)] = []
        let metrics = report.metrics
        for teleport in metrics.teleports {
            if let p = value(teleport.from) {
                result.append((1e9 + teleport.distance, Annotation(x: p.x, y: p.y, label: "teleport \(significant(teleport.distance, 3)) pt")))
            }
        }
        for jump in metrics.speedJumpBreaks {
            if let p = value(jump.at) {
                result.append((1e6 * jump.ratio, Annotation(x: p.x, y: p.y, label: "\(significant(jump.ratio, 2))× speed")))
            }
        }
        for turn in metrics.turnBreaks {
            if let p = value(turn.at) {
                result.append((1e3 * turn.degrees, Annotation(x: p.x, y: p.y, label: "turn \(significant(turn.degrees, 2))°")))
            }
        }
        return result
    }

    /// Where the demo's stop condition fires (exact spring), and the wave's first frame.
    static func stops(_ spring: SpringReport, values: [Double], times: [Double]) -> [(weight: Double, annotation: Annotation)] {
        var result: [(Double, Annotation)] = []
        if let stop = spring.stops.first, let frame = stop.frame, values.indices.contains(frame) {
            result.append((1e12, Annotation(x: times[frame], y: values[frame], label: "stop (offset == 0)")))
        }
        return result
    }

    /// The exact path, densely sampled segment by segment, with a gap (NaN) where a move
    /// separates two segments.
    /// A timeline's position drawn finely (512 pieces over its sampled span), broken where it
    /// jumps (a designed step or the seam): the exact curve under the frames.
    static func curve(_ motion: TimelineMotion) -> [SIMD2<Double>] {
        let pieces = 512
        var points: [SIMD2<Double>] = []
        let span = motion.sampledSpan
        let jumps = motion.designedSteps + (motion.seam.map { [$0.time] } ?? [])
        var previousTime: Double?
        for i in 0...pieces {
            let t = motion.start + span * Double(i) / Double(pieces)
            if let previousTime, jumps.contains(where: { $0 > previousTime && $0 <= t }) {
                points.append(SIMD2(.nan, .nan))
            }
            points.append(motion.value(t))
            previousTime = t
        }
        return points
    }

    static func curve(_ motion: PathMotion) -> [SIMD2<Double>] {
        var points: [SIMD2<Double>] = []
        let pieces = 64
        for (index, segment) in motion.segments.enumerated() {
            if index > 0, motion.segments[index - 1].end != segment.start {
                points.append(SIMD2(.nan, .nan))
            }
            for i in 0...pieces {
                points.append(segment.point(at: Double(i) / Double(pieces)).simd)
            }
        }
        return points
    }

    /// The screen's edges that pass near the data, each clipped to the data's extent (plus a
    /// margin), as line pieces separated by NaN; `nil` when none does. The whole screen would
    /// shrink a flat path (the bee flies within 200 pt of 768) to a few rows; the edges alone
    /// still show where the motion leaves the screen.
    static func screenEdges(_ size: SIMD2<Double>, near points: [SIMD2<Double>]) -> [SIMD2<Double>]? {
        let finite = points.filter { $0.x.isFinite && $0.y.isFinite }
        guard let first = finite.first else { return nil }
        var low = first, high = first
        for p in finite {
            low = pointwiseMin(low, p)
            high = pointwiseMax(high, p)
        }
        let margin = 0.05 * (high - low) + 1
        low -= margin
        high += margin
        var pieces: [SIMD2<Double>] = []
        func add(_ a: SIMD2<Double>, _ b: SIMD2<Double>) {
            if !pieces.isEmpty { pieces.append(SIMD2(.nan, .nan)) }
            pieces += [a, b]
        }
        for x in [0, size.x] where x >= low.x && x <= high.x {
            add(SIMD2(x, max(low.y, 0)), SIMD2(x, min(high.y, size.y)))
        }
        for y in [0, size.y] where y >= low.y && y <= high.y {
            add(SIMD2(max(low.x, 0), y), SIMD2(min(high.x, size.x), y))
        }
        return pieces.isEmpty ? nil : pieces
    }
}
