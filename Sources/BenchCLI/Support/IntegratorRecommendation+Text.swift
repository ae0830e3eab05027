import Studies

/// The wording of ``IntegratorRecommendation`` (Studies computes the advice; this only says it).
extension IntegratorRecommendation {
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
