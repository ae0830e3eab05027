import Foundation
import Motion

/// `bench validate --trace-out FILE`: Chrome Trace Event JSON (Google's "Trace Event Format":
/// `{"traceEvents": [...], "displayTimeUnit": "ms"}`, times in microseconds), which opens in
/// ui.perfetto.dev and chrome://tracing. The mapping (README, "Traces out"):
///
/// - one process per scene × mode × rate (`pid` 1, 2, … in the report's order), named by its label;
/// - thread 1 `production`: a complete slice (`"ph": "X"`, category `production`) per frame from
///   its callback to its completion, args `sample` (the engine's clock), `target` (the deadline),
///   `present`, `interval` (µs) and `hitchMs`;
/// - thread 2 `display`: a slice per frame from its presentation to the next (category
///   `presentation`): what was on screen;
/// - counters (`"ph": "C"`) at each presentation: `position` (args `x`, `y`, points), `speed`
///   (pt/s), `on-screen error` (pt, when the ideal is known) and `hitch` (ms);
/// - instant events (`"ph": "i"`) at each late frame and each finding with a time (teleports,
///   speed jumps, turns, the worst on-screen error), args `message`.
///
/// Timestamps are absolute: each delivery's clock starts at its timeline's start (seconds from
/// the scene's or file's t = 0; a Lottie timeline's from frame 0), so with ideal frames (the
/// default) a frame's `ts` is the absolute time it shows, and a finding sits at the frame
/// presenting it.
///
/// Objects a Lottie file calls still (nothing animated) follow the timelines, one process each
/// named `FILE: OBJECT (still)`, with constant counters `position` (x, y), `rotation`, `scale`
/// (x, y) and `opacity` at the file's first and last frame only: two events per object, so a
/// file's stills never multiply its size by its frame count.
///
/// Read back with `bench validate --trace FILE`, it gives the same platform figures.
enum ChromeTraceWriter {
    struct Entry {
        let report: ValidationReport
        let delivery: DeliveryReport
        /// The timeline's absolute start, seconds: where the delivery's clock starts.
        var start: Double = 0
    }

    /// A still object: its label and its constant values, shown from `from` to `to` (seconds).
    struct Still {
        let label: String
        let from: Double
        let to: Double
        let position: SIMD2<Double>
        let rotation: Double
        let scale: SIMD2<Double>
        let opacity: Double
    }

    static func document(_ entries: [Entry], stills: [Still] = []) -> String {
        var events: [String] = []
        for (index, entry) in entries.enumerated() {
            let pid = index + 1
            events.append(event(["name": .string("process_name"), "ph": .string("M"), "pid": .integer(pid)], args: [("name", .string(entry.report.label))]))
            for (tid, name) in [(1, "production"), (2, "display")] {
                events.append(event(["name": .string("thread_name"), "ph": .string("M"), "pid": .integer(pid), "tid": .integer(tid)], args: [("name", .string(name))]))
            }
            events += frameEvents(entry, pid: pid)
        }
        for (index, still) in stills.enumerated() {
            let pid = entries.count + index + 1
            events.append(event(["name": .string("process_name"), "ph": .string("M"), "pid": .integer(pid)], args: [("name", .string(still.label))]))
            for at in [still.from, still.to] {
                let ts = µs(at)
                events.append(counter("position", pid: pid, ts: ts, [("x", .finite(still.position.x)), ("y", .finite(still.position.y))]))
                events.append(counter("rotation", pid: pid, ts: ts, [("degrees", .finite(still.rotation))]))
                events.append(counter("scale", pid: pid, ts: ts, [("x", .finite(still.scale.x)), ("y", .finite(still.scale.y))]))
                events.append(counter("opacity", pid: pid, ts: ts, [("percent", .finite(still.opacity))]))
            }
        }
        return "{\"traceEvents\": [\n" + events.joined(separator: ",\n") + "\n],\n\"displayTimeUnit\": \"ms\",\n\"otherData\": {\"generator\": \"bench validate --trace-out\", \"timeUnit\": \"microseconds; positions in points\"}}\n"
    }

    static func µs(_ seconds: Double) -> JSON { .finite((seconds * 1e6 * 1e3).rounded() / 1e3) }

    static func frameEvents(_ entry: Entry, pid: Int) -> [String] {
        let d = entry.delivery
        let frames = d.delivery.frames
        let speeds = d.shownSpeeds
        let clock = d.options.clock
        // The delivery's clock starts at the timeline's absolute start.
        let shift = entry.start
        func µs(_ seconds: Double) -> JSON { ChromeTraceWriter.µs(shift + seconds) }
        var events: [String] = []
        for (k, frame) in frames.enumerated() {
            let name = JSON.string("frame \(k)")
            let cost = (frame.completion ?? frame.callbackTime) - frame.callbackTime
            events.append(
                event(
                    ["name": name, "cat": .string("production"), "ph": .string("X"), "pid": .integer(pid), "tid": .integer(1),
                     "ts": µs(frame.callbackTime), "dur": µs(cost)],
                    args: [
                        ("sample", µs(frame.time(clock))), ("target", µs(frame.targetTimestamp)), ("present", µs(frame.presentation)),
                        ("interval", µs(frame.interval)), ("hitchMs", .finite(1000 * frame.hitch)),
                    ]))
            let shownFor = k + 1 < frames.count ? frames[k + 1].presentation - frame.presentation : frame.interval
            events.append(
                event(
                    ["name": name, "cat": .string("presentation"), "ph": .string("X"), "pid": .integer(pid), "tid": .integer(2),
                     "ts": µs(frame.presentation), "dur": µs(shownFor)], args: []))
            let at = µs(frame.presentation)
            events.append(counter("position", pid: pid, ts: at, [("x", .finite(d.shown[k].x)), ("y", .finite(d.shown[k].y))]))
            events.append(counter("speed", pid: pid, ts: at, [("speed", .finite(speeds[k]))]))
            if let error = d.onScreen { events.append(counter("on-screen error", pid: pid, ts: at, [("error", .finite(error.errors[k]))])) }
            events.append(counter("hitch", pid: pid, ts: at, [("ms", .finite(1000 * frame.hitch))]))
            if frame.hitch > 0 {
                events.append(instant("late frame", pid: pid, ts: at, "frame \(k) shown \(significant(1000 * frame.hitch)) ms after its target"))
            }
        }
        // Findings with a time: the motion's (absolute animation time, placed at the frame that
        // presents it: the first frame's target later) and the worst on-screen error.
        let origin = (frames.first?.targetTimestamp ?? 0) - shift
        let m = entry.report.metrics
        for teleport in m.teleports {
            events.append(instant("teleport", pid: pid, ts: µs(origin + teleport.from.time), "teleports \(significant(teleport.distance)) pt"))
        }
        for jump in m.speedJumpBreaks {
            events.append(instant("speed jump", pid: pid, ts: µs(origin + jump.at.time), "speed jumps \(significant(jump.ratio))×"))
        }
        for turn in m.turnBreaks {
            events.append(instant("turn", pid: pid, ts: µs(origin + turn.at.time), "turns \(significant(turn.degrees))° in a frame"))
        }
        if let error = d.onScreen, error.max > 0 {
            events.append(instant("worst on-screen error", pid: pid, ts: µs(error.maxAt), "shown \(significant(error.max)) pt from where the motion should be"))
        }
        return events
    }

    static func counter(_ name: String, pid: Int, ts: JSON, _ args: [(String, JSON)]) -> String {
        event(["name": .string(name), "ph": .string("C"), "pid": .integer(pid), "ts": ts], args: args)
    }

    static func instant(_ name: String, pid: Int, ts: JSON, _ message: String) -> String {
        event(["name": .string(name), "ph": .string("i"), "s": .string("p"), "pid": .integer(pid), "tid": .integer(2), "ts": ts], args: [("message", .string(message))])
    }

    /// One event on one line, its keys in a fixed order.
    static func event(_ fields: [String: JSON], args: [(String, JSON)]) -> String {
        let order = ["name", "cat", "ph", "s", "pid", "tid", "ts", "dur"]
        var members = order.compactMap { key in fields[key].map { (key, $0) } }
        if !args.isEmpty { members.append(("args", .object(args))) }
        return compact(.object(members))
    }

    /// JSON on one line (the pretty writer gives each key its own line: 15 lines a frame).
    static func compact(_ value: JSON) -> String {
        switch value {
        case .object(let members):
            return "{" + members.map { scalar(.string($0.0)) + ": " + compact($0.1) }.joined(separator: ", ") + "}"
        case .array(let items):
            return "[" + items.map(compact).joined(separator: ", ") + "]"
        default:
            return scalar(value)
        }
    }

    static func scalar(_ value: JSON) -> String {
        var text = value.rendered()
        if text.hasSuffix("\n") { text.removeLast() }
        return text
    }
}
