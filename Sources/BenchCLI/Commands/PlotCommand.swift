import Motion
import TerminalPlot

let plotCommand = Command(
    name: "plot",
    synopsis: "SCENE|FILE.json [--layer NAME] [--quantity path|x|y|speed|offset|error] [--hz N] [--mode linear|paced] [--width W] [--height H] [--ascii] [--color auto|always|never] [user scene] [--seed N]",
    summary: "plot a scene's trajectory in the terminal",
    details: """
    quantities:
    \(PlotQuantity.allCases.map { "  \($0.rawValue)" + String(repeating: " ", count: 8 - $0.rawValue.count) + $0.meaning }.joined(separator: "\n"))
    Default: path for a path scene, offset for a spring, y (the value) for a layer of scalar
    timelines (opacity, a spring with interruptions). Breaks the validation finds (teleports,
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

    scenes:
    \(sceneListing.map { "  " + $0 }.joined(separator: "\n"))
    """,
    options: [
        .option("quantity", "Q", "what to plot: \(PlotQuantity.allCases.map(\.rawValue).joined(separator: ", "))"),
        .option("hz", "N", "frame rate, frames per second (default 60)"),
        .option("mode", "MODE", "path timing: linear (default, the demo's keyframes) or paced (constant speed)"),
        .option("width", "W", "columns (\(Plot.widthLimits.lowerBound)…\(Plot.widthLimits.upperBound))"),
        .option("height", "H", "rows (\(Plot.heightLimits.lowerBound)…\(Plot.heightLimits.upperBound))"),
        .flag("ascii", "plain ASCII instead of braille"),
        .option("color", "WHEN", "auto (default: only on a terminal without NO_COLOR), always, never"),
        SceneSelection.seedSpec,
        .option("layer", "NAME", "with a scene file: plot only this layer's animated properties"),
    ] + SceneSelection.specs,
    run: { arguments, console in
        let request = try PlotRequest(arguments, console: console)
        console.out(try request.render(), terminator: "\n")
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

    /// The seed used when none is given: plots want one flight per bee, and the same one every run.
    static let defaultSeed: UInt64 = 0

    init(_ arguments: Arguments, console: Console) throws {
        // Bad options first, before any work: quantity, rate, mode, size and colour.
        let quantityName = try arguments.choice("quantity", PlotQuantity.allCases.map(\.rawValue))
        let rates = try SceneSelection.rates(arguments, defaults: [60])
        guard rates.count == 1, let hz = rates.first else {
            throw CLIError.usage("--hz takes one rate for a plot, got \(rates.count) ('\(arguments.string("hz") ?? "")')")
        }
        guard hz <= ValidateRequest.maximumRate else {
            throw CLIError.usage("--hz must be at most \(ValidateRequest.maximumRate.formatted) frames per second, got \(hz.formatted)")
        }
        let modeName = try arguments.choice("mode", TimingMode.allCases.map(\.rawValue))
        let policy = try plotPolicy(for: console, width: arguments.string("width"), height: arguments.string("height"), color: arguments.string("color"))

        let seed = try SceneSelection.seed(arguments) ?? Self.defaultSeed
        var scenes = try SceneSelection.scenes(from: arguments, seed: seed, defaultNames: [])
        if let layer = arguments.string("layer") {
            guard arguments.positionals.contains(where: SceneFileInput.isDocument) else {
                throw CLIError.usage("--layer \(layer) applies to a scene file (bench plot FILE.json --layer NAME)")
            }
            let kept = scenes.filter { $0.name.hasPrefix(layer + "/") }
            guard !kept.isEmpty else {
                let layers = Set(scenes.compactMap { $0.name.split(separator: "/").first.map(String.init) }).sorted()
                throw CLIError.usage("--layer \(layer): no such layer; the file has \(layers.joined(separator: ", "))")
            }
            scenes = kept
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
        let quantity = quantityName.flatMap(PlotQuantity.init(rawValue:))
            ?? (scenes.allSatisfy(\.usesTimingMode) ? .path : (scalarTimelines ? .y : (scenes.contains(where: \.usesTimingMode) ? .y : .offset)))
        self.scenes = scenes
        self.quantity = quantity
        self.mode = modeName.flatMap(TimingMode.init(rawValue:)) ?? scenes.lazy.compactMap(\.fixedMode).first ?? .linear
        self.hz = hz
        self.style = ScenePlots.Style(
            width: policy.width, height: policy.height, canvas: arguments.has("ascii") ? .ascii : .braille,
            usesColor: policy.usesColor)
    }

    func render() throws -> String {
        let plot = try ScenePlots.plot(scenes, quantity: quantity, mode: mode, hz: hz, style: style)
        do {
            return try plot.render()
        } catch {
            throw CLIError.usage(error.description)
        }
    }
}
