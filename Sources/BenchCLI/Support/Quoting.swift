/// `value` in single quotes for a message, unambiguous whatever it holds.
///
/// Characters a terminal shows as nothing or as something else — control characters, a
/// non-breaking or other unusual space, zero-width and direction marks, a byte-order mark,
/// unassigned and private-use code points, a lone combining mark — are written as Swift escapes
/// (`'1\u{A0}2'`, `'\t'`), and so are `\` and `'` themselves (`'it\'s'`), so what is between the
/// quotes reads back as exactly the value. A value longer than `limit` characters keeps its
/// start and end around `…` and says how long it is: one path of 200 KiB stays one line.
func quoted(_ value: String, limit: Int = 80) -> String {
    var text = value
    var suffix = ""
    if value.count > limit {
        let head = value.prefix(limit - 20), tail = value.suffix(12)
        text = String(head) + "…" + String(tail)
        suffix = " (\(value.count) characters)"
    }
    var out = "'"
    for scalar in text.unicodeScalars {
        switch scalar {
        case "\\": out += "\\\\"
        case "'": out += "\\'"
        default: out += escapedIfUnusual(scalar)
        }
    }
    return out + "'" + suffix
}

/// `text` with every character a terminal would hide or misshow escaped (see ``quoted(_:limit:)``);
/// visible characters, including `\` and `'`, unchanged. Applied to every error message `bench`
/// prints, so a value echoed by any layer shows what it really holds.
func escapingUnusualCharacters(_ text: String) -> String {
    var out = ""
    for scalar in text.unicodeScalars { out += escapedIfUnusual(scalar) }
    return out
}

private func escapedIfUnusual(_ scalar: Unicode.Scalar) -> String {
    switch scalar {
    case "\t": return "\\t"
    case "\n": return "\\n"
    case "\r": return "\\r"
    case " ": return " "
    default: break
    }
    switch scalar.properties.generalCategory {
    case .control, .format, .unassigned, .privateUse, .surrogate,
         .spaceSeparator, .lineSeparator, .paragraphSeparator,
         .nonspacingMark, .enclosingMark:
        // A combining mark is escaped too: on its own (after a quote or a space) it would
        // silently decorate the character before it.
        return "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
    default:
        return String(scalar)
    }
}
