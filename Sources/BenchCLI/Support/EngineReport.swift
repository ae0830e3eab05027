import Motion
import SpringSolver
import Studies

/// `bench integrators --engines`: every engine scheme under vsync and each load, against the
/// closed form (the study is Studies' ``EngineClockStudy``).
enum EngineReport {
    static func render(
        _ rows: [EngineClockRow], spring: ComparedSpring, seed: UInt64, clock: FrameClock, browser: BrowserTimer
    ) -> String {
        var lines = [
            "bench integrators --engines: \(spring.name) spring (\(spring.summary)), \(significant(spring.motion.initialPosition)) → \(significant(spring.motion.target)) pt; every engine's callback reads the frame's \(clock.rawValue) time; performance.now() as \(browserName(browser)); load seed \(seed)",
            "",
        ]
        var table = Table("engine")
        table.header = ["engine", "rate", "delivery", "max error", "time dilation", "lag", "settle shift"]
        for row in rows {
            table.add(row: [
                row.engine.rawValue, "\(row.hz.formatted) Hz", row.delivery,
                row.divergedAt.map { "diverged at \(significant($0)) s" } ?? "\(SceneReport.short(row.maxError)) pt",
                signed(100 * row.dilation) + " %", signed(1000 * row.lag) + " ms",
                row.settleShift.map { signed(1000 * $0) + " ms" } ?? "— (not settled)",
            ])
        }
        lines.append(table.rendered(indent: "  "))
        lines.append("")
        lines.append("  engines: " + SpringEngine.allCases.map { "\($0.rawValue) = \($0.engines)" }.joined(separator: "; "))
        lines.append("  timers: rebound reads Date.now() (whole ms); react-spring and rebound-master read performance.now(); compose reads the frame time in whole ns and plays whole ms")
        lines.append("  max error: what the engine shows against the closed form at the frame's presentation; time dilation and lag: the least-squares line through (presentation, the time the shown state stands for) over the frames, shown ≈ (1 + dilation)·real − lag (a negative lag is ahead); settle shift: when it stays within 0.5 pt of its target, against the closed form on the same frames")
        return lines.joined(separator: "\n")
    }

    /// "Chrome (100 µs)", for the header.
    static func browserName(_ browser: BrowserTimer) -> String {
        let name: String
        switch browser {
        case .chrome: name = "Chrome"
        case .chromeIsolated: name = "Chrome, cross-origin isolated"
        case .firefox: name = "Firefox"
        case .safari: name = "Safari"
        case .ideal: return "an ideal timer (exact)"
        }
        let resolution = browser.resolution >= 1e-3 ? "\(significant(browser.resolution * 1000)) ms" : "\(significant(browser.resolution * 1e6)) µs"
        return "\(name) (\(resolution))"
    }

    /// "+2 %", "-0.056 %", "0": rounding noise below 1e-6 is 0.
    static func signed(_ value: Double) -> String {
        let text = SceneReport.short(value)
        return value > 0 && text != "0" ? "+" + text : text
    }

    static func json(_ rows: [EngineClockRow], spring: ComparedSpring, seed: UInt64, clock: FrameClock, browser: BrowserTimer) -> JSON {
        .object([
            ("schema", .string("flightline.engines/1")),
            ("spring", .string(spring.name)),
            ("seed", .integer(Int(clamping: seed))),
            ("clock", .string(clock.rawValue)),
            ("browser", .string(browser.rawValue)),
            // seconds; 0 for the ideal timer.
            ("timerResolution", .number(browser.resolution)),
            ("rows", .array(rows.map { row in
                .object([
                    ("engine", .string(row.engine.rawValue)), ("hz", .number(row.hz)), ("delivery", .string(row.delivery)),
                    // null with divergedAt: the scheme blew up there.
                    ("maxError", .finite(row.maxError)), ("divergedAt", .finite(row.divergedAt)), ("dilation", .finite(row.dilation)),
                    // seconds behind the real time apart from the rate; negative = ahead.
                    ("lag", .finite(row.lag)),
                    // null: the engine or the closed form has not settled within the frames.
                    ("settleShift", .finite(row.settleShift)),
                ])
            })),
        ])
    }
}
