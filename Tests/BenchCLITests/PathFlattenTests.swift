import Foundation
import Testing

/// `bench path --flatten TOL` and the bounding box, end to end.
@Suite struct PathFlattenTests {
    func pathJSON(_ arguments: [String]) throws -> [String: Any] {
        let run = try runBench(["path"] + arguments + ["--json", "-"])
        #expect(run.code == 0, "\(run.stderr)")
        #expect(run.stderr.isEmpty, "\(run.stderr)")
        return try jsonObject(run.stdout)
    }

    func flattened(_ data: String, tolerance: String) throws -> [[String: Any]] {
        try #require(pathJSON([data, "--flatten", tolerance])["flattened"] as? [[String: Any]])
    }

    func points(_ polyline: [String: Any]) throws -> [[Double]] {
        try #require(polyline["points"] as? [[Double]])
    }

    // MARK: Edge cases

    @Test func straightLinesNeedOnlyTheirEndsAndDeviateByNothing() throws {
        let polylines = try flattened("M 0 0 L 10 0 L 10 10", tolerance: "0.001")
        #expect(polylines.count == 1)
        #expect(polylines[0]["vertices"] as? Int == 3)
        #expect(polylines[0]["maxDeviation"] as? Double == 0)
        #expect(try points(polylines[0]) == [[0, 0], [10, 0], [10, 10]])
    }

    @Test func eachMoveStartsAPolylineAndALoneMoveIsOnePoint() throws {
        let polylines = try flattened("M 0 0 L 10 0 M 5 5", tolerance: "1")
        #expect(polylines.map { $0["vertices"] as? Int } == [2, 1])
        #expect(try points(polylines[1]) == [[5, 5]])
        #expect(polylines[1]["maxDeviation"] as? Double == 0)
    }

    @Test func aClosedSubpathEndsAtItsStart() throws {
        let polylines = try flattened("M 1 2 Q 6 -8 11 2 Z", tolerance: "0.1")
        let vertices = try points(polylines[0])
        #expect(vertices.first == [1, 2])
        #expect(vertices.last == [1, 2])
        #expect(polylines[0]["vertices"] as? Int == vertices.count)
    }

    // MARK: The measured deviation

    /// A parabola's chord deviation is exactly h²·|B''|/8 (B'' is constant), so Wang's bound is
    /// tight: 'M 0 0 Q 50 100 100 0' has B'' = (0, −400); tolerance 2.5 gives ⌈√(400/20)⌉ = 5
    /// steps, and the middle step's chord (horizontal, by symmetry) is 400·0.2²/8 = 2 pt from the
    /// curve's apex. The measurement must find that maximum, not merely stay under the tolerance.
    @Test func parabolaDeviationIsTheKnownMaximum() throws {
        let polyline = try #require(try flattened("M 0 0 Q 50 100 100 0", tolerance: "2.5").first)
        #expect(polyline["vertices"] as? Int == 6)
        let deviation = try #require(polyline["maxDeviation"] as? Double)
        #expect(abs(deviation - 2) <= 1e-9, "\(deviation)")
    }

    /// Finer tolerances give more vertices, and every subpath's measured deviation stays within
    /// the tolerance: on a cusp, a loop, a flat S, the quadratics of a bee path and two subpaths.
    @Test(arguments: [
        "M 0 0 C 100 100 0 100 100 0",
        "M 0 0 C 200 100 -100 100 100 0",
        "M 0 0 C 30 1 70 -1 100 0",
        "M 20 200 Q 120 100 220 200 Q 320 300 420 200 Q 520 100 620 200 Q 720 300 820 200 C 1000 200 1100 200 1200 300",
        "M 0 0 Q 50 80 100 0 Z M 200 0 C 250 -60 300 60 350 0",
    ])
    func verticesGrowAsTheToleranceShrinksAndStayWithinIt(data: String) throws {
        var previous: [Int]? = nil
        for tolerance in ["4", "1", "0.1", "0.01", "0.001"] {
            let polylines = try flattened(data, tolerance: tolerance)
            let vertices = try polylines.map { try #require($0["vertices"] as? Int) }
            for polyline in polylines {
                let deviation = try #require(polyline["maxDeviation"] as? Double)
                #expect(deviation <= Double(tolerance)!, "\(data) at \(tolerance): \(deviation)")
                #expect(deviation > 0, "a curved subpath cannot match its chords exactly: \(data)")
                #expect(polyline["tolerance"] as? Double == Double(tolerance))
                #expect(try points(polyline).count == polyline["vertices"] as? Int)
            }
            if let previous {
                #expect(zip(previous, vertices).allSatisfy { $0 <= $1 }, "\(previous) → \(vertices)")
                #expect(vertices.reduce(0, +) > previous.reduce(0, +), "\(data) at \(tolerance)")
            }
            previous = vertices
        }
    }

    @Test func textListsVerticesAndDeviationPerSubpath() throws {
        let run = try runBench(["path", "M 0 0 Q 50 100 100 0 M 0 10 L 5 10", "--flatten", "2.5"])
        #expect(run.code == 0, "\(run.stderr)")
        for fragment in ["flattened within 2.5 pt", "subpath", "vertices", "max deviation", "2.00 pt", "every polyline is within the tolerance"] {
            #expect(run.stdout.contains(fragment), "\(fragment) in \(run.stdout)")
        }
    }

    // MARK: Bounds

    /// Exact extremes, not the control points: the parabola peaks at 50 (its control at 100);
    /// the cusp cubic 'M 0 0 C 100 100 0 100 100 0' reaches y = 3·100·¼ = 75 at t = ½.
    @Test(arguments: [
        ("M 0 0 Q 50 100 100 0", [0.0, 0, 100, 50]),
        ("M 0 0 C 100 100 0 100 100 0", [0.0, 0, 100, 75]),
        ("M -3 4 L 5 -6 M 10 10", [-3.0, -6, 10, 10]),
        ("M 5 5 L 5 5", [5.0, 5, 5, 5]),
    ])
    func boundsAreExact(data: String, expected: [Double]) throws {
        let bounds = try #require(pathJSON([data])["bounds"] as? [String: Double])
        let got = [bounds["minX"], bounds["minY"], bounds["maxX"], bounds["maxY"]].compactMap { $0 }
        #expect(got.count == 4)
        for (value, want) in zip(got, expected) { #expect(abs(value - want) <= 1e-12, "\(got)") }
        let text = try runBench(["path", data])
        // The text's bounds line, whole: the same extremes to 9 decimals.
        let f = { (value: Double) in String(format: "%.9f", value) }
        let line = "bounds x \(f(expected[0]))…\(f(expected[2])), y \(f(expected[1]))…\(f(expected[3])) pt (exact)"
        #expect(text.stdout.split(separator: "\n").firstIndex { $0 == line } != nil, "\(text.stdout)")
    }

    // MARK: JSON shape

    /// The contract keys of docs/design.md §3 first, in order, then `bounds`, then `flattened` when asked.
    @Test func jsonKeepsTheContractKeysFirstAndAddsBoundsAndFlattened() throws {
        let plain = try runBench(["path", "M0 0 L3 4", "--json", "-"])
        #expect(Set(try jsonObject(plain.stdout).keys) == ["schema", "segments", "length", "samples", "bounds"])
        let run = try runBench(["path", "M0 0 Q 3 4 6 0", "--flatten", "0.5", "--json", "-"])
        #expect(run.code == 0)
        let document = try jsonObject(run.stdout)
        #expect(Set(document.keys) == ["schema", "segments", "length", "samples", "bounds", "flattened"])
        let order = try ["\"schema\"", "\"segments\"", "\"length\"", "\"samples\"", "\"bounds\"", "\"flattened\""]
            .map { try #require(run.stdout.range(of: $0)?.lowerBound) }
        #expect(order == order.sorted())
        let bounds = try #require(document["bounds"] as? [String: Any])
        #expect(Set(bounds.keys) == ["minX", "minY", "maxX", "maxY"])
        let polyline = try #require((document["flattened"] as? [[String: Any]])?.first)
        #expect(Set(polyline.keys) == ["tolerance", "vertices", "maxDeviation", "points"])
        #expect(try points(polyline).allSatisfy { $0.count == 2 })
    }

    // MARK: Bad input

    @Test(arguments: [
        (["1e-9"], "at most 1000000"),
    ])
    func badToleranceIsAUsageError(value: [String], message: String) throws {
        let run = try runBench(["path", "M0 0 C 1000 1000 0 1000 1000 0", "--flatten"] + value)
        expectUsageError(run, mentioning: message)
    }

    /// Refused as data: the option the error names, the value as typed (or the unknown option
    /// or argument) and, for a value outside a fixed list, that list.
    @Test(arguments: [
        (["0"], "flatten", "0", nil),
        (["-1"], "flatten", "-1", nil),
        (["nan"], "flatten", "nan", nil),
        (["inf"], "flatten", "inf", nil),
        (["abc"], "flatten", "abc", nil),
        ([], "flatten", nil, nil),
    ] as [([String], String?, String?, [String]?)])
    func badTolerancesAreRefusedNamingTheOptionAndValue(arguments: [String], option: String?, value: String?, expected: [String]?) throws {
        try expectRefusedNaming(["path", "M0 0 C 1000 1000 0 1000 1000 0", "--flatten"] + arguments, option: option, value: value, expected: expected)
    }
}
