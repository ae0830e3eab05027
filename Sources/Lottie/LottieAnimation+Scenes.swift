import Foundation  // String(format:)
import Motion

/// A quantity of a Lottie object that Flightline validates: each is one timeline, named
/// `OBJECT/\(rawValue)`. The raw value is the scene-name suffix, not wording: a presentation
/// layer words it.
public enum LottieQuantity: String, Sendable, CaseIterable {
    /// The anchor point's position on screen (after parenting), composition pixels as points.
    case position
    /// Own and ancestors' rotation (auto-orient included), degrees.
    case rotation
    /// Own and ancestors' scale, percent per axis.
    case scale
    /// Own opacity, percent.
    case opacity
}

/// One moving or still object of a Lottie file: a layer that draws, or a shape group in one.
public struct LottieObject: Sendable, Equatable {
    /// The report name: `Layer`, `Layer/Group`, `Precomp layer/Inner layer`.
    public let name: String
    /// Its JSON path (`layers[2]`, `layers[0].shapes[1]`).
    public let place: String
    public let isGroup: Bool
    /// The quantities validated, in ``LottieQuantity``'s order; empty for a still object.
    public let quantities: [LottieQuantity]
    /// A group with nothing of its own animated inside a moving layer: it moves with the layer,
    /// whose timelines judge that motion.
    public let ridesWithItsLayer: Bool

    public init(name: String, place: String, isGroup: Bool, quantities: [LottieQuantity], ridesWithItsLayer: Bool = false) {
        self.name = name
        self.place = place
        self.isGroup = isGroup
        self.quantities = quantities
        self.ridesWithItsLayer = ridesWithItsLayer
    }
}

/// A Lottie file compiled into scenes: one timeline per moving object and animated quantity,
/// named `OBJECT/position`, `OBJECT/rotation`, `OBJECT/scale`, `OBJECT/opacity`.
public struct LottieMotion: Sendable {
    public let animation: LottieAnimation
    /// The timelines, objects in the file's order (parents first), quantities in the order
    /// position, rotation, scale, opacity.
    public let scenes: [Scene]
    /// Every object that draws, moving or still.
    public let objects: [LottieObject]
    /// The objects with nothing animated (listed, not validated), groups riding with a moving
    /// layer included.
    public var stills: [LottieObject] { objects.filter { $0.quantities.isEmpty } }
    /// Objects whose layer is never visible within the animation's range.
    public let neverVisible: [String]
    /// Objects visible from the first frame to the last whose position at the end differs from
    /// the start by more than 1 pt: a player that loops the file (as lottie-web, lottie-ios and
    /// lottie-android can) shows them jump by `gap` points when it restarts at `ip`. Reported,
    /// not judged: whether the file loops is the player's setting.
    public let loopJumps: [(name: String, gap: Double)]
    /// The scales scalars are judged at, and what was not evaluated: one line each, per file.
    public let notes: [String]
}

extension LottieAnimation {
    /// The radius the scalar quantities are judged at: half the composition's shorter side, a
    /// point of the largest circle that fits the composition.
    public var judgingRadius: Double { min(width, height) / 2 }

    /// Points per degree of rotation: a point `judgingRadius` from the anchor moves R·π/180 pt.
    public var pointsPerDegree: Double { judgingRadius * .pi / 180 }

    /// Points per percent of scale: the corner of a box `judgingRadius` from the anchor moves
    /// R/100 pt along each axis.
    public var pointsPerScalePercent: Double { judgingRadius / 100 }

    /// Points per percent of opacity: 1 (a fade of 100 % is judged as a move of 100 pt).
    public static let pointsPerOpacityPercent = 1.0

    typealias Quantity = LottieQuantity

    /// Compiles every moving object into `TimelineMotion` scenes (kind `.timeline`).
    ///
    /// - Position: the anchor point's world position, `World(parent) · p`, composition pixels as
    ///   points, on the `w` × `h` screen.
    /// - Rotation: own and ancestors' rotation (auto-orient included), judged at
    ///   `pointsPerDegree`. Scale: own and ancestors' scale multiplied, percent, (x, y) carried
    ///   as a point at `pointsPerScalePercent`. Opacity: own, percent, at 1 pt per %.
    /// - Joins: at every keyframe inside the object's visible span, the velocity arriving and
    ///   leaving, exactly (the derivative of the evaluation itself: easing handles' slopes,
    ///   spatial tangents, parents' motion).
    /// - Designed steps: hold keyframes' ends and keyframes sharing a time.
    /// - Throws: `MotionError` if a timeline cannot be built (not for a file that was read).
    public func motion() throws(MotionError) -> LottieMotion {
        var scenes: [Scene] = []
        var objects: [LottieObject] = []
        var neverVisible: [String] = []
        var loopJumps: [(name: String, gap: Double)] = []
        // Which quantities each node animates, through its ancestors.
        var geometry = [Bool](repeating: false, count: nodes.count)
        var rotates = [Bool](repeating: false, count: nodes.count)
        var scales = [Bool](repeating: false, count: nodes.count)
        var orients = [Bool](repeating: false, count: nodes.count)
        for (index, node) in nodes.enumerated() {
            let t = node.transform
            let ownOrient = node.autoOrient && t.isPositionAnimated
            geometry[index] = t.isGeometryAnimated || ownOrient || (node.parent.map { geometry[$0] } ?? false)
            rotates[index] = t.rotation.isAnimated || ownOrient || (node.parent.map { rotates[$0] } ?? false)
            scales[index] = t.scale.isAnimated || (node.parent.map { scales[$0] } ?? false)
            orients[index] = ownOrient || (node.parent.map { orients[$0] } ?? false)
        }
        for (index, node) in nodes.enumerated() where node.isShown {
            guard let visible = node.visible else {
                neverVisible.append(node.name)
                objects.append(LottieObject(name: node.name, place: node.place, isGroup: node.kind == .group, quantities: []))
                continue
            }
            var quantities: [Quantity] = []
            let t = node.transform
            if node.kind == .group {
                // A group rides with its layer: it is an object of its own for what its own
                // transform animates (its timelines then include what it inherits).
                if t.isPositionAnimated { quantities.append(.position) }
                if t.rotation.isAnimated { quantities.append(.rotation) }
                if t.scale.isAnimated { quantities.append(.scale) }
            } else {
                if t.isPositionAnimated || (node.parent.map { geometry[$0] } ?? false) { quantities.append(.position) }
                if rotates[index] { quantities.append(.rotation) }
                if scales[index] { quantities.append(.scale) }
            }
            if t.opacity.isAnimated { quantities.append(.opacity) }
            var validated: [Quantity] = []
            for quantity in quantities {
                let parentOrients = node.parent.map { orients[$0] } ?? false
                let exactJoins = quantity == .rotation ? !orients[index] : (quantity == .position ? !parentOrients : true)
                // A quantity whose keyframes all lie outside the object's visible span does not
                // move while it shows: the object is still in that respect.
                guard let scene = try timeline(index, quantity: quantity, visible: visible, exactJoins: exactJoins) else { continue }
                scenes.append(scene)
                validated.append(quantity)
            }
            if validated.contains(.position), visible.lowerBound <= inPoint, visible.upperBound >= outPoint {
                let first = anchorPosition(index, frame: inPoint).values, last = anchorPosition(index, frame: outPoint).values
                let d = last - first
                let gap = (d * d).sum().squareRoot()
                if gap > 1, gap.isFinite { loopJumps.append((node.name, gap)) }
            }
            let rides = node.kind == .group && validated.isEmpty && (node.parent.map { geometry[$0] } ?? false)
            objects.append(
                LottieObject(
                    name: node.name, place: node.place, isGroup: node.kind == .group, quantities: validated,
                    ridesWithItsLayer: rides))
        }
        var notes = [
            String(
                format: "position is each object's anchor point on screen (after parenting), composition pixels as points; rotation is judged at %.3g pt per degree and scale at %.3g pt per %% (a point %.3g pt from the anchor, half the composition's shorter side), opacity at 1 pt per %%",
                pointsPerDegree, pointsPerScalePercent, judgingRadius)
        ]
        notes += self.notes.lines
        return LottieMotion(
            animation: self, scenes: scenes, objects: objects, neverVisible: neverVisible, loopJumps: loopJumps, notes: notes)
    }

    /// The tracks that move `quantity` of node `index`, with the node each belongs to.
    func tracks(_ index: Int, _ quantity: Quantity) -> [(node: Int, track: LottieTrack)] {
        let chain = [index] + ancestors(of: index)
        switch quantity {
        case .position:
            return nodes[index].transform.positionTracks.map { (index, $0) }
                + chain.dropFirst().flatMap { i in nodes[i].transform.geometryTracks.map { (i, $0) } }
        case .rotation:
            return chain.flatMap { i in [(i, nodes[i].transform.rotation)] + (nodes[i].autoOrient ? nodes[i].transform.positionTracks.map { (i, $0) } : []) }
        case .scale:
            return chain.map { ($0, nodes[$0].transform.scale) }
        case .opacity:
            return [(index, nodes[index].transform.opacity)]
        }
    }

    /// The value of `quantity` at animation frame `frame`, in points (scalars in x).
    func value<S: TimeScalar>(_ index: Int, _ quantity: Quantity, frame: S, side: Side) -> Vec2<S> {
        switch quantity {
        case .position: return anchorPosition(index, frame: frame, side: side)
        case .rotation: return Vec2(rotation(index, frame: frame, side: side) * pointsPerDegree, S(0))
        case .scale:
            let s = scale(index, frame: frame, side: side)
            return Vec2(s.x * pointsPerScalePercent, s.y * pointsPerScalePercent)
        case .opacity: return Vec2(opacity(index, frame: frame, side: side) * Self.pointsPerOpacityPercent, S(0))
        }
    }

    /// The timeline of `quantity` of node `index`; `nil` when it does not change while the node
    /// is visible.
    ///
    /// Its span runs from the first keyframe to the last of the tracks that move it, within the
    /// node's visible span: before and after, the value rests, as the frames at rest around any
    /// timeline show it. So a linear first keyframe starts at full speed and a linear last one
    /// stops from it by design (the timing's ends, reported, not judged), as a path's timing
    /// curve does (docs/design.md §1, Boundaries); every keyframe inside is judged.
    func timeline(_ index: Int, quantity: Quantity, visible: Range<Double>, exactJoins: Bool) throws(MotionError) -> Scene? {
        let node = nodes[index]
        let fr = frameRate
        let tracks = self.tracks(index, quantity)
        func seconds(_ localFrame: Double, _ owner: Int) -> Double {
            (localFrame * nodes[owner].stretch + nodes[owner].offset) / fr
        }
        let animated = tracks.filter { $0.track.isAnimated }
        let firstKey = animated.compactMap { item in item.track.keyTimes.first.map { seconds($0, item.node) } }.min()
        let lastKey = animated.compactMap { item in item.track.keyTimes.last.map { seconds($0, item.node) } }.max()
        guard let firstKey, let lastKey else { return nil }
        let start = max(visible.lowerBound / fr, firstKey), end = min(visible.upperBound / fr, lastKey)
        guard start < end else { return nil }
        let animation = self
        var steps = Set<Double>()
        for (owner, track) in tracks {
            for step in track.designedSteps.map({ seconds($0, owner) }) where step > start && step < end { steps.insert(step) }
        }
        let sortedSteps = steps.sorted()
        let value: @Sendable (Double) -> SIMD2<Double> = { t in
            var clamped = min(max(t, start), end)
            // A frame time a rounding error short of a designed step (frame times are sums of
            // 1/hz) shows the step, as the validation counts it there.
            if let step = sortedSteps.first(where: { $0 >= clamped }), step - clamped <= 1e-9 { clamped = step }
            return animation.value(index, quantity, frame: clamped * fr, side: .after).values
        }
        let inside = { (t: Double) in t > start && t < end }
        var joinTimes = Set<Double>()
        for (owner, track) in tracks where track.isAnimated {
            for time in track.keyTimes.map({ seconds($0, owner) }) where inside(time) && !steps.contains(time) {
                joinTimes.insert(time)
            }
        }
        // Values beyond the doubles (a scale of 1e300 on a position of 1e300) cannot be judged:
        // refuse them here, naming the layer, rather than as a bare infinity later.
        for t in [start, end] + joinTimes.sorted() {
            let v = value(t)
            guard v.x.isFinite, v.y.isFinite else {
                throw MotionError(
                    "\(node.place): the \(quantity.rawValue) of \(node.name) overflows a double (beyond ±1.8e308) at t = \(String(format: "%.3g", t)) s; expected values a screen can show")
            }
        }
        var joins: [Join] = []
        var notes: [String] = []
        if exactJoins {
            var vertical: [Double] = []
            for (number, t) in joinTimes.sorted().enumerated() {
                let frame = Dual(value: t * fr, derivative: fr)
                let incoming = self.value(index, quantity, frame: frame, side: .before).derivatives
                let outgoing = self.value(index, quantity, frame: frame, side: .after).derivatives
                guard incoming.x.isFinite, incoming.y.isFinite, outgoing.x.isFinite, outgoing.y.isFinite else {
                    vertical.append(t)
                    continue
                }
                joins.append(Join(element: number + 1, point: value(t), time: t, incoming: incoming, outgoing: outgoing))
            }
            if !vertical.isEmpty {
                notes.append(
                    "an easing handle leaves or enters vertically (x = 0 with y ≠ 0, or x = 1 with y ≠ 1) at t = \(vertical.prefix(5).map { String(format: "%.3g s", $0) }.joined(separator: ", ")): the speed there is unbounded; no exact join is given")
            }
        } else if !joinTimes.isEmpty {
            notes.append("auto-orient turns with the path's curvature: the exact joins are not computed; the sampled rate test judges the keyframes")
        }
        let motionQuantity: TimelineMotion.Quantity
        switch quantity {
        case .position: motionQuantity = .position
        case .rotation: motionQuantity = .scalar(name: "rotation", unit: "°", pointsPerUnit: pointsPerDegree)
        case .scale: motionQuantity = .scalar(name: "scale", unit: "%", pointsPerUnit: pointsPerScalePercent)
        case .opacity: motionQuantity = .scalar(name: "opacity", unit: "%", pointsPerUnit: Self.pointsPerOpacityPercent)
        }
        let motion = try TimelineMotion(
            quantity: motionQuantity, start: start, end: end, value: value, joins: joins, designedSteps: sortedSteps,
            notes: notes)
        return Scene(
            name: "\(node.name)/\(quantity.rawValue)",
            kind: .timeline(motion, viewport: quantity == .position ? SIMD2(width, height) : nil))
    }
}
