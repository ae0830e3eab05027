import Foundation
import Motion
import SpringSolver
import Testing

@testable import BenchCLI

/// The words `bench` gives Motion's findings, notes and fixes (`Finding+Text.swift`): each
/// sentence states the evidence the value carries, at the precision the report uses. The model
/// tests assert findings by case and evidence; these are the only tests of their wording besides
/// the golden outputs.
@Suite struct FindingTextTests {
    static func f(_ value: Double, _ digits: Int) -> String { String(format: "%.\(digits)f", value) }

    @Test func pathFindingsStateTheirEvidence() throws {
        let bee = try Scene.seeds(named: "bee1+")[0]
        let report = try Validation.validate(bee, hz: 60)
        var seen: Set<Finding.Kind> = []
        for finding in report.findings {
            let message = finding.message(label: report.label)
            #expect(message == report.label + ": " + finding.text)
            seen.insert(finding.kind)
            switch finding {
            case .teleport(let t):
                #expect(finding.text.hasPrefix("teleports \(Self.f(t.distance, 1)) pt in one frame at element \(t.from.element!), t = \(Self.f(t.from.time, 2)) s"))
                #expect(finding.text.hasSuffix("(neighbouring steps ≤ \(Self.f(t.neighbourStep, 1)) pt)"))
            case .speedJump(let jump):
                let at = "at the join of elements \(jump.at.element!) → \(jump.at.nextElement!), t = \(Self.f(jump.at.time, 2)) s"
                #expect(finding.text.hasPrefix("speed jumps \(Self.f(jump.ratio, 2))× \(at) (\(Self.f(jump.speedBefore, 0)) → \(Self.f(jump.speedAfter, 0)) pt/s; a break"))
            case .turn(let turn):
                #expect(finding.text.hasPrefix("heading turns \(Self.f(turn.degrees, 1))° in one frame at the join of elements"))
                let test = try #require(turn.rateTest)
                #expect(finding.text.contains("ratio \(Self.f(test.ratio, 2))"))
            default:
                Issue.record("unexpected \(finding)")
            }
        }
        #expect(seen == [.teleport, .speedJump, .turn])
        // The off-screen seam is a note in words, with its visibility.
        let seam = try #require(report.notes.first { if case .seam = $0 { true } else { false } })
        #expect(seam.text.hasPrefix("the pass restarts every 3.30 s from ("))
        #expect(seam.text.contains("off screen back to"))
    }

    @Test func springFindingsStateTheirEvidence() throws {
        // The menu's show: the wave's first frame and the stop's snap.
        let menu = try Validation.validate(Scene.menu(.show), hz: 60)
        let wave = try #require(menu.findings.first { $0.kind == .firstFrameJump })
        guard case .firstFrameJump(let jump) = wave else { return }
        #expect(wave.text == "the wave appears at full height in the first frame (its middle \(Self.f(abs(jump.apex), 1)) pt above the flat edge, then it moves \(Self.f(jump.nextStep, 1)) pt in the next frame)")
        let costly = try menu.withFrameCost(seconds: 0.005)
        #expect(costly.findings.last?.text == "one frame costs 30.0 % of the 16.67 ms budget (limit 10 %)")
        // A spring kicked from rest.
        let kicked = try SpringMotion(
            spring: SpringParameters.response(response: 0.35, dampingRatio: 0.8, mass: 1).spring(), from: 0.0, to: 300.0,
            initialVelocity: 3000)
        let report = try Validation.validate(Scene.spring(kicked), hz: 60)
        guard case .startKick(let kick) = try #require(report.findings.first { $0.kind == .startKick }) else { return }
        #expect(Finding.startKick(kick).text.hasPrefix("jumps from rest to \(Self.f(kick.firstFrameSpeed, 0)) pt/s in the first frame, while the spring changes its velocity by \(Self.f(kick.nextFrameChange, 0)) pt/s over the next"))
        #expect(report.notes.map(\.text).contains { $0.hasPrefix("starts from rest with a velocity step of 3000 pt/s") })
    }

    @Test func deliveryFindingsStateTheirEvidence() throws {
        // 400 pt/s for 1 s, every frame 20 ms at 60 Hz: each frame misses its vsync.
        let move = try TimelineMotion(quantity: .position, end: 1, value: { t in SIMD2(400 * min(max(t, 0), 1), 0) })
        let load = try LoadProfile(
            name: "fixed", typicalCost: 0.020, jitter: 0, spikeProbability: 0, spikeCost: 0, callbackLatency: 0)
        let report = try Validation.deliver(
            Scene(name: "move", kind: .timeline(move, viewport: nil)), hz: 60,
            options: DeliveryOptions(model: .load(load), clock: .target))
        guard case .lateFrames(let late) = try #require(report.findings.first { $0.kind == .lateFrames }) else { return }
        #expect(Finding.lateFrames(late).text == "frames delivered load:fixed hitch \(Self.f(late.hitchTimeRatio, 1)) ms/s (\(late.hitchCount) late, the longest \(Self.f(1000 * late.longestHitch, 1)) ms): critical by XCTest's grades (≥ 10 ms/s)")
    }

    @Test func fixReasonsStateTheirFigures() throws {
        let bee = try Scene.seeds(named: "bee1+")[0]
        var clock = TickingClock(nanoseconds: 50)
        let result = try Validation.validate(bee, modes: [.linear], rates: [60], judgesFrameCost: false, clock: &clock)
        let fixes = Validation.fixes(for: result)
        #expect(!fixes.isEmpty)
        for fix in fixes {
            #expect(fix.finding == result.reports[fix.reportIndex].findings[fix.findingIndex])
            switch fix.reason {
            case .balancedJoin(let element, let from, let to, _, _, let speed):
                #expect(fix.text.hasPrefix("pass the join of elements \(element) → \(element + 1) at t = \(Self.f(to, 4)) s instead of \(Self.f(from, 4)) s"))
                #expect(fix.text.hasSuffix("then both become \(Self.f(speed, 0)) pt/s"))
            case .tangentJoin(_, _, let moved, let control, _, let to, _):
                #expect(fix.text.contains("move control point \(control) of element \(moved) from ("))
                #expect(fix.text.contains("to \(pointText(to)), on the"))
            case .offScreenCycle(let seam, let start, let end):
                #expect(fix.text.hasPrefix("the cycle restarts at t = \(Self.f(seam.time, 2)) s"))
                if let start { #expect(fix.text.contains("start it off screen at \(pointText(start.to)) (\(start.text))")) }
                if let end { #expect(fix.text.contains("end it off screen at \(pointText(end.to)) (\(end.text))")) }
            default:
                Issue.record("unexpected \(fix.reason)")
            }
        }
    }
}

/// A frame-cost clock that advances a fixed time per frame consumed.
private struct TickingClock: FrameCostClock {
    final class Time { var nanoseconds: UInt64 = 0 }
    let time = Time()
    let nanoseconds: UInt64
    func now() -> UInt64 { time.nanoseconds }
    func consume<T>(_ value: T) { time.nanoseconds += nanoseconds }
}
