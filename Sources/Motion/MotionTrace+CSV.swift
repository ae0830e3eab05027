extension MotionTrace {
    /// The columns a CSV trace may have, and the names that are not theirs.
    ///
    /// A header names the columns, in any order: `t` (or `time`), `x`, `y` (required), and
    /// optionally `present`, `target`, `callback`, `completion`, `interval`. A time column may carry a unit
    /// suffix, `_s` (the default, also `_seconds`), `_ms`, `_us` or `_ns` (`t_ms`, `present_ms`);
    /// `x` and `y` may carry `_pt` (points, the only unit). Blank lines and lines starting with
    /// `#` are skipped.
    public static let csvColumns = ["t", "x", "y", "present", "target", "callback", "completion", "interval"]

    /// Reads a CSV trace.
    /// - Parameter source: the name messages use (the file's path).
    /// - Throws: `MotionError` naming the source, the line and the bad value: an empty file, a
    ///   missing or unknown or repeated column, a row with the wrong number of fields, a value
    ///   that is not a finite number (NaN included), times that repeat or go backwards.
    /// - Complexity: O(characters).
    public static func csv(_ text: String, source: String) throws(MotionError) -> MotionTrace {
        // Bytes, not Characters: a trace is ASCII numbers and commas, and Character-level
        // splitting costs most of the time of a 10,000-frame validation.
        var text = text
        let result: Result<MotionTrace, MotionError> = text.withUTF8 { bytes in
            do throws(MotionError) {
                return .success(try csv(bytes, source: source))
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    static func csv(_ bytes: UnsafeBufferPointer<UInt8>, source: String) throws(MotionError) -> MotionTrace {
        let newline = UInt8(ascii: "\n"), comma = UInt8(ascii: ","), space = UInt8(ascii: " "), tab = UInt8(ascii: "\t")
        let carriageReturn = UInt8(ascii: "\r"), hash = UInt8(ascii: "#")
        func text(_ range: Range<Int>) -> String { String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self) }
        var header: [(column: String, scale: Double)]?
        var headerLine = 0
        var values: [[Double]] = []
        var lines: [Int] = []
        var lineNumber = 0
        var lineStart = 0
        var fields: [Range<Int>] = []
        while lineStart <= bytes.count {
            var lineEnd = lineStart
            while lineEnd < bytes.count, bytes[lineEnd] != newline { lineEnd += 1 }
            defer { lineStart = lineEnd + 1 }
            lineNumber += 1
            var end = lineEnd
            if end > lineStart, bytes[end - 1] == carriageReturn { end -= 1 }
            var first = lineStart
            while first < end, bytes[first] == space || bytes[first] == tab { first += 1 }
            if first == end || bytes[first] == hash { continue }
            // Fields, each trimmed of spaces and tabs.
            fields.removeAll(keepingCapacity: true)
            var fieldStart = lineStart
            for index in lineStart...end where index == end || bytes[index] == comma {
                var a = fieldStart, b = index
                while a < b, bytes[a] == space || bytes[a] == tab { a += 1 }
                while b > a, bytes[b - 1] == space || bytes[b - 1] == tab { b -= 1 }
                fields.append(a..<b)
                fieldStart = index + 1
            }
            guard let known = header else {
                let parsed = try parseHeader(fields.map(text), source: source, line: lineNumber)
                header = parsed
                headerLine = lineNumber
                values = Array(repeating: [], count: parsed.count)
                continue
            }
            guard fields.count == known.count else {
                throw MotionError("\(source):\(lineNumber): \(fields.count) fields, expected \(known.count) (\(known.map(\.column).joined(separator: ",")))")
            }
            for (index, field) in fields.enumerated() {
                let string = text(field)
                guard let value = Double(string), value.isFinite else {
                    throw MotionError("\(source):\(lineNumber): \(known[index].column) must be a finite number, got '\(string)'")
                }
                values[index].append(value * known[index].scale)
            }
            lines.append(lineNumber)
        }
        guard let header else { throw MotionError("\(source): empty file; expected a header line (t,x,y) and samples") }
        guard !lines.isEmpty else { throw MotionError("\(source):\(headerLine): a header and no samples; expected at least one line of t,x,y") }
        func column(_ name: String) -> [Double]? { header.firstIndex { $0.column == name }.map { values[$0] } }
        let xs = column("x")!, ys = column("y")!
        return try MotionTrace(
            source: source, times: column("t")!, positions: zip(xs, ys).map { SIMD2($0, $1) },
            presentations: column("present"), targets: column("target"), callbacks: column("callback"),
            completions: column("completion"), intervals: column("interval"), lines: lines)
    }

    static func parseHeader(_ fields: [String], source: String, line: Int) throws(MotionError) -> [(column: String, scale: Double)] {
        var result: [(column: String, scale: Double)] = []
        for field in fields {
            let name = field.lowercased()
            var base = name, scale = 1.0
            for (suffix, factor) in [("_seconds", 1.0), ("_s", 1.0), ("_ms", 1e-3), ("_us", 1e-6), ("_ns", 1e-9), ("_pt", 1.0)]
            where name.hasSuffix(suffix) {
                base = String(name.dropLast(suffix.count))
                scale = factor
                if (suffix == "_pt") != (base == "x" || base == "y") {
                    throw MotionError(
                        "\(source):\(line): column '\(field)' has the wrong unit; expected x and y in points (_pt) and times in _s, _ms, _us or _ns")
                }
                break
            }
            if base == "time" { base = "t" }
            guard csvColumns.contains(base) else {
                throw MotionError(
                    "\(source):\(line): unknown column '\(field)'; expected \(csvColumns.joined(separator: ", ")) (times may end in _s, _ms, _us, _ns)")
            }
            guard !result.contains(where: { $0.column == base }) else {
                throw MotionError("\(source):\(line): column '\(base)' given twice")
            }
            result.append((base, scale))
        }
        for required in ["t", "x", "y"] where !result.contains(where: { $0.column == required }) {
            throw MotionError(
                "\(source):\(line): missing column '\(required)'; expected a header with t, x and y (got \(fields.joined(separator: ",")))")
        }
        return result
    }
}
