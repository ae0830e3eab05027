import BenchKit
import Foundation

/// Seeded mutations of input files (scene files, Lottie files, traces), the fuzzer of issue 22:
/// each mutation picks one of
///
/// - a number of the document replaced by an extreme one (1e308, 5e-324, -0, 1e18, integers
///   beyond `Int64`, …): the figures that overflowed, underflowed or sized work;
/// - a value replaced by a deep nesting of arrays or objects (up to 100,000 levels);
/// - bytes that are not UTF-8 inserted anywhere;
/// - a truncation, a deleted span, a duplicated span;
/// - a string value replaced by another word of the formats' vocabularies.
///
/// One to three mutations per input, each from the seeded SplitMix64 stream: the same seed
/// gives the same inputs, in the same order, on every machine.
struct InputMutator {
    /// BenchKit's SplitMix64 (Steele, Lea & Flood 2014): the stream every seeded part uses.
    private var generator: SplitMix64

    init(seed: UInt64) { generator = SplitMix64(seed: seed) }

    mutating func random() -> UInt64 { generator.next() }

    mutating func int(_ range: ClosedRange<Int>) -> Int {
        range.lowerBound + Int(random() % UInt64(range.count))
    }

    mutating func chance(_ probability: Double) -> Bool {
        Double(random() >> 11) / Double(1 << 53) < probability
    }

    mutating func pick<T>(_ items: [T]) -> T { items[int(0...(items.count - 1))] }

    /// The numbers that broke something before, or sit at an edge of a double or an integer.
    static let extremes = [
        "1e308", "-1e308", "1.7976931348623157e308", "5e-324", "-5e-324", "1e-320", "2.2e-308", "-0", "0", "-0.0",
        "1e18", "-1e18", "1e20", "1e9", "1e7", "1e6", "1e5", "1e4", "1000", "-1", "0.5", "1e-9", "1e-6", "3600.5",
        "9223372036854775807", "9223372036854775808", "-9223372036854775809", "18446744073709551616",
        "123456789012345678901234567890", "1e400", "4294967297", "2", "60", "0.001",
    ]

    /// Words the readers give meaning to: a string swapped for one may turn a keyframe into a
    /// spring or a stop condition into another.
    static let words = [
        "spring", "keyframe", "basic", "rest", "offsetIsZero", "position", "position.x", "position.y", "opacity",
        "transform.rotation.z", "linear", "paced", "cubic", "discrete", "infinite", "envelope", "framer", "additive",
        "restart", "preserveVelocity", "ease-in-out", "cubic-bezier(0, 6e307, 1, 1)", "steps(1000000)",
        "linear(0, 1e308, 1)", "M 0 0 L 1e308 0", "M 0 0 C 0 0 0 0 100 0", "", "flightline.scene/1", "C", "X", "M",
        "position", "frame 0", "🐝", "\\u0000", "\\ud800",
    ]

    /// Byte sequences that are not UTF-8: a stray continuation, a lone lead byte, an overlong
    /// encoding, a surrogate, bytes never used.
    static let invalidUTF8: [[UInt8]] = [[0x80], [0xC3], [0xC0, 0x80], [0xED, 0xA0, 0x80], [0xFF], [0xFE, 0xFF], [0xF4, 0x90, 0x80, 0x80]]

    /// The byte ranges of the numbers in a JSON or CSV document: a token of number characters
    /// that follows a separator (`:`, `[`, `,`, white space) and ends before one.
    static func numberRanges(_ bytes: [UInt8]) -> [Range<Int>] {
        let starts = Set(":[, \n\t\r".utf8), ends = Set(",]} \n\t\r".utf8), body = Set("0123456789+-.eE".utf8)
        var ranges: [Range<Int>] = []
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            let begins = (byte >= 0x30 && byte <= 0x39) || byte == UInt8(ascii: "-")
            guard begins, index == 0 || starts.contains(bytes[index - 1]) else {
                index += 1
                continue
            }
            var end = index
            while end < bytes.count, body.contains(bytes[end]) { end += 1 }
            if end == bytes.count || ends.contains(bytes[end]) { ranges.append(index..<end) }
            index = max(end, index + 1)
        }
        return ranges
    }

    /// The byte ranges of JSON string values (after a `:`), quotes included.
    static func stringValueRanges(_ bytes: [UInt8]) -> [Range<Int>] {
        var ranges: [Range<Int>] = []
        var index = 0
        while index < bytes.count {
            guard bytes[index] == UInt8(ascii: "\""), index > 0 else {
                index += 1
                continue
            }
            var end = index + 1
            while end < bytes.count, bytes[end] != UInt8(ascii: "\"") {
                end += bytes[end] == UInt8(ascii: "\\") ? 2 : 1
            }
            guard end < bytes.count else { break }
            var before = index - 1
            while before > 0, bytes[before] == UInt8(ascii: " ") { before -= 1 }
            if bytes[before] == UInt8(ascii: ":") { ranges.append(index..<(end + 1)) }
            index = end + 1
        }
        return ranges
    }

    /// One to three mutations of `bytes`.
    mutating func mutate(_ bytes: [UInt8]) -> [UInt8] {
        var result = bytes
        for _ in 0..<int(1...3) { result = mutateOnce(result) }
        return result
    }

    mutating func mutateOnce(_ bytes: [UInt8]) -> [UInt8] {
        guard !bytes.isEmpty else { return Array(pick(Self.extremes).utf8) }
        var result = bytes
        switch int(0...15) {
        case 0...7:
            // A number becomes an extreme one (most mutations: the figures are what broke).
            let numbers = Self.numberRanges(bytes)
            guard !numbers.isEmpty else { return mutateOnce(Array(bytes.dropLast())) }
            result.replaceSubrange(pick(numbers), with: Array(pick(Self.extremes).utf8))
        case 8:
            // Deep nesting in place of a number: arrays or objects, up to 100,000 levels.
            let numbers = Self.numberRanges(bytes)
            guard let range = numbers.isEmpty ? nil : pick(numbers) else { return bytes }
            let depth = pick([64, 1000, 20_000, 100_000])
            let nested = chance(0.5)
                ? String(repeating: "[", count: depth) + "1" + String(repeating: "]", count: depth)
                : String(repeating: "{\"a\":", count: depth) + "1" + String(repeating: "}", count: depth)
            result.replaceSubrange(range, with: Array(nested.utf8))
        case 9:
            result.insert(contentsOf: pick(Self.invalidUTF8), at: int(0...bytes.count))
        case 10:
            result = Array(bytes.prefix(int(0...(bytes.count - 1))))
        case 11:
            let start = int(0...(bytes.count - 1))
            result.removeSubrange(start..<min(bytes.count, start + int(1...64)))
        case 12:
            let start = int(0...(bytes.count - 1))
            let span = Array(bytes[start..<min(bytes.count, start + int(1...256))])
            result.insert(contentsOf: span, at: int(0...bytes.count))
        default:
            let strings = Self.stringValueRanges(bytes)
            guard !strings.isEmpty else { return mutateOnce(bytes) }
            result.replaceSubrange(pick(strings), with: Array(("\"" + pick(Self.words) + "\"").utf8))
        }
        return result
    }

    // MARK: Traces

    /// A CSV trace of 3 to 40 frames at about 60 Hz: `t,x,y` and, sometimes, the optional
    /// columns, in seconds or a time unit.
    mutating func csvTrace() -> [UInt8] {
        let unit = pick([("", 1.0), ("_ms", 1e3), ("_us", 1e6), ("_ns", 1e9)])
        var columns = ["t" + unit.0, "x", "y"]
        let extra = ["present", "target", "callback", "completion", "interval"].filter { _ in chance(0.3) }
        columns += extra.map { $0 + unit.0 }
        var lines = [columns.joined(separator: ",")]
        let frames = int(3...40)
        var x = 0.0
        for k in 0..<frames {
            let t = Double(k) / 60 + (chance(0.1) ? 0.016 : 0)
            x += chance(0.05) ? 300 : 5
            var row = [t * unit.1, x, 100 + Double(k % 7)]
            for name in extra {
                switch name {
                case "present": row.append((t + 1.0 / 60) * unit.1)
                case "target": row.append((t + 1.0 / 60) * unit.1)
                case "callback": row.append((t + 0.001) * unit.1)
                case "completion": row.append((t + 0.008) * unit.1)
                default: row.append(unit.1 / 60)
                }
            }
            lines.append(row.map { String($0) }.joined(separator: ","))
        }
        return Array((lines.joined(separator: "\n") + "\n").utf8)
    }

    /// Chrome Trace Event JSON of 3 to 30 frames as `--trace-out` writes them: per frame a
    /// production slice, a presentation slice and the position counter.
    mutating func chromeTrace() -> [UInt8] {
        var events = [#"{"name": "process_name", "ph": "M", "pid": 1, "args": {"name": "fuzz"}}"#]
        let frames = int(3...30)
        var x = 20.0
        for k in 0..<frames {
            let ts = Double(k) * 16_666.667
            x += chance(0.05) ? 400 : 4
            events.append(
                #"{"name": "frame \#(k)", "cat": "production", "ph": "X", "pid": 1, "tid": 1, "ts": \#(ts), "dur": 2000, "args": {"sample": \#(ts), "target": \#(ts + 16_666.667), "present": \#(ts + 16_666.667), "interval": 16666.667}}"#)
            events.append(#"{"name": "frame \#(k)", "cat": "presentation", "ph": "X", "pid": 1, "tid": 2, "ts": \#(ts + 16_666.667), "dur": 16666.667}"#)
            events.append(#"{"name": "position", "ph": "C", "pid": 1, "ts": \#(ts), "args": {"x": \#(x), "y": 200}}"#)
        }
        return Array(("{\"traceEvents\": [\n" + events.joined(separator: ",\n") + "\n]}\n").utf8)
    }
}
