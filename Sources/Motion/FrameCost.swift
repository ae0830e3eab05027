/// What a frame-cost measurement reads time from and hands each frame's result to.
///
/// Motion measures but owns no clock: the caller passes one (BenchKit's monotonic clock and
/// black hole in `bench`; a synthetic clock in tests, which makes the calibration exact).
public protocol FrameCostClock {
    /// Nanoseconds since an arbitrary fixed origin; never decreases.
    mutating func now() -> UInt64
    /// Consumes a frame's result so that the optimizer must compute it (a black hole).
    /// Non-mutating and called on a copy of the clock: state it keeps lives in a reference.
    func consume<T>(_ value: T)
}

/// The cost of computing one frame of a scene: what the demo's per-frame code does (a path
/// scene's position; a spring scene's presented value, offset and rebuilt shape), over the
/// frame times of one pass, each result handed to the clock's `consume`.
///
/// Bounded: at most `budgetNanoseconds` of clock time per scene and mode (2 ms), so validating
/// every seed scene stays fast. The figure is the median over batches of the time per frame;
/// a batch lasts at least `minimumBatchNanoseconds` so that a clock reading's ~20–40 ns cost is
/// under 1 % of it.
///
///     struct Ticks: FrameCostClock {   // 50 ns per frame, reading the clock is free
///         final class Time { var ns: UInt64 = 0 }
///         let time = Time()
///         func now() -> UInt64 { time.ns }
///         func consume<T>(_ value: T) { time.ns += 50 }
///     }
///     var clock = Ticks()
///     print(FrameCost.seconds(for: try Scene.bee(.one, seed: 0), mode: .linear, clock: &clock))
///     // Prints "5e-08"
public enum FrameCost {
    /// The most clock time spent on one scene and mode, nanoseconds (2 ms).
    public static let budgetNanoseconds: UInt64 = 2_000_000
    /// The shortest batch of frames timed, nanoseconds (100 µs).
    public static let minimumBatchNanoseconds: UInt64 = 100_000
    /// The most batches timed.
    public static let maximumBatches = 15

    /// Seconds per frame of `scene` in `mode` (ignored for a spring), read from `clock`.
    ///
    /// Inlinable so that the caller's clock and black hole are specialized into the loop, as
    /// if it were written at the call site: the measured figure includes no dynamic dispatch.
    /// - Complexity: bounded by `budgetNanoseconds` of clock time (plus one frame).
    @inlinable
    public static func seconds<Clock: FrameCostClock>(for scene: Scene, mode: TimingMode, clock: inout Clock) -> Double {
        let frame: (Double) -> Void
        let span: Double
        switch scene.kind {
        case .path(let motion, _):
            let timed = motion.with(mode: mode)
            span = timed.duration
            frame = { [clock] t in clock.consume(timed.position(at: t)) }
        case .spring(let spring):
            span = min(spring.maximumSimulatedTime, spring.animationDuration ?? 1)
            frame = { [clock] t in clock.consume(spring.frame(at: t)) }
        case .timeline(let motion, _):
            span = motion.sampledSpan
            let start = motion.start
            frame = { [clock] t in clock.consume(motion.value(start + t)) }
        }
        // The frame times of one pass at 60 Hz, so every element (or the whole spring motion) is visited.
        let count = max(2, min(Int((span * 60).rounded(.up)), 4096))
        let times = (0..<count).map { Double($0) * span / Double(count) }
        var cursor = 0
        func batch(_ frames: Int) -> UInt64 {
            let start = clock.now()
            for _ in 0..<frames {
                frame(times[cursor])
                cursor = cursor + 1 == times.count ? 0 : cursor + 1
            }
            return clock.now() &- start
        }
        let began = clock.now()
        // Calibrate: double the batch until it lasts minimumBatch (or the budget is spent).
        var frames = 1
        var elapsed = batch(frames)
        while elapsed < minimumBatchNanoseconds, clock.now() &- began < budgetNanoseconds / 4 {
            frames *= 2
            elapsed = batch(frames)
        }
        var perFrame = [Double(elapsed) / Double(frames)]
        while perFrame.count < maximumBatches, clock.now() &- began < budgetNanoseconds {
            perFrame.append(Double(batch(frames)) / Double(frames))
        }
        perFrame.sort()
        return perFrame[perFrame.count / 2] * 1e-9
    }
}
