/// A cubic Bézier timing function as in Core Animation's `CAMediaTimingFunction` and CSS
/// `cubic-bezier(x1, y1, x2, y2)`: the curve from (0, 0) to (1, 1) with controls (x1, y1) and
/// (x2, y2), read as y (progress) against x (time).
///
/// `progress(at: x)` solves `X(u) = x` for the curve parameter u and returns `Y(u)`, where
/// `X(u) = 3(1−u)²u·x1 + 3(1−u)u²·x2 + u³` (and Y likewise). With x1, x2 in [0, 1] the control
/// polygon's x never decreases, so `X` is non-decreasing and the solution is unique (CSS Easing
/// Functions Level 1, §2.2: x values outside [0, 1] are invalid). y1, y2 may leave [0, 1]
/// (overshoot), as in CSS.
///
/// The named curves are Core Animation's (`CAMediaTimingFunctionName`, developer.apple.com:
/// `linear`; `easeIn` (0.42, 0, 1, 1); `easeOut` (0, 0, 0.58, 1); `easeInEaseOut`
/// (0.42, 0, 0.58, 1); `default` (0.25, 0.1, 0.25, 1), "the system default timing function").
@frozen
public struct TimingCurve: Hashable, Sendable, CustomStringConvertible {
    public let x1: Double
    public let y1: Double
    public let x2: Double
    public let y2: Double

    /// The largest |y1|, |y2| accepted: 10⁶, an overshoot of a million times the move. CSS sets
    /// no bound, but the curve's polynomial multiplies y by 3 and by 6 (3·6e307 is infinite, and
    /// NaN progress follows), and far below that a curve is a step, not an ease.
    public static let maximumControlMagnitude = 1e6

    /// - Throws: `invalidTimingCurve` unless all four values are finite, x1, x2 are in [0, 1] and
    ///   |y1|, |y2| ≤ `maximumControlMagnitude`.
    public init(x1: Double, y1: Double, x2: Double, y2: Double) throws(BezierError) {
        guard x1.isFinite, y1.isFinite, x2.isFinite, y2.isFinite, (0...1).contains(x1), (0...1).contains(x2),
              abs(y1) <= Self.maximumControlMagnitude, abs(y2) <= Self.maximumControlMagnitude
        else {
            throw .invalidTimingCurve(x1: x1, y1: y1, x2: x2, y2: y2)
        }
        self.init(unchecked: x1, y1, x2, y2)
    }

    @usableFromInline init(unchecked x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) {
        self.x1 = x1
        self.y1 = y1
        self.x2 = x2
        self.y2 = y2
    }

    /// Progress equals time.
    public static let linear = TimingCurve(unchecked: 0, 0, 1, 1)
    /// Core Animation `easeIn`: (0.42, 0, 1, 1).
    public static let easeIn = TimingCurve(unchecked: 0.42, 0, 1, 1)
    /// Core Animation `easeOut`: (0, 0, 0.58, 1).
    public static let easeOut = TimingCurve(unchecked: 0, 0, 0.58, 1)
    /// Core Animation `easeInEaseOut`: (0.42, 0, 0.58, 1).
    public static let easeInEaseOut = TimingCurve(unchecked: 0.42, 0, 0.58, 1)
    /// Core Animation `default`: (0.25, 0.1, 0.25, 1).
    public static let `default` = TimingCurve(unchecked: 0.25, 0.1, 0.25, 1)

    /// The named curves by their Core Animation names.
    public static let named: [(name: String, curve: TimingCurve)] = [
        ("linear", .linear), ("easeIn", .easeIn), ("easeOut", .easeOut),
        ("easeInEaseOut", .easeInEaseOut), ("default", .default),
    ]

    /// `3(1−u)²u·a + 3(1−u)u²·b + u³`, in Horner form.
    @inlinable static func bezier(_ u: Double, _ a: Double, _ b: Double) -> Double {
        let c = 3 * a, bb = 3 * (b - a) - c, aa = 1 - c - bb
        return ((aa * u + bb) * u + c) * u
    }

    @inlinable static func bezierDerivative(_ u: Double, _ a: Double, _ b: Double) -> Double {
        let c = 3 * a, bb = 3 * (b - a) - c, aa = 1 - c - bb
        return (3 * aa * u + 2 * bb) * u + c
    }

    /// The curve parameter u with `X(u) = time` (time in [0, 1]): Newton from u = time, kept inside
    /// a bisection bracket that every step shrinks, so it converges even where `X'` vanishes
    /// (x1 = 0 or x2 = 1 make `X'(0)` or `X'(1)` zero). Stops at |X(u) − time| ≤ 1e-15 or when the
    /// bracket is one ulp wide. Times ≤ 0 give 0 and times ≥ 1 give 1; NaN gives 0, as in
    /// `progress(at:)`.
    @inlinable
    public func parameter(atTime time: Double) -> Double {
        guard time > 0 else { return 0 }  // also NaN
        if time >= 1 { return 1 }
        var lo = 0.0, hi = 1.0
        var u = time
        for _ in 0..<100 {
            let f = Self.bezier(u, x1, x2) - time
            if abs(f) <= 1e-15 { return u }
            if f < 0 { lo = u } else { hi = u }
            let slope = Self.bezierDerivative(u, x1, x2)
            let newton = slope > 0 ? u - f / slope : .nan
            let next = (newton > lo && newton < hi) ? newton : 0.5 * (lo + hi)
            if next == u || hi - lo <= 2 * u.ulp { return u }
            u = next
        }
        return u
    }

    /// The progress at `time`: exactly 0 for time ≤ 0, exactly 1 for time ≥ 1 (and for NaN: 0),
    /// otherwise `Y(u)` where `X(u) = time`.
    /// - Complexity: a few Newton steps (typically ≤ 6).
    @inlinable
    public func progress(at time: Double) -> Double {
        guard time > 0 else { return 0 }  // also NaN
        if time >= 1 { return 1 }
        if x1 == y1 && x2 == y2 { return time }  // the diagonal: progress is time
        return Self.bezier(parameter(atTime: time), y1, y2)
    }

    public var description: String { "TimingCurve(\(x1), \(y1), \(x2), \(y2))" }
}
