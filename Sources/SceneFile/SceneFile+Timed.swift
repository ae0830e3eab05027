import BezierKernels
import JSONDocument
import Motion

/// Keyframe and basic animations: their timing, their curve, and the scene they compile to.
extension SceneFile {
    /// A keyframe or basic animation read from the file.
    struct TimedTrack {
        let curve: KeyframeCurve
        /// The animation's own `timingFunction`, applied to the whole simple duration before the
        /// keyframes' (a basic animation has only this one).
        let easing: Easing
        let timing: MediaTiming
        /// The SVG path data, for a keyframe animation along a path.
        let pathData: String?
        let hasKeyTimes: Bool
        let hasTimingFunctions: Bool
        var notes: [String]
        /// `auto` or `autoReverse` when the layer turns along the path's tangent.
        var rotationMode: String? = nil
    }

    static func timing(_ object: inout JSONObject, node: JSONNode) throws(JSONDocumentError) -> MediaTiming {
        func number(_ key: String, _ range: ClosedRange<Double>, _ what: String) throws(JSONDocumentError) -> Double? {
            try object.optional(key)?.number(in: range, what)
        }
        let limit = 1e7
        let begin = try number("beginTime", 0...limit, "a begin time in seconds") ?? 0
        let offset = try number("timeOffset", 0...limit, "a time offset in seconds") ?? 0
        let durationNode = object.optional("duration")
        let duration = try durationNode?.number(in: 1e-6...limit, "a duration in seconds (positive)")
        let speed = try number("speed", 1e-6...1e6, "a positive speed") ?? 1
        var repeatCount = 1.0
        var infinite = false
        if let repeatNode = object.optional("repeatCount") {
            if case .string(let text) = repeatNode.value {
                guard text == "infinite" else { throw repeatNode.error("expected a number of cycles or \"infinite\", got \(repeatNode.described)") }
                repeatCount = .infinity
                infinite = true
            } else {
                let n = try repeatNode.number(in: 0...1e6, "a number of cycles (or \"infinite\")")
                // CAMediaTiming: a repeat count of 0 plays once (the default).
                repeatCount = n == 0 ? 1 : n
            }
        }
        let repeatDurationNode = object.optional("repeatDuration")
        let repeatDuration = try repeatDurationNode?.number(in: 1e-6...limit, "a repeat duration in seconds (positive)")
        if let repeatDurationNode, object.members.contains(where: { $0.key == "repeatCount" }) {
            throw repeatDurationNode.error("expected either repeatCount or repeatDuration, not both (Core Animation leaves the pair undefined)")
        }
        let autoreverses = try object.optional("autoreverses")?.bool() ?? false
        var fillMode = MediaTiming.FillMode.removed
        if let fillNode = object.optional("fillMode") {
            let text = try fillNode.string()
            guard let mode = MediaTiming.FillMode(rawValue: text) else {
                throw fillNode.error("expected one of \"removed\", \"forwards\", \"backwards\", \"both\", got \(fillNode.described)")
            }
            fillMode = mode
        }
        guard let duration else {
            if infinite { throw node.error("missing key 'duration': an infinite repeat needs a duration in seconds") }
            throw node.error("missing key 'duration': expected the animation's duration in seconds")
        }
        var timing = MediaTiming(
            beginTime: begin, timeOffset: offset, duration: duration, speed: speed, repeatCount: repeatCount,
            repeatDuration: repeatDuration, autoreverses: autoreverses, fillMode: fillMode)
        if timing.activeDuration.isFinite, timing.activeDuration / speed > limit {
            throw (repeatDurationNode ?? node).error("expected an active span of at most \(JSONText.number(limit)) s, got \(timing.activeDuration / speed) s")
        }
        if timing.timeOffset > 0, timing.activeDuration.isFinite {
            timing.timeOffset = timing.timeOffset.truncatingRemainder(dividingBy: timing.activeDuration)
        }
        return timing
    }

    /// Reads a list of values of one dimension (`dimension`), each a number or `[x, y]`.
    static func valueList(_ node: JSONNode, dimension: Int, property: String) throws(JSONDocumentError) -> [SIMD2<Double>] {
        var result: [SIMD2<Double>] = []
        for item in try node.array() {
            let v = try values(of: item)
            guard v.count == dimension else {
                throw item.error(
                    "expected \(dimension == 2 ? "[x, y]" : "a number") for '\(property)' (every value of one dimension), got \(item.described)")
            }
            result.append(try bounded(v.count == 2 ? SIMD2(v[0], v[1]) : SIMD2(v[0], 0), item))
        }
        return result
    }

    /// The largest value magnitude accepted (as `Motion.PathMotion.maximumCoordinate`).
    static func bounded(_ v: SIMD2<Double>, _ node: JSONNode) throws(JSONDocumentError) -> SIMD2<Double> {
        guard abs(v.x) <= PathMotion.maximumCoordinate, abs(v.y) <= PathMotion.maximumCoordinate else {
            throw node.error("expected values within ±1e7 (doubles beyond are too coarse for the metrics), got \(node.described)")
        }
        return v
    }

    static func timedTrack(
        _ node: JSONNode, object: inout JSONObject, type: String, context: TrackContext
    ) throws(JSONDocumentError) -> TimedTrack {
        let timing = try Self.timing(&object, node: node)
        let easing = try object.optional("timingFunction").map { n throws(JSONDocumentError) in try Self.easing(n) } ?? .linear
        var notes: [String] = []
        if type == "basic" {
            // CABasicAnimation's fromValue/toValue/byValue (developer.apple.com, "Setting
            // Interpolation Values"): from+to; from+by (to = from + by); by+to (from = to − by);
            // from alone or to alone interpolate with the layer's model value; by alone from the model value.
            func read(_ key: String) throws(JSONDocumentError) -> (JSONNode, SIMD2<Double>)? {
                guard let n = object.optional(key) else { return nil }
                let v = try valueList(JSONNode(value: .array([n]), path: n.path, line: n.line, column: n.column), dimension: context.dimension, property: context.property)[0]
                return (n, v)
            }
            let from = try read("fromValue"), to = try read("toValue"), by = try read("byValue")
            let model = context.model.map { $0.count == 2 ? SIMD2($0[0], $0[1]) : SIMD2($0[0], 0) }
            let start: SIMD2<Double>, end: SIMD2<Double>
            switch (from, to, by) {
            case (let f?, let t?, nil): (start, end) = (f.1, t.1)
            case (let f?, nil, let b?): (start, end) = (f.1, f.1 + b.1)
            case (nil, let t?, let b?): (start, end) = (t.1 - b.1, t.1)
            case (let f?, nil, nil):
                guard let model else { throw f.0.error("fromValue alone animates to the layer's model value: expected layers[…].model.\(context.property)") }
                (start, end) = (f.1, model)
            case (nil, let t?, nil):
                guard let model else { throw t.0.error("toValue alone animates from the layer's model value: expected layers[…].model.\(context.property)") }
                (start, end) = (model, t.1)
            case (nil, nil, let b?):
                guard let model else { throw b.0.error("byValue alone animates from the layer's model value: expected layers[…].model.\(context.property)") }
                (start, end) = (model, model + b.1)
            case (_?, _?, _?):
                throw node.error("expected at most two of fromValue, toValue, byValue, got all three")
            case (nil, nil, nil):
                throw node.error("missing key 'toValue': a basic animation needs fromValue, toValue or byValue")
            }
            do {
                let curve = try KeyframeCurve(
                    mode: .linear, segments: [.line(Line(Point(start), Point(end)))], keyTimes: [0, 1], easings: [.linear])
                return TimedTrack(curve: curve, easing: easing, timing: timing, pathData: nil, hasKeyTimes: false, hasTimingFunctions: false, notes: notes)
            } catch {
                throw node.error("the animation could not be built: \(error)")
            }
        }

        // Keyframes.
        let modeNode = object.optional("calculationMode")
        var mode = KeyframeCurve.Mode.linear
        if let modeNode {
            guard let parsed = KeyframeCurve.Mode(rawValue: try modeNode.string()) else {
                throw modeNode.error("expected one of \(KeyframeCurve.Mode.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")), got \(modeNode.described)")
            }
            mode = parsed
        }
        let valuesNode = object.optional("values"), pathNode = object.optional("path")
        var points: [SIMD2<Double>]
        var segments: [PathSegment] = []
        var pathData: String?
        switch (valuesNode, pathNode) {
        case (_?, _?): throw pathNode!.error("expected either values or path, not both (Core Animation ignores values when a path is set)")
        case (nil, nil): throw node.error("missing key 'values': a keyframe animation needs values or path")
        case (let valuesNode?, nil):
            points = try valueList(valuesNode, dimension: context.dimension, property: context.property)
            guard points.count >= (mode == .discrete ? 1 : 2) else {
                throw valuesNode.error("expected at least \(mode == .discrete ? 1 : 2) values, got \(points.count)")
            }
        case (nil, let pathNode?):
            guard context.dimension == 2 else { throw pathNode.error("expected no path on '\(context.property)': a path animates a position") }
            let data = try pathNode.string()
            let path: Path
            do { path = try Path(svgPathData: data) } catch { throw pathNode.error("expected SVG path data: \(error)") }
            segments = path.indexedSegments.map(\.segment)
            guard !segments.isEmpty else { throw pathNode.error("expected a path with at least one drawing segment, got none (only moves)") }
            for segment in segments {
                let c = segment.cubic
                for p in [c.p0, c.p1, c.p2, c.p3] { _ = try bounded(p.simd, pathNode) }
            }
            if mode == .cubic || mode == .cubicPaced {
                throw modeNode!.error("expected linear, paced or discrete with a path (its elements are already curves), got \"\(mode.rawValue)\"")
            }
            points = [segments[0].start.simd] + segments.map(\.end.simd)
            pathData = data
        }
        let paced = mode == .paced || mode == .cubicPaced
        let segmentCount = mode == .discrete ? points.count : points.count - 1

        // keyTimes (CAKeyframeAnimation.keyTimes): from 0 to 1, never decreasing; linear and cubic
        // modes one per value, discrete one more than the values; ignored by the paced modes.
        let keyTimesNode = object.optional("keyTimes")
        var keyTimes = (0...segmentCount).map { Double($0) / Double(segmentCount) }
        if let keyTimesNode {
            let times = try keyTimesNode.numbers()
            if paced {
                notes.append("keyTimes are ignored in \(mode.rawValue) mode (Core Animation)")
            } else {
                let expected = segmentCount + 1
                // Discrete mode documents n + 1 key times; n is accepted too (the last value then
                // holds from its key time to the end), as Core Animation plays it.
                let discreteShort = mode == .discrete && times.count == points.count
                guard times.count == expected || discreteShort else {
                    let what = pathData != nil ? "one per path vertex (\(expected) for \(segmentCount) segments)" : (mode == .discrete ? "one more than the values (\(expected))" : "one per value (\(expected))")
                    throw keyTimesNode.error("expected \(what), got \(times.count) key times")
                }
                let items = try keyTimesNode.array()
                for (i, t) in times.enumerated() {
                    guard (0...1).contains(t) else { throw items[i].error("expected a key time in 0 … 1, got \(JSONText.number(t))") }
                    if i > 0, t < times[i - 1] {
                        throw items[i].error("expected key times that never decrease, got \(JSONText.number(t)) after \(JSONText.number(times[i - 1]))")
                    }
                }
                guard times.first == 0 else { throw items[0].error("expected the first key time to be 0, got \(JSONText.number(times[0]))") }
                if !discreteShort, times.last != 1 {
                    throw items[items.count - 1].error("expected the last key time to be 1, got \(JSONText.number(times[times.count - 1]))")
                }
                keyTimes = discreteShort ? times + [1] : times
            }
        }

        // timingFunctions: one per segment (values − 1; CAKeyframeAnimation.timingFunctions).
        let functionsNode = object.optional("timingFunctions")
        var easings = [Easing](repeating: .linear, count: Swift.max(segmentCount, 0))
        if let functionsNode {
            let items = try functionsNode.array()
            if paced || mode == .discrete {
                notes.append("timingFunctions are ignored in \(mode.rawValue) mode")
            } else {
                guard items.count == segmentCount else {
                    throw functionsNode.error("expected \(segmentCount) timing functions (one per segment between \(segmentCount + 1) \(pathData != nil ? "path vertices" : "values")), got \(items.count)")
                }
                easings = []
                for item in items { easings.append(try Self.easing(item)) }
            }
        }

        // Tension, continuity and bias (cubic modes): one per value, each in [-1, 1].
        var tcb: [[Double]] = []
        for key in ["tensionValues", "continuityValues", "biasValues"] {
            var list = [Double](repeating: 0, count: points.count)
            if let n = object.optional(key) {
                guard mode == .cubic || mode == .cubicPaced else { throw n.error("expected \(key) only with calculationMode cubic or cubicPaced") }
                let items = try n.array()
                guard items.count == points.count else { throw n.error("expected one value per keyframe (\(points.count)), got \(items.count)") }
                list = []
                for item in items { list.append(try item.number(in: -1...1, "a value")) }
            }
            tcb.append(list)
        }
        var rotationMode: String?
        if let rotation = object.optional("rotationMode") {
            let text = try rotation.string()
            guard text == "auto" || text == "autoReverse" else { throw rotation.error("expected \"auto\" or \"autoReverse\", got \(rotation.described)") }
            guard context.dimension == 2 else { throw rotation.error("expected rotationMode only on a position animation") }
            rotationMode = text
        }

        let curve: KeyframeCurve
        do {
            switch mode {
            case .discrete:
                curve = KeyframeCurve(discrete: points, keyTimes: keyTimes)
            case .linear, .paced:
                if segments.isEmpty {
                    segments = (0..<(points.count - 1)).map { .line(Line(Point(points[$0]), Point(points[$0 + 1]))) }
                }
                curve = try KeyframeCurve(mode: mode, segments: segments, keyTimes: keyTimes, easings: easings)
            case .cubic, .cubicPaced:
                let spline = KeyframeCurve.splineSegments(points, tension: tcb[0], continuity: tcb[1], bias: tcb[2])
                curve = try KeyframeCurve(mode: mode, segments: spline, keyTimes: keyTimes, easings: easings)
            }
        } catch {
            throw node.error("the keyframes could not be built: \(error)")
        }
        if paced, curve.length == 0 {
            throw (valuesNode ?? pathNode ?? node).error("expected values that move: the \(mode.rawValue) path has zero length")
        }
        return TimedTrack(
            curve: curve, easing: easing, timing: timing, pathData: pathData, hasKeyTimes: keyTimesNode != nil,
            hasTimingFunctions: functionsNode != nil, notes: notes, rotationMode: rotationMode)
    }
}

extension SceneFile.TimedTrack {
    /// The time fraction at which the eased progress reaches `progress` (the easing is monotone
    /// for the usual curves; otherwise the first crossing is found by bisection).
    func timeFraction(ofProgress progress: Double) -> Double {
        if case .cubic(let c) = easing, c.x1 == c.y1, c.x2 == c.y2 { return progress }
        var lo = 0.0, hi = 1.0
        for _ in 0..<60 {
            let mid = 0.5 * (lo + hi)
            if easing.progress(mid) < progress { lo = mid } else { hi = mid }
        }
        return hi
    }

    /// Whether the track is exactly a seed-like path animation: along a path, linear or paced,
    /// no key times or per-segment timing, a cubic timing curve, from t = 0 at speed 1, once or for ever.
    var isSeedLike: Bool {
        guard pathData != nil, curve.mode == .linear || curve.mode == .paced, !hasKeyTimes, !hasTimingFunctions,
            case .cubic = easing
        else { return false }
        return timing.beginTime == 0 && timing.timeOffset == 0 && timing.speed == 1 && !timing.autoreverses
            && timing.repeatDuration == nil && (timing.repeatCount == 1 || timing.repeatCount == .infinity)
    }

    func scene(
        name: String, context: SceneFile.TrackContext, pointsPerUnit: (Double, String), node: JSONNode
    ) throws(JSONDocumentError) -> Scene {
        let viewport = context.dimension == 2 ? context.viewport : nil
        if isSeedLike, let data = pathData, case .cubic(let curveTiming) = easing, context.model == nil || !timing.isInfinite && timing.fillMode != .removed {
            do {
                let path = try Path(svgPathData: data)
                let motion = try PathMotion(
                    path: path, duration: timing.duration, timingCurve: curveTiming,
                    mode: curve.mode == .paced ? .paced : .linear, repeats: timing.isInfinite)
                return Scene(name: name, kind: .path(motion, viewport: viewport), fixedMode: motion.mode, objectSize: context.size)
            } catch {
                throw node.error("the path animation could not be built: \(error)")
            }
        }
        let scale = context.dimension == 2 ? 1 : pointsPerUnit.0
        let isPosition = context.dimension == 2
        let shown: @Sendable (SIMD2<Double>) -> SIMD2<Double> = { v in isPosition ? v : SIMD2(v.x * scale, 0) }
        let curve = self.curve, easing = self.easing, timing = self.timing
        let startValue = shown(curve.value(atFraction: easing.progress(timing.fraction(simple: timing.timeOffset, active: timing.activeDuration))))
        let endValue = shown(curve.value(atFraction: easing.progress(timing.endFraction)))
        let model = context.model.map { m in shown(m.count == 2 ? SIMD2(m[0], m[1]) : SIMD2(m[0], 0)) }
        let begin = timing.beginTime
        let value: @Sendable (Double) -> SIMD2<Double> = { t in
            switch timing.phase(at: t) {
            case .model: return model ?? (t < begin ? startValue : endValue)
            case .fraction(let f): return shown(curve.value(atFraction: easing.progress(f)))
            }
        }
        // One cycle and a few frames past the first restart for an infinite repeat.
        let window: Double? = timing.isInfinite ? timing.cycle / timing.speed + timing.timeOffset / timing.speed + 0.2 : nil
        let horizon = window ?? ((timing.end ?? begin) - begin)
        var joins: [Join] = []
        let perSecond = timing.speed / timing.duration
        let keyCount = curve.mode == .discrete ? 0 : curve.segments.count + 1
        if keyCount > 2 {
            for i in 1..<(keyCount - 1) {
                let progress = curve.fraction(atKey: i)
                let tau = timeFraction(ofProgress: progress)
                let slope = easing.slope(at: tau) * perSecond
                let incoming = curve.velocity(atKey: i, fromLeft: true) * slope
                let outgoing = curve.velocity(atKey: i, fromLeft: false) * slope
                guard let time = timing.times(ofFraction: tau, within: horizon, limit: 1).first else { continue }
                let point = curve.segments[i - 1].end.simd
                joins.append(
                    Join(element: i, point: shown(point), time: time, incoming: shown(incoming), outgoing: shown(outgoing)))
            }
        }
        var steps: [Double] = []
        let stepFractions = curve.designedStepFractions.map { timeFraction(ofProgress: $0) } + easing.jumps
        for f in Set(stepFractions).sorted() {
            steps += timing.times(ofFraction: f, within: horizon + 1e-9, limit: 10_000)
        }
        var seam: Seam?
        if timing.repeatCount > 1 || timing.repeatDuration.map({ $0 > timing.cycle }) == true, !timing.autoreverses {
            let from = shown(curve.value(atFraction: easing.progress(1))), to = shown(curve.value(atFraction: easing.progress(0)))
            if from != to, let time = timing.times(ofFraction: 1, within: horizon, limit: 1).first {
                seam = Seam(time: time, from: from, to: to)
            }
        }
        let quantity: TimelineMotion.Quantity =
            context.dimension == 2 ? .position : .scalar(name: context.property, unit: pointsPerUnit.1, pointsPerUnit: scale)
        var notes = self.notes
        if context.model == nil, timing.fillMode == .removed {
            notes.append("no model value given: the layer rests at the animation's start before it and at its end after it")
        }
        do {
            let motion = try TimelineMotion(
                quantity: quantity, start: begin, end: timing.end, window: window, value: value, joins: joins,
                designedSteps: steps, seam: seam, notes: notes)
            return Scene(name: name, kind: .timeline(motion, viewport: viewport), objectSize: context.size)
        } catch {
            throw node.error("the timeline could not be built: \(error)")
        }
    }
}
