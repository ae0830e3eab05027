/// One value of a JSON document with where it came from: its JSON path (`layers[2].keyTimes[3]`)
/// and its line and column in the text, so that every reader built on it can say exactly which
/// value is wrong and what was expected.
///
/// Objects keep their members in document order (a report lists layers as the file does), and a
/// key may appear only once (RFC 8259 §4 says names *should* be unique; a file that repeats one is
/// ambiguous, and Flightline refuses it rather than guess which value counts).
public struct JSONNode: Sendable, Equatable {
    public enum Value: Sendable, Equatable {
        case null
        case bool(Bool)
        /// A finite number (a number beyond the doubles is refused when parsing).
        case number(Double)
        case string(String)
        case array([JSONNode])
        case object([Member])
    }

    /// One member of an object.
    public struct Member: Sendable, Equatable {
        public let key: String
        public let value: JSONNode
    }

    public let value: Value
    /// Where the value sits in the document: `""` for the root, then `.key` and `[index]`
    /// steps without a leading dot (`layers[2].animations[0].keyTimes[3]`).
    public let path: String
    /// 1-based line and column (in Unicode scalars) of the value's first character.
    public let line: Int
    public let column: Int

    public init(value: Value, path: String, line: Int, column: Int) {
        self.value = value
        self.path = path
        self.line = line
        self.column = column
    }

    /// The path for messages: the JSON path, or "the document" for the root.
    public var place: String { path.isEmpty ? "the document" : path }

    /// The path of `key` inside an object at `path`: `.key` for an identifier-like key,
    /// `["key with spaces"]` otherwise.
    static func path(_ path: String, key: String) -> String {
        let scalars = Array(key.unicodeScalars)
        let isIdentifier =
            !scalars.isEmpty && !("0"..."9").contains(scalars[0])
            && scalars.allSatisfy { ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) || $0 == "_" }
        if isIdentifier { return path.isEmpty ? key : "\(path).\(key)" }
        var escaped = ""
        for c in key { escaped += c == "\\" ? "\\\\" : (c == "\"" ? "\\\"" : String(c)) }
        return "\(path)[\"\(escaped)\"]"
    }

    /// What the value is, for messages: `a number (3)`, `a string ("x")`, `an object`.
    public var described: String {
        switch value {
        case .null: "null"
        case .bool(let b): "\(b)"
        case .number(let n): "a number (\(JSONNode.text(n)))"
        case .string(let s): "a string (\"\(s.count > 40 ? String(s.prefix(40)) + "…" : s)\")"
        case .array(let items): "an array of \(items.count)"
        case .object: "an object"
        }
    }

    /// A number as a reader typed it: `3`, `0.25`, `1e+300`.
    public static func text(_ n: Double) -> String {
        if n == n.rounded(), abs(n) < 1e15 { return String(Int64(n)) }
        return "\(n)"
    }

    /// An error about this value: `layers[2].keyTimes[3]: expected …, got …`.
    public func error(_ message: String) -> JSONDocumentError {
        JSONDocumentError("\(place): \(message)", line: line, column: column, path: path)
    }

    func expected(_ what: String) -> JSONDocumentError {
        JSONDocumentError("\(place): expected \(what), got \(described)", line: line, column: column, path: path, expected: what, found: described)
    }

    // MARK: Reading values

    /// The value as a finite number.
    public func number() throws(JSONDocumentError) -> Double {
        guard case .number(let n) = value else { throw expected("a number") }
        return n
    }

    /// The value as a number within `range` (inclusive), named `what` in the message.
    public func number(in range: ClosedRange<Double>, _ what: String = "a number") throws(JSONDocumentError) -> Double {
        let n = try number()
        guard range.contains(n) else {
            let expected = "\(what) in \(JSONNode.text(range.lowerBound)) … \(JSONNode.text(range.upperBound))"
            throw JSONDocumentError(
                "\(place): expected \(expected), got \(JSONNode.text(n))", line: line, column: column, path: path, expected: expected,
                found: JSONNode.text(n))
        }
        return n
    }

    /// The value as a whole number that fits an `Int`.
    public func integer() throws(JSONDocumentError) -> Int {
        let n = try number()
        guard n == n.rounded(), abs(n) <= 9.0e15 else { throw expected("a whole number") }
        return Int(n)
    }

    public func string() throws(JSONDocumentError) -> String {
        guard case .string(let s) = value else { throw expected("a string") }
        return s
    }

    public func bool() throws(JSONDocumentError) -> Bool {
        guard case .bool(let b) = value else { throw expected("true or false") }
        return b
    }

    public var isNull: Bool { value == .null }

    /// The items of an array.
    public func array() throws(JSONDocumentError) -> [JSONNode] {
        guard case .array(let items) = value else { throw expected("an array") }
        return items
    }

    /// An array of numbers.
    public func numbers() throws(JSONDocumentError) -> [Double] {
        var result: [Double] = []
        for item in try array() { result.append(try item.number()) }
        return result
    }

    /// The members of an object, for reading key by key with unknown keys refused
    /// (`JSONObject.finish()`).
    public func object() throws(JSONDocumentError) -> JSONObject {
        guard case .object(let members) = value else { throw expected("an object") }
        return JSONObject(node: self, members: members)
    }
}

/// An object being read: each key read is marked, and `finish()` refuses any key left unread,
/// so a misspelt key is an error instead of a setting silently ignored.
public struct JSONObject: Sendable {
    public let node: JSONNode
    public let members: [JSONNode.Member]
    private var read: Set<String> = []

    init(node: JSONNode, members: [JSONNode.Member]) {
        self.node = node
        self.members = members
    }

    /// The keys in document order.
    public var keys: [String] { members.map(\.key) }

    /// The member `key`, or `nil` when absent (a JSON `null` is returned as a node: the caller
    /// decides whether null means absent).
    public mutating func optional(_ key: String) -> JSONNode? {
        read.insert(key)
        return members.first { $0.key == key }?.value
    }

    /// The member `key`; its absence is an error naming the object and the key.
    public mutating func required(_ key: String) throws(JSONDocumentError) -> JSONNode {
        guard let value = optional(key) else {
            let error = node.error("missing key '\(key)'")
            throw JSONDocumentError(error.message, line: error.line, column: error.column, path: node.path, key: key)
        }
        return value
    }

    /// Marks `keys` as read without reading them (keys a reader deliberately ignores).
    public mutating func ignore(_ keys: [String]) { read.formUnion(keys) }

    /// The first key not read, if any.
    public var unread: JSONNode.Member? { members.first { !read.contains($0.key) } }

    /// Refuses a key that was not read: `layers[0]: unknown key 'duraton'; expected one of …`.
    public func finish(expected: [String]) throws(JSONDocumentError) {
        guard let extra = unread else { return }
        let list = expected.map { "'\($0)'" }.joined(separator: ", ")
        throw JSONDocumentError(
            "\(extra.value.path.isEmpty ? node.place : extra.value.path): unknown key '\(extra.key)'; expected one of \(list)",
            line: extra.value.line, column: extra.value.column, path: extra.value.path, key: extra.key, expected: "one of \(list)",
            found: "'\(extra.key)'", allowedKeys: expected)
    }
}

/// A JSON document that cannot be read as asked: one line naming the place and the value.
public struct JSONDocumentError: Error, Sendable, Equatable, CustomStringConvertible {
    public let message: String
    /// 1-based line and column of the offending text.
    public let line: Int
    public let column: Int
    /// The JSON path of the value the error is about (`layers[0].animations[0].velocity`, `""`
    /// for the root), as data for callers and tests; `nil` when the text is not JSON at all (a
    /// syntax error has a line and column but no path). For an unknown key it is the path of
    /// that key's value; for a missing key, the path of the object that lacks it.
    public let path: String?
    /// The key an unknown-key or missing-key error names (`duraton`), otherwise `nil`.
    public let key: String?
    /// The 0-based byte offset of the offending text in the document (a byte-order mark
    /// counted), for the parser's own errors; `nil` for an error about a value read.
    public let offset: Int?
    /// What was expected there, in the message's words: `a value`, `',' or '}'`, `a number`,
    /// `true or false`; for an unknown key the keys allowed, as in ``allowedKeys``. `nil` when
    /// the error is not a mismatch (a duplicate key, a bad escape).
    public let expected: String?
    /// What was found instead, as the message names it: `'x'`, `end of file`, `a string
    /// ("1s")`; `nil` where ``expected`` is.
    public let found: String?
    /// The keys an object takes, for an unknown-key error; otherwise `nil`.
    public let allowedKeys: [String]?

    public init(
        _ message: String, line: Int, column: Int, path: String? = nil, key: String? = nil, offset: Int? = nil,
        expected: String? = nil, found: String? = nil, allowedKeys: [String]? = nil
    ) {
        self.message = message
        self.line = line
        self.column = column
        self.path = path
        self.key = key
        self.offset = offset
        self.expected = expected
        self.found = found
        self.allowedKeys = allowedKeys
    }

    /// The message with its line: `layers[0].duration: expected a number, got "1s" (line 4, column 19)`.
    public var description: String { "\(message) (line \(line), column \(column))" }
}
