import BezierKernels
import GSLReference
import Testing

@Suite("Arc length")
struct ArcLengthTests {
    @Test("every seed segment agrees with GSL QAGS", arguments: SeedPath.all)
    func seedSegments(seed: SeedPath) throws {
        let integrator = try GSLIntegrator()
        for segment in seed.path.segments {
            let reference = try tightReferenceLength(segment, integrator: integrator).value
            let length = try segment.arcLength(accuracy: 1e-9)
            let relative = abs(length - reference) / reference
            switch segment {
            case .quadratic: #expect(relative <= 2e-14, "\(segment): \(length) vs \(reference)")
            default: #expect(relative <= 1e-10, "\(segment): \(length) vs \(reference)")
            }
        }
    }

    static let sweepCubics: [(String, String)] = [
        ("cusp", "M 0 0 C 100 100 0 100 100 0"),
        ("loop", "M 0 0 C 300 200 -100 200 200 0"),
        ("near-straight", "M 0 0 C 33.3 1e-3 66.7 -1e-3 100 0"),
        ("bee tail", "M 900 200 C 1000 200 1100 200 1200 100"),
        ("controls on the ends", "M 0 0 C 0 0 100 50 100 50"),
        ("coincident controls", "M 0 0 C 50 80 50 80 100 0"),
        ("s-curve", "M 0 0 C 200 0 -100 100 100 100"),
        ("doubling back", "M 0 0 C 200 0 -100 0 100 0"),
    ]

    @Test("the accuracy sweep 1e-1 … 1e-12 is honoured on cubics", arguments: sweepCubics)
    func accuracySweep(name: String, data: String) throws {
        let curve = cubic(data)
        let reference = try tightReferenceLength(.cubic(curve))
        // The reference must be far tighter than what is tested, or the check is void.
        #expect(reference.estimatedError <= 2e-15 * reference.value, "\(name): reference \(reference)")
        // Allowed on top of the accuracy: the reference's own error and 1e-15·L of rounding in the
        // kernel's sums (L ≈ 100–420 here, so 1e-13–4e-13: 1e-12 is still tested to within 40%).
        // Below ~1e-13 rounding dominates and the accuracy asked is not reached (the loop misses
        // 1e-14 by 1e-13): `arcLength(accuracy:)` documents that floor.
        let slack = 1e-15 * reference.value + reference.estimatedError
        for exponent in 1...12 {
            let accuracy = pow10(-exponent)
            let length = try curve.arcLength(accuracy: accuracy)
            #expect(abs(length - reference.value) <= accuracy + slack,
                    "\(name) at \(accuracy): \(length) vs \(reference.value)")
        }
    }

    @Test("cubic arc length scales linearly from 1e-170 to 1e160 (squares under/overflow unscaled)", arguments: sweepCubics)
    func cubicScaling(name: String, data: String) throws {
        let unit = cubic(data)
        let length = try unit.arcLength(accuracy: 1e-12)
        for exponent in stride(from: -170, through: 160, by: 10) {
            let factor = pow10(exponent)
            let scaled = CubicBezier(Point(unit.p0.simd * factor), Point(unit.p1.simd * factor),
                                     Point(unit.p2.simd * factor), Point(unit.p3.simd * factor))
            let measured = try scaled.arcLength(accuracy: 1e-12 * factor)
            // Both are within 1e-12 (times the factor) of the exact length; rounding of the scaled
            // coordinates and of the sums adds ~1e-15 relative.
            #expect(abs(measured - length * factor) <= (2e-12 + 1e-14 * length) * factor, "\(name) × 1e\(exponent): \(measured) vs \(length * factor)")
        }
    }

    @Test("a cubic whose length passes the largest Double is refused (the unchecked form: +infinity, at once, not NaN)")
    func cubicLengthPastTheLargestDoubleThrows() throws {
        let wide = CubicBezier(Point(-1e308, 0), Point(0, 1e308), Point(1e308, 1e308), Point(1e308, 0))
        #expect(throws: BezierError.lengthOverflow(segment: 0)) { try wide.arcLength() }
        #expect(wide.uncheckedArcLength(accuracy: 1e-9) == .infinity)
        #expect(throws: BezierError.lengthOverflow(segment: 0)) { try wide.parameter(atArcLength: 1, accuracy: 1e-9) }
    }

    @Test("the accuracy is honoured on random cubics, loops and cusps included")
    func randomCubics() throws {
        var rng = SplitMix64(seed: 11)
        let integrator = try GSLIntegrator()
        for _ in 0..<120 {
            let p = (0..<4).map { _ in Point(rng.unit() * 300, rng.unit() * 300) }
            let curve = CubicBezier(p[0], p[1], p[2], p[3])
            let reference = try tightReferenceLength(.cubic(curve), integrator: integrator)
            #expect(reference.estimatedError <= 2e-15 * reference.value, "reference \(reference) for \(curve)")
            let slack = 1e-15 * reference.value + reference.estimatedError
            for accuracy in [1e-2, 1e-5, 1e-8, 1e-11] {
                let length = try curve.arcLength(accuracy: accuracy)
                #expect(abs(length - reference.value) <= accuracy + slack, "\(curve) at \(accuracy)")
            }
        }
    }

    @Test("degenerate curves measure 0 or their chord, never NaN")
    func degenerate() throws {
        let point = Point(3, 4)
        #expect(try CubicBezier(point, point, point, point).arcLength() == 0)
        #expect(try QuadraticBezier(point, point, point).arcLength() == 0)
        #expect(try Line(point, point).arcLength() == 0)
        // A quadratic with its control on an end point is a line traversed non-uniformly.
        #expect(abs(try QuadraticBezier(.zero, .zero, Point(3, 4)).arcLength() - 5) <= 1e-14)
        #expect(abs(try QuadraticBezier(.zero, Point(3, 4), Point(3, 4)).arcLength() - 5) <= 1e-14)
        // Control at the midpoint: uniform speed (A = 0 in the closed form).
        #expect(abs(try QuadraticBezier(.zero, Point(1.5, 2), Point(3, 4)).arcLength() - 5) <= 1e-14)
        // Control beyond the end: the curve runs to the turning point and back (0→4/3·…).
        // B(t) = 2(1−t)t·4 + t²·1 on a line; x(t) peaks at t = 4/7 with x = 16/7.
        let back = try QuadraticBezier(.zero, Point(4, 0), Point(1, 0)).arcLength()
        #expect(abs(back - (16.0 / 7 + (16.0 / 7 - 1))) <= 1e-13)
        // Cubic with all controls on one line, doubling back: chord-free exact value by reference.
        let cubicBack = CubicBezier(.zero, Point(2, 0), Point(2, 0), Point(1, 0))
        let reference = try tightReferenceLength(.cubic(cubicBack)).value
        #expect(abs(try cubicBack.arcLength(accuracy: 1e-12) - reference) <= 1e-12 + 1e-15 * reference)
    }

    @Test("near-straight quadratics use the guarded path and stay within 2e-14")
    func nearStraightQuadratic() throws {
        for bend in [0.0, 1e-12, 1e-8, 1e-4, 1e-1, 1, 10] {
            let curve = QuadraticBezier(.zero, Point(50, bend), Point(100, 0))
            let reference = try tightReferenceLength(.quadratic(curve)).value
            #expect(abs(try curve.arcLength() - reference) <= 2e-14 * reference, "bend \(bend)")
        }
    }

    static let scalingQuadratics = sampleQuadratics + [
        "M 0 0 Q 1 1 2 0",                  // at 1e-90: k = 0/0 in the unnormalized closed form
        "M 0 0 Q 50 1e-6 100 0",            // near-straight (Gauss–Legendre branch)
        "M 3 -7 Q 5 5 -2 1",                // off the origin
    ]

    @Test("quadratic arc length scales linearly from 1e-150 to 1e150, never NaN", arguments: scalingQuadratics)
    func quadraticScaling(data: String) {
        let unit = quadratic(data)
        let length = unit.exactArcLength
        for exponent in stride(from: -150, through: 150, by: 10) {
            let factor = pow10(exponent)
            let scaled = QuadraticBezier(Point(unit.p0.simd * factor), Point(unit.p1.simd * factor), Point(unit.p2.simd * factor))
            let expected = length * factor
            // Scaling rounds each coordinate (relative 1e-16); the length is well conditioned.
            #expect(abs(scaled.exactArcLength - expected) <= 1e-14 * expected, "\(data) × 1e\(exponent): \(scaled.exactArcLength) vs \(expected)")
        }
    }

    @Test("quadratics near the largest Double are measured; a length past it is +infinity, not NaN")
    func quadraticNearOverflow() {
        // p1 − p0 overflows (the halves do not): the length exceeds the largest Double, +∞, not NaN.
        let wide = QuadraticBezier(Point(-1e308, 0), Point(1e308, 1e308), Point(1e308, 0))
        #expect(wide.exactArcLength == .infinity)
        // Coordinates near the top (2·p1 overflows) with a modest extent, offsets exact multiples
        // of the ulp 2⁹⁷¹: measured like the same curve at the origin.
        let unit = 0x1p975, corner = Point(1.5e308, -1.5e308)
        let high = QuadraticBezier(corner, corner + Vector(3 * unit, unit), corner + Vector(4 * unit, 0))
        let atOrigin = QuadraticBezier(.zero, Point(3, 1), Point(4, 0)).exactArcLength * unit
        #expect(abs(high.exactArcLength - atOrigin) <= 1e-15 * atOrigin)
        let huge = QuadraticBezier(Point(-8e307, 0), Point(0, 1e307), Point(8e307, 0))
        let reference = QuadraticBezier(Point(-8, 0), Point(0, 1), Point(8, 0)).exactArcLength * 1e307
        #expect(abs(huge.exactArcLength - reference) <= 1e-14 * reference)
    }

    @Test("quadratic closed form matches GSL on random curves to 2e-14")
    func randomQuadratics() throws {
        var rng = SplitMix64(seed: 7)
        let integrator = try GSLIntegrator()
        for _ in 0..<200 {
            let p = (0..<3).map { _ in Point(rng.unit() * 400 - 200, rng.unit() * 400 - 200) }
            let curve = QuadraticBezier(p[0], p[1], p[2])
            let reference = try tightReferenceLength(.quadratic(curve), integrator: integrator)
            #expect(reference.estimatedError <= 2e-15 * reference.value)
            #expect(abs(try curve.arcLength() - reference.value) <= 2e-14 * reference.value, "\(curve)")
        }
    }

    @Test("invalid accuracy is rejected with a one-line message", arguments: [0.0, -1, .nan, .infinity])
    func invalidAccuracy(accuracy: Double) {
        let curve = cubic("M 0 0 C 1 1 2 1 3 0")
        let error = #expect(throws: BezierError.self) { try curve.arcLength(accuracy: accuracy) }
        #expect(error?.description == "accuracy must be a positive finite number, got \(accuracy)")
        #expect(throws: BezierError.self) { try QuadraticBezier(.zero, Point(1, 1), Point(2, 0)).arcLength(accuracy: accuracy) }
        #expect(throws: BezierError.self) { try Line(.zero, Point(1, 1)).arcLength(accuracy: accuracy) }
        #expect(!BezierError.invalidAccuracy(accuracy).description.contains("\n"))
    }

    @Test("inverse of the forward arc length within the accuracy", arguments: sweepCubics)
    func inverse(name: String, data: String) throws {
        let curve = cubic(data)
        let total = try curve.arcLength(accuracy: 1e-13)
        for accuracy in [1e-3, 1e-6, 1e-9] {
            for fraction in [0, 0.01, 0.25, 0.5, 0.77, 0.999, 1] {
                let s = fraction * total
                let t = try curve.parameter(atArcLength: s, accuracy: accuracy)
                let reached = try curve.subsegment(0...t).arcLength(accuracy: 1e-13)
                #expect(abs(reached - s) <= accuracy + 1e-12 * total, "\(name) s=\(s) acc=\(accuracy)")
            }
        }
        #expect(throws: BezierError.self) { try curve.parameter(atArcLength: total + 1, accuracy: 1e-9) }
        #expect(throws: BezierError.self) { try curve.parameter(atArcLength: .nan, accuracy: 1e-9) }
    }

    @Test("quadratic inverse through the closed form")
    func quadraticInverse() throws {
        let curve = QuadraticBezier(Point(20, 200), Point(120, 100), Point(220, 200))
        let total = try curve.arcLength()
        for fraction in stride(from: 0.0, through: 1.0, by: 0.125) {
            let t = try curve.parameter(atArcLength: fraction * total, accuracy: 1e-10)
            #expect(abs(curve.subsegment(0...t).exactArcLength - fraction * total) <= 1e-10)
        }
    }
}

func pow10(_ exponent: Int) -> Double {
    var value = 1.0
    for _ in 0..<abs(exponent) { value *= 10 }
    return exponent < 0 ? 1 / value : value
}
