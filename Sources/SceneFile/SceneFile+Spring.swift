import JSONDocument
import Motion
import SpringSolver

/// Spring animations: the spring in any vocabulary the command line accepts (the same keys:
/// `stiffness`/`damping`, `response`/`damping-fraction`, `duration`/`bounce`,
/// `uikit-duration`/`damping-ratio`, …), the motion from `fromValue` to `toValue`, and, for a
/// redraw loop like the menu demo's, its display link.
extension SceneFile {
    static func springScene(
        _ node: JSONNode, object: inout JSONObject, name: String, context: TrackContext, pointsPerUnit: Double
    ) throws(JSONDocumentError) -> Scene {
        guard context.dimension == 1 else {
            throw node.error("expected a spring on a scalar property (position.x, position.y, opacity, …); a position spring is two: animate position.x and position.y")
        }
        let springNode = try object.required("spring")
        var parameters = try springNode.object()
        var named: [String: Double] = [:]
        for key in Keys.springParameters where key != "uikit-mapping" {
            if let n = parameters.optional(key) { named[key] = try n.number() }
        }
        var mapping: any UIKitSpringMapping = EnvelopeDecayMapping.default
        if let mappingNode = parameters.optional("uikit-mapping") {
            switch try mappingNode.string() {
            case "envelope": break
            case "framer": mapping = FramerDurationMapping.default
            default: throw mappingNode.error("expected \"envelope\" or \"framer\", got \(mappingNode.described)")
            }
        }
        try parameters.finish(expected: Keys.springParameters)
        let spring: DampedSpring
        var notes: [String] = []
        let springParameters: SpringParameters
        do {
            springParameters = try SpringParameters(namedValues: named)
            if case .uikit(let duration, let ratio) = springParameters {
                let conversion = try mapping.conversion(duration: duration, dampingRatio: ratio)
                if let note = conversion.note { notes.append(note) }
                spring = conversion.spring
            } else {
                spring = try springParameters.spring(uikitMapping: mapping)
            }
        } catch {
            throw springNode.error("\(error)")
        }
        let fromNode = try object.required("fromValue"), toNode = try object.required("toValue")
        let from = try fromNode.number(in: -1e7...1e7, "a value"), to = try toNode.number(in: -1e7...1e7, "a value")
        let velocityNode = object.optional("velocity"), relativeNode = object.optional("initialVelocity")
        var velocity = 0.0
        switch (velocityNode, relativeNode) {
        case (_?, let relative?): throw relative.error("expected either velocity (units per second) or initialVelocity (distances per second), not both")
        case (let v?, nil): velocity = try v.number(in: -1e9...1e9, "a velocity in units per second")
        case (nil, let r?): velocity = try r.number(in: -1e6...1e6, "a velocity in distances per second") * (to - from)
        case (nil, nil): break
        }
        let scale = pointsPerUnit
        let motion: SpringMotion<Double>
        do {
            motion = try SpringMotion(spring: spring, from: from * scale, to: to * scale, initialVelocity: velocity * scale)
        } catch {
            throw node.error("the spring motion could not be built: \(error)")
        }
        notes.append(
            "spring: mass \(JSONText.number(spring.mass)), stiffness \(JSONText.number(spring.stiffness)), damping \(JSONText.number(spring.damping)) (ζ \(JSONText.number(spring.dampingRatio)))")
        var animationDuration: Double?
        if case .uikit(let duration, _) = springParameters { animationDuration = duration }
        var offsetScale = 1.0
        var shape: MenuShape?
        var stopsOnExactOffset = false
        var restStop: RestCriteria?
        var waveGrowth: Double?
        if let linkNode = object.optional("displayLink") {
            var link = try linkNode.object()
            let stopNode = try link.required("stop")
            let distanceNode = link.optional("restDistance"), speedNode = link.optional("restSpeed")
            switch try stopNode.string() {
            case "offsetIsZero":
                stopsOnExactOffset = true
                if let extra = distanceNode ?? speedNode {
                    throw extra.error("expected restDistance and restSpeed only with \"stop\": \"rest\"")
                }
            case "rest":
                // Rest as SpringSolver's RestCriteria: within restDistance of the target (points,
                // default 0.5) and slower than restSpeed (points per second, default
                // restDistance × 62.5 /s, Android's SpringForce rule).
                let d = try distanceNode?.number(in: 1e-9...1e7, "a rest distance in points (positive)") ?? 0.5
                let speed = try speedNode?.number(in: 1e-9...1e9, "a rest speed in points per second (positive)")
                restStop = try? RestCriteria(distance: d, speed: speed ?? d * RestCriteria.speedPerDistance)
            default: throw stopNode.error("expected \"offsetIsZero\" (the display link stops when model − presented == 0 exactly) or \"rest\" (when within restDistance and slower than restSpeed), got \(stopNode.described)")
            }
            waveGrowth = try link.optional("waveGrowth")?.number(in: 1e-6...1e3, "a wave growth time in seconds (positive)")
            offsetScale = try link.optional("positiveOffsetScale")?.number(in: 0...1e3, "a scale") ?? 1
            if let waveNode = link.optional("wave") {
                var wave = try waveNode.object()
                let width = try wave.required("width").number(in: 1e-6...1e7, "a width in points")
                let height = try wave.required("height").number(in: 1e-6...1e7, "a height in points")
                try wave.finish(expected: Keys.wave)
                do { shape = try MenuShape(width: width, height: height) } catch { throw waveNode.error("\(error)") }
            }
            try link.finish(expected: Keys.displayLink)
        } else {
            notes.append("no display link: the spring's stop (offset == 0) is shown for comparison, not judged")
        }
        do {
            let scene = try SpringScene(
                name: name, motion: motion, animationDuration: stopsOnExactOffset || restStop != nil ? animationDuration : nil,
                positiveOffsetScale: offsetScale, shape: shape, notes: notes, stopsOnExactOffset: stopsOnExactOffset,
                restStop: restStop, waveGrowth: waveGrowth)
            return Scene(name: name, kind: .spring(scene))
        } catch {
            throw node.error("\(error)")
        }
    }
}
