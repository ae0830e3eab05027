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
///     let before = MachineLoad.Sample.now()
///     … measure …
///     if let busy = before?.otherCPUs(until: .now()), busy > 0.25 { warn(busy) }
public enum MachineLoad {
    /// Above this many CPUs' worth of other work on average, a run is called busy.
    public static let busyThreshold = 0.25

    /// One reading of the machine's and this process's CPU counters.
    public struct Sample: Sendable {
        /// Ticks all CPUs spent working (user, nice, system, irq, softirq, steal).
        var machineBusy: UInt64
        /// Ticks all CPUs existed (busy + idle + iowait).
        var machineTotal: UInt64
        /// Ticks this process (all its threads) ran.
        var ownBusy: UInt64
        var cpuCount: Int

        /// The counters now, or `nil` where `/proc` does not have them.
        public static func now() -> Sample? {
            guard let stat = try? String(contentsOfFile: "/proc/stat", encoding: .utf8),
                  let own = try? String(contentsOfFile: "/proc/self/stat", encoding: .utf8) else { return nil }
            return parse(stat: stat, ownStat: own)
        }

        static func parse(stat: String, ownStat: String) -> Sample? {
            guard let line = stat.split(separator: "\n").first(where: { $0.hasPrefix("cpu ") }) else { return nil }
            let fields = line.split(separator: " ").dropFirst().compactMap { UInt64($0) }
            guard fields.count >= 8 else { return nil }
            // user nice system idle iowait irq softirq steal [guest guest_nice: already in user]
            let busy = fields[0] + fields[1] + fields[2] + fields[5] + fields[6] + fields[7]
            let total = busy + fields[3] + fields[4]
            let cpus = stat.split(separator: "\n").filter { $0.hasPrefix("cpu") && !$0.hasPrefix("cpu ") }.count
            // /proc/self/stat: the command name is in parentheses and may hold spaces; fields
            // 14 and 15 (utime, stime) count from after it.
            guard let close = ownStat.lastIndex(of: ")") else { return nil }
            let rest = ownStat[ownStat.index(after: close)...].split(separator: " ")
            guard rest.count > 12, let user = UInt64(rest[11]), let system = UInt64(rest[12]) else { return nil }
            return Sample(machineBusy: busy, machineTotal: total, ownBusy: user + system, cpuCount: max(cpus, 1))
        }

        /// The average number of CPUs other processes kept busy between this sample and `later`
        /// (0 on an otherwise idle machine, up to the CPU count); `nil` without time between.
        public func otherCPUs(until later: Sample?) -> Double? {
            guard let later, later.machineTotal > machineTotal else { return nil }
            let busy = Double(later.machineBusy &- machineBusy), own = Double(later.ownBusy &- ownBusy)
            let wall = Double(later.machineTotal - machineTotal) / Double(cpuCount)
            return max(0, busy - own) / wall
        }
    }
}
