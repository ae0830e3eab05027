/// What one object of a Lottie file shows at one frame, in the file's own units: what
/// `bench sample` writes for a Lottie file.
public struct LottieObjectState: Sendable, Equatable {
    /// The anchor point on screen after parenting, composition pixels.
    public let x: Double
    public let y: Double
    /// Own and ancestors' rotation (auto-orient included), degrees clockwise.
    public let rotation: Double
    /// Own and ancestors' scale multiplied, percent per axis.
    public let scaleX: Double
    public let scaleY: Double
    /// Own opacity, percent (parenting does not pass opacity on).
    public let opacity: Double
    /// Whether the object's layer shows at this frame (`ip ≤ F < op` through every enclosing
    /// precomposition).
    public let isVisible: Bool

    public init(x: Double, y: Double, rotation: Double, scaleX: Double, scaleY: Double, opacity: Double, isVisible: Bool) {
        self.x = x
        self.y = y
        self.rotation = rotation
        self.scaleX = scaleX
        self.scaleY = scaleY
        self.opacity = opacity
        self.isVisible = isVisible
    }
}

extension LottieAnimation {
    /// The objects ``objectStates(atFrame:)`` reports, in its order: every node that draws
    /// (``LottieMotion/objects``' order, parents first), still or moving, visible or not.
    public var sampledObjects: [(name: String, place: String)] {
        nodes.filter(\.isShown).map { ($0.name, $0.place) }
    }

    /// Every object's state at animation frame `frame` (the file's frame number, from frame 0,
    /// not from `ip`), through the same evaluation the timelines use (`anchorPosition`,
    /// `rotation`, `scale`, `opacity`: each node's local time and its parent chain), so it shows
    /// exactly what the validated timelines judge.
    ///
    /// - Complexity: O(objects × depth of the parent chain), each O(log keyframes) per property.
    public func objectStates(atFrame frame: Double) -> [LottieObjectState] {
        nodes.indices.filter { nodes[$0].isShown }.map { index in
            let p = anchorPosition(index, frame: frame)
            let s = scale(index, frame: frame)
            return LottieObjectState(
                x: p.x, y: p.y, rotation: rotation(index, frame: frame), scaleX: s.x, scaleY: s.y,
                opacity: opacity(index, frame: frame), isVisible: nodes[index].visible?.contains(frame) ?? false)
        }
    }
}
