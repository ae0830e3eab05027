import Foundation
import Testing

/// `--timing` on user path scenes in `bench validate` and `bench plot`, end to end.
@Suite struct TimingCurveCLITests {
    /// A straight line of 300 pt played once over 1 s: under linear timing the speed is 300 pt/s
    /// throughout, so any change in the profile comes from the timing curve.
    static let line = ["--svg", "M 0 0 L 300 0", "--duration", "1"]

    func validateJSON(_ arguments: [String]) throws -> (code: Int32, scenes: [[String: Any]]) {
        let run = try runBench(["validate"] + arguments + ["--json", "-"])
        #expect(run.stderr.isEmpty, "\(run.stderr)")
        let document = try jsonObject(run.stdout)
        return (run.code, try #require(document["scenes"] as? [[String: Any]]))
    }

    func speed(_ scene: [String: Any]) throws -> (min: Double, median: Double, max: Double) {
        let metrics = try #require(scene["metrics"] as? [String: Any])
        let speed = try #require(metrics["speed"] as? [String: Double])
        return (try #require(speed["min"]), try #require(speed["median"]), try #require(speed["max"]))
    }

    /// Ease-in-out starts and ends at rest and peaks mid-pass at 300 × slope, where the slope of
    /// (0.42, 0, 0.58, 1) at u = ½ is Y'(½)/X'(½) = 1.5 / 0.87 (X'(u) = 3(1−u)²x1 +
    /// 6(1−u)u(x2 − x1) + 3u²(1 − x2)); linear stays at 300. Played once, both are smooth: the
    /// first and last frames are boundaries, so starting from rest is not a jump.
    @Test func easeInEaseOutChangesTheSpeedProfileAndStaysSmooth() throws {
        let linear = try validateJSON(Self.line)
        let eased = try validateJSON(Self.line + ["--timing", "ease-in-out"])
        #expect(linear.code == 0)
        #expect(eased.code == 0, "an eased single play must be smooth")
        #expect(linear.scenes.count == 4 && eased.scenes.count == 4)  // 2 modes × 60, 120 Hz
        let peak = 300 * 1.5 / 0.87
        for (plain, scene) in zip(linear.scenes, eased.scenes) {
            #expect(scene["verdict"] as? String == "smooth", "\(scene["reasons"] ?? "")")
            #expect((scene["reasons"] as? [String])?.isEmpty == true)
            let flat = try speed(plain), curved = try speed(scene)
            #expect(abs(flat.min - 300) < 1e-6 && abs(flat.max - 300) < 1e-6, "\(flat)")
            #expect(curved.min < 0.05 * 300, "starts and ends near rest: \(curved)")
            #expect(abs(curved.max - peak) < 0.01 * peak, "peak \(curved.max), expected about \(peak)")
        }
    }

    @Test(arguments: ["easeInEaseOut", "ease-in-out", "EASE-IN-OUT", "kCAMediaTimingFunctionEaseInEaseOut", "0.42,0,0.58,1"])
    func spellingsOfTheSameCurveAgree(spelling: String) throws {
        let result = try validateJSON(Self.line + ["--timing", spelling, "--hz", "60", "--mode", "linear"])
        let timing = try #require(result.scenes.first?["timing"] as? [String: Any])
        #expect(timing["name"] as? String == "easeInEaseOut")
        #expect([timing["x1"], timing["y1"], timing["x2"], timing["y2"]].map { $0 as? Double } == [0.42, 0, 0.58, 1])
    }

    @Test func anUnnamedCurveHasANullNameAndTheSeedScenesAreLinear() throws {
        let custom = try validateJSON(Self.line + ["--timing", "0.1,-0.2,0.3,1.4", "--hz", "60", "--mode", "linear"])
        let timing = try #require(custom.scenes.first?["timing"] as? [String: Any])
        #expect(timing["name"] is NSNull)
        #expect(timing["y1"] as? Double == -0.2)
        let bee = try validateJSON(["bee1+", "--hz", "60", "--mode", "linear"])
        #expect((bee.scenes.first?["timing"] as? [String: Any])?["name"] as? String == "linear")
        let spring = try runBench(["validate", "menu-show", "--hz", "60", "--json", "-"])
        let springScene = try #require((try jsonObject(spring.stdout)["scenes"] as? [[String: Any]])?.first)
        #expect(springScene["timing"] is NSNull)
    }

    @Test func theSceneHeaderShowsTheCurve() throws {
        let run = try runBench(["validate"] + Self.line + ["--timing", "easeIn", "--hz", "60"])
        #expect(run.code == 0, "\(run.stderr)")
        let header = { (timing: String) in "── svg: path of 1 element, 300.0 pt, 1.00 s per pass, played once, timing \(timing) ── smooth" }
        #expect(run.stdout.split(separator: "\n").first { $0.hasPrefix("── ") }.map(String.init) == header("easeIn (0.42, 0, 1, 1)"), "\(run.stdout)")
        let custom = try runBench(["validate"] + Self.line + ["--timing", "0.2,0.1,0.3,1", "--hz", "60"])
        #expect(custom.stdout.split(separator: "\n").first { $0.hasPrefix("── ") }.map(String.init) == header("cubic-bezier(0.2, 0.1, 0.3, 1)"), "\(custom.stdout)")
    }

    @Test func plotShowsTheEasedSpeed() throws {
        let size = ["--quantity", "speed", "--width", "60", "--height", "12"]
        let linear = try runBench(["plot"] + Self.line + size)
        let eased = try runBench(["plot"] + Self.line + size + ["--timing", "ease-in"])
        #expect(linear.code == 0 && eased.code == 0, "\(eased.stderr)")
        #expect(linear.stdout != eased.stdout)
        // The plotted speeds, as data.
        func fastest(_ arguments: [String]) throws -> Double {
            let plot = try jsonObject(try runBench(["plot"] + Self.line + size + arguments + ["--json", "-"]).stdout)
            let series = try #require(plot["series"] as? [[String: Any]])
            return series.flatMap { ($0["points"] as? [Any]) ?? [] }.compactMap { ($0 as? [Double])?.last }.max() ?? 0
        }
        let linearFastest = try fastest([])
        #expect(abs(linearFastest - 300) < 0.5, "linear holds 300 pt/s: \(linearFastest)")
        #expect(try fastest(["--timing", "ease-in"]) > 400, "ease-in ends faster than 300 pt/s")
    }

    // MARK: Bad input

    @Test(arguments: [
        // The bad control value, or the whole value when it is not four numbers.
        (["--timing", "1.5,0,0.5,1"], "1.5"),
        (["--timing", "0.2,0,-0.1,1"], "-0.1"),
        (["--timing", "nan,0,0.5,1"], "nan"),
        (["--timing", "0,inf,0.5,1"], "inf"),
        (["--timing", "0,0,1"], "0,0,1"),
        (["--timing", "0,0,1,1,1"], "0,0,1,1,1"),
        (["--timing", "bouncy"], "bouncy"),
        (["--timing", ""], ""),
    ])
    func badCurvesAreUsageErrors(extra: [String], value: String) throws {
        for command in ["validate", "plot"] {
            let error = try expectRefused([command] + Self.line + extra)
            #expect(error?.option == "timing" && error?.value == value, "\(command): \(String(describing: error))")
        }
    }

    @Test(arguments: [["validate", "bee1"], ["plot", "bee1+"], ["validate", "--stiffness", "100", "--damping", "10"]])
    func timingWithoutAnSVGSceneIsAUsageError(arguments: [String]) throws {
        let error = try expectRefused(arguments + ["--timing", "easeIn"])
        #expect(error?.option == "timing" && error?.value == "easeIn", "\(String(describing: error))")
    }
}
