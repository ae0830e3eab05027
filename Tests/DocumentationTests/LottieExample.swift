import Lottie
import Motion
import Testing

/// The example of `Sources/Lottie/Lottie.docc/Lottie.md`, run (see
/// `DocumentationExampleTests.swift` for the pattern).
@Test func lottieExample() throws {
    var printed: [String] = []
    func print(_ items: Any...) { printed.append(items.map { "\($0)" }.joined(separator: " ")) }
    // example:begin
    let file = #"""
    {"v": "5.7.0", "fr": 60, "ip": 0, "op": 60, "w": 400, "h": 400, "layers": [
      {"ty": 4, "nm": "box", "ip": 0, "op": 60, "st": 0, "ks": {"p": {"a": 1, "k": [
        {"t": 0, "s": [0, 100], "o": {"x": 0, "y": 0}, "i": {"x": 1, "y": 1}},
        {"t": 30, "s": [100, 100], "o": {"x": 0, "y": 0}, "i": {"x": 1, "y": 1}},
        {"t": 60, "s": [400, 100]}]}}}]}
    """#
    let motion = try LottieAnimation(bytes: Array(file.utf8)).motion()
    let scene = motion.scenes[0]
    print(scene.name)  // box/position
    guard case .timeline(let timeline, _) = scene.kind else { fatalError() }
    let join = timeline.joins[0]
    print(join.time, join.speedIn, join.speedOut)  // 0.5 200.0 600.0
    print(try Validation.validate(scene, hz: 120).verdict)  // janky
    // example:end

    #expect(printed == ["box/position", "0.5 200.0 600.0", "janky"])
}
