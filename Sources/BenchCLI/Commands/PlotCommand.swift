import Lottie
import Motion
import TerminalPlot

let plotCommand: Command = Command(
    name: "plot",
    synopsis: "SCENE|FILE.json|--trace FILE [--layer NAME] [--quantity path|x|y|speed|offset|error|rotation|opacity|scale] [--hz R] [--mode linear|paced] [--width W] [--height H] [--ascii] [--color auto|always|never] [--json FILE] [user scene] [--seed N]",
    summary: "plot a scene's trajectory in the terminal",
    details: """
    quantities:
    \(PlotQuantity.allCases.map { "  \($0.rawValue)" + String(repeating: " ", count: max(2, 10 - $0.rawValue.count)) + $0.meaning }.joined(separator: "\n"))
    Default: path for a path scene, offset for a spring, y (the value) for a layer of scalar
    timelines (opacity, a spring with interruptions). A Lottie file (FILE.json) is plotted
    one object at a time, --layer NAME (a layer or shape group as 'bench validate' names it):
    path, x, y and speed show its position on screen, rotation, opacity and scale those
    quantities in their own units (degrees, percent); default: its position's path, else its
    first animated quantity. Breaks the validation finds (teleports,
    speed jumps, sharp turns) and the demo's stop are marked on the plot. A name that stands for
    both signs of a bee plots the sign --seed picks (default seed 0); 'bee' and 'menu' plot one
    series per scene. Size: --width/--height, else COLUMNS/LINES, else the terminal, else 80 × 24.
    Colour only on a terminal, never with NO_COLOR (even with --color always).
    A user path (--svg 'DATA' --duration S) may take --timing CURVE, applied to each pass: a
    name (linear, easeIn, easeOut, easeInEaseOut, default; also ease-in, ease-out, ease-in-out,
    ease and the kCAMediaTimingFunction… constants) or x1,y1,x2,y2 with x1, x2 in 0…1; default
    linear, as the demo (the seed scenes keep it). --quantity speed shows its speed profile.
    A scene file (FILE.json, flightline.scene/1) plots its scenes (LAYER/PROPERTY); --layer NAME
    keeps one layer's. A scalar property (opacity, rotation, …) is scaled to points by its
    pointsPerUnit: --quantity y plots its value.

    --trace FILE plots a recording (CSV t,x,y[,present,target] or Chrome Trace Event JSON, as
    'bench validate --trace' reads it) as the display showed it, refresh by refresh at its own
    rate (or --hz): default quantity path.

    --json FILE writes the plotted series as data, flightline.plot/1: {schema, quantity, mode,
    hz, title?, xAxis, yAxis: {label?, scale, range?, reversed}, series:[{name, style, points:
    [[x, y], …]}], marks:[{x, y, label}]} (a point that leaves a gap in the plot is null); '-'
    writes it to stdout instead of the plot.

    scenes:
    \(sceneListing.map { "  " + $0 }.joined(separator: "\n"))
    """,
    options: [
        .choice("quantity", "Q", PlotQuantity.allCases.map(\.rawValue), "what to plot: \(PlotQuantity.allCases.map(\.rawValue).joined(separator: ", "))"),
        .option("layer", "NAME", "with a Lottie file: the layer or shape group to plot, named as 'bench validate FILE.json' names it (LAYER, LAYER/GROUP); with a scene file: plot only this layer's animated properties"),
        .sceneRates("R", "frame rate, frames per second (default 60)", count: .exactly(1, "rate", wording: "takes one rate for a plot")),
        .choice("mode", "MODE", TimingMode.allCases.map(\.rawValue), "path timing: linear (default, the demo's keyframes) or paced (constant speed)"),
        .plotWidth,
        .plotHeight(default: "LINES, else the terminal, else 24"),
        .ascii,
        .color,
        SceneSelection.seedSpec,
        .trace,
        .json("flightline.plot/1", "the plotted series and marks"),
    ] + SceneSelection.specs,
    rules: SceneSelection.rules,
    validation: { arguments in
        if arguments.has("trace") {
            if let scene = arguments.positionals.first {
                throw CLIError.usage("--trace plots a recording, not scenes; got the scene \(quoted(scene)) too")
            }
        } else {
            try SceneSelection.validate(arguments, defaultNames: [])
        }
    },
    run: { arguments, console in
        let destination = arguments.string("json")
        if let destination { try checkDocumentDestination(destination) }
        let request = try PlotRequest(arguments, console: console)
        let plot = try request.plot()
        if destination != "-" { console.out(try request.render(plot), terminator: "\n") }
        if let destination { try writeJSON(request.json(plot), to: destination, console: console) }
        return .success
    }
)

/// A parsed `bench plot` command line.
struct PlotRequest {
    let scenes: [Scene]
    let quantity: PlotQuantity
    let mode: TimingMode
    let hz: Double
    let style: ScenePlots.Style
    /// The recordings behind `--trace`'s scenes, by scene name.
    let traces: [String: MotionTrace]

    /// The seed used when none is given: plots want one flight per bee, and the same one every run.
    static let defaultSeed: UInt64 = 0

    init(_ arguments: Arguments, console: Console) throws {
        // Bad options first, before any work: quantity, rate, mode, size and colour.
        let quantityName = try arguments.choice("quantity", PlotQuantity.allCases.map(\.rawValue))
        // One rate: the option's kind.
        let firstRate = try SceneSelection.rates(arguments, defaults: [60])[0]
        let modeName = try arguments.choice("mode", TimingMode.allCases.map(\.rawValue))
        let policy = try plotPolicy(for: console, width: arguments.string("width"), height: arguments.string("height"), color: arguments.string("color"))

        let seed = try SceneSelection.seed(arguments) ?? Self.defaultSeed
        var hz = firstRate
        var scenes: [Scene]
        var traces: [String: MotionTrace] = [:]
        var lottieQuantity: PlotQuantity?
        if let path = arguments.string("trace") {
            let recorded = try FrameDeliveryOption.readTraces(path)
            for trace in recorded { traces[trace.source] = trace }
            if !arguments.has("hz") {
                guard let rate = recorded[0].inferredRate else {
                    throw CLIError.usage("\(path): one sample gives no frame rate; expected at least two samples or --hz")
                }
                hz = rate
            }
            do {
                scenes = try recorded.map { trace throws(MotionError) in try Scene.trace(trace) }
            } catch {
                throw CLIError.usage("\(error)")
            }
        } else {
            let selection = try SceneSelection.selection(from: arguments, seed: seed, defaultNames: [])
            scenes = selection.scenes
            if let layer = arguments.string("layer"), !selection.files.isEmpty {
                (scenes, lottieQuantity) = try Self.lottieScenes(selection, layer: layer, quantity: quantityName.flatMap(PlotQuantity.init(rawValue:)))
            } else if let layer = arguments.string("layer") {
                // A scene file's scenes are named LAYER/PROPERTY.
                guard arguments.positionals.contains(where: LottieInput.isFileArgument) else {
                    throw CLIError.usage("--layer \(layer) applies to a scene file or a Lottie file (bench plot FILE.json --layer NAME)")
                }
                let kept = scenes.filter { $0.name.hasPrefix(layer + "/") }
                guard !kept.isEmpty else {
                    let layers = Set(scenes.compactMap { $0.name.split(separator: "/").first.map(String.init) }).sorted()
                    throw CLIError.usage(
                        "--layer \(layer): no such layer; the file has \(layers.joined(separator: ", "))", option: "layer", value: layer, expected: layers)
                }
                scenes = kept
            } else if let file = selection.files.first {
                let moving = file.motion.objects.filter { !$0.quantities.isEmpty }.map(\.name)
                throw CLIError.usage(
                    "a Lottie file is plotted one object at a time: add --layer NAME (\(moving.isEmpty ? "\(quoted(file.path)) has no moving object" : "moving objects: \(moving.prefix(12).joined(separator: ", "))\(moving.count > 12 ? ", …" : "")"))")
            }
        }
        guard !scenes.isEmpty else {
            throw CLIError.usage("'bench plot' needs a SCENE (\(Scene.seedNames.joined(separator: ", "))) or a user scene (--svg, spring options)")
        }
        for scene in scenes { try SceneSelection.requireSampleable(scene, hz: hz) }
        if modeName != nil, !scenes.contains(where: \.usesTimingMode) {
            throw CLIError.usage("--mode applies to path scenes; \(scenes.map(\.name).joined(separator: ", ")) \(scenes.count == 1 ? "is a spring" : "are springs")")
        }
        // A layer of scalar timelines (opacity, a spring with interruptions) plots its value (y).
        let scalarTimelines = scenes.allSatisfy { scene in
            if case .timeline(let motion, _) = scene.kind { return motion.quantity != .position }
            return false
        }
        let quantity = quantityName.flatMap(PlotQuantity.init(rawValue:)) ?? lottieQuantity
            ?? (arguments.has("trace") || scenes.allSatisfy(\.usesTimingMode) ? .path : (scalarTimelines ? .y : (scenes.contains(where: \.usesTimingMode) ? .y : .offset)))
        self.scenes = scenes
        self.quantity = quantity
        self.mode = modeName.flatMap(TimingMode.init(rawValue:)) ?? scenes.lazy.compactMap(\.fixedMode).first ?? .linear
        self.hz = hz
        self.traces = traces
        self.style = ScenePlots.Style(
            width: policy.width, height: policy.height, canvas: arguments.has("ascii") ? .ascii : .braille,
            usesColor: policy.usesColor)
    }

    /// The timeline of the Lottie object `layer` that `quantity` plots (path, x, y, speed: its
    /// position; rotation, opacity, scale: that quantity), with the quantity to use when none
    /// was given (path for a moving position, else the object's first quantity).
    static func lottieScenes(
        _ selection: (scenes: [Scene], files: [LottieInput]), layer: String, quantity: PlotQuantity?
    ) throws -> ([Scene], PlotQuantity) {
        guard !selection.files.isEmpty else {
            throw CLIError.usage("--layer applies to a scene file or a Lottie file: bench plot FILE.json --layer NAME")
        }
        let objects = selection.files.flatMap(\.motion.objects)
        guard let object = objects.first(where: { $0.name == layer }) else {
            let moving = objects.filter { !$0.quantities.isEmpty }.map(\.name)
            throw CLIError.usage(
                "--layer \(quoted(layer)): no such layer or group; moving objects: \(moving.isEmpty ? "none" : moving.prefix(12).joined(separator: ", ") + (moving.count > 12 ? ", …" : ""))",
                option: "layer", value: layer, expected: moving)
        }
        guard let first = object.quantities.first else {
            throw CLIError.usage("--layer \(quoted(layer)) is still (nothing animated): nothing to plot")
        }
        let wanted: LottieQuantity
        switch quantity {
        case nil: wanted = first
        case .rotation?: wanted = .rotation
        case .opacity?: wanted = .opacity
        case .scale?: wanted = .scale
        case .speed?: wanted = object.quantities.contains(.position) ? .position : first
        case .path?, .x?, .y?: wanted = .position
        case .some(let q):
            throw CLIError.usage("--quantity \(q.rawValue) does not apply to a Lottie layer (use path, x, y, speed, rotation, opacity or scale)")
        }
        guard object.quantities.contains(wanted) else {
            throw CLIError.usage(
                "--layer \(quoted(layer)) has no animated \(wanted.rawValue) (it animates: \(object.quantities.map(\.rawValue).joined(separator: ", ")))")
        }
        let name = "\(layer)/\(wanted.rawValue)"
        let names = Set(selection.files.flatMap(\.sceneNames))
        let scenes = selection.scenes.filter { !names.contains($0.name) } + selection.scenes.filter { $0.name == name }
        let fallback: PlotQuantity
        switch wanted {
        case .position: fallback = .path
        case .rotation: fallback = .rotation
        case .scale: fallback = .scale
        case .opacity: fallback = .opacity
        }
        return (scenes, fallback)
    }

    /// The plot of the scenes: its series and marks, not yet drawn.
    func plot() throws -> Plot {
        let traces = self.traces, hz = self.hz
        return try ScenePlots.plot(
            scenes, quantity: quantity, mode: mode, hz: hz, style: style,
            validation: traces.isEmpty ? nil : { (scene: Scene) throws(MotionError) in try Validation.validate(trace: traces[scene.name]!, hz: hz) })
    }

    func render() throws -> String { try render(try plot()) }

    func render(_ plot: Plot) throws -> String {
        do {
            return try plot.render()
        } catch {
            throw CLIError.usage(error.description)
        }
    }

    /// `flightline.plot/1`: what the plot draws, as data — each series' points (the plotted
    /// units: points, seconds, pt/s, degrees, percent) and the marks (breaks, stops) with their
    /// labels; the drawing's size and colour are not part of it.
    func json(_ plot: Plot) -> JSON {
        func axis(_ axis: Axis) -> JSON {
            var members: [(String, JSON)] = []
            if let label = axis.label { members.append(("label", .string(label))) }
            members.append(("scale", .string(axis.scale == .logarithmic ? "logarithmic" : "linear")))
            if let range = axis.range { members.append(("range", .array([.finite(range.lowerBound), .finite(range.upperBound)]))) }
            members.append(("reversed", .bool(axis.isReversed)))
            return .object(members)
        }
        func style(_ style: SeriesStyle) -> String {
            switch style {
            case .line: "line"
            case .points: "points"
            case .lineAndPoints: "lineAndPoints"
            }
        }
        var members: [(String, JSON)] = [
            ("schema", .string("flightline.plot/1")),
            ("quantity", .string(quantity.rawValue)),
            ("mode", .string(mode.rawValue)),
            ("hz", .number(hz)),
        ]
        if let title = plot.title { members.append(("title", .string(title))) }
        members += [
            ("xAxis", axis(plot.xAxis)),
            ("yAxis", axis(plot.yAxis)),
            ("series", .array(plot.series.map { series in
                .object([
                    ("name", .string(series.name)),
                    ("style", .string(style(series.style))),
                    ("points", .array(zip(series.x, series.y).map { x, y in
                        x.isFinite && y.isFinite ? .array([.number(x), .number(y)]) : .null
                    })),
                ])
            })),
            ("marks", .array(plot.annotations.map { mark in
                .object([("x", .finite(mark.x)), ("y", .finite(mark.y)), ("label", .string(mark.label))])
            })),
        ]
        return .object(members)
    }
}
