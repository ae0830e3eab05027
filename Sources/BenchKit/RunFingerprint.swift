/// How the machine and build behind a baseline differ from this run's, field by field.
///
/// Times measured on different hardware are not comparable, so a difference in the processor
/// (model name, signature, frequency, cache), the core count or the architecture is
/// ``Difference/Kind/hardware``, and `bench run --compare` refuses it. A different kernel,
/// operating system, governor, memory size, compiler or build setting is
/// ``Difference/Kind/setup``: the comparison is still what a user may want (did the new
/// compiler slow us down?), so it is made, with a warning. A field the baseline does not record
/// (written by an older `bench`) is ``Difference/Kind/unrecorded``: it cannot be checked.
///
///     let differences = RunFingerprint.differences(baseline: saved, build: .current, machine: .current)
///     // [cpu: 'AMD EPYC' in the baseline, 'Intel(R) Xeon(R) Processor' here, kernel: …]
public enum RunFingerprint {
    public struct Difference: Equatable, Sendable, CustomStringConvertible {
        public enum Kind: String, Equatable, Sendable {
            case hardware, setup, unrecorded
        }

        /// The field as a user reads it (`cpu`, `cpu frequency`, `kernel`).
        public var field: String
        public var baseline: String?
        public var current: String?
        public var kind: Kind

        public var description: String {
            switch kind {
            case .unrecorded: "\(field): not recorded in the baseline (\(current ?? "unknown") here)"
            default: "\(field): '\(baseline ?? "unknown")' in the baseline, '\(current ?? "unknown")' here"
            }
        }
    }

    /// Relative difference in frequency tolerated as the same processor (a virtual machine's
    /// reported clock varies in the last digits between boots).
    public static let frequencyTolerance = 0.02

    /// Every difference, hardware first, then setup, then unrecorded; empty for the same machine
    /// and build.
    public static func differences(baseline: RunReport, build: BuildDescription, machine: MachineDescription) -> [Difference] {
        let old = baseline.machine, oldBuild = baseline.build
        var found: [Difference] = []
        func compare(_ field: String, _ then: String?, _ now: String?, _ kind: Difference.Kind) {
            guard then != now else { return }
            if then == nil, now != nil {
                found.append(Difference(field: field, baseline: nil, current: now, kind: .unrecorded))
            } else {
                found.append(Difference(field: field, baseline: then, current: now, kind: kind))
            }
        }
        compare("cpu", old.cpu, machine.cpu, .hardware)
        compare("cpu signature", old.cpuSignature, machine.cpuSignature, .hardware)
        compare("cores", "\(old.cores)", "\(machine.cores)", .hardware)
        compare("architecture", oldBuild.architecture, build.architecture, .hardware)
        let megahertz = { (value: Double?) in value.map { "\(Int($0.rounded())) MHz" } }
        if let then = old.cpuFrequencyMHz, let now = machine.cpuFrequencyMHz {
            if abs(then - now) > frequencyTolerance * max(then, now) {
                compare("cpu frequency", megahertz(then), megahertz(now), .hardware)
            }
        } else {
            compare("cpu frequency", megahertz(old.cpuFrequencyMHz), megahertz(machine.cpuFrequencyMHz), .hardware)
        }
        compare("cache", old.cacheSize, machine.cacheSize, .hardware)
        compare("kernel", old.kernel, machine.kernel, .setup)
        compare("os", old.os, machine.os, .setup)
        compare("governor", old.governor, machine.governor, .setup)
        let gibibytes = { (bytes: UInt64) in "\(((Double(bytes) / 1_073_741_824) * 10).rounded() / 10) GiB" }
        if old.memoryBytes != machine.memoryBytes {
            compare("memory", gibibytes(old.memoryBytes), gibibytes(machine.memoryBytes), .setup)
        }
        compare("configuration", oldBuild.configuration, build.configuration, .setup)
        compare("optimization", oldBuild.optimization, build.optimization, .setup)
        compare("compiler", oldBuild.compiler, build.compiler, .setup)
        compare("language mode", oldBuild.languageMode, build.languageMode, .setup)
        compare("tool", oldBuild.tool, build.tool, .setup)
        // Code built for another instruction set (FMA, AVX lanes) is other code on the same
        // hardware: compared, with a warning.
        compare("target cpu", oldBuild.targetCPU, build.targetCPU, .setup)
        let order: [Difference.Kind] = [.hardware, .setup, .unrecorded]
        return found.enumerated().sorted { a, b in
            let (x, y) = (order.firstIndex(of: a.element.kind)!, order.firstIndex(of: b.element.kind)!)
            return x != y ? x < y : a.offset < b.offset
        }.map(\.element)
    }
}
