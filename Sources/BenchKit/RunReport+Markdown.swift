extension RunReport {
    /// The results as a GitHub-flavoured Markdown table for a pull-request comment: benchmark,
    /// unit, median, 95 % interval, samples × iterations, reference, speedup, max error; every
    /// number to three significant digits, names escaped (``Markup/markdownCell(_:)``), then
    /// one line per failed reference check.
    ///
    /// - Complexity: O(n) in the number of results.
    public func markdown() -> String {
        let rows = results.map { result -> [String] in
            [
                "`\(result.name)`" + (result.noisy ? " (noisy)" : ""),
                result.unit.symbol,
                Markup.short(result.median),
                "\(Markup.short(result.ci95.lower))…\(Markup.short(result.ci95.upper))",
                "\(result.sampleCount)×\(result.iterations)",
                result.reference.map { "`\($0)`" } ?? "—",
                result.speedup.map { "×" + Markup.short($0) } ?? "—",
                result.maxError.map(Markup.short) ?? "—",
            ]
        }
        var text = Markup.markdownTable(
            ["benchmark", "unit", "median", "95% CI", "samples", "reference", "speedup", "max error"], rows,
            rightAligned: [2, 4, 6, 7])
        text += "\nspeedup = reference median ÷ kernel median, from one interleaved run; \(build.configuration) build on \(Markup.markdownCell(machine.cpu)), \(machine.cores) cores\n"
        for failure in failures { text += "\n**reference check failed:** \(Markup.markdownCell(failure.description))  " }
        if !failures.isEmpty { text += "\n" }
        return text
    }
}

extension BaselineComparison {
    /// The comparison as a GitHub-flavoured Markdown table: benchmark, unit, baseline median,
    /// current median, change in percent, the allowance, verdict; then the benchmarks only one
    /// side has, and a last line with the overall verdict.
    ///
    /// - Complexity: O(n) in the number of entries.
    public func markdown(baselineName: String) -> String {
        let counted = GatedMetric.counted.filter { comparedCount($0) > 0 }
        let rows = entries.map { entry -> [String] in
            [
                "`\(entry.name)`", entry.unit.symbol, Markup.short(entry.baselineMedian), Markup.short(entry.currentMedian),
                Markup.signedPercent(entry.changePercent), "±" + Markup.short(entry.allowancePercent) + " %",
                Entry.words(for: entry.isRegression ? .regression : entry.isImprovement ? .improvement : entry.verdict)
                    + (entry.isRegression || entry.isImprovement ? " (\(entry.flaggedBy.map(\.rawValue).joined(separator: ", ")))" : ""),
            ] + counted.map { metric in
                entry.change(in: metric).map { $0.changePercent.map(Markup.signedPercent) ?? "from 0" } ?? "—"
            }
        }
        var text = "Compared with baseline `\(Markup.markdownCell(baselineName))` (threshold \(Markup.short(thresholdPercent)) %)\n\n"
        text += Markup.markdownTable(["benchmark", "unit", "baseline", "current", "change", "allowed", "verdict"] + counted.map(\.rawValue), rows,
                                     rightAligned: Set([2, 3, 4, 5] + counted.indices.map { 7 + $0 }))
        var notes: [String] = []
        if !missing.isEmpty { notes.append("in the baseline only: " + missing.map { "`\($0)`" }.joined(separator: ", ")) }
        if !added.isEmpty { notes.append("new: " + added.map { "`\($0)`" }.joined(separator: ", ")) }
        if !unitChanged.isEmpty { notes.append("another unit, not compared: " + unitChanged.map { "`\($0)`" }.joined(separator: ", ")) }
        if !revisionChanged.isEmpty {
            notes.append("changed since the baseline, not compared: " + revisionChanged.map { "`\($0.name)` (revision \($0.baseline) → \($0.current))" }.joined(separator: ", "))
        }
        for note in notes { text += "\n" + Markup.markdownCell(note) + "  " }
        var verdict = hasRegressions ? "REGRESSION: " + regressions.map(\.name).joined(separator: ", ") : "no regression"
        if !unjudgedUnderLoad.isEmpty { verdict += "; not judged under load: " + unjudgedUnderLoad.map(\.name).joined(separator: ", ") }
        text += "\n**" + verdict + "**\n"
        return text
    }

    /// The comparison as a JUnit report: one suite, one test case per benchmark compared
    /// (classname `benchmarks`); a regression is a failure whose message says how much slower
    /// and what was allowed; every other verdict passes, with the line `bench` prints as the
    /// case's output.
    ///
    /// - Complexity: O(n) in the number of entries.
    public func junitReport(baselineName: String) -> JUnitReport {
        let cases = entries.map { entry in
            JUnitReport.TestCase(
                name: entry.name, className: "benchmarks",
                failure: entry.isRegression && hardwareDifferences.isEmpty ? failure(entry, baselineName: baselineName) : nil,
                output: entry.description)
        }
        return JUnitReport(name: "bench run --compare \(baselineName)", suites: [JUnitReport.TestSuite(name: "compare \(baselineName)", cases: cases)])
    }

    /// The failure of a regression: how much worse, on the first metric that flagged it, and
    /// what was allowed.
    private func failure(_ entry: Entry, baselineName: String) -> JUnitReport.Failure {
        let message: String
        if entry.verdict == .regression {
            message = "\(Markup.signedPercent(entry.slowdownPercent)) slower than baseline '\(baselineName)' (allowed \(Markup.short(entry.allowancePercent)) %)"
        } else if let change = entry.counted.first(where: { $0.verdict == .regression }) {
            message = "\(change.changePercent.map(Markup.signedPercent) ?? "from 0 to \(Markup.short(change.current))") \(change.metric) against baseline '\(baselineName)' (allowed \(Markup.short(change.thresholdPercent)) %)"
        } else {
            message = "regression against baseline '\(baselineName)'"
        }
        return JUnitReport.Failure(message: message, type: "regression", details: entry.description)
    }
}

extension Markup {
    /// `+4.2 %`, `−3.1 %` (a minus sign), `±0.0 %`; `—` where not finite.
    static func signedPercent(_ value: Double) -> String {
        guard value.isFinite else { return "—" }
        let rounded = (value * 10).rounded() / 10
        return (rounded > 0 ? "+" : rounded < 0 ? "−" : "±") + String(format: "%.1f", abs(rounded)) + " %"
    }
}
