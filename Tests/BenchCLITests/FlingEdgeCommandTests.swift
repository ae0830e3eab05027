import Foundation
import Testing

/// `bench fling --extent`: the edge hand-off end to end and its bad inputs.
@Suite struct FlingEdgeCommandTests {
    func json(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    /// Flutter from 3000 logical px/s into an edge 300 away: the friction simulation reaches it
    /// at t = ln(ln(0.135)·300/3000 + 1)/ln(0.135), with speed 3000·0.135^t carried whole.
    @Test func flutterHandOffFigures() throws {
        let run = try runBench(["fling", "--velocity", "3000", "--platform", "flutter-bouncing", "--extent", "300", "--json", "-"])
        #expect(run.code == 0 && run.stderr.isEmpty)
        let document = try json(run.stdout)
        #expect(document["schema"] as? String == "flightline.fling-edge/1")
        #expect(document["isPort"] as? Bool == true)
        let runs = try #require(document["runs"] as? [[String: Any]])
        #expect(runs.map { $0["hz"] as? Int } == [60, 120])
        let handOff = try #require(runs[0]["handOff"] as? [String: Any])
        let time = log(log(0.135) * 300 / 3000 + 1) / log(0.135)
        #expect(abs((handOff["time"] as? Double ?? 0) - time) < 1e-12)
        #expect(abs((handOff["speedBefore"] as? Double ?? 0) - 3000 * pow(0.135, time)) < 1e-9)
        #expect(handOff["continuous"] as? Bool == true)
        let frames = try #require(runs[1]["frames"] as? [[String: Any]])
        #expect(frames.last?["position"] as? Double == 300)
        #expect((runs[0]["overshoot"] as? Double ?? 0) > 0)
    }

    /// Every edge platform reports, as data: the model it ran, the continuity verdict at each
    /// rate, the frames at 60 and 120 Hz, and UIKit's part past the edge marked as a model (not a
    /// port). The text report runs too.
    @Test(arguments: ["uikit", "uikit-fast", "flutter-bouncing", "android"])
    func everyEdgePlatformReports(platform: String) throws {
        let arguments = ["fling", "--velocity", "-9000", "--platform", platform, "--extent", "120"]
        #expect(try runBench(arguments).code == 0)
        let run = try runBench(arguments + ["--json", "-"])
        #expect(run.code == 0, "\(run.stderr)")
        let document = try json(run.stdout)
        #expect(document["schema"] as? String == "flightline.fling-edge/1" && document["platform"] as? String == platform)
        #expect((document["model"] as? String)?.isEmpty == false)
        #expect(document["isPort"] as? Bool == !platform.hasPrefix("uikit"))
        let runs = try #require(document["runs"] as? [[String: Any]])
        #expect(runs.map { $0["hz"] as? Int } == [60, 120])
        for run in runs {
            #expect((run["handOff"] as? [String: Any])?["continuous"] is Bool, "the continuity verdict")
            #expect(run["count"] as? Int == (run["frames"] as? [Any])?.count && run["count"] as? Int ?? 0 > 0)
        }
    }

    /// UIKit's rubber band from a 100 pt pull in an 800 pt viewport: (1 − 1/(100·0.55/800 + 1))·800.
    @Test func pullFigures() throws {
        let run = try runBench(["fling", "--platform", "uikit", "--pull", "100", "--json", "-"])
        #expect(run.code == 0)
        let document = try json(run.stdout)
        #expect(document["schema"] as? String == "flightline.fling-pull/1")
        #expect(abs((document["displacement"] as? Double ?? 0) - (1 - 1 / (100 * 0.55 / 800 + 1)) * 800) < 1e-9)
        #expect(document["isPort"] as? Bool == false)
        let flutter = ["fling", "--platform", "flutter-bouncing", "--pull", "100", "--velocity", "-300", "--viewport", "600"]
        #expect(try runBench(flutter).code == 0)
        let pulled = try json(try runBench(flutter + ["--json", "-"]).stdout)
        #expect(pulled["platform"] as? String == "flutter-bouncing" && pulled["isPort"] as? Bool == true && pulled["viewport"] as? Double == 600)
        #expect((pulled["frames"] as? [[String: Any]])?.map { $0["hz"] as? Int } == [60, 120])
    }

    /// Android 12+'s pull stretches: 100 px in an 800 px view is mDistance 0.125, drawn as
    /// dampStretchVector(0.125) and shown at the far side of the view as 800·s/(1 + s); the
    /// release recedes to exactly 0. With --extent the fling stops at the edge and stretches
    /// (the default), or bounces with OverScroller (--edge spring-back).
    @Test func androidStretch() throws {
        let run = try runBench(["fling", "--platform", "android", "--pull", "100", "--json", "-"])
        #expect(run.code == 0, "\(run.stderr)")
        let document = try json(run.stdout)
        #expect(document["schema"] as? String == "flightline.fling-pull/1")
        let s = 0.016 * 0.125 + 0.016 * (1 - exp(-0.125 * M_E / Double(Float(0.33))))
        #expect(abs((document["displacement"] as? Double ?? 0) - 800 * s / (1 + s)) < 1e-4)
        #expect(document["isPort"] as? Bool == true)
        let runs = try #require(document["frames"] as? [[String: Any]])
        let frames = try #require(runs.first?["frames"] as? [[String: Any]])
        #expect(frames.last?["position"] as? Double == 0)
        #expect(runs.map { $0["hz"] as? Int } == [60, 120])
        #expect(try runBench(["fling", "--platform", "android", "--pull", "100"]).code == 0)
        let edge = try runBench(["fling", "--platform", "android", "--velocity", "6000", "--extent", "300", "--viewport", "1000", "--json", "-"])
        #expect(edge.code == 0, "\(edge.stderr)")
        let edgeDocument = try json(edge.stdout)
        #expect(edgeDocument["androidEdge"] as? String == "stretch" && edgeDocument["viewport"] as? Double == 1000)
        let edgeRuns = try #require(edgeDocument["runs"] as? [[String: Any]])
        for edgeRun in edgeRuns {
            let handOff = try #require(edgeRun["handOff"] as? [String: Any])
            #expect(handOff["speedAfter"] as? Double == 0)
            let overshoot = edgeRun["overshoot"] as? Double ?? 0
            #expect(overshoot > 0 && overshoot < 1000 * 0.032)
            let frames = try #require(edgeRun["frames"] as? [[String: Any]])
            #expect(frames.last?["position"] as? Double == 300)
        }
        let springBack = ["fling", "--platform", "android", "--velocity", "6000", "--extent", "300", "--edge", "spring-back", "--over", "100"]
        #expect(try runBench(springBack).code == 0)
        let back = try json(try runBench(springBack + ["--json", "-"]).stdout)
        #expect(back["androidEdge"] as? String == "spring-back" && back["over"] as? Double == 100, "OverScroller, Android before 12")
    }

    @Test(arguments: [
        (["fling", "--velocity", "1000", "--platform", "chrome", "--extent", "10"], "chrome"),
        (["fling", "--platform", "chrome", "--pull", "10"], "chrome"),
        (["fling", "--platform", "android", "--pull", "10", "--velocity", "500"], "--velocity"),
        (["fling", "--platform", "android", "--pull", "nan"], "--pull"),
        (["fling", "--platform", "android", "--pull", "-4"], "-4"),
        (["fling", "--platform", "android", "--pull", "10", "--viewport", "0.5"], "--viewport"),
        (["fling", "--velocity", "1000", "--platform", "android", "--extent", "10", "--viewport", "inf"], "--viewport"),
        (["fling", "--velocity", "1000", "--platform", "android", "--extent", "10", "--over", "5"], "--over"),
        (["fling", "--velocity", "1000", "--platform", "uikit", "--extent", "10", "--edge", "stretch"], "--edge"),
        (["fling", "--velocity", "1000", "--platform", "android", "--extent", "10", "--edge", "glow"], "--edge"),
        (["fling", "--platform", "uikit", "--pull", "0"], "got 0"),
        (["fling", "--platform", "uikit", "--pull", "10", "--extent", "5"], "--pull"),
        (["fling", "--platform", "uikit", "--pull", "10", "--viewport", "-1"], "--viewport"),
        (["fling", "--platform", "uikit", "--velocity", "10", "--viewport", "100"], "--viewport"),
        (["fling", "--velocity", "1000", "--platform", "flutter", "--extent", "10"], "flutter"),
        (["fling", "--velocity", "1000", "--platform", "uikit", "--extent", "0"], "got 0"),
        (["fling", "--velocity", "1000", "--platform", "uikit", "--extent", "-3"], "-3"),
        (["fling", "--velocity", "1000", "--platform", "uikit", "--extent", "inf"], "'inf'"),
        (["fling", "--velocity", "1000", "--platform", "uikit", "--extent", "2e7"], "--extent"),
        (["fling", "--velocity", "1000", "--platform", "android", "--extent", "10", "--edge", "spring-back", "--over", "-1"], "--over"),
        (["fling", "--velocity", "1000", "--platform", "uikit", "--extent", "10", "--over", "5"], "--over"),
        (["fling", "--velocity", "1000", "--platform", "android", "--over", "5"], "--over"),
    ])
    func badInputExitsTwoWithOneLine(arguments: [String], fragment: String) throws {
        let run = try runBench(arguments)
        #expect(run.code == 2)
        #expect(run.stdout.isEmpty)
        #expect(run.stderr.split(separator: "\n").count == 1)
        #expect(run.stderr.contains(fragment), "\(run.stderr)")
    }
}
