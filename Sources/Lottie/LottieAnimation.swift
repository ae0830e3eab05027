import JSONDocument

/// The motion of a Lottie file (Lottie 1.0, lottie.github.io/lottie-spec; media type
/// `video/lottie+json`): its frame rate, range and size, and every layer and shape group as an
/// object whose transform composes along its parent chain.
///
/// Read: the animation's `fr`, `ip`, `op`, `w`, `h`, `layers` and precomposition `assets`
/// (§Composition, §Assets); each layer's `ty`, `nm`, `ind`, `parent`, `ip`, `op`, `st`, `sr`,
/// `ao`, `ks` (§Layers); shape groups' `tr` (§Shapes, Group and Transform). Not motion, skipped:
/// the shapes' geometry, fills and strokes, masks, effects, text animators. Unknown keys are not
/// errors: the specification lets files carry more than it defines.
///
/// **Time**, as lottie-web and rlottie run it (each rule cites the function it follows where it
/// is applied). The animation's frame is `F = t · fr` (t in seconds). A layer's own properties
/// (its transform and its shape groups') read their keyframes at the frame `c` of the
/// composition that holds the layer: `st` cancels out, since lottie-web subtracts it from the
/// frame and from every keyframe time alike (player/js/utils/PropertyFactory.js,
/// getValueAtCurrentTime, interpolateValue), and rlottie never applies it to a layer's own
/// properties (src/lottie/lottieitem.cpp, renderer::Layer::update). `st` and `sr` map time only
/// for a precomposition's children: they run at `(c − st) / sr` (lottie-web,
/// player/js/elements/CompElement.js, ICompElement.prototype.prepareFrame; rlottie,
/// src/lottie/lottiemodel.h, model::Layer::timeRemap). A layer shows for `ip ≤ c < op` (lottie-web,
/// player/js/elements/helpers/RenderableElement.js, checkLayerLimits) while every enclosing
/// precomposition layer shows. Time remapping (`tm`) is not evaluated: it is noted, and the
/// precomposition plays at its layer's `st` and `sr`.
///
/// **Space.** Composition pixels (`w` × `h`) are taken as points. A layer's world transform is
/// its parent's times its own (§Layers, Parenting: `CTM(child) = CTM(parent) × Transform(child)`);
/// a layer inside a precomposition composes with the precomposition layer's; a group's with its
/// layer's and its enclosing groups'.
public struct LottieAnimation: Sendable {
    public let name: String?
    /// Frames per second (`fr`).
    public let frameRate: Double
    /// The first and the end frame (`ip`, `op`).
    public let inPoint: Double
    public let outPoint: Double
    /// Composition size, pixels = points (`w`, `h`).
    public let width: Double
    public let height: Double
    /// What was skipped or not evaluated, once per feature.
    public let notes: LottieNotes
    /// Every layer and shape group, parents before children.
    let nodes: [Node]
    /// What each node draws and where it sits, parallel to `nodes`.
    let structure: [LottieNodeStructure]

    /// The most objects (layers and groups, precompositions expanded) a file may have: beyond it
    /// a precomposition nested in itself many times over would exhaust memory.
    public static let maximumObjects = 100_000

    /// The largest magnitude of a value a file's properties may hold (positions and sizes in
    /// pixels, scales in percent, angles in degrees, tangents) and of its sizes `w`, `h`: 10⁷,
    /// `Motion`'s largest coordinate (`PathMotion.maximumCoordinate`). Beyond it rounding
    /// shapes the frames, and values near 1e308 overflow speeds to infinity.
    public static let maximumValue = 1e7

    /// The largest magnitude of a frame number (`ip`, `op`, `st`, keyframe times `t`): 10⁹,
    /// over six months at 60 fps.
    public static let maximumFrame = 1e9

    /// The longest animation, seconds: `(op − ip) / fr` at most an hour. Lottie animations last
    /// seconds; far longer is a typo in `fr`, `ip` or `op`, and a subnormal `fr` makes it infinite.
    public static let maximumDuration = 3600.0

    /// The time stretch `sr` a layer may have: 10⁻³ … 10³ (a thousand times slower or faster).
    public static let stretchRange = 1e-3...1e3

    /// Whether a parsed JSON document is meant as a Lottie file: an object with `layers` and at
    /// least one of the animation's timing keys (`fr`, `ip`, `op`) or `v` (the Bodymovin
    /// version). Such a document is then read strictly: a missing `fr` is an error naming it.
    public static func isLottie(_ node: JSONNode) -> Bool {
        guard case .object(let members) = node.value else { return false }
        let keys = Set(members.map(\.key))
        return keys.contains("layers") && !keys.isDisjoint(with: ["fr", "ip", "op", "v"])
    }

    /// Reads a Lottie file from its bytes.
    /// - Throws: `LottieError` for text that is not JSON, or a file that is not Lottie, or a bad
    ///   value (named by its JSON path).
    public init(bytes: [UInt8]) throws(LottieError) {
        let root: JSONNode
        do {
            root = try JSONParser.parse(bytes)
        } catch {
            throw LottieError("not JSON: \(error)", line: error.line, column: error.column)
        }
        try self.init(json: root)
    }

    /// Reads a parsed Lottie document.
    /// - Throws: `LottieError` naming the JSON path and what was expected: `fr` ≤ 0, `op` ≤ `ip`,
    ///   a figure beyond its bound (`maximumValue`, `maximumFrame`, `maximumDuration`,
    ///   `stretchRange`, `TimingCurve.maximumControlMagnitude`),
    ///   keyframes out of time order, tangents of the wrong dimension, a parent that does not
    ///   exist or a parent cycle, a precomposition that contains itself.
    public init(json root: JSONNode) throws(LottieError) {
        guard Self.isLottie(root) else {
            throw LottieError.at(root, "expected a Lottie animation (an object with 'layers', 'fr', 'ip', 'op', 'w', 'h'), got \(root.described)")
        }
        var notes = LottieNotes()
        do {
            var object = try root.object()
            name = try object.optional("nm")?.string()
            let fr = try object.required("fr")
            frameRate = try Self.positive(fr, "a frame rate (frames per second) above 0")
            inPoint = try Self.frame(try object.required("ip"), "an in point")
            let op = try object.required("op")
            outPoint = try Self.frame(op, "an out point")
            guard outPoint > inPoint else {
                throw op.error("expected an out point after the in point ip (\(JSONNode.text(inPoint))), got \(JSONNode.text(outPoint))")
            }
            // The length is bounded before any frame is sampled: a subnormal fr makes it infinite.
            let length = (outPoint - inPoint) / frameRate
            guard length <= Self.maximumDuration else {
                let lasting = length.isFinite ? " (\(JSONNode.text(length)) s)" : ""
                throw fr.error(
                    "expected a frame rate that makes the animation's \(JSONNode.text(outPoint - inPoint)) frames (op − ip) last at most \(JSONNode.text(Self.maximumDuration)) s, got \(JSONNode.text(frameRate)) fps\(lasting)")
            }
            width = try Self.positive(try object.required("w"), "a width in pixels above 0")
            height = try Self.positive(try object.required("h"), "a height in pixels above 0")
            if let ddd = object.optional("ddd"), try LottieTrack.intBoolean(ddd) {
                notes.add("3-D (ddd) is not evaluated: x and y only", at: ddd.place)
            }
            var assets: [String: (node: JSONNode, layers: [JSONNode])] = [:]
            if let list = object.optional("assets") {
                for asset in try list.array() {
                    var fields = try asset.object()
                    let idNode = try fields.required("id")
                    let id = try idNode.string()
                    guard let layers = fields.optional("layers") else { continue }  // an image or other file asset
                    guard assets[id] == nil else { throw idNode.error("expected a unique asset id, got '\(id)' a second time") }
                    assets[id] = (asset, try layers.array())
                }
            }
            var builder = RigBuilder(assets: assets, notes: notes)
            try builder.composition(
                try object.required("layers").array(), place: "layers", container: nil, offset: 0, stretch: 1,
                visible: inPoint..<outPoint, prefix: "", assetStack: [])
            nodes = builder.nodes
            structure = builder.structure
            notes = builder.notes
        } catch {
            throw LottieError(wrapping: error)
        }
        self.notes = notes
    }

    static func positive(_ node: JSONNode, _ what: String) throws(JSONDocumentError) -> Double {
        let n = try node.number()
        guard n > 0 else { throw node.error("expected \(what), got \(JSONNode.text(n))") }
        guard n <= maximumValue else {
            throw node.error("expected \(what) and at most \(JSONNode.text(maximumValue)), got \(JSONNode.text(n))")
        }
        return n
    }

    /// A frame number within ±`maximumFrame`.
    static func frame(_ node: JSONNode, _ what: String) throws(JSONDocumentError) -> Double {
        try node.number(in: -maximumFrame...maximumFrame, what)
    }

    /// A property value within ±`maximumValue`.
    static func value(_ node: JSONNode, _ n: Double) throws(JSONDocumentError) -> Double {
        guard abs(n) <= maximumValue else {
            throw node.error("expected a value within ±\(JSONNode.text(maximumValue)), got \(JSONNode.text(n))")
        }
        return n
    }

    /// The animation's length, seconds: `(op − ip) / fr`.
    public var duration: Double { (outPoint - inPoint) / frameRate }
}

/// A layer or a shape group, flattened: its transform, the node its transform composes with,
/// and the frame its properties are read at (its composition's) as a function of the
/// animation's frame.
///
/// A class: a frame reads many nodes, and copying one (a transform of seven tracks) would retain
/// every array it holds.
final class Node: Sendable {
    enum Kind: Sendable, Equatable {
        /// A layer of type `ty` (Lottie 1.0 §Layers: 0 precomposition, 1 solid, 2 image, 3 null,
        /// 4 shape, 5 text).
        case layer(type: Int)
        case group
    }

    /// The name reports use: the layer's `nm` (or `layer IND`), a group's after its layer's,
    /// a precomposition's layers after the precomposition layer's, joined by `/`.
    let name: String
    /// The JSON path of the layer or group.
    let place: String
    let kind: Kind
    let transform: LottieTransform
    /// The node whose world transform this one's composes with.
    let parent: Int?
    /// The frame the node's properties are read at, its composition's:
    /// `(animation frame − offset) / stretch`, where the offset and stretch are those of the
    /// enclosing precomposition layers (`st`, `sr`), never the node's own layer's.
    let offset: Double
    let stretch: Double
    /// Auto-orient (`ao`): rotation follows the position's direction of travel.
    let autoOrient: Bool
    /// The animation frames where the node shows, `ip ≤ F < op` through every enclosing
    /// precomposition; `nil` when never.
    let visible: Range<Double>?
    /// Whether the node draws something (a shape, solid, image or text layer, or a group in
    /// one) and is not hidden: only such nodes are validated.
    let isShown: Bool

    init(
        name: String, place: String, kind: Kind, transform: LottieTransform, parent: Int?, offset: Double, stretch: Double,
        autoOrient: Bool, visible: Range<Double>?, isShown: Bool
    ) {
        self.name = name
        self.place = place
        self.kind = kind
        self.transform = transform
        self.parent = parent
        self.offset = offset
        self.stretch = stretch
        self.autoOrient = autoOrient
        self.visible = visible
        self.isShown = isShown
    }

    @inline(__always)
    func localFrame<S: TimeScalar>(_ frame: S) -> S { (frame - offset) / stretch }
}
