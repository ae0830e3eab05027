/// The current run against a saved baseline.
///
/// The rule (documented for users of `--compare` and `--threshold`): with the change
/// expressed as a slowdown in percent, Δ = (current time ÷ baseline time − 1) · 100 (for a
/// rate unit, baseline rate ÷ current rate, so positive Δ is always worse),
/// - **regression**: Δ > threshold *and* the 95 % intervals of the two medians do not
///   overlap, with the current one entirely on the slow side;
/// - **improvement**: Δ < −threshold and the intervals are disjoint on the fast side;
/// - **within noise**: |Δ| > threshold but the intervals overlap, so the run cannot tell;
/// - **unchanged**: |Δ| ≤ threshold.
/// Requiring both the threshold and disjoint intervals keeps a noisy machine from failing CI
/// and a tiny but real drift from counting as a regression.
///
///     let comparison = try BaselineComparison(current: report, baseline: try store.load("main"), thresholdPercent: 5)
///     for entry in comparison.regressions { print(entry) }   // arclen/cubic: 41.2 → 47.9 ns/query (+16.3 %) regression
///     exit(comparison.hasRegressions ? 1 : 0)
public struct BaselineComparison: Sendable {
    public enum Verdict: String, Codable, Sendable {
        case regression, improvement, withinNoise, unchanged
    }

    /// One benchmark present in both runs with the same unit.
    public struct Entry: Equatable, Sendable, CustomStringConvertible {
        public var name: String
        public var unit: String
        public var baselineMedian: Double
        public var currentMedian: Double
        public var baselineCI95: ConfidenceInterval
        public var currentCI95: ConfidenceInterval
        /// Slowdown in percent; negative when faster.
        public var changePercent: Double
        public var verdict: Verdict

        /// `name: baseline → current unit (+x.y %) verdict`.
        public var description: String {
            let sign = changePercent >= 0 ? "+" : "−"
            let change = (abs(changePercent) * 10).rounded() / 10
            let verdictText = switch verdict {
            case .regression: "slower: regression"
            case .improvement: "faster: improvement"
            case .withinNoise: "within noise (intervals overlap)"
            case .unchanged: "unchanged"
            }
            return "\(name): \(format(baselineMedian)) → \(format(currentMedian)) \(unit) (\(sign)\(change) %) \(verdictText)"
        }

        private func format(_ value: Double) -> String {
            let magnitude = abs(value)
            let digits = magnitude >= 100 ? 1 : magnitude >= 1 ? 3 : 5
            let scale = (0..<digits).reduce(1.0) { product, _ in product * 10 }
            return "\((value * scale).rounded() / scale)"
        }
    }

    public var thresholdPercent: Double
    /// Benchmarks in both runs, sorted by name.
    public var entries: [Entry]
    /// In the baseline but not in this run (filtered out, renamed, or failed its check).
    public var missing: [String]
    /// In this run but not in the baseline.
    public var added: [String]
    /// In both, but measured in different units: not comparable.
    public var unitChanged: [String]
    /// Things a reader should know: a different CPU, build configuration or quick setting.
    public var warnings: [String]

    public var regressions: [Entry] { entries.filter { $0.verdict == .regression } }
    public var improvements: [Entry] { entries.filter { $0.verdict == .improvement } }
    /// `bench run --compare` exits 1 when this is true.
    public var hasRegressions: Bool { entries.contains { $0.verdict == .regression } }

    /// - Parameter thresholdPercent: how much slower counts, in percent (default 5).
    /// - Throws: ``BenchKitError/invalidValue(what:value:expected:)`` when the threshold is
    ///   negative, NaN or infinite.
    /// - Complexity: O((n + m) log(n + m)) for n and m results.
    public init(current: RunReport, baseline: RunReport, thresholdPercent: Double = 5) throws {
        guard thresholdPercent >= 0, thresholdPercent.isFinite else {
            throw BenchKitError.invalidValue(what: "the threshold", value: "\(thresholdPercent)", expected: "a non-negative finite percentage")
        }
        self.thresholdPercent = thresholdPercent
        let old = Dictionary(baseline.results.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        let new = Dictionary(current.results.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        missing = old.keys.filter { new[$0] == nil }.sorted()
        added = new.keys.filter { old[$0] == nil }.sorted()
        unitChanged = []
        entries = []
        for name in new.keys.sorted() {
            guard let now = new[name], let then = old[name] else { continue }
            guard now.unit == then.unit, now.higherIsBetter == then.higherIsBetter else {
                unitChanged.append(name)
                continue
            }
            entries.append(BaselineComparison.entry(current: now, baseline: then, thresholdPercent: thresholdPercent))
        }
        warnings = []
        if current.machine.cpu != baseline.machine.cpu || current.machine.cores != baseline.machine.cores {
            warnings.append("the baseline was measured on a different machine (\(baseline.machine.cpu), \(baseline.machine.cores) cores)")
        }
        if current.build.configuration != baseline.build.configuration {
            warnings.append("the baseline is a \(baseline.build.configuration) build, this run a \(current.build.configuration) build")
        }
        if current.settings.quick != baseline.settings.quick {
            warnings.append("the baseline was\(baseline.settings.quick ? "" : " not") measured in quick mode, this run was\(current.settings.quick ? "" : " not")")
        }
    }

    static func entry(current: BenchmarkResult, baseline: BenchmarkResult, thresholdPercent: Double) -> Entry {
        // Express both as "times" so that positive always means worse.
        let ratio = current.higherIsBetter ? baseline.median / current.median : current.median / baseline.median
        let change = (ratio - 1) * 100
        let worseSide: Bool, betterSide: Bool
        if current.higherIsBetter {
            worseSide = current.ci95.upper < baseline.ci95.lower
            betterSide = current.ci95.lower > baseline.ci95.upper
        } else {
            worseSide = current.ci95.lower > baseline.ci95.upper
            betterSide = current.ci95.upper < baseline.ci95.lower
        }
        let verdict: Verdict
        if change > thresholdPercent {
            verdict = worseSide ? .regression : .withinNoise
        } else if change < -thresholdPercent {
            verdict = betterSide ? .improvement : .withinNoise
        } else {
            verdict = .unchanged
        }
        return Entry(name: current.name, unit: current.unit, baselineMedian: baseline.median, currentMedian: current.median,
                     baselineCI95: baseline.ci95, currentCI95: current.ci95, changePercent: change, verdict: verdict)
    }
}
