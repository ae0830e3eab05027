import CAllocationCounter
import CPerfEvent
import Foundation

/// Raw counts of one counted pass, for the whole pass (not yet per work unit). A counter the
/// processor or kernel does not offer is `nil`.
public struct HardwareCounts: Equatable, Sendable {
    public var instructions: Double?
    public var cycles: Double?
    public var branchMisses: Double?
    public var cacheMisses: Double?

    public init(instructions: Double? = nil, cycles: Double? = nil, branchMisses: Double? = nil, cacheMisses: Double? = nil) {
        self.instructions = instructions
        self.cycles = cycles
        self.branchMisses = branchMisses
        self.cacheMisses = cacheMisses
    }
}

/// Where the runner's counted pass gets hardware counts from: the kernel's perf events
/// (``PerfEventCounters``), nothing (``UnavailableCounters``), or a test's fake.
///
/// The runner calls ``count(_:)`` on its own thread, around `body(iterations)` of a kernel it has
/// already timed: counts are of that thread, user space only.
public protocol HardwareCounterSource {
    /// Why counts cannot be had here (`no PMU: perf_event_open says ENOENT…`), or `nil` when they
    /// can.
    var unavailableReason: String? { get }
    /// The counts of running `body` once; `nil` if reading failed this time.
    mutating func count(_ body: () -> Void) -> HardwareCounts?
}

/// A source that never counts, with the reason shown to the user once.
public struct UnavailableCounters: HardwareCounterSource {
    public var unavailableReason: String?

    public init(reason: String) {
        unavailableReason = reason
    }

    public mutating func count(_ body: () -> Void) -> HardwareCounts? {
        body()
        return nil
    }
}

/// The environment variable that turns hardware counters off (`FLIGHTLINE_COUNTERS=off`): for CI
/// jobs that want the unavailable path, and for tests of it.
public let countersEnvironmentVariable = "FLIGHTLINE_COUNTERS"

/// Instructions, cycles, branch misses and cache misses of the calling thread in user space,
/// through `perf_event_open(2)` (one event group, read at once, so the four count the same
/// code), as package-benchmark's `instructions` metric does. Works where
/// `/proc/sys/kernel/perf_event_paranoid` ≤ 2 and the machine has a PMU; a virtual machine
/// without one, or a container whose seccomp profile forbids the call, gets the reason instead.
///
///     var counters = PerfEventCounters.system()
///     if let reason = counters.unavailableReason { print("hardware counters unavailable: \(reason)") }
///     let counts = counters.count { kernel(1_000) }   // counts?.instructions
///
/// The descriptors belong to the thread that opened them: count on that thread.
public final class PerfEventCounters: HardwareCounterSource {
    public private(set) var unavailableReason: String?
    /// Descriptors in ``HardwareCounts`` order; the first is the group's leader; -1 for a
    /// counter that could not be opened.
    private var descriptors: [Int32] = []
    private var leader: Int32 = -1

    /// Opens the counters of the calling thread, unless `environment` turns them off.
    public static func system(environment: [String: String] = ProcessInfo.processInfo.environment) -> any HardwareCounterSource {
        if let value = environment[countersEnvironmentVariable], ["off", "0", "no", "false"].contains(value.lowercased()) {
            return UnavailableCounters(reason: "turned off by \(countersEnvironmentVariable)=\(value)")
        }
        return PerfEventCounters()
    }

    /// Opens the four counters; ``unavailableReason`` says why when the leader (instructions)
    /// cannot be opened. A member the processor lacks is left out (its count is `nil`).
    public init() {
        let opened = flightline_perf_open(Int32(FlightlinePerfInstructions.rawValue), -1)
        guard opened >= 0 else {
            unavailableReason = PerfEventCounters.reason(errno: -opened)
            return
        }
        leader = opened
        descriptors = [opened]
        for counter in [FlightlinePerfCycles, FlightlinePerfBranchMisses, FlightlinePerfCacheMisses] {
            let member = flightline_perf_open(Int32(counter.rawValue), leader)
            descriptors.append(member >= 0 ? member : -1)
        }
    }

    deinit {
        for descriptor in descriptors where descriptor >= 0 { flightline_perf_close(descriptor) }
    }

    /// Why `perf_event_open` refused, in words a CI log reader can act on.
    static func reason(errno code: Int32, paranoid: Int32 = flightline_perf_paranoid()) -> String {
        let name = String(cString: strerror(code))
        switch code {
        case ENOENT, EOPNOTSUPP, ENODEV:
            return "no hardware performance-monitoring unit (perf_event_open: \(name); a virtual machine without a virtual PMU?)"
        case EACCES, EPERM:
            let setting = paranoid == Int32.min ? "" : " (kernel.perf_event_paranoid is \(paranoid), user-space counting needs ≤ 2)"
            return "not permitted (perf_event_open: \(name))\(setting)"
        case ENOSYS:
            return "perf_event_open is not available here (\(name); a container's seccomp profile?)"
        default:
            return "perf_event_open failed: \(name)"
        }
    }

    public func count(_ body: () -> Void) -> HardwareCounts? {
        guard leader >= 0 else {
            body()
            return nil
        }
        guard flightline_perf_reset(leader) == 0, flightline_perf_enable(leader) == 0 else {
            body()
            return nil
        }
        body()
        _ = flightline_perf_disable(leader)
        var values = [UInt64](repeating: 0, count: 4)
        var enabled: UInt64 = 0, running: UInt64 = 0
        let read = values.withUnsafeMutableBufferPointer { flightline_perf_read(leader, $0.baseAddress, 4, &enabled, &running) }
        guard read > 0, running > 0 else { return nil }
        // The kernel multiplexes a group it cannot schedule whole: scale by enabled ÷ running.
        let scale = Double(enabled) / Double(running)
        // Group values come in the order the members were opened, skipping failed ones.
        var opened = values.prefix(Int(read)).makeIterator()
        let ordered = descriptors.map { descriptor -> Double? in
            guard descriptor >= 0, let value = opened.next() else { return nil }
            return Double(value) * scale
        }
        return HardwareCounts(instructions: ordered[0], cycles: ordered[1], branchMisses: ordered[2], cacheMisses: ordered[3])
    }
}

/// Heap allocations of the calling thread, counted by BenchKit's allocator shim (the
/// `CAllocationCounter` target: malloc, calloc, realloc and the aligned allocators, each
/// counted and forwarded to glibc's own; glibc's manual, "Replacing malloc").
public enum AllocationCounter {
    /// Why allocations cannot be counted in this process, or `nil` when they can.
    public static var unavailableReason: String? {
        flightline_allocation_counting_active() == 1
            ? nil
            : "this process's malloc is not BenchKit's counting one (not glibc, or another allocator was preloaded)"
    }

    /// Allocation calls and bytes requested by this thread so far.
    public static func snapshot() -> (count: UInt64, bytes: UInt64) {
        var count: UInt64 = 0, bytes: UInt64 = 0
        flightline_allocations(&count, &bytes)
        return (count, bytes)
    }

    /// Bytes in use on the whole process's heap (glibc's `mallinfo2`: `uordblks + hblkhd`), if known.
    public static var heapBytesInUse: Int64? {
        let bytes = flightline_heap_bytes_in_use()
        return bytes < 0 ? nil : bytes
    }
}

/// Whether a run had hardware counters and allocation counts, and why not: a report says so once
/// rather than leaving each result's missing keys unexplained (JSON `counting`).
public struct CountingStatus: Codable, Equatable, Sendable {
    /// Hardware counters were read for every timed benchmark.
    public var hardwareCounters: Bool
    /// Why not, when they were not.
    public var hardwareCountersReason: String?
    /// Allocations were counted for every timed benchmark.
    public var allocations: Bool
    public var allocationsReason: String?
    /// Counted passes per benchmark (each one calibrated sample of the kernel, after timing).
    public var countedPasses: Int

    public init(hardwareCountersReason: String?, allocationsReason: String?, countedPasses: Int) {
        hardwareCounters = hardwareCountersReason == nil
        self.hardwareCountersReason = hardwareCountersReason
        allocations = allocationsReason == nil
        self.allocationsReason = allocationsReason
        self.countedPasses = countedPasses
    }
}
