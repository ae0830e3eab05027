import BezierKernels

/// The value of a keyframe animation at a fraction of its simple duration, as
/// `CAKeyframeAnimation` computes it (developer.apple.com/documentation/quartzcore/cakeyframeanimation):
/// values (or a path's vertices) at key times, joined per `calculationMode`.
///
/// Every value is 2-D internally: a scalar is carried in x with y = 0, so one set of kernels
/// (BezierKernels segments and `PathMeasure`) serves positions and scalars alike.
public struct KeyframeCurve: Sendable {
    /// `CAAnimationCalculationMode`.
    public enum Mode: String, Sendable, Equatable, CaseIterable {
        /// Straight lines (a path's own elements) between values, each segment timed by its key times.
        case linear
        /// Each value held until the next key time.
        case discrete
        /// Constant speed along the whole arc length; key times and timing functions ignored.
        case paced
        /// A Kochanek–Bartels spline through the values, each segment timed by its key times.
        case cubic
        /// The same spline at constant speed; key times and timing functions ignored.
        case cubicPaced
    }

    public let mode: Mode
    /// The drawn pieces between consecutive key values (lines, a path's curves, or the spline's
    /// cubics), in order. Empty in `discrete` mode.
    public let segments: [PathSegment]
    /// The values held in `discrete` mode.
    public let values: [SIMD2<Double>]
    /// The key times, from 0 to 1: `segments.count + 1` of them (`values.count` in discrete mode,
    /// one per held value's start, plus 1).
    public let keyTimes: [Double]
    /// One easing per segment (`timingFunctions`); all linear when none were given.
    public let easings: [Easing]
    /// Arc-length table for the paced modes.
    let measure: PathMeasure?

    /// The accuracy of arc lengths for paced timing, points (as `Motion.PathMotion`).
    public static let accuracy = 1e-6

    /// A curve through drawn `segments` (linear or cubic modes, or paced over them).
    /// - Precondition: `keyTimes.count == segments.count + 1`, `easings.count == segments.count`.
    init(mode: Mode, segments: [PathSegment], keyTimes: [Double], easings: [Easing]) throws(BezierError) {
        self.mode = mode
        self.segments = segments
        self.values = []
        self.keyTimes = keyTimes
        self.easings = easings
        if mode == .paced || mode == .cubicPaced {
            var path = Path()
            try path.move(to: segments[0].start)
            for segment in segments {
                switch segment {
                case .line(let l): try path.addLine(to: l.p1)
                case .quadratic(let q): try path.addQuadCurve(to: q.p2, control: q.p1)
                case .cubic(let c): try path.addCurve(to: c.p3, control1: c.p1, control2: c.p2)
                }
            }
            measure = try PathMeasure(path: path, accuracy: Self.accuracy)
        } else {
            measure = nil
        }
    }

    /// Values held in turn (discrete mode); `keyTimes.count == values.count + 1`.
    init(discrete values: [SIMD2<Double>], keyTimes: [Double]) {
        mode = .discrete
        segments = []
        self.values = values
        self.keyTimes = keyTimes
        easings = []
        measure = nil
    }

    /// The keyframe values: the held values (discrete), else each segment's start and the last end.
    public var keyValues: [SIMD2<Double>] {
        guard mode != .discrete, let first = segments.first else { return values }
        return [first.start.simd] + segments.map(\.end.simd)
    }

    /// The total arc length of the segments, points (0 in discrete mode).
    public var length: Double { measure?.length ?? segments.reduce(0) { $0 + $1.uncheckedArcLength(accuracy: 1e-9) } }

    /// The segment a progress `f` falls in (the last one whose key time ≤ f).
    @inlinable
    func segmentIndex(_ f: Double, count: Int) -> Int {
        var lo = 0, hi = count
        while hi - lo > 1 {
            let mid = (lo + hi) / 2
            if keyTimes[mid] <= f { lo = mid } else { hi = mid }
        }
        return lo
    }

    /// The value at fraction `f` of the simple duration (clamped to [0, 1]).
    /// - Complexity: O(log keys), plus a few Newton steps for an eased segment.
    public func value(atFraction f: Double) -> SIMD2<Double> {
        let f = Swift.min(Swift.max(f, 0), 1)
        switch mode {
        case .discrete:
            return values[segmentIndex(Swift.min(f + Easing.snap, 1), count: values.count)]
        case .paced, .cubicPaced:
            let m = measure!
            return m.sample(clampingDistance: f * m.length).position.simd
        case .linear, .cubic:
            let i = segmentIndex(f, count: segments.count)
            let span = keyTimes[i + 1] - keyTimes[i]
            let local = span > 0 ? (f - keyTimes[i]) / span : 1
            return segments[i].point(at: easings[i].progress(local)).simd
        }
    }

    /// The velocity per unit of fraction (d value / d f) just before (`fromLeft`) or after the
    /// key time `index` (1 … count − 2 for the interior joins; 0 and the last for the ends).
    public func velocity(atKey index: Int, fromLeft: Bool) -> SIMD2<Double> {
        switch mode {
        case .discrete:
            return .zero
        case .paced, .cubicPaced:
            // Constant speed along the tangent of the piece arriving at (or leaving) the key.
            let s = fromLeft ? index - 1 : index
            guard s >= 0, s < segments.count, let m = measure else { return .zero }
            let tangent = direction(of: segments[s], atEnd: fromLeft)
            let n = (tangent * tangent).sum().squareRoot()
            return n > 0 ? tangent / n * m.length : .zero
        case .linear, .cubic:
            let s = fromLeft ? index - 1 : index
            guard s >= 0, s < segments.count else { return .zero }
            let span = keyTimes[s + 1] - keyTimes[s]
            guard span > 0 else { return .zero }
            let slope = easings[s].slope(at: fromLeft ? 1 : 0)
            return segments[s].derivative(at: fromLeft ? 1 : 0).simd * (slope / span)
        }
    }

    /// The fraction at which the motion passes key `index` (in paced modes: the arc length there).
    public func fraction(atKey index: Int) -> Double {
        switch mode {
        case .paced, .cubicPaced:
            guard let m = measure, m.length > 0 else { return 0 }
            return index >= segments.count ? 1 : m.segments[index].startDistance / m.length
        default:
            return keyTimes[index]
        }
    }

    /// A segment's tangent at an end, falling back to the nearest distinct control point where
    /// the derivative vanishes.
    func direction(of segment: PathSegment, atEnd: Bool) -> SIMD2<Double> {
        let d = segment.derivative(at: atEnd ? 1 : 0)
        if d.lengthSquared > 0 { return d.simd }
        let c = segment.cubic
        let points = atEnd ? [c.p3, c.p2, c.p1, c.p0] : [c.p0, c.p1, c.p2, c.p3]
        for other in points.dropFirst() where other != points[0] {
            return atEnd ? (points[0] - other).simd : (other - points[0]).simd
        }
        return .zero
    }

    /// The progress fractions at which the value steps by design: every key time after the first
    /// in discrete mode, and each segment's `steps()` jumps mapped into its key-time span.
    public var designedStepFractions: [Double] {
        switch mode {
        case .discrete:
            var result: [Double] = []
            for i in 1..<values.count where values[i] != values[i - 1] { result.append(keyTimes[i]) }
            return result
        case .paced, .cubicPaced:
            return []
        case .linear, .cubic:
            var result: [Double] = []
            for (i, easing) in easings.enumerated() {
                for x in easing.jumps { result.append(keyTimes[i] + x * (keyTimes[i + 1] - keyTimes[i])) }
            }
            return result
        }
    }
}

extension KeyframeCurve {
    /// The Kochanek–Bartels tangents at each key (D. Kochanek, R. Bartels, "Interpolating Splines
    /// with Local Tension, Continuity, and Bias Control", SIGGRAPH 1984, eq. 8–9 with the
    /// parameters of key i): the outgoing (source) tangent
    /// `((1−t)(1+b)(1+c)/2)(Pᵢ − Pᵢ₋₁) + ((1−t)(1−b)(1−c)/2)(Pᵢ₊₁ − Pᵢ)` and the incoming one
    /// `((1−t)(1+b)(1−c)/2)(Pᵢ − Pᵢ₋₁) + ((1−t)(1−b)(1+c)/2)(Pᵢ₊₁ − Pᵢ)`. With t = c = b = 0 both are
    /// `(Pᵢ₊₁ − Pᵢ₋₁)/2`: Catmull–Rom. The end keys have no outer neighbour; the missing point is
    /// taken equal to the end key (an assumption: Core Animation does not document its ends).
    static func kochanekBartels(
        _ p: [SIMD2<Double>], tension: [Double], continuity: [Double], bias: [Double]
    ) -> (outgoing: [SIMD2<Double>], incoming: [SIMD2<Double>]) {
        var outgoing: [SIMD2<Double>] = [], incoming: [SIMD2<Double>] = []
        for i in p.indices {
            let previous = i > 0 ? p[i - 1] : p[i], next = i + 1 < p.count ? p[i + 1] : p[i]
            let t = tension[i], c = continuity[i], b = bias[i]
            let back = p[i] - previous, ahead = next - p[i]
            outgoing.append((1 - t) * (1 + b) * (1 + c) / 2 * back + (1 - t) * (1 - b) * (1 - c) / 2 * ahead)
            incoming.append((1 - t) * (1 + b) * (1 - c) / 2 * back + (1 - t) * (1 - b) * (1 + c) / 2 * ahead)
        }
        return (outgoing, incoming)
    }

    /// The spline's pieces as cubic Béziers: the Hermite piece from Pᵢ (tangent Dᵢ out) to Pᵢ₊₁
    /// (tangent Sᵢ₊₁ in) has controls Pᵢ + Dᵢ/3 and Pᵢ₊₁ − Sᵢ₊₁/3.
    static func splineSegments(
        _ p: [SIMD2<Double>], tension: [Double], continuity: [Double], bias: [Double]
    ) -> [PathSegment] {
        let (outgoing, incoming) = kochanekBartels(p, tension: tension, continuity: continuity, bias: bias)
        return (0..<(p.count - 1)).map { i in
            .cubic(
                CubicBezier(
                    Point(p[i]), Point(p[i] + outgoing[i] / 3), Point(p[i + 1] - incoming[i + 1] / 3), Point(p[i + 1])))
        }
    }
}
