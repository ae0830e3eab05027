/// The timing of one animation, as Core Animation's `CAMediaTiming` protocol describes it
/// (developer.apple.com/documentation/quartzcore/camediatiming): `beginTime`, `timeOffset`,
/// `duration`, `speed`, `repeatCount`, `repeatDuration`, `autoreverses`, `fillMode`.
///
/// Scene time t (seconds) becomes the animation's active local time `a = (t − beginTime)·speed`
/// (`speed`: "Specifies how time is mapped to receiver's time space from the parent time
/// space"). The active span lasts `repeatDuration`, or `repeatCount` cycles (default 1), each
/// `duration` long, twice that with `autoreverses` ("the receiver plays backwards after playing
/// forwards"); `repeatCount` and `repeatDuration` together are refused (the documentation calls
/// the result undefined). Inside it the simple time is `(a + timeOffset)` taken modulo the
/// active span (an assumption: `timeOffset` is documented only as "additional time offset in
/// active local time"; the wrap is how it is commonly observed), then folded into one cycle.
/// Outside it `fillMode` says what shows: `backwards`/`both` hold the start before the span,
/// `forwards`/`both` hold the end after it, `removed` (the default) shows the layer's model value.
public struct MediaTiming: Sendable, Equatable {
    /// What shows outside the active span (`CAMediaTimingFillMode`).
    public enum FillMode: String, Sendable, Equatable, CaseIterable {
        case removed, forwards, backwards, both
    }

    public var beginTime: Double
    public var timeOffset: Double
    /// The simple duration, seconds of local time.
    public var duration: Double
    public var speed: Double
    /// Cycles played; `.infinity` for ever (`HUGE_VALF` in Core Animation).
    public var repeatCount: Double
    /// The active span in local time when given (instead of `repeatCount`).
    public var repeatDuration: Double?
    public var autoreverses: Bool
    public var fillMode: FillMode

    public init(
        beginTime: Double = 0, timeOffset: Double = 0, duration: Double, speed: Double = 1, repeatCount: Double = 1,
        repeatDuration: Double? = nil, autoreverses: Bool = false, fillMode: FillMode = .removed
    ) {
        self.beginTime = beginTime
        self.timeOffset = timeOffset
        self.duration = duration
        self.speed = speed
        self.repeatCount = repeatCount
        self.repeatDuration = repeatDuration
        self.autoreverses = autoreverses
        self.fillMode = fillMode
    }

    /// One cycle in local time: the duration, twice it with `autoreverses`.
    public var cycle: Double { autoreverses ? 2 * duration : duration }

    /// The active span in local time (`.infinity` for an infinite repeat).
    public var activeDuration: Double { repeatDuration ?? repeatCount * cycle }

    /// Whether the animation runs for ever.
    public var isInfinite: Bool { !activeDuration.isFinite }

    /// When the active span ends, scene seconds (`nil` for ever).
    public var end: Double? { isInfinite ? nil : beginTime + activeDuration / speed }

    /// Where the animation is at scene time `t`.
    public enum Phase: Sendable, Equatable {
        /// Before the span with no backwards fill, or after it with no forwards fill: the model value shows.
        case model
        /// The fraction of the simple duration in [0, 1].
        case fraction(Double)
    }

    /// The phase at scene time `t`.
    /// - Complexity: O(1).
    @inlinable
    public func phase(at t: Double) -> Phase {
        let a = (t - beginTime) * speed
        let active = activeDuration
        if a < 0 {
            guard fillMode == .backwards || fillMode == .both else { return .model }
            return .fraction(fraction(simple: timeOffset, active: active))
        }
        // The end is taken 1e-12 of the span early, so the frame at its time shows it (Easing.snap).
        if a >= active - Easing.snap * Swift.max(active, 1) {
            guard fillMode == .forwards || fillMode == .both else { return .model }
            return .fraction(endFraction)
        }
        return .fraction(fraction(simple: a + timeOffset, active: active))
    }

    /// The fraction shown at the end of the active span: the end of the last (partial) cycle.
    public var endFraction: Double {
        let active = activeDuration
        guard active.isFinite, duration > 0 else { return 1 }
        let p = (active + timeOffset).truncatingRemainder(dividingBy: active)
        // A span ending on a whole cycle shows the cycle's end, not its start.
        let q = p == 0 ? active : p
        var local = q.truncatingRemainder(dividingBy: cycle)
        if local == 0 { local = cycle }
        if autoreverses { local = local > duration ? 2 * duration - local : local }
        return Swift.min(Swift.max(local / duration, 0), 1)
    }

    @usableFromInline
    func fraction(simple p: Double, active: Double) -> Double {
        guard duration > 0 else { return 1 }
        var p = p
        if active.isFinite, active > 0, p >= active { p = p.truncatingRemainder(dividingBy: active) }
        if p < 0 { p = 0 }
        var local = p.truncatingRemainder(dividingBy: cycle)
        if autoreverses, local > duration { local = 2 * duration - local }
        return Swift.min(local / duration, 1)
    }

    /// The scene times in `[beginTime, end]` (or within `window` seconds of the begin for an
    /// infinite repeat) at which the simple fraction passes `f` going forwards or backwards, in
    /// order: where a keyframe's join is crossed in every cycle.
    /// - Complexity: O(cycles in the span), at most `limit` results.
    public func times(ofFraction f: Double, within window: Double, limit: Int = 64) -> [Double] {
        guard duration > 0, speed > 0 else { return [] }
        let span = Swift.min(activeDuration, window * speed)
        var result: [Double] = []
        var cycleStart = -timeOffset
        // Cycles may start before the begin when timeOffset is positive: step back whole cycles.
        while cycleStart > 0 { cycleStart -= cycle }
        while cycleStart < span, result.count < limit {
            var candidates = [cycleStart + f * duration]
            if autoreverses { candidates.append(cycleStart + 2 * duration - f * duration) }
            for local in candidates where local >= 0 && local <= span {
                result.append(beginTime + local / speed)
            }
            cycleStart += cycle
        }
        return result.sorted()
    }
}
