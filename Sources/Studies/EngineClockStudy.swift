import Motion
import SpringSolver

/// One engine's spring under one frame delivery at one rate, against the closed form.
public struct EngineClockRow: Sendable, Equatable {
    public let engine: SpringEngine
    public let hz: Double
    /// The delivery model's name (`vsync`, `load:busy`, …).
    public let delivery: String
    /// Which of the frame's times the engine's callback reads.
    public let clock: FrameClock
    /// The browser whose `performance.now()` resolution react-spring and Rebound master read.
    public let browser: BrowserTimer
    /// The largest distance between what the engine shows and the closed form at the frame's
    /// presentation time (from the first frame's target), points.
    public let maxError: Double
    /// The rate at which the engine's shown time runs against the real time, minus 1: the slope
    /// of the least-squares line through (presentation time, shown time) over the frames: +1 =
    /// runs twice as fast, −0.02 = loses 2 % (a write-back or a clamp dropping time).
    public let dilation: Double
    /// How far the engine's shown time stays behind the real time apart from the rate, seconds:
    /// minus the intercept of the same line (negative = ahead, as react-spring's 16.667 ms first
    /// frame and Rebound's 1 ms first frame put it).
    public let lag: Double
    /// When the engine's shown motion settles (stays within the settle distance of its target)
    /// minus when the closed form does on the same frames, seconds; `nil` when either never
    /// settles in the frames.
    public let settleShift: Double?
    /// When the engine's scheme blew up (its position left the doubles or passed 1e15 pt, as
    /// react-spring's Euler and Rebound's RK4 do on a spring too stiff for 1 ms steps), the
    /// presentation time (from the first frame's target) of the first such frame; `maxError`
    /// is then infinite and `dilation` stops there.
    public let divergedAt: Double?
}

/// Every engine scheme (`SpringEngine`) under the same frame deliveries: how far its spring is
/// from the closed form on screen, how its time dilates, how its settling moves.
public enum EngineClockStudy {
    /// A position beyond this many points is a blow-up: far past any screen, and still far from
    /// overflowing the arithmetic after it.
    public static let divergenceLimit = 1e15

    /// The deliveries compared by default: vsync and every named load.
    public static let deliveries: [FrameDeliveryModel] = [.vsync] + LoadProfile.all.map { .load($0) }

    /// The study. Each engine's callback reads the frame's `clock` time (default the target
    /// time, the clock every engine should read) through its own timer (`Date.now()`, the
    /// `browser`'s `performance.now()`, whole nanoseconds), so the differences are the engines'
    /// own schemes and timers.
    /// - Parameters:
    ///   - span: seconds of frames; default the spring's settling duration (to 0.1 % of its
    ///     distance) and 20 % more, at least 1 s and at most 10 s.
    ///   - settleDistance: points (default 0.5, `Thresholds.settleDistance`).
    /// - Throws: `MotionError` for a bad rate or delivery.
    /// - Complexity: O(engines × rates × deliveries × frames), Rebound and react-spring 1 ms
    ///   steps each.
    public static func run(
        motion: SpringMotion<Double>, rates: [Double] = [60, 120], deliveries: [FrameDeliveryModel] = deliveries,
        span: Double? = nil, seed: UInt64 = 0, settleDistance: Double = 0.5, clock: FrameClock = .target,
        browser: BrowserTimer = .chrome
    ) throws(MotionError) -> [EngineClockRow] {
        let settling = motion.spring.settlingDuration(
            displacement: motion.initialPosition - motion.target, velocity: motion.initialVelocity)
        let span = span ?? min(10, max(1, 1.2 * (settling.isFinite ? settling : 10)))
        var rows: [EngineClockRow] = []
        for delivery in deliveries {
            for hz in rates {
                let frames = try FrameDelivery.simulate(delivery, hz: hz, span: span, seed: seed).frames
                let origin = frames[0].targetTimestamp
                let exact = frames.map { motion.position(at: $0.presentation - origin) }
                let exactSettle = settleTime(exact, frames: frames, origin: origin, target: motion.target, distance: settleDistance)
                for engine in SpringEngine.allCases {
                    var state = SpringEngineState(engine, motion: motion, browser: browser)
                    var shown: [Double] = []
                    var times: [Double] = []
                    shown.reserveCapacity(frames.count)
                    var worst = 0.0
                    var diverged: Double?
                    for (k, frame) in frames.enumerated() {
                        let p = state.advance(toClock: frame.time(clock))
                        guard p.isFinite, abs(p) <= divergenceLimit else {
                            diverged = frame.presentation - origin
                            break
                        }
                        shown.append(p)
                        times.append(state.shownTime)
                        worst = max(worst, abs(p - exact[k]))
                    }
                    let real = frames.prefix(times.count).map { $0.presentation - origin }
                    let (dilation, lag) = rate(shown: times, real: real)
                    let settle = diverged == nil
                        ? settleTime(shown, frames: frames, origin: origin, target: motion.target, distance: settleDistance) : nil
                    rows.append(
                        EngineClockRow(
                            engine: engine, hz: hz, delivery: delivery.name, clock: clock, browser: browser,
                            maxError: diverged == nil ? worst : .infinity, dilation: dilation, lag: lag,
                            settleShift: settle.flatMap { s in exactSettle.map { s - $0 } }, divergedAt: diverged))
                }
            }
        }
        return rows
    }

    /// The least-squares line `shown ≈ (1 + dilation)·real − lag`; with fewer than two distinct
    /// real times, no rate (0) and the mean difference as the lag.
    /// - Complexity: O(frames).
    static func rate(shown: [Double], real: [Double]) -> (dilation: Double, lag: Double) {
        let n = Double(min(shown.count, real.count))
        guard n > 0 else { return (0, 0) }
        let meanReal = real.prefix(Int(n)).reduce(0, +) / n, meanShown = shown.prefix(Int(n)).reduce(0, +) / n
        var sxx = 0.0, sxy = 0.0
        for (r, s) in zip(real, shown) {
            sxx += (r - meanReal) * (r - meanReal)
            sxy += (r - meanReal) * (s - meanShown)
        }
        guard sxx > 0 else { return (0, meanReal - meanShown) }
        let slope = sxy / sxx
        return (slope - 1, -(meanShown - slope * meanReal))
    }

    /// The presentation time (from `origin`) of the first frame after which every frame is
    /// within `distance` of `target`; `nil` when the last frame is not.
    static func settleTime(
        _ positions: [Double], frames: [DeliveredFrame], origin: Double, target: Double, distance: Double
    ) -> Double? {
        guard let last = positions.indices.last, abs(positions[last] - target) <= distance else { return nil }
        var index = last
        while index > 0, abs(positions[index - 1] - target) <= distance { index -= 1 }
        return frames[index].presentation - origin
    }
}
