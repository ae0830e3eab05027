import Testing

@testable import JSONDocument

/// The reader's errors as data (issue 23): where (byte offset, line, column, JSON path), what
/// was expected and what was found, each field checked against a document whose place is
/// counted by hand; the message stays the words it always was.
@Suite struct ParserErrorDataTests {
    struct Case: Sendable, CustomStringConvertible {
        let text: String
        let offset: Int
        let line: Int
        let column: Int
        let expected: String
        let found: String
        let message: String
        var description: String { text }
    }

    static let syntaxCases: [Case] = [
        // `{"a": 1,}`: the key after the comma would start at byte 8.
        Case(text: #"{"a": 1,}"#, offset: 8, line: 1, column: 9, expected: "a key in quotes", found: "'}'",
             message: "expected a key in quotes, got '}'"),
        Case(text: "[1 2]", offset: 3, line: 1, column: 4, expected: "',' or ']'", found: "'2'", message: "expected ',' or ']', got '2'"),
        Case(text: "", offset: 0, line: 1, column: 1, expected: "a JSON value", found: "end of file",
             message: "empty document: expected a JSON value"),
        Case(text: #"{"a": 1} x"#, offset: 9, line: 1, column: 10, expected: "end of file", found: "'x'",
             message: "unexpected 'x' after the document's value"),
        // The number is named from its first byte: the reader steps back to it.
        Case(text: #"{"a": 1e999}"#, offset: 6, line: 1, column: 7, expected: "a number within ±1.8e308", found: "1e999",
             message: "the number 1e999 is beyond the range of a double (±1.8e308)"),
        // Line 2 starts at byte 2; `  "a": ` is 7 bytes, so `tru` starts at byte 9, column 8.
        Case(text: "{\n  \"a\": tru\n}", offset: 9, line: 2, column: 8, expected: "a value", found: "'t'",
             message: "expected a value, got 't'"),
        Case(text: #"{"a" 1}"#, offset: 5, line: 1, column: 6, expected: "':'", found: "'1'", message: "expected ':' after the key 'a', got '1'"),
        Case(text: "[1,", offset: 3, line: 1, column: 4, expected: "a value", found: "end of file",
             message: "unexpected end of file: expected a value"),
        Case(text: "[-x]", offset: 2, line: 1, column: 3, expected: "a digit in a number", found: "'x'",
             message: "expected a digit in a number, got 'x'"),
    ]

    @Test(arguments: syntaxCases)
    func syntaxErrorsCarryTheirPlaceAndWhatWasExpected(_ c: Case) throws {
        let error = try #require(Self.failure(c.text))
        #expect(error.offset == c.offset)
        #expect(error.line == c.line && error.column == c.column)
        #expect(error.expected == c.expected)
        #expect(error.found == c.found)
        #expect(error.message == c.message)
        // Not JSON at all: no path to a value.
        #expect(error.path == nil)
        #expect(error.description == "\(c.message) (line \(c.line), column \(c.column))")
    }

    /// The offset counts bytes, the column characters: in ASCII the column is the offset + 1;
    /// after `é` (two bytes, one character) it is the offset.
    @Test func offsetCountsBytesWhereTheColumnCountsCharacters() throws {
        let error = try #require(Self.failure(#"["é" x]"#))
        #expect(error.offset == 6)
        #expect(error.column == 6)
    }

    @Test func aDuplicateKeyIsPlacedAtItsSecondSpelling() throws {
        let error = try #require(Self.failure(#"{"a": 1, "a": 2}"#))
        #expect(error.offset == 9 && error.column == 10)
        #expect(error.key == "a" && error.path == "")
        #expect(error.expected == nil && error.found == nil)
    }

    @Test func aValueOfTheWrongTypeNamesWhatWasExpectedAndFound() throws {
        let root = try JSONParser.parse(#"{"d": "1s", "n": 7}"#)
        var object = try root.object()
        let d = try object.required("d")
        do {
            _ = try d.number()
            Issue.record("a string read as a number")
        } catch {
            #expect(error.expected == "a number")
            #expect(error.found == #"a string ("1s")"#)
            #expect(error.path == "d")
            // A value's error is placed by its line and column; the offset is the parser's.
            #expect(error.offset == nil)
            #expect(error.message == #"d: expected a number, got a string ("1s")"#)
        }
        let n = try object.required("n")
        do {
            _ = try n.number(in: 0...5, "a count")
            Issue.record("7 read within 0…5")
        } catch {
            #expect(error.expected == "a count in 0 … 5")
            #expect(error.found == "7")
        }
    }

    @Test func anUnknownKeyListsTheKeysAllowed() throws {
        let root = try JSONParser.parse(#"{"duraton": 1}"#)
        let object = try root.object()
        do {
            try object.finish(expected: ["duration", "delay"])
            Issue.record("an unknown key was accepted")
        } catch {
            #expect(error.key == "duraton")
            #expect(error.allowedKeys == ["duration", "delay"])
            #expect(error.found == "'duraton'")
            #expect(error.message == "duraton: unknown key 'duraton'; expected one of 'duration', 'delay'")
        }
    }

    static func failure(_ text: String) -> JSONDocumentError? {
        do {
            _ = try JSONParser.parse(text)
            return nil
        } catch {
            return error
        }
    }
}
