import JSONDocument
import Lottie

/// Flightline's evaluation of a Lottie file compared with rlottie's, frame by frame.
///
/// **What is compared, and why it is exact.** rlottie's render tree gives each drawn shape's path
/// with its points already mapped to the canvas (`RlottieShape.points`). A shape's points in its
/// own coordinates are known from the file (a rectangle's `p`/`s`, an ellipse's `p`/`s`, a path's
/// `v`/`i`/`o`), laid out as rlottie lays them out (src/vector/vpath.cpp `VPathData::addRect`,
/// `addOval`; src/lottie/lottieparser.cpp `PathInfo::convert`). So each rlottie point has a
/// partner: Flightline's world transform of the shape's group (or layer) applied to the same
/// local point. Their distance (`points`) is the whole disagreement about that object's transform,
/// with no fitting. From the same points the map rlottie used is recovered by least squares (exact
/// for an affine map and three points not on a line), and the quantities Flightline validates are
/// read from both maps alike: `position` the anchor point `a` mapped (Flightline's anchor
/// value), `rotation` the angle of the map's first column (degrees, compared modulo 360), `scale`
/// the lengths of its columns (percent). `opacity` is the paint's alpha rlottie reports (0 … 255)
/// against Flightline's drawn opacity times the paint's opacity (rlottie truncates to 8 bits:
/// up to 0.39 % low). Rotation,
/// scale and opacity disagreements are in points at the scales `bench validate` judges them at.
///
/// **Limits.** Compared: shapes that are rectangles with roundness 0, ellipses and paths whose
/// geometry is not animated, under fills and strokes (gradients included). Not compared (listed
/// with the reason): layers with trims, repeaters, merges or other modifiers, stars, rounded
/// rectangles, animated geometry, image, solid and text layers (rlottie draws no path from which
/// the transform can be read), and any frame at which rlottie draws a different number of shapes
/// or points than the file describes (an empty shape). A paint whose 8-bit alpha is 0 is not
/// expected, as rlottie skips it. A layer or group with no
/// shape of its own is read through the first shape drawn inside it, the groups between undone
/// with Flightline's transforms. The rotation and scale read from a map equal the ones Flightline
/// reports when the chain has no skew and positive scales; both sides are read the same way.
/// A map is read only from shapes drawn at least `minimumSpread` across (float noise).
/// Frames are rlottie's: whole frames from `ip`, rlottie's `int` frame numbers.
public struct RlottieComparison: Sendable {
    /// What a row compares: the points of each drawn shape, or one of the quantities
    /// Flightline validates for a Lottie object (``LottieQuantity``).
    public enum Quantity: Sendable, Hashable {
        case points
        case transform(LottieQuantity)

        /// Every quantity, in the order rows list them: points, then position, rotation,
        /// scale, opacity.
        public static let all: [Quantity] = [.points] + LottieQuantity.allCases.map(Quantity.transform)

        /// `points`, or the Lottie quantity's raw value (`position`, …): an identifier, not wording.
        public var name: String {
            switch self {
            case .points: "points"
            case .transform(let quantity): quantity.rawValue
            }
        }
    }

    /// One object's one quantity over every frame compared.
    public struct Row: Sendable {
        /// The object's report name (`LAYER`, `LAYER/GROUP`, `PRECOMP/LAYER`).
        public let object: String
        /// The drawn points, or one of the quantities Flightline validates.
        public let quantity: Quantity
        /// Frames compared.
        public let frames: Int
        /// The largest and the median disagreement, points.
        public let max: Double
        public let median: Double
        /// The animation frame of the largest.
        public let worstFrame: Int
        /// The largest disagreement at the frames where none of rlottie's known shortcuts
        /// applies, and how many such frames there are.
        public let maxUnexplained: Double
        public let unexplainedFrames: Int
        /// rlottie's known shortcuts (`LottieSimplifications.names`) in force at the frames where
        /// the disagreement exceeds `RlottieComparison.tolerance`.
        public let deviations: [String]
    }

    /// An object shown by one player and not the other at some frames.
    public struct VisibilityRow: Sendable {
        public let object: String
        /// Animation frames where Flightline (lottie-web's rule) hides it and rlottie draws it.
        public let onlyRlottie: [Int]
        /// Animation frames where Flightline shows it and rlottie draws nothing for it.
        public let onlyFlightline: [Int]
        /// The known reasons for these frames: `inclusive-out-point` (rlottie since 2022,
        /// commit 12facb8 "Fix one frame missing", shows a layer at its out point: src/lottie/lottieitem.cpp
        /// `renderer::Layer::visible` has `frameNo() <= outFrame()`; lottie-web hides it,
        /// `op − st > num`; Debian's rlottie 0.1 hides it too) and `whole-frame-precomposition`
        /// (rlottie's children of a precomposition see its time truncated to whole frames, so
        /// they appear and vanish up to a frame early) and `rounded-in-out-points` (rlottie
        /// rounds a layer's `ip` and `op` to whole frames: src/lottie/lottieparser.cpp
        /// `parseLayer`, `std::lround`).
        public let deviations: [String]
        /// Whether every frame listed has one of `deviations` as its reason.
        public let isExplained: Bool
    }

    /// The disagreement below which a player agrees, points.
    public static let tolerance = 0.5

    /// The most frames a comparison renders (rlottie draws every one): beyond, a file is
    /// refused rather than left to run for hours (a 29-million-frame `op` exists in the wild).
    public static let maximumFrames = 100_000

    /// The least spread (RMS distance from the centroid along the thinnest direction, px) of a
    /// shape's drawn points for rlottie's map to be read from them. rlottie's points are 32-bit
    /// floats, about 1e-4 px apart at composition coordinates; a map read from points 1 px apart
    /// is good to about 1e-4 rad, 0.04 px at a 400 px judging radius. Smaller shapes are still
    /// compared point by point.
    public static let minimumSpread = 1.0

    public let rows: [Row]
    public let visibility: [VisibilityRow]
    /// Objects that could not be compared, with the reason.
    public let notCompared: [(object: String, reason: String)]
    /// Frames rendered (every whole frame from `ip` to before `op`).
    public let frames: Int

    /// The largest disagreement at frames no known shortcut explains, over every row.
    public var maxUnexplained: Double { rows.map(\.maxUnexplained).max() ?? 0 }

    /// Compares `animation` (read from `bytes`) with rlottie playing the same bytes.
    /// - Throws: `RlottieError` when rlottie refuses the file, or it has more than
    ///   `maximumFrames` frames.
    /// - Complexity: O(frames × drawn points).
    public static func compare(_ animation: LottieAnimation, bytes: [UInt8]) throws(RlottieError) -> RlottieComparison {
        let player = try RlottiePlayer(bytes: bytes)
        guard player.frameCount <= maximumFrames else {
            throw RlottieError(.tooManyFrames(frames: player.frameCount, limit: maximumFrames))
        }
        var builder = Builder(animation: animation)
        let startFrame = animation.inPoint.rounded()
        let scale = SIMD2(animation.width / Double(player.width), animation.height / Double(player.height))
        for k in 0..<player.frameCount {
            let frame = startFrame + Double(k)
            let tree = player.renderTree(frame: k)
            builder.frame(frame, root: tree, canvasScale: scale)
        }
        return builder.result(frames: player.frameCount)
    }
}

/// The shapes a paint (fill, stroke, gradient) draws, each in its group's coordinates: rlottie's
/// render node for it has their points one after the other.
struct ExpectedPaint {
    /// The group (or layer) the paint item sits in: its opacity chain is the paint's.
    var owner: Int
    var items: [(owner: Int, points: [SIMD2<Double>])]
    /// The paint's opacity, 0 … 1 (`nil` when animated or a gradient).
    var alpha: Double?
    var pointCount: Int { items.reduce(0) { $0 + $1.points.count } }
}

/// What rlottie draws for one shape layer, in its drawing order; or why it is not compared.
enum LayerPlan {
    case paints([ExpectedPaint])
    case notCompared(String)
}

struct ShapeNotCompared: Error {
    let reason: String
}

extension ExpectedPaint {
    /// The paints of a shape layer in rlottie's drawing order. rlottie keeps a group's items
    /// back to front (src/lottie/lottieitem.cpp, `renderer::Group::addChildren` walks the model's
    /// children in reverse) and draws in that order (`Group::renderList`); a paint takes every
    /// shape that precedes it in its group, nested groups' included (`Group::processPaintItems`:
    /// `addPathItems(list, curOpCount)` from the group's first shape on).
    static func plan(_ info: [LottieNodeInfo], layer: Int) -> LayerPlan {
        var shapes: [(owner: Int, points: [SIMD2<Double>])] = []
        func process(_ owner: Int) throws(ShapeNotCompared) -> [ExpectedPaint] {
            let start = shapes.count
            var entries: [[ExpectedPaint]] = []
            var groupCursor = 0
            for item in info[owner].contents {
                guard case .object(let members) = item.value else { continue }
                func member(_ key: String) -> JSONNode? { members.first { $0.key == key }?.value }
                guard let typeNode = member("ty"), case .string(let type) = typeNode.value else { continue }
                if let hd = member("hd"), case .bool(true) = hd.value { throw ShapeNotCompared(reason: "hidden shape items") }
                if let hd = member("hd"), case .number(let n) = hd.value, n == 1 { throw ShapeNotCompared(reason: "hidden shape items") }
                switch type {
                case "rc", "el", "sh":
                    shapes.append((owner, try localPoints(type, item)))
                case "fl", "st", "gf", "gs":
                    var alpha: Double?
                    // The paint's opacity `o`; the colour's fourth number is not read, by
                    // rlottie (lottieparser.cpp getValue(model::Color &) keeps r, g, b) as by
                    // lottie-web.
                    if type == "fl" || type == "st", let o = staticNumbers(member("o")) {
                        alpha = (o.first ?? 100) / 100
                    }
                    entries.append([ExpectedPaint(owner: owner, items: Array(shapes[start...]), alpha: alpha)])
                case "gr":
                    guard groupCursor < info[owner].groups.count else { continue }
                    let group = info[owner].groups[groupCursor]
                    groupCursor += 1
                    entries.append(try process(group))
                case "tr":
                    continue
                case "sr":
                    throw ShapeNotCompared(reason: "stars and polygons (sr) are not compared")
                default:
                    throw ShapeNotCompared(reason: "shape modifiers ('\(type)': trims, repeaters, merges, …) are not compared")
                }
            }
            return entries.reversed().flatMap { $0 }
        }
        do {
            return .paints(try process(layer))
        } catch {
            return .notCompared(error.reason)
        }
    }

    /// A static property's numbers (`{"a": 0, "k": …}`); `nil` when animated or absent.
    static func staticNumbers(_ node: JSONNode?) -> [Double]? {
        guard let node, case .object(let members) = node.value else { return nil }
        if let a = members.first(where: { $0.key == "a" })?.value, case .number(let n) = a.value, n != 0 { return nil }
        guard let k = members.first(where: { $0.key == "k" })?.value else { return nil }
        switch k.value {
        case .number(let n): return [n]
        case .array(let items):
            var numbers: [Double] = []
            for item in items {
                guard case .number(let n) = item.value else { return nil }
                numbers.append(n)
            }
            return numbers
        default: return nil
        }
    }

    /// A shape's points in its group's coordinates, in rlottie's layout.
    static func localPoints(_ type: String, _ item: JSONNode) throws(ShapeNotCompared) -> [SIMD2<Double>] {
        guard case .object(let members) = item.value else { throw ShapeNotCompared(reason: "a shape that is not an object") }
        func member(_ key: String) -> JSONNode? { members.first { $0.key == key }?.value }
        // src/lottie/lottiemodel.h `direction()`: d = 3 is counter-clockwise, anything else clockwise.
        var clockwise = true
        if let d = member("d"), case .number(let n) = d.value, n == 3 { clockwise = false }
        switch type {
        case "rc", "el":
            guard let p = staticNumbers(member("p")), p.count >= 2, let s = staticNumbers(member("s")), s.count >= 2 else {
                throw ShapeNotCompared(reason: "animated rectangles and ellipses are not compared")
            }
            // renderer::Rect::updatePath, renderer::Ellipse::updatePath: the rectangle
            // (p − s/2, s).
            let x = p[0] - s[0] / 2, y = p[1] - s[1] / 2, w = s[0], h = s[1]
            if type == "rc" {
                if let r = member("r"), let roundness = staticNumbers(r) {
                    guard roundness.first ?? 0 == 0 else { throw ShapeNotCompared(reason: "rounded rectangles are not compared") }
                } else if member("r") != nil {
                    throw ShapeNotCompared(reason: "rounded rectangles are not compared")
                }
                // VPathData::addRect: nothing for an empty rectangle; four corners from the
                // top right, then close() adds the line back to the start.
                if w == 0 && h == 0 { return [] }
                let corners =
                    clockwise
                    ? [SIMD2(x + w, y), SIMD2(x + w, y + h), SIMD2(x, y + h), SIMD2(x, y)]
                    : [SIMD2(x + w, y), SIMD2(x, y), SIMD2(x, y + h), SIMD2(x + w, y + h)]
                return corners + [corners[0]]
            }
            // VPathData::addOval: nothing for an empty rectangle; from 12 o'clock, four cubics
            // with handles w/2·κ and h/2·κ, κ = 0.5522847498 (PATH_KAPPA); the last ends on the start.
            if w <= 0 || h <= 0 { return [] }
            let kappa = 0.5522847498
            let w2 = w / 2, h2 = h / 2, w2k = w2 * kappa, h2k = h2 * kappa
            if clockwise {
                return [
                    SIMD2(x + w2, y),
                    SIMD2(x + w2 + w2k, y), SIMD2(x + w, y + h2 - h2k), SIMD2(x + w, y + h2),
                    SIMD2(x + w, y + h2 + h2k), SIMD2(x + w2 + w2k, y + h), SIMD2(x + w2, y + h),
                    SIMD2(x + w2 - w2k, y + h), SIMD2(x, y + h2 + h2k), SIMD2(x, y + h2),
                    SIMD2(x, y + h2 - h2k), SIMD2(x + w2 - w2k, y), SIMD2(x + w2, y),
                ]
            }
            return [
                SIMD2(x + w2, y),
                SIMD2(x + w2 - w2k, y), SIMD2(x, y + h2 - h2k), SIMD2(x, y + h2),
                SIMD2(x, y + h2 + h2k), SIMD2(x + w2 - w2k, y + h), SIMD2(x + w2, y + h),
                SIMD2(x + w2 + w2k, y + h), SIMD2(x + w, y + h2 + h2k), SIMD2(x + w, y + h2),
                SIMD2(x + w, y + h2 - h2k), SIMD2(x + w2 + w2k, y), SIMD2(x + w2, y),
            ]
        default:
            // A path `ks: {a: 0, k: {v, i, o, c}}`: PathInfo::convert gives v0, then per vertex
            // v[i−1] + o[i−1], v[i] + i[i], v[i], and for a closed path the cubic back to v0.
            guard let ks = member("ks"), case .object(let fields) = ks.value else {
                throw ShapeNotCompared(reason: "a path without 'ks'")
            }
            if let a = fields.first(where: { $0.key == "a" })?.value, case .number(let n) = a.value, n != 0 {
                throw ShapeNotCompared(reason: "animated paths are not compared")
            }
            guard let k = fields.first(where: { $0.key == "k" })?.value, case .object(let data) = k.value else {
                throw ShapeNotCompared(reason: "animated paths are not compared")
            }
            func list(_ key: String) -> [SIMD2<Double>] {
                guard let node = data.first(where: { $0.key == key })?.value, case .array(let items) = node.value else { return [] }
                return items.compactMap { item in
                    guard case .array(let xy) = item.value, xy.count >= 2, case .number(let px) = xy[0].value, case .number(let py) = xy[1].value
                    else { return nil }
                    return SIMD2(px, py)
                }
            }
            let v = list("v"), inTangents = list("i"), outTangents = list("o")
            var closed = false
            if let c = data.first(where: { $0.key == "c" })?.value {
                if case .bool(let b) = c.value { closed = b }
                if case .number(let n) = c.value { closed = n != 0 }
            }
            guard !v.isEmpty, v.count == inTangents.count, v.count == outTangents.count else { return [] }
            var points = [v[0]]
            for i in 1..<max(1, v.count) where v.count > 1 {
                points += [v[i - 1] + outTangents[i - 1], v[i] + inTangents[i], v[i]]
            }
            if closed {
                points += [v[v.count - 1] + outTangents[v.count - 1], v[0] + inTangents[0], v[0]]
            }
            return points
        }
    }
}
