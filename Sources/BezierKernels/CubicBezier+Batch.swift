extension CubicBezier {
    /// The curve in power form, `B(t) = ((a·t + b)·t + c)·t + d`, for evaluating many parameters.
    ///
    /// `a = p3 − 3p2 + 3p1 − p0`, `b = 3(p2 − 2p1 + p0)`, `c = 3(p1 − p0)`, `d = p0` (expand the
    /// Bernstein form; Farin, *Curves and Surfaces for CAGD*, §4.6). Horner's rule then costs three
    /// fused multiply-adds per coordinate against the Bernstein form's four products and sum. For
    /// t in [0, 1] the power form's rounding error is at most a few ulps of the control points'
    /// magnitude (each |coefficient| ≤ 8·max|pᵢ|), about 1e-12 pt for coordinates in the
    /// thousands.
    @usableFromInline
    struct PowerForm {
        @usableFromInline let a, b, c, d: SIMD2<Double>

        @inlinable init(_ curve: CubicBezier) {
            let p0 = curve.p0.simd, p1 = curve.p1.simd, p2 = curve.p2.simd, p3 = curve.p3.simd
            a = p3 - 3 * p2 + 3 * p1 - p0
            b = 3 * (p2 - 2 * p1 + p0)
            c = 3 * (p1 - p0)
            d = p0
        }

        @inlinable func point(at t: Double) -> SIMD2<Double> {
            ((a * t + b) * t + c) * t + d
        }
    }

    /// The points at each parameter of `parameters`, written to `output` (which must be at least
    /// as long): the batch form of ``point(at:)``, converting the curve once.
    ///
    /// ```swift
    /// let curve = CubicBezier(Point(0, 0), Point(0, 1), Point(1, 1), Point(1, 0))
    /// var out = [Point](repeating: .zero, count: 3)
    /// out.withUnsafeMutableBufferPointer { curve.points(at: [0, 0.5, 1], into: $0) }
    /// // [(0.0, 0.0), (0.5, 0.75), (1.0, 0.0)]
    /// ```
    /// - Complexity: O(n) for n parameters.
    @inlinable
    public func points(at parameters: UnsafeBufferPointer<Double>, into output: UnsafeMutableBufferPointer<Point>) {
        precondition(output.count >= parameters.count, "output holds \(output.count) points, \(parameters.count) needed")
        let form = PowerForm(self)
        for i in parameters.indices {
            output[i] = Point(form.point(at: parameters[i]))
        }
    }

    /// The points at each of `parameters` (see ``points(at:into:)``).
    /// - Complexity: O(n) for n parameters.
    @inlinable
    public func points(at parameters: [Double]) -> [Point] {
        [Point](unsafeUninitializedCapacity: parameters.count) { buffer, count in
            parameters.withUnsafeBufferPointer { points(at: $0, into: buffer) }
            count = parameters.count
        }
    }
}
