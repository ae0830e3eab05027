import BezierKernels
import SpringSolver

/// Something to validate: a path motion (the bee, a user's SVG path), a spring (the menu, a
/// user's spring) or a timeline (any motion known as a function of time).
public struct Scene: Sendable {
    public enum Kind: Sendable {
        /// An object following a path; `viewport` (points) when the scene has a known screen.
        case path(PathMotion, viewport: SIMD2<Double>?)
        /// A one-dimensional spring seen through the menu demo's offset and stop condition.
        case spring(SpringScene)
        /// A motion known as a function of time (a scene file's layer property, a Lottie layer's
        /// transform, a trace); `viewport` (points) when the scene has a known screen.
        case timeline(TimelineMotion, viewport: SIMD2<Double>?)
    }

    /// The name reports use (`bee1+`, `menu-show`, `svg`, …).
    public let name: String
    public let kind: Kind
    /// The one timing mode a path scene is validated in when its source fixes it (a scene file's
    /// `calculationMode`); `nil`: every mode asked for.
    public let fixedMode: TimingMode?
    /// Where the scene came from (a scene file's animation), to phrase fixes in its terms;
    /// `nil` for the seed scenes and command-line scenes.
    public let source: (any SceneSource)?
    /// The moving object's width and height in points, centred on its position: what decides
    /// whether it shows on the viewport (a teleport seen or not, where a fix moves a restart off
    /// screen). A scene file's layer `size`, a Lottie layer's `w` × `h`; the seed scenes' bee,
    /// 25 × 25 pt, where the source gives none.
    public let objectSize: SIMD2<Double>

    /// The size assumed for an object whose source gives none: the seed scene's bee.
    public static let defaultObjectSize = SIMD2<Double>(repeating: BeeFlight.beeSize)

    public init(name: String, kind: Kind, fixedMode: TimingMode? = nil, source: (any SceneSource)? = nil,
                objectSize: SIMD2<Double> = Scene.defaultObjectSize) {
        self.name = name
        self.kind = kind
        self.fixedMode = fixedMode
        self.source = source
        // A size that is not finite and non-negative shows nothing sensible: the default stands.
        self.objectSize = objectSize.x.isFinite && objectSize.y.isFinite && objectSize.x >= 0 && objectSize.y >= 0
            ? objectSize : Scene.defaultObjectSize
    }

    /// Whether the timing mode matters (path scenes); a spring's report has no mode.
    public var usesTimingMode: Bool {
        if case .path = kind { return true }
        return false
    }

    /// A bee of the seed scene (repeating, on the iPad viewport).
    public static func bee(_ flight: BeeFlight) throws(MotionError) -> Scene {
        Scene(name: flight.name, kind: .path(try flight.motion(mode: .linear), viewport: BeeFlight.viewport))
    }

    /// One flight of `bee` with the sign a seeded run picks (`BeeFlight.sign(seed:)`): for
    /// places where a single flight is wanted.
    public static func bee(_ bee: BeeFlight.Bee, seed: UInt64) throws(MotionError) -> Scene {
        try Scene.bee(BeeFlight(bee: bee, sign: BeeFlight.sign(seed: seed)))
    }

    /// The menu's show or dismiss, its spring from `mapping` (see `MenuBounce.scene`).
    public static func menu(
        _ phase: MenuBounce.Phase, mapping: any UIKitSpringMapping = EnvelopeDecayMapping.default
    ) throws(MotionError) -> Scene {
        let scene = try MenuBounce.scene(phase, mapping: mapping)
        return Scene(name: scene.name, kind: .spring(scene))
    }

    /// A user's SVG path played over `duration` seconds, once unless `repeats`, each pass timed
    /// by `timingCurve` (default linear, as the seed scenes).
    /// - Throws: `MotionError` for malformed path data, a path with no drawing segment, or a
    ///   duration that is not positive and finite.
    public static func svg(
        _ data: String, duration: Double, repeats: Bool = false, timingCurve: TimingCurve = .linear,
        name: String = "svg"
    ) throws(MotionError) -> Scene {
        let path: Path
        do {
            path = try Path(svgPathData: data)
        } catch {
            throw MotionError("\(error)")
        }
        return Scene(
            name: name, kind: .path(
                try PathMotion(path: path, duration: duration, timingCurve: timingCurve, mode: .linear, repeats: repeats),
                viewport: nil))
    }

    /// A user's spring motion (any vocabulary, made into a `SpringMotion` by the caller). It has
    /// no display link stopping on `offset == 0`: that stop is reported, not judged.
    public static func spring(
        _ motion: SpringMotion<Double>, name: String = "spring", notes: [String] = []
    ) throws(MotionError) -> Scene {
        let notes = notes.map(Note.scene) + [.userSpringStopNotJudged]
        return Scene(
            name: name, kind: .spring(try SpringScene(name: name, motion: motion, notes: notes, stopsOnExactOffset: false)))
    }

    /// The seed scene names, groups first: `bee` (all four flights), `bee1`, `bee2` (both signs
    /// each), the single flights, `menu` (both phases) and its phases.
    public static let seedNames = [
        "bee", "bee1", "bee2", "bee1+", "bee1-", "bee2+", "bee2-", "menu", "menu-show", "menu-dismiss",
    ]

    /// The seed scenes a name stands for.
    /// - Throws: `MotionError` naming the unknown scene and the known names.
    public static func seeds(named name: String) throws(MotionError) -> [Scene] {
        switch name {
        case "bee": return try seeds(named: "bee1") + seeds(named: "bee2")
        case "bee1", "bee2":
            let bee: BeeFlight.Bee = name == "bee1" ? .one : .two
            return [try .bee(BeeFlight(bee: bee, sign: 1)), try .bee(BeeFlight(bee: bee, sign: -1))]
        case "bee1+", "bee1-", "bee2+", "bee2-":
            let bee: BeeFlight.Bee = name.hasPrefix("bee1") ? .one : .two
            return [try .bee(BeeFlight(bee: bee, sign: name.hasSuffix("+") ? 1 : -1))]
        case "menu": return [try .menu(.show), try .menu(.dismiss)]
        case "menu-show": return [try .menu(.show)]
        case "menu-dismiss": return [try .menu(.dismiss)]
        default:
            throw MotionError("unknown scene '\(name)'; expected one of \(seedNames.joined(separator: ", "))")
        }
    }

    /// Every seed scene: the four flights and both menu phases.
    public static func allSeeds() throws(MotionError) -> [Scene] {
        try seeds(named: "bee") + seeds(named: "menu")
    }
}
