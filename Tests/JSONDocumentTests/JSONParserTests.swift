import Testing

@testable import JSONDocument

/// The reader's promises: values as RFC 8259 defines them, each knowing its JSON path and line,
/// and one clear message for every way a document can be wrong.
@Suite struct JSONParserTests {
    func failure(_ text: String) -> JSONDocumentError? {
        do {
            _ = try JSONParser.parse(text)
            return nil
        } catch {
            return error
        }
    }

    @Test func valuesKeepTheirPathsAndPlaces() throws {
        let text = """
            {
              "layers": [
                {"name": "bee", "keyTimes": [0, 0.5, 1e0]},
                {"name": "é", "key with space": true, "n": null}
              ]
            }
            """
        let root = try JSONParser.parse(text)
        var object = try root.object()
        let layers = try object.required("layers").array()
        #expect(layers.count == 2)
        var first = try layers[0].object()
        let times = try first.required("keyTimes")
        #expect(try times.numbers() == [0, 0.5, 1])
        #expect(times.path == "layers[0].keyTimes")
        #expect(try times.array()[2].path == "layers[0].keyTimes[2]")
        #expect(times.line == 3)
        let firstName = try first.required("name")
        #expect(try firstName.string() == "bee")
        var second = try layers[1].object()
        #expect(second.keys == ["name", "key with space", "n"])
        let spacedMember = second.optional("key with space")
        let spaced = try #require(spacedMember)
        #expect(spaced.path == #"layers[1]["key with space"]"#)
        #expect(try spaced.bool())
        let null = second.optional("n")
        #expect(try #require(null).isNull)
        // Columns count characters: "é" is two bytes, one column.
        let nameMember = second.optional("name")
        let name = try #require(nameMember)
        #expect(try name.string() == "é")
        #expect(name.line == 4 && name.column == 14)
        #expect(spaced.line == 4 && spaced.column == 37)
    }

    @Test func stringsDecodeEveryEscape() throws {
        let node = try JSONParser.parse(#""a\"b\\c\/d\b\f\n\r\t\u00e9\ud83d\ude00""#)
        #expect(try node.string() == "a\"b\\c/d\u{8}\u{C}\n\r\té😀")
    }

    @Test func numbersFollowTheGrammar() throws {
        #expect(try JSONParser.parse("-0.5e-3").number() == -0.0005)
        #expect(try JSONParser.parse("1E+2").number() == 100)
        for bad in ["01", "1.", ".5", "-", "+1", "1e", "NaN", "Infinity", "0x10"] {
            #expect(failure(bad) != nil, "\(bad)")
        }
        let huge = try #require(failure("[1e400]"))
        #expect(huge.found == "1e400" && huge.expected == "a number within ±1.8e308", "\(huge)")
        #expect(huge.offset == 1 && huge.column == 2, "\(huge)")
    }

    @Test func malformedDocumentsSayWhereAndWhat() throws {
        let cases: [(String, String, Int, Int)] = [
            ("", "empty document: expected a JSON value", 1, 1),
            ("{\"a\": 1,}", "expected a key in quotes, got '}'", 1, 9),
            ("[1, 2", "unexpected end of file: expected ',' or ']'", 1, 6),
            ("{\"a\": 1, \"a\": 2}", "the document: key 'a' appears twice", 1, 10),
            ("{\"a\" 1}", "expected ':' after the key 'a', got '1'", 1, 6),
            ("[1]\n x", "unexpected 'x' after the document's value", 2, 2),
            ("\"abc", "unterminated string: expected a closing '\"'", 1, 5),
            ("\"a\u{1}\"", "a control character (0x1) must be escaped in a string", 1, 3),
            ("\"\\q\"", "unknown escape \\'q' in a string", 1, 3),
            ("\"\\ud800\"", "a high surrogate \\ud800 must be followed by a low one", 1, 8),
            ("// comment\n1", "expected a value, got '/'", 1, 1),
        ]
        for (text, message, line, column) in cases {
            let error = try #require(failure(text), "\(text)")
            #expect(error.message == message, "\(text): \(error)")
            #expect(error.line == line && error.column == column, "\(text): \(error)")
        }
        let invalidUTF8 = [UInt8(ascii: "\""), 0xC3, 0x28, UInt8(ascii: "\"")]
        #expect(throws: JSONDocumentError.self) { try JSONParser.parse(invalidUTF8) }
    }

    @Test func nestingIsBounded() throws {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        let tooDeep = try #require(failure(deep))
        #expect(tooDeep.message == "nesting deeper than \(JSONParser.maximumDepth) levels" && JSONParser.maximumDepth == 256)
        #expect(tooDeep.offset == 257 && tooDeep.line == 1 && tooDeep.column == 258, "the bracket that opens level 257: \(tooDeep)")
        let fine = String(repeating: "[", count: 200) + String(repeating: "]", count: 200)
        #expect(failure(fine) == nil)
    }

    @Test func readersNameTheValueAndTheExpectation() throws {
        let root = try JSONParser.parse(#"{"duration": "1s", "count": 2.5, "speed": -1, "extra": 0}"#)
        var object = try root.object()
        let duration = try object.required("duration")
        #expect(throws: JSONDocumentError(
            "duration: expected a number, got a string (\"1s\")", line: 1, column: 14, path: "duration", expected: "a number",
            found: "a string (\"1s\")")) {
            try duration.number()
        }
        #expect(throws: JSONDocumentError.self) { try object.required("count").integer() }
        let speed = try object.required("speed")
        #expect((try? speed.number(in: 0...10, "a speed")) == nil)
        do {
            _ = try speed.number(in: 0...10, "a speed")
        } catch {
            #expect(error.message == "speed: expected a speed in 0 … 10, got -1")
        }
        #expect(throws: JSONDocumentError.self) { try object.required("missing") }
        do {
            try object.finish(expected: ["duration", "count", "speed"])
            Issue.record("an unknown key was accepted")
        } catch {
            #expect(error.message == "extra: unknown key 'extra'; expected one of 'duration', 'count', 'speed'")
        }
        object.ignore(["extra"])
        try object.finish(expected: [])
    }

    @Test func oneLongLineParsesInLinearTime() throws {
        // 200,000 values on one line: a column recomputed from the line start each time would
        // take ~10¹⁰ steps; counted forward it is instant.
        let text = "[" + Array(repeating: "1.5", count: 200_000).joined(separator: ",") + "]"
        let items = try JSONParser.parse(text).array()
        #expect(items.count == 200_000)
        #expect(items.last?.column == 800_000 - 2)
    }
}
