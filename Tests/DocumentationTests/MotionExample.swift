import Foundation
import Motion
import Testing

/// The example of `Sources/Motion/Motion.docc/Motion.md`, run (see
/// `DocumentationExampleTests.swift` for the pattern).
@Test func motionExample() throws {
    // example:begin
    // A user's path: 300 pt to the right in 1 s, eased in and out, played once.
    let slide = try Scene.svg("M 0 0 L 300 0", duration: 1, timingCurve: .easeInEaseOut)
    let reports = try [60.0, 120.0].map { hz in try Validation.validate(slide, hz: hz) }
    for report in reports {
        print(report.label, report.verdict, String(format: "max step %.2f pt", report.metrics.maxStep))
    }
    // svg linear @60 Hz smooth max step 8.61 pt
    // svg linear @120 Hz smooth max step 4.31 pt

    // A seed scene: the first bee restarts each pass from off screen.
    let bee = try Scene.seeds(named: "bee1+")[0]
    let beeReport = try Validation.validate(bee, hz: 60)
    print(beeReport.verdict)  // janky
    if case .teleport(let jump) = beeReport.findings[0] {
        print(String(format: "teleport of %.1f pt at t = %.2f s", jump.distance, jump.from.time))
    }
    // teleport of 1172.8 pt at t = 3.28 s
    // example:end

    #expect(reports.map(\.verdict) == [.smooth, .smooth])
    #expect(abs(reports[0].metrics.maxStep - 8.61) < 0.005)
    #expect(abs(reports[1].metrics.maxStep - 4.31) < 0.005)
    // Doubling the rate halves the step of a smooth motion.
    #expect(abs(reports[0].metrics.maxStep / reports[1].metrics.maxStep - 2) < 0.01)
    #expect(beeReport.verdict == .janky)
    guard case .teleport(let jump) = beeReport.findings.first else { Issue.record("no teleport first"); return }
    #expect(String(format: "%.1f", jump.distance) == "1172.8")
    #expect(String(format: "%.2f", jump.from.time) == "3.28")
    #expect(jump.from.element == 7)
}
