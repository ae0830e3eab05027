import BenchKit
import BezierKernels
import Testing

@testable import BenchmarkSuites

/// The curve benchmarks are defined right (names, references, units) and their checks pass.
/// Nothing here is timed: the bodies run one iteration only to show they do not trap.
@Suite struct CurveBenchmarkTests {
    static let expected: [(name: String, reference: String, unit: String)] = [
        ("arclen/quadratic", "arclen/quadratic/gsl-qags", "ns/curve"),
        ("arclen/cubic", "arclen/cubic/gsl-qags", "ns/curve"),
        ("arclen/cubic-random", "arclen/cubic-random/gsl-qags", "ns/curve"),
        ("arclen/cubic-inverse", "arclen/cubic-inverse/from-zero", "ns/query"),
        ("pathmeasure/position", "pathmeasure/position/gsl-brent", "ns/query"),
        ("pathmeasure/build", "pathmeasure/build/straightforward", "ns/path"),
        ("pathmeasure/build-random", "", "ns/segment"),
        ("eval/cubic-batch", "eval/cubic-batch/de-casteljau", "points/s"),
    ]

    @Test func seedCurvesAreTheBeePathsOfTheDesign() throws {
        let paths = try CurvesSeedPaths.beePaths()
        #expect(paths.count == 4)
        // Each: a move, six quadratics, one cubic.
        for path in paths { #expect(path.segments.map(\.kind) == Array(repeating: "quadratic", count: 6) + ["cubic"]) }
        // Bee 2 (80, 3.0, 0.8), sign +1: starts at (20, 440), ends at (1200, 392 + 100).
        #expect(paths[3].elements.first == .move(to: Point(20, 440)))
        #expect(paths[3].currentPoint == Point(1200, 492))
        #expect(paths[0].currentPoint == Point(1200, 100))
        #expect(try CurvesSeedPaths.quadratics().count == 24)
        let cubics = try CurvesSeedPaths.cubics()
        #expect(cubics.count == 6)
        #expect(cubics[4] == CubicBezier(Point(0, 0), Point(100, 100), Point(0, 100), Point(100, 0)))
    }

    @Test func namesReferencesAndUnitsFollowTheDesign() throws {
        let benchmarks = try curveBenchmarks()
        #expect(benchmarks.map(\.name) == Self.expected.map(\.name))
        for (benchmark, expected) in zip(benchmarks, Self.expected) {
            #expect(benchmark.reference?.name ?? "" == expected.reference)
            #expect(benchmark.unit.symbol == expected.unit)
            #expect(benchmark.workUnitsPerIteration > 1)
            #expect(benchmark.check != nil)
        }
    }

    @Test(arguments: expected.map(\.name))
    func checkPassesWithinTolerance(name: String) throws {
        let benchmark = try #require(try curveBenchmarks().first { $0.name == name })
        let check = try #require(benchmark.check)
        let error = try check.maxError()
        #expect(error.isFinite)
        #expect(error >= 0)
        #expect(error <= check.tolerance, "\(name): \(error) > \(check.tolerance)")
        #expect(check.tolerance <= 1e-9)
        // One untimed iteration of each side, to show neither traps.
        benchmark.body(1)
        benchmark.reference?.body(1)
    }

    /// The random-cubic set is the one `ArcLengthCostTests` counts evaluations on (same seed,
    /// same draw order), and the build-random path joins its first 100 end to end.
    @Test func randomCubicsAreSeededAndJoined() throws {
        let curves = CurvesSeedPaths.randomCubics()
        #expect(curves.count == 1000)
        #expect(curves == CurvesSeedPaths.randomCubics())
        #expect(curves.allSatisfy { [$0.p0, $0.p1, $0.p2, $0.p3].allSatisfy { (0..<1000).contains($0.x) && (0..<1000).contains($0.y) } })
        let path = try randomCubicPath()
        #expect(path.segments.count == 100)
        #expect(path.currentPoint != nil)
    }

    /// The straightforward table (the reference of `pathmeasure/build`) is the same table: the
    /// kernel's pieces, and fitted straightforwardly they pass the same check, up to the nodes'
    /// own tolerance (each node's t and each checked distance integrated from the start agree
    /// with the kernel's sweep).
    @Test(arguments: [1e-6, 1e-9])
    func straightforwardTableHasThePiecesOfTheKernel(accuracy: Double) throws {
        for path in try CurvesSeedPaths.beePaths() {
            let measure = try PathMeasure(path: path, accuracy: accuracy)
            let reference = try StraightforwardPathTable(path: path, accuracy: accuracy, ranges: measure)
            #expect(reference.pieceCount == measure.pieces.count)
            #expect(abs(reference.length - measure.length) <= 1e-9 * measure.length)
            // Each side's nodes are within a tenth of the budget of the exact inverse, and the
            // interpolant carries a node's error times the Lebesgue constant of 8 Chebyshev nodes
            // (~2.4): the two fits of a piece may differ by ~0.5 × the budget.
            #expect(reference.maximumError <= 1.5 * 0.25 * accuracy)
            for (kernel, straightforward) in zip(measure.pieces, reference.pieces) {
                #expect(abs(kernel.startDistance - straightforward.start) <= 1e-9 * measure.length)
            }
        }
    }

    /// The check can fail: a reference that is off by more than the accuracy is caught.
    @Test func arcLengthCheckCatchesAWrongKernel() throws {
        let segments = try CurvesSeedPaths.quadratics().map(PathSegment.quadratic)
        let error = try arcLengthError(Array(segments.prefix(2)), integrator: .init()) { segment in
            try segment.arcLength(accuracy: 1e-9) + 1e-6
        }
        #expect(error > 1e-9)
    }

    @Test func gslPathMeasureAgreesWithTheKernelOnALine() throws {
        let path = try Path(svgPathData: "M 0 0 L 3 4 L 3 10")
        let reference = try GSLPathMeasure(path: path, accuracy: 1e-9, integrator: .init(), finder: .init())
        #expect(abs(reference.length - 11) <= 1e-12)
        for (distance, x, y) in [(0.0, 0.0, 0.0), (2.5, 1.5, 2.0), (5, 3, 4), (8, 3, 7), (11, 3, 10)] {
            let sample = try reference.sample(atDistance: distance)
            #expect(sample.position.distance(to: Point(x, y)) <= 1e-9, "\(distance): \(sample.position)")
        }
        #expect(throws: CurveBenchmarkError.self) { try reference.sample(atDistance: 11.5) }
    }
}
