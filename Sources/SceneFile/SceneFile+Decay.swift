import JSONDocument
import Motion
import SpringSolver

/// Decay animations (issue 24): a property released with a velocity and decelerated as a
/// platform's scroll view does it (SpringSolver's `Fling`: UIKit's per-millisecond rate,
/// Android's spline, Flutter's simulations, Chrome's fling curve), validated like every track.
extension SceneFile {
    /// The platform's length unit per point: Android counts physical pixels (a point is a dp,
    /// `density` px); UIKit, Flutter (logical pixels) and Chrome (CSS pixels) count points.
    static func platformUnitsPerPoint(_ platform: FlingPlatform, density: Double) -> Double {
        platform == .android ? density : 1
    }

    static func decayScene(
        _ node: JSONNode, object: inout JSONObject, name: String, context: TrackContext, pointsPerUnit: Double
    ) throws(JSONDocumentError) -> Scene {
        guard context.dimension == 1 else {
            throw node.error("expected a decay on a scalar property (position.x, position.y, …); a fling moves along one axis")
        }
        let platformNode = try object.required("platform")
        let platformName = try platformNode.string()
        guard let platform = FlingPlatform(rawValue: platformName) else {
            let names = FlingPlatform.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
            throw platformNode.error("expected one of \(names), got \(platformNode.described)")
        }
        let from = try object.required("fromValue").number(in: -1e7...1e7, "a value")
        let velocityNode = try object.required("velocity")
        let velocity = try velocityNode.number(in: -1e9...1e9, "a velocity in units per second")
        let density = try object.optional("density").map { n throws(JSONDocumentError) in
            try n.number(in: 0.1...10, "a screen density (device pixels per point) from 0.1 to 10")
        } ?? 1
        let scale = pointsPerUnit
        let perPoint = platformUnitsPerPoint(platform, density: density)
        let start = from * scale
        // With an edge, EdgeFling makes (and checks) the fling itself.
        if let extentNode = object.optional("extent") {
            let extent = try extentNode.number(in: 1e-6...1e7, "a distance to the content's edge in units (above 0)")
            // Android's stretch is drawn across the view: its height along the fling, in units.
            var viewport = 800 / (scale * perPoint)
            if let viewportNode = object.optional("viewport") {
                guard platform == .android else {
                    throw viewportNode.error("expected no viewport for \(platform.rawValue): it sizes android's stretch at an edge")
                }
                viewport = try viewportNode.number(in: 1e-6...1e7, "a view height along the fling in units (above 0)")
                guard (1...1e6).contains(viewport * scale * perPoint) else {
                    throw viewportNode.error(
                        "expected a view from 1 to 1000000 px (\(JSONText.number(1 / (scale * perPoint)))…\(JSONText.number(1e6 / (scale * perPoint))) units here), got \(JSONText.number(viewport)) units")
                }
            }
            return try edgeDecay(
                node, extentNode: extentNode, velocityNode: velocityNode, name: name, context: context, platform: platform,
                velocity: velocity, start: start, extent: extent, scale: scale, perPoint: perPoint, density: density,
                viewport: viewport * scale * perPoint)
        }
        if let viewportNode = object.optional("viewport") {
            throw viewportNode.error("expected a viewport only with extent (it sizes android's stretch at an edge)")
        }
        let fling: Fling
        do {
            fling = try Fling(platform: platform, velocity: velocity * scale * perPoint, density: density)
        } catch {
            throw velocityNode.error("\(error)")
        }
        let end = fling.duration
        let value: @Sendable (Double) -> SIMD2<Double> = { t in
            SIMD2(start + fling.state(at: min(max(t, 0), end)).position / perPoint, 0)
        }
        var notes = [
            "a \(platform.rawValue) fling at \(JSONText.number(velocity)) units/s comes to rest \(JSONText.number((fling.distance / perPoint / scale * 1000).rounded() / 1000)) units away after \(JSONText.number((end * 1000).rounded() / 1000)) s"
        ]
        // UIKit's stop is the model's assumption (Apple documents none): the offset is put at the
        // deceleration's limit once less than half a point is left. That last step is the
        // model's, not the scene's: a designed step, reported and not judged.
        var designed: [Double] = []
        if case .uikit = fling.model, end > 0 {
            designed = [end]
            notes.append("UIKit's stop (less than 0.5 pt left, then the limit) is the model's assumption: its last step is reported, not judged")
        }
        if platform == .android {
            notes.append("Android's OverScroller moves in whole pixels (at density \(JSONText.number(density))): at the slow end the frames step by uneven whole pixels, as a device shows them, and are judged so")
        }
        return try decayTimeline(
            node, name: name, context: context, scale: scale, end: end, value: value, designedSteps: designed, notes: notes)
    }

    /// A decay's scene: a scalar timeline from the release (t = 0) to `end`.
    static func decayTimeline(
        _ node: JSONNode, name: String, context: TrackContext, scale: Double, end: Double,
        value: @escaping @Sendable (Double) -> SIMD2<Double>, joins: [Join] = [], designedSteps: [Double] = [],
        notes: [String]
    ) throws(JSONDocumentError) -> Scene {
        do {
            let timeline = try TimelineMotion(
                quantity: .scalar(name: context.property, unit: context.defaultPointsPerUnit.1, pointsPerUnit: scale),
                start: 0, end: end, value: value, joins: joins, designedSteps: designedSteps, notes: notes)
            return Scene(name: name, kind: .timeline(timeline, viewport: nil))
        } catch {
            throw node.error("\(error)")
        }
    }

    /// A decay toward a content edge `extent` units away: the platform's fling, and past the edge
    /// its spring back (SpringSolver's `EdgeFling`: Flutter's `BouncingScrollSimulation`, ported;
    /// UIKit's labelled model) or, for Android (12+), the fling stopped at the edge and
    /// `EdgeEffect`'s stretch, the position being the edge plus how far the stretch moves the far
    /// side of a `viewport` px view (stepped on a 1 ms clock). The hand-off is the timeline's one
    /// join, so a velocity the platform drops there (Flutter caps it at 5000 px/s into the
    /// trailing edge; Android stops the content) is judged.
    static func edgeDecay(
        _ node: JSONNode, extentNode: JSONNode, velocityNode: JSONNode, name: String, context: TrackContext,
        platform: FlingPlatform, velocity: Double, start: Double, extent: Double, scale: Double, perPoint: Double,
        density: Double, viewport: Double
    ) throws(JSONDocumentError) -> Scene {
        guard [.uikit, .uikitFast, .flutterBouncing, .android].contains(platform) else {
            throw extentNode.error(
                "expected a platform that moves past an edge (uikit, uikit-fast, flutter-bouncing or android) with extent, got \(platform.rawValue) (flutter and chrome clamp at it)")
        }
        // The edge is in the platform's unit: the distance must fit EdgeFling's range there.
        let platformExtent = extent * scale * perPoint
        guard platformExtent <= EdgeFling.maximumExtent else {
            throw extentNode.error(
                "expected an edge at most \(JSONText.number(EdgeFling.maximumExtent)) \(platform.unit) away (\(JSONText.number(EdgeFling.maximumExtent / (scale * perPoint))) units here), got \(JSONText.number(extent)) units")
        }
        let motion: EdgeMotion
        do {
            let edge = try EdgeFling(platform: platform, velocity: velocity * scale * perPoint, extent: platformExtent, density: density,
                                     viewport: viewport)
            guard let continuous = edge.continuousMotion() else { throw extentNode.error("no continuous motion for \(platform.rawValue)") }
            motion = continuous
        } catch let error as JSONDocumentError {
            throw error
        } catch {
            throw velocityNode.error("\(error)")
        }
        let end = max(motion.settleTime, 1e-3)
        let value: @Sendable (Double) -> SIMD2<Double> = { t in
            SIMD2(start + motion.position(at: min(t, end)) / perPoint, 0)
        }
        var joins: [Join] = []
        var notes: [String] = []
        if let handOff = motion.handOff {
            let edgePoint = SIMD2(start + handOff.edge / perPoint, 0)
            joins.append(
                Join(element: 1, point: edgePoint, time: handOff.time,
                     incoming: SIMD2(handOff.speedBefore / perPoint, 0), outgoing: SIMD2(handOff.speedAfter / perPoint, 0)))
            notes.append(
                platform == .android
                    ? "an android fling at \(JSONText.number(velocity)) units/s reaches the edge \(JSONText.number(extent)) units away at \(JSONText.number((handOff.time * 1000).rounded() / 1000)) s, stops there and stretches (Android 12+: EdgeEffect.onAbsorb and its stretch spring, ported; the position is the edge plus how far the stretch moves the far side of a \(JSONText.number(viewport)) px view, stepped every ms)"
                    : "a \(platform.rawValue) fling at \(JSONText.number(velocity)) units/s reaches the edge \(JSONText.number(extent)) units away at \(JSONText.number((handOff.time * 1000).rounded() / 1000)) s and springs back (\(platform == .flutterBouncing ? "BouncingScrollSimulation, ported" : "a model: Apple publishes no bounce; the stand-in is Flutter's iOS spring"))")
        } else {
            notes.append("a \(platform.rawValue) fling at \(JSONText.number(velocity)) units/s stops short of the edge \(JSONText.number(extent)) units away")
        }
        return try decayTimeline(node, name: name, context: context, scale: scale, end: end, value: value, joins: joins, notes: notes)
    }
}
