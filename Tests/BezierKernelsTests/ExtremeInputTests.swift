import BezierKernels
import Testing

/// Regression tests for issue 10's kernel findings: no trap, no NaN, right answers (or a typed
/// error) for coordinates and lengths at the ends of the double range.
@Suite("Extreme inputs")
struct ExtremeInputTests {
    /// `PathMeasure.pieceIndex` converted NaN to Int (SIGILL) when the total length was below ~1e-308.
    @Test("a path of subnormal length measures and samples without trapping",
          arguments: [("M 0 0 L 1e-320 0", Vector(1, 0)), ("M 0 0 l 1e-320 0 l 1e-320 0", Vector(1, 0)),
                      ("M 0 0 L 0 1e-320", Vector(0, 1)), ("M 0 0 C 1e-320 0 2e-320 0 3e-320 0", Vector(1, 0)),
                      ("M 0 0 Q 0 1e-310 1e-310 1e-310", Vector(0, 1)), ("M 0 0 Q 0 1e-320 1e-320 1e-320", Vector(0, 1))])
    func pathMeasureOnSubnormalLengthsNeverTraps(data: String, startDirection: Vector) throws {
        let path = try Path(svgPathData: data)
        let measure = try PathMeasure(path: path)
        #expect(measure.length > 0 && measure.length.isFinite)
        for sample in try measure.samples(count: 5) + [try measure.sample(atDistance: measure.length / 2)] {
            #expect(sample.position.isFinite && abs(sample.tangent.length - 1) <= 1e-12, "\(sample)")
        }
        // Pieces shorter than ~1e-308 keep their interpolant (scaled coefficients), so the start
        // direction of a curved tiny path is right too, not the direction mid-piece.
        #expect((try measure.tangent(atDistance: 0) - startDirection).length <= 1e-4)
        let location = try measure.location(atDistance: measure.length)
        #expect(location.parameter >= 0 && location.parameter <= 1)
        let animation = try PathAnimation(path: path, duration: 1, mode: .linear, repeats: false)
        #expect((try animation.sample(atTime: 0).tangent - startDirection).length <= 1e-9)
    }

    /// Degree elevation overflowed (`½(p0 + p1)` near 1e308), so samples were NaN without an error.
    @Test("a short path near the largest doubles is measured exactly",
          arguments: ["M 0 1e308 L 100 1e308", "M 0 -1.7e308 Q 50 -1.7e308 100 -1.7e308", "M 5 1e308 C 10 1e308 20 1e308 30 1e308"])
    func pathMeasureNearTheLargestDoublesIsFinite(data: String) throws {
        let path = try Path(svgPathData: data)
        let measure = try PathMeasure(path: path, accuracy: 1e296)
        #expect(measure.length.isFinite && measure.length > 0)
        for sample in try measure.samples(count: 7) {
            #expect(sample.position.isFinite && abs(sample.tangent.length - 1) <= 1e-12, "\(sample)")
        }
        #expect(try measure.position(atDistance: 0) == path.segments[0].start)
    }

    @Test("a segment whose squared speed overflows is a typed error", arguments: ["M 0 1e308 Q 0 -1e308 0 1e308", "M -1e308 0 L 1e308 0", "M 0 0 L 1e200 0"])
    func pathMeasureRefusesWhatOverflows(data: String) throws {
        let path = try Path(svgPathData: data)
        #expect(throws: BezierError.lengthOverflow(segment: 0)) { try PathMeasure(path: path, accuracy: 1e300) }
    }

    /// `M 0 1e308 Q 0 -1e308 0 1e308` gave y 1e308…1e308: `p0 − 2p1 + p2` overflowed.
    @Test("bounding boxes near the largest doubles and below the smallest normal one",
          arguments: [("M 0 1e308 Q 0 -1e308 0 1e308", 0.0, 1e308), ("M 0 1e308 C 0 -1e308 0 -1e308 0 1e308", -0.5e308, 1e308),
                      ("M 0 0 Q 1e-320 2e-320 2e-320 0", 0, 1e-300 * 1e-20), ("M 0 -1.7e308 Q 0 1.7e308 0 -1.7e308", -1.7e308, 0)])
    func boundingBoxIsExactAtTheEndsOfTheDoubleRange(data: String, minY: Double, maxY: Double) throws {
        let box = try #require(try Path(svgPathData: data).boundingBox)
        let tiniest: Double = 2 * Double.leastNonzeroMagnitude
        let lowError: Double = abs(box.minimum.y - minY), lowAllowed: Double = 1e-15 * max(abs(minY), 1e-300) + tiniest
        let highError: Double = abs(box.maximum.y - maxY), highAllowed: Double = 1e-15 * abs(maxY) + tiniest
        #expect(lowError <= lowAllowed)
        #expect(highError <= highAllowed)
    }

    /// `flatteningSteps(tolerance: .infinity)` trapped converting NaN to Int.
    @Test("flattening steps: invalid tolerances throw, extreme ones give a count in range",
          arguments: [Double.infinity, .nan, 0, -1, 1e-300 * 1e-20, 1e-300, 1, 1e300, .greatestFiniteMagnitude])
    func flatteningStepsNeverTrap(tolerance: Double) throws {
        let curves = ["M 0 0 C 100 100 0 100 100 0", "M -1e308 1e308 Q 1e308 -1e308 1e308 1e308", "M 0 0 Q 1e-320 1e-320 2e-320 0"]
        for data in curves {
            let segment = try Path(svgPathData: data).segments[0]
            if tolerance > 0, tolerance.isFinite {
                let steps = try segment.flatteningSteps(tolerance: tolerance)
                #expect(steps >= 1 && steps <= PathSegment.maximumFlatteningSteps)
            } else {
                #expect(throws: BezierError.self) {
                    try segment.flatteningSteps(tolerance: tolerance)
                }
            }
        }
    }

    @Test("midpoints, degree elevation and curvature stay finite near the largest doubles")
    func elevationAndCurvatureNearTheLargestDoubles() throws {
        let line = Line(Point(-1.7e308, 1.7e308), Point(1.7e308, 1.7e308))
        #expect(line.elevated.p1 == Point(0, 1.7e308))
        let cubic = line.elevated.elevated
        #expect(cubic.p1.isFinite && cubic.p2.isFinite)
        let quadratic = QuadraticBezier(Point(0, 1e308), Point(1e308, -1e308), Point(-1e308, 1e308))
        let elevated = quadratic.elevated
        #expect(elevated.p1.isFinite && elevated.p2.isFinite)
        #expect(!quadratic.curvature(at: 0.5).isNaN)
        // Curvature scales as 1/size: a unit circle's quarter at 1e-300 has curvature ~1e300.
        let tiny = QuadraticBezier(Point(0, 0), Point(1e-300, 0), Point(1e-300, 1e-300))
        let ordinary = QuadraticBezier(Point(0, 0), Point(1, 0), Point(1, 1))
        let ratio = tiny.curvature(at: 0.5) / ordinary.curvature(at: 0.5)
        #expect(abs(ratio / 1e300 - 1) <= 1e-12)
    }
}
