import Foundation  // atan2
import JSONDocument

/// A layer's transform `ks` or a shape group's transform item `tr` (Lottie 1.0 §Helpers,
/// Transform; §Shapes, Transform): anchor `a`, position `p` (or split into `x`/`y`), scale `s`
/// (percent), rotation `r` (degrees, clockwise), opacity `o` (0–100), skew `sk` along the
/// axis `sa` (degrees).
struct LottieTransform: Sendable {
    enum Position: Sendable {
        case combined(LottieTrack)
        /// Separate dimensions (`p: {s: true, x: {…}, y: {…}}`): each a scalar with its own
        /// keyframes; no spatial tangents.
        case split(LottieTrack, LottieTrack)
    }

    var anchor: LottieTrack
    var position: Position
    var scale: LottieTrack
    var rotation: LottieTrack
    var opacity: LottieTrack
    var skew: LottieTrack
    var skewAxis: LottieTrack

    /// The identity (a layer without `ks`).
    init(path: String) {
        anchor = LottieTrack(constant: .zero, path: path + ".a")
        position = .combined(LottieTrack(constant: .zero, path: path + ".p"))
        scale = LottieTrack(constant: SIMD2(100, 100), path: path + ".s")
        rotation = LottieTrack(constant: .zero, path: path + ".r")
        opacity = LottieTrack(constant: SIMD2(100, 0), path: path + ".o")
        skew = LottieTrack(constant: .zero, path: path + ".sk")
        skewAxis = LottieTrack(constant: .zero, path: path + ".sa")
    }

    /// Reads `ks` or `tr`. 3-D rotations (`rx`, `ry`; `or`) are reported and left out; `rz` is
    /// the 2-D rotation when `r` is absent.
    static func read(_ node: JSONNode, notes: inout LottieNotes) throws(LottieError) -> LottieTransform {
        var transform = LottieTransform(path: node.place)
        do {
            var object = try node.object()
            if let a = object.optional("a") { transform.anchor = try LottieTrack.read(a, kind: .position, notes: &notes) }
            if let p = object.optional("p") {
                var members = try p.object()
                if let split = members.optional("s"), try LottieTrack.intBoolean(split) {
                    let x = try LottieTrack.read(try members.required("x"), kind: .scalar, notes: &notes)
                    let y = try LottieTrack.read(try members.required("y"), kind: .scalar, notes: &notes)
                    transform.position = .split(x, y)
                } else {
                    transform.position = .combined(try LottieTrack.read(p, kind: .position, notes: &notes))
                }
            }
            if let s = object.optional("s") { transform.scale = try LottieTrack.read(s, kind: .vector, notes: &notes) }
            if let r = object.optional("r") ?? object.optional("rz") {
                transform.rotation = try LottieTrack.read(r, kind: .scalar, notes: &notes)
            }
            for key in ["rx", "ry", "or"] {
                if let n = object.optional(key) { notes.add("3-D rotation (rx, ry, or) is not evaluated: x and y only", at: n.place) }
            }
            if let o = object.optional("o") { transform.opacity = try LottieTrack.read(o, kind: .scalar, notes: &notes) }
            if let sk = object.optional("sk") { transform.skew = try LottieTrack.read(sk, kind: .scalar, notes: &notes) }
            if let sa = object.optional("sa") { transform.skewAxis = try LottieTrack.read(sa, kind: .scalar, notes: &notes) }
        } catch {
            throw LottieError(wrapping: error, at: node)
        }
        return transform
    }

    var positionTracks: [LottieTrack] {
        switch position {
        case .combined(let track): [track]
        case .split(let x, let y): [x, y]
        }
    }

    /// Every track that moves geometry (all but opacity).
    var geometryTracks: [LottieTrack] { [anchor] + positionTracks + [scale, rotation, skew, skewAxis] }

    var isPositionAnimated: Bool { positionTracks.contains(where: \.isAnimated) }
    var isGeometryAnimated: Bool { geometryTracks.contains(where: \.isAnimated) }

    func position<S: TimeScalar>(_ tau: S, side: Side) -> Vec2<S> {
        switch position {
        case .combined(let track): track.sample(tau, side: side)
        case .split(let x, let y): Vec2(x.sample(tau, side: side).x, y.sample(tau, side: side).x)
        }
    }

    func referencePosition(_ tau: Double) -> SIMD2<Double> {
        switch position {
        case .combined(let track): track.referenceSample(tau)
        case .split(let x, let y): SIMD2(x.sample(tau).x, y.sample(tau).x)
        }
    }

    /// The direction of travel of the position at `tau` (for auto-orient, Lottie 1.0 §Layers,
    /// `ao`), degrees clockwise from +x (y down); `nil` when the position never moves.
    ///
    /// Follows lottie-web (player/js/utils/TransformProperty.js, `processKeys`, the
    /// `autoOriented` branch), which turns the layer by the direction from the position 0.01
    /// frame earlier to the position now: the velocity's direction, whose limit this is; at a
    /// keyframe inside the track, the direction arriving there (the difference looks back);
    /// before the first keyframe the direction leaving it (from `t₀` to `t₀ + 0.01`), after the
    /// last the direction arriving at it (from `tₙ − 0.05` to `tₙ`). Where the velocity
    /// vanishes (an ease from rest) the segment's own direction stands in: the tangent at its
    /// start or end for a spatial segment, `v₁ − v₀` for a straight one.
    func travelAngle(_ tau: Double) -> Double? {
        // At a keyframe strictly inside the track lottie-web's backward difference sees the
        // segment arriving.
        let interior = positionTracks.contains { track in
            track.keyTimes.count > 2 && track.keyTimes.dropFirst().dropLast().contains(tau)
        }
        let v = position(Dual(value: tau, derivative: 1), side: interior ? .before : .after).derivatives
        if v != .zero, v.x.isFinite, v.y.isFinite { return atan2(v.y, v.x) * 180 / .pi }
        guard case .combined(let track) = position, !track.segments.isEmpty else { return nil }
        let index =
            track.segmentIndex(at: tau, side: interior ? .before : .after) ?? (tau <= track.segments[0].t0 ? 0 : track.segments.count - 1)
        let segment = track.segments[index]
        var direction = segment.v1 - segment.v0
        if case .spatial(_, let spatial) = segment.interpolation {
            let s = tau <= segment.t0 ? 0 : (tau >= segment.t1 ? spatial.length : spatial.length * 0.5)
            direction = spatial.measure.sample(clampingDistance: s).tangent.simd
        }
        guard direction != .zero else { return nil }
        return atan2(direction.y, direction.x) * 180 / .pi
    }

    /// The local transform at `tau`: `T(p) · R(r) · K(sk, sa) · S(s/100) · T(−a)`, where
    /// `K = R(−sa) · [[1, 0], [tan sk, 1]] · R(sa)` — the order of the Lottie documentation's
    /// "Transforming to a matrix" (translate by −a, scale, skew about the axis, rotate, translate
    /// by p; lottie-docs, Transform), written for column vectors. `extraRotation` adds degrees
    /// (auto-orient).
    func matrix<S: TimeScalar>(_ tau: S, side: Side, extraRotation: Double = 0, position given: Vec2<S>? = nil) -> Affine<S> {
        let a = anchor.sample(tau, side: side)
        let p = given ?? position(tau, side: side)
        let s = scale.sample(tau, side: side)
        let r = rotation.sample(tau, side: side).x + S(extraRotation)
        let sx = s.x / 100, sy = s.y / 100
        let cr = r.cosineDegrees, sr = r.sineDegrees
        // M = R(r) · K · S, a 2×2 matrix [[m00, m01], [m10, m11]].
        var m00 = cr * sx, m01 = -(sr * sy), m10 = sr * sx, m11 = cr * sy
        if skew.isAnimated || skew.first.x != 0 {
            let k = skew.sample(tau, side: side).x, axis = skewAxis.sample(tau, side: side).x
            let ca = axis.cosineDegrees, sa = axis.sineDegrees, t = k.tangentDegrees
            // K = R(−sa) · Sh · R(sa), Sh = [[1, 0], [t, 1]].
            // R(sa) = [[ca, −sa], [sa, ca]]; Sh · R(sa) = [[ca, −sa], [t·ca + sa, −t·sa + ca]].
            let h00 = ca, h01 = -sa, h10 = t * ca + sa, h11 = -(t * sa) + ca
            // R(−sa) = [[ca, sa], [−sa, ca]].
            let k00 = ca * h00 + sa * h10, k01 = ca * h01 + sa * h11
            let k10 = -(sa * h00) + ca * h10, k11 = -(sa * h01) + ca * h11
            // R(r) · K · S.
            let q00 = cr * k00 - sr * k10, q01 = cr * k01 - sr * k11
            let q10 = sr * k00 + cr * k10, q11 = sr * k01 + cr * k11
            m00 = q00 * sx
            m01 = q01 * sy
            m10 = q10 * sx
            m11 = q11 * sy
        }
        return Affine(
            a: m00, b: m10, c: m01, d: m11,
            tx: p.x - (m00 * a.x + m01 * a.y), ty: p.y - (m10 * a.x + m11 * a.y))
    }
}
