@testable import TerminalPlot

/// A tiny seeded generator (Steele, Lea & Flood, "Fast splittable pseudorandom number
/// generators", OOPSLA 2014), so random cases are the same on every run.
struct SplitMix64: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// The text with every ANSI CSI sequence (ESC [ … final byte) removed.
func strippingEscapes(_ text: String) -> String {
    var result = String.UnicodeScalarView()
    var scalars = text.unicodeScalars.makeIterator()
    while let scalar = scalars.next() {
        if scalar == "\u{1B}" {
            _ = scalars.next()  // "["
            while let next = scalars.next(), !(0x40...0x7E).contains(next.value) {}
            continue
        }
        result.append(scalar)
    }
    return String(result)
}

/// Terminal columns of each output line (escapes removed).
func lineWidths(_ text: String) -> [Int] {
    strippingEscapes(text).split(separator: "\n", omittingEmptySubsequences: false).map { Text.columns(of: $0) }
}

func lines(_ text: String) -> [Substring] {
    text.split(separator: "\n", omittingEmptySubsequences: false)
}

/// The cells of the data area, row by row: the lines above the x axis (whose first visible
/// character is its corner), each cut after the y axis; title and y-label rows are skipped.
func dataArea(_ text: String, plot: Plot) -> [Substring] {
    var rows = lines(strippingEscapes(text))
    if plot.title != nil { rows.removeFirst() }
    if plot.yAxis.label != nil { rows.removeFirst() }
    let corner: Set<Character> = ["└", "+"]
    let axis: Set<Character> = ["┤", "│", "|", "+"]
    var result: [Substring] = []
    for row in rows {
        if let first = row.first(where: { $0 != " " }), corner.contains(first) { break }
        guard let bar = row.firstIndex(where: { axis.contains($0) }) else { continue }
        result.append(row[row.index(after: bar)...])
    }
    return result
}

/// The parameters of every SGR escape (`ESC [ … m`) in `text`, in order: `["34", "0"]` for a
/// blue run and its reset.
func sgrParameters(_ text: String) -> [String] {
    var found: [String] = []
    var scalars = text.unicodeScalars.makeIterator()
    while let scalar = scalars.next() {
        guard scalar == "\u{1B}", scalars.next() == "[" else { continue }
        var parameters = ""
        while let next = scalars.next() {
            if next == "m" { found.append(parameters); break }
            guard (0x30...0x3B).contains(next.value) else { break }  // digits and ';'
            parameters.unicodeScalars.append(next)
        }
    }
    return found
}

/// The y axis's tick labels, top to bottom: what stands before each tick mark `┤`.
func yTickLabels(_ text: String) -> [String] {
    lines(text).compactMap { line in
        line.firstIndex(of: "┤").map { tick in line[..<tick].split(separator: " ").joined(separator: " ") }
    }
}
