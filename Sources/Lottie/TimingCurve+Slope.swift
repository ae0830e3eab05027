import BezierKernels

extension TimingCurve {
    /// The cubic `B(u) = 3(1−u)²u·a + 3(1−u)u²·b + u³` and its first three derivatives.
    static func derivatives(_ u: Double, _ a: Double, _ b: Double) -> (Double, Double, Double) {
        let first = 3 * (1 - u) * (1 - u) * a + 6 * (1 - u) * u * (b - a) + 3 * u * u * (1 - b)
        let second = 6 * (1 - u) * (b - 2 * a) + 6 * u * (1 - 2 * b + a)
        let third = 6 * (1 - 3 * b + 3 * a)
        return (first, second, third)
    }

    /// The curve's slope dy/dx (progress per unit of time) at `time` in [0, 1]; infinite where
    /// the curve is vertical (a handle with x = 0 and y ≠ 0 at the start, for example).
    ///
    /// `dy/dx = Y′(u)/X′(u)`. Where `X′(u) = 0` (x1 = 0 at the start, x2 = 1 at the end) the
    /// ratio is the limit, by l'Hôpital: the first derivative order k with `X⁽ᵏ⁾(u) ≠ 0` gives
    /// `Y⁽ᵏ⁾(u)/X⁽ᵏ⁾(u)` when every lower derivative of Y vanishes too, and ∞ otherwise. At the
    /// ends that is `y1/x1` (start) and `(1 − y2)/(1 − x2)` (end) for ordinary handles.
    func slope(atTime time: Double) -> Double {
        let u = parameter(atTime: min(max(time, 0), 1))
        let x = Self.derivatives(u, x1, x2), y = Self.derivatives(u, y1, y2)
        let xs = [x.0, x.1, x.2], ys = [y.0, y.1, y.2]
        let tiny = 1e-12
        for k in 0..<3 where abs(xs[k]) > tiny {
            if ys[..<k].contains(where: { abs($0) > tiny }) { return .infinity }
            return ys[k] / xs[k]
        }
        return 1  // not reached for x1, x2 in [0, 1]: X‴ = 6(1 − 3x2 + 3x1) and X″ cannot both vanish with X′
    }
}
