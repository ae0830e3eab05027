/// Terminal column widths and the cleaning of user text.
enum Text {
    /// Columns a character takes in a terminal: 2 for East Asian wide and fullwidth
    /// characters and emoji, 1 otherwise. The ranges follow Markus Kuhn's `wcwidth`
    /// (https://www.cl.cam.ac.uk/~mgk25/ucs/wcwidth.c) and Unicode's EastAsianWidth.txt
    /// W/F classes; combining marks are already folded into their `Character`.
    static func columns(of character: Character) -> Int {
        let scalars = character.unicodeScalars
        if scalars.contains(where: { $0.value == 0xFE0F }) { return 2 }  // emoji presentation
        guard let first = scalars.first else { return 0 }
        switch first.value {
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF,
            0x4E00...0x9FFF, 0xA000...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF,
            0xFE30...0xFE4F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x1F300...0x1F64F,
            0x1F900...0x1F9FF, 0x20000...0x3FFFD:
            return 2
        default:
            return 1
        }
    }

    /// Columns a string takes. - Complexity: O(*n*).
    static func columns(of text: some StringProtocol) -> Int {
        var total = 0
        for character in text { total += columns(of: character) }
        return total
    }

    /// `true` for C0/C1 controls and DEL: they would move the cursor or start an escape
    /// sequence, so user text never carries them into the output.
    static func isControl(_ character: Character) -> Bool {
        character.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }
    }

    /// One-column ASCII stand-ins for the symbols Flightline's labels use, so folding never
    /// changes a line's width.
    static let asciiStandIns: [Unicode.Scalar: Unicode.Scalar] = [
        "×": "x", "°": "o", "−": "-", "–": "-", "—": "-", "·": ".", "…": ".", "→": ">", "←": "<",
        "≤": "<", "≥": ">", "±": "+", "÷": "/", "ζ": "z", "ω": "w", "λ": "l", "π": "p", "µ": "u",
        "μ": "u", "ρ": "r", "Δ": "D", "₀": "0", "₁": "1", "₂": "2", "ₖ": "k", "²": "2", "³": "3",
        "⁻": "-", "₊": "+", "•": "o", "─": "-", "│": "|", "═": "=", "━": "=", "┤": "+", "┬": "+", "└": "+",
        "┼": "+", "├": "+", "┴": "+", "┌": "+", "┐": "+", "┘": "+",
    ]

    /// `text` with every non-ASCII scalar replaced by its one-column stand-in, or `?` (escape
    /// codes are ASCII and pass through). Wide characters count two columns and become `??`, so
    /// widths are kept. - Complexity: O(*n*).
    static func asciiFolded(_ text: String) -> String {
        guard !text.unicodeScalars.allSatisfy(\.isASCII) else { return text }
        var result = String.UnicodeScalarView()
        for character in text {
            if character.unicodeScalars.allSatisfy(\.isASCII) {
                result.append(contentsOf: character.unicodeScalars)
            } else if let scalar = character.unicodeScalars.first, let standIn = asciiStandIns[scalar] {
                result.append(standIn)
            } else {
                result.append(contentsOf: String(repeating: "?", count: max(1, columns(of: character))).unicodeScalars)
            }
        }
        return String(result)
    }

    /// The text with every control character replaced by `?`. - Complexity: O(*n*).
    static func sanitized(_ text: String) -> String {
        guard text.contains(where: isControl) else { return text }
        return String(text.map { isControl($0) ? "?" : $0 })
    }

    /// The cleaned text cut to at most `limit` columns, ending in an ellipsis (`…`, or `...`
    /// on the ASCII canvas) when something was cut. - Complexity: O(*n*).
    static func fitted(_ text: String, columns limit: Int, ascii: Bool) -> String {
        let clean = sanitized(text)
        if columns(of: clean) <= limit { return clean }
        let ellipsis = ascii ? "..." : "…"
        let ellipsisWidth = ascii ? 3 : 1
        guard limit > ellipsisWidth else { return String(repeating: ".", count: max(0, limit)) }
        var result = ""
        var used = 0
        for character in clean {
            let width = columns(of: character)
            if used + width > limit - ellipsisWidth { break }
            result.append(character)
            used += width
        }
        return result + ellipsis
    }
}
