import BenchKit
import Motion

/// Motion's frame-cost measurement (`FrameCost`) reads BenchKit's monotonic clock and hands
/// every frame to BenchKit's black hole: the one black hole the benchmarks trust, not a second.
struct BenchKitFrameClock: FrameCostClock {
    let clock = MonotonicClock()

    @inline(__always)
    func now() -> UInt64 { clock.now() }

    @inline(__always)
    func consume<T>(_ value: T) { blackHole(value) }
}
