import Motion

/// `bench validate --frames …` and `--trace`: every platform's figure side by side, from the
/// same frames, with what only a headless tool adds (the on-screen error, the frame-counted
/// engine's drift).
extension SceneReport {
    /// The tables of one scene's delivered frames, one row per mode × rate: every platform's
    /// figures, then the on-screen view; `nil` without delivery.
    static func deliveryTables(_ reports: [ValidationReport]) -> (platforms: Table, screen: Table)? {
        let delivered = reports.filter { $0.delivery != nil }
        guard !delivered.isEmpty else { return nil }
        var platforms = Table("check")
        platforms.header = ["check", "Apple hitch", "XCTest/Organizer", "JankStats", "Chrome dropped %"]
        var screen = Table("check")
        screen.header = ["check", "Android overrun ms", "on-screen pt", "frame-counted"]
        for report in delivered {
            let d = report.delivery!
            let p = d.platform
            let check = [report.mode?.rawValue, rate(report.hz)].compactMap { $0 }.joined(separator: " ")
            platforms.add(row: [
                check, "\(short(p.apple.hitchTimeRatio)) ms/s", "\(p.apple.xctest.rawValue)/\(p.apple.organizer.rawValue)",
                "\(p.android.jankCount)/\(p.android.frames)",
                [p.chrome.median, p.chrome.p95, p.chrome.max].map(short).joined(separator: "/"),
            ])
            screen.add(row: [
                check,
                [p.android.overrunP50, p.android.overrunP90, p.android.overrunP95, p.android.overrunP99, p.android.overrunMax].map(short)
                    .joined(separator: "/"),
                d.onScreen.map { "\(short($0.max))/\(short($0.p99))" } ?? "— (recording)",
                d.frameCounted.map { "\(short($0.max)) pt, +\(short(1000 * (d.frameCountedDelay ?? 0))) ms" } ?? "—",
            ])
        }
        return (platforms, screen)
    }

    /// "1 ns", "1 ms", "10 µs": a time resolution in words.
    static func resolution(_ seconds: Double) -> String {
        let (value, unit) = seconds >= 1 ? (seconds, "s") : seconds >= 1e-3 ? (seconds * 1e3, "ms")
            : seconds >= 1e-6 ? (seconds * 1e6, "µs") : (seconds * 1e9, "ns")
        return "\(SceneThresholds.trimmed(significant(value))) \(unit)"
    }

    /// Three significant digits without trailing zeros; below 1e-6 (rounding of positions
    /// computed to 1e-6 pt) 0.
    static func short(_ value: Double) -> String {
        abs(value) < 1e-6 ? "0" : SceneThresholds.trimmed(significant(value, 3))
    }

    /// The lines under a scene's tables: the delivery, the tables, and what their columns mean.
    static func deliveryLines(_ result: SceneValidation) -> [String] {
        guard let tables = deliveryTables(result.reports), let first = result.reports.first?.delivery else { return [] }
        var lines = ["", "  frames as delivered (\(FrameDeliveryOption.describe(first.options))):"]
        lines.append(tables.platforms.rendered(indent: "  "))
        lines.append(tables.screen.rendered(indent: "  "))
        let t = first.options.thresholds
        lines.append(
            "  Apple: hitch time (late presentation) per second, XCTest (and the 2020 Organizer) good < \(t.xctestWarning.formatted), critical ≥ \(t.xctestCritical.formatted) ms/s, today's Organizer good/warning/critical ≤ \(t.organizer.map { $0.formatted }.joined(separator: "/")), immediate attention above; JankStats: frames over \(t.jankMultiplier.formatted)× the interval, strictly, in whole steps of the times' resolution (\(resolution(first.platform.android.timeResolution)))\(first.platform.android.durationsAreCosts ? "" : " (durations between presentations: no costs recorded)"); Chrome: dropped refreshes in \(t.droppedFramesWindow.formatted) s windows, median/p95/max; Android overrun: completion − deadline, p50/p90/p95/p99 by Macrobenchmark's interpolation, max; on-screen: shown − where the motion should be when shown, max/p99 (janky above \(t.maxOnScreenError.formatted) pt at p99); frame-counted: an engine adding 1/hz per frame, its worst error and how late it ends")
        return lines
    }

    /// One line per mode × rate: the sample-based figures over the phase of the frames.
    static func phaseLines(_ result: SceneValidation) -> [String] {
        var lines: [String] = []
        for report in result.reports {
            guard let sweep = report.phaseSweep else { continue }
            var parts: [String] = []
            if let jump = sweep.speedJump {
                parts.append("speed jump \(significant(jump.min))–\(significant(jump.max))× (worst at phase \(significant(jump.worstPhase, 2)))")
            }
            if let turn = sweep.turn {
                parts.append("turn \(significant(turn.min, 2))–\(significant(turn.max, 2))° (worst at phase \(significant(turn.worstPhase, 2)))")
            }
            parts.append("max step \(significant(sweep.maxStep.min))–\(significant(sweep.maxStep.max)) pt")
            let check = [report.mode?.rawValue, rate(report.hz)].compactMap { $0 }.joined(separator: " ")
            lines.append("  frame phase, \(check) (\(sweep.phases) phases of a frame): " + parts.joined(separator: "; "))
        }
        return lines
    }

    /// The `phaseSweep` member of a `validate` JSON entry.
    static func phaseJSON(_ sweep: PhaseSweep) -> JSON {
        func range(_ r: PhaseSweep.Range?) -> JSON {
            guard let r else { return .null }
            return .object([("min", .finite(r.min)), ("max", .finite(r.max)), ("worstPhase", .finite(r.worstPhase))])
        }
        return .object([
            ("phases", .integer(sweep.phases)), ("speedJump", range(sweep.speedJump)), ("turn", range(sweep.turn)),
            ("maxStep", range(sweep.maxStep)),
        ])
    }

    /// The `delivery` member of a `validate` JSON entry; `null` for ideal frames.
    static func deliveryJSON(_ report: ValidationReport) -> JSON {
        guard let d = report.delivery else { return .null }
        let p = d.platform
        func error(_ e: OnScreenError?) -> JSON {
            guard let e else { return .null }
            return .object([("max", .finite(e.max)), ("p99", .finite(e.p99)), ("maxAt", .finite(e.maxAt))])
        }
        return .object([
            ("model", .string(d.options.model.name)),
            ("clock", .string(d.options.clock.rawValue)),
            ("seed", .integer(Int(clamping: d.options.seed))),
            ("frames", .integer(d.delivery.frames.count)),
            ("apple", .object([
                ("hitchTimeRatio", .finite(p.apple.hitchTimeRatio)), ("totalHitchTime", .finite(p.apple.totalHitchTime)),
                ("duration", .finite(p.apple.duration)), ("hitchCount", .integer(p.apple.hitchCount)),
                ("longestHitch", .finite(p.apple.longestHitch)), ("xctest", .string(p.apple.xctest.rawValue)),
                ("organizer", .string(p.apple.organizer.rawValue)),
            ])),
            ("android", .object([
                ("frameOverrunMs", .object([
                    ("p50", .finite(p.android.overrunP50)), ("p90", .finite(p.android.overrunP90)),
                    ("p95", .finite(p.android.overrunP95)), ("p99", .finite(p.android.overrunP99)),
                    ("max", .finite(p.android.overrunMax)),
                ])),
                ("jankCount", .integer(p.android.jankCount)), ("durationsAreCosts", .bool(p.android.durationsAreCosts)),
                // seconds: the step of the frames' times JankStats' durations are taken in.
                ("timeResolution", .finite(p.android.timeResolution)),
            ])),
            ("chrome", .object([
                ("percentDroppedFrames", .object([
                    ("median", .finite(p.chrome.median)), ("p95", .finite(p.chrome.p95)), ("max", .finite(p.chrome.max)),
                ])),
                ("windows", .integer(p.chrome.windows)), ("slots", .integer(p.chrome.slots)), ("dropped", .integer(p.chrome.dropped)),
            ])),
            // null for a recording: it has no ideal trajectory to measure against.
            ("onScreenError", error(d.onScreen)),
            ("frameCountedError", error(d.frameCounted)),
            ("frameCountedDelay", .finite(d.frameCountedDelay)),
            ("reasons", .array(d.findings.map { .string($0.message(label: report.label)) })),
        ])
    }
}
