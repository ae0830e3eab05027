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
        var header: [(column: String, scale: Double)]?
        var headerLine = 0
        var columns: [String: [Double]] = [:]
        var lines: [Int] = []
        var lineNumber = 0
        for rawLine in text.split(separator: "\n", omittingEmptySubsequences: false) {
            lineNumber += 1
            var line = Substring(rawLine)
            if line.hasSuffix("\r") { line = line.dropLast() }
            let trimmed = line.drop(while: { $0 == " " || $0 == "\t" })
            if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
            let fields = line.split(separator: ",", omittingEmptySubsequences: false).map { field in
                String(field.drop(while: { $0 == " " || $0 == "\t" }).reversed().drop(while: { $0 == " " || $0 == "\t" }).reversed())
            }
            guard let known = header else {
                header = try parseHeader(fields, source: source, line: lineNumber)
                headerLine = lineNumber
                for (column, _) in header! { columns[column] = [] }
                continue
            }
            guard fields.count == known.count else {
                throw MotionError("\(source):\(lineNumber): \(fields.count) fields, expected \(known.count) (\(known.map(\.column).joined(separator: ",")))")
            }
            for (index, field) in fields.enumerated() {
                guard let value = Double(field), value.isFinite else {
                    throw MotionError("\(source):\(lineNumber): \(known[index].column) must be a finite number, got '\(field)'")
                }
                columns[known[index].column]!.append(value * known[index].scale)
            }
            lines.append(lineNumber)
        }
        guard header != nil else { throw MotionError("\(source): empty file; expected a header line (t,x,y) and samples") }
        guard !lines.isEmpty else { throw MotionError("\(source):\(headerLine): a header and no samples; expected at least one line of t,x,y") }
        let xs = columns["x"]!, ys = columns["y"]!
        return try MotionTrace(
            source: source, times: columns["t"]!, positions: zip(xs, ys).map { SIMD2($0, $1) },
            presentations: columns["present"], targets: columns["target"], callbacks: columns["callback"],
            completions: columns["completion"], intervals: columns["interval"], lines: lines)
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
