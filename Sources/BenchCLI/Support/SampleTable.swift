import Lottie
import Motion

/// What `bench sample` writes: a source's objects sampled frame by frame, every quantity in the
/// source's own units, at absolute times (seconds from the start of the scene's or file's
/// timeline: a scene's t = 0, a Lottie file's frame 0).
///
/// The values come from the model's own evaluation (`PathMotion.position(at:)`,
/// `SpringScene.presented(at:)`, `TimelineMotion.value`, `LottieAnimation.objectStates(atFrame:)`),
/// never from a copy of it: what is sampled is what `bench validate` judges.
struct SampleSource {
    /// One quantity of an object: its name, its unit (the header's `name (unit)`), and where in
    /// the per-frame evaluation its value is.
    struct Quantity: Equatable {
        let name: String
        let unit: String
        /// `name (unit)`, or the name alone without a unit: the CSV column.
        var column: String { unit.isEmpty ? name : "\(name) (\(unit))" }
    }

    struct Object {
        let name: String
        /// A Lottie object's JSON path (`layers[2].shapes[0]`); `nil` for scenes.
        let place: String?
        let quantities: [Quantity]
    }

    /// What the source is: `scene` (built in), `scene file` or `lottie`.
    let kind: String
    /// The scene name or the file path as given.
    let name: String
    let objects: [Object]
    /// The span sampled, absolute seconds: a scene's or scene file's `[0, last end]`, a Lottie
    /// file's `[ip/fr, op/fr)`.
    let start: Double
    let end: Double
    /// The first frame is included; for Lottie the end is excluded (`op` is the first frame not
    /// shown), for scenes included.
    let endIncluded: Bool
    /// A Lottie file's frame rate (`fr`); `nil` for scenes.
    let frameRate: Double?
    /// Every object's values at an absolute time: `values[object][quantity]`.
    let evaluate: (Double) -> [[Double]]
    /// The Lottie file as read, for `--reference` (another player's view of it); `nil` for scenes.
    var lottieInput: LottieInput? = nil

    /// The rate sampled by default: a Lottie file's own, 60 Hz for scenes.
    var defaultRate: Double { frameRate ?? 60 }

    /// The number of frames within the span at `hz` (the first at `start`).
    func frameCount(hz: Double) -> Double {
        let frames = (end - start) * hz
        guard frames.isFinite else { return .infinity }
        return endIncluded ? (frames * (1 + 1e-12)).rounded(.down) + 1 : max(1, (frames * (1 - 1e-12)).rounded(.up))
    }

    /// Frame `k`'s absolute time at `hz` and the number the frame column shows: the Lottie frame
    /// number (`F = ip + k·fr/hz`, time `F/fr`) or the frame index `k`.
    func frame(_ k: Int, hz: Double) -> (number: Double, time: Double) {
        if let fr = frameRate {
            let number = start * fr + Double(k) * fr / hz
            return (number, number / fr)
        }
        return (Double(k), start + Double(k) / hz)
    }
}

extension SampleSource {
    /// A built-in scene name (`bee1+`, `menu`, …) or a file (a scene file or a Lottie file).
    static func load(_ argument: String, seed: UInt64?) throws -> SampleSource {
        if LottieInput.isFileArgument(argument) {
            let root = try DocumentInput.read(argument)
            if let found = try SceneFileInput.scenes(fromDocument: root, path: argument) {
                return try scenes(found, kind: "scene file", name: argument, grouped: true)
            }
            let input = try LottieInput.require(root, path: argument)
            var source = lottie(input.animation, name: argument)
            source.lottieInput = input
            return source
        }
        guard Scene.seedNames.contains(argument) else {
            throw CLIError.usage("unknown scene \(quoted(argument)); expected one of \(Scene.seedNames.joined(separator: ", ")), or a FILE.json (a scene file or a Lottie file)")
        }
        return try scenes(try SceneSelection.seeds(named: argument, seed: seed), kind: "scene", name: argument, grouped: false)
    }

    /// A Lottie file: every object that draws (still or moving, visible or not), x and y of its
    /// anchor on screen (px), rotation (°), scale per axis (%), opacity (%), and whether its
    /// layer shows (1) or not (0) at the frame (`ip ≤ F < op`).
    static func lottie(_ animation: LottieAnimation, name: String) -> SampleSource {
        let quantities = LottieQuantity.allCases.flatMap(columns) + [Quantity(name: "visible", unit: "0/1")]
        let fr = animation.frameRate
        return SampleSource(
            kind: "lottie", name: name,
            objects: animation.sampledObjects.map { Object(name: $0.name, place: $0.place, quantities: quantities) },
            start: animation.inPoint / fr, end: animation.outPoint / fr, endIncluded: false, frameRate: fr,
            evaluate: { t in
                animation.objectStates(atFrame: t * fr).map { s in
                    LottieQuantity.allCases.flatMap { values($0, s) } + [s.isVisible ? 1 : 0]
                }
            })
    }

    /// A Lottie quantity's columns, in the table's words and units.
    static func columns(_ quantity: LottieQuantity) -> [Quantity] {
        switch quantity {
        case .position: [Quantity(name: "x", unit: "px"), Quantity(name: "y", unit: "px")]
        case .rotation: [Quantity(name: "rotation", unit: "°")]
        case .scale: [Quantity(name: "scale x", unit: "%"), Quantity(name: "scale y", unit: "%")]
        case .opacity: [Quantity(name: "opacity", unit: "%")]
        }
    }

    /// A Lottie quantity's values in an object's state, one per column of ``columns(_:)``.
    static func values(_ quantity: LottieQuantity, _ state: LottieObjectState) -> [Double] {
        switch quantity {
        case .position: [state.x, state.y]
        case .rotation: [state.rotation]
        case .scale: [state.scaleX, state.scaleY]
        case .opacity: [state.opacity]
        }
    }

    /// Scenes as objects. A scene file's scenes (`LAYER/PROPERTY`) are grouped by layer, one
    /// quantity per property; a built-in scene is one object. Position is `x` and `y` in points;
    /// a scalar is in its own unit (`pointsPerUnit` undone); a spring scene's value is the
    /// presented value (the exact spring, as the demo's display link reads it).
    static func scenes(_ scenes: [Scene], kind: String, name: String, grouped: Bool) throws -> SampleSource {
        var objects: [(name: String, quantities: [Quantity], values: [(Double) -> [Double]])] = []
        var end = 0.0
        for scene in scenes {
            var objectName = scene.name, property: String? = nil
            if grouped, let slash = scene.name.lastIndex(of: "/") {
                objectName = String(scene.name[..<slash])
                property = String(scene.name[scene.name.index(after: slash)...])
            }
            let quantities: [Quantity]
            let value: (Double) -> [Double]
            switch scene.kind {
            case .path(let motion, _):
                let path = motion.with(mode: scene.fixedMode ?? .linear)
                let duration = path.duration, repeats = path.repeats
                quantities = [Quantity(name: "x", unit: "pt"), Quantity(name: "y", unit: "pt")]
                value = { t in
                    let p = path.position(at: repeats ? t : min(max(t, 0), duration))
                    return [p.x, p.y]
                }
                end = max(end, duration)
            case .spring(let spring):
                let settle = spring.motion.settleTime()
                let span = min(spring.maximumSimulatedTime, max(spring.animationDuration ?? 0, settle.isFinite ? settle : .infinity))
                quantities = [Quantity(name: property ?? (spring.shape != nil ? "y" : "value"), unit: property.map { $0.hasPrefix("position") ? "pt" : "" } ?? "pt")]
                value = { t in [spring.presented(at: max(t, 0))] }
                end = max(end, span)
            case .timeline(let motion, _):
                switch motion.quantity {
                case .position:
                    quantities = [Quantity(name: "x", unit: "pt"), Quantity(name: "y", unit: "pt")]
                    value = { t in let p = motion.value(t); return [p.x, p.y] }
                case .scalar(let scalar, let unit, let pointsPerUnit):
                    quantities = [Quantity(name: property ?? scalar, unit: unit)]
                    value = { t in [motion.value(t).x / pointsPerUnit] }
                }
                end = max(end, motion.end ?? motion.start + motion.window)
            }
            if let index = objects.firstIndex(where: { $0.name == objectName }) {
                // Two animations of one name (rare): the second's columns are numbered.
                let taken = Set(objects[index].quantities.map(\.name))
                let renamed = quantities.map { q in
                    var n = 2
                    while taken.contains("\(q.name) #\(n)") { n += 1 }
                    return taken.contains(q.name) ? Quantity(name: "\(q.name) #\(n)", unit: q.unit) : q
                }
                objects[index].quantities += renamed
                objects[index].values.append(value)
            } else {
                objects.append((objectName, quantities, [value]))
            }
        }
        let evaluators = objects.map(\.values)
        return SampleSource(
            kind: kind, name: name, objects: objects.map { Object(name: $0.name, place: nil, quantities: $0.quantities) },
            start: 0, end: end, endIncluded: true, frameRate: nil,
            evaluate: { t in evaluators.map { parts in parts.flatMap { $0(t) } } })
    }
}
