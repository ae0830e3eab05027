import Foundation
import Testing

/// Issue 22, items 1–6 end to end: each input that trapped, ran away or printed an infinity
/// on `bench` is now refused before the work starts, in one stderr line (exit 2) that states
/// the bound and names the JSON path or the option that broke it.
@Suite struct BoundsCLITests {
    /// A scratch folder holding `files` (name → text), removed after `body`.
    func withFiles<T>(_ files: [String: String], _ body: (URL) throws -> T) throws -> T {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("bounds-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        for (name, text) in files { try Data(text.utf8).write(to: directory.appendingPathComponent(name)) }
        return try body(directory)
    }

    static func springScene(duration: String, stop: String) -> String {
        #"{"schema": "flightline.scene/1", "layers": [{"name": "menu-show", "animations": [{"property": "position.y", "type": "spring", "spring": {"uikitDuration": \#(duration), "dampingRatio": 0.6}, "fromValue": 667, "toValue": 459, "initialVelocity": 0.6, "displayLink": {"stop": "\#(stop)"}}]}]}"#
    }

    /// Items 1 and 2: SIGILL at 1e20 (from about 1e18); 7.7 s and 220 MB at 1e5; 24 GB at 1e7.
    @Test(arguments: [("1e20", "rest"), ("1e20", "offsetIsZero"), ("1e7", "rest"), ("1e5", "rest"), ("1e4", "offsetIsZero")])
    func uikitDurationHugeWithRestStopIsRefused(duration: String, stop: String) throws {
        try withFiles(["s.scene.json": Self.springScene(duration: duration, stop: stop)]) { directory in
            let file = directory.appendingPathComponent("s.scene.json").path
            let error = try expectRefused(["validate", file])
            #expect(error?.file == file && error?.path == "layers[0].animations[0].spring.uikitDuration", "\(String(describing: error))")
        }
    }

    /// Item 3: "failed to allocate 4362076096 bytes" where `--trace` refused the same file.
    @Test func farTraceUnderFramesIsRefusedAsTraceRefusesIt() throws {
        try withFiles(["far.csv": "t,x,y\n0,0,0\n0.016666,1,0\n1000000000,2,0\n"]) { directory in
            let path = directory.appendingPathComponent("far.csv").path
            let frames = try runBench(["validate", "bee1+", "--frames", "trace:" + path], timeout: 60)
            expectUsageError(frames, mentioning: "--frames trace:\(path): \(path): a trace span of 1e+09 s at 60 Hz would sample 6e+10 frames; at most 1000000")
            let trace = try runBench(["validate", "--trace", path], timeout: 60)
            expectUsageError(trace, mentioning: "a trace span of 1e+09 s at 60 Hz would sample 6e+10 frames; at most 1000000")
        }
    }

    /// Item 4: SIGILL ("Double value cannot be converted to Int … infinite or NaN").
    @Test func timingControlOverflowIsRefusedNamingTheValue() throws {
        let error = try expectRefused(["validate", "--svg", "M 0 0 L 100 0", "--duration", "1", "--timing", "0,6e307,1,1"])
        #expect(error?.option == "timing" && error?.value == "6e307", "\(String(describing: error))")
    }

    /// Item 5: `--duration 1e-320` printed `inf → inf pt/s`.
    @Test(arguments: ["1e-320", "5e-324", "1e-10"])
    func tinyDurationIsRefusedWithTheLowerBound(duration: String) throws {
        let error = try expectRefused(["validate", "--svg", "M 0 0 L 100 0", "--duration", duration])
        #expect(error?.option == "duration" && error?.value == duration, "\(String(describing: error))")
    }

    /// Item 5: Lottie `fr` 5e-324, a scale of 1e308 and `w` 1e308: each refused by its JSON path.
    @Test(arguments: [
        (#""fr": 5e-324, "w": 400"#, #"{"a": 0, "k": [100, 100, 100]}"#, "fr"),
        (#""fr": 60, "w": 400"#, #"{"a": 0, "k": [100, 1e308, 100]}"#, "layers[0].ks.s.k[1]"),
        (#""fr": 60, "w": 1e308"#, #"{"a": 0, "k": [100, 100, 100]}"#, "w"),
    ])
    func lottieOverflowingFiguresAreRefusedByPath(head: String, scale: String, path: String) throws {
        let text = #"{"v": "5.7.0", \#(head), "ip": 0, "op": 60, "h": 400, "layers": [{"ty": 4, "nm": "box", "ip": 0, "op": 60, "st": 0, "ks": {"s": \#(scale), "p": {"a": 1, "k": [{"t": 0, "s": [0, 100]}, {"t": 60, "s": [300, 100]}]}}}]}"#
        try withFiles(["a.json": text]) { directory in
            let file = directory.appendingPathComponent("a.json").path
            let error = try expectRefused(["validate", file])
            #expect(error?.file == file && error?.path == path, "\(String(describing: error))")
        }
    }

    /// Item 6: a million samples took 62 s and 577 MB; `integrators --duration 61` 8 s.
    @Test(arguments: [
        (["path", "M 0 0 L 100 0", "--samples", "1000000"], "samples", "1000000"),
        (["path", "M 0 0 C 0 0 0 0 100 0", "--samples", "10001"], "samples", "10001"),
        (["path", "M 0 0 L 100 0", "--samples", "10000", "--at-distance", "1,2"], "samples", "10000"),
        (["integrators", "--duration", "61"], "duration", "61"),
    ])
    func workProportionalToInputIsRefusedAboveItsBound(arguments: [String], option: String, value: String) throws {
        let error = try expectRefused(arguments)
        #expect(error?.option == option && error?.value == value, "\(String(describing: error))")
    }

    /// Found by the 10,000-line command-line campaign: a velocity of 5e-324 × the distance
    /// (or any under about 1e-156 × it) made GSL's bsimp return NaN, and `integrators` exited 3,
    /// "reference failed", on input that was only tiny.
    @Test(arguments: [["--velocity", "1e-160"], ["--initial-velocity", "-5e-324"], ["--velocity", "1e-99", "--from", "-1e60", "--to", "0"]])
    func tinyVelocityIsRefusedWithTheLowerBound(velocity: [String]) throws {
        let arguments = ["integrators", "--uikit-duration", "3", "--damping-ratio", "3", "--duration", "0.1"] + velocity
        let error = benchError(arguments)
        #expect(error?.option.map { "--\($0)" } == velocity[0] && error?.value == velocity[1], "\(error?.message ?? "accepted")")
        expectRefusal(try runBench(arguments), error)
    }

    /// Each rate validates every scene again: a thousand rates took minutes.
    @Test func moreThanEightRatesAreRefused() throws {
        let rates = (1...9).map(String.init).joined(separator: ",")
        let error = try expectRefused(["validate", "bee", "--hz", rates])
        #expect(error?.option == "hz" && error?.value == rates, "\(String(describing: error))")
    }

    /// A Lottie file of thousands of moving layers (here 2,500 in 480 KB: 455,000 frames at
    /// 60 and 120 Hz) is refused before any frame is sampled; 200 layers would be validated.
    @Test func thousandsOfMovingLayersAreRefusedBeforeSampling() throws {
        let layers = (0..<2500).map { i in
            #"{"ty": 4, "nm": "l\#(i)", "ind": \#(i + 1), "ip": 0, "op": 60, "st": 0, "ks": {"p": {"a": 1, "k": [{"t": 0, "s": [0, \#(i % 400)]}, {"t": 60, "s": [300, \#(i % 400)]}]}}}"#
        }
        let text = #"{"v": "5.7.0", "fr": 60, "ip": 0, "op": 60, "w": 400, "h": 400, "layers": [\#(layers.joined(separator: ","))]}"#
        try withFiles(["many.json": text]) { directory in
            let run = try runBench(["validate", directory.appendingPathComponent("many.json").path], timeout: 120)
            expectUsageError(run, mentioning: "these 2500 scenes at 2 rates would sample 455000 frames in all; at most 200000 in one run")
        }
    }
}
