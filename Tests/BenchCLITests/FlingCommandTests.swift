import Foundation
import Testing

/// `bench fling`: the figures end to end, the JSON document's contract, and the bad inputs that
/// must exit 2 with one line naming the value.
@Suite struct FlingCommandTests {
    func json(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    /// 1000 pt/s at UIKit's normal rate: 499 pt by the per-millisecond sum (the model), 499.4998
    /// by the continuous form, 3.45 s; the frames step by the sum's increments.
    @Test func uikitFigures() throws {
        let run = try runBench(["fling", "--velocity", "1000", "--platform", "uikit", "--json", "-"])
        #expect(run.code == 0)
        #expect(run.stderr.isEmpty)
        let document = try json(run.stdout)
        #expect(document["schema"] as? String == "flightline.fling/1")
        #expect(document["platform"] as? String == "uikit")
        #expect(document["unit"] as? String == "pt")
        #expect(abs((document["distance"] as? Double ?? 0) - 499) < 1e-9)
        #expect(abs((document["continuousDistance"] as? Double ?? 0) - 1 / log(1 / 0.998)) < 1e-9)
        #expect(document["duration"] as? Double == 3.45)
        let rates = try #require(document["frames"] as? [[String: Any]])
        #expect(rates.map { $0["hz"] as? Int } == [60, 120])
        let frames60 = try #require(rates[0]["frames"] as? [[String: Any]])
        #expect(frames60.count == rates[0]["count"] as? Int)
        // Frame 1 at 1/60 s: 16 whole milliseconds of the sum, then 2/3 of the 17th at v·r^17.
        let sum16: Double = 0.998 * (1 - pow(0.998, 16.0)) / 0.002
        let partial: Double = (1000.0 / 60 - 16) * pow(0.998, 17.0)
        let expected = sum16 + partial
        #expect(abs((frames60[1]["position"] as? Double ?? 0) - expected) < 1e-9)
        #expect(abs((frames60.last?["position"] as? Double ?? 0) - 499) < 1e-9)
    }

    /// Every platform prints its distance, duration, plots and frame tables, and its JSON parses
    /// with finite numbers; negative velocities mirror positive ones.
    @Test(arguments: ["uikit", "uikit-fast", "android", "flutter", "flutter-bouncing", "chrome"])
    func everyPlatformRuns(platform: String) throws {
        let text = try runBench(["fling", "--velocity", "5000", "--platform", platform])
        #expect(text.code == 0)
        let plus = try json(try runBench(["fling", "--velocity", "5000", "--platform", platform, "--json", "-"]).stdout)
        #expect((plus["frames"] as? [[String: Any]])?.map { $0["hz"] as? Int } == [60, 120])
        let minus = try json(try runBench(["fling", "--velocity", "-5000", "--platform", platform, "--json", "-"]).stdout)
        let distance = try #require(plus["distance"] as? Double)
        #expect(distance > 0)
        // (Foundation's JSON reader may miss the last digit: equal to 1e-12.)
        #expect(abs((minus["distance"] as? Double ?? 0) + distance) <= 1e-12 * distance)
        #expect(minus["duration"] as? Double == plus["duration"] as? Double)
    }

    @Test func androidDensityScalesThePhysicalCoefficient() throws {
        let one = try json(try runBench(["fling", "--velocity", "3000", "--platform", "android", "--json", "-"]).stdout)
        let three = try json(try runBench(["fling", "--velocity", "3000", "--platform", "android", "--density", "3", "--json", "-"]).stdout)
        // A denser screen has a larger physical coefficient: the same px/s goes fewer px.
        #expect((three["distance"] as? Double ?? 0) < (one["distance"] as? Double ?? 0))
        #expect(three["density"] as? Double == 3)
    }

    @Test(arguments: [
        (["fling", "--velocity", "1000"], "--platform"),
        (["fling", "--velocity", "1000", "--platform", "windows"], "'windows'"),
        (["fling", "--platform", "uikit"], "--velocity"),
        (["fling", "--platform", "uikit", "--velocity", "0"], "got 0"),
        (["fling", "--platform", "uikit", "--velocity", "nan"], "'nan'"),
        (["fling", "--platform", "uikit", "--velocity", "inf"], "'inf'"),
        (["fling", "--platform", "chrome", "--velocity", "100001"], "100001"),
        (["fling", "--platform", "android", "--velocity", "1000", "--density", "0"], "--density"),
        (["fling", "--platform", "android", "--velocity", "1000", "--density", "11"], "got 11"),
        (["fling", "--platform", "uikit", "--velocity", "1000", "--density", "2"], "--density"),
        (["fling", "--platform", "uikit", "--velocity", "1000", "--hz", "60,0"], "'0'"),
        (["fling", "--platform", "uikit", "--velocity", "1000", "--hz", "59.94"], "'59.94'"),
        (["fling", "--platform", "uikit", "--velocity", "1000", "--json", "/nonexistent/x.json"], "/nonexistent"),
    ])
    func badInputExitsTwoWithOneLine(arguments: [String], fragment: String) throws {
        let run = try runBench(arguments)
        #expect(run.code == 2)
        #expect(run.stdout.isEmpty)
        #expect(run.stderr.split(separator: "\n").count == 1)
        #expect(run.stderr.contains(fragment), "\(run.stderr)")
    }
}
