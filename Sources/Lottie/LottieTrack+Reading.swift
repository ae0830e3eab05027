import BezierKernels
import JSONDocument

/// What a property holds (Lottie 1.0 §Properties, Property types).
enum PropertyKind {
    /// One number (rotation, opacity, skew); animated values are arrays of one number.
    case scalar
    /// A vector (scale): each dimension eased by its own handles.
    case vector
    /// A position (`p`, `a`): a vector whose keyframes may carry spatial tangents `ti`/`to`.
    case position
}

extension LottieTrack {
    /// Reads an animatable property `{a, k}` (Lottie 1.0 §Properties).
    ///
    /// Keys other than `a`, `k` and `x` (expression) are not motion (`ix`, `sid`, `l`, …) and
    /// are ignored, as Lottie files carry many. An expression is reported in `notes` and the
    /// keyframes under it are validated.
    /// - Throws: `LottieError` naming the JSON path of a malformed value, a keyframe out of time
    ///   order, an easing handle whose x leaves [0, 1], or tangents of the wrong dimension.
    static func read(_ node: JSONNode, kind: PropertyKind, notes: inout LottieNotes) throws(LottieError) -> LottieTrack {
        do {
            var object = try node.object()
            if object.optional("x") != nil {
                notes.add("expressions (x) cannot be evaluated; the keyframes under them are validated", at: node.place)
            }
            if object.optional("sid") != nil {
                notes.add("slots (sid) are not resolved; the property's own value is validated", at: node.place)
            }
            let k = try object.required("k")
            let animatedFlag = try object.optional("a").map(intBoolean)
            let looksAnimated: Bool
            if case .array(let items) = k.value, let firstItem = items.first, case .object = firstItem.value {
                looksAnimated = true
            } else {
                looksAnimated = false
            }
            if let animatedFlag, animatedFlag != looksAnimated {
                throw k.error(
                    animatedFlag
                        ? "expected an array of keyframes (objects with 't') since 'a' is 1, got \(k.described)"
                        : "expected a value since 'a' is 0, got keyframes")
            }
            guard looksAnimated else {
                return LottieTrack(constant: try value(k, kind: kind), path: node.place)
            }
            return try keyframes(try k.array(), kind: kind, path: node.place, notes: &notes)
        } catch {
            throw LottieError(wrapping: error, at: node)
        }
    }

    /// A Lottie boolean: 0 or 1 (Lottie 1.0 §Values, Int Boolean), or JSON true/false.
    static func intBoolean(_ node: JSONNode) throws(JSONDocumentError) -> Bool {
        if case .bool(let b) = node.value { return b }
        let n = try node.integer()
        guard n == 0 || n == 1 else { throw node.error("expected 0 or 1, got \(n)") }
        return n == 1
    }

    /// A property value: a number or an array of numbers (the first one for a scalar, the first
    /// two for a vector; a third, z, is 3-D and not used).
    static func value(_ node: JSONNode, kind: PropertyKind) throws(JSONDocumentError) -> SIMD2<Double> {
        switch kind {
        case .scalar:
            if case .number(let n) = node.value { return SIMD2(try LottieAnimation.value(node, n), 0) }
            let numbers = try boundedNumbers(node, count: 1)
            guard let first = numbers.first else { throw node.error("expected a number or an array of one number, got an empty array") }
            return SIMD2(first, 0)
        case .vector, .position:
            let numbers = try boundedNumbers(node, count: 2)
            guard numbers.count >= 2 else {
                throw node.error("expected an array of 2 numbers (x, y), got \(numbers.count == 1 ? "1 number" : "\(numbers.count) numbers")")
            }
            return SIMD2(numbers[0], numbers[1])
        }
    }

    /// An array of numbers whose first `count` (the ones used) are within
    /// ±`LottieAnimation.maximumValue`, each refused by its own JSON path.
    static func boundedNumbers(_ node: JSONNode, count: Int) throws(JSONDocumentError) -> [Double] {
        var result: [Double] = []
        for (index, item) in try node.array().enumerated() {
            let n = try item.number()
            result.append(index < count ? try LottieAnimation.value(item, n) : n)
        }
        return result
    }

    /// The easing handle `o` or `i` of one keyframe, for dimension `dimension` (Lottie 1.0
    /// §Properties, Keyframe Easing: `x` and `y` are numbers, or arrays with one element per
    /// dimension). x is time and must stay in [0, 1]; y may overshoot.
    static func handle(_ node: JSONNode, dimension: Int) throws(JSONDocumentError) -> SIMD2<Double> {
        var object = try node.object()
        func component(_ key: String) throws(JSONDocumentError) -> (Double, JSONNode) {
            let member = try object.required(key)
            if case .number(let n) = member.value { return (n, member) }
            let items = try member.array()
            guard !items.isEmpty else { throw member.error("expected a number or an array of numbers, got an empty array") }
            let item = items[min(dimension, items.count - 1)]
            return (try item.number(), item)
        }
        let (x, xNode) = try component("x")
        let (y, yNode) = try component("y")
        guard (0...1).contains(x) else {
            throw xNode.error("expected an easing handle's time (x) in 0 … 1, got \(JSONNode.text(x))")
        }
        guard abs(y) <= TimingCurve.maximumControlMagnitude else {
            throw yNode.error(
                "expected an easing handle's progress (y) within ±\(JSONNode.text(TimingCurve.maximumControlMagnitude)) (an overshoot of a million times the move), got \(JSONNode.text(y))")
        }
        return SIMD2(x, y)
    }

    struct RawKeyframe {
        let node: JSONNode
        let time: Double
        let start: SIMD2<Double>?
        let end: SIMD2<Double>?
        let hold: Bool
        let out: [SIMD2<Double>]?  // per dimension
        let inHandle: [SIMD2<Double>]?
        let outTangent: SIMD2<Double>?
        let inTangent: SIMD2<Double>?
    }

    static func keyframes(_ items: [JSONNode], kind: PropertyKind, path: String, notes: inout LottieNotes) throws -> LottieTrack {
        var raw: [RawKeyframe] = []
        for item in items {
            var object = try item.object()
            let timeNode = try object.required("t")
            let time = try LottieAnimation.frame(timeNode, "a keyframe time")
            if let previous = raw.last, time < previous.time {
                throw LottieError.at(
                    timeNode,
                    "expected a time at or after the previous keyframe's \(JSONNode.text(previous.time)) (keyframes in time order), got \(JSONNode.text(time))")
            }
            let sNode = object.optional("s")
            let start = try sNode.map { node throws(JSONDocumentError) in try Self.value(node, kind: kind) }
            let end = try object.optional("e").map { node throws(JSONDocumentError) in try Self.value(node, kind: kind) }
            let hold = try object.optional("h").map(intBoolean) ?? false
            let dimensions = kind == .scalar ? 1 : 2
            func handles(_ key: String) throws -> [SIMD2<Double>]? {
                guard let node = object.optional(key) else { return nil }
                return try (0..<dimensions).map { d throws(JSONDocumentError) in try handle(node, dimension: d) }
            }
            let out = try handles("o"), inHandle = try handles("i")
            var tangents: [SIMD2<Double>?] = [nil, nil]
            for (slot, key) in ["to", "ti"].enumerated() {
                guard let node = object.optional(key) else { continue }
                guard kind == .position else {
                    notes.add("spatial tangents on a property that is not a position are ignored", at: node.place)
                    continue
                }
                let numbers = try boundedNumbers(node, count: 2)
                let expected = try sNode.map { try $0.numbers().count } ?? numbers.count
                guard numbers.count == expected, numbers.count >= 2 else {
                    throw LottieError.at(
                        node, "expected \(expected) numbers, as the keyframe's value 's' has (a tangent relative to it), got \(numbers.count)")
                }
                tangents[slot] = SIMD2(numbers[0], numbers[1])
            }
            raw.append(
                RawKeyframe(
                    node: item, time: time, start: start, end: end, hold: hold, out: out, inHandle: inHandle,
                    outTangent: tangents[0], inTangent: tangents[1]))
        }
        guard let firstKey = raw.first else { throw LottieError("\(path).k: expected at least one keyframe, got an empty array", path: "\(path).k") }
        guard let firstValue = firstKey.start else { throw LottieError.at(firstKey.node, "missing key 's' (the keyframe's value)") }
        let spatial = kind == .position && raw.contains { $0.outTangent != nil || $0.inTangent != nil }
        var segments: [KeySegment] = []
        var value = firstValue
        for index in 0..<(raw.count - 1) {
            let key = raw[index], next = raw[index + 1]
            let v0 = key.start ?? value
            // The legacy end value `e` (Bodymovin before 5.5), else the next keyframe's value.
            guard let v1 = key.end ?? next.start else {
                throw LottieError.at(next.node, "missing key 's' (the keyframe's value; the previous keyframe has no end value 'e' either)")
            }
            let interpolation: KeySegment.Interpolation
            if key.hold {
                interpolation = .hold
            } else {
                var curves: [TimingCurve] = []
                for d in 0..<2 {
                    guard let o = key.out, let i = key.inHandle else {
                        curves.append(.linear)
                        continue
                    }
                    let od = o[min(d, o.count - 1)], id = i[min(d, i.count - 1)]
                    curves.append(try TimingCurve(x1: od.x, y1: od.y, x2: id.x, y2: id.y))
                }
                if key.out == nil || key.inHandle == nil {
                    notes.add("keyframes without easing handles (i, o) are read as linear", at: key.node.place)
                }
                // lottie-web (player/js/utils/PropertyFactory.js, interpolateValue): a keyframe
                // with `to` is spatial — one ease (its `o`/`i` as given, the first dimension's
                // here) applied to the distance along the cubic through the tangents; otherwise
                // each dimension has its own ease (`o.x[i]`, falling back to `o.x[0]`), and a hold
                // (`h` = 1) keeps `s` until the next keyframe.
                let ti = key.inTangent ?? .zero
                if spatial, let to = key.outTangent, to != .zero || ti != .zero {
                    do {
                        interpolation = .spatial(curves[0], try SpatialSegment(from: v0, out: to, in: ti, to: v1))
                    } catch {
                        throw LottieError.at(key.node, "the spatial curve from this keyframe cannot be measured: \(error)")
                    }
                } else if spatial, key.outTangent != nil {
                    // Zero tangents: the straight line, paced by the one ease.
                    interpolation = .eased(curves[0], curves[0])
                } else {
                    interpolation = .eased(curves[0], curves[kind == .scalar ? 0 : 1])
                }
            }
            segments.append(KeySegment(t0: key.time, t1: next.time, v0: v0, v1: v1, interpolation: interpolation))
            value = v1
        }
        // After the last keyframe the value is its own `s` (or the previous keyframe's `e`), and
        // its handles ease nothing (lottie-web, player/js/utils/PropertyFactory.js,
        // interpolateValue: `frameNum >= nextKeyData.t - offsetTime` takes the end value).
        let lastValue = raw.last?.start ?? value
        var track = LottieTrack(
            first: firstValue, last: segments.isEmpty ? firstValue : lastValue, segments: segments,
            keyTimes: raw.map(\.time), path: path)
        if let lastKey = raw.last, lastKey.inHandle != nil, !lastKey.hold { track.lastKeyframeEased = true }
        return track
    }
}
