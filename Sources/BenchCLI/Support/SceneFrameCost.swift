import BenchKit
import Motion

/// The cost of computing one frame of a scene, measured with BenchKit's monotonic clock: what
/// the demo's per-frame code does (a path scene's position; a spring scene's presented value,
/// offset and rebuilt shape), over the frame times of one pass, black-holed.
///
/// Bounded: at most `budget` of wall time per scene and mode (2 ms by default), so validating
/// every seed scene stays fast. The figure is the median over batches of the time per frame;
/// a batch lasts at least `minimumBatch` so that the clock's ~20–40 ns reading cost is under
/// 1 % of it.
enum SceneFrameCost {
    static let budgetNanoseconds: UInt64 = 2_000_000
    static let minimumBatchNanoseconds: UInt64 = 100_000
    static let maximumBatches = 15

    /// Seconds per frame of `scene` in `mode` (ignored for a spring).
    /// - Complexity: bounded by `budgetNanoseconds` of work (plus one frame).
    static func seconds(for scene: Scene, mode: TimingMode) -> Double {
        let frame: (Double) -> Void
        let span: Double
        switch scene.kind {
        case .path(let motion, _):
            let timed = motion.with(mode: mode)
            span = timed.duration
            frame = { t in blackHole(timed.position(at: t)) }
        case .spring(let spring):
            span = min(spring.maximumSimulatedTime, spring.animationDuration ?? 1)
            frame = { t in blackHole(spring.frame(at: t)) }
        }
        // The frame times of one pass at 60 Hz, so every element (or the whole spring motion) is visited.
        let count = max(2, min(Int((span * 60).rounded(.up)), 4096))
        let times = (0..<count).map { Double($0) * span / Double(count) }
        let clock = MonotonicClock()
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
