import Foundation
import JSONDocument
import Lottie
import Testing

/// Bad input: one line naming the JSON path and what was expected.
@Suite struct LottieInputTests {
    static let layer = #"{"ty": 4, "nm": "a", "ind": 1, "ip": 0, "op": 60, "st": 0, "ks": {}}"#

    func lottieError(_ text: String) -> LottieError? {
        do {
            _ = try LottieAnimation(bytes: Array(text.utf8))
            return nil
        } catch {
            return error
        }
    }

    func error(_ text: String) -> String {
        do {
            _ = try LottieAnimation(bytes: Array(text.utf8))
            return "no error"
        } catch {
            return error.description
        }
    }

    func file(layers: String, fr: String = "60", ip: String = "0", op: String = "60", assets: String = "[]") -> String {
        #"{"v": "5.7.0", "fr": \#(fr), "ip": \#(ip), "op": \#(op), "w": 100, "h": 100, "assets": \#(assets), "layers": \#(layers)}"#
    }

    @Test func recognisesLottie() throws {
        #expect(LottieAnimation.isLottie(try JSONParser.parse(file(layers: "[]"))))
        #expect(!LottieAnimation.isLottie(try JSONParser.parse(#"{"schema": "flightline.scene/1", "layers": []}"#)))
        #expect(!LottieAnimation.isLottie(try JSONParser.parse("[1, 2]")))
    }

    @Test(arguments: [
        ("nope", "not JSON: "),
        (#"{"schema": "x"}"#, "the document: expected a Lottie animation"),
        (#"{"v": "5", "fr": 0, "ip": 0, "op": 60, "w": 1, "h": 1, "layers": []}"#, "fr: expected a frame rate (frames per second) above 0, got 0"),
        (#"{"v": "5", "fr": 30, "ip": 10, "op": 10, "w": 1, "h": 1, "layers": []}"#, "op: expected an out point after the in point ip (10), got 10"),
    ])
    func documentErrors(text: String, expected: String) {
        #expect(error(text).hasPrefix(expected), "\(error(text))")
    }

    /// Issue 22, item 5: figures that overflowed (an infinite length, infinite speeds, a
    /// "smooth" verdict beside them) are refused before any frame, each naming its JSON path and
    /// its bound.
    @Test func subnormalFrameRateIsRefusedNamingFr() {
        #expect(error(file(layers: "[]", fr: "5e-324")).hasPrefix("fr: expected a frame rate that makes the animation's 60 frames (op − ip) last at most 3600 s, got 5e-324 fps"), "\(error(file(layers: "[]", fr: "5e-324")))")
        #expect(error(file(layers: "[]", fr: "0.001", op: "3601")).hasPrefix("fr: expected a frame rate that makes"))
        #expect(error(file(layers: "[]", fr: "1", op: "3600")) == "no error")
    }

    @Test func hugeScaleIsRefusedNamingItsPath() {
        let layers = #"[{"ty": 4, "nm": "a", "ip": 0, "op": 60, "st": 0, "ks": {"s": {"a": 0, "k": [100, 1e308, 100]}}}]"#
        #expect(error(file(layers: layers)).hasPrefix("layers[0].ks.s.k[1]: expected a value within ±10000000, got 1e+308"), "\(error(file(layers: layers)))")
        // z is not used, and is not judged.
        let z = #"[{"ty": 4, "nm": "a", "ip": 0, "op": 60, "st": 0, "ks": {"s": {"a": 0, "k": [100, 100, 1e308]}}}]"#
        #expect(error(file(layers: z)) == "no error")
    }

    @Test func hugeSizeIsRefusedNamingW() {
        let text = #"{"v": "5", "fr": 60, "ip": 0, "op": 60, "w": 1e308, "h": 100, "layers": []}"#
        #expect(error(text).hasPrefix("w: expected a width in pixels above 0 and at most 10000000, got 1e+308"), "\(error(text))")
    }

    @Test(arguments: [
        (#"{"t": 0, "s": [0], "o": {"x": 0, "y": 6e307}, "i": {"x": 1, "y": 1}}, {"t": 60, "s": [9]}"#, "layers[0].ks.r.k[0].o.y: expected an easing handle's progress (y) within ±1000000"),
        (#"{"t": -1e300, "s": [0]}, {"t": 60, "s": [9]}"#, "layers[0].ks.r.k[0].t: expected a keyframe time in -1000000000 … 1000000000"),
    ])
    func hugeEasesAndTimesAreRefusedNamingTheirPath(keyframes: String, expected: String) {
        let layers = #"[{"ty": 4, "nm": "a", "ip": 0, "op": 60, "st": 0, "ks": {"r": {"a": 1, "k": [\#(keyframes)]}}}]"#
        #expect(error(file(layers: layers)).hasPrefix(expected), "\(error(file(layers: layers)))")
    }

    @Test func extremeStretchIsRefusedNamingSr() {
        let layers = #"[{"ty": 4, "nm": "a", "ip": 0, "op": 60, "st": 0, "sr": 1e-300, "ks": {}}]"#
        #expect(error(file(layers: layers)).hasPrefix("layers[0].sr: expected a time stretch in 0.001 … 1000, got 1e-300"), "\(error(file(layers: layers)))")
    }

    @Test func keyframesOutOfOrder() {
        let layers = #"[{"ty": 4, "ip": 0, "op": 60, "st": 0, "ks": {"p": {"a": 1, "k": [{"t": 30, "s": [0, 0]}, {"t": 10, "s": [5, 5]}]}}}]"#
        #expect(error(file(layers: layers)).hasPrefix("layers[0].ks.p.k[1].t: expected a time at or after the previous keyframe's 30"))
    }

    @Test func tangentsOfTheWrongDimension() {
        let layers = #"[{"ty": 4, "ip": 0, "op": 60, "st": 0, "ks": {"p": {"a": 1, "k": [{"t": 0, "s": [0, 0], "to": [1, 2, 3], "ti": [0, 0]}, {"t": 10, "s": [5, 5]}]}}}]"#
        #expect(error(file(layers: layers)).hasPrefix("layers[0].ks.p.k[0].to: expected 2 numbers, as the keyframe's value 's' has"))
    }

    @Test func missingParentAndCycles() {
        let missing = #"[{"ty": 4, "ind": 1, "parent": 7, "ip": 0, "op": 60, "st": 0}]"#
        #expect(error(file(layers: missing)).hasPrefix("layers[0].parent: expected the ind of another layer in this composition, got 7"))
        let cycle = #"[{"ty": 4, "ind": 1, "parent": 2, "ip": 0, "op": 60, "st": 0}, {"ty": 3, "ind": 2, "parent": 1, "ip": 0, "op": 60, "st": 0}]"#
        let loop = lottieError(file(layers: cycle))
        #expect(loop?.path == "layers[0].parent" && loop?.cycle == ["layers[0]", "layers[1]", "layers[0]"], "\(String(describing: loop))")
        let own = #"[{"ty": 4, "ind": 1, "parent": 1, "ip": 0, "op": 60, "st": 0}]"#
        // A layer that is its own parent: refused at its parent, as data.
        #expect(lottieError(file(layers: own))?.path == "layers[0].parent")
        #expect(lottieError(file(layers: missing))?.cycle == nil)
    }

    @Test func precompositionsThatContainThemselves() {
        let assets = #"[{"id": "a", "layers": [{"ty": 0, "refId": "a", "ip": 0, "op": 60, "st": 0}]}]"#
        let layers = #"[{"ty": 0, "refId": "a", "ip": 0, "op": 60, "st": 0}]"#
        let nested = lottieError(file(layers: layers, assets: assets))
        #expect(nested?.path == "assets[0].layers[0].refId" && nested?.cycle == ["a", "a"], "\(String(describing: nested))")
        let unknown = #"[{"ty": 0, "refId": "b", "ip": 0, "op": 60, "st": 0}]"#
        #expect(error(file(layers: unknown)).hasPrefix("layers[0].refId: expected the id of a precomposition in 'assets', got 'b'"))
    }

    @Test func badEasingHandleAndStretch() {
        let handle = #"[{"ty": 4, "ip": 0, "op": 60, "st": 0, "ks": {"r": {"a": 1, "k": [{"t": 0, "s": [0], "o": {"x": [1.5], "y": [0]}, "i": {"x": [1], "y": [1]}}, {"t": 10, "s": [5]}]}}}]"#
        #expect(error(file(layers: handle)).hasPrefix("layers[0].ks.r.k[0].o.x[0]: expected an easing handle's time (x) in 0 … 1, got 1.5"))
        let stretch = #"[{"ty": 4, "ip": 0, "op": 60, "st": 0, "sr": 0}]"#
        #expect(error(file(layers: stretch)).hasPrefix("layers[0].sr: expected a time stretch above 0"))
    }

    @Test func unsupportedFeaturesAreReportedOnceEach() throws {
        let layers = """
            [{"ty": 4, "nm": "a", "ind": 1, "ip": 0, "op": 60, "st": 0, "ddd": 1,
              "ks": {"r": {"a": 1, "k": [{"t": 0, "s": [0]}, {"t": 60, "s": [90]}], "x": "time * 10"},
                     "o": {"a": 0, "k": 100, "x": "wiggle(1, 2)"}}},
             {"ty": 0, "nm": "p", "refId": "c", "ip": 0, "op": 60, "st": 0, "tm": {"a": 0, "k": 0}}]
            """
        let animation = try LottieAnimation(bytes: Array(file(layers: layers, assets: #"[{"id": "c", "layers": []}]"#).utf8))
        let lines = try animation.motion().notes
        #expect(lines.filter { $0.hasPrefix("expressions (x) cannot be evaluated") }.count == 1)
        // Both expressions are one entry naming its two places.
        #expect(animation.notes.entries.filter { $0.places == ["layers[0].ks.r", "layers[0].ks.o"] }.count == 1, "\(animation.notes.entries)")
        #expect(lines.contains { $0.hasPrefix("time remapping (tm) is not evaluated") })
        #expect(lines.contains { $0.hasPrefix("3-D layers (ddd)") })
        #expect(lines.contains { $0.hasPrefix("keyframes without easing handles (i, o) are read as linear") })
        // The rotation under the expression is still validated.
        #expect(try animation.motion().scenes.map(\.name) == ["a/rotation"])
    }

    @Test func legacyValuesAreReadAndHugeOnesRefusedByTheirPath() throws {
        // Legacy keyframes (`e` and a final keyframe with only `t`), at the largest value accepted.
        func layers(_ end: String) -> String {
            #"[{"ty": 4, "nm": "a", "ip": 0, "op": 60, "st": 0, "ks": {"p": {"a": 1, "k": [{"t": 0, "s": [0, 0], "e": [\#(end), 0], "o": {"x": 0, "y": 0}, "i": {"x": 1, "y": 1}}, {"t": 60}]}}}]"#
        }
        let motion = try LottieAnimation(bytes: Array(file(layers: layers("1e7")).utf8)).motion()
        let a = try timeline(motion, "a/position")
        #expect(a.value(0.5).x == 0.5e7)
        // Coordinates of 1e300 overflowed speeds to infinity: refused before any frame, by path.
        #expect(throws: LottieError.self) { try LottieAnimation(bytes: Array(file(layers: layers("1e300")).utf8)) }
        do {
            _ = try LottieAnimation(bytes: Array(file(layers: layers("1e300")).utf8))
        } catch {
            #expect(error.description.hasPrefix("layers[0].ks.p.k[0].e[0]: expected a value within ±10000000, got 1e+300"))
        }
    }
}

@Suite struct LottieNamingTests {
    @Test func repeatedNamesAreNumbered() throws {
        let move = #"{"p": {"a": 1, "k": [{"t": 0, "s": [0, 0]}, {"t": 60, "s": [90, 0]}]}}"#
        let text = """
            {"fr": 60, "ip": 0, "op": 60, "w": 100, "h": 100, "layers": [
              {"ty": 4, "nm": "dot", "ip": 0, "op": 60, "st": 0, "ks": \(move)},
              {"ty": 4, "nm": "dot", "ip": 0, "op": 60, "st": 0, "ks": \(move)},
              {"ty": 4, "nm": "dot (2)", "ip": 0, "op": 60, "st": 0, "ks": \(move)}]}
            """
        let motion = try LottieAnimation(bytes: Array(text.utf8)).motion()
        #expect(motion.scenes.map(\.name) == ["dot/position", "dot (2)/position", "dot (2) (2)/position"])
    }
}
