import BezierKernels

/// A `PathMeasure.Piece` rearranged for evaluating eight bees at once.
///
/// The parameter is the piece's own interpolant `t(x)` (same coefficients, clamp and exact ends
/// as `PathMeasure.Piece.parameter(atDistance:)`, evaluated by Estrin's scheme rather than
/// Horner's). The position and velocity use the power form of the segment's cubic,
/// `B(t) = (p0 + c1·t) + (c2 + c3·t)·t²` and `B'(t) = (c1 + 2c2·t) + 3c3·t²` (fewer operations
/// than the Bernstein form, shallower than Horner), and the unit tangent multiplies by one
/// reciprocal square root instead of dividing twice. Against `PathMeasure.Piece.sample(at:)`
/// this moves positions by a few ulps of the coordinates (≤ 1e-12 pt on the seed paths) and
/// tangents by a few ulps of 1, fused multiply-adds or not.
@frozen @usableFromInline
struct SwarmPiece: Sendable {
    /// Bees per evaluation. Eight, not four: the evaluation is a dependency chain (polynomial,
    /// square root, division), and two independent four-lane chains per loop iteration keep
    /// more of it in flight (measured 6.3 → 6.1 ns/bee on one core; SSE2 has two lanes per
    /// register, so SIMD8 is four independent registers per operation).
    @usableFromInline typealias Lanes = SIMD8<Double>
    @usableFromInline typealias Mask = SIMDMask<SIMD8<Int64>>

    @usableFromInline var midDistance, inverseHalfSpan: Double
    @usableFromInline var a0, a1, a2, a3, a4, a5, a6, a7: Double
    @usableFromInline var t0, t1: Double
    @usableFromInline var p0, c1, c2, c3: SIMD2<Double>
    @usableFromInline var doubledC2, tripledC3: SIMD2<Double>
    @usableFromInline var stationarySpeedSquared: Double

    init(_ piece: PathMeasure.Piece) {
        midDistance = piece.midDistance
        inverseHalfSpan = piece.inverseHalfSpan
        (a0, a1, a2, a3, a4, a5, a6, a7) = (piece.a0, piece.a1, piece.a2, piece.a3, piece.a4, piece.a5, piece.a6, piece.a7)
        (t0, t1) = (piece.t0, piece.t1)
        (p0, c1, c2, c3) = (piece.p0, piece.c1, piece.c2, piece.c3)
        doubledC2 = 2 * piece.c2
        tripledC3 = 3 * piece.c3
        stationarySpeedSquared = piece.stationarySpeedSquared
    }

    /// `Lanes.scalarCount` bees evaluated on one piece.
    @frozen @usableFromInline
    struct Evaluation {
        @usableFromInline var px, py, tx, ty: SwarmPiece.Lanes
        /// The curve parameters, for the rare lanes marked `stationary` (speed below
        /// `stationarySpeedSquared`), whose tangent is a limit the caller computes.
        @usableFromInline var t: SwarmPiece.Lanes
        @usableFromInline var stationary: SwarmPiece.Mask

        @inline(__always) @usableFromInline
        init(px: SwarmPiece.Lanes, py: SwarmPiece.Lanes, tx: SwarmPiece.Lanes, ty: SwarmPiece.Lanes, t: SwarmPiece.Lanes,
             stationary: SwarmPiece.Mask) {
            (self.px, self.py, self.tx, self.ty, self.t, self.stationary) = (px, py, tx, ty, t, stationary)
        }
    }

    /// Positions and unit tangents at `Lanes.scalarCount` distances on `piece` (read in place: no copy of the
    /// piece per call). `@inline(always)`, not `@inline(__always)`: the hint left it an out-of-line
    /// call per eight bees (its result through memory, its coefficients re-broadcast each call);
    /// inlined, `swarm/paced-bees-1core` went from ×5.4–5.5 to ×6.0–6.3 against the naive kernel
    /// in the same runs.
    @inline(always)
    static func evaluate(_ piece: UnsafePointer<SwarmPiece>, at s: SwarmPiece.Lanes) -> Evaluation {
        typealias V = Lanes
        let x = (s - V(repeating: piece.pointee.midDistance)) * V(repeating: piece.pointee.inverseHalfSpan)
        // Estrin's scheme (Knuth, TAOCP vol. 2, §4.6.4): the same polynomial as PathMeasure's
        // Horner loop in 3 levels of (multiply, add) instead of 7. The loop is latency-bound
        // (each group of bees is one long dependency chain), so depth is what costs.
        // Each `multiplyAdd` is one fused instruction on AVX builds (see there).
        let x2 = x * x
        let x4 = x2 * x2
        let q0 = multiplyAdd(V(repeating: piece.pointee.a1), x, V(repeating: piece.pointee.a0))
        let q1 = multiplyAdd(V(repeating: piece.pointee.a3), x, V(repeating: piece.pointee.a2))
        let q2 = multiplyAdd(V(repeating: piece.pointee.a5), x, V(repeating: piece.pointee.a4))
        let q3 = multiplyAdd(V(repeating: piece.pointee.a7), x, V(repeating: piece.pointee.a6))
        var t = multiplyAdd(multiplyAdd(q3, x2, q2), x4, multiplyAdd(q1, x2, q0))
        // min(max(t, t0), t1), then exactly t0 / t1 at the piece's ends, as PathMeasure does
        // (selects: the standard library's pointwiseMin/Max are calls). The ends matter beyond
        // rounding: at a stationary end t(s) has a square-root singularity, and there the
        // interpolant's few-1e-10 error in t would turn the tangent by ~1e-7.
        let lower = V(repeating: piece.pointee.t0), upper = V(repeating: piece.pointee.t1)
        t.replace(with: lower, where: t .< lower)
        t.replace(with: upper, where: t .> upper)
        t.replace(with: upper, where: x .>= 1)
        t.replace(with: lower, where: x .<= -1)

        let p0 = piece.pointee.p0, c1 = piece.pointee.c1, c2 = piece.pointee.c2, c3 = piece.pointee.c3
        let d2 = piece.pointee.doubledC2, d3 = piece.pointee.tripledC3
        // B(t) = (p0 + c1·t) + (c2 + c3·t)·t², B'(t) = (c1 + 2c2·t) + 3c3·t²: depth 2–3, not 3–6.
        let t2 = t * t
        let px = multiplyAdd(multiplyAdd(V(repeating: c3.x), t, V(repeating: c2.x)), t2,
                             multiplyAdd(V(repeating: c1.x), t, V(repeating: p0.x)))
        let py = multiplyAdd(multiplyAdd(V(repeating: c3.y), t, V(repeating: c2.y)), t2,
                             multiplyAdd(V(repeating: c1.y), t, V(repeating: p0.y)))
        let vx = multiplyAdd(V(repeating: d3.x), t2, multiplyAdd(V(repeating: d2.x), t, V(repeating: c1.x)))
        let vy = multiplyAdd(V(repeating: d3.y), t2, multiplyAdd(V(repeating: d2.y), t, V(repeating: c1.y)))
        let speedSquared = multiplyAdd(vx, vx, vy * vy)
        // Packed square roots and divisions (sqrtpd, divpd). Measured: four Newton steps from
        // a bit-trick guess for 1/√ in packed arithmetic were slower (11.3 vs 8.4 ns/bee).
        let inverseSpeed = 1 / speedSquared.squareRoot()
        return Evaluation(px: px, py: py, tx: vx * inverseSpeed, ty: vy * inverseSpeed, t: t,
                          stationary: speedSquared .<= V(repeating: piece.pointee.stationarySpeedSquared))
    }

    /// `a·b + c` lane by lane: fused multiply-adds (one rounding, one instruction for four or
    /// eight lanes) where the build targets AVX2 and FMA (x86-64-v3 and up: `scripts/bench.sh`
    /// defines `FLIGHTLINE_X86_64_V3`/`_V4`), else a multiply and an add: on baseline x86-64
    /// `addingProduct` is a call to the C library's `fma` per lane. Measured on the host build
    /// (x86-64-v4): see README, "Speed round 3".
    @inline(__always) @usableFromInline
    static func multiplyAdd(_ a: Lanes, _ b: Lanes, _ c: Lanes) -> Lanes {
        #if FLIGHTLINE_X86_64_V3 || FLIGHTLINE_X86_64_V4
        c.addingProduct(a, b)
        #else
        a * b + c
        #endif
    }
}
