import BenchKit
import Foundation
import Testing
@testable import SpringSolver

extension SplitMix64 {
    /// BenchKit's generator started at `state`, as this suite's seeds are written.
    init(state: UInt64) { self.init(seed: state) }
    /// Uniform in [0, 1).
    mutating func unit() -> Double { Double(next() >> 11) * 0x1p-53 }
}

/// `sineCosine` against glibc's `sin` and `cos` (through Foundation), which are correctly
/// rounded in practice: every result within 1 ulp of glibc's and 2.5e-16 absolute. Measured:
/// 1 ulp at most (1.11e-16 absolute), about 3 % of results differ from glibc by that ulp.
@Suite struct SineCosineTests {
    /// The worst disagreement with glibc over some arguments: absolute, and in ulps of
    /// glibc's value (the ulp measure stays strict next to the zeros of sin and cos, where
    /// a sloppy reduction keeps a small absolute error but loses every digit).
    struct Disagreement {
        var absolute = 0.0, ulps = 0.0, worstArgument = 0.0
        mutating func check(_ x: Double) {
            let (s, c) = sineCosine(x)
            for (value, expected) in [(s, sin(x)), (c, cos(x))] {
                let error = abs(value - expected)
                absolute = max(absolute, error)
                let inUlps = error / expected.ulp
                if !(inUlps <= ulps) { ulps = inUlps; worstArgument = x }
            }
        }
        /// Within 1 ulp of glibc and 2.5e-16 absolute (the brief's bound; measured 1.11e-16).
        func expectClose(_ label: String) {
            #expect(absolute <= 2.5e-16, "\(label): absolute error \(absolute) at \(worstArgument)")
            #expect(ulps <= 1, "\(label): \(ulps) ulps at \(worstArgument)")
        }
    }

    /// Zero, the smallest subnormal and tiny arguments: sin x = x and cos x = 1 exactly, and the
    /// sign of zero kept.
    @Test(arguments: [0.0, 0x1p-1074, 1e-300, 1e-20, 1e-10, 0x1p-27])
    func tinyArguments(x: Double) {
        for signed in [x, -x] {
            let (s, c) = sineCosine(signed)
            #expect(s == signed && s.sign == signed.sign, "sin(\(signed)) = \(s)")
            #expect(c == 1, "cos(\(signed)) = \(c)")
        }
    }

    /// The quadrant rule from the angle-addition identities, independent of glibc at x:
    /// `sin(k·π/2 + r)` is `sin r`, `cos r`, `−sin r`, `−cos r` for k mod 4 = 0, 1, 2, 3 (and
    /// `cos` one step behind). The double `k·π/2 + r` (≤ 18) is off by up to ulp(18)/2 plus
    /// 11 times π/2's rounding, 2.5e-15 in all, hence the 4e-15 tolerance; a wrong swap or
    /// sign is off by at least 0.3.
    @Test(arguments: 0..<12)
    func quadrantRule(k: Int) {
        for r in [-0.78, -0.5, -0.1, 0.1, 0.3, 0.7] {
            let (s, c) = (sin(r), cos(r))
            let rotations = [(s, c), (c, -s), (-s, -c), (-c, s)]
            let expected = rotations[k % 4]
            let actual = sineCosine(Double(k) * (Double.pi / 2) + r)
            #expect(abs(actual.sin - expected.0) <= 4e-15 && abs(actual.cos - expected.1) <= 4e-15,
                    "k = \(k), r = \(r): \(actual) instead of \(expected)")
        }
    }

    /// 100,000 seeded arguments in [0, 10⁵], and in [0, 25] (the spring's phases).
    @Test(arguments: [1e5, 25])
    func randomArguments(upTo bound: Double) {
        var random = SplitMix64(state: 0x5EED_0000 &+ UInt64(bound))
        var disagreement = Disagreement()
        for _ in 0..<100_000 { disagreement.check(random.unit() * bound) }
        disagreement.expectClose("[0, \(bound)]")
    }

    /// A log-spaced sweep from 10⁻³ through the Cody–Waite bound 2²⁰·π/2 ≈ 1.65e6 to 10⁷ (the
    /// fallback), positive and negative.
    @Test func logarithmicSweep() {
        var disagreement = Disagreement()
        let count = 20_000
        for i in 0...count {
            let x = 1e-3 * pow(1e10, Double(i) / Double(count))
            disagreement.check(x)
            disagreement.check(-x)
        }
        disagreement.expectClose("sweep 1e-3…1e7")
    }

    /// The doubles at and next to `k·π/4` and `k·π/2`: the octant edges where `n` rounds
    /// either way, and the zeros of sin and cos, where the remainder cancels to as little as
    /// 6.2e-19 (k = 29) and the second reduction step must keep it relative (without it:
    /// 4e9 ulps).
    @Test(arguments: [Double.pi / 4, Double.pi / 2])
    func nextToMultiples(of step: Double) {
        var random = SplitMix64(state: 0x9157)
        let multiples = Array(1...2_000) + (0..<5_000).map { _ in 1 + Int(random.next() % 100_000) }
        var disagreement = Disagreement()
        for k in multiples {
            var x = Double(k) * step
            for _ in 0..<3 { x = x.nextDown }
            for _ in 0..<7 {
                disagreement.check(x)
                disagreement.check(-x)
                x = x.nextUp
            }
        }
        disagreement.expectClose("k·\(step)")
    }

    /// Around the Cody–Waite bound and far beyond it: the fallback, identical to glibc;
    /// non-finite arguments give NaN like glibc.
    @Test(arguments: [0x1.921fb54442d18p20.nextDown, 0x1.921fb54442d18p20, 1e7, 1e15, 1e300, .greatestFiniteMagnitude])
    func largeArguments(x: Double) {
        var disagreement = Disagreement()
        disagreement.check(x)
        disagreement.check(-x)
        disagreement.expectClose("\(x)")
    }

    @Test(arguments: [Double.infinity, -.infinity, .nan])
    func nonFiniteArguments(x: Double) {
        let (s, c) = sineCosine(x)
        #expect(s.isNaN && c.isNaN)
    }

    /// sin² + cos² = 1 to a few ulps: a sanity check of the pairing (a sin from one quadrant
    /// and a cos from another would still pass the identity, hence the comparisons above).
    @Test func pythagoreanIdentity() {
        var random = SplitMix64(state: 0xC05)
        var worst = 0.0
        for _ in 0..<10_000 {
            let (s, c) = sineCosine(random.unit() * 1e4)
            worst = max(worst, abs(s * s + c * c - 1))
        }
        #expect(worst <= 4.5e-16, "sin² + cos² − 1 up to \(worst)")
    }
}
