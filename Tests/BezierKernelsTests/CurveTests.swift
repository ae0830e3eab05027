import BezierKernels
import Testing

/// Curves every geometric check runs on: ordinary, a cusp, a loop, degenerate ones.
let sampleCubics: [String] = [
    "M 0 0 C 100 100 0 100 100 0",      // cusp
    "M 0 0 C 300 200 -100 200 200 0",   // loop
    "M 900 200 C 1000 200 1100 200 1200 100",
    "M 0 0 C 0 0 100 50 100 50",        // controls on the end points
    "M 5 5 C 5 5 5 5 5 5",              // a single point
    "M -3 7 C 40 -20 80 90 120 10",
]

let sampleQuadratics: [String] = [
    "M 20 200 Q 120 100 220 200",
    "M 0 0 Q 4 0 1 0",                  // doubles back on a line
    "M 0 0 Q 0 0 10 10",                // control on the start
    "M 700 175 Q 850 150 900 200",
]

@Suite("Curves")
struct CurveTests {
    @Test("batch evaluation (power form) agrees with point(at:)", arguments: sampleCubics)
    func batchEvaluation(data: String) {
        let curve = cubic(data)
        let parameters = (0...64).map { Double($0) / 64 } + [0.123456789, 0.987654321]
        let points = curve.points(at: parameters)
        #expect(points.count == parameters.count)
        let scale = max(1, [curve.p0, curve.p1, curve.p2, curve.p3].map { max(abs($0.x), abs($0.y)) }.max()!)
        for (t, point) in zip(parameters, points) {
            #expect(point.distance(to: curve.point(at: t)) <= 1e-13 * scale, "t = \(t)")
        }
        #expect(points.first == curve.p0)
        #expect(curve.points(at: []).isEmpty)
    }

    /// Central differences with step h have error O(h²·|B'''|); h = 1e-5 gives ~1e-8 relative.
    @Test("derivatives agree with finite differences", arguments: sampleCubics)
    func cubicDerivatives(data: String) {
        let c = cubic(data)
        let h = 1e-5
        let scale = max(1, (c.p1 - c.p0).length + (c.p2 - c.p1).length + (c.p3 - c.p2).length)
        for t in stride(from: 0.1, through: 0.9, by: 0.1) {
            let fd1 = (c.point(at: t + h) - c.point(at: t - h)) / (2 * h)
            #expect((fd1 - c.derivative(at: t)).length <= 1e-6 * scale)
            let fd2 = (c.derivative(at: t + h) - c.derivative(at: t - h)) / (2 * h)
            #expect((fd2 - c.secondDerivative(at: t)).length <= 1e-6 * scale)
            // The hodograph is the derivative curve.
            #expect((c.derivative.point(at: t).vector - c.derivative(at: t)).length <= 1e-12 * scale)
            #expect((c.derivative.derivative(at: t) - c.secondDerivative(at: t)).length <= 1e-12 * scale)
        }
    }

    @Test("quadratic derivatives agree with finite differences", arguments: sampleQuadratics)
    func quadraticDerivatives(data: String) {
        let q = quadratic(data)
        let h = 1e-5
        for t in stride(from: 0.1, through: 0.9, by: 0.2) {
            let fd = (q.point(at: t + h) - q.point(at: t - h)) / (2 * h)
            #expect((fd - q.derivative(at: t)).length <= 1e-6 * max(1, fd.length))
            #expect((q.derivative.point(at: t).vector - q.derivative(at: t)).length <= 1e-12 * max(1, fd.length))
            let fd2 = (q.derivative(at: t + h) - q.derivative(at: t - h)) / (2 * h)
            #expect((fd2 - q.secondDerivative(at: t)).length <= 1e-6 * max(1, fd2.length))
        }
        let line = Line(Point(1, 2), Point(4, 6))
        #expect(line.derivative(at: 0.3) == Vector(3, 4))
        #expect(line.secondDerivative(at: 0.3) == .zero)
    }

    @Test("split halves rejoin and trace the original", arguments: sampleCubics)
    func split(data: String) {
        let c = cubic(data)
        for t in [0.0, 0.25, 0.5, 0.8, 1.0] {
            let (left, right) = c.split(at: t)
            #expect(left.start == c.start && right.end == c.end)
            #expect(left.end == right.start)
            for u in stride(from: 0.0, through: 1.0, by: 0.125) {
                #expect(left.point(at: u).distance(to: c.point(at: u * t)) <= 1e-12 * 1000)
                #expect(right.point(at: u).distance(to: c.point(at: t + u * (1 - t))) <= 1e-12 * 1000)
            }
        }
        let sub = c.subsegment(0.2...0.7)
        for u in stride(from: 0.0, through: 1.0, by: 0.125) {
            #expect(sub.point(at: u).distance(to: c.point(at: 0.2 + 0.5 * u)) <= 1e-12 * 1000)
        }
    }

    @Test("quadratic split and subsegment", arguments: sampleQuadratics)
    func quadraticSplit(data: String) {
        let q = quadratic(data)
        let (left, right) = q.split(at: 0.3)
        #expect(left.end == right.start && left.start == q.start && right.end == q.end)
        let sub = q.subsegment(0.3...0.9)
        for u in stride(from: 0.0, through: 1.0, by: 0.25) {
            #expect(left.point(at: u).distance(to: q.point(at: 0.3 * u)) <= 1e-12 * 1000)
            #expect(sub.point(at: u).distance(to: q.point(at: 0.3 + 0.6 * u)) <= 1e-12 * 1000)
        }
    }

    @Test("degree elevation is exact")
    func elevation() {
        for data in sampleQuadratics {
            let q = quadratic(data)
            let c = q.elevated
            #expect(c.isElevatedQuadratic || c.thirdDerivative.length <= 1e-12)
            for t in stride(from: 0.0, through: 1.0, by: 0.0625) {
                #expect(c.point(at: t).distance(to: q.point(at: t)) <= 1e-12 * 1000)
                #expect((c.derivative(at: t) - q.derivative(at: t)).length <= 1e-12 * 1000)
            }
        }
        let line = Line(Point(-1, 2), Point(7, -4))
        for t in stride(from: 0.0, through: 1.0, by: 0.125) {
            #expect(line.elevated.point(at: t).distance(to: line.point(at: t)) <= 1e-13)
            #expect(line.elevated.elevated.point(at: t).distance(to: line.point(at: t)) <= 1e-13)
        }
    }

    @Test("bounding boxes contain every sampled point and are tight", arguments: sampleCubics + sampleQuadratics)
    func boundingBox(data: String) throws {
        let segment = try #require(try Path(svgPathData: data).segments.first)
        let box = segment.boundingBox
        var sampled = Rect(enclosing: segment.start)
        for i in 0...4000 {
            let p = segment.point(at: Double(i) / 4000)
            #expect(box.contains(p, slack: 1e-9))
            sampled = sampled.including(p)
        }
        // Dense sampling reaches each extreme within O(Δt²): the box is no larger than that.
        #expect(abs(sampled.minimum.x - box.minimum.x) <= 1e-4)
        #expect(abs(sampled.minimum.y - box.minimum.y) <= 1e-4)
        #expect(abs(sampled.maximum.x - box.maximum.x) <= 1e-4)
        #expect(abs(sampled.maximum.y - box.maximum.y) <= 1e-4)
    }

    @Test("curvature of a near-circular arc and at a cusp")
    func curvature() {
        // The parabola B(t) = (t, t²): κ(t) = 2 / (1 + 4t²)^{3/2}, positive (turning towards +y,
        // clockwise on a y-down screen). As a quadratic and as its exact cubic elevation.
        let parabola = QuadraticBezier(.zero, Point(0.5, 0), Point(1, 1))
        for t in stride(from: 0.0, through: 1.0, by: 0.25) {
            let expected = 2 / ((1 + 4 * t * t) * (1 + 4 * t * t).squareRoot())
            #expect(abs(parabola.curvature(at: t) - expected) <= 1e-14)
            #expect(abs(parabola.elevated.curvature(at: t) - expected) <= 1e-13)
        }
        let cusp = cubic("M 0 0 C 100 100 0 100 100 0")
        #expect(cusp.curvature(at: 0.5) == .infinity)
        #expect(Line(.zero, Point(1, 1)).curvature(at: 0.5) == 0)
        let point = CubicBezier(.zero, .zero, .zero, .zero)
        #expect(point.curvature(at: 0.5) == 0)
    }

    @Test("a line hits its end points exactly (ParametricCurve promises exact ends)")
    func lineEnds() {
        var rng = SplitMix64(seed: 5)
        var misses = 0
        for _ in 0..<1000 {
            let p0 = Point((rng.unit() - 0.5) * 1e3, (rng.unit() - 0.5) * 1e3)
            let p1 = Point((rng.unit() - 0.5) * 1e3, (rng.unit() - 0.5) * 1e3)
            let line = Line(p0, p1)
            if line.point(at: 0) != p0 || line.point(at: 1) != p1 { misses += 1 }
            let (left, right) = line.split(at: 1)
            if left.end != p1 || right.start != p1 { misses += 1 }
        }
        #expect(misses == 0)
        // Ends whose difference overflows are still exact and the midpoint finite.
        let wide = Line(Point(-1e308, 0), Point(1e308, 0))
        #expect(wide.point(at: 0) == wide.p0 && wide.point(at: 1) == wide.p1 && wide.point(at: 0.5) == .zero)
    }

    @Test("line length: the unscaled fast path gives the scaled form's bits, magnitudes 2^−600 … 2^600")
    func lineLengthFastPathIsExact() {
        var rng = SplitMix64(seed: 0x11E5)
        for _ in 0..<20_000 {
            // Each component with its own magnitude, so the smaller's square may be subnormal.
            let ex = Int(rng.unit() * 1200) - 600, ey = ex - Int(rng.unit() * 80)
            let d = SIMD2(Double(sign: rng.unit() < 0.5 ? .minus : .plus, exponent: ex, significand: 1 + rng.unit()),
                          Double(sign: rng.unit() < 0.5 ? .minus : .plus, exponent: ey, significand: 1 + rng.unit()))
            let line = Line(.zero, Point(d))
            // The scaled form, as `Line.length` computes it outside the fast path.
            let largest = max(abs(d.x), abs(d.y))
            let power = Double(sign: .plus, exponent: largest.exponent, significand: 1)
            let scaled = d / power
            let expected = power * (scaled * scaled).sum().squareRoot()
            #expect(line.length == expected, "\(d): \(line.length) against \(expected)")
        }
    }

    @Test("line length neither underflows nor overflows before the result does")
    func lineLength() throws {
        #expect(abs(try Line(.zero, Point(3e-170, 4e-170)).arcLength() - 5e-170) <= 1e-15 * 5e-170)
        #expect(abs(try Line(Point(1, 1), Point(3e200, 4e200)).arcLength() - 5e200) <= 1e-15 * 5e200)
        #expect(throws: BezierError.lengthOverflow(segment: 0)) { try Line(Point(-1e308, 0), Point(1e308, 0)).arcLength() }
        #expect(Line(Point(-1e308, 0), Point(1e308, 0)).length == .infinity)
        #expect(abs(PathSegment.line(Line(.zero, Point(3e-170, 4e-170))).uncheckedArcLength(accuracy: 1) - 5e-170) <= 1e-15 * 5e-170)
    }

    @Test("line inverse arc length validates like the curves: out of range and NaN throw",
          arguments: [(Line(.zero, Point(3, 4)), 6.0), (Line(.zero, Point(3, 4)), -1), (Line(.zero, Point(3, 4)), .nan),
                      (Line(.zero, Point(3, 4)), .infinity), (Line(Point(2, 2), Point(2, 2)), .nan), (Line(Point(2, 2), Point(2, 2)), 1)])
    func lineInverseValidation(line: Line, length: Double) {
        #expect(throws: BezierError.self) { try line.parameter(atArcLength: length, accuracy: 1e-9) }
    }

    @Test("line inverse arc length: exact inside, clamped within the accuracy")
    func lineInverse() throws {
        let line = Line(.zero, Point(3, 4))
        #expect(try line.parameter(atArcLength: 2.5) == 0.5)
        #expect(try line.parameter(atArcLength: 5 + 1e-10, accuracy: 1e-9) == 1)
        #expect(try line.parameter(atArcLength: -1e-10, accuracy: 1e-9) == 0)
        #expect(try Line(Point(2, 2), Point(2, 2)).parameter(atArcLength: 0) == 0)
    }
}

@Suite("Path elements")
struct PathElementTests {
    /// Each point of each kind of element is transformed, in its place; the kind is kept.
    @Test func mappingPointsTransformsEveryPointInPlace() {
        let shift = { (p: Point) in Point(p.x + 10, p.y * 2) }
        let elements: [PathElement] = [
            .move(to: Point(1, 2)), .line(to: Point(3, 4)), .quadCurve(to: Point(5, 6), control: Point(7, 8)),
            .curve(to: Point(9, 10), control1: Point(11, 12), control2: Point(13, 14)), .close,
        ]
        let expected: [PathElement] = [
            .move(to: Point(11, 4)), .line(to: Point(13, 8)), .quadCurve(to: Point(15, 12), control: Point(17, 16)),
            .curve(to: Point(19, 20), control1: Point(21, 24), control2: Point(23, 28)), .close,
        ]
        #expect(elements.map { $0.mappingPoints(shift) } == expected)
    }
}
