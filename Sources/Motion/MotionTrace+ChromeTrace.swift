import JSONDocument

extension MotionTrace {
    /// Reads Chrome Trace Event JSON (the format of chrome://tracing and ui.perfetto.dev, Google's
    /// "Trace Event Format" document): one trace per process (`pid`) that has counter events
    /// (`"ph": "C"`) whose `args` carry `x` and `y` (in one event, or in two at the same `ts`).
    ///
    /// Times are the events' `ts`, microseconds. When the process also has complete events
    /// (`"ph": "X"`) of category `production`, one per frame in the order of the positions, their
    /// `args` give each frame's `sample`, `target` and `present` times (µs) and the slice itself
    /// its callback (`ts`) and completion (`ts + dur`): what `bench validate --trace-out` writes.
    /// Without them, each position counts as sampled and shown at its `ts`. Other events are
    /// ignored: a trace records much besides a motion.
    /// - Parameter source: the name messages use (the file's path).
    /// - Throws: `MotionError` naming the source, the line and the value: text that is not JSON,
    ///   an event without a numeric `ts`, no counters with `x` and `y`, a production slice per
    ///   frame that does not match the positions, times that repeat or go backwards.
    /// - Complexity: O(events log events).
    public static func chromeTrace(_ text: String, source: String) throws(MotionError) -> [MotionTrace] {
        do {
            return try readChromeTrace(text, source: source)
        } catch let error as MotionError {
            throw error
        } catch let error as JSONDocumentError {
            throw MotionError("\(source): \(error)")
        } catch {
            throw MotionError("\(source): \(error)")
        }
    }

    struct ChromeProcess {
        var name: String?
        /// (ts µs, x, y, line) with x or y possibly missing until merged.
        var positions: [(ts: Double, x: Double?, y: Double?, line: Int)] = []
        var frames: [(ts: Double, dur: Double, sample: Double?, target: Double?, present: Double?, interval: Double?, line: Int)] = []
    }

    private static func readChromeTrace(_ text: String, source: String) throws -> [MotionTrace] {
        let root = try JSONParser.parse(text)
        let events: [JSONNode]
        switch root.value {
        case .array(let items): events = items
        case .object:
            var object = try root.object()
            guard let list = object.optional("traceEvents") else {
                throw MotionError("\(source): a JSON object without 'traceEvents'; expected Chrome Trace Event JSON ({\"traceEvents\": [...]} or an array of events)")
            }
            events = try list.array()
        default:
            throw MotionError("\(source): \(root.described) is not Chrome Trace Event JSON; expected an object with 'traceEvents' or an array of events")
        }
        var processes: [Int: ChromeProcess] = [:]
        var order: [Int] = []
        for event in events {
            guard case .object(let members) = event.value else {
                throw MotionError("\(source):\(event.line): \(event.place) is \(event.described); expected an event object")
            }
            func member(_ key: String) -> JSONNode? { members.first { $0.key == key }?.value }
            let phase = try member("ph")?.string() ?? ""
            let pid = try member("pid").map { try $0.integer() } ?? 0
            if processes[pid] == nil {
                processes[pid] = ChromeProcess()
                order.append(pid)
            }
            func number(_ node: JSONNode?, _ key: String) throws -> Double? {
                guard let node, case .object(let args) = node.value, let value = args.first(where: { $0.key == key })?.value else { return nil }
                return try value.number()
            }
            switch phase {
            case "M":
                if try member("name")?.string() == "process_name", let name = try member("args").flatMap({ node -> String? in
                    guard case .object(let args) = node.value else { return nil }
                    return try args.first { $0.key == "name" }?.value.string()
                }) {
                    processes[pid]!.name = name
                }
            case "C":
                let x = try number(member("args"), "x"), y = try number(member("args"), "y")
                guard x != nil || y != nil else { continue }
                guard let tsNode = member("ts") else {
                    throw MotionError("\(source):\(event.line): \(event.place) is a counter without 'ts'; expected a time in microseconds")
                }
                processes[pid]!.positions.append((try tsNode.number(), x, y, event.line))
            case "X":
                guard try member("cat")?.string() == "production" else { continue }
                guard let tsNode = member("ts"), let durNode = member("dur") else {
                    throw MotionError("\(source):\(event.line): \(event.place) is a production slice without 'ts' and 'dur'; expected times in microseconds")
                }
                let args = member("args")
                processes[pid]!.frames.append(
                    (try tsNode.number(), try durNode.number(), try number(args, "sample"), try number(args, "target"),
                     try number(args, "present"), try number(args, "interval"), event.line))
            default: continue
            }
        }
        var traces: [MotionTrace] = []
        let named = order.filter { !(processes[$0]!.positions.isEmpty) }
        for pid in named {
            let process = processes[pid]!
            let label = named.count == 1 ? source : "\(source) \(process.name ?? "pid \(pid)")"
            // Merge x and y counters at the same time, in time order (stable for equal times).
            let sorted = process.positions.enumerated().sorted { ($0.element.ts, $0.offset) < ($1.element.ts, $1.offset) }.map(\.element)
            var merged: [(ts: Double, x: Double, y: Double, line: Int)] = []
            var pending: (ts: Double, x: Double?, y: Double?, line: Int)?
            func flush() throws {
                guard let p = pending else { return }
                guard let x = p.x, let y = p.y else {
                    throw MotionError(
                        "\(source):\(p.line): a counter at ts \(compact(p.ts)) µs has \(p.x == nil ? "y" : "x") without \(p.x == nil ? "x" : "y"); expected both at every time")
                }
                merged.append((p.ts, x, y, p.line))
            }
            for p in sorted {
                if let current = pending, current.ts == p.ts,
                    (current.x == nil && p.x != nil && p.y == nil) || (current.y == nil && p.y != nil && p.x == nil)
                {
                    pending = (current.ts, current.x ?? p.x, current.y ?? p.y, current.line)
                } else {
                    try flush()
                    pending = p
                }
            }
            try flush()
            let positions = merged.map { SIMD2($0.x, $0.y) }
            let lines = merged.map(\.line)
            let frames = process.frames.sorted { $0.ts < $1.ts }
            if frames.isEmpty {
                traces.append(try MotionTrace(source: label, times: merged.map { $0.ts * 1e-6 }, positions: positions, lines: lines))
                continue
            }
            guard frames.count == merged.count else {
                throw MotionError(
                    "\(source): \(label == source ? "the trace" : label) has \(frames.count) production slices for \(merged.count) positions; expected one per frame")
            }
            func column(_ key: KeyPath<(ts: Double, dur: Double, sample: Double?, target: Double?, present: Double?, interval: Double?, line: Int), Double?>, _ name: String) throws -> [Double]? {
                let values = frames.map { $0[keyPath: key] }
                if values.allSatisfy({ $0 == nil }) { return nil }
                if let missing = frames.first(where: { $0[keyPath: key] == nil }) {
                    throw MotionError("\(source):\(missing.line): a production slice without args.\(name); expected it on every frame or none")
                }
                return values.map { $0! * 1e-6 }
            }
            let sample = try column(\.sample, "sample")
            traces.append(
                try MotionTrace(
                    source: label, times: sample ?? merged.map { $0.ts * 1e-6 }, positions: positions,
                    presentations: try column(\.present, "present"), targets: try column(\.target, "target"),
                    callbacks: frames.map { $0.ts * 1e-6 }, completions: frames.map { ($0.ts + $0.dur) * 1e-6 },
                    intervals: try column(\.interval, "interval"), lines: lines))
        }
        guard !traces.isEmpty else {
            throw MotionError(
                "\(source): no counter events with x and y args; expected Chrome Trace Event JSON counters (\"ph\": \"C\") carrying the position")
        }
        return traces
    }
}
