/// A recorded motion: the position an engine computed at each frame, with the frame's times
/// when the recording has them.
///
/// `times` are when each position was sampled (the engine's clock), seconds; `presentations`
/// when each frame reached the screen, `targets` when it was meant to, `callbacks` when its
/// production started and `completions` when it ended. Only `times` and the positions are
/// required: without presentations a frame counts as shown at its time; without targets a frame
/// was due one refresh interval after the one before (so a hitch is a gap longer than one
/// interval).
public struct MotionTrace: Sendable, Equatable {
    /// Where the trace came from, for messages (a file name).
    public let source: String
    public let times: [Double]
    public let positions: [SIMD2<Double>]
    public let presentations: [Double]?
    public let targets: [Double]?
    public let callbacks: [Double]?
    public let completions: [Double]?
    /// The display's refresh interval at each frame, seconds (a variable-rate recording).
    public let intervals: [Double]?
    /// The line (1-based) each sample was read from, for messages; empty when built in code.
    public let lines: [Int]

    /// The largest magnitude of a time in a trace (every time column and the intervals),
    /// seconds: 10⁹, about 32 years. Hitch times are differences of these columns: a target of
    /// 1e308 s made a hitch ratio infinite.
    public static let maximumTime = 1e9

    /// Creates a trace, checking what a reader must: at least one sample, finite values, columns
    /// of equal length, strictly increasing times and presentations.
    /// - Throws: `MotionError` naming the source, the line and the bad value.
    public init(
        source: String, times: [Double], positions: [SIMD2<Double>], presentations: [Double]? = nil,
        targets: [Double]? = nil, callbacks: [Double]? = nil, completions: [Double]? = nil, intervals: [Double]? = nil,
        lines: [Int] = []
    ) throws(MotionError) {
        func place(_ index: Int) -> String {
            index < lines.count ? "\(source):\(lines[index])" : "\(source): sample \(index + 1)"
        }
        guard !times.isEmpty else { throw MotionError("\(source): a trace needs at least one sample, got none (an empty trace)") }
        guard positions.count == times.count else {
            throw MotionError("\(source): \(positions.count) positions for \(times.count) times; expected one per sample")
        }
        for (name, column) in [
            ("present", presentations), ("target", targets), ("callback", callbacks), ("completion", completions),
            ("interval", intervals),
        ] {
            guard let column else { continue }
            guard column.count == times.count else {
                throw MotionError("\(source): \(column.count) \(name) times for \(times.count) samples; expected one per sample")
            }
            if let bad = column.firstIndex(where: { !$0.isFinite }) {
                throw MotionError("\(place(bad)): \(name) time must be a finite number, got \(column[bad])")
            }
            // Hitch times and ratios are differences of these: 1e308 made them infinite.
            if let bad = column.firstIndex(where: { abs($0) > Self.maximumTime }) {
                throw MotionError("\(place(bad)): \(name) time must be within ±\(compact(Self.maximumTime)) s, got \(compact(column[bad]))")
            }
        }
        if let bad = times.firstIndex(where: { $0.isFinite && abs($0) > Self.maximumTime }) {
            throw MotionError("\(place(bad)): time must be within ±\(compact(Self.maximumTime)) s, got \(compact(times[bad]))")
        }
        for index in times.indices {
            guard times[index].isFinite else { throw MotionError("\(place(index)): time must be a finite number, got \(times[index])") }
            let p = positions[index]
            guard p.x.isFinite, p.y.isFinite else {
                throw MotionError("\(place(index)): position must be finite, got (\(p.x), \(p.y))")
            }
            guard abs(p.x) <= PathMotion.maximumCoordinate, abs(p.y) <= PathMotion.maximumCoordinate else {
                throw MotionError(
                    "\(place(index)): position (\(compact(p.x)), \(compact(p.y))) is beyond ±\(compact(PathMotion.maximumCoordinate)) pt")
            }
            if index > 0, !(times[index] > times[index - 1]) {
                let what = times[index] == times[index - 1] ? "duplicate time" : "time goes backwards"
                throw MotionError(
                    "\(place(index)): \(what): \(compact(times[index])) s after \(compact(times[index - 1])) s; expected strictly increasing times")
            }
            if let intervals, !(intervals[index] > 0) {
                throw MotionError("\(place(index)): interval must be a positive number of seconds, got \(compact(intervals[index]))")
            }
            if let presentations, index > 0, !(presentations[index] > presentations[index - 1]) {
                throw MotionError(
                    "\(place(index)): present time \(compact(presentations[index])) s is not after the previous frame's \(compact(presentations[index - 1])) s; expected strictly increasing presentations")
            }
        }
        self.source = source
        self.times = times
        self.positions = positions
        self.presentations = presentations
        self.targets = targets
        self.callbacks = callbacks
        self.completions = completions
        self.intervals = intervals
        self.lines = lines
    }

    public var count: Int { times.count }

    /// When each frame reached the screen: `presentations`, else `times`.
    public var shownAt: [Double] { presentations ?? times }

    /// The recording's refresh rate: one over the median recorded interval, else over the median
    /// interval between frames shown, frames per second; `nil` with fewer than two samples and no
    /// intervals. A rate within 0.01 % of a whole number of hertz is taken as that number.
    public var inferredRate: Double? {
        let median: Double
        if let intervals, let middle = nearestRankPercentile(intervals, 0.5) {
            median = middle
        } else {
            let shown = shownAt
            guard shown.count >= 2, let middle = nearestRankPercentile(zip(shown.dropFirst(), shown).map { $0 - $1 }, 0.5) else {
                return nil
            }
            median = middle
        }
        guard median > 0 else { return nil }
        // Recorded times are rounded (16.667 ms, 8333.333 µs): a rate within 0.01 % of a whole
        // number of hertz is that number.
        // Otherwise it is rounded to the millihertz: the recording's own resolution is coarser.
        let rate = 1 / median, whole = rate.rounded()
        // A subnormal median interval (frames 1e-320 s apart) has no finite rate.
        guard rate.isFinite else { return nil }
        return whole > 0 && abs(rate - whole) <= 1e-4 * whole ? whole : max((rate * 1000).rounded() / 1000, 0.001)
    }

    /// The frames as delivered at `hz`: each shown at its presentation, due at its target (or one
    /// interval after the frame before), produced from its callback (or its time) to its
    /// completion (unknown when not recorded), with its recorded interval or 1/hz.
    public func deliveredFrames(hz: Double) -> [DeliveredFrame] {
        let shown = shownAt
        return times.indices.map { k in
            let interval = intervals?[k] ?? 1 / hz
            let target = targets?[k] ?? (k == 0 ? shown[0] : shown[k - 1] + interval)
            return DeliveredFrame(
                timestamp: target - interval, targetTimestamp: target, callbackTime: callbacks?[k] ?? times[k],
                completion: completions?[k], presentation: shown[k], interval: interval)
        }
    }
}
