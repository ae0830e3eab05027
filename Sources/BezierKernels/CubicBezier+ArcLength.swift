extension CubicBezier: ParametricCurveArcLength {
    /// The largest subdivision depth of the adaptive arc length; at depth 24 an interval is 6e-8 of
    /// the parameter range and the accuracy asked of it 6e-8 of the original.
    public static let maximumArcLengthDepth = 24

    /// The relative difference `|Gₙ − Gₘ|/Gₙ` below which a piece is accepted whatever the accuracy
    /// asked: 16 ulps (3.6e-15). Both rules sum the same `|q(x)|` values rounded to ~2 ulps each, so
    /// a smaller difference is rounding noise, and asking for less would only subdivide — every
    /// piece, to the depth cap, 2²⁵ rule evaluations — without improving the result.
    public static let arcLengthRoundingFloor = 16 * Double.ulpOfOne

    /// The arc length `∫₀¹|B'(t)| dt` within `accuracy`, by adaptive Gauss–Legendre quadrature.
    ///
    /// On [0, 1] mapped to x ∈ [−1, 1], `B'(t) = 3q(x)` with the quadratic
    /// `q(x) = m + x·m₁ + x²·m₂`, `m = ¼(d₀ + 2d₁ + d₂)`, `m₁ = ½(d₂ − d₀)`, `m₂ = ¼(d₀ − 2d₁ + d₂)`
    /// (`dᵢ = pᵢ₊₁ − pᵢ`), so `L = 1.5∫₋₁¹|q(x)| dx`, and `|q(x)| + |q(−x)|` shares the even part.
    ///
    /// Orders escalate, each checked against the previous one (kurbo's 8 → 16 → 24 ladder, with
    /// difference estimates instead of fitted constants): the 8- and 16-point rules (24
    /// evaluations of `|q|`); if `|G₁₆ − G₈| ≤ accuracy`, `G₁₆` is returned, since `|G₁₆ − G₈|`
    /// estimates the error of `G₈` and the error of `G₁₆` is far smaller (∝ ρ^(−32) against
    /// ρ^(−16) for an integrand analytic in the Bernstein ellipse ρ; ∝ n^(−2) with a smaller
    /// constant at a cusp's kink). Otherwise the 24-point rule (24 more) is compared with `G₁₆`
    /// the same way. If that fails too, the curve is split at t = ½ and each half measured with
    /// half the accuracy (the errors add up to at most `accuracy`), to depth
    /// `maximumArcLengthDepth`. The subdivision isolates cusps, where `|B'|` has a kink.
    ///
    /// Arc length is homogeneous of degree 1, so the quadrature runs on the offsets `pᵢ − p₀`
    /// divided by the power of two `s` just below their largest component (exact) with accuracy
    /// `accuracy/s`, and the result is multiplied by `s`: the squares inside `|B'|` neither
    /// overflow (coordinates beyond ~1e154) nor underflow (below ~1e-154) for any finite input.
    /// Offsets that overflow are halved first; a length past the largest `Double` is `+infinity`,
    /// returned at once (a non-finite estimate ends the subdivision).
    ///
    /// The error bound is the difference estimate's: it is not a proof. A piece is also accepted
    /// when the difference is below `arcLengthRoundingFloor` (3.6e-15) of its length, and at the
    /// depth cap whatever its estimate says, so the result is within `accuracy` plus about
    /// `3.6e-15·L` plus the rounding of the subdivided control points (a few ulps of the
    /// coordinates per piece: it matters only around cusps, where pieces are many and speeds
    /// cancel). An `accuracy` below that is not reached; a smaller one costs nothing extra.
    ///
    /// - Throws: `BezierError.invalidAccuracy` unless `accuracy` is positive and finite;
    ///   `lengthOverflow` for a length past the largest `Double`.
    /// - Complexity: 24 or 48 evaluations of `|B'|` for a smooth curve; near cusps and tight loops
    ///   O(log(L/accuracy)) levels of subdivision around each non-smooth point.
    @inlinable
    public func arcLength(accuracy: Double = Accuracy.default) throws(BezierError) -> Double {
        try BezierError.validate(accuracy: accuracy)
        let length = uncheckedArcLength(accuracy: accuracy)
        guard length.isFinite else { throw .lengthOverflow(segment: 0) }
        return length
    }

    /// `arcLength(accuracy:)` without validating `accuracy` (the caller guarantees it is positive
    /// and finite: a hot path that validated once).
    @inlinable
    public func uncheckedArcLength(accuracy: Double) -> Double {
        var e1 = p1.simd - p0.simd, e2 = p2.simd - p0.simd, e3 = p3.simd - p0.simd
        var factor = 1.0
        if !(Vector(e1).isFinite && Vector(e2).isFinite && Vector(e3).isFinite) {
            // Offsets beyond the largest Double: halve the points first (exact for such magnitudes).
            e1 = 0.5 * p1.simd - 0.5 * p0.simd
            e2 = 0.5 * p2.simd - 0.5 * p0.simd
            e3 = 0.5 * p3.simd - 0.5 * p0.simd
            factor = 2
        }
        let largest = max(max(abs(e1.x), abs(e1.y)), max(abs(e2.x), abs(e2.y)), max(abs(e3.x), abs(e3.y)))
        if largest == 0 { return 0 }
        // Fast path: offsets within 1e±60 keep every square the quadrature forms far from
        // overflow and underflow; the speed |B'| depends only on differences of the points, so
        // the curve is measured as it is.
        if factor == 1, largest >= 1e-60, largest <= 1e60 { return normalizedArcLength(accuracy: accuracy) }
        // A power of two, so the scaling is exact: the offsets land in [−2, 2].
        let power = Double(sign: .plus, exponent: largest.exponent, significand: 1)
        let scale = factor * power
        let unit = CubicBezier(.zero, Point(e1 / power), Point(e2 / power), Point(e3 / power))
        return scale * unit.normalizedArcLength(accuracy: accuracy / scale)
    }

    /// The adaptive quadrature on a curve whose offsets from `p0` are of order 1.
    @inlinable
    func normalizedArcLength(accuracy: Double) -> Double {
        adaptiveArcLength(accuracy: accuracy, depth: 0)
    }

    @usableFromInline
    func subdividedArcLength(accuracy: Double, depth: Int) -> Double {
        let (left, right) = split(at: 0.5)
        return left.adaptiveArcLength(accuracy: 0.5 * accuracy, depth: depth)
            + right.adaptiveArcLength(accuracy: 0.5 * accuracy, depth: depth)
    }

    @usableFromInline
    func adaptiveArcLength(accuracy: Double, depth: Int) -> Double {
        let q = HodographQuadratic(self)
        let g8 = q.gauss8(), g16 = q.gauss16()
        // A non-finite estimate cannot improve by subdividing: return it (the caller sees it).
        if abs(g16 - g8) <= max(accuracy, Self.arcLengthRoundingFloor * g16) || !g16.isFinite { return g16 }
        let g24 = q.gauss24()
        if abs(g24 - g16) <= max(accuracy, Self.arcLengthRoundingFloor * g24) || depth >= Self.maximumArcLengthDepth {
            return g24
        }
        return subdividedArcLength(accuracy: accuracy, depth: depth + 1)
    }

    /// The parameter `t` at arc length `length` from the start: safeguarded Newton on
    /// `L(0, t) − length` with the exact speed `|B'(t)|` and bisection fallback; each `L(0, t)` is the
    /// adaptive arc length of `subsegment(0...t)` at `accuracy/2`.
    ///
    /// The distance along the curve between `B(t)` and the exact point is ≤ `accuracy` (and so is
    /// the distance between the points). A `length` within `accuracy` outside [0, L] is clamped.
    /// - Throws: `invalidAccuracy`; `distanceOutOfRange` if `length` is not finite or outside
    ///   [−accuracy, L + accuracy].
    /// - Complexity: a few Newton steps (typically 3–5), each one adaptive arc length.
    @inlinable
    public func parameter(atArcLength length: Double, accuracy: Double = Accuracy.default) throws(BezierError) -> Double {
        try BezierError.validate(accuracy: accuracy)
        let total = uncheckedArcLength(accuracy: 0.5 * accuracy)
        return try solveParameter(atArcLength: length, total: total, accuracy: accuracy,
                                  lengthTo: { t in subsegment(0...t).uncheckedArcLength(accuracy: 0.5 * accuracy) },
                                  speed: { t in derivative(at: t).length })
    }
}

/// `B'(t)/3` of a cubic in the centred variable x = 2t − 1: `q(x) = m + x·m₁ + x²·m₂`, with the
/// Gauss–Legendre rules for `1.5∫₋₁¹|q(x)| dx` (see `CubicBezier.arcLength(accuracy:)`).
@frozen @usableFromInline
struct HodographQuadratic {
    @usableFromInline let m, m1, m2: SIMD2<Double>

    @inlinable init(_ c: CubicBezier) {
        let d0 = c.p1.simd - c.p0.simd, d1 = c.p2.simd - c.p1.simd, d2 = c.p3.simd - c.p2.simd
        m = 0.25 * (d0 + 2 * d1 + d2)
        m1 = 0.5 * (d2 - d0)
        m2 = 0.25 * (d0 - 2 * d1 + d2)
    }

    /// `|q(x)| + |q(−x)|`.
    @inlinable @inline(__always) func pair(_ x: Double) -> Double {
        let even = m + (x * x) * m2, odd = x * m1
        let a = even + odd, b = even - odd
        return (a * a).sum().squareRoot() + (b * b).sum().squareRoot()
    }

    @inlinable func gauss8() -> Double {
        let x = GaussLegendre.nodes8, w = GaussLegendre.weights8
        var sum = w.0 * pair(x.0)
        sum += w.1 * pair(x.1)
        sum += w.2 * pair(x.2)
        sum += w.3 * pair(x.3)
        return 1.5 * sum
    }

    @inlinable func gauss16() -> Double {
        let x = GaussLegendre.nodes16, w = GaussLegendre.weights16
        var a = w.0 * pair(x.0), b = w.1 * pair(x.1)
        a += w.2 * pair(x.2)
        b += w.3 * pair(x.3)
        a += w.4 * pair(x.4)
        b += w.5 * pair(x.5)
        a += w.6 * pair(x.6)
        b += w.7 * pair(x.7)
        return 1.5 * (a + b)
    }

    @inlinable func gauss24() -> Double {
        let x = GaussLegendre.nodes24, w = GaussLegendre.weights24
        var a = w.0 * pair(x.0), b = w.1 * pair(x.1)
        a += w.2 * pair(x.2)
        b += w.3 * pair(x.3)
        a += w.4 * pair(x.4)
        b += w.5 * pair(x.5)
        a += w.6 * pair(x.6)
        b += w.7 * pair(x.7)
        a += w.8 * pair(x.8)
        b += w.9 * pair(x.9)
        a += w.10 * pair(x.10)
        b += w.11 * pair(x.11)
        return 1.5 * (a + b)
    }
}
