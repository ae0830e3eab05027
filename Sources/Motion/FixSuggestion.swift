import BezierKernels
import Foundation  // hypot
import SpringSolver

/// The change that removes one finding, computed from the model (never a canned hint).
///
/// - a turn at a join: the control point next to the join moved onto the other element's
///   tangent (same distance from the join), so the join is tangent-continuous;
/// - a speed jump at a join under linear key timing: the join's key time that makes the speed
///   arriving equal the speed leaving (`t' = (a·t₊ + b·t₋)/(a + b)`, a and b the parametric
///   speeds of the two elements times their shares of time);
/// - the restart of a repeating cycle on screen: the start (or end) moved off screen past the
///   nearest edge, by 1 pt and two frames' travel more, or, without a screen, the end moved onto
///   the start;
/// - a display link's `offset == 0` stop that snaps or never fires: a rest threshold (|offset|
///   ≤ `maxSnap`, speed ≤ `maxSnap` × 62.5 /s, as `RestCriteria`, relative to a move shorter
///   than 100 × `maxSnap`: `RestCriteria.scaled(toMove:)`), which snaps at most that;
/// - Core Animation removing a UIKit spring before it settled: the same spring animated until
///   it is within `maxSnap` of its target (or 0.5 % of a shorter move);
/// - a wave appearing at full height in the first frame: growing it from zero over the time
///   that keeps its first step no larger than the spring's own frame step.
///
/// Findings without a computed change (a bend inside one element, a kick, a frame cost) get
/// none: `Validation.fixes` lists only the changes it can compute.
public struct FixSuggestion: Sendable, Equatable {
    /// One edit of the scene's model.
    public enum Change: Sendable, Equatable {
        /// Move control point `control` (1-based within the element: a quadratic's one, a cubic's
        /// first or second) of drawing element `element` (1-based) to `to`, points.
        case moveControlPoint(element: Int, control: Int, to: SIMD2<Double>)
        /// Move the time the motion passes the end of element `element` (the vertex between it
        /// and the next) from `from` to `to`, seconds in the first pass.
        case joinTime(element: Int, from: Double, to: Double)
        /// Start the path (or cycle) at `to`, points.
        case moveStart(to: SIMD2<Double>)
        /// End the path (or cycle) at `to`, points.
        case moveEnd(to: SIMD2<Double>)
        /// Stop the redraw loop when the motion is at rest (`RestCriteria`) instead of at `offset == 0`.
        case restStop(RestCriteria)
        /// Grow the redrawn wave from zero over `seconds` (its offset times `min(t / seconds, 1)`).
        case waveGrowth(seconds: Double)
        /// Animate `spring` itself (no UIKit duration), kept until it settles within the snap
        /// limit at `settleTime` seconds.
        case settledSpring(DampedSpring, settleTime: Double)
        /// Start the animation of interruption `index` (0-based, at `time`) with `velocity`
        /// (points per second): the velocity that keeps the motion's velocity continuous there.
        case interruptionVelocity(index: Int, time: Double, velocity: Double)
    }

    /// Why the edits remove the finding, with the figures that show it: what a reader words.
    public enum Reason: Sendable, Equatable {
        /// The join after element `element` passed at `to` instead of `from` seconds: the speed
        /// arriving (`speedIn`) and leaving (`speedOut`) both become `balancedSpeed`, pt/s.
        case balancedJoin(element: Int, from: Double, to: Double, speedIn: Double, speedOut: Double, balancedSpeed: Double)
        /// The join after element `element` turns `turn` degrees: control point `control` of
        /// element `movedElement` moves `from` → `to`, onto the arriving tangent (or the leaving
        /// one), so the join is tangent-continuous.
        case tangentJoin(
            element: Int, turn: Double, movedElement: Int, control: Int, from: SIMD2<Double>, to: SIMD2<Double>,
            onArrivingTangent: Bool)
        /// A cycle restarting across `seam` without a screen: end it where it starts.
        case closedCycle(Seam)
        /// A cycle restarting on screen across `seam`: its start and/or end moved off screen.
        case offScreenCycle(Seam, start: OffScreenMove?, end: OffScreenMove?)
        /// Stop the display link on rest (`RestCriteria`): it fires at `frame` at `hz` (`nil`:
        /// not within `simulatedSpan` seconds either), snapping at most `maxSnap` points.
        case restStop(RestCriteria, frame: Int?, hz: Double, maxSnap: Double, simulatedSpan: Double)
        /// Core Animation removes the UIKit animation at `removedAt` seconds, `residual` points
        /// short of its target: animate `spring` itself, settled within `rest` at `settleTime`.
        case settledSpring(removedAt: Double, residual: Double, spring: DampedSpring, rest: RestCriteria, settleTime: Double)
        /// Grow the wave over `seconds` instead of drawing its `apex` (points) at once: no faster
        /// than the `fastest` (pt/s) the spring moves it.
        case waveGrowth(seconds: Double, apex: Double, fastest: Double)
        /// Launch the new animation of the interruption with `velocity` (pt/s) so the velocity
        /// stays `event.velocityBefore` across it.
        case interruptionVelocity(TimelineMotion.Interruption, velocity: Double)
    }

    /// A point moved off screen: `distance` points toward `edge`, `margin` points beyond it
    /// for an object of `objectSize`.
    public struct OffScreenMove: Sendable, Equatable {
        public enum Edge: String, Sendable, Equatable { case left, right, top, bottom }
        public let to: SIMD2<Double>
        public let distance: Double
        public let edge: Edge
        public let margin: Double
        public let objectSize: SIMD2<Double>
    }

    /// The report the finding is in (`bee1+ linear @60 Hz`), and its place in the scene's `reports`.
    public let label: String
    public let reportIndex: Int
    /// The rate of that report.
    public let hz: Double
    /// The finding the change removes, and its place in its report's `findings`.
    public let finding: Finding
    public let findingIndex: Int
    /// The edits, all to be applied.
    public let changes: [Change]
    /// Why they remove the finding.
    public let reason: Reason
    /// The same change in the terms of the scene's source (a scene file's JSON paths and new
    /// values); empty when the scene has no source or the source cannot express it.
    public let sourceChanges: [SourceChange]
}

/// An edit of a scene's source: the value at `path` becomes `json`.
public struct SourceChange: Sendable, Equatable {
    /// Where the value is (a JSON path: `layers[0].animations[0].keyTimes`).
    public let path: String
    /// The new value, JSON text.
    public let json: String
    /// The edit in words (`move control point 2 of element 5 to (812.4, 188.0)`, `keyTimes[4] = 0.5712`).
    public let summary: String

    public init(path: String, json: String, summary: String) {
        self.path = path
        self.json = json
        self.summary = summary
    }

    /// `path: summary`.
    public var line: String { "\(path): \(summary)" }
}

/// Where a scene came from, able to phrase a model change in its own terms (a scene file's
/// JSON path and value).
public protocol SceneSource: Sendable {
    /// The edits of the source that make `change`; `nil` when the source cannot express it.
    func sourceChanges(for change: FixSuggestion.Change) -> [SourceChange]?
}

extension Validation {
    /// The computed change for every finding of `result` that has one, in report and finding
    /// order (see `FixSuggestion`). `thresholds` are the ones the validation used.
    /// - Complexity: O(findings · joins).
    public static func fixes(for result: SceneValidation, thresholds: Thresholds = Thresholds()) -> [FixSuggestion] {
        var fixes: [FixSuggestion] = []
        for (reportIndex, report) in result.reports.enumerated() {
            for (findingIndex, finding) in report.findings.enumerated() {
                guard let (changes, reason) = change(for: finding, report: report, scene: result.scene, thresholds: thresholds)
                else { continue }
                var source: [SourceChange] = []
                if let origin = result.scene.source {
                    var all: [SourceChange] = []
                    var complete = true
                    for change in changes {
                        guard let edits = origin.sourceChanges(for: change) else { complete = false; break }
                        all += edits
                    }
                    if complete { source = all }
                }
                fixes.append(
                    FixSuggestion(
                        label: report.label, reportIndex: reportIndex, hz: report.hz, finding: finding, findingIndex: findingIndex, changes: changes,
                        reason: reason, sourceChanges: source))
            }
        }
        return fixes
    }

    static func change(
        for finding: Finding, report: ValidationReport, scene: Scene, thresholds: Thresholds
    ) -> ([FixSuggestion.Change], FixSuggestion.Reason)? {
        switch finding {
        case .speedJump(let jump):
            return joinChange(at: jump.at, kind: .speedJump, report: report, scene: scene, thresholds: thresholds)
        case .turn(let turn):
            return joinChange(at: turn.at, kind: .turn, report: report, scene: scene, thresholds: thresholds)
        case .teleport(let teleport):
            guard let seam = report.seam, seamCovers(teleport, seam: seam, scene: scene, hz: report.hz) else { return nil }
            return seamChange(seam, scene: scene, report: report)
        case .snap(let stop), .stopNeverFires(let stop):
            guard case .spring(let spring) = scene.kind else { return nil }
            if stop.stop.model == .animationRemovedAtDuration {
                return settledSpringChange(spring, thresholds: thresholds)
            }
            return restStopChange(spring, hz: report.hz, thresholds: thresholds)
        case .firstFrameJump(let jump):
            guard case .spring(let spring) = scene.kind, jump.apex != 0 else { return nil }
            let apex = jump.apex
            // Grown linearly over T, the wave's middle moves |apex(0)| / T faster than the
            // spring moves it: T = |apex(0)| / (the spring's fastest apex speed) keeps the growth
            // no faster than the wave moves by itself (sampled every millisecond until the
            // motion settles, or for 2 s).
            let dt = 1e-3
            let span = min(spring.motion.settleTime(), 2)
            var fastest = 0.0
            var previous = MenuShape.apex(offset: spring.offset(at: 0))
            for k in 1...max(Int((span / dt).rounded(.up)), 1) {
                let next = MenuShape.apex(offset: spring.offset(at: Double(k) * dt))
                fastest = max(fastest, abs(next - previous) / dt)
                previous = next
            }
            guard fastest > 0 else { return nil }
            let seconds = max((abs(apex) / fastest * 100).rounded(.up) / 100, 0.01)
            return ([.waveGrowth(seconds: seconds)], .waveGrowth(seconds: seconds, apex: abs(apex), fastest: fastest))
        case .interruption(let jump):
            guard case .timeline = scene.kind else { return nil }
            let event = jump.event
            // Restart: the new spring launched at the old velocity; additive: the added spring
            // launched at rest (the sum is then the old velocity).
            let velocity = event.kind == .additive ? 0 : event.velocityBefore.x
            return ([.interruptionVelocity(index: jump.index, time: event.time, velocity: velocity)],
                .interruptionVelocity(event, velocity: velocity))
        case .startKick, .frameCost:
            return nil
        case .lateFrames, .onScreenError:
            // The device's load, not the scene: the change is in the app's frame budget.
            return nil
        }
    }

    // MARK: Joins

    /// The joins of the scene as validated in `report`, with the times of the vertices around
    /// each (start of the pass, join times, end of the pass).
    static func joinsAndVertexTimes(_ report: ValidationReport, scene: Scene) -> (joins: [Join], vertices: [Double], cycle: Double?)? {
        switch scene.kind {
        case .path(let motion, _):
            let joins = motion.with(mode: report.mode ?? motion.mode).joins
            return (joins, [0] + joins.map(\.time) + [motion.duration], motion.repeats ? motion.duration : nil)
        case .timeline(let motion, _):
            guard !motion.joins.isEmpty else { return nil }
            let end = motion.seam?.time ?? motion.end ?? (motion.start + motion.window)
            return (motion.joins, [motion.start] + motion.joins.map(\.time) + [end], motion.seam.map { $0.time - motion.start })
        case .spring:
            return nil
        }
    }

    static func joinChange(
        at event: FrameEvent, kind: Finding.Kind, report: ValidationReport, scene: Scene, thresholds: Thresholds
    ) -> ([FixSuggestion.Change], FixSuggestion.Reason)? {
        guard let (joins, vertices, cycle) = joinsAndVertexTimes(report, scene: scene) else { return nil }
        var time = event.time
        if let cycle, cycle > 0, case .path = scene.kind { time = time.truncatingRemainder(dividingBy: cycle) }
        // The join the event straddles: within a frame and a half of it.
        guard let (index, join) = joins.enumerated().min(by: { abs($0.element.time - time) < abs($1.element.time - time) }),
            abs(join.time - time) <= 1.5 / report.hz
        else { return nil }
        let linearTiming: Bool = {
            if case .path(let motion, _) = scene.kind { return motion.mode == .linear && report.mode != .paced && motion.timingCurve == .linear }
            return true
        }()
        let kinked = join.turn > 0.5
        if kind == .speedJump, join.speedJump > 1 + 1e-9, linearTiming, !kinked || join.speedJump > thresholds.maxSpeedJump {
            let t0 = vertices[index], t1 = vertices[index + 2], t = join.time
            let a = join.speedIn * (t - t0), b = join.speedOut * (t1 - t)
            guard a > 0, b > 0 else { return nil }
            let balanced = (a * t1 + b * t0) / (a + b)
            return ([.joinTime(element: join.element, from: t, to: balanced)],
                .balancedJoin(
                    element: join.element, from: t, to: balanced, speedIn: join.speedIn, speedOut: join.speedOut,
                    balancedSpeed: a / (balanced - t0)))
        }
        guard kinked, case .path(let motion, _) = scene.kind else { return nil }
        return controlPointChange(join, segments: motion.segments)
    }

    /// The control point next to a kinked join moved onto the other side's tangent line, at its
    /// distance from the join: the leaving element's first control if it is a curve, else the
    /// arriving element's last.
    static func controlPointChange(_ join: Join, segments: [PathSegment]) -> ([FixSuggestion.Change], FixSuggestion.Reason)? {
        let i = join.element - 1
        guard i + 1 < segments.count, join.gap == 0 else { return nil }
        let p = join.point
        func unit(_ v: SIMD2<Double>) -> SIMD2<Double>? {
            let n = hypot(v.x, v.y)
            return n > 0 ? v / n : nil
        }
        let incoming = unit(PathMotion.direction(of: segments[i], atEnd: true).simd)
        let outgoing = unit(PathMotion.direction(of: segments[i + 1], atEnd: false).simd)
        guard let incoming, let outgoing else { return nil }
        func rounded(_ v: SIMD2<Double>) -> SIMD2<Double> { (v * 10).rounded(.toNearestOrEven) / 10 }
        let leaving: (control: SIMD2<Double>, number: Int)? = {
            switch segments[i + 1] {
            case .quadratic(let q): return (q.p1.simd, 1)
            case .cubic(let c): return (c.p1.simd, 1)
            case .line: return nil
            }
        }()
        if let leaving {
            let d = leaving.control - p
            let to = rounded(p + incoming * hypot(d.x, d.y))
            guard to != p else { return nil }
            return ([.moveControlPoint(element: join.element + 1, control: leaving.number, to: to)],
                .tangentJoin(
                    element: join.element, turn: join.turn, movedElement: join.element + 1, control: leaving.number,
                    from: leaving.control, to: to, onArrivingTangent: true))
        }
        let arriving: (control: SIMD2<Double>, number: Int)? = {
            switch segments[i] {
            case .quadratic(let q): return (q.p1.simd, 1)
            case .cubic(let c): return (c.p2.simd, 2)
            case .line: return nil
            }
        }()
        guard let arriving else { return nil }
        let d = p - arriving.control
        let to = rounded(p - outgoing * hypot(d.x, d.y))
        guard to != p else { return nil }
        return ([.moveControlPoint(element: join.element, control: arriving.number, to: to)],
            .tangentJoin(
                element: join.element, turn: join.turn, movedElement: join.element, control: arriving.number,
                from: arriving.control, to: to, onArrivingTangent: false))
    }

    // MARK: The seam

    static func seamCovers(_ teleport: Teleport, seam: Seam, scene: Scene, hz: Double) -> Bool {
        guard case .path(let motion, _) = scene.kind else { return abs(teleport.to.time - seam.time) <= 1.5 / hz }
        let phase = teleport.to.time.truncatingRemainder(dividingBy: motion.duration)
        return min(phase, motion.duration - phase) <= 1.5 / hz
    }

    /// The least move of `p` that puts an object of `size` (width, height) centred there off
    /// the screen by `margin` more.
    static func offScreen(_ p: SIMD2<Double>, _ viewport: SIMD2<Double>, margin: Double,
                          size: SIMD2<Double> = Scene.defaultObjectSize) -> FixSuggestion.OffScreenMove {
        let half = size / 2 + margin
        let options: [(Double, SIMD2<Double>, FixSuggestion.OffScreenMove.Edge)] = [
            (p.x + half.x, SIMD2(-half.x, p.y), .left),
            (viewport.x + half.x - p.x, SIMD2(viewport.x + half.x, p.y), .right),
            (p.y + half.y, SIMD2(p.x, -half.y), .top),
            (viewport.y + half.y - p.y, SIMD2(p.x, viewport.y + half.y), .bottom),
        ]
        let best = options.min { $0.0 < $1.0 }!
        return FixSuggestion.OffScreenMove(to: best.1, distance: best.0, edge: best.2, margin: margin, objectSize: size)
    }

    /// The speeds a cycle starts and ends with, points per second, in the report's mode.
    static func cycleSpeeds(_ scene: Scene, seam: Seam, report: ValidationReport) -> (start: Double, end: Double) {
        switch scene.kind {
        case .path(let motion, _):
            let timed = motion.with(mode: report.mode ?? motion.mode)
            return (timed.startSpeed, timed.endSpeed)
        case .timeline(let motion, _):
            let h = 1e-6
            let start = seam.time - (motion.seam.map { $0.time - motion.start } ?? 0)
            func speed(_ a: Double, _ b: Double) -> Double {
                let d = motion.value(b) - motion.value(a)
                return (d * d).sum().squareRoot() / (b - a)
            }
            return (speed(start + h, start + 2 * h), speed(seam.time - 2 * h, seam.time - h))
        case .spring:
            return (0, 0)
        }
    }

    static func seamChange(_ seam: Seam, scene: Scene, report: ValidationReport) -> ([FixSuggestion.Change], FixSuggestion.Reason)? {
        guard let viewport = scene.positionViewport else { return ([.moveEnd(to: seam.to)], .closedCycle(seam)) }
        var changes: [FixSuggestion.Change] = []
        var start: FixSuggestion.OffScreenMove?
        var end: FixSuggestion.OffScreenMove?
        // The frames on either side of the restart lie up to a frame's travel inside the ends:
        // past the edge by 1 pt and two frames' travel at the end's speed (room for the speed a
        // longer first or last element gains), the frames there are off screen too.
        let speeds = cycleSpeeds(scene, seam: seam, report: report)
        if isVisible(seam.to, in: viewport, size: scene.objectSize) {
            let move = offScreen(seam.to, viewport, margin: (1 + 2 * speeds.start / report.hz).rounded(.up), size: scene.objectSize)
            changes.append(.moveStart(to: move.to))
            start = move
        }
        if isVisible(seam.from, in: viewport, size: scene.objectSize) {
            let move = offScreen(seam.from, viewport, margin: (1 + 2 * speeds.end / report.hz).rounded(.up), size: scene.objectSize)
            changes.append(.moveEnd(to: move.to))
            end = move
        }
        guard !changes.isEmpty else { return nil }
        return (changes, .offScreenCycle(seam, start: start, end: end))
    }

    // MARK: Springs

    static func restStopChange(_ scene: SpringScene, hz: Double, thresholds: Thresholds) -> ([FixSuggestion.Change], FixSuggestion.Reason)? {
        // Relative to the move below the cap, as every settle judgement (`RestCriteria.scaled(toMove:)`).
        guard let rest = (try? RestCriteria(distance: thresholds.maxSnap))?.scaled(toMove: scene.motion.distance) else { return nil }
        let limit = Int(min(scene.maximumSimulatedTime * hz, Double(maximumFrames)))
        var frame: Int?
        for k in 0...limit where scene.isAtRest(at: Double(k) / hz, rest) { frame = k; break }
        return ([.restStop(rest)],
            .restStop(rest, frame: frame, hz: hz, maxSnap: thresholds.maxSnap, simulatedSpan: scene.maximumSimulatedTime))
    }

    static func settledSpringChange(_ scene: SpringScene, thresholds: Thresholds) -> ([FixSuggestion.Change], FixSuggestion.Reason)? {
        guard let end = scene.animationDuration,
              let rest = (try? RestCriteria(distance: thresholds.maxSnap))?.scaled(toMove: scene.motion.distance) else { return nil }
        let spring = scene.motion.spring
        let settle = scene.motion.settleTime(rest)
        guard settle.isFinite else { return nil }
        let residual = abs(scene.motion.position(at: end) - scene.target)
        return ([.settledSpring(spring, settleTime: settle)],
            .settledSpring(removedAt: end, residual: residual, spring: spring, rest: rest, settleTime: settle))
    }
}

extension Scene {
    /// The screen of a scene whose value is a position; `nil` otherwise.
    var positionViewport: SIMD2<Double>? {
        switch kind {
        case .path(_, let viewport): return viewport
        case .timeline(let motion, let viewport): return motion.quantity == .position ? viewport : nil
        case .spring: return nil
        }
    }
}
