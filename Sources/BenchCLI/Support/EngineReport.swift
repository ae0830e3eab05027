import Motion
import SpringSolver
import Studies

/// `bench integrators --engines`: every engine scheme under vsync and each load, against the
/// closed form (the study is Studies' ``EngineClockStudy``).
enum EngineReport {
    static func render(_ rows: [EngineClockRow], spring: ComparedSpring, seed: UInt64) -> String {
        var lines = [
            "bench integrators --engines: \(spring.name) spring (\(spring.summary)), \(significant(spring.motion.initialPosition)) → \(significant(spring.motion.target)) pt; every engine reads the frame's target time; seed \(seed)",
            "",
        ]
        var table = Table("engine")
        table.header = ["engine", "rate", "delivery", "max error", "time dilation", "settle shift"]
        for row in rows {
            table.add(row: [
                row.engine.rawValue, "\(row.hz.formatted) Hz", row.delivery,
                row.divergedAt.map { "diverged at \(significant($0)) s" } ?? "\(SceneReport.short(row.maxError)) pt",
                signed(100 * row.dilation) + " %",
                row.settleShift.map { signed(1000 * $0) + " ms" } ?? "— (not settled)",
            ])
        }
        lines.append(table.rendered(indent: "  "))
        lines.append("")
        lines.append("  engines: " + SpringEngine.allCases.map { "\($0.rawValue) = \($0.engines)" }.joined(separator: "; "))
        lines.append("  max error: what the engine shows against the closed form at the frame's presentation; time dilation: the engine's time over the real time at the last frame; settle shift: when it stays within 0.5 pt of its target, against the closed form on the same frames")
        return lines.joined(separator: "\n")
    }

    /// "+2 %", "-0.056 %", "0": rounding noise below 1e-6 is 0.
    static func signed(_ value: Double) -> String {
        let text = SceneReport.short(value)
        return value > 0 && text != "0" ? "+" + text : text
    }

    static func json(_ rows: [EngineClockRow], spring: ComparedSpring, seed: UInt64) -> JSON {
        .object([
            ("schema", .string("flightline.engines/1")),
            ("spring", .string(spring.name)),
            ("seed", .integer(Int(clamping: seed))),
            ("rows", .array(rows.map { row in
                .object([
                    ("engine", .string(row.engine.rawValue)), ("hz", .number(row.hz)), ("delivery", .string(row.delivery)),
                    // null with divergedAt: the scheme blew up there.
                    ("maxError", .finite(row.maxError)), ("divergedAt", .finite(row.divergedAt)), ("dilation", .finite(row.dilation)),
                    // null: the engine or the closed form has not settled within the frames.
                    ("settleShift", .finite(row.settleShift)),
                ])
            })),
        ])
    }
}
