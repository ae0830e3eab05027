extension PathMeasure {
    /// One interpolation piece: a parameter range of one segment.
    ///
    /// Public (read-only) so that batch kernels, such as a swarm advancing many bees that share a
    /// piece, can evaluate it lane by lane with exactly the arithmetic of `parameter(atDistance:)`
    /// and `sample(at:)`.
    @frozen
    public struct Piece: Sendable {
        /// The distance at the piece's start, and its middle and inverse half-width: x = (s − mid)·inverseHalfSpan.
        public internal(set) var startDistance: Double
        public internal(set) var midDistance: Double
        public internal(set) var inverseHalfSpan: Double
        /// `t(x) = a0 + x(a1 + x(a2 + …))`, clamped to [t0, t1], and exactly t0 / t1 at the ends.
        public internal(set) var a0, a1, a2, a3, a4, a5, a6, a7: Double
        public internal(set) var t0, t1: Double
        /// The segment's cubic: control points (for the position, in Bernstein form, exact at
        /// both ends) and power-form coefficients `B(t) = p0 + t(c1 + t(c2 + t·c3))` (for the
        /// derivatives).
        public internal(set) var p0, p1, p2, p3: SIMD2<Double>
        public internal(set) var c1, c2, c3: SIMD2<Double>
        /// Below this |B'|², the tangent is computed by the scaled slow path (`limitingDirection`):
        /// `(10⁻¹⁰·size)²` with `size = |c1| + |c2| + |c3|` (where B' is rounding noise in
        /// direction), and never below `PathMeasure.smallestFastSpeedSquared`, under which the
        /// squares of the components lose bits to underflow.
        public internal(set) var stationarySpeedSquared: Double
        public internal(set) var segmentIndex: Int

        /// The curve parameter at distance `s` along the path (meaningful for `s` in this piece):
        /// the degree-7 interpolant, clamped to [t0, t1], exact at the piece's ends.
        @inlinable public func parameter(atDistance s: Double) -> Double {
            let x = (s - midDistance) * inverseHalfSpan
            let t = interpolant(at: x)
            // Exact at the piece's ends, so path ends and joins land on the control points.
            return x <= -1 ? t0 : (x >= 1 ? t1 : t)
        }

        /// The degree-7 interpolant at `x = (s − midDistance)·inverseHalfSpan`, clamped to
        /// [t0, t1] but not snapped at the ends (the build checks it there: it is what distances
        /// just inside the piece get).
        @inlinable @inline(__always) func interpolant(at x: Double) -> Double {
            var t = a7
            t = t * x + a6
            t = t * x + a5
            t = t * x + a4
            t = t * x + a3
            t = t * x + a2
            t = t * x + a1
            t = t * x + a0
            return min(max(t, t0), t1)
        }

        /// `parameter(atDistance:)` at eight distances, lane by lane the same bits.
        @inlinable public func parameters(atDistances s: SIMD8<Double>) -> SIMD8<Double> {
            let x = (s - midDistance) * inverseHalfSpan
            var t = interpolant(at: x)
            t.replace(with: t1, where: x .>= 1)
            t.replace(with: t0, where: x .<= -1)
            return t
        }

        /// `interpolant(at:)` in eight lanes: the same Horner steps, and the clamp's comparisons
        /// as `Swift.max` and `min` make them, so each lane is the scalar's bits.
        @inlinable @inline(__always) func interpolant(at x: SIMD8<Double>) -> SIMD8<Double> {
            var t = SIMD8<Double>(repeating: a7)
            t = t * x + a6
            t = t * x + a5
            t = t * x + a4
            t = t * x + a3
            t = t * x + a2
            t = t * x + a1
            t = t * x + a0
            t.replace(with: t0, where: t .<= t0)  // max(t, t0)
            t.replace(with: t1, where: t .> t1)  // min(·, t1)
            return t
        }

        /// Position and unit tangent at curve parameter `t` of this piece's segment.
        @inlinable public func sample(at t: Double) -> PathSample {
            let mt = 1 - t
            let mt2 = mt * mt, t2 = t * t
            let position = (mt2 * mt) * p0 + (3 * mt2 * t) * p1 + (3 * mt * t2) * p2 + (t2 * t) * p3
            let velocity = c1 + t * (2 * c2 + (3 * t) * c3)
            let speedSquared = (velocity * velocity).sum()
            if speedSquared <= stationarySpeedSquared {
                return PathSample(position: Point(position), tangent: Vector(limitingDirection(at: t)))
            }
            return PathSample(position: Point(position), tangent: Vector(velocity / speedSquared.squareRoot()))
        }

        /// The unit tangent where `B'` is tiny (see `PathMeasure`): `B'/|B'|` if it is above
        /// 10⁻¹⁰ of the coefficients' size, else the limiting direction `±B''`, else `B'''`.
        /// The coefficients are divided by the power of two nearest below the largest first
        /// (exact), so the squares neither underflow (a curve 1e-320 long) nor overflow.
        @inline(never) @usableFromInline
        func limitingDirection(at t: Double) -> SIMD2<Double> {
            let largest = max(abs(c1.x), abs(c1.y), abs(c2.x), abs(c2.y), abs(c3.x), abs(c3.y))
            guard largest > 0, largest.isFinite else { return SIMD2(1, 0) }  // unreachable: pieces have length
            let scale = Double(sign: .plus, exponent: largest.exponent, significand: 1)
            let a = c1 / scale, b = c2 / scale, c = c3 / scale
            let size = (a * a).sum().squareRoot() + (b * b).sum().squareRoot() + (c * c).sum().squareRoot()
            let threshold = (1e-10 * size) * (1e-10 * size)
            let velocity = a + t * (2 * b + (3 * t) * c)
            let speedSquared = (velocity * velocity).sum()
            if speedSquared > threshold { return velocity / speedSquared.squareRoot() }
            let second = 2 * b + (6 * t) * c
            let secondSquared = (second * second).sum()
            if secondSquared > threshold {
                // B'(t) ≈ B''(t₀)(t − t₀): leaving the point along +B'', arriving along −B''.
                return (t >= 1 ? -second : second) / secondSquared.squareRoot()
            }
            let thirdSquared = (c * c).sum()
            if thirdSquared > 0 { return c / thirdSquared.squareRoot() }
            return SIMD2(1, 0)  // unreachable: pieces have non-zero length
        }
    }
}
