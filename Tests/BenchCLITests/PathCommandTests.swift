import BezierKernels
import Foundation
import Testing

@testable import BenchCLI

/// `bench path` end to end: the built executable, its exit code, stdout and stderr.
@Suite struct PathCommandTests {
    /// Runs `bench path ARGS --json -` and returns the parsed document.
    func pathJSON(_ arguments: [String]) throws -> [String: Any] {
        let run = try runBench(["path"] + arguments + ["--json", "-"])
        #expect(run.code == 0, "\(run.stderr)")
        #expect(run.stderr.isEmpty, "\(run.stderr)")
        return try jsonObject(run.stdout)
    }

    func samples(_ document: [String: Any]) throws -> [[String: Any]] {
        try #require(document["samples"] as? [[String: Any]])
    }

    // MARK: Edge cases

    @Test func zeroLengthPathHasAPositionAtZeroButNoDirection() throws {
        let document = try pathJSON(["M 5 5 L 5 5", "--at-distance", "0", "--samples", "2"])
        #expect(document["length"] as? Double == 0)
        let samples = try samples(document)
        #expect(samples.count == 3)
        for sample in samples {
            #expect(sample["distance"] as? Double == 0)
            #expect(sample["x"] as? Double == 5)
            #expect(sample["y"] as? Double == 5)
            #expect(sample["tx"] is NSNull)
            #expect(sample["ty"] is NSNull)
        }
        let text = try runBench(["path", "M 5 5 L 5 5", "--at-distance", "0"])
        #expect(text.code == 0 && text.stderr.isEmpty, "\(text.stderr)")
    }

    @Test func noSamplesAskedGivesAnEmptyList() throws {
        let document = try pathJSON(["M0 0 L3 4"])
        #expect(try samples(document).isEmpty)
    }

    @Test func oneEvenlySpacedSampleIsTheStart() throws {
        let samples = try samples(pathJSON(["M 1 2 L 4 6", "--samples", "1"]))
        #expect(samples.count == 1)
        #expect(samples[0]["distance"] as? Double == 0)
        #expect(samples[0]["x"] as? Double == 1)
        #expect(samples[0]["y"] as? Double == 2)
    }

    @Test func closeAddsItsLineAndTheEndIsTheStart() throws {
        let document = try pathJSON(["M0 0 L3 0 L3 4 Z", "--at-distance", "12"])
        let segments = try #require(document["segments"] as? [[String: Any]])
        #expect(segments.map { $0["kind"] as? String } == ["line", "line", "line"])
        #expect(document["length"] as? Double == 12)
        let end = try samples(document)[0]
        #expect(end["x"] as? Double == 0)
        #expect(end["y"] as? Double == 0)
    }

    // MARK: Known lengths

    @Test func lineThreeFourFive() throws {
        let document = try pathJSON(["M0 0 L3 4"])
        #expect(document["length"] as? Double == 5)
        let segments = try #require(document["segments"] as? [[String: Any]])
        #expect(segments.count == 1)
        #expect(segments[0]["kind"] as? String == "line")
        #expect(segments[0]["length"] as? Double == 5)
    }

    /// `Q 0.5 0 1 1` from the origin is B(t) = (t, t²): L = ∫₀¹√(1 + 4x²) dx = √5/2 + asinh(2)/4.
    @Test func parabolaHasItsClosedFormLength() throws {
        let document = try pathJSON(["M 0 0 Q 0.5 0 1 1"])
        let exact = 5.0.squareRoot() / 2 + asinh(2.0) / 4
        let length = try #require(document["length"] as? Double)
        #expect(abs(length - exact) <= 1e-12, "\(length) vs \(exact)")
        let segments = try #require(document["segments"] as? [[String: Any]])
        #expect(segments.first?["kind"] as? String == "quadratic")
    }

    @Test func relativeCommandsAndSegmentsAddUp() throws {
        // A cubic that is a straight line (collinear controls) has an exact length too.
        let document = try pathJSON(["m 0 0 h 10 v 10 c 0 10 0 20 0 30 q 0 5 0 10"])
        let segments = try #require(document["segments"] as? [[String: Any]])
        #expect(segments.compactMap { $0["kind"] as? String } == ["line", "line", "cubic", "quadratic"])
        let lengths = segments.compactMap { $0["length"] as? Double }
        for (length, exact) in zip(lengths, [10.0, 10, 30, 10]) { #expect(abs(length - exact) <= 1e-9) }
        let total = try #require(document["length"] as? Double)
        #expect(abs(total - 60) <= 1e-9)
    }

    // MARK: Samples

    @Test func samplesComeInTheOrderAskedThenEvenlySpaced() throws {
        let samples = try samples(pathJSON(["M0 0 L3 4", "--at-distance", "4,1,2.5,0", "--samples", "3"]))
        let distances = samples.compactMap { $0["distance"] as? Double }
        #expect(distances == [4, 1, 2.5, 0, 0, 2.5, 5])
        for sample in samples {
            let d = try #require(sample["distance"] as? Double)
            let x = try #require(sample["x"] as? Double), y = try #require(sample["y"] as? Double)
            let tx = try #require(sample["tx"] as? Double), ty = try #require(sample["ty"] as? Double)
            #expect(abs(x - 0.6 * d) <= 1e-12 && abs(y - 0.8 * d) <= 1e-12, "\(sample)")
            #expect(abs(tx - 0.6) <= 1e-12 && abs(ty - 0.8) <= 1e-12, "\(sample)")
        }
    }

    /// On the parabola (t, t²) the point at distance s has x with √5/2-style closed form length
    /// L(x) = x√(1+4x²)/2 + asinh(2x)/4: check that the point returned sits at that distance and
    /// that the tangent is the unit (1, 2x).
    @Test func curvedSamplesAreWhereTheDistanceSays() throws {
        let samples = try samples(pathJSON(["M 0 0 Q 0.5 0 1 1", "--at-distance", "0.3,1.2", "--samples", "5"]))
        #expect(samples.count == 7)
        for sample in samples {
            let d = try #require(sample["distance"] as? Double)
            let x = try #require(sample["x"] as? Double), y = try #require(sample["y"] as? Double)
            let tx = try #require(sample["tx"] as? Double), ty = try #require(sample["ty"] as? Double)
            let reached = x * (1 + 4 * x * x).squareRoot() / 2 + asinh(2 * x) / 4
            #expect(abs(reached - d) <= 1e-9, "\(sample)")
            #expect(abs(y - x * x) <= 1e-12)
            let norm = (1 + 4 * x * x).squareRoot()
            #expect(abs(tx - 1 / norm) <= 1e-9 && abs(ty - 2 * x / norm) <= 1e-9, "\(sample)")
        }
    }

    // MARK: Output shape

    @Test func jsonToStdoutIsOnlyJSONWithTheSchemaFirst() throws {
        let run = try runBench(["path", "M0 0 L3 4", "--at-distance", "1", "--json", "-"])
        #expect(run.code == 0)
        #expect(run.stdout.hasPrefix("{\n  \"schema\": \"flightline.path/1\","))
        let document = try jsonObject(run.stdout)
        // docs/design.md §3's keys, plus `bounds` after them (an extension; PathFlattenTests checks it).
        #expect(Set(document.keys) == ["schema", "segments", "length", "samples", "bounds"])
        let segment = try #require((document["segments"] as? [[String: Any]])?.first)
        #expect(Set(segment.keys) == ["kind", "length"])
        let sample = try #require(try samples(document).first)
        #expect(Set(sample.keys) == ["distance", "x", "y", "tx", "ty"])
    }

    @Test func jsonToAFileKeepsTheTable() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("path-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: file) }
        let run = try runBench(["path", "M0 0 L3 4", "--samples", "2", "--json", file.path])
        #expect(run.code == 0)
        // The text is what the run without --json prints, whole.
        #expect(run.stdout == (try runBench(["path", "M0 0 L3 4", "--samples", "2"])).stdout)
        let document = try jsonObject(String(contentsOf: file, encoding: .utf8))
        #expect(document["schema"] as? String == "flightline.path/1")
        #expect(document["length"] as? Double == 5)
        #expect((document["segments"] as? [[String: Any]])?.map { $0["kind"] as? String } == ["line"])
        #expect(try samples(document).count == 2)
    }

    @Test func textShowsKindsLengthsAndTotal() throws {
        let run = try runBench(["path", "M0 0 L3 4 Q 3 8 7 8", "--at-distance", "2.5"])
        #expect(run.code == 0)
        for fragment in ["segment", "kind", "line", "quadratic", "5.000000000", "length 11.49", "2 segments", "0.600000000"] {
            #expect(run.stdout.contains(fragment), "\(fragment) in \(run.stdout)")
        }
    }

    /// The example in `bench help path` is what the command really prints.
    @Test func helpExampleIsTheRealOutput() throws {
        let help = try runBench(["help", "path", "--all"])
        #expect(help.code == 0)
        let lines = help.stdout.components(separatedBy: "\n")
        let start = try #require(lines.firstIndex { $0.hasPrefix("  $ bench path ") })
        let end = try #require(lines[start...].firstIndex { $0 == "options:" })
        let shown = lines[(start + 1)..<end].map { $0.hasPrefix("  ") ? String($0.dropFirst(2)) : $0 }
            .joined(separator: "\n").trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(lines[start] == "  $ bench path 'M 0 0 L 3 4 Q 3 8 7 8' --at-distance 2.5 --samples 2 --accuracy 1e-6")
        let run = try runBench(["path", "M 0 0 L 3 4 Q 3 8 7 8", "--at-distance", "2.5", "--samples", "2", "--accuracy", "1e-6"])
        #expect(run.code == 0)
        #expect(run.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == shown)
    }

    // MARK: Bad input

    @Test(arguments: [
        ([], "needs SVG path data"),
        (["M 0 0", "L 3 4"], "one quoted argument"),
        (["M 0 0 L 1 X"], "got 'X' at offset 10"),
        (["M 0 0 L 3,"], "at offset 10"),
        (["L 3 4"], "must start with a move (M or m), got 'L' at offset 0"),
        (["  "], "must start with a move"),
        (["M 0 0 L 1e999 0"], "got '1e999' at offset 8"),
        (["M 0 0 L NaN 0"], "at offset 8"),
        (["M 0 0 L inf 0"], "at offset 8"),
        (["M 0 0"], "has no drawing command"),
        (["M0 0 L3 4", "--accuracy", "1e-14"], "--accuracy must be at least 1e-12 pt"),
        (["M0 0 L3 4", "--at-distance", "6"], "--at-distance 6 is outside the path: distances run from 0 to its length 5"),
        (["M0 0 L3 4", "--at-distance", "1,-0.5"], "--at-distance -0.5 is outside"),
        (["M 5 5 L 5 5", "--at-distance", "0.1"], "--at-distance 0.1 is outside the path: distances run from 0 to its length 0"),
    ] as [([String], String)])
    func badInputIsOneLineOnStderrAndExitTwo(arguments: [String], message: String) throws {
        expectUsageError(try runBench(["path"] + arguments), mentioning: message)
    }

    /// Refused as data: the option the error names, the value as typed (or the unknown option
    /// or argument) and, for a value outside a fixed list, that list.
    @Test(arguments: [
        (["M0 0 L3 4", "--accuracy", "0"], "accuracy", "0", nil),
        (["M0 0 L3 4", "--accuracy", "-1"], "accuracy", "-1", nil),
        (["M0 0 L3 4", "--accuracy", "abc"], "accuracy", "abc", nil),
        (["M0 0 L3 4", "--accuracy", "nan"], "accuracy", "nan", nil),
        (["M0 0 L3 4", "--at-distance", "1,,2"], "at-distance", "", nil),
        (["M0 0 L3 4", "--at-distance", "inf"], "at-distance", "inf", nil),
        (["M0 0 L3 4", "--samples", "0"], "samples", "0", nil),
        (["M0 0 L3 4", "--samples", "2.5"], "samples", "2.5", nil),
        (["M0 0 L3 4", "--samples"], "samples", nil, nil),
        (["M0 0 L3 4", "--at"], nil, "--at", nil),
    ] as [([String], String?, String?, [String]?)])
    func badPathOptionsAreRefusedNamingTheOptionAndValue(arguments: [String], option: String?, value: String?, expected: [String]?) throws {
        try expectRefusedNaming(["path"] + arguments, option: option, value: value, expected: expected)
    }
}

@Suite struct PathAccuracyTests {
    /// The printed length is rounded to the accuracy; typed back, it must be accepted (it is
    /// the end of the path within the accuracy), and a distance beyond that is still refused.
    @Test func printedLengthTypedBackIsTheEnd() throws {
        let run = try runBench(["path", "M 0 0 C 100 100 0 100 100 0", "--at-distance", "182.842712475", "--json", "-"])
        #expect(run.code == 0, "\(run.stderr)")
        let sample = try #require((try jsonObject(run.stdout)["samples"] as? [[String: Any]])?.first)
        #expect(abs((sample["x"] as? Double ?? 0) - 100) < 1e-9)
        expectUsageError(try runBench(["path", "M 0 0 C 100 100 0 100 100 0", "--at-distance", "182.8428"]), mentioning: "outside the path")
    }

    /// Elliptical arcs follow --accuracy: π/3 for a 60° arc of radius 1, within 1e-12.
    @Test func arcsAreApproximatedWithinTheAccuracyAsked() throws {
        let run = try runBench(["path", "M 0 0 A 1 1 0 0 1 1 0", "--accuracy", "1e-12", "--json", "-"])
        #expect(run.code == 0, "\(run.stderr)")
        let length = try #require(try jsonObject(run.stdout)["length"] as? Double)
        #expect(abs(length - Double.pi / 3) <= 1e-12, "\(length)")
    }

    /// The default accuracy follows the path (`M 0 0 L 10001 0` was refused by default), and a
    /// relaxation after the build (`M 1 -9270.69 S …` failed twice) is one note, then success.
    @Test(arguments: ["M 0 0 L 10001 0", "M 1 -9270.69 S 217 19.51 -287 3000.6", "M 0 0 Q 10000 10000 0 10000", "M 0 0 L 1e12 1"])
    func defaultAccuracyScalesWithThePathInOneNote(data: String) throws {
        let run = try runBench(["path", data, "--samples", "3", "--json", "-"])
        #expect(run.code == 0, "\(run.stderr)")
        let lines = run.stderr.split(separator: "\n")
        #expect(lines.count == 1 && lines[0].hasPrefix("note: accuracy "), "\(run.stderr)")
        #expect((try jsonObject(run.stdout)["length"] as? Double)?.isFinite == true)
    }

    /// Asked explicitly, an accuracy the table cannot reach is a usage error naming what is.
    @Test func unreachableExplicitAccuracyIsAUsageError() throws {
        let far = ["path", "M 0 0 Q 10000 10000 0 10000", "--accuracy", "1e-9"]
        let unreachable = try #require(benchThrown(["--wide"] + far) as? UnreachableAccuracy)
        #expect(unreachable.asked == 1e-9 && unreachable.reachable > 1e-9 && unreachable.reachable < 1e-8, "\(unreachable)")
        expectRefusal(try runBench(far), CLIError.usage(unreachable.description))
        // The bee paths keep the 1e-9 pt default, silently.
        let bee = try runBench(["path", "M 20 200 Q 120 100 220 200 C 1000 200 1100 200 1200 300", "--samples", "2"])
        #expect(bee.code == 0 && bee.stderr.isEmpty, "\(bee.stderr)")
        // The default is 1e-9 pt: the same report as asking for it.
        let asked = try runBench(["path", "M 20 200 Q 120 100 220 200 C 1000 200 1100 200 1200 300", "--samples", "2", "--accuracy", "1e-9"])
        #expect(asked.code == 0 && bee.stdout == asked.stdout)
        #expect(bee.stdout != (try runBench(["path", "M 20 200 Q 120 100 220 200 C 1000 200 1100 200 1200 300", "--samples", "2", "--accuracy", "1e-6"])).stdout)
    }
}

@Suite struct PathExtremeInputTests {
    /// SIGILL before: `PathMeasure.pieceIndex` converted NaN to Int on subnormal lengths.
    @Test(arguments: [["M 0 0 L 1e-320 0", "--samples", "1"], ["M 0 0 l 1e-320 0 l 1e-320 0", "--samples", "3"],
                      ["M 0 0 L 0 1e-320", "--at-distance", "0,5e-321"]])
    func subnormalLengthsMeasureWithoutCrashing(arguments: [String]) throws {
        let run = try runBench(["path"] + arguments + ["--json", "-"])
        #expect(run.code == 0, "\(run.stderr)")
        let samples = try #require(try jsonObject(run.stdout)["samples"] as? [[String: Any]])
        #expect(!samples.isEmpty)
        for sample in samples {
            for key in ["x", "y", "tx", "ty"] { #expect((sample[key] as? Double)?.isFinite == true, "\(sample)") }
        }
    }

    /// NaN and inf were printed for a short path near 1e308 (degree elevation overflowed).
    @Test(arguments: [["M 0 1e308 L 100 1e308", "--samples", "3", "--accuracy", "1e296"],
                      ["M 0 1e308 L 100 1e308", "--samples", "3"],
                      ["M 0 -1.7e308 Q 50 -1.7e308 100 -1.7e308", "--at-distance", "50", "--flatten", "1"]])
    func hugeCoordinatesPrintNoNaNOrInfinity(arguments: [String]) throws {
        let run = try runBench(["path"] + arguments)
        #expect(run.code == 0, "\(run.stderr)")
        #expect(nonFiniteWords(run.stdout).isEmpty, "\(run.stdout)")
        // The samples, as data: on the path's line, finite.
        let line = arguments[0].contains("-1.7e308") ? -1.7e308 : 1e308
        let samples = try #require(try jsonObject(try runBench(["path"] + arguments + ["--json", "-"]).stdout)["samples"] as? [[String: Any]])
        #expect(!samples.isEmpty && samples.allSatisfy { abs(($0["y"] as? Double ?? 0) - line) <= 1e-12 * abs(line) && ($0["x"] as? Double)?.isFinite == true }, "\(samples)")
    }

    /// A length that overflows is refused on one line naming the segment, never printed as inf.
    @Test(arguments: ["M 0 1e308 Q 0 -1e308 0 1e308", "M -1e308 0 L 1e308 0"])
    func lengthsBeyondTheLargestDoubleAreRefused(data: String) throws {
        // Exactly BezierKernels' refusal of the first segment (index 0), as bench prints it.
        expectRefusal(try runBench(["path", data]), CLIError.usage(BezierError.lengthOverflow(segment: 0).description))
    }

    @Test(arguments: [
        (["--flatten", "1e-300"], "would give more than 10000001 vertices; at most 1000000"),
        (["--flatten", "4.9e-324"], "at most 1000000"),
        (["--at-distance", "1e308"], "--at-distance 1e+308 is outside the path"),
        (["--at-distance", "-1.7976931348623157e308"], "is outside the path"),
    ] as [([String], String)])
    func extremeFlattenAndDistanceValuesAreOneLineErrors(arguments: [String], message: String) throws {
        expectUsageError(try runBench(["path", "M 0 0 C 100 100 0 100 100 0"] + arguments), mentioning: message)
    }

    /// Refused as data: the option the error names, the value as typed (or the unknown option
    /// or argument) and, for a value outside a fixed list, that list.
    @Test(arguments: [
        (["--flatten", "inf"], "flatten", "inf", nil),
        (["--flatten", "0"], "flatten", "0", nil),
        (["--at-distance", "1e309"], "at-distance", "1e309", nil),
    ] as [([String], String?, String?, [String]?)])
    func extremeUnparsableValuesAreRefusedNamingTheOptionAndValue(arguments: [String], option: String?, value: String?, expected: [String]?) throws {
        try expectRefusedNaming(["path", "M 0 0 C 100 100 0 100 100 0"] + arguments, option: option, value: value, expected: expected)
    }

    @Test(arguments: [["--flatten", "1e300"], ["--flatten", "1.7976931348623157e308"], ["--at-distance", "5e-324,182.8427124746"]])
    func extremeButValidFlattenAndDistanceValuesSucceed(arguments: [String]) throws {
        let run = try runBench(["path", "M 0 0 C 100 100 0 100 100 0"] + arguments)
        #expect(run.code == 0, "\(run.stderr)")
        #expect(run.stderr.isEmpty)
    }
}
