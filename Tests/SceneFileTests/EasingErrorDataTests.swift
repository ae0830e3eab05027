import SceneFile
import Testing

/// A timing function that cannot be read says, as data, which function it was in, what was
/// expected and what was found (issue 23); the message is the one it always was.
@Suite struct EasingErrorDataTests {
    @Test(arguments: [
        ("bogus", nil, "a timing function", "bogus"),
        ("wobble(1)", nil, "cubic-bezier(), steps() or linear()", "wobble(…)"),
        ("cubic-bezier(1, 2, 3)", "cubic-bezier", "4 numbers x1, y1, x2, y2", "3"),
        ("cubic-bezier(a, 0, 1, 1)", "cubic-bezier", "a number", "a"),
        ("cubic-bezier(2, 0, 1, 1)", "cubic-bezier", "x1 and x2 in 0 … 1", "x1 2, x2 1"),
        ("cubic-bezier(0, 1e7, 1, 1)", "cubic-bezier", "y1 and y2 within ±1000000", "y1 10000000, y2 1"),
        ("steps(x)", "steps", "a whole number of steps and an optional position", "steps(x)"),
        ("steps(2, middle)", "steps", "jump-start, jump-end, jump-none, jump-both, start or end", "middle"),
        ("steps(1, jump-none)", "steps", "a step count from 2 to 1000000 with jump-none", "1"),
        ("linear(0)", "linear", "at least 2 stops", "1"),
        ("linear(0, x)", "linear", "a stop \"OUTPUT [IN%] [IN%]\"", "x"),
        ("linear(0, 1 5)", "linear", "a percentage like 25%", "5"),
        ("linear(0 10%, 1 90%)", "linear", "stops spanning 0% … 100% of the time", "10% … 90%"),
    ] as [(String, String?, String, String)])
    func errorsCarryTheirParts(_ text: String, _ function: String?, _ expected: String, _ found: String) throws {
        do {
            _ = try Easing(text: text)
            Issue.record("\(text) was read")
        } catch {
            #expect(error.function == function, "\(text)")
            #expect(error.expected == expected, "\(text)")
            #expect(error.found == found, "\(text)")
            // The message names what was found.
            #expect(error.description.contains(found), "\(text): \(error.description)")
        }
    }

    /// The messages are unchanged by the fields.
    @Test func messagesKeepTheirWords() throws {
        #expect(throws: Never.self) { try Easing(text: "ease-in") }
        do {
            _ = try Easing(text: "steps(2, middle)")
        } catch {
            #expect(error.description == "steps(): expected jump-start, jump-end, jump-none, jump-both, start or end, got \"middle\"")
        }
        do {
            _ = try Easing(text: "linear(0)")
        } catch {
            #expect(error.description == "linear() needs at least 2 stops, got 1 in \"linear(0)\"")
        }
    }
}
