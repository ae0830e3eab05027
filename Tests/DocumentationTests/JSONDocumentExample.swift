import JSONDocument
import Testing

/// The example of `Sources/JSONDocument/JSONDocument.docc/JSONDocument.md`, run (see
/// `DocumentationExampleTests.swift` for the pattern).
@Test func jsonDocumentExample() throws {
    var printed: [String] = []
    func print(_ items: Any...) { printed.append(items.map { "\($0)" }.joined(separator: " ")) }
    // example:begin
    let root = try JSONParser.parse(#"{"layers": [{"name": "bee", "duration": "3s"}]}"#)
    var document = try root.object()
    let layer = try document.required("layers").array()[0]
    var fields = try layer.object()
    let name = try fields.required("name").string()
    do {
        _ = try fields.required("duration").number()
    } catch {
        print(name, error)  // bee layers[0].duration: expected a number, got a string ("3s") (line 1, column 41)
    }
    // example:end

    #expect(printed == [#"bee layers[0].duration: expected a number, got a string ("3s") (line 1, column 41)"#])
}
