import Testing
@testable import BenchKit

@Suite("Machine load: other processes' CPU time during a run")
struct MachineLoadTests {
    static func stat(busy: UInt64, idle: UInt64, steal: UInt64 = 0) -> String {
        // user nice system idle iowait irq softirq steal guest guest_nice, then two CPUs.
        "cpu  \(busy) 0 0 \(idle) 0 0 0 \(steal) 0 0\ncpu0 0 0 0 0 0 0 0 0 0 0\ncpu1 0 0 0 0 0 0 0 0 0 0\nintr 1\n"
    }

    static func own(_ ticks: UInt64) -> String {
        "4242 (bench run (x)) R 1 1 1 0 -1 4194304 100 0 0 0 \(ticks) 0 0 0 20 0 1 0"
    }

    /// 2 CPUs for 100 ticks each: 200 ticks in all.
    @Test(arguments: [
        (UInt64(100), UInt64(0), UInt64(100), 0.0),    // only this process ran, on one CPU
        (UInt64(200), UInt64(0), UInt64(100), 1.0),    // someone else kept the other CPU busy
        (UInt64(130), UInt64(20), UInt64(100), 0.5),   // others 30 ticks + 20 stolen by the host
        (UInt64(0), UInt64(0), UInt64(0), 0.0),        // idle machine
    ])
    func otherCPUsCountEveryoneButThisProcess(busy: UInt64, steal: UInt64, ownTicks: UInt64, expected: Double) throws {
        let before = try #require(MachineLoad.Sample.parse(stat: Self.stat(busy: 0, idle: 0), ownStat: Self.own(0)))
        let after = try #require(MachineLoad.Sample.parse(stat: Self.stat(busy: busy, idle: 200 - busy - steal, steal: steal), ownStat: Self.own(ownTicks)))
        #expect(abs((before.otherCPUs(until: after) ?? -1) - expected) < 1e-12)
    }

    @Test func unreadableCountersGiveNoAnswerRatherThanAWrongOne() {
        #expect(MachineLoad.Sample.parse(stat: "", ownStat: Self.own(1)) == nil)
        #expect(MachineLoad.Sample.parse(stat: Self.stat(busy: 1, idle: 1), ownStat: "garbage") == nil)
        let sample = MachineLoad.Sample.parse(stat: Self.stat(busy: 1, idle: 1), ownStat: Self.own(1))
        #expect(sample?.otherCPUs(until: sample) == nil)            // no time passed
        #expect(MachineLoad.Sample.now() != nil)                    // Linux has /proc
    }
}
