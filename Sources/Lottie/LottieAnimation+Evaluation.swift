/// Evaluating the flattened nodes: world transforms along the parent chain, in plain numbers or
/// with exact time derivatives (`Dual`).
extension LottieAnimation {
    /// The node's own transform at animation frame `frame`, auto-orient included.
    func local<S: TimeScalar>(_ index: Int, frame: S, side: Side) -> Affine<S> {
        let node = nodes[index]
        let tau = node.localFrame(frame)
        let extra = node.autoOrient ? (node.transform.travelAngle(tau.value) ?? 0) : 0
        return node.transform.matrix(tau, side: side, extraRotation: extra)
    }

    /// The world transform of node `index`: its ancestors' transforms times its own.
    /// - Complexity: O(depth of the parent chain).
    func world<S: TimeScalar>(_ index: Int, frame: S, side: Side) -> Affine<S> {
        var matrix = local(index, frame: frame, side: side)
        var current = nodes[index].parent
        while let parent = current {
            matrix = local(parent, frame: frame, side: side) * matrix
            current = nodes[parent].parent
        }
        return matrix
    }

    /// Where the node's anchor point is on screen: `World(parent) · p`, since a transform maps
    /// its own anchor `a` to its position `p`.
    func anchorPosition<S: TimeScalar>(_ index: Int, frame: S, side: Side = .after) -> Vec2<S> {
        let node = nodes[index]
        let p = node.transform.position(node.localFrame(frame), side: side)
        guard let parent = node.parent else { return p }
        return world(parent, frame: frame, side: side).apply(p)
    }

    /// The rotation the node shows, degrees clockwise: its own and its ancestors' (auto-orient
    /// included), summed.
    func rotation<S: TimeScalar>(_ index: Int, frame: S, side: Side = .after) -> S {
        var total = S(0)
        var current: Int? = index
        while let i = current {
            let node = nodes[i]
            let tau = node.localFrame(frame)
            total = total + node.transform.rotation.sample(tau, side: side).x
            if node.autoOrient { total = total + S(node.transform.travelAngle(tau.value) ?? 0) }
            current = node.parent
        }
        return total
    }

    /// The scale the node shows, percent per axis: its own and its ancestors', multiplied.
    func scale<S: TimeScalar>(_ index: Int, frame: S, side: Side = .after) -> Vec2<S> {
        var x = S(1), y = S(1)
        var current: Int? = index
        while let i = current {
            let node = nodes[i]
            let s = node.transform.scale.sample(node.localFrame(frame), side: side)
            x = x * (s.x / 100)
            y = y * (s.y / 100)
            current = node.parent
        }
        return Vec2(x * 100, y * 100)
    }

    /// The node's own opacity, percent (parenting does not pass opacity on).
    func opacity<S: TimeScalar>(_ index: Int, frame: S, side: Side = .after) -> S {
        let node = nodes[index]
        return node.transform.opacity.sample(node.localFrame(frame), side: side).x
    }

    /// The ancestors of node `index`, nearest first.
    func ancestors(of index: Int) -> [Int] {
        var result: [Int] = []
        var current = nodes[index].parent
        while let i = current {
            result.append(i)
            current = nodes[i].parent
        }
        return result
    }
}

/// Every transform of a Lottie file at one frame, the way a player computes them: each node's
/// local transform once (spatial positions read from the arc-length tables built when the file
/// was read), composed with its parent's world transform computed just before it.
///
///     var evaluator = LottieFrameEvaluator(animation)
///     evaluator.evaluate(atSeconds: 0.5)
///     print(evaluator.anchors[0])   // the first object's anchor point on screen
public struct LottieFrameEvaluator: Sendable {
    public let animation: LottieAnimation
    var worlds: [Affine<Double>]
    /// Each node's anchor point on screen after the last `evaluate`, points, in node order
    /// (parents before children).
    public private(set) var anchors: [SIMD2<Double>]

    public init(_ animation: LottieAnimation) {
        self.animation = animation
        worlds = Array(repeating: .identity, count: animation.nodes.count)
        anchors = Array(repeating: .zero, count: animation.nodes.count)
    }

    /// The number of nodes (layers and groups) evaluated per frame.
    public var count: Int { animation.nodes.count }

    /// Evaluates every node at `seconds`.
    /// - Complexity: O(nodes), each O(log keyframes) per property.
    public mutating func evaluate(atSeconds seconds: Double) {
        let frame = seconds * animation.frameRate
        let nodes = animation.nodes
        for index in nodes.indices {
            let node = nodes[index]
            let tau = node.localFrame(frame)
            let p = node.transform.position(tau, side: .after)
            let extra = node.autoOrient ? (node.transform.travelAngle(tau) ?? 0) : 0
            let local = node.transform.matrix(tau, side: .after, extraRotation: extra, position: p)
            if let parent = node.parent {
                let parentWorld = worlds[parent]
                worlds[index] = parentWorld * local
                anchors[index] = parentWorld.apply(p).values
            } else {
                worlds[index] = local
                anchors[index] = p.values
            }
        }
    }

    /// The same anchors computed the straightforward way, for the benchmark's reference: each
    /// node on its own, its whole parent chain recomputed, and every spatial position found by
    /// solving the arc length on the curve (`CubicBezier.parameter(atArcLength:)`) instead of
    /// reading a table.
    /// - Complexity: O(nodes × depth), each spatial lookup an adaptive quadrature and Newton.
    public static func referenceAnchors(_ animation: LottieAnimation, atSeconds seconds: Double) -> [SIMD2<Double>] {
        let frame = seconds * animation.frameRate
        let nodes = animation.nodes
        func local(_ index: Int) -> (Affine<Double>, Vec2<Double>) {
            let node = nodes[index]
            let tau = node.localFrame(frame)
            let p = Vec2<Double>(node.transform.referencePosition(tau))
            let extra = node.autoOrient ? (node.transform.travelAngle(tau) ?? 0) : 0
            return (node.transform.matrix(tau, side: .after, extraRotation: extra, position: p), p)
        }
        func world(_ index: Int) -> Affine<Double> {
            let (matrix, _) = local(index)
            guard let parent = nodes[index].parent else { return matrix }
            return world(parent) * matrix
        }
        return nodes.indices.map { index in
            let (_, p) = local(index)
            guard let parent = nodes[index].parent else { return p.values }
            return world(parent).apply(p).values
        }
    }
}
