import SceneFile
import Testing

/// Every bad input is one error naming its JSON path and what was expected.
@Suite struct BadInputTests {
    @Test(arguments: [
        (#"{"schema": "flightline.scene/1", "layers": [}"#, "line 1"),
        (document(#"{"type": "keyframe", "property": "x", "values": [0, 1], "duration": 1, "keyTime": [0, 1]}"#), "layers[0].animations[0].keyTime: unknown key 'keyTime'; expected one of"),
        (document(#"{"type": "keyframe", "property": "x", "values": [0, 1, 2, 3], "keyTimes": [0, 0.5, 0.4, 1], "duration": 1}"#), "layers[0].animations[0].keyTimes[2]: expected key times that never decrease"),
        (document(#"{"type": "keyframe", "property": "x", "values": [0, 1, 2], "keyTimes": [0, 1], "duration": 1}"#), "layers[0].animations[0].keyTimes: expected one per value (3), got 2"),
        (document(#"{"type": "keyframe", "property": "x", "values": [0, 1, 2], "keyTimes": [0, 1], "calculationMode": "discrete", "duration": 1}"#), "layers[0].animations[0].keyTimes: expected one more than the values (4)"),
        (document(#"{"type": "keyframe", "property": "x", "values": [0, 1, 2], "timingFunctions": ["linear"], "duration": 1}"#), "layers[0].animations[0].timingFunctions: expected 2 timing functions"),
        (document(#"{"type": "keyframe", "property": "position", "values": [[0, 0], 1], "duration": 1}"#), "layers[0].animations[0].values[1]: expected [x, y]"),
        (document(#"{"type": "keyframe", "property": "position", "path": "M10 10", "duration": 1}"#), "layers[0].animations[0].path: expected a path with at least one drawing segment"),
        (document(#"{"type": "keyframe", "property": "x", "values": [0, 1], "duration": -1}"#), "layers[0].animations[0].duration: expected a duration in seconds (positive)"),
        (document(#"{"type": "keyframe", "property": "x", "values": [0, 1], "repeatCount": "infinite"}"#), "layers[0].animations[0]: missing key 'duration': an infinite repeat needs a duration"),
        (document(#"{"type": "keyframe", "property": "x", "values": [0, 1], "duration": 1, "timingFunction": "cubic-bezier(2, 0, 0, 1)"}"#), "layers[0].animations[0].timingFunction: control points need x1 and x2 in 0 … 1"),
        (document(#"{"type": "keyframe", "property": "x", "values": [0, 1], "duration": 1, "timingFunctions": ["steps(0)"]}"#), "layers[0].animations[0].timingFunctions[0]: steps()"),
        (document(#"{"type": "keyframe", "property": "x", "values": [0, 1], "duration": 1, "calculationMode": "spline"}"#), "layers[0].animations[0].calculationMode: expected one of"),
        (document(#"{"type": "tween", "property": "x", "duration": 1}"#), "layers[0].animations[0].type: expected \"keyframe\", \"basic\", \"spring\", \"decay\" or \"drag\""),
        (document(#"{"type": "basic", "property": "x", "toValue": 1, "duration": 1}"#), "layers[0].animations[0].toValue: toValue alone animates from the layer's model value"),
        (document(#"{"type": "keyframe", "property": "x", "values": [0, 1e300], "duration": 1}"#), "layers[0].animations[0].values[1]: expected values within ±1e7"),
        (document(#"{"type": "spring", "property": "x", "spring": {"stiffness": 100}, "fromValue": 0, "toValue": 1}"#), "layers[0].animations[0].spring:"),
        (#"{"schema": "flightline.scene/2", "layers": []}"#, "schema: expected \"flightline.scene/1\""),
        // Issue 22, found by the input fuzzer: accelerations and velocity changes of ∞.
        (document(#"{"type": "spring", "property": "x", "spring": {"stiffness": 1e308, "damping": 20}, "fromValue": 0, "toValue": 300}"#), "layers[0].animations[0].spring: expected a spring whose stiffness per unit mass is at most 1e+100"),
        (document(#"{"type": "keyframe", "property": "x", "values": [0, 1], "duration": 1, "timingFunction": "cubic-bezier(0, 6e307, 1, 1)"}"#), "layers[0].animations[0].timingFunction: control points need y1 and y2 within ±1000000"),
        (document(#"{"type": "basic", "property": "x", "fromValue": 0, "toValue": 1, "duration": 1}"#, layer: #""name": "a/b""#), "layers[0].name: expected a non-empty layer name without '/'"),
    ])
    func refused(_ text: String, _ expected: String) {
        let message = errorText(text)
        #expect(message?.contains(expected) == true, "\(message ?? "accepted")")
        #expect(message?.contains("\n") == false)
    }
}

/// Issue 22, items 1 and 2: a UIKit duration with a display link is sampled frame by frame up
/// to that duration; 1e20 s trapped converting the frame count to an `Int`, 1e7 s took 24 GB.
@Suite struct SpringDurationBoundTests {
    static func spring(duration: String, stop: String) -> String {
        document(
            #"{"type": "spring", "property": "position.y", "spring": {"uikitDuration": \#(duration), "dampingRatio": 0.6}, "fromValue": 667, "toValue": 459, "displayLink": {"stop": "\#(stop)"}}"#)
    }

    @Test(arguments: ["rest", "offsetIsZero"], ["1e20", "1e7", "1e4", "1000.5"])
    func uikitDurationHugeWithRestStopIsRefused(stop: String, duration: String) {
        let message = errorText(Self.spring(duration: duration, stop: stop))
        #expect(message?.hasPrefix(#"layers[0].animations[0].spring.uikitDuration: expected a UIKit duration of at most 1000 s with a displayLink"#) == true, "\(message ?? "accepted")")
        #expect(message?.contains("\n") == false)
    }

    @Test func uikitDurationAtTheBoundIsRead() throws {
        #expect(errorText(Self.spring(duration: "1000", stop: "rest")) == nil)
        // Without a display link nothing is sampled up to the duration: no bound applies.
        let free = document(#"{"type": "spring", "property": "position.y", "spring": {"uikitDuration": 1e20, "dampingRatio": 0.6}, "fromValue": 667, "toValue": 459}"#)
        #expect(errorText(free) == nil)
    }
}
