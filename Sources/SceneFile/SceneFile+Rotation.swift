import Foundation  // atan2
import JSONDocument
import Motion

extension SceneFile {
    /// The rotation `rotationMode` gives a layer moving along a path (CAKeyframeAnimation
    /// `rotationMode`, developer.apple.com: `auto` turns the layer to the path's tangent,
    /// `autoReverse` to the tangent plus 180°), as a timeline `LAYER/rotation` in radians,
    /// judged at the layer's half-diagonal per radian (its corner's travel).
    ///
    /// The heading is the direction of the position's velocity (central differences of 10⁻⁶ s,
    /// exact to far below a frame's turn), unwrapped into a continuous angle over the sampled
    /// span (a table every millisecond, at most 10⁵ entries, picks the turn), held where the
    /// layer rests. A kinked join
    /// turns the layer at once: that step is the rotation's own finding.
    static func rotationScene(
        following position: Scene, mode: String, layer: String, size: SIMD2<Double>, node: JSONNode
    ) throws(JSONDocumentError) -> Scene {
        let place: @Sendable (Double) -> SIMD2<Double>
        let start: Double, end: Double?, window: Double
        switch position.kind {
        case .path(let motion, _):
            place = { t in motion.position(at: t) }
            start = 0
            end = motion.repeats ? nil : motion.duration
            window = motion.repeats ? motion.duration + 0.2 : motion.duration
        case .timeline(let motion, _):
            place = motion.value
            start = motion.start
            end = motion.end
            window = motion.window
        case .spring:
            throw node.error("expected rotationMode only on a keyframe position animation")
        }
        let offset = mode == "autoReverse" ? Double.pi : 0
        let h = 1e-6
        let lastMoving = end ?? (start + window)
        @Sendable func rawHeading(_ t: Double) -> Double? {
            let time = min(max(t, start + h), lastMoving - h)
            let d = place(time + h) - place(time - h)
            guard (d * d).sum() > 0 else { return nil }
            return atan2(d.y, d.x) + offset
        }
        // The unwrapped heading every millisecond over the span (held through rests), at most
        // 10⁵ entries (a longer span is tabulated more coarsely: its turn between entries must
        // stay under half a turn to be unwrapped right).
        let step = max(1e-3, window / 100_000)
        let count = max(Int((window / step).rounded(.up)), 1) + 1
        var table: [Double] = []
        table.reserveCapacity(count)
        var last = rawHeading(start) ?? offset
        for k in 0..<count {
            if let raw = rawHeading(start + Double(k) * step) {
                last = raw + 2 * .pi * ((last - raw) / (2 * .pi)).rounded()
            }
            table.append(last)
        }
        let unwrapped = table
        let halfDiagonal = 0.5 * (size * size).sum().squareRoot()
        let value: @Sendable (Double) -> SIMD2<Double> = { t in
            let index = min(max(Int(((t - start) / step).rounded()), 0), unwrapped.count - 1)
            let near = unwrapped[index]
            guard let raw = rawHeading(t) else { return SIMD2(near * halfDiagonal, 0) }
            return SIMD2((raw + 2 * .pi * ((near - raw) / (2 * .pi)).rounded()) * halfDiagonal, 0)
        }
        do {
            let motion = try TimelineMotion(
                quantity: .scalar(name: "rotation", unit: "rad", pointsPerUnit: halfDiagonal), start: start, end: end,
                window: end == nil ? window : nil, value: value,
                notes: ["rotationMode \(mode): the layer turns to the path's tangent\(mode == "autoReverse" ? " plus 180°" : "") (Core Animation), judged at its half-diagonal, \(JSONText.number((halfDiagonal * 100).rounded() / 100)) pt per radian"])
            return Scene(name: "\(layer)/rotation", kind: .timeline(motion, viewport: nil))
        } catch {
            throw node.error("the rotation could not be built: \(error)")
        }
    }
}
