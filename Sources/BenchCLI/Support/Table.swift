import Foundation

/// A plain-text table with columns padded to their widest cell: numbers right-aligned, text left.
struct Table {
    var header: [String]
    var rows: [[String]] = []

    init(_ header: String...) { self.header = header }

    mutating func add(_ cells: String...) { rows.append(cells) }
    mutating func add(row cells: [String]) { rows.append(cells) }

    func rendered(indent: String = "") -> String {
        let columns = header.count
        var widths = header.map(\.count)
        for row in rows {
            for (index, cell) in row.prefix(columns).enumerated() { widths[index] = max(widths[index], cell.count) }
        }
        func line(_ cells: [String]) -> String {
            var parts: [String] = []
            for index in 0..<columns {
                let cell = index < cells.count ? cells[index] : ""
                let padding = String(repeating: " ", count: widths[index] - cell.count)
                parts.append(Table.isNumeric(cell) && index > 0 ? padding + cell : cell + padding)
            }
            return indent + parts.joined(separator: "  ").replacingOccurrences(of: "\\s+$", with: "", options: .regularExpression)
        }
        var lines = [line(header), indent + widths.map { String(repeating: "─", count: $0) }.joined(separator: "  ")]
        lines += rows.map(line)
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

/// A time in nanoseconds with a readable unit: `21.3 ns`, `4.56 µs`, `1.20 ms`, `2.00 s`.
func duration(nanoseconds ns: Double) -> String {
    switch abs(ns) {
    case ..<1e3: "\(significant(ns)) ns"
    case ..<1e6: "\(significant(ns / 1e3)) µs"
    case ..<1e9: "\(significant(ns / 1e6)) ms"
    default: "\(significant(ns / 1e9)) s"
    }
}
