import BezierKernels
import GSLReference
import Testing

@Suite("PathMeasure")
struct PathMeasureTests {
    @Test("positions within 1e-9 pt of Brent over GSL quadrature at 200 random distances", arguments: SeedPath.all)
    func seedPaths(seed: SeedPath) throws {
        let path = seed.path
        let measure = try PathMeasure(path: path)
        #expect(measure.maximumError <= 0.25e-9)
        let integrator = try GSLIntegrator(), finder = try GSLRootFinder()
        let segments = path.segments
        let lengths = try segments.map { try referenceArcLength($0, integrator: integrator) }
        let total = lengths.reduce(0, +)
        #expect(abs(measure.length - total) <= 1e-9)
        var rng = SplitMix64(seed: UInt64(seed.bee * 10) + (seed.sign > 0 ? 1 : 0))
        var worst = 0.0
        for _ in 0..<200 {
            let s = rng.unit() * total
            let reference = try referencePoint(on: segments, lengths: lengths, atDistance: s, integrator: integrator, finder: finder)
            let sample = try measure.sample(atDistance: min(s, measure.length))
            worst = max(worst, sample.position.distance(to: reference))
            #expect(abs(sample.tangent.length - 1) <= 1e-12)
        }
        #expect(worst <= 1e-9, "worst error \(worst) pt")
    }

    /// Cubics whose t(s) is hard to interpolate: random ones (control points uniform in
    /// [0, 1000]², some with loops and near-cusps), the exact cusp, cusps missed by 1e-3 and
    /// 1e-6 pt, a loop and a hairpin.
    static let hardCubics: [CubicBezier] = {
        var rng = SplitMix64(seed: 0x7AB1E)
        var curves = (0..<40).map { _ in
            CubicBezier(Point(1000 * rng.unit(), 1000 * rng.unit()), Point(1000 * rng.unit(), 1000 * rng.unit()),
                        Point(1000 * rng.unit(), 1000 * rng.unit()), Point(1000 * rng.unit(), 1000 * rng.unit()))
        }
        curves += [
            CubicBezier(Point(0, 0), Point(100, 100), Point(0, 100), Point(100, 0)),
            CubicBezier(Point(0, 0), Point(100, 100), Point(0, 100 + 1e-3), Point(100, 0)),
            CubicBezier(Point(0, 0), Point(100, 100), Point(1e-6, 100), Point(100, 0)),
            CubicBezier(Point(0, 0), Point(200, 100), Point(-100, 100), Point(100, 0)),
            CubicBezier(Point(0, 0), Point(1000, 0), Point(1000, 1), Point(0, 1)),
        ]
        return curves
    }()

    // The table is checked at 9 points per piece (T₈'s extrema, where the interpolation error
    // peaks): this samples 2000 distances per curve, most of them between check points, against
    // the exact inverse (safeguarded Newton on the exact arc length, to 1e-12 pt).
    @Test("positions within the accuracy between the table's check points, on hard cubics", arguments: [1e-6, 1e-9])
    func hardCubicsDense(accuracy: Double) throws {
        var rng = SplitMix64(seed: 0xDE45E)
        for (index, curve) in Self.hardCubics.enumerated() {
            var path = Path()
            try path.move(to: curve.p0)
            try path.addCurve(to: curve.p3, control1: curve.p1, control2: curve.p2)
            let measure = try PathMeasure(path: path, accuracy: accuracy)
            #expect(measure.maximumError <= 0.25 * accuracy, "curve \(index)")
            #expect(abs(measure.length - (try curve.arcLength(accuracy: 1e-12))) <= 1e-11 * max(1, measure.length))
            var worst = 0.0
            for _ in 0..<2000 {
                let s = rng.unit() * measure.length
                let exact = curve.point(at: try curve.parameter(atArcLength: s, accuracy: 1e-12))
                worst = max(worst, try measure.position(atDistance: s).distance(to: exact))
            }
            #expect(worst <= accuracy + 2e-12, "curve \(index): worst error \(worst) pt at accuracy \(accuracy)")
        }
    }

    // The build's cost is its number of pieces times ~20 short arc-length increments each: the
    // step-size controller keeps pieces as wide as their error allows (122 on the first bee path,
    // 174 on the second at 1e-9; halving took 155 and 214), and this keeps it from drifting.
    @Test("pieces as wide as their error allows: at most 130 / 180 on the bee paths at 1e-9", arguments: SeedPath.all)
    func pieceCount(seed: SeedPath) throws {
        let measure = try PathMeasure(path: seed.path, accuracy: 1e-9)
        #expect(measure.pieces.count <= (seed.bee == 1 ? 130 : 180), "\(measure.pieces.count) pieces")
        #expect(measure.maximumError <= 0.25e-9)
    }

    @Test("a path whose length overflows is refused, not measured into NaN", arguments: ["M0 0 L1e200 0", "M-1e307 0 L1e307 0", "M0 0 Q 1e160 1e160 2e160 0"])
    func lengthOverflow(data: String) throws {
        let path = try Path(svgPathData: data)
        #expect(throws: BezierError.lengthOverflow(segment: 0)) { try PathMeasure(path: path, accuracy: 1e150) }
    }

    @Test("cubics and arcs ~1e160 are refused at the default accuracy (their integrand overflowed unscaled)",
          arguments: ["M0 0 C 1e160 1e160 2e160 1e160 3e160 0", "M 0 0 A 1 1 0 0 1 1e160 0"])
    func cubicLengthOverflow(data: String) throws {
        let path = try Path(svgPathData: data)
        #expect(throws: BezierError.lengthOverflow(segment: 0)) { try PathMeasure(path: path) }
        // The lengths themselves are finite (one of the 207 cubics of a half circle of radius 5e159: 7.6e157).
        let length = try path.segments[0].arcLength()
        #expect(length.isFinite && length > 7e157)
    }

    @Test("an accuracy below the rounding floor builds a bounded table and reports what it reached", arguments: [1e-13, 1e-15, 1e-300])
    func accuracyBelowRoundingFloor(accuracy: Double) throws {
        // Before the floor, every piece of such a table split to depth 40: it never finished.
        let path = try #require(SeedPath.all.first).path
        let measure = try PathMeasure(path: path, accuracy: accuracy)
        #expect(measure.pieceCount <= path.segments.count * 4096)
        #expect(measure.maximumError.isFinite)
        #expect(measure.maximumError < 1e-9)
        let tight = try PathMeasure(path: path)
        let s = 0.37 * measure.length
        #expect(try measure.position(atDistance: s).distance(to: tight.position(atDistance: s)) < 1e-9)
    }
}

@Suite("PathMeasure edge cases")
struct PathMeasureEdgeCaseTests {
    @Test("zero-length segments take no distance and break nothing")
    func zeroLengthSegments() throws {
        let path = try Path(svgPathData: "M 0 0 L 0 0 L 10 0 Q 10 0 10 0 C 10 0 10 0 10 0 L 10 10 Z")
        let measure = try PathMeasure(path: path)
        #expect(abs(measure.length - (10 + 10 + 200.0.squareRoot())) <= 1e-12)
        for s in stride(from: 0.0, through: measure.length, by: measure.length / 64) {
            let sample = try measure.sample(atDistance: s)
            #expect(sample.position.isFinite && abs(sample.tangent.length - 1) <= 1e-12)
        }
        // At the join the next segment with length begins.
        #expect(try measure.tangent(atDistance: 10) == Vector(0, 1))
        #expect(try measure.position(atDistance: 10) == Point(10, 0))
        #expect(try measure.location(atDistance: 10).elementIndex == 5)  // L 10 10
    }

    @Test("a path of zero length answers its start with a zero tangent")
    func zeroLengthPath() throws {
        let measure = try PathMeasure(path: try Path(svgPathData: "M 4 5 L 4 5"))
        #expect(measure.length == 0)
        #expect(try measure.sample(atDistance: 0) == PathSample(position: Point(4, 5), tangent: .zero))
        #expect(throws: BezierError.self) { try measure.sample(atDistance: 1e-9) }
        #expect(throws: BezierError.emptyPath) { try PathMeasure(path: Path()) }
    }

    @Test("the tangent at a cusp is the limiting direction, never NaN")
    func cusp() throws {
        let path = try Path(svgPathData: "M 0 0 C 100 100 0 100 100 0")
        let measure = try PathMeasure(path: path)
        #expect(measure.maximumError <= 0.25e-9)
        let c = cubic("M 0 0 C 100 100 0 100 100 0")
        // The cusp is at t = ½, at distance L/2 by symmetry; arriving along +y, leaving along −y.
        let half = measure.length / 2
        #expect(try measure.position(atDistance: half).distance(to: c.point(at: 0.5)) <= 1e-9)
        let before = try measure.tangent(atDistance: half - 1e-6), after = try measure.tangent(atDistance: half + 1e-6)
        #expect((before - Vector(0, 1)).length <= 1e-3)
        #expect((after - Vector(0, -1)).length <= 1e-3)
        let at = try measure.tangent(atDistance: half)
        #expect(at.isFinite && abs(at.length - 1) <= 1e-12)
        // Control points on the end points: B'(0) = 0, the tangent is along B'' = 6(p2 − p0).
        let ends = try PathMeasure(path: try Path(svgPathData: "M 0 0 C 0 0 100 50 100 50"))
        let direction = Vector(100, 50).normalized!
        #expect((try ends.tangent(atDistance: 0) - direction).length <= 1e-12)
        #expect((try ends.tangent(atDistance: ends.length) - direction).length <= 1e-12)
    }

    @Test("closed subpaths and a move inside the path")
    func subpaths() throws {
        let path = try Path(svgPathData: "M 0 0 H 10 V 10 Z M 100 100 h 5")
        let measure = try PathMeasure(path: path)
        #expect(abs(measure.length - (20 + 200.0.squareRoot() + 5)) <= 1e-12)
        // The closing line runs from (10, 10) back to (0, 0).
        let closing = 20 + 200.0.squareRoot() / 2
        #expect(try measure.position(atDistance: closing).distance(to: Point(5, 5)) <= 1e-12)
        #expect((try measure.tangent(atDistance: closing) - Vector(-1, -1).normalized!).length <= 1e-12)
        // The move is a jump: the distance at the end of the first subpath starts the second.
        #expect(try measure.position(atDistance: 20 + 200.0.squareRoot()) == Point(100, 100))
        #expect(try measure.position(atDistance: measure.length) == Point(105, 100))
    }

    @Test("hinted and evenly spaced samples agree with plain queries", arguments: SeedPath.all)
    func hints(seed: SeedPath) throws {
        let measure = try PathMeasure(path: seed.path)
        let samples = try measure.samples(count: 101)
        #expect(samples.count == 101)
        #expect(samples.first?.position == seed.path.segments.first?.start)
        #expect(samples.last!.position.distance(to: seed.path.currentPoint!) <= 1e-9)
        var hint = 0
        var rng = SplitMix64(seed: 3)
        var s = 0.0
        while s < measure.length {
            #expect(measure.sample(clampingDistance: s, hint: &hint) == (try measure.sample(atDistance: s)))
            s += rng.unit() * 40
        }
        // Far jumps backwards and forwards through a stale hint.
        for target in [measure.length, 0, measure.length / 3, measure.length * 0.9, 1] {
            #expect(measure.sample(clampingDistance: target, hint: &hint) == (try measure.sample(atDistance: target)))
        }
        #expect(measure.sample(clampingDistance: .nan) == (try measure.sample(atDistance: 0)))
        #expect(measure.sample(clampingDistance: 1e12) == (try measure.sample(atDistance: measure.length)))
        #expect(try measure.samples(count: 0).isEmpty && measure.samples(count: 1).count == 1)
        // An absurd count is refused, not a trap allocating it.
        #expect(throws: BezierError.tooManySamples(.max, limit: PathMeasure.maximumSampleCount)) { try measure.samples(count: .max) }
    }

    @Test("out-of-range distances are one-line errors", arguments: [-1e-9, .nan, .infinity, 1e6])
    func outOfRange(distance: Double) throws {
        let measure = try PathMeasure(path: SeedPath.all[0].path)
        let error = #expect(throws: BezierError.self) { try measure.sample(atDistance: distance) }
        #expect(error.map { !$0.description.contains("\n") } == true)
        guard case .distanceOutOfRange(let given, let length)? = error else {
            Issue.record("expected distanceOutOfRange, got \(String(describing: error))")
            return
        }
        #expect(given == distance || (given.isNaN && distance.isNaN), "\(given)")
        #expect(length == measure.length)
    }

    @Test("locations report the element and the exact parameter", arguments: SeedPath.all)
    func locations(seed: SeedPath) throws {
        let measure = try PathMeasure(path: seed.path)
        for (index, segment) in measure.segments.enumerated() {
            for fraction in [0.0, 0.3, 0.7] {
                let place = try measure.location(atDistance: segment.startDistance + fraction * segment.length)
                #expect(place.segmentIndex == index && place.elementIndex == index + 1)
                let t = try segment.segment.parameter(atArcLength: fraction * segment.length, accuracy: 1e-12)
                #expect(abs(place.parameter - t) <= 1e-9 / segment.segment.derivative(at: t).length * 4)
            }
        }
    }
}
