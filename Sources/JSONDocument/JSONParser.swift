/// A strict RFC 8259 parser that keeps where every value came from (`JSONNode`).
///
/// Strict where a lenient parser would guess: no comments, no trailing commas, no leading zeros,
/// no NaN or Infinity, no lone surrogates, no duplicate keys, valid UTF-8 only, and numbers must
/// fit a double (`1e400` is refused, not turned into infinity). Nesting deeper than
/// `maximumDepth` is refused instead of exhausting the stack.
///
///     let root = try JSONParser.parse(Array(#"{"keyTimes": [0, 0.5, 2]}"#.utf8))
///     var object = try root.object()
///     let times = try object.required("keyTimes").numbers()
///     // times == [0, 0.5, 2]
public enum JSONParser {
    /// The deepest nesting accepted (arrays and objects).
    public static let maximumDepth = 256

    /// Parses a whole document (one value, surrounded by whitespace only).
    /// - Throws: `JSONDocumentError` with the line and column of the first problem.
    /// - Complexity: O(bytes).
    public static func parse(_ bytes: [UInt8]) throws(JSONDocumentError) -> JSONNode {
        let reader = Reader(bytes: bytes)
        // A UTF-8 byte order mark is tolerated (RFC 8259 §8.1 lets a parser ignore it).
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { reader.index = 3 }
        reader.skipWhitespace()
        guard reader.index < bytes.count else { throw reader.error("empty document: expected a JSON value", expected: "a JSON value", found: "end of file") }
        let root = try reader.value(path: "", depth: 0)
        reader.skipWhitespace()
        guard reader.index == bytes.count else {
            throw reader.error("unexpected \(reader.describeHere()) after the document's value", expected: "end of file", found: reader.describeHere())
        }
        return root
    }

    /// Parses a string (its UTF-8 bytes).
    public static func parse(_ text: String) throws(JSONDocumentError) -> JSONNode { try parse(Array(text.utf8)) }
}

private final class Reader {
    let bytes: [UInt8]
    var index = 0
    var line = 1
    /// Index of the first byte of the current line.
    var lineStart = 0

    init(bytes: [UInt8]) { self.bytes = bytes }

    /// The column found last, and the byte it was found at: columns are counted forward from
    /// there, so a document on one long line (a minified Lottie file) costs O(bytes), not O(bytes²).
    var cachedIndex = 0
    var cachedColumn = 1

    /// 1-based column of `index` in characters (continuation bytes do not start one).
    var column: Int {
        if cachedIndex < lineStart || cachedIndex > index {
            cachedIndex = lineStart
            cachedColumn = 1
        }
        while cachedIndex < index && cachedIndex < bytes.count {
            if bytes[cachedIndex] & 0xC0 != 0x80 { cachedColumn += 1 }
            cachedIndex += 1
        }
        return cachedColumn
    }

    /// An error at the reader's place: its byte offset, line and column, and, for a mismatch,
    /// what was expected there and what was found.
    func error(_ message: String, expected: String? = nil, found: String? = nil) -> JSONDocumentError {
        JSONDocumentError(message, line: line, column: column, offset: index, expected: expected, found: found)
    }

    /// `expected WHAT, got WHAT'S HERE`, with both as data.
    func mismatch(expected what: String, after suffix: String = "") -> JSONDocumentError {
        let found = describeHere()
        return error("expected \(what)\(suffix), got \(found)", expected: what, found: found)
    }

    func describeHere() -> String {
        guard index < bytes.count else { return "end of file" }
        let b = bytes[index]
        if b >= 0x21 && b < 0x7F { return "'\(Character(Unicode.Scalar(b)))'" }
        return "byte 0x\(String(b, radix: 16, uppercase: true))"
    }

    func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0D: index += 1
            case 0x0A:
                index += 1
                line += 1
                lineStart = index
            default: return
            }
        }
    }

    func value(path: String, depth: Int) throws(JSONDocumentError) -> JSONNode {
        guard depth <= JSONParser.maximumDepth else {
            throw error("nesting deeper than \(JSONParser.maximumDepth) levels")
        }
        guard index < bytes.count else { throw error("unexpected end of file: expected a value", expected: "a value", found: "end of file") }
        let startLine = line, startColumn = column
        func node(_ value: JSONNode.Value) -> JSONNode { JSONNode(value: value, path: path, line: startLine, column: startColumn) }
        switch bytes[index] {
        case UInt8(ascii: "{"):
            index += 1
            var members: [JSONNode.Member] = []
            var seen: Set<String> = []
            skipWhitespace()
            if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
                index += 1
                return node(.object(members))
            }
            while true {
                skipWhitespace()
                guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
                    throw mismatch(expected: "a key in quotes")
                }
                let keyLine = line, keyColumn = column, keyOffset = index
                let key = try string()
                guard seen.insert(key).inserted else {
                    throw JSONDocumentError(
                        "\(path.isEmpty ? "the document" : path): key '\(key)' appears twice", line: keyLine, column: keyColumn,
                        path: path, key: key, offset: keyOffset)
                }
                skipWhitespace()
                guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else {
                    throw mismatch(expected: "':'", after: " after the key '\(key)'")
                }
                index += 1
                skipWhitespace()
                let member = try value(path: JSONNode.path(path, key: key), depth: depth + 1)
                members.append(JSONNode.Member(key: key, value: member))
                skipWhitespace()
                guard index < bytes.count else { throw error("unexpected end of file: expected ',' or '}'", expected: "',' or '}'", found: "end of file") }
                if bytes[index] == UInt8(ascii: ",") {
                    index += 1
                    continue
                }
                if bytes[index] == UInt8(ascii: "}") {
                    index += 1
                    return node(.object(members))
                }
                throw mismatch(expected: "',' or '}'")
            }
        case UInt8(ascii: "["):
            index += 1
            var items: [JSONNode] = []
            skipWhitespace()
            if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
                index += 1
                return node(.array(items))
            }
            while true {
                skipWhitespace()
                items.append(try value(path: "\(path)[\(items.count)]", depth: depth + 1))
                skipWhitespace()
                guard index < bytes.count else { throw error("unexpected end of file: expected ',' or ']'", expected: "',' or ']'", found: "end of file") }
                if bytes[index] == UInt8(ascii: ",") {
                    index += 1
                    continue
                }
                if bytes[index] == UInt8(ascii: "]") {
                    index += 1
                    return node(.array(items))
                }
                throw mismatch(expected: "',' or ']'")
            }
        case UInt8(ascii: "\""):
            return node(.string(try string()))
        case UInt8(ascii: "t"):
            try literal("true")
            return node(.bool(true))
        case UInt8(ascii: "f"):
            try literal("false")
            return node(.bool(false))
        case UInt8(ascii: "n"):
            try literal("null")
            return node(.null)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return node(.number(try number()))
        default:
            throw mismatch(expected: "a value")
        }
    }

    func literal(_ word: String) throws(JSONDocumentError) {
        let expected = Array(word.utf8)
        guard index + expected.count <= bytes.count, Array(bytes[index..<index + expected.count]) == expected else {
            throw mismatch(expected: "a value")
        }
        index += expected.count
    }

    func number() throws(JSONDocumentError) -> Double {
        let start = index
        func digits() -> Int {
            let from = index
            while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
            return index - from
        }
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        guard index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) else {
            throw mismatch(expected: "a digit in a number")
        }
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
            if index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) {
                throw error("a number may not have a leading zero")
            }
        } else {
            _ = digits()
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard digits() > 0 else { throw mismatch(expected: "a digit after the decimal point") }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            guard digits() > 0 else { throw mismatch(expected: "a digit in the exponent") }
        }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        guard let value = Double(text), value.isFinite else {
            index = start
            throw error("the number \(text) is beyond the range of a double (±1.8e308)", expected: "a number within ±1.8e308", found: text)
        }
        return value
    }

    func hex4() throws(JSONDocumentError) -> UInt32 {
        guard index + 4 <= bytes.count else { throw error("expected four hex digits after \\u", expected: "four hex digits", found: "end of file") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let b = bytes[index]
            let digit: UInt32
            switch b {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(b - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(b - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(b - UInt8(ascii: "A") + 10)
            default: throw mismatch(expected: "a hex digit after \\u")
            }
            value = value * 16 + digit
            index += 1
        }
        return value
    }

    /// A string starting at the opening quote; UTF-8 validated, escapes decoded.
    func string() throws(JSONDocumentError) -> String {
        index += 1
        var scalars = String.UnicodeScalarView()
        while true {
            guard index < bytes.count else { throw error("unterminated string: expected a closing '\"'", expected: "'\"'", found: "end of file") }
            let b = bytes[index]
            if b == UInt8(ascii: "\"") {
                index += 1
                return String(scalars)
            }
            if b < 0x20 { throw error("a control character (0x\(String(b, radix: 16))) must be escaped in a string") }
            if b == UInt8(ascii: "\\") {
                index += 1
                guard index < bytes.count else { throw error("unterminated escape in a string") }
                let e = bytes[index]
                index += 1
                switch e {
                case UInt8(ascii: "\""): scalars.append("\"")
                case UInt8(ascii: "\\"): scalars.append("\\")
                case UInt8(ascii: "/"): scalars.append("/")
                case UInt8(ascii: "b"): scalars.append("\u{8}")
                case UInt8(ascii: "f"): scalars.append("\u{C}")
                case UInt8(ascii: "n"): scalars.append("\n")
                case UInt8(ascii: "r"): scalars.append("\r")
                case UInt8(ascii: "t"): scalars.append("\t")
                case UInt8(ascii: "u"):
                    var code = try hex4()
                    if (0xD800..<0xDC00).contains(code) {
                        guard index + 2 <= bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") else {
                            throw error("a high surrogate \\u\(String(code, radix: 16)) must be followed by a low one")
                        }
                        index += 2
                        let low = try hex4()
                        guard (0xDC00..<0xE000).contains(low) else {
                            throw error("a high surrogate must be followed by a low one, got \\u\(String(low, radix: 16))")
                        }
                        code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                    } else if (0xDC00..<0xE000).contains(code) {
                        throw error("a lone low surrogate \\u\(String(code, radix: 16)) is not a character")
                    }
                    guard let scalar = Unicode.Scalar(code) else { throw error("\\u\(String(code, radix: 16)) is not a character") }
                    scalars.append(scalar)
                default:
                    index -= 1
                    throw error("unknown escape \\\(describeHere()) in a string")
                }
                continue
            }
            // One UTF-8 sequence.
            let length: Int
            switch b {
            case 0x00..<0x80: length = 1
            case 0xC2..<0xE0: length = 2
            case 0xE0..<0xF0: length = 3
            case 0xF0..<0xF5: length = 4
            default: throw error("invalid UTF-8 (byte 0x\(String(b, radix: 16, uppercase: true))) in a string")
            }
            guard index + length <= bytes.count else { throw error("invalid UTF-8 at the end of the file") }
            var decoder = UTF8()
            var iterator = bytes[index..<index + length].makeIterator()
            guard case .scalarValue(let scalar) = decoder.decode(&iterator) else {
                throw error("invalid UTF-8 (byte 0x\(String(b, radix: 16, uppercase: true))) in a string")
            }
            scalars.append(scalar)
            index += length
        }
    }
}
