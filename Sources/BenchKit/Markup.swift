/// Escaping shared by the text formats BenchKit writes (JUnit XML, Markdown tables).
public enum Markup {
    /// `text` as XML 1.0 character data or attribute value: `&`, `<`, `>`, `"` and `'` become
    /// entities, and characters XML 1.0 cannot hold at all (C0 controls other than tab, line
    /// feed and carriage return; U+FFFE, U+FFFF; unpaired surrogates cannot occur in a Swift
    /// `String`) become U+FFFD, so the document always parses (XML 1.0 §2.2, production `Char`).
    ///
    /// - Complexity: O(n) in the length of `text`.
    public static func xmlEscaped(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            case "\t", "\n", "\r": out.unicodeScalars.append(scalar)
            case _ where scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF:
                out.unicodeScalars.append("\u{FFFD}")
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// `text` as one cell of a GitHub-flavoured Markdown table: `|` would end the cell and is
    /// written `\|` (GFM spec, "Tables": "include a pipe in a cell's content by escaping it");
    /// a backslash is doubled so it cannot escape what follows; a line break would end the
    /// row and becomes `<br>`.
    ///
    /// - Complexity: O(n) in the length of `text`.
    public static func markdownCell(_ text: String) -> String {
        var out = ""
        var previousWasCarriageReturn = false
        for character in text.unicodeScalars {
            defer { previousWasCarriageReturn = character == "\r" }
            switch character {
            case "|": out += "\\|"
            case "\\": out += "\\\\"
            case "\r": out += "<br>"
            case "\n": if !previousWasCarriageReturn { out += "<br>" }
            default: out.unicodeScalars.append(character)
            }
        }
        return out
    }

    /// A GitHub-flavoured Markdown table: a header row, the delimiter row (`---`, or `---:` for
    /// the columns in `rightAligned`), then one row per element of `rows`, every cell escaped by
    /// ``markdownCell(_:)``. Rows shorter than the header are padded with empty cells.
    ///
    ///     Markup.markdownTable(["a", "b"], [["1", "x|y"]])
    ///     // | a | b |
    ///     // |---|---|
    ///     // | 1 | x\|y |
    ///
    /// - Complexity: O(total length of the cells).
    public static func markdownTable(_ header: [String], _ rows: [[String]], rightAligned: Set<Int> = []) -> String {
        func line(_ cells: [String]) -> String {
            let padded = cells + Array(repeating: "", count: max(0, header.count - cells.count))
            return "| " + padded.map(markdownCell).joined(separator: " | ") + " |"
        }
        var lines = [line(header)]
        lines.append("|" + header.indices.map { rightAligned.contains($0) ? "---:" : "---" }.joined(separator: "|") + "|")
        lines += rows.map(line)
        return lines.joined(separator: "\n") + "\n"
    }

    /// Three significant digits, never `nan` or `inf` (written `—`): the numbers of a table
    /// meant for people.
    static func short(_ value: Double) -> String {
        guard value.isFinite else { return "—" }
        return String(format: "%.3g", value)
    }
}
