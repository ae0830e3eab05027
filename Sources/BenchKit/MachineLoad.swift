import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// How busy the rest of the machine is: CPU time used by other processes (and, in a virtual
/// machine, taken by the host as `steal`), read from `/proc/stat` and `/proc/self/stat`.
///
/// A benchmark shares the processor's cores, caches and memory bandwidth with whatever else
/// runs; on a machine where other processes use a core's worth of time, a kernel can be tens
/// of percent slower for seconds at a time. A comparison made then cannot tell the code from
/// the contention, and should say so.
///
/// **Resolution.** Both files count in clock ticks (`sysconf(_SC_CLK_TCK)`, 100 per second on
/// Linux: proc(5), "USER_HZ"). Each reading truncates every CPU's counters and this process's
/// own to whole ticks, so a difference of two readings is uncertain by up to one tick per CPU
/// for the machine and a few for the process — (CPUs + 4) ticks in all. Over 0.3 s on 2 CPUs
/// that is ±0.2 CPUs, as much as the figure it would qualify; so ``Sample/otherCPUs(until:)``
/// gives no figure for a window shorter than ``minimumWindowSeconds(cpuCount:ticksPerSecond:)``,
/// where the uncertainty is at most ``maximumUncertainty`` CPUs.
///
/// **Children.** Work done by this process's waited-for children (`cutime`, `cstime`: the
/// fresh `bench run` processes that re-measure suspects) counts as this process's own, not as
/// another process's: the parent measuring the load around them must not call its own
/// children contention.
///
///     let before = MachineLoad.Sample.now()
///     … measure …
///     if let busy = before?.otherCPUs(until: .now()), busy > MachineLoad.busyThreshold { warn(busy) }
public enum MachineLoad {
    /// Above this many CPUs' worth of other work on average, a run is called busy.
    public static let busyThreshold = 0.25

    /// The largest uncertainty, in CPUs, of a figure ``Sample/otherCPUs(until:)`` gives: a
    /// fifth of ``busyThreshold``.
    public static let maximumUncertainty = 0.05

    /// The shortest window over which the other processes' load is known to within
    /// ``maximumUncertainty``: (CPUs + 4) ticks ÷ (ticks per second × that uncertainty), and
    /// never under a second. 1.2 s on 2 CPUs at 100 ticks per second.
    public static func minimumWindowSeconds(cpuCount: Int, ticksPerSecond: Double) -> Double {
        max(1, Double(cpuCount + 4) / (ticksPerSecond * maximumUncertainty))
    }

    /// One reading of the machine's and this process's CPU counters.
    public struct Sample: Sendable, Equatable {
        /// Ticks all CPUs spent working (user, nice, system, irq, softirq, steal).
        var machineBusy: UInt64
        /// Ticks all CPUs existed (busy + idle + iowait).
        var machineTotal: UInt64
        /// Ticks this process (all its threads) and its waited-for children ran.
        var ownBusy: UInt64
        var cpuCount: Int
        /// Clock ticks per second (`USER_HZ`).
        var ticksPerSecond: Double

        /// The counters now, or `nil` where `/proc` does not have them.
        public static func now() -> Sample? {
            guard let stat = try? String(contentsOfFile: "/proc/stat", encoding: .utf8),
                  let own = try? String(contentsOfFile: "/proc/self/stat", encoding: .utf8) else { return nil }
            let hertz = Double(sysconf(Int32(_SC_CLK_TCK)))
            return parse(stat: stat, ownStat: own, ticksPerSecond: hertz > 0 ? hertz : 100)
        }

        static func parse(stat: String, ownStat: String, ticksPerSecond: Double = 100) -> Sample? {
            guard let line = stat.split(separator: "\n").first(where: { $0.hasPrefix("cpu ") }) else { return nil }
            let fields = line.split(separator: " ").dropFirst().compactMap { UInt64($0) }
            guard fields.count >= 8 else { return nil }
            // user nice system idle iowait irq softirq steal [guest guest_nice: already in user]
            let busy = fields[0] + fields[1] + fields[2] + fields[5] + fields[6] + fields[7]
            let total = busy + fields[3] + fields[4]
            let cpus = stat.split(separator: "\n").filter { $0.hasPrefix("cpu") && !$0.hasPrefix("cpu ") }.count
            // /proc/self/stat: the command name is in parentheses and may hold spaces; fields
            // 14–17 (utime, stime, cutime, cstime) count from after it.
            guard let close = ownStat.lastIndex(of: ")") else { return nil }
            let rest = ownStat[ownStat.index(after: close)...].split(separator: " ")
            guard rest.count > 14, let user = UInt64(rest[11]), let system = UInt64(rest[12]) else { return nil }
            // cutime and cstime are signed in proc(5); a negative value never occurs in practice.
            let children = (UInt64(rest[13]) ?? 0) + (UInt64(rest[14]) ?? 0)
            return Sample(machineBusy: busy, machineTotal: total, ownBusy: user + system + children,
                          cpuCount: max(cpus, 1), ticksPerSecond: ticksPerSecond)
        }

        /// The seconds between this sample and `later`, from the machine's tick counts.
        public func seconds(until later: Sample) -> Double {
            guard later.machineTotal > machineTotal else { return 0 }
            return Double(later.machineTotal - machineTotal) / Double(cpuCount) / ticksPerSecond
        }

        /// The average number of CPUs other processes kept busy between this sample and `later`
        /// (0 on an otherwise idle machine, up to the CPU count); `nil` when the window is
        /// shorter than ``MachineLoad/minimumWindowSeconds(cpuCount:ticksPerSecond:)``, where
        /// the ticks cannot tell a busy machine from an idle one.
        public func otherCPUs(until later: Sample?) -> Double? {
            guard let later, later.machineTotal > machineTotal,
                  seconds(until: later) >= MachineLoad.minimumWindowSeconds(cpuCount: cpuCount, ticksPerSecond: ticksPerSecond)
            else { return nil }
            let busy = Double(later.machineBusy &- machineBusy), own = Double(later.ownBusy &- ownBusy)
            let wall = Double(later.machineTotal - machineTotal) / Double(cpuCount)
            return max(0, busy - own) / wall
        }
    }
}
