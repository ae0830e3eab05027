/// The arc length along one piece as a polynomial with a rigorous error bound, so that the
/// piece's nodes and checks are solved on polynomials instead of quadratures (see
/// `PieceBuilder.arcLengthModel(from:to:)`).
///
/// In the piece's variable x ∈ [−1, 1] (`t = center + halfWidth·x`), the speed
/// `g(x) = |dB/dx|` is interpolated by a polynomial `p` of degree n = 15 at the 16
/// Chebyshev–Lobatto points `cos(πk/15)`, and `s(x) = ∫₋₁ˣ p` is kept as its Chebyshev series
/// (degree 16, 17 coefficients), evaluated by Clenshaw's recurrence. `s(1)` is then the piece's
/// length by Clenshaw–Curtis quadrature. One polynomial may span several pieces (the bound holds
/// for the arc length between any two parameters it covers).
struct PieceArcLength: Sendable {
    /// Chebyshev coefficients `C₀…C₁₅` of `s(x)`, and `C₁₆`.
    let coefficients: SIMD16<Double>
    let last: Double
    /// The parameter range the polynomial covers: `t = center + x/inverseHalfWidth`.
    let start, end: Double
    let center, inverseHalfWidth: Double
    /// A bound on the error of any difference `s(x₂) − s(x₁)` against the exact arc length between
    /// the two parameters (interpolation, and the rounding of both sums).
    let bound: Double
    /// A polynomial covering no parameter (`start > end`): where none is at hand.
    static let none = PieceArcLength(coefficients: SIMD16(), last: 0, start: .infinity, end: -.infinity, center: 0,
                                     inverseHalfWidth: 0, bound: .infinity)

    /// Whether it covers [t0, t1].
    @inline(__always) func covers(_ t0: Double, _ t1: Double) -> Bool { t0 >= start && t1 <= end }

    /// `s` at each of eight parameters (in [start, end]) minus `origin` (the value of `s` at the
    /// parameter to measure from), by Clenshaw's recurrence: `bⱼ = Cⱼ + 2x·bⱼ₊₁ − bⱼ₊₂`,
    /// `s = C₀ + x·b₁ − b₂`. Large structures are copied with unaligned moves and stall store
    /// forwarding, so the polynomial is passed around as it is, the origin beside it.
    @inline(__always) func distance(at t: SIMD8<Double>, from origin: Double) -> SIMD8<Double> {
        typealias V = SIMD8<Double>
        let x = (t - center) * inverseHalfWidth
        let twoX = x + x
        let c = coefficients
        var b1 = V(repeating: last), b2 = V()
        // Written out: as a loop, the compiler stored the coefficients to memory on every step
        // and loaded one back (a store-forwarding stall each: a quarter of the build).
        // `(Cⱼ − bⱼ₊₂) + 2x·bⱼ₊₁`: the subtraction off the chain, which is then one multiply-add
        // per step (one fused instruction where the build targets a processor with FMA).
        @inline(__always) func step(_ cj: Double) {
            let offChain = cj - b2
            #if FLIGHTLINE_X86_64_V3 || FLIGHTLINE_X86_64_V4
            (b1, b2) = (offChain.addingProduct(twoX, b1), b1)
            #else
            (b1, b2) = (offChain + twoX * b1, b1)
            #endif
        }
        step(c[15]); step(c[14]); step(c[13]); step(c[12]); step(c[11]); step(c[10]); step(c[9]); step(c[8])
        step(c[7]); step(c[6]); step(c[5]); step(c[4]); step(c[3]); step(c[2]); step(c[1])
        return x * b1 - b2 + (c[0] - origin)
    }

    /// The value of `s` at `t0` (the origin to measure a piece from) and the arc length from
    /// `t0` to `t1` (both in [start, end]): one polynomial serves several pieces.
    @inline(__always) func origin(at t0: Double, upTo t1: Double) -> (origin: Double, length: Double) {
        var ends = SIMD8<Double>(repeating: t1)
        ends[0] = t0
        let s = distance(at: ends, from: 0)
        return (s[0], s[1] - s[0])
    }

    /// The degree of the speed's interpolant.
    static let degree = 15

    /// `cos(πk/15)` for k = 0…7: the Lobatto points in (0, 1]; the other eight are their negatives.
    static let positivePoints = SIMD8<Double>((0..<8).map { Math.cos(.pi * Double($0) / Double(degree)) })

    /// The map from the speed at the 16 Lobatto points to the coefficients of `s`: the speeds
    /// in one vector `f` (lanes 0…7 at `cos(πk/15)`, lanes 8…15 at `−cos(πk/15)`, k = 0…7),
    /// `C₀…C₁₅ = Σₖ fₖ·columns[k]` and `C₁₆ = Σₖ fₖ·lastRow[k]`.
    /// Each column is the discrete Chebyshev transform of a unit value at that point
    /// (`aⱼ = (2/n)·Σ″ₖ fₖ Tⱼ(xₖ)`, the first and last terms halved, and `a₀`, `aₙ` halved again;
    /// Trefethen, ATAP ch. 3), integrated term by term (`∫T₀ = T₁`, `∫T₁ = T₂/4`,
    /// `∫Tⱼ = ½(Tⱼ₊₁/(j + 1) − Tⱼ₋₁/(j − 1))`), with `C₀` making `s(−1) = 0`.
    static let matrix: (columns: [SIMD16<Double>], lastRow: SIMD16<Double>) = {
        let n = degree
        func column(point k: Int) -> [Double] {
            // T_j(x_k) = cos(πjk/n).
            var a = [Double](repeating: 0, count: n + 1)
            let ends = k == 0 || k == n ? 0.5 : 1.0
            for j in 0...n {
                let halve = j == 0 || j == n ? 0.5 : 1.0
                a[j] = halve * (2 / Double(n)) * ends * Math.cos(.pi * Double(j * k) / Double(n))
            }
            var c = [Double](repeating: 0, count: n + 2)
            for j in 0...n {
                switch j {
                case 0: c[1] += a[0]
                case 1: c[2] += a[1] / 4
                default:
                    c[j + 1] += a[j] / (2 * Double(j + 1))
                    c[j - 1] -= a[j] / (2 * Double(j - 1))
                }
            }
            // s(−1) = Σ cⱼ(−1)ʲ = 0.
            var atMinusOne = 0.0
            for j in 1...(n + 1) { atMinusOne += (j % 2 == 0 ? 1 : -1) * c[j] }
            c[0] = -atMinusOne
            return c
        }
        let points = (0..<8).map { $0 } + (0..<8).map { n - $0 }
        var columns: [SIMD16<Double>] = []
        var lastRow = SIMD16<Double>()
        for (lane, k) in points.enumerated() {
            let c = column(point: k)
            columns.append(SIMD16<Double>(c[0..<16]))
            lastRow[lane] = c[16]
        }
        return (columns, lastRow)
    }()
}

extension PieceBuilder {
    /// The arc length along [t0, t1] as a `PieceArcLength`, or `nil` when its bound is above the
    /// arc-length accuracy (the piece then takes the quadrature path).
    ///
    /// **The bound.** On the piece, `g(x) = 1.5·scale·|q̃(x)|` with `q̃` the speed's hodograph
    /// restricted to the piece (`HodographQuadratic.restricted`), analytic in the Bernstein
    /// ellipse `E_ρ` through the nearest complex zero of the speed (see
    /// `CubicBezier.arcLength(accuracy:)`), where `|g| ≤ M = 1.5·scale·(|m| + |m₁|a + |m₂|a²)`
    /// (1-norms, a the semi-major axis). The degree-n interpolant at the Lobatto points errs by at
    /// most `4Mρ^(−n)/(ρ − 1)` (Trefethen, ATAP Theorem 8.2), so `s` by at most twice that on an
    /// interval of length 2 (and so does any difference of two values), plus the rounding of two
    /// Clenshaw sums (taken as 64 ulps of `Σ|Cⱼ|`).
    /// A zero beyond reach (`ellipseExcess` infinite: |z| > 1e8, or a real root outside the piece,
    /// which is no singularity of the speed) is taken at a² = 1 + 1e16, where the bound is
    /// negligible.
    func arcLengthModel(from t0: Double, to t1: Double) -> PieceArcLength? {
        typealias V = SIMD8<Double>
        let (part, zeros) = speed.q.restricted(from: 2 * t0 - 1, to: 2 * t1 - 1, zeros: speed.zeros)
        let interpolationBound = Self.interpolationBound(part, zeros: zeros, scale: speed.scale)
        guard interpolationBound <= lengthAccuracy else { return nil }
        let factor = 1.5 * speed.scale
        // The speed at ±cos(πk/15), both signs of each point in one pass.
        let x = PieceArcLength.positivePoints
        let xx = x * x
        let evenX = part.m.x + xx * part.m2.x, evenY = part.m.y + xx * part.m2.y
        let oddX = x * part.m1.x, oddY = x * part.m1.y
        let ax = evenX + oddX, ay = evenY + oddY, bx = evenX - oddX, by = evenY - oddY
        let plus: V = factor * (ax * ax + ay * ay).squareRoot()
        let minus: V = factor * (bx * bx + by * by).squareRoot()
        let f = SIMD16<Double>(lowHalf: plus, highHalf: minus)
        let matrix = PieceArcLength.matrix
        // Two sums, so that the additions do not form one chain of sixteen; both local to the
        // closure (captured from outside, they lived in memory: a load and a store on the chain
        // at every step, and a stalled store forward — a tenth of the build).
        let low = matrix.columns.withUnsafeBufferPointer { columns -> SIMD16<Double> in
            var even = SIMD16<Double>(), odd = SIMD16<Double>()
            for k in stride(from: 0, to: 16, by: 2) {
                even += f[k] * columns[k]
                odd += f[k + 1] * columns[k + 1]
            }
            return even + odd
        }
        let last = Self.sum(f * matrix.lastRow)
        let magnitude = Self.sum(low.replacing(with: -low, where: low .< 0)) + abs(last)
        let bound = interpolationBound + 64 * Double.ulpOfOne * magnitude
        guard bound <= lengthAccuracy else { return nil }
        let half = 0.5 * (t1 - t0)
        return PieceArcLength(coefficients: low, last: last, start: t0, end: t1, center: t0 + half, inverseHalfWidth: 1 / half,
                              bound: bound)
    }

    /// `8Mρ^(−15)/(ρ − 1)`: the bound on the polynomial's error from interpolating the speed on
    /// the part `part` of the hodograph (see `arcLengthModel(from:to:)`); +∞ or NaN where the
    /// speed vanishes inside the part.
    static func interpolationBound(_ part: HodographQuadratic, zeros: SpeedZeros, scale: Double) -> Double {
        let e = min(ellipseExcess(zeros.z1), ellipseExcess(zeros.z2), 1e16)
        guard e > 0 else { return .infinity }
        let a2 = 1 + e
        let rho = (1 + 2 * e + 2 * (e * a2).squareRoot()).squareRoot()
        let l1 = abs(part.m.x) + abs(part.m.y), l2 = abs(part.m1.x) + abs(part.m1.y), l3 = abs(part.m2.x) + abs(part.m2.y)
        let size = 1.5 * scale * (l1 + l2 * a2.squareRoot() + l3 * a2)
        let r2 = rho * rho, r4 = r2 * r2, r8 = r4 * r4
        return 8 * size / ((r8 * r4 * r2 * rho) * (rho - 1))
    }

    /// For a segment's first piece [0, t1] too wide for the polynomial: the factor to narrow it
    /// by, from the bound's growth like the 16th power of the width (between 0.05 and 0.9);
    /// `nil` where the speed vanishes inside (the quadrature path takes such a piece).
    func firstWidthFactor(to t1: Double) -> Double? {
        let (part, zeros) = speed.q.restricted(from: -1, to: 2 * t1 - 1, zeros: speed.zeros)
        let bound = Self.interpolationBound(part, zeros: zeros, scale: speed.scale)
        guard bound.isFinite, bound > lengthAccuracy else { return nil }
        let ratio = lengthAccuracy / bound
        return min(0.9, max(0.05, 0.9 * ratio.squareRoot().squareRoot().squareRoot().squareRoot()))
    }

    /// The parameters at the eight node distances `targets` (from the piece's start t0), by
    /// Newton on all eight at once against `model` (a polynomial: no quadrature), from the quintic
    /// Hermite guesses (`hermiteGuesses`). As in `laneNodes`, the last step is taken unmeasured
    /// once its predicted residual `½v′(f/v)²` is below a tenth of the tolerance in every lane.
    /// `nil` where the quadrature path must take over: guesses or steps out of order or out of
    /// the piece, a vanishing speed, or no convergence in six rounds.
    func modelNodes(_ model: PieceArcLength, origin: Double, targets: SIMD8<Double>, from t0: Double, to t1: Double, ends: PieceEnds) -> SIMD8<Double>? {
        let t = hermiteGuesses(from: t0, to: t1, length: targets[0] + targets[7], ends: ends)
        guard Self.strictlyIncreasing(t, above: t0, below: t1) else { return nil }
        return laneNewton(from: t, rounds: 6, in: t0, t1, tolerance: 0.1 * budget) { t in
            model.distance(at: t, from: origin) - targets
        }
    }
}

extension PieceBuilder {
    /// `Σ vᵢ` by halves (the standard library's `sum()` adds the lanes one after another).
    @inline(__always) static func sum(_ v: SIMD16<Double>) -> Double {
        let eight = v.lowHalf + v.highHalf
        let four = eight.lowHalf + eight.highHalf
        let two = four.lowHalf + four.highHalf
        return two.x + two.y
    }

    /// `max vᵢ` by halves (NaN-propagation aside, as `SIMD.max()`; the callers test the result with
    /// `isFinite`, and a NaN lane is caught by the comparisons before).
    @inline(__always) static func largest(_ v: SIMD8<Double>) -> Double {
        let four = v.lowHalf.replacing(with: v.highHalf, where: v.highHalf .> v.lowHalf)
        let two = four.lowHalf.replacing(with: four.highHalf, where: four.highHalf .> four.lowHalf)
        return max(two.x, two.y)
    }
}
