#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A source of monotonic time in nanoseconds.
///
/// The runner is generic over its clock so that tests can drive it with a synthetic clock and
/// check calibration and statistics exactly, without ever asserting on a real duration.
public protocol BenchmarkClock {
    /// Nanoseconds since an arbitrary fixed origin; never decreases.
    mutating func now() -> UInt64
}

/// `CLOCK_MONOTONIC` read with `clock_gettime` (vDSO on Linux, so no system call): unaffected by
/// wall-clock adjustments, nanosecond units. Its actual resolution is reported by
/// ``resolution`` and the cost of reading it by ``TimerCharacteristics/measure(samples:)``.
public struct MonotonicClock: BenchmarkClock, Sendable {
    public init() {}

    @inlinable
    public func now() -> UInt64 {
        MonotonicClock.read()
    }

    /// The clock's resolution in nanoseconds as the kernel reports it (`clock_getres`); 1 on
    /// Linux with high-resolution timers.
    public static var resolution: UInt64 {
        var spec = timespec()
        guard clock_getres(CLOCK_MONOTONIC, &spec) == 0 else { return 0 }
        return UInt64(spec.tv_sec) &* 1_000_000_000 &+ UInt64(spec.tv_nsec)
    }

    @usableFromInline
    static func read() -> UInt64 {
        var spec = timespec()
        // CLOCK_MONOTONIC cannot fail with a valid pointer (clock_gettime(2)); a zero reading
        // would only make the sample look slower, never faster.
        _ = clock_gettime(CLOCK_MONOTONIC, &spec)
        return UInt64(spec.tv_sec) &* 1_000_000_000 &+ UInt64(spec.tv_nsec)
    }
}

/// What the timer adds to every measurement: its resolution and the cost of one reading.
///
/// The overhead is not subtracted from samples: a sample lasts at least 250 µs (quick) or
/// 1 ms, and one clock reading costs tens of nanoseconds, under 0.01 % of a sample. It is
/// reported so a reader can verify that claim on their machine.
public struct TimerCharacteristics: Codable, Equatable, Sendable {
    /// `clock_getres(CLOCK_MONOTONIC)` in nanoseconds.
    public var resolutionNanoseconds: Double
    /// Median cost of one clock reading, from back-to-back reads, in nanoseconds.
    public var overheadNanoseconds: Double
    /// Smallest nonzero difference seen between back-to-back reads, in nanoseconds (the
    /// effective granularity), or 0 when every pair read the same value.
    public var smallestStepNanoseconds: Double

    public init(resolutionNanoseconds: Double, overheadNanoseconds: Double, smallestStepNanoseconds: Double) {
        self.resolutionNanoseconds = resolutionNanoseconds
        self.overheadNanoseconds = overheadNanoseconds
        self.smallestStepNanoseconds = smallestStepNanoseconds
    }

    /// Measures the monotonic clock: `samples` batches of 16 back-to-back readings; the
    /// overhead is the median over batches of (last − first) / 15.
    ///
    /// - Complexity: O(`samples`).
    public static func measure(samples: Int = 1_000) -> TimerCharacteristics {
        var clock = MonotonicClock()
        return measure(&clock, resolution: Double(MonotonicClock.resolution), samples: samples)
    }

    /// Measures any clock the same way (used with synthetic clocks in tests).
    ///
    /// - Complexity: O(`samples`).
    public static func measure<C: BenchmarkClock>(_ clock: inout C, resolution: Double, samples: Int = 1_000) -> TimerCharacteristics {
        let batches = max(samples, 1)
        var perRead: [Double] = []
        perRead.reserveCapacity(batches)
        var smallestStep = UInt64.max
        for _ in 0..<batches {
            let first = clock.now()
            var previous = first
            for _ in 0..<15 {
                let next = clock.now()
                if next > previous { smallestStep = min(smallestStep, next - previous) }
                previous = next
            }
            perRead.append(Double(previous &- first) / 15)
        }
        perRead.sort()
        return TimerCharacteristics(
            resolutionNanoseconds: resolution,
            overheadNanoseconds: Statistics.median(sorted: perRead),
            smallestStepNanoseconds: smallestStep == .max ? 0 : Double(smallestStep)
        )
    }
}
