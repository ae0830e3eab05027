extension CubicBezier: ParametricCurveArcLength {
    /// The largest subdivision depth of the adaptive arc length; at depth 24 an interval is 6e-8 of
    /// the parameter range and the accuracy asked of it 6e-8 of the original.
    public static let maximumArcLengthDepth = 24

    /// The arc length `∫₀¹|B'(t)| dt` within `accuracy`, by adaptive Gauss–Legendre quadrature.
    ///
    /// On [0, 1] mapped to x ∈ [−1, 1], `B'(t) = 3q(x)` with the quadratic
    /// `q(x) = m + x·m₁ + x²·m₂`, `m = ¼(d₀ + 2d₁ + d₂)`, `m₁ = ½(d₂ − d₀)`, `m₂ = ¼(d₀ − 2d₁ + d₂)`
    /// (`dᵢ = pᵢ₊₁ − pᵢ`), so `L = 1.5∫₋₁¹|q(x)| dx`. Both the 8- and the 16-point rules are applied
    /// (24 evaluations of `|q|`); `|G₁₆ − G₈|` estimates the error of `G₈`, and hence bounds that of
    /// `G₁₆`, which converges twice as fast (error ∝ ρ^(−32) against ρ^(−16)). If the estimate
    /// exceeds `accuracy` the curve is split at t = ½ and each half is measured with half the
    /// accuracy (so the errors add up to at most `accuracy`), to depth `maximumArcLengthDepth`.
    /// Cusps make `|B'|` non-smooth; the subdivision isolates them.
    ///
    /// - Throws: `BezierError.invalidAccuracy` unless `accuracy` is positive and finite.
    /// - Complexity: 24 evaluations for a smooth curve, more near cusps and tight loops; at most
    ///   O(log(L/accuracy)) levels along each non-smooth point.
    @inlinable
    public func arcLength(accuracy: Double = Accuracy.default) throws(BezierError) -> Double {
        try BezierError.validate(accuracy: accuracy)
        return uncheckedArcLength(accuracy: accuracy)
    }

    /// `arcLength(accuracy:)` without validating `accuracy` (the caller guarantees it is positive
    /// and finite: a hot path that validated once).
    @inlinable
    public func uncheckedArcLength(accuracy: Double) -> Double {
        let (g8, g16) = gaussLegendreArcLengths()
        if abs(g16 - g8) <= accuracy { return g16 }
        return subdividedArcLength(accuracy: accuracy, depth: 1)
    }

    @usableFromInline
    func subdividedArcLength(accuracy: Double, depth: Int) -> Double {
        let (left, right) = split(at: 0.5)
        return left.adaptiveArcLength(accuracy: 0.5 * accuracy, depth: depth)
            + right.adaptiveArcLength(accuracy: 0.5 * accuracy, depth: depth)
    }

    @usableFromInline
    func adaptiveArcLength(accuracy: Double, depth: Int) -> Double {
        let (g8, g16) = gaussLegendreArcLengths()
        if abs(g16 - g8) <= accuracy || depth >= Self.maximumArcLengthDepth { return g16 }
        return subdividedArcLength(accuracy: accuracy, depth: depth + 1)
    }

    /// The 8- and 16-point Gauss–Legendre estimates of the arc length (see `arcLength(accuracy:)`).
    @inlinable
    func gaussLegendreArcLengths() -> (Double, Double) {
        let d0 = p1.simd - p0.simd, d1 = p2.simd - p1.simd, d2 = p3.simd - p2.simd
        let m = 0.25 * (d0 + 2 * d1 + d2)
        let m1 = 0.5 * (d2 - d0)
        let m2 = 0.25 * (d0 - 2 * d1 + d2)
        // |q(x)| + |q(−x)|: the even part m + x²m₂ is shared.
        @inline(__always) func pair(_ x: Double) -> Double {
            let even = m + (x * x) * m2, odd = x * m1
            let a = even + odd, b = even - odd
            return (a * a).sum().squareRoot() + (b * b).sum().squareRoot()
        }
        let x8 = GaussLegendre.nodes8, w8 = GaussLegendre.weights8
        var g8 = w8.0 * pair(x8.0)
        g8 += w8.1 * pair(x8.1)
        g8 += w8.2 * pair(x8.2)
        g8 += w8.3 * pair(x8.3)
        let x16 = GaussLegendre.nodes16, w16 = GaussLegendre.weights16
        var g16 = w16.0 * pair(x16.0)
        g16 += w16.1 * pair(x16.1)
        g16 += w16.2 * pair(x16.2)
        g16 += w16.3 * pair(x16.3)
        g16 += w16.4 * pair(x16.4)
        g16 += w16.5 * pair(x16.5)
        g16 += w16.6 * pair(x16.6)
        g16 += w16.7 * pair(x16.7)
        return (1.5 * g8, 1.5 * g16)
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
