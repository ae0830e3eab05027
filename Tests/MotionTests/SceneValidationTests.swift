import Motion
import Testing

/// A synthetic clock: every consumed frame costs `frameNanoseconds`, reading the clock is free.
struct TickingClock: FrameCostClock {
    final class Time { var nanoseconds: UInt64 = 0; var frames = 0 }
    let time = Time()
    let frameNanoseconds: UInt64

    func now() -> UInt64 { time.nanoseconds }

    func consume<T>(_ value: T) {
        time.nanoseconds += frameNanoseconds
        time.frames += 1
    }
}

/// Scene validations, frame cost and finding groups, called from Swift without the CLI.
@Suite struct SceneValidationTests {
    @Test(arguments: [UInt64(50), 1_000_000])
    func frameCostIsTheClocksTimePerFrame(nanoseconds: UInt64) throws {
        for scene in [try Scene.bee(.one, seed: 0), try Scene.menu(.show)] {
            var clock = TickingClock(frameNanoseconds: nanoseconds)
            let seconds = FrameCost.seconds(for: scene, mode: .linear, clock: &clock)
            #expect(seconds == Double(nanoseconds) * 1e-9)
            #expect(clock.time.frames > 0)
            // Bounded: never much past the budget (one batch beyond it at most).
            #expect(clock.time.nanoseconds <= 3 * FrameCost.budgetNanoseconds)
        }
    }

    /// bench validate's seed report: on bee 2, paced timing removes the speed jumps, keeps the
    /// seam's teleport and adds sharp turns (the sixth element doubling back).
    @Test func beeInBothModesComparesThem() throws {
        var clock = TickingClock(frameNanoseconds: 50)
        let result = try Validation.validate(
            try Scene.bee(.two, seed: 1), modes: [.linear, .paced], rates: [60, 120], clock: &clock)
        #expect(result.reports.map(\.mode) == [.linear, .linear, .paced, .paced])
        #expect(result.isJanky)
        let comparison = try #require(result.modeComparison)
        #expect(comparison == SceneValidation.ModeComparison(removed: [.speedJump], kept: [.teleport], added: [.turn]))
        #expect(result.firstFrameWave == nil)
        for report in result.reports {
            #expect(abs(try #require(report.frameCostSeconds) - 50e-9) <= 1e-22)
        }
    }

    @Test func oneModeHasNoComparison() throws {
        var clock = TickingClock(frameNanoseconds: 50)
        let result = try Validation.validate(try Scene.bee(.one, seed: 1), modes: [.linear], rates: [60], clock: &clock)
        #expect(result.modeComparison == nil)
    }

    @Test func menuShowsItsWaveAndKeepsSharedNotesOnce() throws {
        var clock = TickingClock(frameNanoseconds: 50)
        let result = try Validation.validate(try Scene.menu(.show), modes: [.linear], rates: [60, 120], clock: &clock)
        #expect(result.reports.count == 2)
        let wave = try #require(result.firstFrameWave)
        #expect(wave.apex < 0)
        #expect(wave.steps.map(\.hz) == [60, 120])
        let shared = result.notes.filter { $0.hz == nil }.map(\.note)
        #expect(shared.indices.allSatisfy { i in !shared[..<i].contains(shared[i]) })
        for report in result.reports {
            for note in report.notes {
                #expect(result.notes.contains { $0.note == note && ($0.hz == nil || $0.hz == report.hz) })
            }
        }
    }

    /// A judged cost over the budget is a finding; an unjudged one never is.
    @Test func frameCostIsJudgedOnlyWhenAsked() throws {
        let scene = try Scene.bee(.one, seed: 1)
        var slow = TickingClock(frameNanoseconds: 100_000_000)
        let judged = try Validation.validate(scene, modes: [.linear], rates: [60], clock: &slow)
        #expect(judged.reports[0].findings.contains { $0.kind == .frameCost })
        var again = TickingClock(frameNanoseconds: 100_000_000)
        let unjudged = try Validation.validate(scene, modes: [.linear], rates: [60], judgesFrameCost: false, clock: &again)
        #expect(!unjudged.reports[0].findings.contains { $0.kind == .frameCost })
        #expect(!unjudged.judgesFrameCost)
    }

    @Test func findingGroupsKeepTheWorstOfEachKindAcrossRates() throws {
        var clock = TickingClock(frameNanoseconds: 50)
        let result = try Validation.validate(try Scene.bee(.one, seed: 1), modes: [.linear], rates: [60, 120], clock: &clock)
        let groups = Validation.findingGroups([result])
        let teleport = try #require(groups.first { $0.kind == .teleport })
        #expect(teleport.head == "bee1+ linear" || teleport.head == "bee1- linear")
        #expect(teleport.rates == [60, 120])
        let largest = result.reports.flatMap { $0.metrics.teleports.map(\.distance) }.max()
        #expect(teleport.worst.weight == largest)
        #expect(teleport.worst.kind == .teleport)
        #expect(teleport.count == result.reports.map { $0.findings.filter { $0.kind == .teleport }.count }.max())
    }
}
