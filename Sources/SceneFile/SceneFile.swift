import BezierKernels
import JSONDocument
import Motion
import SpringSolver

/// A scene file (`flightline.scene/1`): named layers whose animated properties become
/// `Motion.Scene`s named `LAYER/PROPERTY` (`bee1/position`, `card/opacity`), each validated like
/// a built-in scene.
///
/// The reader is the format's validator: every key is checked against the format (unknown keys
/// are errors), every error names its JSON path (`layers[2].animations[0].keyTimes[3]`) and what
/// was expected. `Scenes/flightline.scene-1.schema.json` describes the same format as a JSON
/// Schema; a test keeps the two in step.
///
/// A layer that is exactly a seed-like path animation (one keyframe animation along a path,
/// linear or paced, timed by one timing curve, played once or for ever from t = 0) compiles to
/// `Scene.Kind.path`, a spring on a scalar to `Scene.Kind.spring`; everything else to
/// `Scene.Kind.timeline` with its exact joins and designed steps.
public struct SceneFile: Sendable {
    /// The `schema` value a scene file carries.
    public static let schemaName = "flightline.scene/1"

    /// The file's name, if it gives one.
    public let name: String?
    /// The screen, points, if the file gives one.
    public let viewport: SIMD2<Double>?
    /// Every animated property of every layer, in file order.
    public let tracks: [Track]
    /// What the reader accepted but will not next release, one line each naming the JSON path:
    /// the spring keys spelled as the command line spells them (`"uikit-duration"` for
    /// `"uikitDuration"`). A caller prints them (bench: on stderr).
    public let warnings: [String]

    /// One animated property of one layer, compiled.
    public struct Track: Sendable {
        public let layer: String
        public let property: String
        /// The JSON path of the animation (`layers[0].animations[1]`).
        public let path: String
        /// The scene it compiles to, named `layer/property`.
        public let scene: Scene
        /// The keyframe curve, for keyframe and basic animations (`nil` for a spring).
        public let curve: KeyframeCurve?
        /// The timing, for keyframe and basic animations.
        public let timing: MediaTiming?
    }

    /// The compiled scenes, in file order.
    public var scenes: [Scene] { tracks.map(\.scene) }

    /// Whether a parsed document declares itself a scene file (`"schema": "flightline.scene/1"`
    /// at the top level): a reader of several formats asks this first.
    public static func isSceneFile(_ root: JSONNode) -> Bool {
        guard case .object(let members) = root.value else { return false }
        return members.contains { $0.key == "schema" && $0.value.value == .string(schemaName) }
    }

    /// Reads and compiles a scene file's bytes.
    /// - Throws: `JSONDocumentError` naming the JSON path of the first bad value and what was expected.
    public init(bytes: [UInt8]) throws(JSONDocumentError) {
        try self.init(root: JSONParser.parse(bytes))
    }

    /// Reads and compiles a scene file's text.
    public init(text: String) throws(JSONDocumentError) {
        try self.init(bytes: Array(text.utf8))
    }

    /// Compiles a parsed document.
    public init(root: JSONNode) throws(JSONDocumentError) {
        var document = try root.object()
        let schema = try document.required("schema")
        guard try schema.string() == Self.schemaName else {
            throw schema.error("expected \"\(Self.schemaName)\", got \(schema.described)")
        }
        name = try document.optional("name")?.string()
        _ = try document.optional("description")?.string()
        viewport = try document.optional("viewport").map { node throws(JSONDocumentError) in try Self.size(node, "a viewport") }
        let layerNodes = try document.required("layers")
        let layers = try layerNodes.array()
        guard !layers.isEmpty else { throw layerNodes.error("expected at least one layer, got an empty array") }
        try document.finish(expected: Keys.document)
        warnings = try Self.springKeySpelling(layers)
        var tracks: [Track] = []
        var names = Set<String>()
        for layer in layers {
            let compiled = try Self.layer(layer, viewport: viewport)
            guard names.insert(compiled.name).inserted else {
                throw layer.error("layer name '\(compiled.name)' is used twice; expected unique names")
            }
            tracks += compiled.tracks
        }
        self.tracks = tracks
    }

    /// The key sets of each object of the format (the JSON Schema lists the same).
    public enum Keys {
        public static let document = ["schema", "name", "description", "viewport", "layers"]
        public static let layer = ["name", "size", "model", "animations"]
        public static let timing = [
            "beginTime", "timeOffset", "duration", "speed", "repeatCount", "repeatDuration", "autoreverses", "fillMode",
        ]
        public static let keyframe = ["type", "property", "pointsPerUnit", "values", "path", "keyTimes", "timingFunctions", "timingFunction",
            "calculationMode", "tensionValues", "continuityValues", "biasValues", "rotationMode"] + timing
        public static let basic = ["type", "property", "pointsPerUnit", "fromValue", "toValue", "byValue", "timingFunction"] + timing
        public static let spring = ["type", "property", "pointsPerUnit", "spring", "fromValue", "toValue", "velocity", "initialVelocity", "displayLink", "interruptions"]
        public static let decay = ["type", "property", "pointsPerUnit", "platform", "velocity", "fromValue", "density", "extent", "viewport"]
        public static let drag = ["type", "property", "samples", "tracker", "spring", "toValue"]
        public static let interruption = ["time", "kind", "toValue", "velocity", "spring", "duration", "timingFunction"]
        /// A spring's keys in the file's own camelCase (`uikitDuration`, `dampingRatio`, …): the
        /// vocabularies of SpringSolver's ``SpringParameters/vocabularyKeys``, whose names are
        /// the command line's (`uikit-duration`), and `uikitMapping`.
        public static let springParameters: [String] = {
            var seen = Set<String>()
            var keys: [String] = []
            for set in SpringParameters.vocabularyKeys {
                for key in set.required + set.optional.keys.sorted() where seen.insert(key).inserted { keys.append(camelCase(key)) }
            }
            return keys + [uikitMapping]
        }()
        /// The key choosing the UIKit duration mapping (`envelope` or `framer`).
        public static let uikitMapping = "uikitMapping"
        /// The command line's spellings a spring accepted before the keys were camelCase, each
        /// with the key that replaces it: read this release with a warning, refused after.
        public static let deprecatedSpringParameters: [String: String] = {
            var keys: [String: String] = ["uikit-mapping": uikitMapping]
            for set in SpringParameters.vocabularyKeys {
                for key in set.required + set.optional.keys where key.contains("-") { keys[key] = camelCase(key) }
            }
            return keys
        }()

        /// `uikit-duration` → `uikitDuration`.
        public static func camelCase(_ key: String) -> String {
            let words = key.split(separator: "-")
            return words.enumerated().map { index, word in index == 0 ? String(word) : word.prefix(1).uppercased() + word.dropFirst() }.joined()
        }
        public static let displayLink = ["stop", "restDistance", "restSpeed", "positiveOffsetScale", "wave", "waveGrowth"]
        public static let wave = ["width", "height"]
    }

    // MARK: Reading

    static func size(_ node: JSONNode, _ what: String) throws(JSONDocumentError) -> SIMD2<Double> {
        let items = try node.array()
        guard items.count == 2 else { throw node.error("expected \(what) [width, height] in points, got \(node.described)") }
        let w = try items[0].number(in: 1e-9...1e7, "a width in points"), h = try items[1].number(in: 1e-9...1e7, "a height in points")
        return SIMD2(w, h)
    }

    struct CompiledLayer {
        let name: String
        let tracks: [Track]
    }

    static func layer(_ node: JSONNode, viewport: SIMD2<Double>?) throws(JSONDocumentError) -> CompiledLayer {
        var fields = try node.object()
        let nameNode = try fields.required("name")
        let name = try nameNode.string()
        guard !name.isEmpty, !name.contains("/") else {
            throw nameNode.error("expected a non-empty layer name without '/', got \(nameNode.described)")
        }
        let size = try fields.optional("size").map { n throws(JSONDocumentError) in try Self.size(n, "a layer size") } ?? SIMD2(100, 100)
        var model: [String: (node: JSONNode, value: [Double])] = [:]
        if let modelNode = fields.optional("model") {
            var object = try modelNode.object()
            for member in object.members {
                model[member.key] = (member.value, try values(of: member.value))
            }
            object.ignore(object.keys)
            try object.finish(expected: [])
        }
        let animationsNode = try fields.required("animations")
        let animations = try animationsNode.array()
        guard !animations.isEmpty else { throw animationsNode.error("expected at least one animation, got an empty array") }
        try fields.finish(expected: Keys.layer)
        var tracks: [Track] = []
        var properties = Set<String>()
        for animation in animations {
            var object = try animation.object()
            let propertyNode = try object.required("property")
            let property = try propertyNode.string()
            guard !property.isEmpty else { throw propertyNode.error("expected a property name (position, opacity, …), got an empty string") }
            guard properties.insert(property).inserted else {
                throw propertyNode.error("a second animation of '\(property)' on layer '\(name)'; expected one animation per property")
            }
            let context = TrackContext(
                layer: name, property: property, size: size, viewport: viewport,
                model: model[property].map { $0.value })
            if let modelValue = model[property], modelValue.value.count != context.dimension {
                throw modelValue.node.error("expected \(context.dimension == 2 ? "[x, y]" : "a number") for '\(property)', got \(modelValue.node.described)")
            }
            let compiled = try track(animation, object: object, context: context)
            tracks.append(compiled.track)
            if let rotation = compiled.rotation {
                guard properties.insert("rotation").inserted else {
                    throw animation.error("rotationMode turns layer '\(name)' while another animation sets its rotation; expected one of the two")
                }
                tracks.append(rotation)
            }
        }
        return CompiledLayer(name: name, tracks: tracks)
    }

    /// A value: a number (a scalar) or `[x, y]` (a position).
    static func values(of node: JSONNode) throws(JSONDocumentError) -> [Double] {
        if case .number(let n) = node.value { return [n] }
        guard case .array(let items) = node.value, items.count == 2 else {
            throw node.error("expected a number or [x, y], got \(node.described)")
        }
        return [try items[0].number(), try items[1].number()]
    }

    /// What a track needs to know of its layer.
    struct TrackContext {
        let layer: String
        let property: String
        let size: SIMD2<Double>
        let viewport: SIMD2<Double>?
        let model: [Double]?

        var dimension: Int { property == "position" ? 2 : 1 }

        /// Points per unit of a scalar: rotation (radians, as Core Animation's
        /// `transform.rotation` key paths) moves the layer's corner by its half-diagonal per
        /// radian, scale by its half-diagonal per unit; opacity counts a full fade as a 100 pt move
        /// (an assumption, overridable with `pointsPerUnit`); any other property 1 pt per unit.
        var defaultPointsPerUnit: (Double, String) {
            let halfDiagonal = 0.5 * (size * size).sum().squareRoot()
            switch property {
            case "rotation", "transform.rotation", "transform.rotation.z": return (halfDiagonal, "rad")
            case "scale", "transform.scale": return (halfDiagonal, "×")
            case "opacity": return (100, "")
            default: return (1, property.hasPrefix("position") || property == "x" || property == "y" ? "pt" : "")
            }
        }
    }

    static func track(_ node: JSONNode, object: JSONObject, context: TrackContext) throws(JSONDocumentError) -> (track: Track, rotation: Track?) {
        var object = object
        let typeNode = try object.required("type")
        let type = try typeNode.string()
        var pointsPerUnit = context.defaultPointsPerUnit
        if let ppu = object.optional("pointsPerUnit") {
            guard context.dimension == 1 else { throw ppu.error("expected no pointsPerUnit on position (it is in points)") }
            pointsPerUnit.0 = try ppu.number(in: 1e-9...1e9, "points per unit")
        }
        let name = "\(context.layer)/\(context.property)"
        switch type {
        case "keyframe", "basic":
            let built = try timedTrack(node, object: &object, type: type, context: context)
            try object.finish(expected: type == "keyframe" ? Keys.keyframe : Keys.basic)
            let compiled = try built.scene(name: name, context: context, pointsPerUnit: pointsPerUnit, node: node)
            func isLinear(_ easing: Easing) -> Bool {
                if case .cubic(let c) = easing { return c.x1 == c.y1 && c.x2 == c.y2 }
                return false
            }
            let timing = built.timing
            let source = TrackSource(
                path: node.path, pathData: built.pathData,
                values: type == "keyframe" && built.pathData == nil ? built.curve.keyValues : nil, dimension: context.dimension,
                keyTimes: type == "keyframe" ? built.curve.keyTimes : nil, timing: timing,
                linearTiming: built.curve.mode == .linear && isLinear(built.easing) && built.curve.easings.allSatisfy(isLinear)
                    && timing.timeOffset == 0 && !timing.autoreverses,
                hasDisplayLink: false)
            let scene = Scene(name: compiled.name, kind: compiled.kind, fixedMode: compiled.fixedMode, source: source, objectSize: compiled.objectSize)
            var rotation: Track?
            if let mode = built.rotationMode {
                rotation = Track(
                    layer: context.layer, property: "rotation", path: node.path,
                    scene: try rotationScene(following: scene, mode: mode, layer: context.layer, size: context.size, node: node),
                    curve: nil, timing: built.timing)
            }
            return (Track(layer: context.layer, property: context.property, path: node.path, scene: scene, curve: built.curve, timing: built.timing), rotation)
        case "spring":
            let hasDisplayLink = object.members.contains { $0.key == "displayLink" }
            var basicInterruptions = Set<Int>()
            if case .array(let items)? = object.members.first(where: { $0.key == "interruptions" })?.value.value {
                for (i, item) in items.enumerated() {
                    if case .object(let members) = item.value, members.contains(where: { $0.key == "duration" }) { basicInterruptions.insert(i) }
                }
            }
            let compiled = try springScene(node, object: &object, name: name, context: context, pointsPerUnit: pointsPerUnit.0)
            try object.finish(expected: Keys.spring)
            let source = TrackSource(
                path: node.path, pathData: nil, values: nil, dimension: 1, keyTimes: nil, timing: nil, linearTiming: false,
                hasDisplayLink: hasDisplayLink, pointsPerUnit: pointsPerUnit.0, basicInterruptions: basicInterruptions)
            let scene = Scene(name: compiled.name, kind: compiled.kind, source: source, objectSize: compiled.objectSize)
            return (Track(layer: context.layer, property: context.property, path: node.path, scene: scene, curve: nil, timing: nil), nil)
        case "decay":
            let compiled = try decayScene(node, object: &object, name: name, context: context, pointsPerUnit: pointsPerUnit.0)
            try object.finish(expected: Keys.decay)
            let source = TrackSource(
                path: node.path, pathData: nil, values: nil, dimension: 1, keyTimes: nil, timing: nil, linearTiming: false,
                hasDisplayLink: false, pointsPerUnit: pointsPerUnit.0)
            let scene = Scene(name: compiled.name, kind: compiled.kind, source: source, objectSize: context.size)
            return (Track(layer: context.layer, property: context.property, path: node.path, scene: scene, curve: nil, timing: nil), nil)
        case "drag":
            let compiled = try dragScene(node, object: &object, name: name, context: context)
            try object.finish(expected: Keys.drag)
            let scene = Scene(name: compiled.name, kind: compiled.kind, objectSize: context.size)
            return (Track(layer: context.layer, property: context.property, path: node.path, scene: scene, curve: nil, timing: nil), nil)
        default:
            throw typeNode.error("expected \"keyframe\", \"basic\", \"spring\", \"decay\" or \"drag\", got \(typeNode.described)")
        }
    }

    static func easing(_ node: JSONNode) throws(JSONDocumentError) -> Easing {
        if case .array = node.value {
            let numbers = try node.numbers()
            do { return try Easing.cubic(numbers) } catch { throw node.error(error.description) }
        }
        let text = try node.string()
        do { return try Easing(text: text) } catch { throw node.error(error.description) }
    }
}
