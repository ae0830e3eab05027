import JSONDocument

/// What a node draws and where it sits in the file: kept to compare Flightline with players.
struct LottieNodeStructure: Sendable {
    /// The layer's or group's own `nm`.
    var fileName: String?
    /// For a layer inside a precomposition, the precomposition layer; `nil` for a layer of the
    /// animation and for a group.
    var container: Int?
    /// A shape layer's `shapes` or a group's `it`, as the file has them.
    var contents: [JSONNode]
    /// The groups among `contents`, as node indices, in the file's order.
    var groups: [Int]
    /// Why Flightline's evaluation of this node leaves something out (a 3-D layer, a
    /// precomposition layer with time remapping); `nil` when it evaluates all of it.
    var incomplete: String?
}

/// A 2-D affine map of column vectors: `(x, y) ↦ (a·x + c·y + tx, b·x + d·y + ty)`.
public struct LottieAffine: Sendable, Equatable {
    public var a, b, c, d, tx, ty: Double

    public init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
        (self.a, self.b, self.c, self.d, self.tx, self.ty) = (a, b, c, d, tx, ty)
    }

    public func apply(_ p: SIMD2<Double>) -> SIMD2<Double> {
        SIMD2(a * p.x + c * p.y + tx, b * p.x + d * p.y + ty)
    }

    /// `self · other`: `other` first.
    public static func * (m: LottieAffine, n: LottieAffine) -> LottieAffine {
        LottieAffine(
            a: m.a * n.a + m.c * n.b, b: m.b * n.a + m.d * n.b, c: m.a * n.c + m.c * n.d, d: m.b * n.c + m.d * n.d,
            tx: m.a * n.tx + m.c * n.ty + m.tx, ty: m.b * n.tx + m.d * n.ty + m.ty)
    }

    /// The inverse map; `nil` when the linear part is singular (a scale of 0).
    public var inverse: LottieAffine? {
        let det = a * d - b * c
        guard det != 0, det.isFinite else { return nil }
        let ia = d / det, ib = -b / det, ic = -c / det, id = a / det
        return LottieAffine(a: ia, b: ib, c: ic, d: id, tx: -(ia * tx + ic * ty), ty: -(ib * tx + id * ty))
    }

    init(_ m: Affine<Double>) { self.init(a: m.a, b: m.b, c: m.c, d: m.d, tx: m.tx, ty: m.ty) }
}

/// One layer or shape group as the file holds it, for comparing Flightline with a player.
public struct LottieNodeInfo: Sendable {
    /// Its index in `LottieAnimation.nodeInfos` (parents before children).
    public let index: Int
    /// The report name (`LAYER`, `LAYER/GROUP`, `PRECOMP/LAYER`).
    public let name: String
    /// Its JSON path.
    public let place: String
    /// The layer type `ty`; `nil` for a shape group.
    public let layerType: Int?
    /// Its own `nm`.
    public let fileName: String?
    /// The node its transform composes with (a group's layer or enclosing group; a layer's
    /// parent, or its precomposition layer).
    public let parent: Int?
    /// For a layer inside a precomposition, the precomposition layer.
    public let container: Int?
    /// Whether Flightline validates it (it draws and is not hidden).
    public let isShown: Bool
    /// A shape layer's `shapes` or a group's `it`.
    public let contents: [JSONNode]
    /// The groups among `contents`, as node indices, in the file's order.
    public let groups: [Int]
    /// Why Flightline's evaluation of this node is incomplete, through itself or an ancestor (a
    /// 3-D layer; time remapping of an enclosing precomposition); `nil` when it is complete. A
    /// player that evaluates these shows the node elsewhere by design.
    public let incomplete: String?
}

/// The shortcuts a simpler player takes where Flightline follows lottie-web: rlottie takes each
/// one (Samsung/rlottie; each case cites the function). They name why a player's frame differs
/// from Flightline's at a frame instead of calling the difference Flightline's error.
public struct LottieSimplifications: OptionSet, Sendable, Hashable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// A spatial segment (`to`/`ti`) paced by an estimated length: each chord measured as
    /// `max + 0.375·min` of its |dx|, |dy| (alpha max plus beta min; up to 6.8 % long), in
    /// rlottie src/vector/vline.h `VLine::length`, used by src/vector/vbezier.cpp
    /// `VBezier::length` and `VBezier::tAtLength` (src/lottie/lottiemodel.h,
    /// `Value<T, Position>::at`).
    public static let spatialLengthEstimate = Self(rawValue: 1 << 0)
    /// A vector property whose dimensions carry different eases: rlottie reads one ease per
    /// keyframe, the first number of each `x`/`y` array (src/lottie/lottieparser.cpp,
    /// `parseInperpolatorPoint` through `getValue(float &)`, which keeps the first element).
    public static let firstDimensionEase = Self(rawValue: 1 << 1)
    /// A property whose last keyframe carries `i`: rlottie keeps it as a segment whose end
    /// frame and end value stay 0, and `KeyFrames::value` checks `frames_.back().end_ <= frameNo`
    /// before any segment, so every frame after the first keyframe shows the value (0, 0)
    /// (src/lottie/lottieparser.cpp `parseKeyFrame`; src/lottie/lottiemodel.h `KeyFrames::value`).
    public static let easedLastKeyframe = Self(rawValue: 1 << 2)
    /// A precomposition's children at a frame that is not whole: rlottie maps time in `int`
    /// (src/lottie/lottiemodel.h `model::Layer::timeRemap` returns `int(frameNo / mTimeStreatch)`
    /// after `frameNo - startFrame()` in an `int`; src/lottie/lottieitem.cpp
    /// `renderer::CompLayer::updateContent`), so it shows the frame truncated toward 0.
    public static let wholeFramePrecomposition = Self(rawValue: 1 << 3)
    /// Auto-orient at or outside the position's keyframes: rlottie's `KeyFrames::angle` returns 0
    /// when `frames_.front().start_ >= frameNo` or `frames_.back().end_ <= frameNo`, and at a
    /// keyframe inside it takes the leaving segment's start (src/lottie/lottiemodel.h);
    /// lottie-web keeps the direction of the first or last segment and, at a keyframe, the
    /// arriving one (player/js/utils/TransformProperty.js, `processKeys`, autoOriented).
    public static let autoOrientOutsideKeys = Self(rawValue: 1 << 4)
    /// Auto-orient on a segment without spatial tangents, or on a position split in x and y:
    /// rlottie's `Value<T, Position>::angle` returns 0 without tangents, and
    /// `model::Transform::Data::matrix` asks the combined position only
    /// (src/lottie/lottiemodel.h, src/lottie/lottiemodel.cpp).
    public static let autoOrientStraightSegment = Self(rawValue: 1 << 5)
    /// Skew (`sk`, `sa`): rlottie's transform is `translate · rotate · scale · translate(−a)`
    /// without it (src/lottie/lottiemodel.cpp, `model::Transform::Data::matrix`).
    public static let skewIgnored = Self(rawValue: 1 << 6)

    /// Every case with its short name, in a fixed order.
    public static let named: [(Self, String)] = [
        (.spatialLengthEstimate, "spatial-length-estimate"), (.firstDimensionEase, "first-dimension-ease"),
        (.easedLastKeyframe, "eased-last-keyframe"), (.wholeFramePrecomposition, "whole-frame-precomposition"),
        (.autoOrientOutsideKeys, "auto-orient-outside-keys"), (.autoOrientStraightSegment, "auto-orient-straight-segment"),
        (.skewIgnored, "skew-ignored"),
    ]

    /// The short names of the cases in this set, in `named` order.
    public var names: [String] { Self.named.filter { contains($0.0) }.map(\.1) }
}

extension LottieAnimation {
    /// Every layer and shape group, parents before children, as the file holds them.
    public var nodeInfos: [LottieNodeInfo] {
        nodes.indices.map { i in
            let node = nodes[i], s = structure[i]
            var type: Int?
            if case .layer(let t) = node.kind { type = t }
            var incomplete: String?
            var current: Int? = i
            while let c = current, incomplete == nil {
                incomplete = structure[c].incomplete
                current = nodes[c].parent
            }
            return LottieNodeInfo(
                index: i, name: node.name, place: node.place, layerType: type, fileName: s.fileName, parent: node.parent,
                container: s.container, isShown: node.isShown, contents: s.contents, groups: s.groups, incomplete: incomplete)
        }
    }

    /// The map from the node's own coordinates (its shapes' points) to the composition's, at
    /// animation frame `frame`: its ancestors' transforms times its own, auto-orient included.
    public func worldTransform(ofNode index: Int, atFrame frame: Double) -> LottieAffine {
        LottieAffine(world(index, frame: frame, side: .after))
    }

    /// The node's anchor point `a` in its own coordinates at animation frame `frame`.
    public func anchor(ofNode index: Int, atFrame frame: Double) -> SIMD2<Double> {
        let node = nodes[index]
        return node.transform.anchor.sample(node.localFrame(frame)).values
    }

    /// Where the node's anchor point is on screen at animation frame `frame` (the position
    /// Flightline validates).
    public func anchorPosition(ofNode index: Int, atFrame frame: Double) -> SIMD2<Double> {
        anchorPosition(index, frame: frame).values
    }

    /// Whether the node shows at animation frame `frame`: `ip ≤ c < op` in its composition, and
    /// every enclosing precomposition layer shows.
    public func isVisible(node index: Int, atFrame frame: Double) -> Bool {
        nodes[index].visible?.contains(frame) ?? false
    }

    /// The animation frames where the node shows; `nil` when never.
    public func visibleSpan(ofNode index: Int) -> Range<Double>? { nodes[index].visible }

    /// The node's own opacity, 0 … 1, at animation frame `frame` (its `o`, not its ancestors').
    public func ownOpacity(ofNode index: Int, atFrame frame: Double) -> Double {
        let node = nodes[index]
        return node.transform.opacity.sample(node.localFrame(frame)).x / 100
    }

    /// The opacity the node's shapes are drawn with, 0 … 1, at animation frame `frame`: its own
    /// times its enclosing groups', its layer's and every enclosing precomposition layer's
    /// (parenting passes no opacity on; lottie-web and rlottie, `renderer::Layer::update`,
    /// multiply a precomposition's into its layers).
    public func drawnOpacity(ofNode index: Int, atFrame frame: Double) -> Double {
        var product = 1.0
        var current: Int? = index
        while let i = current {
            let node = nodes[i]
            product *= node.transform.opacity.sample(node.localFrame(frame)).x / 100
            current = node.kind == .group ? node.parent : structure[i].container
        }
        return product
    }

    /// The shortcuts of `LottieSimplifications` that touch node `index` at animation frame
    /// `frame`: for its geometry (its own transform and every ancestor's) and for its drawn
    /// opacity (its own, its groups', its layer's and its precompositions').
    public func simplifications(affecting index: Int, atFrame frame: Double) -> (geometry: LottieSimplifications, opacity: LottieSimplifications) {
        var geometry: LottieSimplifications = []
        var current: Int? = index
        while let i = current {
            let node = nodes[i]
            let tau = node.localFrame(frame)
            if abs(tau - tau.rounded()) > 1e-9 { geometry.insert(.wholeFramePrecomposition) }
            for track in node.transform.geometryTracks { geometry.formUnion(Self.simplifications(of: track, at: tau)) }
            if node.transform.skew.sample(tau).x != 0 { geometry.insert(.skewIgnored) }
            if node.autoOrient, node.transform.isPositionAnimated {
                switch node.transform.position {
                case .split: geometry.insert(.autoOrientStraightSegment)
                case .combined(let track):
                    if let first = track.keyTimes.first, let last = track.keyTimes.last, tau <= first || tau >= last || track.keyTimes.contains(tau) {
                        geometry.insert(.autoOrientOutsideKeys)
                    } else if let s = track.segmentIndex(at: tau, side: .after), case .spatial = track.segments[s].interpolation {
                    } else {
                        geometry.insert(.autoOrientStraightSegment)
                    }
                }
            }
            current = node.parent
        }
        var opacity: LottieSimplifications = []
        current = index
        while let i = current {
            let node = nodes[i]
            let tau = node.localFrame(frame)
            if abs(tau - tau.rounded()) > 1e-9 { opacity.insert(.wholeFramePrecomposition) }
            opacity.formUnion(Self.simplifications(of: node.transform.opacity, at: tau))
            current = node.kind == .group ? node.parent : structure[i].container
        }
        return (geometry, opacity)
    }

    /// The shortcuts that change one track's value at frame `tau` of its composition.
    static func simplifications(of track: LottieTrack, at tau: Double) -> LottieSimplifications {
        var result: LottieSimplifications = []
        if track.lastKeyframeEased, let first = track.keyTimes.first, tau > first { result.insert(.easedLastKeyframe) }
        guard let index = track.segmentIndex(at: tau, side: .after) else { return result }
        let segment = track.segments[index]
        guard tau > segment.t0 else { return result }
        switch segment.interpolation {
        case .spatial: result.insert(.spatialLengthEstimate)
        case .eased(let ex, let ey) where ex != ey && segment.v0.y != segment.v1.y: result.insert(.firstDimensionEase)
        default: break
        }
        return result
    }
}
