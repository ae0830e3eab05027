#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// How wide `bench`'s standard output may be, for the command running now.
///
/// The width is `COLUMNS` when it is a whole number, else the terminal's width (`TIOCGWINSZ` on
/// standard output), else 80 (a pipe or a file); `--wide` lifts it. Tables drop or narrow their
/// lower-priority columns to fit (``Table``), prose lines wrap at word boundaries with a hanging
/// indent (``Console``), plots take the width. JSON is never touched.
struct Layout: Sendable {
    /// The most columns a line may take; `nil` for everything unabridged (`--wide`).
    var width: Int?

    /// Narrower than this, tables and prose stop being readable: a smaller `COLUMNS` is raised.
    static let minimumWidth = 40
    /// The width when neither `COLUMNS` nor a terminal says.
    static let fallbackWidth = 80

    /// The layout of the running command; unlimited outside `bench` (library use, unit tests).
    @TaskLocal static var current = Layout(width: nil)

    /// Whether a table has already said that it hid columns: said once per command.
    private let hiddenNote = OnceFlag()

    init(width: Int?) { self.width = width }

    static func resolve(wide: Bool, environment: [String: String], stdoutIsTerminal: Bool) -> Layout {
        if wide { return Layout(width: nil) }
        if let text = environment["COLUMNS"], let columns = Int(text.trimmingCharacters(in: .whitespaces)), columns > 0 {
            return Layout(width: max(columns, minimumWidth))
        }
        if stdoutIsTerminal {
            var size = winsize()
            if ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 {
                return Layout(width: max(Int(size.ws_col), minimumWidth))
            }
        }
        return Layout(width: fallbackWidth)
    }

    /// True the first time it is asked in this command, false after.
    func shouldNoteHiddenColumns() -> Bool { hiddenNote.take() }

    /// The lines of `text` that need it wrapped to the width (see ``wrap(_:width:)``); `text`
    /// itself when it is JSON (it starts with `{` or `[`), or when the width is unlimited.
    func fitted(_ text: String) -> String {
        guard let width, !text.isEmpty else { return text }
        if let first = text.first(where: { !$0.isWhitespace }), first == "{" || first == "[" { return text }
        var lines: [String] = []
        var changed = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let line = String(line)
            if displayWidth(line) > width, !isPlotLine(line) {
                lines += wrap(line, width: width)
                changed = true
            } else {
                lines.append(line)
            }
        }
        return changed ? lines.joined(separator: "\n") : text
    }
}

/// A flag that can be taken once, safely from any thread.
private final class OnceFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var taken = false
    func take() -> Bool {
        lock.lock()
        defer { lock.unlock() }
        defer { taken = true }
        return !taken
    }
}

/// The columns `text` takes on a terminal: one per character, none for ANSI colour sequences.
func displayWidth(_ text: Substring) -> Int {
    guard text.contains("\u{1B}") else { return text.count }
    var width = 0
    var inEscape = false
    for character in text {
        if inEscape {
            if character.isLetter { inEscape = false }
        } else if character == "\u{1B}" {
            inEscape = true
        } else {
            width += 1
        }
    }
    return width
}

func displayWidth(_ text: String) -> Int { displayWidth(text[...]) }

/// A line of a plot (braille dots or axis glyphs): never wrapped, a plot is drawn to the width.
private func isPlotLine(_ line: String) -> Bool {
    line.unicodeScalars.contains { scalar in
        (0x2800...0x28FF).contains(scalar.value) || "│┤├┼┬┴└┌┐┘╵╷".unicodeScalars.contains(scalar)
    }
}

/// `line` broken at spaces into lines of at most `width` columns.
///
/// The first line keeps its spacing; the others get a hanging indent: under the second column
/// when the line is a label and its text (`  --hz R,…   frame rates`: two or more spaces after
/// the first word), else two spaces deeper than the line's own indent. A word longer than the
/// room left stays whole on a line of its own (it cannot be broken without changing it).
func wrap(_ line: String, width: Int) -> [String] {
    let characters = Array(line)
    let indent = characters.prefix { $0 == " " }.count
    var hang = indent + (listMarkerLength(line.dropFirst(indent)) ?? 2)
    // A label column: the first run of two or more spaces after some text, in the left half.
    var index = indent
    while index < characters.count, index <= width / 2 {
        if characters[index] == " ", index + 1 < characters.count, characters[index + 1] == " " {
            var gapEnd = index
            while gapEnd < characters.count, characters[gapEnd] == " " { gapEnd += 1 }
            if gapEnd < characters.count, gapEnd <= width / 2 { hang = gapEnd }
            break
        }
        index += 1
    }
    if hang >= width - 10 { hang = min(indent, 2) }

    var result: [String] = []
    var rest = Substring(line)
    var prefix = ""
    while displayWidth(prefix) + displayWidth(rest) > width {
        let room = width - displayWidth(prefix)
        // The last space that leaves the head within the room (not inside the leading indent).
        let protected = result.isEmpty ? indent : 0
        var breakAt: String.Index?
        var position = 0
        var cursor = rest.startIndex
        while cursor < rest.endIndex, position <= room {
            if rest[cursor] == " ", position > protected { breakAt = cursor }
            position += 1
            cursor = rest.index(after: cursor)
        }
        if breakAt == nil {
            // No space in reach: break after the long word instead.
            breakAt = rest[rest.index(rest.startIndex, offsetBy: min(protected, rest.count))...].firstIndex(of: " ")
        }
        guard let cut = breakAt else { break }
        let head = rest[..<cut]
        var trimmedHead = head
        while trimmedHead.last == " " { trimmedHead = trimmedHead.dropLast() }
        result.append(prefix + trimmedHead)
        rest = rest[cut...].drop { $0 == " " }
        prefix = String(repeating: " ", count: hang)
        if rest.isEmpty { return result }
    }
    result.append(prefix + rest)
    return result
}

/// The length of the list marker `text` starts with (`- `, `• `, `1. `, `12. `), if any.
func listMarkerLength(_ text: Substring) -> Int? {
    if text.hasPrefix("- ") || text.hasPrefix("• ") { return 2 }
    let digits = text.prefix { $0.isASCII && $0.isNumber }
    guard !digits.isEmpty, text.dropFirst(digits.count).hasPrefix(". ") else { return nil }
    return digits.count + 2
}

/// Hand-wrapped prose in `text` joined into one line per paragraph, so that ``Console`` can
/// wrap it again to the running command's width; `text` unchanged when the width is unlimited.
///
/// A line continues the paragraph above when both are prose (no run of two spaces inside, no
/// rule or box-drawing character: not a table or an aligned example) and it sits at the
/// paragraph's text column without starting a list item. Blank lines, list items, examples and
/// tables stay as they are.
func reflowed(_ text: String, width: Int? = Layout.current.width) -> String {
    guard width != nil else { return text }
    func isProse(_ content: Substring) -> Bool {
        !content.isEmpty && !content.contains("  ") && !content.hasPrefix("$ ")
            && !content.unicodeScalars.contains { (0x2500...0x257F).contains($0.value) }
    }
    var lines: [String] = []
    var column: Int?  // The text column of the open paragraph, when the last line was prose.
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
        let indent = line.prefix { $0 == " " }.count
        let content = line.dropFirst(indent)
        let marker = listMarkerLength(content)
        if let open = column, isProse(content), indent == open, marker == nil, !content.hasPrefix("--") {
            lines[lines.count - 1] += " " + content
            continue
        }
        lines.append(String(line))
        column = isProse(content) ? indent + (marker ?? 0) : nil
    }
    return lines.joined(separator: "\n")
}
