import BezierKernels
import Testing

/// `FlatteningDeviation` and the path's accuracies, called from Swift without the CLI.
@Suite("Flattening deviation and path accuracies")
struct FlatteningDeviationTests {
    // MARK: Edge cases

    @Test func straightLinesNeedOnlyTheirEndsAndDeviateByNothing() throws {
        let measured = try FlatteningDeviation(path: try Path(svgPathData: "M 0 0 L 10 0 L 10 10"), tolerance: 0.001)
        #expect(measured.polylines.count == 1)
        #expect(measured.polylines[0].points == [Point(0, 0), Point(10, 0), Point(10, 10)])
        #expect(measured.maxDeviation == 0)
    }

    @Test func eachMoveStartsAPolylineAndALoneMoveIsOnePoint() throws {
        let measured = try FlatteningDeviation(path: try Path(svgPathData: "M 0 0 L 10 0 M 5 5"), tolerance: 1)
        #expect(measured.polylines.map(\.points.count) == [2, 1])
        #expect(measured.polylines[1].maxDeviation == 0)
    }

    @Test(arguments: [0.0, -1, .infinity, .nan])
    func invalidToleranceIsRefused(tolerance: Double) throws {
        #expect(throws: BezierError.self) { try FlatteningDeviation(path: try Path(svgPathData: "M 0 0 L 1 1"), tolerance: tolerance) }
    }

    // MARK: The measured deviation

    /// 'M 0 0 Q 50 100 100 0' at tolerance 2.5: ⌈√(400/20)⌉ = 5 steps, and the middle chord is
    /// exactly 400·0.2²/8 = 2 pt from the apex (the same case as the doc comment's example).
    @Test func parabolaDeviationIsTheKnownMaximum() throws {
        let measured = try FlatteningDeviation(path: try Path(svgPathData: "M 0 0 Q 50 100 100 0"), tolerance: 2.5)
        #expect(measured.polylines[0].points.count == 6)
        #expect(abs(measured.maxDeviation - 2) <= 1e-9)
        #expect(measured.tolerance == 2.5)
    }

    @Test func vertexLimitIsCheckedBeforeFlattening() throws {
        let path = try Path(svgPathData: "M 0 0 C 1000 1000 0 1000 1000 0")
        let count = try FlatteningDeviation.vertexCount(of: path, tolerance: 0.01)
        #expect(!count.reachesStepCap)
        #expect(throws: BezierError.tooManyVertices(count.vertices, limit: count.vertices - 1, reachesStepCap: false)) {
            try FlatteningDeviation(path: path, tolerance: 0.01, maximumVertices: count.vertices - 1)
        }
        let capped = try FlatteningDeviation.vertexCount(of: path, tolerance: 1e-300)
        #expect(capped.reachesStepCap && capped.vertices == 1 + PathSegment.maximumFlatteningSteps)
    }

    // MARK: Accuracies

    @Test func accuraciesFollowThePathSize() throws {
        #expect(PathMeasure.finestAccuracy(magnitude: 100) == 1e-11)
        #expect(PathMeasure.finestAccuracy(magnitude: 1) == 1e-12)
        #expect(PathMeasure.defaultAccuracy(size: 100) == Accuracy.default)
        let wide = try Path(svgPathData: "M 0 0 L 10001 0")
        #expect(PathMeasure.defaultAccuracy(size: wide.coordinateMagnitude) == 5.1e-9)
    }

    @Test func sizeIsTheExactBoxAndTheLongestControlPolygon() throws {
        let path = try Path(svgPathData: "M 0 0 Q 3 4 6 0")
        #expect(path.coordinateMagnitude == 6)
        // As a cubic, the quadratic's controls are (2, 8/3) and (4, 8/3): 10/3 + 2 + 10/3.
        #expect(abs(path.longestControlPolygon - 26.0 / 3) <= 1e-12)
    }

    @Test func reachedAccuracyHoldsAndReadsWell() throws {
        let measure = try PathMeasure(path: try Path(svgPathData: "M 0 0 Q 10000 10000 0 10000"), accuracy: 1e-9)
        #expect(measure.reachedAccuracy >= measure.maximumError)
        #expect(measure.reachedAccuracy <= 1.1 * measure.maximumError || measure.maximumError == 0)
    }
}
