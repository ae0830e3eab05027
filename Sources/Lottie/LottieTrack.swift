import BezierKernels
import JSONDocument

/// Which segment a time exactly on a keyframe belongs to: the one arriving (`before`) or the one
/// leaving (`after`). Values use `after`; a join compares the two.
enum Side: Sendable {
    case before, after
}

/// A position keyframe's spatial segment: the cubic Bézier from one value to the next through
/// the tangents, `B = (s₀, s₀ + to, s₁ + ti, s₁)` (Lottie 1.0 §Properties, Position Keyframe:
/// `ti`/`to` are relative to the values), measured once so the temporal ease can be applied to
/// the distance travelled.
struct SpatialSegment: Sendable {
    let curve: CubicBezier
    let measure: PathMeasure
    var length: Double { measure.length }

    init(from start: SIMD2<Double>, out: SIMD2<Double>, in inTangent: SIMD2<Double>, to end: SIMD2<Double>) throws(BezierError) {
        curve = CubicBezier(Point(start), Point(start + out), Point(end + inTangent), Point(end))
        var path = Path()
        try path.move(to: curve.p0)
        try path.addCurve(to: curve.p3, control1: curve.p1, control2: curve.p2)
        // 1e-6 pt: a thousandth of the 1e-3 pt frame metrics are printed to, and well within what
        // PathMeasure reaches on curves of composition size.
        measure = try PathMeasure(path: path, accuracy: 1e-6)
    }
}

/// One keyframe segment: from `(t0, v0)` to `(t1, v1)` (frames of the layer's local time).
struct KeySegment: Sendable {
    /// Each case follows lottie-web, player/js/utils/PropertyFactory.js, `interpolateValue`.
    enum Interpolation: Sendable {
        /// The value stays `v0` until `t1` (Lottie 1.0 §Properties, Keyframes: `h` = 1;
        /// lottie-web: `keyData.h === 1` keeps `keyData.s`).
        case hold
        /// Each dimension eased by its own timing curve (`x`, `y`: one per dimension; lottie-web
        /// builds one `BezierEasing` per dimension when `o.x` is an array).
        case eased(TimingCurve, TimingCurve)
        /// Along a spatial curve, one ease applied to the distance travelled (arc length).
        /// lottie-web walks a 150-point polyline of the curve (`bez.buildBezierData`,
        /// `defaultCurveSegments` in player/js/utils/common.js) to the eased share of its
        /// length; Flightline measures the curve itself (`PathMeasure`, 1e-6 pt): the polyline's
        /// chords fall short of the arc by far less than the 0.5 px tolerance on curves of
        /// composition size.
        case spatial(TimingCurve, SpatialSegment)
    }

    let t0: Double
    let t1: Double
    let v0: SIMD2<Double>
    let v1: SIMD2<Double>
    let interpolation: Interpolation
}

/// One animatable property (Lottie 1.0 §Properties): a constant, or keyframes; scalars are
/// carried in `x`.
struct LottieTrack: Sendable {
    /// The value before the first keyframe (or the constant).
    let first: SIMD2<Double>
    /// The value after the last keyframe.
    let last: SIMD2<Double>
    let segments: [KeySegment]
    /// Keyframe times, frames of the layer's local time.
    let keyTimes: [Double]
    /// Where the property is in the file (`layers[0].ks.p`).
    let path: String
    /// Whether the last keyframe carries an easing handle `i` (and no `h`): lottie-web ignores
    /// it (the last keyframe's handles ease nothing); rlottie keeps it as a segment that ends
    /// at frame 0 (src/lottie/lottieparser.cpp, parseKeyFrame), see `LottieSimplification`.
    var lastKeyframeEased = false

    init(constant: SIMD2<Double>, path: String) {
        first = constant
        last = constant
        segments = []
        keyTimes = []
        self.path = path
    }

    init(first: SIMD2<Double>, last: SIMD2<Double>, segments: [KeySegment], keyTimes: [Double], path: String) {
        self.first = first
        self.last = last
        self.segments = segments
        self.keyTimes = keyTimes
        self.path = path
    }

    /// Whether the value changes with time.
    var isAnimated: Bool { !segments.isEmpty }

    /// The value at local frame `tau` (with its derivative when `S` is `Dual`): the first
    /// keyframe's value before it, the last's at and after it (lottie-web,
    /// player/js/utils/PropertyFactory.js, `getValueAtCurrentTime` and `interpolateValue`: a
    /// frame at or after the last key time takes the end value; the last keyframe's handles, if
    /// it carries any, ease nothing).
    /// - Complexity: O(log keyframes) and, on a spatial segment, one `PathMeasure` lookup.
    func sample<S: TimeScalar>(_ tau: S, side: Side = .after) -> Vec2<S> {
        guard let index = segmentIndex(at: tau.value, side: side) else {
            let f = tau.value
            guard let firstSegment = segments.first else { return Vec2(first) }
            return Vec2(f <= firstSegment.t0 ? first : last)
        }
        let segment = segments[index]
        let u = (tau - segment.t0) / (segment.t1 - segment.t0)
        switch segment.interpolation {
        case .hold:
            return Vec2(segment.v0)
        case .eased(let ex, let ey):
            let px = Self.ease(ex, u), py = Self.ease(ey, u)
            let d = segment.v1 - segment.v0
            return Vec2(S(segment.v0.x) + d.x * px, S(segment.v0.y) + d.y * py)
        case .spatial(let ease, let spatial):
            let progress = Self.ease(ease, u)
            let y = progress.value
            // The curve has no points beyond its ends: an overshooting ease rests there.
            if y < 0 { return Vec2(spatial.curve.p0.simd) }
            if y > 1 { return Vec2(spatial.curve.p3.simd) }
            let length = spatial.length
            let sample = spatial.measure.sample(clampingDistance: y * length)
            let p = sample.position.simd, t = sample.tangent.simd
            return Vec2(
                progress.map({ _ in p.x }, slope: { _ in t.x * length }),
                progress.map({ _ in p.y }, slope: { _ in t.y * length }))
        }
    }

    /// The same value the straightforward way, for the benchmark's reference: the spatial
    /// position found by solving the arc length on the curve itself (adaptive Gauss–Legendre
    /// and Newton, `CubicBezier.parameter(atArcLength:)`) instead of reading a table.
    func referenceSample(_ tau: Double) -> SIMD2<Double> {
        guard let index = segmentIndex(at: tau, side: .after) else {
            guard let firstSegment = segments.first else { return first }
            return tau <= firstSegment.t0 ? first : last
        }
        let segment = segments[index]
        guard case .spatial(let ease, let spatial) = segment.interpolation else { return sample(tau).values }
        let y = ease.progress(at: (tau - segment.t0) / (segment.t1 - segment.t0))
        if y <= 0 { return spatial.curve.p0.simd }
        if y >= 1 { return spatial.curve.p3.simd }
        // The curve's length is known from reading the file; the point at a distance is solved
        // on the curve itself each time.
        let s = y * spatial.length
        let u = (try? spatial.curve.parameter(atArcLength: s, accuracy: 1e-9)) ?? 0
        return spatial.curve.point(at: u).simd
    }

    @inline(__always)
    static func ease<S: TimeScalar>(_ curve: TimingCurve, _ u: S) -> S {
        if curve == .linear { return u }
        return u.map({ curve.progress(at: $0) }, slope: { curve.slope(atTime: $0) })
    }

    /// The segment containing `frame`: `t0 ≤ frame < t1` (after) or `t0 < frame ≤ t1` (before);
    /// `nil` before the first keyframe or after the last.
    func segmentIndex(at frame: Double, side: Side) -> Int? {
        guard !segments.isEmpty else { return nil }
        switch side {
        case .after:
            // The last segment starting at or before the frame.
            var lo = 0, hi = segments.count
            while lo < hi {
                let mid = (lo + hi) / 2
                if segments[mid].t0 <= frame { lo = mid + 1 } else { hi = mid }
            }
            let index = lo - 1
            guard index >= 0, frame < segments[index].t1 else { return nil }
            return index
        case .before:
            // The first segment ending at or after the frame.
            var lo = 0, hi = segments.count
            while lo < hi {
                let mid = (lo + hi) / 2
                if segments[mid].t1 < frame { lo = mid + 1 } else { hi = mid }
            }
            guard lo < segments.count, frame > segments[lo].t0 else { return nil }
            return lo
        }
    }

    /// Local frames where the value steps by design: the end of a hold whose next value differs,
    /// and two keyframes at the same time with different values (Lottie 1.0 §Properties,
    /// Keyframes: consecutive keyframes may share a time).
    var designedSteps: [Double] {
        segments.compactMap { segment in
            switch segment.interpolation {
            case .hold where segment.v0 != segment.v1: return segment.t1
            case _ where segment.t1 == segment.t0 && segment.v0 != segment.v1: return segment.t1
            default: return nil
            }
        }
    }
}
