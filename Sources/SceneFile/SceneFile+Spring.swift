import JSONDocument
import Motion
import SpringSolver

/// Spring animations: the spring in any vocabulary the command line accepts, its keys in the
/// file's camelCase (`stiffness`/`damping`, `response`/`dampingFraction`, `duration`/`bounce`,
/// `uikitDuration`/`dampingRatio`, …; `SceneFile+SpringKeys.swift`), the motion from `fromValue` to `toValue`, and, for a
/// redraw loop like the menu demo's, its display link.
extension SceneFile {
    /// The largest stiffness and damping per unit mass a scene file's spring may have: 10¹⁰⁰
    /// (s⁻², s⁻¹), a natural frequency up to 10⁵⁰ rad/s, far beyond any frame rate. Beyond it
    /// the accelerations of a move within ±10⁷ overflow (a stiffness of 1e308 printed an
    /// acceleration step and a velocity change of ∞).
    public static let maximumSpringRate = 1e100

    /// Refuses a spring whose stiffness or damping per unit mass exceeds `maximumSpringRate`,
    /// naming the spring's JSON path.
    static func requireMeasurable(_ spring: DampedSpring, at node: JSONNode) throws(JSONDocumentError) {
        let perMass = [("stiffness", spring.stiffness / spring.mass), ("damping", spring.damping / spring.mass)]
        if let (name, value) = perMass.first(where: { !($0.1 <= maximumSpringRate) }) {
            throw node.error(
                "expected a spring whose \(name) per unit mass is at most \(JSONText.number(maximumSpringRate)) (a natural frequency up to 1e50 rad/s), got \(value.isFinite ? JSONText.number(value) : "more than 1.8e308")")
        }
    }

    /// A `spring` object in any vocabulary (and `uikitMapping`): the spring, its parameters as
    /// given, the node of a UIKit duration, and the mapping's note on how it treated them.
    static func dampedSpring(_ springNode: JSONNode) throws(JSONDocumentError)
        -> (spring: DampedSpring, parameters: SpringParameters, durationNode: JSONNode?, notes: [String])
    {
        var parameters = try springNode.object()
        let (named, nodes, mappingNode) = try Self.springValues(&parameters, allowsMapping: true)
        var mapping: any UIKitSpringMapping = EnvelopeDecayMapping.default
        if let mappingNode {
            switch try mappingNode.string() {
            case "envelope": break
            case "framer": mapping = FramerDurationMapping.default
            default: throw mappingNode.error("expected \"envelope\" or \"framer\", got \(mappingNode.described)")
            }
        }
        let spring: DampedSpring
        var notes: [String] = []
        let springParameters = try Self.springParameters(named, at: springNode)
        do {
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
        try requireMeasurable(spring, at: springNode)
        return (spring, springParameters, nodes["uikit-duration"], notes)
    }

    static func springScene(
        _ node: JSONNode, object: inout JSONObject, name: String, context: TrackContext, pointsPerUnit: Double
    ) throws(JSONDocumentError) -> Scene {
        guard context.dimension == 1 else {
            throw node.error("expected a spring on a scalar property (position.x, position.y, opacity, …); a position spring is two: animate position.x and position.y")
        }
        let springNode = try object.required("spring")
        let (spring, springParameters, durationNode, springNotes) = try Self.dampedSpring(springNode)
        var notes = springNotes
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
        if let interruptionsNode = object.optional("interruptions") {
            if let link = object.optional("displayLink") {
                throw link.error("expected no displayLink with interruptions (the redraw loop of one spring is not defined across retargets)")
            }
            return try interruptedScene(
                interruptionsNode, motion: motion, name: name, context: context, pointsPerUnit: scale, notes: notes)
        }
        var animationDuration: Double?
        if case .uikit(let duration, _) = springParameters { animationDuration = duration }
        // With a display link the stop is also modelled as Core Animation removing the animation
        // at its duration, sampled frame by frame: bounded before any frame is.
        if let animationDuration, object.optional("displayLink") != nil, animationDuration > SpringScene.maximumAnimationDuration {
            throw (durationNode ?? springNode).error(
                "expected a UIKit duration of at most \(JSONText.number(SpringScene.maximumAnimationDuration)) s with a displayLink (its stop is sampled frame by frame up to the duration), got \(JSONText.number(animationDuration))")
        }
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
                positiveOffsetScale: offsetScale, shape: shape, notes: notes.map(Note.scene), stopsOnExactOffset: stopsOnExactOffset,
                restStop: restStop, waveGrowth: waveGrowth)
            return Scene(name: name, kind: .spring(scene))
        } catch {
            throw node.error("\(error)")
        }
    }

    /// A spring retargeted by events (`interruptions`): each at its `time` (seconds, increasing,
    /// after 0) sends the value to `toValue` with a new spring (`spring`, default the same), in
    /// the way its `kind` says:
    ///
    /// - `restart`: the new spring starts from the presented value with `velocity` (default 0):
    ///   the old velocity is dropped;
    /// - `preserveVelocity`: it starts from the presented value with the presented velocity (as
    ///   SwiftUI and Framer Motion retarget springs);
    /// - `additive`: the old animation keeps running and the new one, from the old target to the
    ///   new (starting with `velocity`, default 0), is added to it, as Core Animation's additive
    ///   animations combine: value = old(t) + new(t) − old target, velocity = the sum.
    ///
    /// The new animation may instead be a basic one (`duration`, `timingFunction`, default
    /// linear) from the presented value (restart) or from the old target (additive) to `toValue`.
    ///
    /// The scene is a timeline until the last spring settles (SpringSolver's default rest) or the
    /// last basic animation ends, with each interruption's exact velocities on both sides.
    static func interruptedScene(
        _ node: JSONNode, motion: SpringMotion<Double>, name: String, context: TrackContext, pointsPerUnit scale: Double,
        notes: [String]
    ) throws(JSONDocumentError) -> Scene {
        typealias State = @Sendable (Double) -> (x: Double, v: Double)
        let base = motion
        var current: State = { t in (base.position(at: t), base.velocity(at: t)) }
        var target = motion.target
        var end = motion.settleTime()
        var previousTime = 0.0
        var events: [TimelineMotion.Interruption] = []
        var joins: [Join] = []
        let items = try node.array()
        guard !items.isEmpty else { throw node.error("expected at least one interruption, got an empty array") }
        for (index, item) in items.enumerated() {
            var fields = try item.object()
            let timeNode = try fields.required("time")
            let time = try timeNode.number(in: 1e-9...1e6, "an interruption time in seconds (positive)")
            guard time > previousTime else {
                throw timeNode.error("expected interruption times that increase, got \(JSONText.number(time)) after \(JSONText.number(previousTime))")
            }
            let kindNode = try fields.required("kind")
            guard let kind = TimelineMotion.Interruption.Kind(rawValue: try kindNode.string()) else {
                throw kindNode.error("expected \"restart\", \"additive\" or \"preserveVelocity\", got \(kindNode.described)")
            }
            let newTarget = try fields.required("toValue").number(in: -1e7...1e7, "a value") * scale
            let velocityNode = fields.optional("velocity")
            if let velocityNode, kind == .preserveVelocity {
                throw velocityNode.error("expected no velocity with preserveVelocity (the presented velocity is kept)")
            }
            let velocity = try (velocityNode?.number(in: -1e9...1e9, "a velocity in units per second") ?? 0) * scale
            // The new animation: a spring (default the same), or a basic animation over
            // `duration` with `timingFunction` (default linear).
            let durationNode = fields.optional("duration")
            let basic: (duration: Double, easing: Easing)?
            if let durationNode {
                if let springNode = fields.members.first(where: { $0.key == "spring" })?.value {
                    throw springNode.error("expected either spring or duration (a basic animation) for the new animation, not both")
                }
                if kind == .preserveVelocity {
                    throw durationNode.error("expected a spring with preserveVelocity (a basic animation's curve sets its own velocity)")
                }
                if let velocityNode { throw velocityNode.error("expected no velocity with a basic animation (its timing function sets it)") }
                let duration = try durationNode.number(in: 1e-6...1e6, "a duration in seconds (positive)")
                let easing = try fields.optional("timingFunction").map { n throws(JSONDocumentError) in try Self.easing(n) } ?? .linear
                basic = (duration, easing)
            } else {
                if let easingNode = fields.optional("timingFunction") {
                    throw easingNode.error("expected timingFunction only with duration (a basic animation)")
                }
                basic = nil
            }
            var spring = motion.spring
            if let springNode = fields.optional("spring") {
                var parameters = try springNode.object()
                let named = try Self.springValues(&parameters, allowsMapping: false).named
                let described = try Self.springParameters(named, at: springNode)
                do {
                    spring = try described.spring(uikitMapping: EnvelopeDecayMapping.default)
                } catch {
                    throw springNode.error("\(error)")
                }
                try requireMeasurable(spring, at: springNode)
            }
            try fields.finish(expected: Keys.interruption)
            let before = current(time)
            let next: State
            let after: Double
            if let basic {
                // A basic animation from `from` to `to` over its duration, eased; then held.
                let (duration, easing) = basic
                let from = kind == .additive ? target : before.x, to = newTarget
                let eased: @Sendable (Double) -> (x: Double, v: Double) = { s in
                    let u = min(max(s / duration, 0), 1)
                    let v = s >= 0 && s < duration ? (to - from) * easing.slope(at: u) / duration : 0
                    return (from + (to - from) * easing.progress(u), v)
                }
                if kind == .additive {
                    let old = current, oldTarget = target
                    next = { t in
                        let a = old(t), b = eased(t - time)
                        return (a.x + b.x - oldTarget, a.v + b.v)
                    }
                    after = before.v + eased(0).v
                    end = max(end, time + duration)
                } else {
                    next = { t in eased(t - time) }
                    after = eased(0).v
                    end = time + duration
                }
            } else {
                do {
                    switch kind {
                    case .additive:
                        let added = try SpringMotion(spring: spring, from: target, to: newTarget, initialVelocity: velocity)
                        let old = current, oldTarget = target
                        next = { t in
                            let a = old(t)
                            return (a.x + added.position(at: t - time) - oldTarget, a.v + added.velocity(at: t - time))
                        }
                        after = before.v + velocity
                        end = max(end, time + added.settleTime())
                    default:
                        let start = kind == .restart ? velocity : before.v
                        let fresh = try SpringMotion(spring: spring, from: before.x, to: newTarget, initialVelocity: start)
                        next = { t in (fresh.position(at: t - time), fresh.velocity(at: t - time)) }
                        after = start
                        end = time + fresh.settleTime()
                    }
                } catch {
                    throw item.error("the interrupting spring could not be built: \(error)")
                }
            }
            let previous = current
            current = { t in t < time ? previous(t) : next(t) }
            events.append(TimelineMotion.Interruption(time: time, kind: kind, velocityBefore: SIMD2(before.v, 0), velocityAfter: SIMD2(after, 0)))
            joins.append(Join(element: index + 1, point: SIMD2(before.x, 0), time: time, incoming: SIMD2(before.v, 0), outgoing: SIMD2(after, 0)))
            target = newTarget
            previousTime = time
        }
        guard end.isFinite else { throw node.error("expected springs that settle (an undamped spring never does)") }
        let finalState = current
        let start = motion.initialPosition, stop = end
        let value: @Sendable (Double) -> SIMD2<Double> = { t in
            t < 0 ? SIMD2(start, 0) : SIMD2(finalState(min(t, stop)).x, 0)
        }
        do {
            let timeline = try TimelineMotion(
                quantity: .scalar(name: context.property, unit: context.defaultPointsPerUnit.1, pointsPerUnit: scale),
                start: 0, end: end, value: value, joins: joins,
                notes: notes + ["sampled until the last animation ends or its spring settles (within 0.5 % of its move, at most 0.5, and slower than 62.5 /s times that) at \(JSONText.number((end * 1000).rounded() / 1000)) s"],
                interruptions: events)
            return Scene(name: name, kind: .timeline(timeline, viewport: nil))
        } catch {
            throw node.error("\(error)")
        }
    }
}
