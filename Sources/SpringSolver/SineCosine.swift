import Foundation

/// `sin(x)` and `cos(x)` together, sharing one argument reduction.
///
/// Why it exists: the underdamped ``DampedSpring/transition(over:)`` needs both of one angle,
/// and glibc's separate `sin` and `cos` reduce the argument twice, while glibc's `sincos`
/// cannot be called from Swift without a C shim or an underscored attribute (and SpringSolver
/// depends on nothing).
///
/// Method (fdlibm 5.3, Sun Microsystems 1993: `e_rem_pio2.c` "medium" case, `k_sin.c`, and
/// FreeBSD msun's `k_cos.c` by Bruce D. Evans):
/// 1. Cody–Waite reduction `x = n·(π/2) + r`, `n = round(x·2/π)`, `|r| ≲ π/4`, with π/2 split
///    into parts of at most 33 significant bits so that `n·part` is exact for `|n| ≤ 2²⁰`:
///    first `r = (x − n·P₁) − n·P₁ₜ` (85 bits of π/2); when that cancels more than 16 bits,
///    again with `P₂`, `P₂ₜ` (118 bits), and past 49 bits with `P₃`, `P₃ₜ` (151 bits). `r` is
///    kept as a head and a tail (`r = head + tail` to about 70 bits).
/// 2. Minimax polynomials on `|r| ≤ π/4` (error below 2⁻⁵⁸ relative):
///    `sin r ≈ r + S₁r³ + … + S₆r¹³` and `cos r ≈ 1 − r²/2 + C₁r⁴ + … + C₆r¹⁴`, the tail
///    entering to first order; `cos` adds `1 − r²/2` as `w = 1 − hz` plus its rounding error
///    `(1 − w) − hz`, so the large leading terms lose nothing.
/// 3. The quadrant `n mod 4` swaps and negates: `(sin, cos)(x) = (s, c)`, `(c, −s)`,
///    `(−s, −c)`, `(−c, s)`, by bit operations rather than branches (a random angle would
///    mispredict them).
///
/// Valid for `|x| < 2²⁰·π/2 ≈ 1.65e6`, where `n·P₁` is exact; larger magnitudes (and
/// non-finite `x`, which give NaN) fall back to Foundation's `sin` and `cos`. Negative `x` and
/// `±0` are exact mirrors (`sin(−0) = −0`).
///
/// Error against glibc's `sin`/`cos` (correctly rounded in practice): at most 1 ulp of glibc's
/// value and 2.5e-16 absolute, checked by `SineCosineTests` over 10⁵ seeded arguments in each of
/// [0, 25] and [0, 10⁵], a log sweep, and the doubles next to `k·π/4` and `k·π/2` (the worst
/// cancellations). A one-off sweep when it was written (10⁶ arguments per range up to 1.6e6,
/// every double within 3 ulps of `k·π/2` for k ≤ 2²⁰, down to `|r|` = 6.2e-19 at x = 45.553…)
/// found the same: 1 ulp at most, 1.11e-16 absolute, about 3 % of results one ulp off; relative
/// also next to the zeros of `sin` and `cos` (without the second reduction step: 4e9 ulps
/// there). The polynomials and the rounding of `n` use fused multiply-adds where the build has
/// them (``multiplyAdd(_:_:_:)``); the reductions' exact differences are never fused.
///
/// Speed is measured where it matters, by `bench run --filter spring/closed-form` (the closed
/// form per sample, raced against GSL's rk8pd): 17.5 ns with this function, 25–26 ns with
/// glibc's `sin` and `cos`.
@inlinable
func sineCosine(_ x: Double) -> (sin: Double, cos: Double) {
    let magnitude = abs(x)
    // |x| ≤ π/4 (rounded down): no reduction.
    if magnitude <= 0x1.921fb54442d18p-1 {
        return (sineKernel(x, 0), cosineKernel(x, 0))
    }
    guard magnitude < 0x1.921fb54442d18p20 else { return sineCosineOutOfRange(x) }
    // fdlibm e_rem_pio2.c: invpio2 = 2/π; pio2_1 = the first 33 bits of π/2 (31 significant);
    // pio2_1t = π/2 − pio2_1.
    let invpio2 = 0x1.45f306dc9c883p-1
    let pio2_1 = 0x1.921fb54400000p0
    let pio2_1t = 0x1.0b4611a626331p-34
    // n = round(x·2/π), ties to even, by the 1.5·2⁵² shift (no SSE4.1 `roundsd` on baseline
    // x86-64, so `.rounded()` would be a library call); the shifted sum's low bits are n mod 4.
    let shifted = multiplyAdd(x, invpio2, 0x1.8p52)
    let n = shifted - 0x1.8p52
    let quadrant = shifted.bitPattern & 3
    // Exact: n·pio2_1 has at most 21 + 31 bits, and x − n·pio2_1 is a multiple of
    // min(ulp x, 2⁻³²) below 1 in magnitude.
    let r = x - n * pio2_1
    let w = n * pio2_1t
    var head = r - w
    var tail: Double
    if abs(head) < magnitude * 0x1p-16 {
        // More than 16 bits cancelled (x within 2⁻¹⁶·|x| of a multiple of π/2): rare.
        (head, tail) = refinedReduction(magnitude, r, n)
    } else {
        tail = (r - head) - w
    }
    let s = sineKernel(head, tail)
    let c = cosineKernel(head, tail)
    // Odd quadrants swap sin and cos; quadrants 2, 3 negate sin and 1, 2 negate cos.
    let swap = 0 &- (quadrant & 1)
    let sineBits = (s.bitPattern & ~swap) | (c.bitPattern & swap)
    let cosineBits = (c.bitPattern & ~swap) | (s.bitPattern & swap)
    return (Double(bitPattern: sineBits ^ ((quadrant & 2) << 62)),
            Double(bitPattern: cosineBits ^ (((quadrant &+ 1) & 2) << 62)))
}

/// fdlibm's second and third reduction steps (e_rem_pio2.c), from `r = x − n·pio2_1`: the
/// remainder `x − n·π/2` as `head + tail`, to 118 bits of π/2, or 151 when 49 bits cancel.
@usableFromInline @inline(never)
func refinedReduction(_ magnitude: Double, _ r: Double, _ n: Double) -> (head: Double, tail: Double) {
    // pio2_2 = the second 33 bits of π/2, pio2_2t = π/2 − (pio2_1 + pio2_2); likewise _3.
    let pio2_2 = 0x1.0b4611a600000p-34, pio2_2t = 0x1.3198a2e037073p-69
    let pio2_3 = 0x1.3198a2e000000p-69, pio2_3t = 0x1.b839a252049c1p-104
    var t = r
    var w = n * pio2_2
    var remainder = t - w
    // (t − remainder) − w: the rounding error of t − w, exact (Fast2Sum, |t| ≥ |w|).
    w = n * pio2_2t - ((t - remainder) - w)
    var head = remainder - w
    if abs(head) < magnitude * 0x1p-49 {
        t = remainder
        w = n * pio2_3
        remainder = t - w
        w = n * pio2_3t - ((t - remainder) - w)
        head = remainder - w
    }
    return (head, (remainder - head) - w)
}

/// `sin` and `cos` beyond the Cody–Waite range, or of a non-finite argument (NaN for both).
@usableFromInline @inline(never)
func sineCosineOutOfRange(_ x: Double) -> (sin: Double, cos: Double) {
    (sin(x), cos(x))
}

/// `sin(x + y)` for `|x| ≤ π/4`, `|y| ≤ ulp(x)/2` (fdlibm k_sin.c, `iy = 1`):
/// `x + S₁x³ + … + S₆x¹³` (minimax, |error| < 2⁻⁵⁸·|x|) plus `y·(1 − x²/2)`.
@inlinable
func sineKernel(_ x: Double, _ y: Double) -> Double {
    let s1 = -0x1.5555555555549p-3, s2 = 0x1.111111110f8a6p-7, s3 = -0x1.a01a019c161d5p-13
    let s4 = 0x1.71de357b1fe7dp-19, s5 = -0x1.ae5e68a2b9cebp-26, s6 = 0x1.5d93a5acfd57cp-33
    let z = x * x
    let w = z * z
    let r = multiplyAdd(z * w, multiplyAdd(z, s6, s5), multiplyAdd(z, multiplyAdd(z, s4, s3), s2))
    let v = z * x
    return x - ((z * (0.5 * y - v * r) - y) - v * s1)
}

/// `cos(x + y)` for `|x| ≤ π/4`, `|y| ≤ ulp(x)/2` (FreeBSD msun k_cos.c):
/// `1 − x²/2 + C₁x⁴ + … + C₆x¹⁴` (minimax, |error| < 2⁻⁵⁸) minus `x·y`. `1 − x²/2` is added
/// as `w = 1 − hz` and its exact rounding error `(1 − w) − hz`, so it costs no accuracy
/// even where `x²/2` is near 0.3.
@inlinable
func cosineKernel(_ x: Double, _ y: Double) -> Double {
    let c1 = 0x1.555555555554cp-5, c2 = -0x1.6c16c16c15177p-10, c3 = 0x1.a01a019cb1590p-16
    let c4 = -0x1.27e4f809c52adp-22, c5 = 0x1.1ee9ebdb4b1c4p-29, c6 = -0x1.8fae9be8838d4p-37
    let z = x * x
    let w = z * z
    let r = multiplyAdd(w * w, multiplyAdd(z, multiplyAdd(z, c6, c5), c4), z * multiplyAdd(z, multiplyAdd(z, c3, c2), c1))
    let hz = 0.5 * z
    let one = 1 - hz
    return one + (((1 - one) - hz) + (z * r - x * y))
}

/// `a·b + c`: one fused multiply-add (one rounding) where the build targets a processor that has
/// it (x86-64-v3 and up: `scripts/bench.sh` defines `FLIGHTLINE_X86_64_V3`/`_V4`), else a
/// multiply and an add. On baseline x86-64 `addingProduct` is a call to the C library's `fma`
/// (software, tens of cycles), so it is used only where it is one instruction. The fused form
/// is never less accurate: it drops the product's rounding.
@inlinable @inline(__always)
func multiplyAdd(_ a: Double, _ b: Double, _ c: Double) -> Double {
    #if FLIGHTLINE_X86_64_V3 || FLIGHTLINE_X86_64_V4
    c.addingProduct(a, b)
    #else
    a * b + c
    #endif
}
