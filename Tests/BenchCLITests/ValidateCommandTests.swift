import Foundation
import Testing

/// `bench validate` end to end: verdicts and exit codes, the JSON contract, bad input, and
/// reproducible output.
@Suite struct ValidateCommandTests {
    /// A circle of radius 100 from four cubics (the kappa 0.5523 approximation), no closing
    /// segment: tangent-continuous joins, equal element lengths, and a seam with no gap.
    static let circle = "M100 0 C155.23 0 200 44.77 200 100 C200 155.23 155.23 200 100 200 C44.77 200 0 155.23 0 100 C0 44.77 44.77 0 100 0"

    @Test func seedScenesAreJankyAndSaySo() throws {
        // The text report's layout is the golden's (validate-seeds); here, what it reports.
        let run = try runBench(["validate", "--json", "-"])
        #expect(run.code == 1, "\(run.stderr)")
        let scenes = try #require(try jsonObject(run.stdout)["scenes"] as? [[String: Any]])
        #expect(Set(scenes.compactMap { $0["scene"] as? String }) == ["bee1+", "bee1-", "bee2+", "bee2-", "menu-show", "menu-dismiss"])
        #expect(scenes.contains { $0["verdict"] as? String == "janky" })
        // The flaws the demos really have, as data.
        let findings = try validateFindings(run.stdout)
        let kinds = Set(findings.compactMap { $0["kind"] as? String })
        #expect(kinds.isSuperset(of: ["teleport", "speedJump", "firstFrameJump"]), "\(kinds)")
        let wave = try #require(findings.first { $0["kind"] as? String == "firstFrameJump" && $0["scene"] as? String == "menu-show" })
        #expect(((wave["apex"] as? Double) ?? 0) < 0, "the wave rises above the flat edge")
        // The exact view (joins, the seam) and both timings to compare.
        let bee = scenes.filter { $0["scene"] as? String == "bee1+" }
        #expect(Set(bee.compactMap { $0["mode"] as? String }) == ["linear", "paced"])
        let metrics = try #require(bee.first?["metrics"] as? [String: Any])
        #expect((metrics["joins"] as? [Any])?.isEmpty == false)
        #expect((metrics["seam"] as? [String: Any])?["t"] as? Double == 3.3)
    }

    @Test(arguments: [
        ["--svg", "M0 0 L300 0", "--duration", "1"],
        ["--svg", circle, "--duration", "2", "--repeat"],
        ["--response", "0.5", "--damping-fraction", "1", "--from", "0", "--to", "100"],
        // Issue 10: a spring accelerating from rest was called a break at 60 Hz.
        ["--response", "0.35", "--damping-fraction", "0.8", "--from", "0", "--to", "300"],
        ["--uikit-duration", "0.5", "--damping-ratio", "0.7", "--initial-velocity", "0.6", "--from", "0", "--to", "300"],
        ["--svg", "M0 0 L300 0", "--duration", "0.3", "--timing", "ease-in-out"],
    ])
    func genuinelySmoothUserScenesExitZero(arguments: [String]) throws {
        let run = try runBench(["validate"] + arguments + ["--json", "-"])
        #expect(run.code == 0, "\(run.stdout)")
        let verdicts = try #require(try jsonObject(run.stdout)["scenes"] as? [[String: Any]]).map { $0["verdict"] as? String }
        #expect(!verdicts.isEmpty && verdicts.allSatisfy { $0 == "smooth" }, "\(verdicts)")
    }

    /// Issue 10: a move shorter than a frame was never sampled and passed as smooth.
    @Test(arguments: ["0.01", "1e-9"])
    func moveShorterThanAFrameIsJanky(duration: String) throws {
        let run = try runBench(["validate", "--svg", "M 0 0 L 400 0", "--duration", duration, "--hz", "60"])
        #expect(run.code == 1, "\(run.stdout)")
        let findings = try validateFindings(try runBench(["validate", "--svg", "M 0 0 L 400 0", "--duration", duration, "--hz", "60", "--json", "-"]).stdout)
        #expect(findings.contains { $0["kind"] as? String == "teleport" && abs(($0["distance"] as? Double ?? 0) - 400) < 1e-9 }, "\(findings)")
    }

    /// Issue 10: the JSON of a smooth spring does not call its steep launch a break, and says why.
    @Test func springJSONMarksTheModelAsSmooth() throws {
        let run = try runBench(["validate", "--uikit-duration", "0.3", "--damping-ratio", "0.5", "--to", "300", "--hz", "60", "--json", "-"])
        #expect(run.code == 0)
        let scene = try #require((try jsonObject(run.stdout)["scenes"] as? [[String: Any]])?.first)
        let metrics = try #require(scene["metrics"] as? [String: Any])
        let jump = try #require(metrics["speedJump"] as? [String: Any])
        #expect(jump["smoothByModel"] as? Bool == true && jump["isBreak"] as? Bool == false)
        #expect((metrics["startVelocityStep"] as? Double) == 0)
        #expect(((metrics["startAccelerationStep"] as? Double) ?? 0) > 0)
    }

    /// Issue 10: a spring kicked from rest is still caught at its start.
    @Test func springKickedFromRestIsJanky() throws {
        let run = try runBench(["validate", "--response", "0.35", "--damping-fraction", "0.8", "--to", "300", "--velocity", "3000"])
        #expect(run.code == 1)
        let json = try runBench(["validate", "--response", "0.35", "--damping-fraction", "0.8", "--to", "300", "--velocity", "3000", "--json", "-"])
        let kick = try #require(try validateFindings(json.stdout).first { $0["kind"] as? String == "startKick" })
        #expect(((kick["firstFrameSpeed"] as? Double) ?? 0) > 10 * ((kick["nextFrameChange"] as? Double) ?? .infinity))
    }

    /// Issue 10: no number the validation prints is NaN or infinite, in the text or the JSON.
    @Test(arguments: [
        ["menu", "bee1+"],
        ["--stiffness", "1e5", "--damping", "10"],
        ["--stiffness", "1e6", "--damping", "2000", "--to", "300"],
        ["--svg", "M 0 0 L 400 0", "--duration", "1e-9"],
        ["--svg", "M 0 0 Q 100 100 0 0", "--duration", "0.5", "--repeat"],
    ])
    func noInfinityOrNaNPrinted(arguments: [String]) throws {
        let text = try runBench(["validate"] + arguments + ["--hz", "60"])
        let json = try runBench(["validate"] + arguments + ["--hz", "60", "--json", "-"])
        for output in [text.stdout, json.stdout] {
            #expect(nonFiniteWords(output).isEmpty, "\(output.prefix(400))")
        }
        #expect(text.code == json.code && text.code != 2, "\(text.stderr)")
        _ = try jsonObject(json.stdout)
    }

    @Test func verboseListsEveryReasonOfTheJSON() throws {
        let arguments = ["validate", "bee2-", "menu-dismiss", "--hz", "60", "--verbose"]
        let text = try runBench(arguments).stdout
        let scenes = try #require(try jsonObject(runBench(arguments + ["--json", "-"]).stdout)["scenes"] as? [[String: Any]])
        let reasons = scenes.flatMap { ($0["reasons"] as? [String]) ?? [] }
        #expect(reasons.count >= 4)
        for reason in reasons { #expect(text.contains(reason), "\(reason)") }
    }

    @Test func thresholdFlagsReachTheVerdict() throws {
        // A 90° corner at equal speeds: a heading break (and a chord-cut speed dip) by default.
        let corner = ["validate", "--svg", "M0 0 L100 0 L100 100", "--duration", "1", "--mode", "linear"]
        let strict = try runBench(corner)
        #expect(strict.code == 1)
        let turns = try validateFindings(try runBench(corner + ["--json", "-"]).stdout).filter { $0["kind"] as? String == "turn" }
        #expect(turns.contains { abs(($0["degrees"] as? Double ?? 0) - 90) < 1 }, "\(turns)")
        let lenient = try runBench(corner + ["--max-turn", "180", "--max-speed-jump", "2", "--json", "-"])
        #expect(lenient.code == 0, "\(lenient.stdout)")
        let thresholds = try #require(try jsonObject(lenient.stdout)["thresholds"] as? [String: Any])
        #expect(thresholds["maxTurn"] as? Double == 180 && thresholds["maxSpeedJump"] as? Double == 2, "\(thresholds)")
    }

    @Test func jsonToStdoutIsOnlyTheDocument() throws {
        let run = try runBench(["validate", "bee1+", "menu-show", "--hz", "60", "--json", "-"])
        #expect(run.code == 1)
        #expect(run.stdout.hasPrefix("{\n  \"schema\": \"flightline.validate/1\""))
        let document = try jsonObject(run.stdout)
        let scenes = try #require(document["scenes"] as? [[String: Any]])
        // bee1+ in both modes, then the menu (no mode), in that order.
        #expect(scenes.map { $0["scene"] as? String } == ["bee1+", "bee1+", "menu-show"])
        #expect(scenes.map { $0["mode"] as? String } == ["linear", "paced", nil])
        for scene in scenes {
            for key in ["scene", "mode", "hz", "frames", "metrics", "verdict", "reasons"] {
                #expect(scene.keys.contains(key), "\(key)")
            }
            #expect(scene["verdict"] as? String == "janky")
            #expect(!((scene["reasons"] as? [String]) ?? []).isEmpty)
            let metrics = try #require(scene["metrics"] as? [String: Any])
            for key in ["maxStep", "speed", "speedJump", "maxTurn", "teleports", "frameCost"] {
                #expect(metrics.keys.contains(key), "\(key)")
            }
        }
        let path = try #require(scenes[0]["metrics"] as? [String: Any])
        #expect((path["joins"] as? [Any])?.count == 6)
        #expect((path["teleports"] as? [Any])?.count == 1)
        let seam = try #require(path["seam"] as? [String: Any])
        #expect(seam["fromVisible"] as? Bool == false)
        #expect(seam["toVisible"] as? Bool == true)
        let spring = try #require(scenes[2]["metrics"] as? [String: Any])
        for key in ["overshoot", "settleTime", "stopFires", "stopFrame", "snap", "integratorErrors"] {
            #expect(spring.keys.contains(key), "\(key)")
        }
        #expect(spring["stopFires"] as? Bool == true)
        #expect((spring["integratorErrors"] as? [Any])?.isEmpty == false)
    }

    @Test func jsonToAFileKeepsTheTables() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("validate-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: file) }
        let run = try runBench(["validate", "--svg", "M0 0 L300 0", "--duration", "1", "--json", file.path])
        #expect(run.code == 0)
        // The text is the run's without --json (but for the measured frame cost).
        let plain = try runBench(["validate", "--svg", "M0 0 L300 0", "--duration", "1"])
        #expect(GoldenOutput.masked(run.stdout) == GoldenOutput.masked(plain.stdout))
        let document = try jsonObject(String(contentsOf: file, encoding: .utf8))
        #expect(document["schema"] as? String == "flightline.validate/1")
        #expect((document["scenes"] as? [[String: Any]])?.map { $0["verdict"] as? String } == Array(repeating: "smooth", count: 4))
    }

    @Test(arguments: [
        (["validate", "--svg", "M0 0 L10 0", "--duration", "1e20", "--hz", "1"], "at most 100000"),
        (["validate", "--from", "0", "--to", "50"], "--from applies to a spring"),
        (["validate", "--svg", "M0 0 C 0 0 0 0 0 0", "--duration", "1"], "zero length"),
        (["validate", "--svg", "M5 5 L5 5 Z", "--duration", "1"], "zero length"),
        (["validate", "bee1", "--uikit-overdamping", "slowest-mode"], "apply to the menu scenes"),
        (["validate", "menu", "--uikit-residual", "2"], "--uikit-residual"),
        (["validate", "--svg", "M0 0 L1 0"], "--svg needs --duration"),
        (["validate", "--svg", "M10 10", "--duration", "1"], "at least one drawing segment"),
        (["validate", "--svg", "M0 0 Q", "--duration", "1"], "--svg:"),
        (["validate", "--max-speed-jump", "1"], "--max-speed-jump:"),
        (["validate", "--max-turn", "0"], "--max-turn:"),
        // Issue 10: rounding near 1e17 was called jank; 1e12 took seconds; 1e300 printed "inf".
        (["validate", "--svg", "M 0 1e17 l 100 0", "--duration", "1"], "path data reaches 1e+17 pt from the origin"),
        (["validate", "--svg", "M 0 1e12 l 100 0 l 0 100", "--duration", "1"], "within ±1e+07 pt"),
        (["validate", "--response", "0.35", "--damping-fraction", "0.8", "--to", "1e300"], "to 1e+300 pt"),
        // Issue 10: --duration beside a seed scene silently added a spring.
        (["validate", "bee1", "--duration", "1"], "--duration 1 does not apply to bee1"),
        (["validate", "menu", "bee2", "--duration", "0.5"], "does not apply to menu, bee2"),
        // A 3,000-line fuzz run: the frame count of 1e308 s overflowed and printed "inf frames".
        (["validate", "--svg", "M 0 0 L 100 0", "--duration", "1e308", "--hz", "120"], "would sample more than 1.8e+308 frames"),
    ])
    func badInputExitsTwoWithOneLine(arguments: [String], message: String) throws {
        expectUsageError(try runBench(arguments), mentioning: message)
    }

    /// Refused as data: the option the error names, the value as typed (or the unknown option
    /// or argument) and, for a value outside a fixed list, that list.
    @Test(arguments: [
        (["validate", "nope"], nil, "nope", nil),
        (["validate", "--hz", "0"], "hz", "0", nil),
        (["validate", "--hz", "-60"], "hz", "-60", nil),
        (["validate", "--hz", "1e-300"], "hz", "1e-300", nil),
        (["validate", "--hz", "sixty"], "hz", "sixty", nil),
        (["validate", "--hz", "60,,120"], "hz", "", nil),
        (["validate", "--mode", "fast"], "mode", "fast", ["linear", "paced", "both"]),
        (["validate", "--seed", "-1"], "seed", "-1", nil),
        (["validate", "--seed", "x"], "seed", "x", nil),
        (["validate", "--svg", "M0 0 L1 0", "--duration", "0"], "duration", "0", nil),
        (["validate", "--svg", "M0 0 L1 0", "--duration", "-2"], "duration", "-2", nil),
        (["validate", "--repeat"], "repeat", nil, ["--svg"]),
        (["validate", "--teleport-factor", "nan"], "teleport-factor", "nan", nil),
    ] as [([String], String?, String?, [String]?)])
    func badValidateOptionsAreRefusedNamingTheOptionAndValue(arguments: [String], option: String?, value: String?, expected: [String]?) throws {
        try expectRefusedNaming(arguments, option: option, value: value, expected: expected)
    }

    @Test func unknownSceneListsTheValidOnes() throws {
        let run = try runBench(["validate", "bee3"])
        #expect(run.code == 2)
        for name in ["bee1", "bee2", "bee1+", "menu-show", "menu-dismiss"] {
            #expect(run.stderr.contains(name), "\(name)")
        }
    }

    @Test func seedPicksOneFlightPerBee() throws {
        let run = try runBench(["validate", "bee", "--seed", "7", "--mode", "linear", "--hz", "60", "--json", "-"])
        let scenes = try #require(try jsonObject(run.stdout)["scenes"] as? [[String: Any]])
        let names = scenes.compactMap { $0["scene"] as? String }
        #expect(names.count == 2)
        #expect(names[0].hasPrefix("bee1") && names[1].hasPrefix("bee2"))
    }

    @Test func sameSeedSameOutput() throws {
        let arguments = ["validate", "bee", "menu-show", "--seed", "42"]
        let first = try runBench(arguments), second = try runBench(arguments)
        // Everything but the measured frame cost (a time) is reproducible.
        #expect(Self.withoutCosts(first.stdout) == Self.withoutCosts(second.stdout))
        let firstJSON = try runBench(arguments + ["--json", "-"]), secondJSON = try runBench(arguments + ["--json", "-"])
        #expect(Self.withoutCosts(firstJSON.stdout) == Self.withoutCosts(secondJSON.stdout))
        #expect(first.code == second.code)
    }

    /// The text with every measured cost blanked (`612 ns = 0.0037 %` and the JSON cost
    /// fields) and runs of spaces collapsed (a cost's width pads its table column).
    static func withoutCosts(_ text: String) -> String {
        text.replacingOccurrences(of: "[0-9.]+ (ns|µs|ms|s) = <?[0-9.e+-]+ %", with: "COST", options: .regularExpression)
            .replacingOccurrences(of: "\"frameCost(Seconds)?\": [^,\\n]+", with: "COST", options: .regularExpression)
            .replacingOccurrences(of: "[ ─]+", with: " ", options: .regularExpression)
    }
}

@Suite struct MenuMappingTests {
    /// docs/seed-scenes.md: the UIKit mapping is stated and the user can pick another; the seed menu
    /// scenes must follow it (they used to ignore the flags).
    @Test func slowestModeKeepsTheDismissDampingRatio() throws {
        let clamp = try runBench(["validate", "menu-dismiss", "--hz", "60", "--json", "-"])
        let slowest = try runBench(["validate", "menu-dismiss", "--hz", "60", "--uikit-overdamping", "slowest-mode", "--json", "-"])
        #expect(clamp.code == 1 && slowest.code == 1)
        #expect(clamp.stdout != slowest.stdout)
        // The scene's note of the mapping, whole: slowest-mode keeps ζ = 100 (c = 2ζ√(km)); the default clamps it to 1.
        func mapping(_ run: BenchRun) throws -> String? {
            ((try jsonObject(run.stdout)["scenes"] as? [[String: Any]])?.first?["notes"] as? [String])?.first { $0.hasPrefix("UIKit spring (") }
        }
        #expect(try mapping(slowest) == "UIKit spring (duration 0.8 s, damping ratio 100.0, velocity 0.6) → mass 1, stiffness 2982168.57, damping 345379.129 (ζ 100.000, ω₀ 1726.896 rad/s)")
        #expect(try mapping(clamp) == "UIKit spring (duration 0.8 s, damping ratio 100.0, velocity 0.6) → mass 1, stiffness 74.56, damping 17.269 (ζ 1.000, ω₀ 8.635 rad/s)")
    }
}
