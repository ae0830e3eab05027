import BezierKernels
import GSLReference
import Testing

/// Speed evaluations (`|B'|` at a node, one square root each) of the cubic arc length and its
/// inverse, counted by `measuredArcLength` / `measuredParameter`, so the cost targets of the
/// kernels cannot drift: a figure here is a count, not a time.
@Suite("Arc length cost")
struct ArcLengthCostTests {
    /// The seeded random-cubic set of `arclen/cubic-random`: 1000 cubics, control points uniform in
    /// [0, 1000]² (SplitMix64, seed 0x00C0FFEE2024, x then y, p0 … p3).
    static let randomCubics: [CubicBezier] = {
        var rng = SplitMix64(seed: 0x00C0_FFEE_2024)
        return (0..<1000).map { _ in
            let p = (0..<4).map { _ in Point(1000 * rng.unit(), 1000 * rng.unit()) }
            return CubicBezier(p[0], p[1], p[2], p[3])
        }
    }()

    @Test("random cubics: at most 120 / 160 / 220 speed evaluations per curve at 1e-6 / 1e-9 / 1e-12",
          arguments: [(1e-6, 120.0), (1e-9, 160.0), (1e-12, 220.0)])
    func randomCubicEvaluations(accuracy: Double, limit: Double) throws {
        var total = 0, worst = 0
        for curve in Self.randomCubics {
            let measured = try curve.measuredArcLength(accuracy: accuracy)
            #expect(measured.value == (try curve.arcLength(accuracy: accuracy)), "the counted and the plain kernel differ on \(curve)")
            total += measured.speedEvaluations
            worst = max(worst, measured.speedEvaluations)
        }
        let mean = Double(total) / Double(Self.randomCubics.count)
        print("arc length at \(accuracy): \(mean) evaluations per curve on average, \(worst) at most")
        #expect(mean <= limit, "mean \(mean) evaluations per curve at \(accuracy)")
        #expect(mean >= 8, "a curve takes at least one 8-point rule")
    }

    @Test("random cubics: the counted lengths meet the accuracy (GSL QAGS reference, 100 curves)")
    func randomCubicAccuracy() throws {
        let integrator = try GSLIntegrator()
        for curve in Self.randomCubics.prefix(100) {
            let reference = try tightReferenceLength(.cubic(curve), integrator: integrator)
            let slack = 1e-15 * reference.value + reference.estimatedError
            for accuracy in [1e-3, 1e-6, 1e-9] {
                let length = try curve.measuredArcLength(accuracy: accuracy).value
                #expect(abs(length - reference.value) <= accuracy + slack, "\(curve) at \(accuracy)")
            }
        }
    }

    @Test("a cusp is cut at its parameter: two smooth halves, one rule each")
    func cuspEvaluations() throws {
        let cusp = CubicBezier(Point(0, 0), Point(100, 100), Point(0, 100), Point(100, 0))
        for accuracy in [1e-3, 1e-6, 1e-9, 1e-12] {
            let measured = try cusp.measuredArcLength(accuracy: accuracy)
            #expect(measured.speedEvaluations <= 48, "cusp at \(accuracy): \(measured.speedEvaluations)")
        }
        // Collinear controls doubling back: the speed's zero is a real root inside (a kink).
        let back = CubicBezier(Point(0, 0), Point(200, 0), Point(-100, 0), Point(100, 0))
        #expect(try back.measuredArcLength(accuracy: 1e-9).speedEvaluations <= 48)
    }

    @Test("inverse arc length: increments between Newton iterates, not lengths from 0")
    func inverseEvaluations() throws {
        var total = 0, lengthTotal = 0
        var rng = SplitMix64(seed: 7)
        for curve in Self.randomCubics.prefix(200) {
            let length = try curve.measuredArcLength(accuracy: 1e-9)
            let target = rng.unit() * length.value
            let measured = try curve.measuredParameter(atArcLength: target, accuracy: 1e-9)
            #expect(measured.value == (try curve.parameter(atArcLength: target, accuracy: 1e-9)))
            total += measured.speedEvaluations
            lengthTotal += length.speedEvaluations
        }
        let ratio = Double(total) / Double(lengthTotal)
        print("inverse at 1e-9: \(Double(total) / 200) evaluations per query, \(ratio)× one arc length")
        // The total length, one length from 0, a few short increments and the Newton derivatives.
        #expect(ratio <= 3.5, "the inverse costs \(ratio) arc lengths")
    }
}
