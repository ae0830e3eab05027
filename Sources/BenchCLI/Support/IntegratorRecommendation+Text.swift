import SpringSolver

/// The advice of `bench integrators` for one spring × rate: which method to drive the spring
/// with, ranked by a cost that is the same on every run and every machine.
///
/// The cost is ``IntegratorKind/operationsPerStep`` × substeps: floating-point operations per
/// frame, counted from each method's code. Measured times are not used: a whole run's time per
/// frame is dominated by the harness (67–113 ns per frame for every fixed-step method, against
/// 0.6–3.5 ns per bare step in `bench run`), so ranking by it flipped between runs
/// (issue 10). Candidates are SpringSolver's general fixed-step methods (not `exact`, which is
/// reported on its own, and not the adaptive or GSL rows, whose work per frame depends on the
/// motion and the tolerance: their evaluations are in the table) that stay stable and within
/// ``IntegratorComparisonRunner/visibleError`` of the exact motion on every frame. Methods
/// that cost the same are a tie, listed smallest error first.
struct IntegratorRecommendation: Sendable, Equatable {
    /// One ranked method.
    struct Choice: Sendable, Equatable {
        /// The row label (`rk4`, `rk4 ×2`).
        var label: String
        var maxError: Double
        var operationsPerFrame: Int
    }

    var spring: String
    var hz: Double
    /// The exact propagator at one step per frame, when it ran.
    var exact: Choice?
    /// The inexact fixed-step rows that cost fewer operations per frame than `exact`,
    /// cheapest first.
    var cheaperThanExact: [Choice]
    /// The cheapest general fixed-step methods under the visible error: one, or several tied
    /// at the same cost (smallest error first); empty when none stays under it.
    var cheapest: [Choice]
    /// Rows that diverged, and rows that could not run (with the failure in their row).
    var unstable: [String]
    var failed: [String]

    /// Whether several methods share the lowest cost.
    var isTie: Bool { cheapest.count > 1 }

    init(spring: String, hz: Double, rows: [IntegratorRow]) {
        self.spring = spring
        self.hz = hz
        let usable = rows.filter { $0.failure == nil }
        func choice(_ row: IntegratorRow) -> Choice? {
            row.operationsPerFrame.map { Choice(label: row.label, maxError: row.maxError, operationsPerFrame: $0) }
        }
        func ordered(_ a: Choice, _ b: Choice) -> Bool {
            (a.operationsPerFrame, a.maxError, a.label) < (b.operationsPerFrame, b.maxError, b.label)
        }
        exact = usable.first { $0.integrator == IntegratorKind.exact.rawValue && $0.substeps == 1 }.flatMap(choice)
        let fixed = usable.filter { row in
            row.mode == .fixedStep && row.integrator != IntegratorKind.exact.rawValue && IntegratorKind(rawValue: row.integrator) != nil
        }
        cheaperThanExact = exact.map { exact in
            fixed.compactMap(choice).filter { $0.operationsPerFrame < exact.operationsPerFrame }.sorted(by: ordered)
        } ?? []
        let candidates = fixed.filter { $0.stable && $0.maxError < IntegratorComparisonRunner.visibleError }
            .compactMap(choice).sorted(by: ordered)
        let lowest = candidates.first?.operationsPerFrame
        cheapest = candidates.filter { $0.operationsPerFrame == lowest }
        unstable = usable.filter { !$0.stable }.map(\.label)
        failed = rows.filter { $0.failure != nil }.map(\.label)
    }

    /// One line, built from the values above only (no measured time), so it reads the same on
    /// every run.
    var text: String {
        let limit = significant(IntegratorComparisonRunner.visibleError)
        func operations(_ count: Int) -> String { "\(count) operation\(count == 1 ? "" : "s")/frame" }
        var parts: [String] = []
        if let exact {
            var part = "exact (propagator) is exact (max error \(significant(exact.maxError, 2)) pt, rounding) at \(operations(exact.operationsPerFrame))"
            if cheaperThanExact.isEmpty {
                part += ", the fewest of any method"
            } else {
                let names = cheaperThanExact.map { "\($0.label) \($0.operationsPerFrame), \(significant($0.maxError, 2)) pt" }
                part += " (cheaper but inexact: \(names.joined(separator: "; ")))"
            }
            parts.append(part)
        }
        if let best = cheapest.first {
            if isTie {
                let names = cheapest.map { "\($0.label) (\(significant($0.maxError, 2)) pt)" }
                let list = names.dropLast().joined(separator: ", ") + " and " + names.last!
                parts.append("among general fixed-step integrators \(list) tie as the cheapest with error < \(limit) pt "
                             + "(\(operations(best.operationsPerFrame)) each)")
            } else {
                parts.append("among general fixed-step integrators \(best.label) is the cheapest with error < \(limit) pt "
                             + "(\(significant(best.maxError, 2)) pt, \(operations(best.operationsPerFrame)))")
            }
        } else {
            parts.append("no general fixed-step integrator stays under \(limit) pt")
        }
        if !unstable.isEmpty { parts.append("unstable: \(unstable.joined(separator: ", "))") }
        if !failed.isEmpty { parts.append("failed: \(failed.joined(separator: ", "))") }
        return "at \(hz.formatted) Hz, for this spring: " + parts.joined(separator: "; ")
    }

    /// The JSON entry: the text and the values it is built from.
    var json: JSON {
        func entry(_ choice: Choice) -> JSON {
            .object([("integrator", .string(choice.label)), ("maxError", .finite(choice.maxError)),
                     ("operationsPerFrame", .integer(choice.operationsPerFrame))])
        }
        return .object([
            ("spring", .string(spring)),
            ("hz", .number(hz)),
            ("text", .string(text)),
            ("cheapest", .array(cheapest.map(entry))),
            ("tie", .bool(isTie)),
            ("operationsPerFrame", cheapest.first.map { .integer($0.operationsPerFrame) } ?? .null),
            ("exact", exact.map(entry) ?? .null),
            ("unstable", .array(unstable.map(JSON.string))),
            ("failed", .array(failed.map(JSON.string))),
        ])
    }
}
