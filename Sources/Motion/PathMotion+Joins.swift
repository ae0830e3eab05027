import BezierKernels
import Foundation  // atan2

/// The exact, sample-free view of one join between consecutive path elements: what the model
/// itself does there, independent of any frame rate.
public struct Join: Sendable, Equatable {
    /// The 1-based number of the element arriving at the join; the element leaving is `element + 1`.
    public let element: Int
    /// The end point of the arriving element, points.
    public let point: SIMD2<Double>
    /// How far the leaving element starts from that point (0 unless a move separates them), points.
    public let gap: Double
    /// When the motion passes the join within a pass, seconds.
    public let time: Double
    /// Heading of the arriving and the leaving tangent, degrees, `atan2(dy, dx)` with y down.
    public let incomingAngle: Double
    public let outgoingAngle: Double
    /// The angle between the two tangents, degrees in [0, 180]: 0 for a smooth (G1) join.
    public let turn: Double
    /// Speed just before and just after the join, points per second.
    public let speedIn: Double
    public let speedOut: Double
    /// `speedOut / speedIn` (1 when both are 0, ∞ when only `speedIn` is 0).
    public let speedRatio: Double

    public init(
        element: Int, point: SIMD2<Double>, gap: Double, time: Double, incomingAngle: Double, outgoingAngle: Double,
        turn: Double, speedIn: Double, speedOut: Double, speedRatio: Double
    ) {
        self.element = element
        self.point = point
        self.gap = gap
        self.time = time
        self.incomingAngle = incomingAngle
        self.outgoingAngle = outgoingAngle
        self.turn = turn
        self.speedIn = speedIn
        self.speedOut = speedOut
        self.speedRatio = speedRatio
    }

    /// The join between an arriving velocity `incoming` and a leaving one `outgoing` (points per
    /// second) at `point`, `time`: the turn between their headings and the ratio of their speeds.
    public init(
        element: Int, point: SIMD2<Double>, time: Double, incoming: SIMD2<Double>, outgoing: SIMD2<Double>, gap: Double = 0
    ) {
        let speedIn = hypot(incoming.x, incoming.y), speedOut = hypot(outgoing.x, outgoing.y)
        let inAngle = atan2(incoming.y, incoming.x) * 180 / .pi
        let outAngle = atan2(outgoing.y, outgoing.x) * 180 / .pi
        var turn = 0.0
        if speedIn > 0, speedOut > 0 {
            let a = incoming / speedIn, b = outgoing / speedOut
            turn = atan2(abs(a.x * b.y - a.y * b.x), (a * b).sum()) * 180 / .pi
        }
        let ratio = speedIn > 0 ? speedOut / speedIn : (speedOut > 0 ? .infinity : 1)
        self.init(
            element: element, point: point, gap: gap, time: time, incomingAngle: inAngle, outgoingAngle: outAngle,
            turn: turn, speedIn: speedIn, speedOut: speedOut, speedRatio: ratio)
    }

    /// `max(speedRatio, 1 / speedRatio)`: the size of the speed jump whichever way it goes.
    public var speedJump: Double {
        speedRatio >= 1 ? speedRatio : (speedRatio > 0 ? 1 / speedRatio : .infinity)
    }
}

/// Where a repeating motion restarts: from the path's end back to its start.
public struct Seam: Sendable, Equatable {
    /// When it happens: the end of each pass, seconds.
    public let time: Double
    /// The path's end and start, points.
    public let from: SIMD2<Double>
    public let to: SIMD2<Double>
    /// `|to − from|`, points: a restart on screen is a teleport of this size.
    public let gap: Double

    /// The restart at `time` from `from` back to `to`.
    public init(time: Double, from: SIMD2<Double>, to: SIMD2<Double>) {
        self.time = time
        self.from = from
        self.to = to
        let d = to - from
        self.gap = hypot(d.x, d.y)
    }

    init(time: Double, from: SIMD2<Double>, to: SIMD2<Double>, gap: Double) {
        self.time = time
        self.from = from
        self.to = to
        self.gap = gap
    }
}

extension PathMotion {
    /// The tangent of `segment` at an end, with a fallback where the derivative vanishes (a
    /// control point on its end point): the direction towards the nearest distinct control point,
    /// which is the limit of the tangent direction there.
    static func direction(of segment: PathSegment, atEnd: Bool) -> Vector {
        let derivative = segment.derivative(at: atEnd ? 1 : 0)
        if derivative.lengthSquared > 0 { return derivative }
        let cubic = segment.cubic
        let points = atEnd ? [cubic.p3, cubic.p2, cubic.p1, cubic.p0] : [cubic.p0, cubic.p1, cubic.p2, cubic.p3]
        for other in points.dropFirst() where other != points[0] {
            return atEnd ? points[0] - other : other - points[0]
        }
        return .zero
    }

    static func degrees(_ v: Vector) -> Double { atan2(v.dy, v.dx) * 180 / .pi }

    /// The speed at an end of segment `index` in this mode under linear timing (progress = time),
    /// points per second; the timing curve multiplies it by its slope (`timingSlope`).
    ///
    /// Linear mode: the element lasts `duration / n` and its parameter runs uniformly, so the speed
    /// is `|B'(t)| · n / duration`. Paced mode: `length / duration` everywhere.
    func speed(ofSegment index: Int, atEnd: Bool) -> Double {
        switch mode {
        case .paced:
            return length / duration
        case .linear:
            return segments[index].derivative(at: atEnd ? 1 : 0).length * Double(segments.count) / duration
        }
    }

    /// The slope dp/dτ of the timing curve (progress p against pass fraction τ) at `fraction`:
    /// with X, Y the curve's coordinate polynomials and X(u) = τ, the slope is Y'(u) / X'(u),
    /// where `X'(u) = 3(1−u)²·x1 + 6(1−u)u·(x2 − x1) + 3u²·(1 − x2)` (Y' likewise). Exactly 1 on
    /// the diagonal curves (progress = time). Where X' vanishes inside the pass (x1 = 1, x2 = 0
    /// at u = ½) the quotient is replaced by a central difference of the progress.
    static func timingSlope(_ curve: TimingCurve, atFraction fraction: Double) -> Double {
        if curve.x1 == curve.y1 && curve.x2 == curve.y2 { return 1 }
        func derivative(_ u: Double, _ a: Double, _ b: Double) -> Double {
            3 * (1 - u) * (1 - u) * a + 6 * (1 - u) * u * (b - a) + 3 * u * u * (1 - b)
        }
        let u = curve.parameter(atTime: min(max(fraction, 0), 1))
        let dx = derivative(u, curve.x1, curve.x2), dy = derivative(u, curve.y1, curve.y2)
        if dx > 1e-9 { return dy / dx }
        let h = 1e-6
        let lo = max(fraction - h, 0), hi = min(fraction + h, 1)
        return (curve.progress(at: hi) - curve.progress(at: lo)) / (hi - lo)
    }

    /// Tangent angle and speed ratio at every join, from the model (derivatives of the arriving
    /// element at its end and of the leaving one at its start, scaled by each element's share
    /// of time in linear mode, and by the timing curve's slope at the join's time — the same
    /// factor on both sides, so it changes the speeds but never the ratio).
    ///
    /// - Complexity: O(n) for n segments.
    public var joins: [Join] {
        guard segments.count > 1 else { return [] }
        var result: [Join] = []
        result.reserveCapacity(segments.count - 1)
        let times = animation.joinTimes
        for i in 0..<(segments.count - 1) {
            let incoming = Self.direction(of: segments[i], atEnd: true)
            let outgoing = Self.direction(of: segments[i + 1], atEnd: false)
            var turn = 0.0
            if incoming.lengthSquared > 0, outgoing.lengthSquared > 0 {
                turn = abs(atan2(incoming.cross(outgoing), incoming.dot(outgoing))) * 180 / .pi
            }
            let untimedIn = speed(ofSegment: i, atEnd: true)
            let untimedOut = speed(ofSegment: i + 1, atEnd: false)
            let slope = Self.timingSlope(timingCurve, atFraction: times[i + 1] / duration)
            let speedIn = untimedIn * slope, speedOut = untimedOut * slope
            // From the untimed speeds: the slope cancels, and would turn 0/0 into NaN where it is 0.
            let ratio: Double =
                untimedIn > 0 ? untimedOut / untimedIn : (untimedOut > 0 ? .infinity : 1)
            result.append(
                Join(
                    element: i + 1, point: segments[i].end.simd,
                    gap: segments[i].end.distance(to: segments[i + 1].start),
                    time: times[i + 1],
                    incomingAngle: Self.degrees(incoming), outgoingAngle: Self.degrees(outgoing),
                    turn: turn, speedIn: speedIn, speedOut: speedOut, speedRatio: ratio))
        }
        return result
    }

    /// The speed the motion starts with, from rest, points per second: the velocity step at
    /// t = 0 (0 for a timing curve that starts at rest, like ease-in-out).
    public var startSpeed: Double {
        speed(ofSegment: 0, atEnd: false) * Self.timingSlope(timingCurve, atFraction: 0)
    }

    /// The speed a pass ends with, points per second: the velocity step when a single play stops.
    public var endSpeed: Double {
        speed(ofSegment: segments.count - 1, atEnd: true) * Self.timingSlope(timingCurve, atFraction: 1)
    }

    /// The restart from the end back to the start; `nil` when the motion plays once.
    public var seam: Seam? {
        guard repeats, let first = segments.first, let last = segments.last else { return nil }
        return Seam(
            time: duration, from: last.end.simd, to: first.start.simd, gap: last.end.distance(to: first.start))
    }
}
