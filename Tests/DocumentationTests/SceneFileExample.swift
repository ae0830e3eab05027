import Motion
import SceneFile
import Testing

/// The example of `Sources/SceneFile/SceneFile.docc/SceneFile.md`, run (see
/// `DocumentationExampleTests.swift` for the pattern).
@Test func sceneFileExample() throws {
    var printed: [String] = []
    func print(_ items: Any...) { printed.append(items.map { "\($0)" }.joined(separator: " ")) }
    // example:begin
    let file = try SceneFile(text: """
        {"schema": "flightline.scene/1", "layers": [{"name": "card", "animations": [
          {"type": "basic", "property": "opacity", "fromValue": 0, "toValue": 1,
           "duration": 0.3, "timingFunction": "easeInEaseOut"}]}]}
        """)
    let scene = file.scenes[0]
    let report = try Validation.validate(scene, hz: 60)
    print(scene.name, report.verdict)  // card/opacity smooth
    // example:end

    #expect(printed == ["card/opacity smooth"])
}
