import Foundation
import Testing

@Suite struct SpringCommandTests {
    @Test func defaultsToTheMenuShowSpringAndSaysSo() throws {
        let run = try runBench(["spring", "--json", "-"])
        #expect(run.code == 0, "\(run.stderr)")
        let object = try jsonObject(run.stdout)
        let parameters = try #require(object["parameters"] as? [String: Any])
        // No vocabulary was given; a note says whose spring it is (its wording: the text golden).
        #expect(parameters["given"] is NSNull)
        #expect((object["notes"] as? [String])?.count == 1)
        #expect(parameters["regime"] as? String == "underdamped")
        // UIKit 0.8 s, ζ 0.6 under the envelope-decay mapping: ω₀ = ln(1000)/(0.6 · 0.8).
        #expect(abs((parameters["naturalFrequency"] as? Double ?? 0) - log(1000) / (0.6 * 0.8)) < 1e-9)
        let vocabularies = try #require(parameters["vocabularies"] as? [String: [String: Any]])
        #expect(Set(vocabularies.keys) == ["physical", "response", "perceptual", "uikit", "android", "react-spring", "rebound", "origami"])
        #expect(vocabularies["uikit"]?["uikit-duration"] as? Double == 0.8)
        #expect(abs((vocabularies["uikit"]?["damping-ratio"] as? Double ?? 0) - 0.6) < 1e-12)
        #expect((object["motion"] as? [String: Double])?["from"] == 667 && (object["motion"] as? [String: Double])?["to"] == 459)
        let overshoot = try #require(object["overshoot"] as? [String: Double])
        #expect((overshoot["distance"] ?? 0) > 0 && (overshoot["time"] ?? 0) > 0)
        #expect((object["settlingDuration"] as? Double ?? 0) > 0)
    }

    @Test func defaultJSONHasTheContractShapeAndTheMenuMotion() throws {
        let run = try runBench(["spring", "--json", "-"])
        #expect(run.code == 0, "\(run.stderr)")
        #expect(run.stdout.hasPrefix("{\n  \"schema\": \"flightline.spring/1\""))
        let object = try jsonObject(run.stdout)
        let parameters = try #require(object["parameters"] as? [String: Any])
        for key in ["mass", "stiffness", "damping", "dampingRatio", "naturalFrequency"] {
            #expect(parameters[key] is Double, "\(key)")
        }
        #expect(abs((parameters["dampingRatio"] as? Double ?? 0) - 0.6) < 1e-12)
        let vocabularies = try #require(parameters["vocabularies"] as? [String: Any])
        #expect(vocabularies.count == 8)
        let settle = try #require(object["settleTime"] as? Double)
        let samples = try #require(object["samples"] as? [[String: Double]])
        #expect(samples.count == 10)
        // Absolute positions: starts at 667 with −0.6 × 208 pt/s, ends within 0.5 pt of 459.
        #expect(samples.first?["t"] == 0)
        #expect(samples.first?["x"] == 667)
        #expect(abs((samples.first?["v"] ?? 0) + 124.8) < 1e-9)
        #expect(abs((samples.last?["t"] ?? 0) - settle) < 1e-12)
        #expect(abs((samples.last?["x"] ?? 0) - 459) <= 0.5 + 1e-9)
    }

    /// Origami's tension and friction for stiffness 100 and damping 10 (rebound's conversion
    /// inverted), typed: as literal arithmetic inside the `@Test` arguments they took the type
    /// checker 4 s per debug build.
    static let origamiTension: String = { let tension: Double = (100 - 194) / 3.62 + 30; return "\(tension)" }()
    static let origamiFriction: String = { let friction: Double = (10 - 25) / 3.0 + 8; return "\(friction)" }()

    /// One spring, written in each vocabulary: every description gives the same spring, so the
    /// physical parameters agree.
    @Test(arguments: [
        ["--stiffness", "100", "--damping", "10"],
        ["--response", "0.6283185307179586", "--damping-fraction", "0.5"],
        ["--duration", "0.6283185307179586", "--bounce", "0.5"],
        ["--android-stiffness", "100", "--damping-ratio", "0.5"],
        ["--tension", "100", "--friction", "10"],
        ["--rebound-tension", "100", "--rebound-friction", "10"],
        ["--origami-tension", Self.origamiTension, "--origami-friction", Self.origamiFriction],
    ])
    func everyVocabularyGivesTheSameSpring(options: [String]) throws {
        let run = try runBench(["spring"] + options + ["--json", "-"])
        #expect(run.code == 0, "\(run.stderr)")
        let parameters = try #require(try jsonObject(run.stdout)["parameters"] as? [String: Any])
        #expect(abs((parameters["stiffness"] as? Double ?? 0) - 100) < 1e-9)
        #expect(abs((parameters["damping"] as? Double ?? 0) - 10) < 1e-9)
        #expect(abs((parameters["dampingRatio"] as? Double ?? 0) - 0.5) < 1e-12)
    }

    @Test func uikitSpringWithItsRelativeVelocity() throws {
        let run = try runBench(["spring", "--uikit-duration", "0.8", "--damping-ratio", "0.6", "--initial-velocity", "0.6",
                                "--from", "667", "--to", "459", "--at", "0", "--json", "-"])
        #expect(run.code == 0, "\(run.stderr)")
        let samples = try #require(try jsonObject(run.stdout)["samples"] as? [[String: Double]])
        #expect(abs((samples.first?["v"] ?? 0) + 124.8) < 1e-9)
    }

    /// `--initial-velocity` is relative to the distance with every vocabulary (it was refused
    /// outside UIKit): 0.5 × 200 pt = 100 pt/s.
    @Test(arguments: [
        ["--stiffness", "100", "--damping", "10"],
        ["--response", "0.5", "--damping-fraction", "0.7"],
        ["--duration", "0.5", "--bounce", "0.2"],
        ["--uikit-duration", "0.8", "--damping-ratio", "0.6"],
        ["--tension", "170", "--friction", "26"],
    ])
    func relativeInitialVelocityInEveryVocabulary(options: [String]) throws {
        let run = try runBench(["spring"] + options + ["--initial-velocity", "0.5", "--from", "100", "--to", "300",
                                                       "--at", "0", "--json", "-"])
        #expect(run.code == 0, "\(run.stderr)")
        let object = try jsonObject(run.stdout)
        let samples = try #require(object["samples"] as? [[String: Double]])
        #expect(samples.first?["v"] == 100)
        #expect((object["motion"] as? [String: Double])?["velocity"] == 100)
    }

    @Test func aVocabularyThatCannotExpressTheSpringSaysWhy() throws {
        let run = try runBench(["spring", "--stiffness", "100", "--damping", "0", "--json", "-"])
        #expect(run.code == 0, "\(run.stderr)")
        let object = try jsonObject(run.stdout)
        let vocabularies = try #require((object["parameters"] as? [String: Any])?["vocabularies"] as? [String: [String: Any]])
        // Undamped is bounce 1 in the perceptual form; UIKit's damping ratio must be positive.
        #expect(abs((vocabularies["perceptual"]?["duration"] as? Double ?? 0) - 2 * .pi / 10) < 1e-12)
        #expect(vocabularies["perceptual"]?["bounce"] as? Double == 1)
        #expect(vocabularies["uikit"]?.keys.sorted() == ["unavailable"], "\(vocabularies)")
        #expect((vocabularies["uikit"]?["unavailable"] as? String)?.isEmpty == false)
        // Never settles: null, with its reason.
        #expect(object["settleTime"] is NSNull)
        #expect((object["notes"] as? [String])?.count == 2)
    }

    @Test func samplesFollowTheOrderGivenAndMatchTheClosedForm() throws {
        let run = try runBench(["spring", "--stiffness", "100", "--damping", "10", "--from", "0", "--to", "100",
                                "--at", "0.3,0,0.1,0.1", "--json", "-"])
        #expect(run.code == 0, "\(run.stderr)")
        let samples = try #require(try jsonObject(run.stdout)["samples"] as? [[String: Double]])
        #expect(samples.map { $0["t"] ?? -1 } == [0.3, 0, 0.1, 0.1])
        // x(t) = 100 − 100·e^(−5t)(cos ω_d t + (5/ω_d) sin ω_d t), ω_d = √75.
        let omega = 75.0.squareRoot()
        for sample in samples {
            let t = sample["t"]!
            let expected = 100 - 100 * exp(-5 * t) * (cos(omega * t) + 5 / omega * sin(omega * t))
            #expect(abs(sample["x"]! - expected) < 1e-9, "t = \(t)")
        }
    }

    /// The overshoot is the first peak past the target, found in closed form: with ζ 0.0005 the
    /// settle span is ~1000 s, and sampling it could land on a later, smaller peak.
    /// x(t) − 100 = −100·e^(−λt)(cos ω_d t + (λ/ω_d) sin ω_d t) peaks past 100 at t = π/ω_d,
    /// by 100·e^(−λπ/ω_d).
    @Test(arguments: [(100.0, 0.01), (100.0, 10.0), (400.0, 1.0)])
    func overshootIsTheFirstPeak(stiffness: Double, damping: Double) throws {
        let run = try runBench(["spring", "--stiffness", "\(stiffness)", "--damping", "\(damping)", "--from", "0", "--to", "100",
                                "--at", "0", "--json", "-"])
        #expect(run.code == 0, "\(run.stderr)")
        let overshoot = try #require(try jsonObject(run.stdout)["overshoot"] as? [String: Double])
        let lambda = damping / 2, omegaD = (stiffness - lambda * lambda).squareRoot()
        let time = Double.pi / omegaD, distance = 100 * exp(-lambda * time)
        #expect(abs((overshoot["time"] ?? 0) - time) < 1e-12 * time, "\(overshoot)")
        #expect(abs((overshoot["distance"] ?? 0) - distance) < 1e-9 * distance, "\(overshoot)")
    }

    /// Overdamped with a fast push past the target: one peak, early, long before the slow creep
    /// back settles; at its exact time (sampling found it only to ~3e-8 s).
    @Test func overdampedOvershootFromAPush() throws {
        // k 1, c 200 (ζ 100), from 0 to 1 at 1000 pt/s: shoots past 1 within ~0.05 s.
        let run = try runBench(["spring", "--stiffness", "1", "--damping", "200", "--from", "0", "--to", "1",
                                "--velocity", "1000", "--at", "0", "--json", "-"])
        #expect(run.code == 0, "\(run.stderr)")
        let overshoot = try #require(try jsonObject(run.stdout)["overshoot"] as? [String: Double])
        // v(t) = 0 where tanh(μt)/μ = v₀/(λv₀ + ω₀²x₀), x₀ = −1, λ = 100, ω₀ = 1.
        let lambda = 100.0, mu = (lambda * lambda - 1).squareRoot(), r = 1000 / (lambda * 1000 - 1)
        let time = atanh(mu * r) / mu
        #expect(abs((overshoot["time"] ?? 0) - time) < 1e-9 * time, "\(overshoot)")
        // d(t) = e^(−λt)(d₀ cosh μt + (v₀ + λd₀) sinh(μt)/μ), d₀ = −1: about 4 pt past the target.
        let distance = exp(-lambda * time) * (-cosh(mu * time) + (1000 - lambda) * sinh(mu * time) / mu)
        #expect(abs((overshoot["distance"] ?? 0) - distance) < 1e-9 * distance, "\(overshoot) vs \(distance)")
    }

    /// The help gives the defaults the command really uses: 0 → 100 with spring options, the
    /// menu's 667 → 459 without; bounce takes (-1, 1] (1 is undamped).
    @Test(arguments: ["spring", "integrators"])
    func helpStatesBothMotionDefaults(command: String) throws {
        let run = try runBench(["help", command, "--all"])
        #expect(run.code == 0, "\(run.stderr)")
        let entries = helpOptionEntries(run.stdout)
        #expect(entries["--from X"] == "start position, points (default 0; 667 with no spring options: the menu's)", "\(run.stdout)")
        #expect(entries["--to Y"] == "target position, points (default 100; 459 with no spring options: the menu's)")
        if command == "spring" { #expect(entries["--bounce B"] == "SwiftUI bounce in (-1, 1] that goes with --duration (default 0; 1 is undamped)", "\(entries)") }
    }

    /// Settle times past ~8192 s (lightly damped, or so overdamped the slow mode takes 1e200 s):
    /// the command ends and reports them (the settle-time refinement once looped forever here).
    @Test(arguments: [
        (["--stiffness", "100", "--damping", "0.001"], 10_000.0, 10_600.0),
        (["--stiffness", "1e-100", "--damping", "1e100"], 5.29e200, 5.30e200),
    ])
    func verySlowSettlingEnds(options: [String], low: Double, high: Double) throws {
        let run = try runBench(["spring"] + options + ["--at", "0", "--json", "-"])
        #expect(run.code == 0, "\(run.stderr)")
        let settle = try #require(try jsonObject(run.stdout)["settleTime"] as? Double)
        #expect(settle > low && settle < high, "\(settle)")
    }

    /// Issue 10: no option value, however extreme, prints NaN or infinity as a result. Each
    /// either runs (exit 0, every number finite) or is refused in one line naming the values.
    @Test(arguments: [
        // Damping 1e-320: UIKit's duration would be infinite; the vocabulary says it cannot.
        (["--stiffness", "300", "--damping", "1e-320"], 0, "uikit         cannot express this spring: decay rate must be large enough for a finite UIKit duration"),
        (["--response", "0.5", "--damping-fraction", "5e-324"], 0, "cannot express this spring"),
        // A start at 1e307 pt: the settle time is finite (it read NaN, "never settles").
        (["--stiffness", "300", "--damping", "10", "--from", "1e307"], 0, "this motion settles at 141.5"),
        (["--stiffness", "300", "--damping", "10", "--from", "1e200", "--at", "0.1"], 0, "overshoot: "),
        (["--stiffness", "300", "--damping", "10", "--from", "-0", "--to", "0", "--velocity", "-0"], 0, "overshoot: none"),
        (["--stiffness", "300", "--damping", "10", "--from", "1e308", "--at", "0.1"], 2, "the velocity at t = 0.1 s exceeds 1.8e308 pt/s"),
        (["--from", "-1e308", "--to", "1e308"], 2, "--from -1e+308 and --to 1e+308 are too far apart"),
        (["--stiffness", "300", "--damping", "10", "--from", "-1e308", "--to", "1e308"], 2, "are too far apart"),
        (["--initial-velocity", "1e308"], 2, "--initial-velocity 1e+308 times the distance -208 pt overflows"),
        (["--mass", "1e-320", "--stiffness", "300", "--damping", "10"], 2, "--mass 1e-320 is out of range: its stiffness per mass k/m overflows"),
        (["--mass", "5e-324", "--stiffness", "300", "--damping", "10"], 2, "is out of range"),
        (["--response", "1e-300", "--damping-fraction", "0.5"], 2, "--response 1e-300 --damping-fraction 0.5 --mass 1 is out of range"),
        (["--response", "0.5", "--damping-fraction", "1e308"], 2, "is out of range: its damping"),
        (["--uikit-duration", "1e-320", "--damping-ratio", "0.6"], 2, "--uikit-duration 1e-320 --damping-ratio 0.6 is out of range"),
        (["--uikit-duration", "0.8", "--damping-ratio", "1e300", "--uikit-overdamping", "slowest-mode"], 2, "is out of range"),
        (["--origami-tension", "1e308", "--origami-friction", "7"], 2, "is out of range"),
    ])
    func extremeValuesNeverPrintNaNOrInfinity(options: [String], code: Int32, message: String) throws {
        for json in [false, true] {
            let run = try runBench(["spring"] + options + (json ? ["--json", "-"] : []))
            #expect(nonFiniteWords(run.stdout, run.stderr).isEmpty, "\(options): \(run.stdout)\(run.stderr)")
            if code == 2 {
                expectUsageError(run, mentioning: message)
            } else {
                #expect(run.code == 0, "\(run.stderr)")
                if !json { #expect(run.stdout.contains(message), "\(run.stdout)") }
            }
        }
    }

    /// A damped spring that settles after more than the largest finite time: the text says so
    /// (not "never (undamped)") and each JSON null comes with its reason.
    @Test func settlingBeyondTheLargestTimeSaysWhyItIsNull() throws {
        let run = try runBench(["spring", "--stiffness", "300", "--damping", "1e-320", "--at", "0", "--json", "-"])
        #expect(run.code == 0, "\(run.stderr)")
        let object = try jsonObject(run.stdout)
        #expect(object["settleTime"] is NSNull)
        let notes = try #require(object["notes"] as? [String])
        #expect(notes.contains("settleTime is null: it exceeds the largest finite time (1.8e308 s)"), "\(notes)")
        let vocabularies = try #require((object["parameters"] as? [String: Any])?["vocabularies"] as? [String: Any])
        #expect((vocabularies["uikit"] as? [String: Any])?["unavailable"] is String)
        let text = try runBench(["spring", "--stiffness", "300", "--damping", "1e-320", "--at", "0"])
        // The settling line, whole: beyond the largest finite time, never "undamped".
        let settling: Substring = "settling: Core Animation settlingDuration more than 1.8e308 s (beyond the largest finite time) (unit step within 0.001); "
            + "this motion settles after more than 1.8e308 s (beyond the largest finite time) (within 0.5 pt and 31.25 pt/s for good: the 0.5 pt cap)"
        #expect(text.stdout.split(separator: "\n").filter { $0.hasPrefix("settling: ") } == [settling], "\(text.stdout)")
        let undamped = try jsonObject(try runBench(["spring", "--stiffness", "300", "--damping", "0", "--at", "0", "--json", "-"]).stdout)
        #expect((undamped["notes"] as? [String])?.contains("settleTime is null: the spring is undamped and never settles") == true)
    }

    @Test(arguments: [
        (["--mass", "0", "--stiffness", "1", "--damping", "1"], "mass must be a positive finite number"),
        (["--stiffness", "-1", "--damping", "1"], "stiffness must be a positive finite number"),
        (["--stiffness", "1", "--damping", "-1"], "damping must be a non-negative finite number"),
        (["--stiffness", "1", "--damping", "1", "--response", "0.5"], "do not name exactly one vocabulary"),
        (["--stiffness", "100"], "do not name exactly one vocabulary"),
    ])
    func badInputIsOneLineAndExitTwo(arguments: [String], message: String) throws {
        expectUsageError(try runBench(["spring"] + arguments), mentioning: message)
    }

    /// Refused as data: the option the error names, the value as typed (or the unknown option
    /// or argument) and, for a value outside a fixed list, that list.
    @Test(arguments: [
        (["--stiffness", "nan", "--damping", "1"], "stiffness", "nan", nil),
        (["--stiffness", "1", "--damping", "inf"], "damping", "inf", nil),
        (["--at", "-1"], "at", "-1", nil),
        (["--at", "1,,2"], "at", "", nil),
        (["--velocity", "1", "--initial-velocity", "1"], "velocity", "1", nil),
        (["--from", "nan"], "from", "nan", nil),
        (["--bogus"], nil, "--bogus", nil),
        (["stray"], nil, "stray", nil),
    ] as [([String], String?, String?, [String]?)])
    func badSpringOptionsAreRefusedNamingTheOptionAndValue(arguments: [String], option: String?, value: String?, expected: [String]?) throws {
        try expectRefusedNaming(["spring"] + arguments, option: option, value: value, expected: expected)
    }

    /// `--uikit-mapping framer` (Framer's mapping: k 190.2, c 16.55 for the menu) and the report
    /// of how the mapping moves the overshoot and settle times, in text and JSON.
    @Test func framerUIKitMapping() throws {
        let run = try runBench(["spring", "--uikit-mapping", "framer", "--json", "-"])
        #expect(run.code == 0, "\(run.stderr)")
        let menu = try jsonObject(run.stdout)
        let spring = try #require(menu["parameters"] as? [String: Any])
        #expect(spring["mass"] as? Double == 1)
        #expect(abs((spring["stiffness"] as? Double ?? 0) - 190.214) < 0.0005 && abs((spring["damping"] as? Double ?? 0) - 16.5502) < 0.00005)
        let menuRows = try #require(menu["uikitMappings"] as? [[String: Any]])
        #expect(menuRows.map { $0["mapping"] as? String } == ["envelope", "framer"])
        #expect(abs((menuRows[0]["stiffness"] as? Double ?? 0) - 207.11) < 0.005 && abs((menuRows[0]["damping"] as? Double ?? 0) - 17.27) < 0.005)
        #expect(abs((menuRows[1]["stiffness"] as? Double ?? 0) - 190.21) < 0.005 && abs((menuRows[1]["damping"] as? Double ?? 0) - 16.55) < 0.005)
        // Framer's softer spring overshoots later.
        #expect((menuRows[1]["overshootTime"] as? Double ?? 0) > (menuRows[0]["overshootTime"] as? Double ?? 1))
        let given = try runBench(["spring", "--uikit-duration", "0.8", "--damping-ratio", "0.6", "--uikit-mapping", "framer", "--json", "-"])
        #expect(given.code == 0, "\(given.stderr)")
        let object = try jsonObject(given.stdout)
        let rows = try #require(object["uikitMappings"] as? [[String: Any]])
        #expect(rows.map { $0["mapping"] as? String } == ["envelope", "framer"])
        #expect(abs((rows[1]["stiffness"] as? Double ?? 0) - 190.2) < 0.05)
        #expect(abs((rows[1]["damping"] as? Double ?? 0) - 16.55) < 0.005)
        for row in rows { #expect((row["settleTime"] as? Double ?? 0) > (row["overshootTime"] as? Double ?? 1)) }
        // Not a UIKit spring: nothing to compare.
        let physical = try runBench(["spring", "--stiffness", "100", "--damping", "10", "--json", "-"])
        #expect((try jsonObject(physical.stdout)["uikitMappings"] as? [Any])?.isEmpty == true)
        for (command, expected) in [(["integrators", "--uikit-mapping", "framer", "--hz", "60"], "k 190, c 16.6"),
                                    (["validate", "menu-show", "--uikit-mapping", "framer"], "stiffness 190.21, damping 16.550")] {
            let other = try runBench(command)
            #expect(other.code == 0 || other.code == 1, "\(command): \(other.stderr)")
            #expect(other.stdout.contains(expected), "\(command)")
        }
    }

    @Test(arguments: [
        (["--uikit-mapping", "framer", "--uikit-residual", "0.01"], "--uikit-residual tunes the envelope mapping"),
        (["--uikit-duration", "0.8", "--damping-ratio", "0", "--uikit-mapping", "framer"], "damping ratio must be a positive finite number"),
    ])
    func badUIKitMappingIsExitTwo(options: [String], message: String) throws {
        expectUsageError(try runBench(["spring"] + options), mentioning: message)
    }

    /// Refused as data: the option the error names, the value as typed (or the unknown option
    /// or argument) and, for a value outside a fixed list, that list.
    @Test(arguments: [
        (["--uikit-mapping", "nope"], "uikit-mapping", "nope", ["envelope", "framer"]),
    ] as [([String], String?, String?, [String]?)])
    func badUIKitMappingOptionsAreRefusedNamingTheOptionAndValue(arguments: [String], option: String?, value: String?, expected: [String]?) throws {
        try expectRefusedNaming(["spring"] + arguments, option: option, value: value, expected: expected)
    }

    /// `--css-linear`: a ready-to-paste `linear()` with the duration, the stop count and the
    /// measured error, in text and JSON alike.
    @Test func cssLinearEasing() throws {
        let run = try runBench(["spring", "--css-linear", "--wide"])
        #expect(run.code == 0, "\(run.stderr)")
        let css = try #require(run.stdout.split(separator: "\n").first { $0.hasPrefix("animation-timing-function: linear(0, ") })
        #expect(css.hasSuffix(", 1);"))
        #expect(run.stdout.split(separator: "\n").filter { $0.hasPrefix("animation-duration: ") } == ["animation-duration: 0.6451s;"], "\(run.stdout)")
        let json = try runBench(["spring", "--css-linear", "--max-error", "0.01", "--json", "-"])
        #expect(json.code == 0, "\(json.stderr)")
        let object = try #require(try jsonObject(json.stdout)["cssLinear"] as? [String: Any])
        let stops = try #require(object["stops"] as? [[String: Double]])
        #expect(object["stopCount"] as? Double == Double(stops.count))
        #expect((object["measuredError"] as? Double ?? 1) <= 0.01)
        #expect(object["maxError"] as? Double == 0.01)
        #expect((object["css"] as? String)?.hasPrefix("linear(0, ") == true)
        #expect((object["duration"] as? Double ?? 0) > 0)
        let coarser = try jsonObject(try runBench(["spring", "--css-linear", "--max-error", "0.05", "--json", "-"]).stdout)["cssLinear"] as? [String: Any]
        #expect((coarser?["stopCount"] as? Double ?? 99) < Double(stops.count))
    }

    @Test(arguments: [
        (["--css-linear", "--stiffness", "100", "--damping", "0"], "--css-linear: damping must be positive"),
        (["--css-linear", "--stiffness", "100", "--damping", "10", "--from", "3", "--to", "3", "--velocity", "5"], "--css-linear: distance must be nonzero"),
        (["--css-linear", "--max-error", "0.0001", "--stiffness", "100", "--damping", "0.02"], "--css-linear: max error must be larger for this motion"),
    ])
    func badCSSLinearIsExitTwo(options: [String], message: String) throws {
        expectUsageError(try runBench(["spring"] + options), mentioning: message)
    }

    /// Refused as data: the option the error names, the value as typed (or the unknown option
    /// or argument) and, for a value outside a fixed list, that list.
    @Test(arguments: [
        (["--css-linear", "--max-error", "0"], "max-error", "0", nil),
        (["--css-linear", "--max-error", "-0.1"], "max-error", "-0.1", nil),
        (["--css-linear", "--max-error", "nan"], "max-error", "nan", nil),
        (["--css-linear", "--max-error", "1"], "max-error", "1", nil),
        (["--max-error", "0.01"], "max-error", nil, ["--css-linear"]),
    ] as [([String], String?, String?, [String]?)])
    func badCSSLinearOptionsAreRefusedNamingTheOptionAndValue(arguments: [String], option: String?, value: String?, expected: [String]?) throws {
        try expectRefusedNaming(["spring"] + arguments, option: option, value: value, expected: expected)
    }
}
