import Foundation  // String(format:)
import Motion
import SpringSolver

// The words for Motion's findings, notes and fixes. The model returns each as a value with its
// evidence (`Finding`, `Note`, `FixSuggestion.Reason`); every sentence a reader sees is made
// here, from those values, and nowhere else.

/// Fixed-point text: `decimals(2.3456, 2)` is `"2.35"`; ∞ and nan spelled out, never "inf".
func decimals(_ value: Double, _ digits: Int) -> String {
    guard value.isFinite else { return value.isNaN ? "nan" : (value > 0 ? "∞" : "−∞") }
    return String(format: "%.\(digits)f", value)
}

/// A number in few characters (`%g`): `1e+17`, `16`, `0.35`.
func general(_ value: Double) -> String {
    guard value.isFinite else { return decimals(value, 0) }
    return String(format: "%g", value)
}

/// `(812.4, 188.0)`.
func pointText(_ p: SIMD2<Double>) -> String { "(\(decimals(p.x, 1)), \(decimals(p.y, 1)))" }

extension FrameEvent {
    /// "at the join of elements 4 → 5, t = 1.88 s", "at element 5, t = 2.23 s" or "at t = 0.35 s".
    var phrase: String {
        let time = "t = \(decimals(time, 2)) s"
        if let element, let nextElement { return "at the join of elements \(element) → \(nextElement), \(time)" }
        return element.map { "at element \($0), \(time)" } ?? "at \(time)"
    }
}

extension RateDoublingTest {
    /// Why the change counts (or not) as a break.
    var phrase: String {
        let doubled = decimals(2 * hz, 0), quadrupled = decimals(4 * hz, 0)
        let value = decimals(ratio, 2)
        if isBreak {
            let finer = finerRatio.map { ", nor at \(quadrupled) Hz, ratio \(decimals($0, 2))" } ?? ""
            return "a break: the velocity change does not shrink at \(doubled) Hz, ratio \(value)\(finer)"
        }
        if let finerRatio, ratio >= breakRatio {
            return "smooth: the velocity change shrinks at \(quadrupled) Hz, ratio \(decimals(finerRatio, 2))"
        }
        return "smooth: the velocity change shrinks at \(doubled) Hz, ratio \(value)"
    }
}

extension Finding.StopRule {
    /// "offset == 0" or "at rest (|offset| ≤ 0.5 pt, speed ≤ 31.25 pt/s)".
    var condition: String {
        switch self {
        case .exactOffset: "offset == 0"
        case .rest(let rest): "at rest (|offset| ≤ \(general(rest.distance)) pt, speed ≤ \(general(rest.speed)) pt/s)"
        }
    }
}

extension StopCondition.Model {
    /// "the exact spring" or "Core Animation removing the animation at its duration".
    var phrase: String {
        switch self {
        case .continuousSpring: "the exact spring"
        case .animationRemovedAtDuration: "Core Animation removing the animation at its duration"
        }
    }
}

extension Finding {
    /// One line: `label: ` and ``text``.
    func message(label: String) -> String { "\(label): \(text)" }

    /// The finding in words, without its report's label.
    var text: String {
        switch self {
        case .teleport(let teleport):
            return "teleports \(decimals(teleport.distance, 1)) pt in one frame \(teleport.from.phrase) (neighbouring steps ≤ \(decimals(teleport.neighbourStep, 1)) pt)"
        case .speedJump(let jump):
            let why = jump.rateTest?.phrase ?? "untested: no samples at twice the rate"
            return "speed jumps \(decimals(jump.ratio, 2))× \(jump.at.phrase) (\(decimals(jump.speedBefore, 0)) → \(decimals(jump.speedAfter, 0)) pt/s; \(why))"
        case .turn(let turn):
            let why = turn.rateTest?.phrase ?? "untested: no samples at twice the rate"
            return "heading turns \(decimals(turn.degrees, 1))° in one frame \(turn.at.phrase) (\(why))"
        case .snap(let stop):
            return "the stop snaps \(decimals(stop.stop.snap, 2)) pt at frame \(stop.stop.frame ?? 0), t = \(decimals(stop.stop.time ?? 0, 2)) s (with \(stop.stop.model.phrase))"
        case .stopNeverFires(let stop):
            return "the stop condition \(stop.rule.condition) never fires within \(decimals(stop.stop.simulatedUntil, 1)) s (with \(stop.stop.model.phrase)): the display link redraws for ever"
        case .firstFrameJump(let jump):
            return "the wave appears at full height in the first frame (its middle \(decimals(abs(jump.apex), 1)) pt \(jump.apex < 0 ? "above" : "below") the flat edge, then it moves \(decimals(jump.nextStep, 1)) pt in the next frame)"
        case .frameCost(let cost):
            return "one frame costs \(decimals(100 * cost.fraction, 1)) % of the \(decimals(1000 / cost.hz, 2)) ms budget (limit \(decimals(100 * cost.limit, 0)) %)"
        case .startKick(let kick):
            return "jumps from rest to \(decimals(kick.firstFrameSpeed, 0)) pt/s in the first frame, while the spring changes its velocity by \(decimals(kick.nextFrameChange, 0)) pt/s over the next: the initial velocity is a kick (\(kick.rateTest.phrase))"
        case .lateFrames(let late):
            return "frames delivered \(late.model.name) hitch \(decimals(late.hitchTimeRatio, 1)) ms/s (\(late.hitchCount) late, the longest \(decimals(1000 * late.longestHitch, 1)) ms): critical by XCTest's grades (≥ \(general(late.criticalLimit)) ms/s)"
        case .onScreenError(let error):
            return "frames delivered \(error.model.name) on the \(error.clock.rawValue) clock show the motion up to \(decimals(error.max, 2)) pt from where it should be (p99 \(decimals(error.p99, 2)) pt, limit \(general(error.limit)) pt), the worst at t = \(decimals(error.maxAt, 3)) s"
        case .interruption(let jump):
            return jump.text
        }
    }
}

extension Finding.InterruptionJump {
    /// "interrupted (restart) at t = 0.300 s: velocity 120 → 0 pt/s, a change of 120 pt/s".
    var text: String {
        func velocity(_ v: SIMD2<Double>) -> String {
            isPosition ? "(\(decimals(v.x, 0)), \(decimals(v.y, 0)))" : decimals(v.x, 0)
        }
        return "interrupted (\(event.kind.rawValue)) at t = \(decimals(event.time, 3)) s: velocity \(velocity(event.velocityBefore)) → \(velocity(event.velocityAfter)) pt/s, a change of \(decimals(event.velocityChange, 0)) pt/s"
    }
}

extension Note {
    /// The note in words.
    var text: String {
        switch self {
        case .scene(let text):
            return text
        case .uikitSpring(let duration, let ratio, let velocity, let s):
            return "UIKit spring (duration \(decimals(duration, 1)) s, damping ratio \(decimals(ratio, 1)), velocity \(decimals(velocity, 1))) → mass \(decimals(s.mass, 0)), stiffness \(decimals(s.stiffness, 2)), damping \(decimals(s.damping, 3)) (ζ \(decimals(s.dampingRatio, 3)), ω₀ \(decimals(s.naturalFrequency, 3)) rad/s)"
        case .uikitMappings(let outcomes):
            let parts = outcomes.map { outcome in
                "\(outcome.mapping) k \(decimals(outcome.spring.stiffness, 2)) "
                    + (outcome.overshootTime > 0 ? "overshoots at \(decimals(outcome.overshootTime, 3)) s" : "does not overshoot")
                    + ", settles at \(decimals(outcome.settleTime, 3)) s"
            }
            var note = "UIKit mappings: " + parts.joined(separator: "; ")
            if outcomes.count == 2 {
                let (a, b) = (outcomes[0], outcomes[1])
                func shift(_ value: Double) -> String { (value >= 0 ? "+" : "") + decimals(value, 3) }
                let overshoot = a.overshootTime == 0 && b.overshootTime == 0
                    ? "no overshoot either way" : "overshoot \(shift(b.overshootTime - a.overshootTime)) s"
                note += " (\(b.mapping) vs \(a.mapping): \(overshoot), settle \(shift(b.settleTime - a.settleTime)) s)"
            }
            return note
        case .userSpringStopNotJudged:
            return "the menu demo's stop condition (offset == 0 exactly) is shown for comparison but not judged: a user's spring is stopped by its engine's own rest threshold"
        case .playEnds(let startSpeed, let endSpeed, let duration):
            var line = "starts from rest at \(decimals(startSpeed, 0)) pt/s"
            if let endSpeed, let duration { line += " and stops from \(decimals(endSpeed, 0)) pt/s at \(decimals(duration, 2)) s" }
            return line + ": the ends of a play are its timing curve's design, not breaks (a move shorter than a frame is still a teleport)"
        case .seam(let seam, let period, let endVisible, let startVisible):
            func place(_ p: SIMD2<Double>, _ visible: Bool?) -> String {
                pointText(p) + (visible.map { $0 ? " on screen" : " off screen" } ?? "")
            }
            return "the pass restarts every \(decimals(period, 2)) s from \(place(seam.from, endVisible)) back to \(place(seam.to, startVisible)): a gap of \(decimals(seam.gap, 1)) pt"
        case .hiddenTeleport(let t):
            return "a jump of \(decimals(t.distance, 1)) pt at t = \(decimals(t.to.time, 2)) s from \(decimals(t.from.position.x, 1)), \(decimals(t.from.position.y, 1)) to \(decimals(t.to.position.x, 1)), \(decimals(t.to.position.y, 1)) happens off screen: not seen, not judged"
        case .smoothInterruption(let jump, let speedFloor):
            return jump.text + " (within the \(decimals(speedFloor, 0)) pt/s speed floor: continuous)"
        case .designedSteps(let times):
            let shown = times.prefix(5).map { "t = \(decimals($0, 2)) s" }.joined(separator: ", ")
            let more = times.count > 5 ? ", …" : ""
            return "\(times.count) step\(times.count == 1 ? "" : "s") by design (holds, discrete keyframes, steps()) at \(shown)\(more): reported, not judged"
        case .adaptiveSolverStopped(let time, let budget):
            return "dopri54 stopped at t = \(decimals(time, 3)) s: more than \(budget) steps, or a step size underflow (the spring is too stiff for one solve at rtol 1e-9); its error is shown as diverged"
        case .aliasedOscillation(let frequency, let hz):
            return "the spring oscillates at \(decimals(frequency, 1)) Hz: fewer than four frames per period at \(decimals(hz, 0)) Hz, so the frames alias it; its steps are judged by the samples alone"
        case .springLaunch(let velocityStep, let accelerationStep):
            return "starts from rest with a velocity step of \(general(velocityStep.rounded())) pt/s and an acceleration step of \(general(accelerationStep.rounded())) pt/s² (the spring's launch; the break test judges the start like any other moment)"
        case .restStop(let rest, let frame, let time, let snap, let settleTime):
            var line = "with the exact spring, the display link stops \(Finding.StopRule.rest(rest).condition) at frame \(frame), t = \(decimals(time, 3)) s, flattening the wave by \(decimals(snap, 2)) pt"
            if let settleTime {
                line += "; it redraws for \(decimals(time - settleTime, 2)) s after the motion settled at \(decimals(settleTime, 2)) s"
            }
            return line
        case .exactOffsetStop(let frame, let time, let before, let target, let settleTime):
            var line = "with the exact spring, offset == 0 first holds at frame \(frame), t = \(decimals(time, 3)) s, where the deviation (\(before == 0 ? "0" : String(format: "%.2g", before)) pt one frame earlier) rounds to exactly \(decimals(target, 0)) in Double"
            if let settleTime {
                line += "; the display link redraws for \(decimals(time - settleTime, 2)) s after the motion settled at \(decimals(settleTime, 2)) s"
            }
            return line
        case .removalStop(let duration, let time, let snap):
            return "if Core Animation removes the animation at \(decimals(duration, 2)) s, the stop fires at t = \(decimals(time, 3)) s with a snap of \(decimals(snap, 3)) pt"
        case .waveGrowth(let seconds):
            return "the wave grows from zero over \(decimals(seconds, 2)) s (its offset drawn × min(t / \(decimals(seconds, 2)) s, 1))"
        case .recording(let frames, let span, let hz):
            return "a recording: \(frames) frames shown over \(decimals(span, 3)) s, judged refresh by refresh at \(general(hz)) Hz for teleports and late frames; speed jumps and turns are reported, not judged (no samples at twice the rate to tell a bend from a break), and there is no ideal trajectory for an on-screen error"
        case .recordingWithoutPresentTimes:
            return "no present column: each frame counts as shown at its time"
        case .recordingWithoutTargetTimes:
            return "no target column: each frame was due one refresh after the one before"
        }
    }
}

extension FixSuggestion.OffScreenMove {
    /// "33.5 pt further left: a 25 pt object there is 4 pt beyond the left edge".
    var text: String {
        let direction: String
        switch edge {
        case .left: direction = "left"
        case .right: direction = "right"
        case .top: direction = "up"
        case .bottom: direction = "down"
        }
        let object = objectSize.x == objectSize.y
            ? "\(decimals(objectSize.x, 0)) pt" : "\(decimals(objectSize.x, 0)) × \(decimals(objectSize.y, 0)) pt"
        return "\(decimals(distance, 1)) pt further \(direction): a \(object) object there is \(decimals(margin, 0)) pt beyond the \(edge.rawValue) edge"
    }
}

extension FixSuggestion {
    /// The change in plain words, in the model's terms (`move control point 1 of element 5 to (812.4, 188.0)`).
    var text: String {
        switch reason {
        case .balancedJoin(let element, let from, let to, let speedIn, let speedOut, let balancedSpeed):
            return "pass the join of elements \(element) → \(element + 1) at t = \(decimals(to, 4)) s instead of \(decimals(from, 4)) s: the speed arriving (\(decimals(speedIn, 0)) pt/s) and leaving (\(decimals(speedOut, 0)) pt/s) then both become \(decimals(balancedSpeed, 0)) pt/s"
        case .tangentJoin(let element, let turn, let moved, let control, let from, let to, let onArriving):
            return "the join of elements \(element) → \(element + 1) turns \(decimals(turn, 1))°: move control point \(control) of element \(moved) from \(pointText(from)) to \(pointText(to)), on the \(onArriving ? "arriving" : "leaving") tangent, so the join is tangent-continuous"
        case .closedCycle(let seam):
            return "\(Self.restartHead(seam)): end the cycle where it starts, at \(pointText(seam.to)), so it restarts in place"
        case .offScreenCycle(let seam, let start, let end):
            var parts: [String] = []
            if let start { parts.append("start it off screen at \(pointText(start.to)) (\(start.text))") }
            if let end { parts.append("end it off screen at \(pointText(end.to)) (\(end.text))") }
            return "\(Self.restartHead(seam)) on screen: \(parts.joined(separator: " and ")), so the restart is not seen"
        case .restStop(let rest, let frame, let hz, let maxSnap, let simulatedSpan):
            let fires = frame.map { "it fires at frame \($0), t = \(decimals(Double($0) / hz, 3)) s, @\(decimals(hz, 0)) Hz, flattening the wave by at most \(decimals(maxSnap, 2)) pt" }
                ?? "it does not fire within \(decimals(simulatedSpan, 1)) s either"
            return "stop the display link on rest (|model − presented| ≤ \(decimals(rest.distance, 2)) pt and speed ≤ \(decimals(rest.speed, 2)) pt/s) instead of offset == 0: \(fires)"
        case .settledSpring(let removedAt, let residual, let spring, let rest, let settleTime):
            return "Core Animation removes the UIKit animation at \(decimals(removedAt, 2)) s, \(decimals(residual, 2)) pt short of its target: animate the spring itself (mass \(general(spring.mass)), stiffness \(decimals(spring.stiffness, 2)), damping \(decimals(spring.damping, 2))), which lasts until it settles within \(decimals(rest.distance, 2)) pt at \(decimals(settleTime, 2)) s"
        case .waveGrowth(let seconds, let apex, let fastest):
            return "grow the wave from zero over \(decimals(seconds, 2)) s (offset × min(t / \(decimals(seconds, 2)) s, 1)) instead of drawing its \(decimals(apex, 1)) pt at once: the growth is then no faster than the \(decimals(fastest, 0)) pt/s the spring moves it at its fastest"
        case .interruptionVelocity(let event, let velocity):
            let words = event.kind == .additive
                ? "start the added animation at rest (a spring launched at 0)" : "start the new animation at the presented velocity (a spring launched at it)"
            return "the \(event.kind.rawValue) at t = \(decimals(event.time, 3)) s changes the velocity by \(decimals(event.velocityChange, 0)) pt/s: \(words), \(decimals(velocity, 1)) pt/s, so the velocity stays \(decimals(event.velocityBefore.x, 0)) pt/s"
        }
    }

    /// "the cycle restarts at t = 2.00 s from (x, y) back to (x, y)".
    private static func restartHead(_ seam: Seam) -> String {
        "the cycle restarts at t = \(decimals(seam.time, 2)) s from \(pointText(seam.from)) back to \(pointText(seam.to))"
    }
}
