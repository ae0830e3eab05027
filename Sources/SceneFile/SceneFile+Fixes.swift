import BezierKernels
import Motion
import SpringSolver

/// A scene file's animation as the source of its scene: computed fixes (`Validation.fixes`)
/// phrased as the JSON path of the value to change and its new value.
struct TrackSource: SceneSource {
    /// The animation's JSON path (`layers[0].animations[0]`).
    let path: String
    /// The path data of a keyframe animation along a path.
    let pathData: String?
    /// The keyframe values of a keyframe animation with `values` (and their dimension).
    let values: [SIMD2<Double>]?
    let dimension: Int
    /// The key times in force (given or even), for keyframe animations.
    let keyTimes: [Double]?
    /// Whether time maps linearly to key time (no easing, plain timing) so a join's time gives its key time.
    let timing: MediaTiming?
    let linearTiming: Bool
    /// Whether the spring has a display link object.
    let hasDisplayLink: Bool
    /// Points per unit of the property (a spring's velocities are written in units per second).
    var pointsPerUnit: Double = 1
    /// The interruptions (0-based) whose new animation is a basic one: no launch velocity to set.
    var basicInterruptions: Set<Int> = []

    func sourceChanges(for change: FixSuggestion.Change) -> [SourceChange]? {
        switch change {
        case .moveControlPoint(let element, let control, let to):
            guard let data = pathData, var elements = try? Path(svgPathData: data).elements,
                let index = (try? Path(elements: elements))?.indexedSegments.dropFirst(element - 1).first?.elementIndex
            else { return nil }
            guard let moved = elements[index].movingControlPoint(control, to: Point(to)) else { return nil }
            elements[index] = moved
            return pathChange(elements, "move control point \(control) of element \(element) to \(Self.point(to))")
        case .joinTime(let element, _, let to):
            guard linearTiming, let timing, var keyTimes, element > 0, element < keyTimes.count - 1 else { return nil }
            let fraction = (to - timing.beginTime) * timing.speed / timing.duration
            let rounded = (fraction * 10_000).rounded() / 10_000
            guard rounded > keyTimes[element - 1], rounded < keyTimes[element + 1] else { return nil }
            let was = keyTimes[element]
            // Printed and applied alike: four decimals (the speeds then agree to about 0.1 %).
            keyTimes = keyTimes.map { ($0 * 10_000).rounded() / 10_000 }
            keyTimes[element] = rounded
            let list = "[" + keyTimes.map(JSONText.number).joined(separator: ", ") + "]"
            return [SourceChange(
                path: path + ".keyTimes", json: list,
                summary: "keyTimes[\(element)] = \(JSONText.number(rounded)) (now \(JSONText.number((was * 10_000).rounded() / 10_000))): keyTimes \(list)")]
        case .moveStart(let to), .moveEnd(let to):
            let atStart: Bool = { if case .moveStart = change { return true } else { return false } }()
            if let data = pathData, var elements = try? Path(svgPathData: data).elements {
                if atStart {
                    guard case .move = elements.first else { return nil }
                    elements[0] = .move(to: Point(to))
                    return pathChange(elements, "start the path at \(Self.point(to))")
                }
                guard let last = (try? Path(elements: elements))?.indexedSegments.last?.elementIndex else { return nil }
                switch elements[last] {
                case .line: elements[last] = .line(to: Point(to))
                case .quadCurve(_, let c): elements[last] = .quadCurve(to: Point(to), control: c)
                case .curve(_, let c1, let c2): elements[last] = .curve(to: Point(to), control1: c1, control2: c2)
                default: return nil
                }
                return pathChange(elements, "end the path at \(Self.point(to))")
            }
            guard let values, !values.isEmpty else { return nil }
            let index = atStart ? 0 : values.count - 1
            let json = dimension == 2 ? "[\(JSONText.number(to.x)), \(JSONText.number(to.y))]" : JSONText.number(to.x)
            return [SourceChange(path: path + ".values[\(index)]", json: json, summary: "= \(json)")]
        case .restStop(let rest):
            guard hasDisplayLink else { return nil }
            return [
                SourceChange(path: path + ".displayLink.stop", json: "\"rest\"", summary: "= \"rest\" (stop at rest, not at offset == 0)"),
                SourceChange(path: path + ".displayLink.restDistance", json: JSONText.number(rest.distance), summary: "= \(JSONText.number(rest.distance)) (pt)"),
                SourceChange(path: path + ".displayLink.restSpeed", json: JSONText.number(rest.speed), summary: "= \(JSONText.number(rest.speed)) (pt/s)"),
            ]
        case .waveGrowth(let seconds):
            guard hasDisplayLink else { return nil }
            return [SourceChange(path: path + ".displayLink.waveGrowth", json: JSONText.number(seconds), summary: "= \(JSONText.number(seconds)) (s)")]
        case .interruptionVelocity(let index, _, let velocity):
            guard !basicInterruptions.contains(index) else { return nil }
            let value = JSONText.number((velocity / pointsPerUnit * 1000).rounded() / 1000)
            return [SourceChange(path: path + ".interruptions[\(index)].velocity", json: value, summary: "= \(value) (units/s)")]
        case .settledSpring(let spring, _):
            func four(_ x: Double) -> String { JSONText.number((x * 10_000).rounded() / 10_000) }
            let json = "{\"mass\": \(four(spring.mass)), \"stiffness\": \(four(spring.stiffness)), \"damping\": \(four(spring.damping))}"
            return [SourceChange(path: path + ".spring", json: json, summary: "= \(json) (the same spring, no UIKit duration)")]
        }
    }

    func pathChange(_ elements: [PathElement], _ summary: String) -> [SourceChange]? {
        guard let path = try? Path(elements: elements) else { return nil }
        return [SourceChange(path: self.path + ".path", json: "\"\(path.svgPathData)\"", summary: summary)]
    }

    static func point(_ p: SIMD2<Double>) -> String { "(\(JSONText.number(p.x)), \(JSONText.number(p.y)))" }
}
