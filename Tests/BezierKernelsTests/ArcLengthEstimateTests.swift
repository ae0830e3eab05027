@testable import BezierKernels
import Foundation
import GSLReference
import Testing

/// The arc length's per-rule error estimate (`CubicBezier.arcLength(accuracy:)`): each
/// Gauss–Legendre rule's true error, against GSL's CQUAD, on seeded pieces of four kinds —
/// whole random cubics, random parts of them, parts of curves whose speed nearly vanishes, and
/// parts of curves that double back on a line (the speed's zero on the interval: a kink). The
/// constants were fitted on 30,000 other pieces (another seed) at twice the largest ratio seen, so
/// a margin near 1 here would mean the fit missed a kind of piece.
@Suite("Arc length estimate")
struct ArcLengthEstimateTests {
    /// A piece: a cubic and a parameter range of it.
    struct Piece {
        var curve: CubicBezier
        var t0: Double, t1: Double
    }

    /// `curve` with p1 moved so that its speed at `t` is `epsilon` of what it was: a near-cusp
    /// (unchanged where p1 barely moves the speed at t).
    static func nearCusp(_ curve: CubicBezier, at t: Double, epsilon: Double) -> CubicBezier {
        let slope = 3 * (2 * t * (1 - t) - (1 - t) * (1 - t))
        guard abs(slope) > 0.05 else { return curve }
        return CubicBezier(curve.p0, curve.p1 + curve.derivative(at: t) * ((1 - epsilon) / slope), curve.p2, curve.p3)
    }

    /// Controls on a line at 0, s₁, s₂ and 1 (s₁, s₂ drawn in [−1, 2] from `u1`, `u2`), out of
    /// order: the curve stops and turns back (a real zero of the speed, a kink).
    static func doublingBack(from origin: Point, angle: Double, _ u1: Double, _ u2: Double) -> CubicBezier {
        let along = Vector(cos(angle), sin(angle))
        return CubicBezier(origin, origin + along * (3 * u1 - 1), origin + along * (3 * u2 - 1), origin + along)
    }

    static func pieces(count: Int) -> [Piece] {
        var rng = SplitMix64(seed: 0x5EED_E571)
        func point() -> Point { Point(rng.unit(), rng.unit()) }
        return (0..<count).map { index in
            var curve = CubicBezier(point(), point(), point(), point())
            switch index % 4 {
            case 2: curve = nearCusp(curve, at: rng.unit(), epsilon: pow(10, -6 * rng.unit()))
            case 3: curve = doublingBack(from: curve.p0, angle: 2 * Double.pi * rng.unit(), rng.unit(), rng.unit())
            default: break
            }
            guard index % 4 != 0, rng.unit() < 0.8 else { return Piece(curve: curve, t0: 0, t1: 1) }
            // A part: random, or from the real part of the nearer zero (where a split puts it).
            let width = pow(10, -3 * rng.unit())
            var t0 = (1 - width) * rng.unit()
            let zeros = SpeedZeros(HodographQuadratic(curve))
            let nearer = ellipseExcess(zeros.z1) <= ellipseExcess(zeros.z2) ? zeros.z1 : zeros.z2
            if rng.unit() < 0.5, abs(nearer.x) < 1 { t0 = min(1 - width, 0.5 * (nearer.x + 1)) }
            return Piece(curve: curve, t0: t0, t1: t0 + width)
        }
    }

    @Test("every rule errs by less than its estimate on 2000 seeded pieces")
    func rulesStayUnderTheirEstimates() throws {
        let integrator = try GSLIntegrator()
        var smallest = [Double](repeating: .infinity, count: 5), compared = 0
        for piece in Self.pieces(count: 2000) {
            let whole = HodographQuadratic(piece.curve)
            let (q, zeros) = whole.restricted(from: 2 * piece.t0 - 1, to: 2 * piece.t1 - 1, zeros: SpeedZeros(whole))
            guard let estimates = q.estimatedRuleErrors(zeros: zeros) else { continue }
            let reference = try tightReferenceLength(.cubic(piece.curve), from: piece.t0, to: piece.t1, integrator: integrator)
            // The sums' rounding and the reference's own error (CQUAD is asked for 1e-16 of the
            // curve's control polygon): below them no error is measured.
            let c = piece.curve
            let polygon = c.p0.distance(to: c.p1) + c.p1.distance(to: c.p2) + c.p2.distance(to: c.p3)
            let floor = 1e-13 * reference.value + reference.estimatedError + 4e-16 * polygon
            let rules = [q.gauss4(), q.gauss8(), q.gauss12(), q.gauss16(), q.gauss24()]
            for (rule, (value, estimate)) in zip(rules, estimates).enumerated() {
                let error = abs(value - reference.value)
                #expect(error <= estimate + floor,
                        "\([4, 8, 12, 16, 24][rule]) points on \(piece.curve) over [\(piece.t0), \(piece.t1)]: error \(error), estimate \(estimate)")
                if error > 10 * floor {
                    compared += 1
                    smallest[rule] = min(smallest[rule], estimate / error)
                }
            }
        }
        print("arc length estimate: smallest estimate/error per rule (4, 8, 12, 16, 24 points): \(smallest) over \(compared) errors")
        #expect(compared >= 5000, "too few errors above the rounding to test the estimate: \(compared)")
        #expect(smallest.allSatisfy { $0 >= 1 })
    }

    @Test("the accuracy 1e-3 … 1e-12 is met on 300 seeded near-cusps and curves that double back")
    func accuracyIsMetWhereTheSpeedNearlyVanishes() throws {
        let integrator = try GSLIntegrator()
        var rng = SplitMix64(seed: 0xC0_5B5)
        for index in 0..<300 {
            let p = (0..<4).map { _ in Point(100 * rng.unit(), 100 * rng.unit()) }
            let curve = index % 3 == 2
                ? Self.doublingBack(from: p[0], angle: 2 * Double.pi * rng.unit(), rng.unit(), rng.unit())
                : Self.nearCusp(CubicBezier(p[0], p[1], p[2], p[3]), at: rng.unit(), epsilon: pow(10, -8 * rng.unit()))
            let reference = try tightReferenceLength(.cubic(curve), integrator: integrator)
            let slack = 1e-15 * reference.value + reference.estimatedError
            for accuracy in [1e-3, 1e-6, 1e-9, 1e-12] {
                let length = try curve.arcLength(accuracy: accuracy)
                #expect(abs(length - reference.value) <= accuracy + slack, "\(curve) at \(accuracy): \(length) against \(reference.value)")
            }
        }
    }
}
