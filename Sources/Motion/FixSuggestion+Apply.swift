import BezierKernels
import Foundation  // cos, sin
import SpringSolver

extension Scene {
    /// The scene with `fix`'s changes made to its model, to be sampled and validated again: what
    /// a report draws as "after" beside the scene as it is.
    ///
    /// - a moved control point, start or end of a path scene: the same path with that point
    ///   moved, the same duration, timing curve, mode and repetition;
    /// - a join's new time on a path scene in linear timing or on a timeline: the same values
    ///   with time remapped piecewise linearly between the vertex times, the join's vertex at its
    ///   new time (what a key time moved in a keyframe animation does when each element's
    ///   progress is linear in its time). A path scene becomes a timeline with the path's seam
    ///   (a `PathMotion` has no key times), sampled as far past one pass as a path is at
    ///   `fix.hz` (`Validation.framesPastSeam` frames);
    /// - a spring's rest stop or wave growth: the same spring scene with `restStop` or
    ///   `waveGrowth` set.
    ///
    /// `mode` is the timing mode of the report the fix is for (`reports[fix.reportIndex].mode`).
    /// `nil` where the model cannot take the change: a timeline's start or end (its values are a
    /// function, not points), a spring animated without a UIKit duration, an interruption's
    /// launch velocity (the timeline would have to be built again from its source), or a change
    /// that no longer fits the scene.
    ///
    /// - Complexity: a path change builds one `PathMotion` (its arc-length table, O(segments));
    ///   the others O(joins).
    public func applying(_ fix: FixSuggestion, mode: TimingMode? = nil) -> Scene? {
        var scene = self
        for change in fix.changes {
            guard let next = scene.applying(change, hz: fix.hz, mode: mode) else { return nil }
            scene = next
        }
        return scene
    }

    func applying(_ change: FixSuggestion.Change, hz: Double, mode: TimingMode?) -> Scene? {
        switch (change, kind) {
        case (.moveControlPoint, .path(let motion, let viewport)), (.moveStart, .path(let motion, let viewport)),
            (.moveEnd, .path(let motion, let viewport)):
            guard let elements = Self.edited(motion.path, change), let path = try? Path(elements: elements),
                let moved = try? PathMotion(
                    path: path, duration: motion.duration, timingCurve: motion.timingCurve, mode: motion.mode,
                    repeats: motion.repeats)
            else { return nil }
            return Scene(name: name, kind: .path(moved, viewport: viewport), fixedMode: fixedMode, objectSize: objectSize)
        case (.joinTime(let element, let from, let to), .path(let motion, let viewport)):
            let timed = motion.with(mode: mode ?? motion.mode)
            guard timed.mode == .linear, timed.timingCurve == .linear, hz.isFinite, hz > 0 else { return nil }
            let joins = timed.joins
            let vertices = [0] + joins.map(\.time) + [timed.duration]
            guard let (remap, newJoins) = Self.retimed(joins: joins, vertices: vertices, element: element, from: from, to: to)
            else { return nil }
            let duration = timed.duration
            let value: @Sendable (Double) -> SIMD2<Double> = { t in
                guard t > 0 else { return timed.position(at: 0) }
                let cycle = timed.repeats ? (t / duration).rounded(.down) : 0
                return timed.position(at: cycle * duration + remap(t - cycle * duration))
            }
            guard let timeline = try? TimelineMotion(
                quantity: .position, start: 0, end: timed.repeats ? nil : duration,
                window: timed.repeats ? duration + Double(Validation.framesPastSeam) / hz : nil,
                value: value, joins: newJoins, seam: timed.seam)
            else { return nil }
            return Scene(name: name, kind: .timeline(timeline, viewport: viewport), objectSize: objectSize)
        case (.joinTime(let element, let from, let to), .timeline(let motion, let viewport)):
            let end = motion.seam?.time ?? motion.end ?? (motion.start + motion.window)
            let vertices = [motion.start] + motion.joins.map(\.time) + [end]
            guard let (remap, newJoins) = Self.retimed(joins: motion.joins, vertices: vertices, element: element, from: from, to: to)
            else { return nil }
            let start = motion.start, period = motion.seam.map { $0.time - motion.start }
            let old = motion.value
            let value: @Sendable (Double) -> SIMD2<Double> = { t in
                guard t > start else { return old(t) }
                let cycle = period.map { $0 > 0 ? ((t - start) / $0).rounded(.down) : 0 } ?? 0
                let shift = cycle * (period ?? 0)
                return old(shift + remap(t - shift))
            }
            guard let timeline = try? TimelineMotion(
                quantity: motion.quantity, start: motion.start, end: motion.end, window: motion.end == nil ? motion.window : nil,
                value: value, joins: newJoins, designedSteps: motion.designedSteps, seam: motion.seam, notes: motion.notes,
                interruptions: motion.interruptions)
            else { return nil }
            return Scene(name: name, kind: .timeline(timeline, viewport: viewport), fixedMode: fixedMode, objectSize: objectSize)
        case (.restStop(let rest), .spring(let spring)):
            return spring.with(restStop: rest, waveGrowth: spring.waveGrowth).map { Scene(name: name, kind: .spring($0), objectSize: objectSize) }
        case (.waveGrowth(let seconds), .spring(let spring)):
            return spring.with(restStop: spring.restStop, waveGrowth: seconds).map { Scene(name: name, kind: .spring($0), objectSize: objectSize) }
        default:
            return nil
        }
    }

    /// `path`'s elements with a control point, the start or the end moved; `nil` when the path
    /// has no such point.
    static func edited(_ path: Path, _ change: FixSuggestion.Change) -> [PathElement]? {
        var elements = path.elements
        switch change {
        case .moveControlPoint(let element, let control, let to):
            let segments = path.indexedSegments
            guard element >= 1, element <= segments.count else { return nil }
            let index = segments[element - 1].elementIndex
            guard let moved = elements[index].movingControlPoint(control, to: Point(to)) else { return nil }
            elements[index] = moved
        case .moveStart(let to):
            guard case .move = elements.first else { return nil }
            elements[0] = .move(to: Point(to))
        case .moveEnd(let to):
            guard let last = path.indexedSegments.last?.elementIndex else { return nil }
            switch elements[last] {
            case .line: elements[last] = .line(to: Point(to))
            case .quadCurve(_, let c): elements[last] = .quadCurve(to: Point(to), control: c)
            case .curve(_, let c1, let c2): elements[last] = .curve(to: Point(to), control1: c1, control2: c2)
            default: return nil
            }
        default:
            return nil
        }
        return elements
    }

    /// The time map of one pass with the vertex after element `element` moved from `from` to
    /// `to` (new time → old time, piecewise linear through the vertices, the identity outside
    /// them), and the joins at their new times with each side's velocity scaled by how much
    /// faster its element now runs. `nil` when no join is at `from` or `to` leaves its neighbours'
    /// interval.
    static func retimed(
        joins: [Join], vertices: [Double], element: Int, from: Double, to: Double
    ) -> (remap: @Sendable (Double) -> Double, joins: [Join])? {
        guard let index = joins.firstIndex(where: { $0.element == element && abs($0.time - from) <= 1e-9 * max(1, abs(from)) }),
            vertices.count == joins.count + 2, to.isFinite, to > vertices[index], to < vertices[index + 2]
        else { return nil }
        var moved = vertices
        moved[index + 1] = to
        let old = vertices, new = moved
        let remap: @Sendable (Double) -> Double = { t in
            guard t > new[0], t < new[new.count - 1] else { return t }
            var i = 0
            while i + 2 < new.count, t >= new[i + 1] { i += 1 }
            return old[i] + (t - new[i]) * (old[i + 1] - old[i]) / (new[i + 1] - new[i])
        }
        // Element k (0-based) runs (old span)/(new span) times as fast.
        func factor(_ k: Int) -> Double { (old[k + 1] - old[k]) / (new[k + 1] - new[k]) }
        func velocity(_ speed: Double, _ degrees: Double) -> SIMD2<Double> {
            SIMD2(cos(degrees * .pi / 180), sin(degrees * .pi / 180)) * speed
        }
        let rejoined = joins.enumerated().map { k, join in
            Join(
                element: join.element, point: join.point, time: new[k + 1],
                incoming: velocity(join.speedIn * factor(k), join.incomingAngle),
                outgoing: velocity(join.speedOut * factor(k + 1), join.outgoingAngle), gap: join.gap)
        }
        return (remap, rejoined)
    }
}

extension SpringScene {
    /// The same scene with another rest stop and wave growth; `nil` if the scene refuses them.
    func with(restStop: RestCriteria?, waveGrowth: Double?) -> SpringScene? {
        try? SpringScene(
            name: name, motion: motion, animationDuration: animationDuration, positiveOffsetScale: positiveOffsetScale,
            shape: shape, maximumSimulatedTime: maximumSimulatedTime, notes: notes, stopsOnExactOffset: stopsOnExactOffset,
            restStop: restStop, waveGrowth: waveGrowth)
    }
}

extension FixSuggestion {
    /// Whether the finding this fix removes is still in `report`, the scene validated again
    /// after `Scene.applying(_:mode:)`: a finding of its kind within three frames of where it
    /// was (or of the join's new time, for a moved join), or, for a finding without a frame (a
    /// snap, a stop that never fires, the wave's first frame), any finding of its kind; for an
    /// interruption, one at the same interruption.
    /// - Complexity: O(findings).
    public func persists(in report: ValidationReport) -> Bool {
        var times: [Double] = []
        switch finding {
        case .teleport(let teleport): times = [teleport.from.time, teleport.to.time]
        case .speedJump(let jump): times = [jump.at.time]
        case .turn(let turn): times = [turn.at.time]
        case .interruption(let jump):
            return report.findings.contains { if case .interruption(let other) = $0 { return other.index == jump.index } else { return false } }
        default:
            return report.findings.contains { $0.kind == finding.kind }
        }
        for change in changes { if case .joinTime(_, _, let to) = change { times.append(to) } }
        let window = 3 / report.hz
        return report.findings.contains { other in
            guard other.kind == finding.kind else { return false }
            let at: [Double]
            switch other {
            case .teleport(let t): at = [t.from.time, t.to.time]
            case .speedJump(let j): at = [j.at.time]
            case .turn(let t): at = [t.at.time]
            default: return true
            }
            return at.contains { a in times.contains { abs($0 - a) <= window } }
        }
    }
}
