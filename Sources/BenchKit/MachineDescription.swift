import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The machine a run was measured on. Host names are deliberately left out: reports get
/// shared.
public struct MachineDescription: Codable, Equatable, Sendable {
    /// CPU model name (`model name` in `/proc/cpuinfo`), or `unknown`.
    public var cpu: String
    /// Logical processors available to this process.
    public var cores: Int
    /// Physical memory in bytes.
    public var memoryBytes: UInt64
    /// Operating system (`PRETTY_NAME` of `/etc/os-release`, else the kernel's name).
    public var os: String
    /// Kernel release (`uname -r`).
    public var kernel: String
    /// CPU frequency governor of cpu0 when the kernel exposes it (`performance` is what you
    /// want for benchmarks), else omitted.
    public var governor: String?
    /// What tells processors of one marketing name apart: vendor, family, model and stepping
    /// on x86 (`GenuineIntel family 6 model 207 stepping 2`), implementer, part and variant
    /// on ARM; omitted when `/proc/cpuinfo` does not say.
    public var cpuSignature: String?
    /// The processor's frequency in MHz: the maximum from cpufreq where the kernel exposes it
    /// (stable under frequency scaling), else the `cpu MHz` of `/proc/cpuinfo` (what a
    /// virtual machine reports, constant), rounded to 10 MHz; omitted when unknown.
    public var cpuFrequencyMHz: Double?
    /// The last-level cache size as `/proc/cpuinfo` states it (`266240 KB`), if it does.
    public var cacheSize: String?
    /// The clock's resolution and reading cost, measured at the start of the run.
    public var timer: TimerCharacteristics?

    public init(cpu: String, cores: Int, memoryBytes: UInt64, os: String, kernel: String,
                governor: String? = nil, timer: TimerCharacteristics? = nil, cpuSignature: String? = nil,
                cpuFrequencyMHz: Double? = nil, cacheSize: String? = nil) {
        self.cpuSignature = cpuSignature
        self.cpuFrequencyMHz = cpuFrequencyMHz
        self.cacheSize = cacheSize
        self.cpu = cpu
        self.cores = cores
        self.memoryBytes = memoryBytes
        self.os = os
        self.kernel = kernel
        self.governor = governor
        self.timer = timer
    }

    /// This machine, read from `/proc`, `/etc/os-release`, `/sys` and `uname`. Without a timer
    /// measurement: the runner adds one (``RunOutcome/timer``).
    public static var current: MachineDescription {
        let names = unameFields()
        let cpuinfo = readText("/proc/cpuinfo") ?? ""
        let maximumKHz = readText("/sys/devices/system/cpu/cpu0/cpufreq/cpuinfo_max_freq")
            .flatMap { Double($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
        let megahertz = maximumKHz.map { $0 / 1000 } ?? firstValue(of: ["cpu MHz"], inCPUInfo: cpuinfo).flatMap(Double.init)
        return MachineDescription(
            cpu: cpuModel(fromCPUInfo: cpuinfo) ?? "unknown",
            cores: ProcessInfo.processInfo.activeProcessorCount,
            memoryBytes: ProcessInfo.processInfo.physicalMemory,
            os: prettyName(fromOSRelease: readText("/etc/os-release") ?? "") ?? names.system,
            kernel: names.release,
            governor: readText("/sys/devices/system/cpu/cpu0/cpufreq/scaling_governor")?
                .trimmingCharacters(in: .whitespacesAndNewlines),
            cpuSignature: cpuSignature(fromCPUInfo: cpuinfo),
            cpuFrequencyMHz: megahertz.flatMap { $0 > 0 && $0.isFinite ? ($0 / 10).rounded() * 10 : nil },
            cacheSize: firstValue(of: ["cache size"], inCPUInfo: cpuinfo)
        )
    }

    /// `GenuineIntel family 6 model 207 stepping 2` (x86) or `implementer 0x41 part 0xd0c
    /// variant 0x1` (ARM), from the first processor's block.
    static func cpuSignature(fromCPUInfo text: String) -> String? {
        let x86 = [("", "vendor_id"), ("family ", "cpu family"), ("model ", "model"), ("stepping ", "stepping")]
        let arm = [("implementer ", "CPU implementer"), ("part ", "CPU part"), ("variant ", "CPU variant")]
        for fields in [x86, arm] {
            let values = fields.compactMap { label, key in firstValue(of: [key], inCPUInfo: text).map { label + $0 } }
            if values.count == fields.count { return values.joined(separator: " ") }
        }
        return nil
    }

    /// The first non-empty value of `key` (exactly, before the colon).
    static func firstValue(of keys: [String], inCPUInfo text: String) -> String? {
        for key in keys {
            for line in text.split(separator: "\n") {
                let parts = line.split(separator: ":", maxSplits: 1)
                guard parts.count == 2, parts[0].trimmingCharacters(in: .whitespaces) == key else { continue }
                let value = parts[1].trimmingCharacters(in: .whitespaces)
                if !value.isEmpty { return value }
            }
        }
        return nil
    }

    /// The first `model name` (x86) or `Model`/`CPU part`-less `Hardware` (ARM) value.
    static func cpuModel(fromCPUInfo text: String) -> String? {
        for key in ["model name", "Model", "Hardware", "cpu model"] {
            for line in text.split(separator: "\n") {
                let parts = line.split(separator: ":", maxSplits: 1)
                guard parts.count == 2,
                      parts[0].trimmingCharacters(in: .whitespaces) == key else { continue }
                let value = parts[1].trimmingCharacters(in: .whitespaces)
                if !value.isEmpty { return value }
            }
        }
        return nil
    }

    /// `PRETTY_NAME="Debian GNU/Linux 12 (bookworm)"` → `Debian GNU/Linux 12 (bookworm)`.
    static func prettyName(fromOSRelease text: String) -> String? {
        for line in text.split(separator: "\n") where line.hasPrefix("PRETTY_NAME=") {
            var value = line.dropFirst("PRETTY_NAME=".count)
            if value.first == "\"" || value.first == "'" { value = value.dropFirst() }
            if value.last == "\"" || value.last == "'" { value = value.dropLast() }
            return value.isEmpty ? nil : String(value)
        }
        return nil
    }

    private static func readText(_ path: String) -> String? {
        try? String(contentsOfFile: path, encoding: .utf8)
    }

    private static func unameFields() -> (system: String, release: String) {
        var info = utsname()
        guard uname(&info) == 0 else { return ("unknown", "unknown") }
        func field<T>(_ value: inout T) -> String {
            withUnsafeBytes(of: &value) { raw in
                String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
            }
        }
        return (field(&info.sysname), field(&info.release))
    }
}
