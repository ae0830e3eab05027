import Foundation

/// A plain-text table with columns padded to their widest cell: numbers right-aligned, text left.
///
/// It fits the width of the running command (``Layout``): while it is too wide it hides its
/// lowest-priority column, and as a last resort it narrows the widest column, ending cut cells
/// with `…`. By default the first column (what a row is about) matters most, then the last
/// (usually the verdict or the result), then the others from left to right; `priorities` says
/// otherwise. The first table of a command that hides columns says so once, below itself.
struct Table {
    var header: [String]
    var rows: [[String]] = []
    /// How much each column matters, higher kept longer; `nil` for the default order above.
    var priorities: [Int]?

    init(_ header: String...) { self.header = header }

    mutating func add(_ cells: String...) { rows.append(cells) }
    mutating func add(row cells: [String]) { rows.append(cells) }

    /// The narrowest a column is cut to (three characters and the `…`).
    static let minimumColumnWidth = 4

    func rendered(indent: String = "", width: Int? = Layout.current.width) -> String {
        let columns = header.count
        var widths = header.map { displayWidth($0) }
        for row in rows {
            for (index, cell) in row.prefix(columns).enumerated() { widths[index] = max(widths[index], displayWidth(cell)) }
        }
        var shown = Array(0..<columns)
        var limits = widths
        if let width {
            func total() -> Int { indent.count + shown.map { limits[$0] }.reduce(0, +) + 2 * max(0, shown.count - 1) }
            let priority = priorities ?? (0..<columns).map { index in
                index == 0 ? Int.max : index == columns - 1 ? Int.max - 1 : columns - index
            }
            while total() > width, shown.count > 1,
                  let drop = shown.filter({ $0 != 0 }).min(by: { (priority[$0], -$0) < (priority[$1], -$1) }) {
                shown.removeAll { $0 == drop }
            }
            while total() > width, let widest = shown.max(by: { limits[$0] < limits[$1] }), limits[widest] > Self.minimumColumnWidth {
                limits[widest] = max(Self.minimumColumnWidth, limits[widest] - (total() - width))
            }
        }
        func fit(_ cell: String, _ index: Int) -> String {
            guard displayWidth(cell) > limits[index] else { return cell }
            return String(cell.prefix(limits[index] - 1)) + "…"
        }
        func line(_ cells: [String]) -> String {
            var parts: [String] = []
            for index in shown {
                let cell = fit(index < cells.count ? cells[index] : "", index)
                let padding = String(repeating: " ", count: max(0, limits[index] - displayWidth(cell)))
                parts.append(Table.isNumeric(cell) && index > 0 ? padding + cell : cell + padding)
            }
            return indent + parts.joined(separator: "  ").replacingOccurrences(of: "\\s+$", with: "", options: .regularExpression)
        }
        var lines = [line(header), indent + shown.map { String(repeating: "─", count: limits[$0]) }.joined(separator: "  ")]
        lines += rows.map(line)
        let hidden = (0..<columns).filter { !shown.contains($0) }
        if !hidden.isEmpty, Layout.current.shouldNoteHiddenColumns() {
            let names = hidden.map { header[$0].isEmpty ? "column \($0 + 1)" : header[$0] }.joined(separator: ", ")
            lines.append(indent + "(\(hidden.count) column\(hidden.count == 1 ? "" : "s") hidden to fit \(width ?? 0) columns: \(names); --wide shows them)")
        }
        return lines.joined(separator: "\n")
    }

    private static func isNumeric(_ cell: String) -> Bool {
        guard let first = cell.first else { return false }
        return first.isNumber || ((first == "-" || first == "+" || first == "≤" || first == "×") && cell.dropFirst().first?.isNumber == true)
    }
}

/// `value` with `digits` significant digits, in plain notation for ordinary magnitudes and
/// scientific notation for tiny or huge ones.
func significant(_ value: Double, _ digits: Int = 3) -> String {
    guard value.isFinite else { return value.isNaN ? "nan" : (value > 0 ? "inf" : "-inf") }
    if value == 0 { return "0" }
    let magnitude = abs(value)
    if magnitude < 1e-3 || magnitude >= 1e7 {
        return String(format: "%.\(max(0, digits - 1))e", value)
    }
    let decimals = max(0, digits - 1 - Int(floor(log10(magnitude))))
    return String(format: "%.\(decimals)f", value)
}

/// A count of frames or steps for a message: ``significant(_:_:)``, or, where the product behind
/// it overflowed, "more than 1.8e308" (a count is never printed as "inf").
func countText(_ value: Double, _ digits: Int = 3) -> String {
    value.isFinite ? significant(value, digits) : "more than \(significant(.greatestFiniteMagnitude, 2))"
}

/// A time in nanoseconds with a readable unit: `21.3 ns`, `4.56 µs`, `1.20 ms`, `2.00 s`.
func duration(nanoseconds ns: Double) -> String {
    switch abs(ns) {
    case ..<1e3: "\(significant(ns)) ns"
    case ..<1e6: "\(significant(ns / 1e3)) µs"
    case ..<1e9: "\(significant(ns / 1e6)) ms"
    default: "\(significant(ns / 1e9)) s"
    }
}
