@testable import BezierKernels
import Testing

/// The speed's complex zeros (`SpeedZeros`) are found on the hodograph's coefficients divided by
/// a power of two near their largest. That power is built from the bits where it is a normal
/// number, and by `init(sign:exponent:significand:)` (dividing for the tiniest) elsewhere; every
/// path must be the exact power, so the zeros of a scaled hodograph are bit for bit those of the
/// unscaled one.
@Suite("Speed zeros")
struct SpeedZerosTests {
    @Test("the zeros are the same bits for the hodograph scaled by 2^k, k = −1020 … 1022 (every normalization path)")
    func zerosAreScaleFree() {
        // Two with both zeros finite, and a degree lost (z₁ beyond reach). Scaled, their largest
        // coefficients reach biased exponents 3 … 2046: the division, the bits, and at 2^1022 the
        // 2^−1023 that only `init(sign:exponent:significand:)` forms.
        let shapes = [
            (HodographQuadratic(m: SIMD2(0.75, -0.3), m1: SIMD2(-1.25, 0.5), m2: SIMD2(0.4, 1.1)), true),
            (HodographQuadratic(m: SIMD2(3, 0.125), m1: SIMD2(0.2, -0.7), m2: SIMD2(-0.9, 0.35)), true),
            (HodographQuadratic(m: SIMD2(1, 2), m1: SIMD2(-0.5, 0.25), m2: SIMD2(0, 0)), false),
        ]
        for (q, bothFinite) in shapes {
            let unscaled = SpeedZeros(q)
            #expect(unscaled.z2.x.isFinite && unscaled.z2.y.isFinite)
            #expect(bothFinite ? unscaled.z1.x.isFinite && unscaled.z1.y.isFinite : unscaled.z1 == SpeedZeros.none)
            for k in -1020...1022 {
                let scale = Double(sign: .plus, exponent: k, significand: 1)
                let scaled = SpeedZeros(HodographQuadratic(m: q.m * scale, m1: q.m1 * scale, m2: q.m2 * scale))
                #expect(scaled.z1 == unscaled.z1 && scaled.z2 == unscaled.z2,
                        "2^\(k): \(scaled.z1), \(scaled.z2) against \(unscaled.z1), \(unscaled.z2)")
            }
        }
    }
}

/// `everyLane(_:)`, the build's and the batched frames' `all(_:)`.
@Suite("Every lane")
struct EveryLaneTests {
    @Test("everyLane agrees with the standard library's all on each of the 256 masks")
    func agreesWithAll() {
        for bits in 0..<256 {
            var mask = SIMDMask<SIMD8<Int64>>()
            for lane in 0..<8 { mask[lane] = bits & (1 << lane) != 0 }
            #expect(everyLane(mask) == all(mask), "mask \(String(bits, radix: 2))")
        }
    }
}
