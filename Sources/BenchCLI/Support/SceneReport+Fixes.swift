import Motion

/// `bench validate`'s computed fixes (`Validation.fixes`): one line per scene × mode × change,
/// with the rates it applies at, and under it the same change in the scene file's terms.
extension SceneReport {
    /// Every scene's fixes, computed once for all the outputs of one run (text, JSON, Markdown).
    static func fixes(_ results: [SceneValidation], thresholds: Thresholds) -> [[FixSuggestion]] {
        results.map { Validation.fixes(for: $0, thresholds: thresholds) }
    }

    static func fixLines(_ results: [SceneValidation], fixes: [[FixSuggestion]]) -> [String] {
        struct Entry { var head: String; var text: String; var rates: [Double]; var source: [SourceChange] }
        var entries: [Entry] = []
        for (result, sceneFixes) in zip(results, fixes) {
            for fix in sceneFixes {
                let report = result.reports[fix.reportIndex]
                let head = [result.scene.name, report.mode?.rawValue].compactMap { $0 }.joined(separator: " ")
                if let index = entries.firstIndex(where: { $0.head == head && $0.text == fix.text && $0.source == fix.sourceChanges }) {
                    if !entries[index].rates.contains(fix.hz) { entries[index].rates.append(fix.hz) }
                } else {
                    entries.append(Entry(head: head, text: fix.text, rates: [fix.hz], source: fix.sourceChanges))
                }
            }
        }
        guard !entries.isEmpty else { return [] }
        var lines = ["fixes (computed from the model; each removes the finding it names):"]
        for entry in entries {
            lines.append("  \(entry.head) @\(entry.rates.map { $0.formatted }.joined(separator: ", ")) Hz: \(entry.text)")
            for change in entry.source { lines.append("    → \(change.line)") }
        }
        return lines
    }

    /// A report's fixes for `flightline.validate/1`: `[{finding, findingIndex, change, source:
    /// [{path, value, summary}]}]`, `findingIndex` the place of the finding it removes in the
    /// report's `findings`, `value` the new value as JSON text.
    static func json(fixes: [FixSuggestion]) -> JSON {
        .array(fixes.map { fix in
            .object([
                ("finding", .string(fix.finding.message(label: fix.label))),
                ("findingIndex", .integer(fix.findingIndex)),
                ("change", .string(fix.text)),
                ("source", .array(fix.sourceChanges.map { change in
                    .object([("path", .string(change.path)), ("value", .string(change.json)), ("summary", .string(change.summary))])
                })),
            ])
        })
    }
}
