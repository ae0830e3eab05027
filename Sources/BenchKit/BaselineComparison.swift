import Foundation

/// The current run against a saved baseline: which benchmarks got slower, and whether that is
/// the code or the machine.
///
/// A time measured today differs from one measured yesterday even with the same binary: the
/// machine's state (caches, frequency, neighbours) shifts between runs by far more than the
/// interval of one run's median admits. So a benchmark is a **regression** only when all of
/// these hold (with the change expressed as a slowdown Δ in percent — current time ÷ baseline
/// time − 1, or baseline rate ÷ current rate − 1 for a rate, so positive Δ is always worse):
/// 1. Δ exceeds the **allowance**: the threshold (default 5 %), or, when larger, the baseline's
///    spread between processes (``BenchmarkResult/processSpread``) or
///    ``spreadMultiplier`` × √(s_b² + s_c²), where s is a run's relative sample spread
///    (1.4826 · MAD ÷ median, a robust standard deviation of one sample) — a benchmark whose
///    samples scatter by 10 % cannot be gated at 5 %;
/// 2. the 95 % intervals of the two medians are disjoint, the current one on the slow side;
/// 3. for a benchmark raced against a reference, the kernel also lost ground against that
///    reference by more than the threshold (the paired speedup, measured interleaved in each
///    run, dropped): when the reference slowed down as much, the machine did, not the code
///    (``Verdict/referenceChangedToo``);
/// 4. it stays so when measured again (``confirmingRegressions(with:otherCPUs:)``: `bench run`
///    re-runs only the suspects, interleaved, three times, and keeps the flag only if every
///    re-measurement is a regression by rules 1–3; otherwise ``Verdict/notReproduced``), and
///    the re-measurements ran on a quiet machine (otherwise ``Verdict/underLoad``: not judged).
///
/// A benchmark whose ``Benchmark/revision`` differs from the baseline's measures other work and
/// is not compared (``revisionChanged``); a baseline saved before revisions existed is
/// ``isStale``.
/// An **improvement** is the mirror image of 1–3. A change beyond the threshold that fails 1–2
/// is **within noise**; anything within the threshold is **unchanged**.
///
/// Counted metrics (``GatedMetric/counted``: instructions where both runs had a PMU, heap
/// allocations) are gated too, each on its own threshold and floor (instructions 1 %, half an
/// instruction; allocations 10 %, a hundredth of one), per work unit: counts do not depend on
/// the machine's mood the way time does, so a change there is the code's. A count above the
/// baseline's by more than its threshold is a regression (``Entry/counted``), confirmed by the
/// re-measurements like a time regression; ``Entry/flaggedBy`` says which metrics flagged it.
/// A baseline saved without counts compares on time alone.
///
/// Times from different hardware are not comparable at all: ``hardwareDifferences`` lists
/// what differs (``RunFingerprint``), and ``hasRegressions`` is then `false` — `bench run`
/// refuses such a comparison before it measures anything.
///
///     var comparison = try BaselineComparison(current: report, baseline: try store.load("main"))
///     comparison = comparison.confirmingRegressions(with: try runner.remeasure(suspects, rounds: 3))
///     for entry in comparison.regressions { print(entry) }
///     // arclen/cubic: 40 → 80 ns/query (+100.0 %, slower) regression, held in 3 of 3 re-measurements (+99.1 … +100.4 %)
public struct BaselineComparison: Sendable {
    public enum Verdict: String, Codable, Sendable {
        case regression, improvement, withinNoise, referenceChangedToo, notReproduced, unchanged
        /// Every re-measurement agreed with a regression (improvement), but they ran while
        /// other processes kept more than ``MachineLoad/busyThreshold`` CPUs busy: contention
        /// can slow a kernel by tens of percent, so agreement under load confirms nothing.
        /// Neither a regression nor an improvement; ``BaselineComparison/hasRegressions`` does
        /// not count it.
        case underLoad
    }

    /// One benchmark present in both runs with the same unit.
    public struct Entry: Equatable, Sendable, CustomStringConvertible {
        public var name: String
        public var unit: BenchmarkUnit
        /// A rate (`points/s`): larger values are faster.
        public var higherIsBetter: Bool
        public var baselineMedian: Double
        public var currentMedian: Double
        public var baselineCI95: ConfidenceInterval
        public var currentCI95: ConfidenceInterval
        /// The change of the measured value in percent, as printed: +34.2 for a rate that rose
        /// by a third (faster), +20 for a time that grew by a fifth (slower).
        public var changePercent: Double
        /// The change as a slowdown in percent: positive is slower whatever the unit.
        public var slowdownPercent: Double
        /// The change that counts here: the threshold, or more for a benchmark whose samples
        /// scatter (rule 1).
        public var allowancePercent: Double
        /// How much ground the kernel lost against its reference, in percent (baseline paired
        /// speedup ÷ current − 1); `nil` without a reference in both runs.
        public var speedupLossPercent: Double? {
            guard let baselineSpeedup, let currentSpeedup else { return nil }
            return (baselineSpeedup / currentSpeedup - 1) * 100
        }
        /// The kernel's paired speedup over its reference in the baseline and in this run.
        public var baselineSpeedup: Double?
        public var currentSpeedup: Double?
        /// Slowdowns of the re-measurements, in the order taken (empty if not re-measured).
        public var remeasuredSlowdownPercents: [Double]
        /// Value changes of the re-measurements (as ``changePercent``), in the order taken.
        public var remeasuredChangePercents: [Double] = []
        /// What each re-measurement alone would have been called.
        public var remeasuredVerdicts: [Verdict] = []
        /// CPUs other processes kept busy while the re-measurements ran, where known.
        public var remeasuredOtherCPUs: Double? = nil
        /// The verdict on time (rules 1–4).
        public var verdict: Verdict
        /// The counted metrics both runs measured (``GatedMetric/counted``, in that order), each
        /// with its own verdict.
        public var counted: [CountedChange] = []

        /// The comparison of `metric` per work unit, where both runs counted it.
        public func change(in metric: GatedMetric) -> CountedChange? { counted.first { $0.metric == metric } }

        /// The verdict on `metric`: ``verdict`` for time, the counted change's otherwise (`nil`
        /// where not both runs counted it).
        public func verdict(on metric: GatedMetric) -> Verdict? { metric == .time ? verdict : change(in: metric)?.verdict }

        /// A regression on any metric.
        public var isRegression: Bool { GatedMetric.allCases.contains { verdict(on: $0) == .regression } }
        /// An improvement on some metric, and a regression on none.
        public var isImprovement: Bool { !isRegression && GatedMetric.allCases.contains { verdict(on: $0) == .improvement } }

        /// The metrics that flagged this entry as a regression (or, failing that, an
        /// improvement), in ``GatedMetric`` order; empty for neither.
        public var flaggedBy: [GatedMetric] {
            let claim: Verdict = isRegression ? .regression : .improvement
            return GatedMetric.allCases.filter { verdict(on: $0) == claim }
        }

        /// Whether the current run is slower (by any amount).
        public var isSlower: Bool { slowdownPercent > 0 }

        /// `name: baseline → current (+x.y %, slower) verdict…`, times with a readable unit
        /// (`343 µs → 529 µs per plot`), rates in theirs (`1.12e+09 → 7.77e+08 points/s`).
        public var description: String {
            let direction = slowdownPercent > 0 ? "slower" : slowdownPercent < 0 ? "faster" : "same"
            var text = "\(name): \(values) (\(percent(changePercent)), \(direction)) "
            let again = remeasuredSlowdownPercents.count
            switch verdict {
            case .regression, .improvement:
                text += verdict == .regression ? "regression" : "improvement"
                if again > 0 { text += ", held in \(again) of \(again) re-measurements (\(range(remeasuredChangePercents)))" }
            case .withinNoise:
                text += allowancePercent > abs(slowdownPercent)
                    ? "within noise (the runs' spread allows ±\(oneDecimal(allowancePercent)) %)"
                    : "within noise (the two runs' intervals overlap)"
            case .referenceChangedToo:
                text += "not the code: its reference moved as much in the same run (speedup ×\(short(baselineSpeedup ?? .nan)) → ×\(short(currentSpeedup ?? .nan)))"
            case .notReproduced:
                let reasons = Dictionary(grouping: remeasuredVerdicts, by: { $0 }).sorted { $0.key.rawValue < $1.key.rawValue }
                    .map { "\($0.value.count) \(Entry.words(for: $0.key))" }.joined(separator: ", ")
                text += "not confirmed: measured again \(again) times, \(range(remeasuredChangePercents)) (\(reasons))"
            case .unchanged: text += "unchanged"
            case .underLoad:
                text += "not judged: \(slowdownPercent > 0 ? "slower" : "faster") in \(again) of \(again) re-measurements (\(range(remeasuredChangePercents))), "
                text += "but other processes kept \(String(format: "%.2g", remeasuredOtherCPUs ?? .nan)) CPUs busy while they ran"
            }
            // A count that did not move at all says nothing: only moved or judged counts show.
            for change in counted where change.verdict != .unchanged || change.baseline != change.current {
                let amount = change.changePercent.map(percent) ?? "from 0"
                text += "; \(change.metric) \(short(change.baseline)) → \(short(change.current)) per \(workUnit) (\(amount)) "
                switch change.verdict {
                case .regression, .improvement:
                    text += "\(change.verdict == .regression ? "regression" : "improvement") beyond ±\(oneDecimal(change.thresholdPercent)) %"
                case .notReproduced: text += "not confirmed by the re-measurements"
                default: text += "unchanged"
                }
            }
            // Which metric flagged it, once two were compared (with time alone, time did).
            if !counted.isEmpty, isRegression || isImprovement {
                text += " [flagged by \(flaggedBy.map(\.rawValue).joined(separator: " and "))]"
            }
            return text
        }

        /// `query` of `ns/query` or `points/s`'s `point`… as the unit names it.
        private var workUnit: String { unit.workUnit }

        /// How a single re-measurement's verdict reads in a list.
        static func words(for verdict: Verdict) -> String {
            switch verdict {
            case .regression: "slower beyond the noise"
            case .improvement: "faster beyond the noise"
            case .withinNoise: "within noise"
            case .referenceChangedToo: "with its reference moving as much"
            case .notReproduced: "not confirmed"
            case .unchanged: "unchanged"
            case .underLoad: "not judged under load"
            }
        }

        /// The two medians: times in ns, µs, ms or s with the work unit after them, rates as
        /// numbers with their unit.
        private var values: String {
            guard unit.isTime else { return "\(short(baselineMedian)) → \(short(currentMedian)) \(unit)" }
            return "\(duration(baselineMedian)) → \(duration(currentMedian)) per \(unit.workUnit)"
        }

        private func duration(_ nanoseconds: Double) -> String {
            switch abs(nanoseconds) {
            case ..<1e3: "\(short(nanoseconds)) ns"
            case ..<1e6: "\(short(nanoseconds / 1e3)) µs"
            case ..<1e9: "\(short(nanoseconds / 1e6)) ms"
            default: "\(short(nanoseconds / 1e9)) s"
            }
        }

        private func short(_ value: Double) -> String { String(format: "%.3g", value) }
        private func oneDecimal(_ value: Double) -> String { String(format: "%.1f", value) }
        private func percent(_ value: Double) -> String {
            let rounded = (value * 10).rounded() / 10
            return (rounded > 0 ? "+" : rounded < 0 ? "−" : "±") + oneDecimal(abs(rounded)) + " %"
        }
        private func range(_ values: [Double]) -> String {
            guard let low = values.min(), let high = values.max() else { return "" }
            return low == high ? percent(low) : "\(percent(low)) … \(percent(high))"
        }
    }

    /// A counted metric (``GatedMetric/counted``) per work unit in the baseline and in this
    /// run, and its verdict: `regression` or `improvement` beyond its threshold and floor (and
    /// confirmed by every re-measurement that counted it, else `notReproduced`), or
    /// `unchanged`.
    public struct CountedChange: Equatable, Sendable {
        public var metric: GatedMetric
        public var baseline: Double
        public var current: Double
        /// The threshold it was judged by, in percent.
        public var thresholdPercent: Double
        public var verdict: Verdict

        /// The change in percent; `nil` where the baseline counted none.
        public var changePercent: Double? { baseline > 0 ? (current / baseline - 1) * 100 : nil }
    }

    /// Rule 1's multiple of the combined relative spread.
    public static let spreadMultiplier = 3.0
    /// The default time threshold, in percent (``GatedMetric/defaultThresholdPercent``).
    public static let defaultThresholdPercent = GatedMetric.time.defaultThresholdPercent

    /// Every metric's threshold in percent (``GatedMetric``: each one given, else its default).
    public var thresholds: [GatedMetric: Double]
    /// The time threshold, in percent.
    public var thresholdPercent: Double { thresholds[.time] ?? GatedMetric.time.defaultThresholdPercent }
    /// Benchmarks in both runs, sorted by name.
    public var entries: [Entry]
    /// In the baseline but not in this run (filtered out, renamed, or failed its check).
    public var missing: [String]
    /// In this run but not in the baseline.
    public var added: [String]
    /// In both, but measured in different units: not comparable.
    public var unitChanged: [String]
    /// In both, but the benchmark's ``Benchmark/revision`` changed since the baseline (its
    /// work changed): not comparable. Sorted by name.
    public var revisionChanged: [(name: String, baseline: Int, current: Int)]
    /// The baseline predates revisions: none of its results carries one, so none can be known
    /// to measure the work this build's benchmarks do. `bench run` refuses to compare with a
    /// stale baseline (exit 2) and asks for it to be saved again.
    public var isStale: Bool
    /// Hardware that differs between the baseline and this run: times are not comparable.
    public var hardwareDifferences: [RunFingerprint.Difference]
    /// Things a reader should know: a different kernel, compiler or quick setting, or fields
    /// the baseline does not record.
    public var warnings: [String]
    /// The baseline's results by name, for re-measurements.
    private var baselineResults: [String: BenchmarkResult]

    /// Regressions on any metric.
    public var regressions: [Entry] { entries.filter(\.isRegression) }
    /// Suspects whose re-measurements agreed under load (``Verdict/underLoad``): not judged.
    public var unjudgedUnderLoad: [Entry] { entries.filter { $0.verdict == .underLoad } }
    public var improvements: [Entry] { entries.filter(\.isImprovement) }
    /// Regressions and improvements not yet re-measured: what ``confirmingRegressions(with:)``
    /// should be given.
    public var suspects: [String] {
        entries.filter { ($0.isRegression || $0.isImprovement) && $0.remeasuredSlowdownPercents.isEmpty }.map(\.name)
    }
    /// How many entries compared `metric`: for a counted metric, those where both runs counted
    /// it (whether its gate engaged at all).
    public func comparedCount(_ metric: GatedMetric) -> Int {
        metric == .time ? entries.count : entries.filter { $0.change(in: metric) != nil }.count
    }
    /// `bench run --compare` exits 1 when this is true: a regression on the same hardware.
    public var hasRegressions: Bool { hardwareDifferences.isEmpty && !regressions.isEmpty }

    /// - Parameters:
    ///   - thresholds: how much worse counts, in percent, per metric; a metric not given has its
    ///     ``GatedMetric/defaultThresholdPercent`` (time 5, instructions 1, allocations 10).
    /// - Throws: ``BenchKitError/invalidValue(what:value:expected:)`` when a threshold is
    ///   negative, NaN or infinite.
    /// - Complexity: O((n + m) log(n + m)) for n and m results.
    public init(current: RunReport, baseline: RunReport, thresholds given: [GatedMetric: Double] = [:]) throws {
        var thresholds: [GatedMetric: Double] = [:]
        for metric in GatedMetric.allCases {
            let value = given[metric] ?? metric.defaultThresholdPercent
            guard value >= 0, value.isFinite else {
                throw BenchKitError.invalidValue(what: "the \(metric) threshold", value: "\(value)", expected: "a non-negative finite percentage")
            }
            thresholds[metric] = value
        }
        self.thresholds = thresholds
        let old = Dictionary(baseline.results.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        let new = Dictionary(current.results.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        baselineResults = old
        missing = old.keys.filter { new[$0] == nil }.sorted()
        added = new.keys.filter { old[$0] == nil }.sorted()
        unitChanged = []
        revisionChanged = []
        isStale = BaselineComparison.isStale(baseline)
        entries = []
        for name in new.keys.sorted() {
            guard let now = new[name], let then = old[name] else { continue }
            guard now.unit == then.unit, now.higherIsBetter == then.higherIsBetter else {
                unitChanged.append(name)
                continue
            }
            if let current = now.revision, let saved = then.revision, current != saved {
                revisionChanged.append((name, saved, current))
                continue
            }
            entries.append(BaselineComparison.entry(current: now, baseline: then, thresholds: thresholds))
        }
        let differences = RunFingerprint.differences(baseline: baseline, build: current.build, machine: current.machine)
        hardwareDifferences = differences.filter { $0.kind == .hardware }
        warnings = differences.filter { $0.kind != .hardware }.map(\.description)
        if current.settings.quick != baseline.settings.quick {
            warnings.append("the baseline was\(baseline.settings.quick ? "" : " not") measured in quick mode, this run was\(current.settings.quick ? "" : " not")")
        }
    }

    /// Whether `baseline` predates benchmark revisions (``isStale``): it has results and none
    /// carries a ``BenchmarkResult/revision``.
    public static func isStale(_ baseline: RunReport) -> Bool {
        !baseline.results.isEmpty && baseline.results.allSatisfy { $0.revision == nil }
    }

    /// Rule 1's allowance in percent: the largest of the threshold, ``spreadMultiplier`` × the
    /// combined relative sample spread of both runs, and the spread between the processes the
    /// baseline was saved from (``BenchmarkResult/processSpread``): a benchmark whose speed
    /// differs from process to process by 60 % cannot show a 35 % regression by one process.
    public static func allowancePercent(current: BenchmarkResult, baseline: BenchmarkResult, thresholdPercent: Double) -> Double {
        func spread(_ result: BenchmarkResult) -> Double {
            let relative = 1.4826 * result.mad / abs(result.median)
            return relative.isFinite ? relative : 0
        }
        let combined = (spread(current) * spread(current) + spread(baseline) * spread(baseline)).squareRoot()
        let processes = baseline.processSpread.map { $0.isFinite ? $0 * 100 : 0 } ?? 0
        return max(thresholdPercent, spreadMultiplier * combined * 100, processes)
    }

    /// The comparison after re-measuring: each regression (improvement) stays one only if
    /// every re-measurement in `remeasured` (by benchmark name) is a regression (improvement)
    /// by the same rules; otherwise it becomes ``Verdict/notReproduced``. When they all agree
    /// but `otherCPUs` — the load other processes put on the machine while the re-measurements
    /// ran (``MachineLoad``) — is above ``MachineLoad/busyThreshold``, the time verdict becomes
    /// ``Verdict/underLoad`` instead of being held: measurements under the same contention
    /// confirm the contention, not the code. Instruction verdicts do not depend on load and are
    /// kept. Entries without re-measurements keep their verdict.
    public func confirmingRegressions(with remeasured: [String: [BenchmarkResult]], otherCPUs: Double? = nil) -> BaselineComparison {
        var copy = self
        for index in copy.entries.indices where copy.entries[index].isRegression || copy.entries[index].isImprovement
            || [.regression, .improvement].contains(copy.entries[index].verdict) {
            let name = copy.entries[index].name
            guard let runs = remeasured[name], !runs.isEmpty, let baseline = baselineResults[name] else { continue }
            let again = runs.map { BaselineComparison.entry(current: $0, baseline: baseline, thresholds: thresholds) }
            copy.entries[index].remeasuredSlowdownPercents = again.map(\.slowdownPercent)
            copy.entries[index].remeasuredChangePercents = again.map(\.changePercent)
            copy.entries[index].remeasuredVerdicts = again.map(\.verdict)
            copy.entries[index].remeasuredOtherCPUs = otherCPUs
            let claim = copy.entries[index].verdict
            if [.regression, .improvement].contains(claim) {
                if !again.allSatisfy({ $0.verdict == claim }) {
                    copy.entries[index].verdict = .notReproduced
                } else if let otherCPUs, otherCPUs > MachineLoad.busyThreshold {
                    copy.entries[index].verdict = .underLoad
                }
            }
            // Counts: every re-measurement that counted the metric must agree.
            for slot in copy.entries[index].counted.indices {
                let change = copy.entries[index].counted[slot]
                guard [.regression, .improvement].contains(change.verdict) else { continue }
                let verdicts = again.compactMap { $0.change(in: change.metric)?.verdict }
                if !verdicts.allSatisfy({ $0 == change.verdict }) { copy.entries[index].counted[slot].verdict = .notReproduced }
            }
        }
        return copy
    }

    static func entry(current: BenchmarkResult, baseline: BenchmarkResult, thresholds: [GatedMetric: Double]) -> Entry {
        let thresholdPercent = thresholds[.time] ?? GatedMetric.time.defaultThresholdPercent
        // Express both as "times" so that a positive slowdown is always worse.
        let ratio = current.higherIsBetter ? baseline.median / current.median : current.median / baseline.median
        let slowdown = (ratio - 1) * 100
        let allowance = allowancePercent(current: current, baseline: baseline, thresholdPercent: thresholdPercent)
        let worseSide: Bool, betterSide: Bool
        if current.higherIsBetter {
            worseSide = current.ci95.upper < baseline.ci95.lower
            betterSide = current.ci95.lower > baseline.ci95.upper
        } else {
            worseSide = current.ci95.lower > baseline.ci95.upper
            betterSide = current.ci95.upper < baseline.ci95.lower
        }
        var speedups: (then: Double, now: Double)?
        if let then = baseline.pairedSpeedup ?? baseline.speedup, let now = current.pairedSpeedup ?? current.speedup,
           then > 0, now > 0, then.isFinite, now.isFinite {
            speedups = (then, now)
        }
        let speedupLoss = speedups.map { ($0.then / $0.now - 1) * 100 }
        let verdict: Verdict
        if slowdown > thresholdPercent {
            if slowdown <= allowance || !worseSide {
                verdict = .withinNoise
            } else if let speedupLoss, speedupLoss <= thresholdPercent {
                verdict = .referenceChangedToo
            } else {
                verdict = .regression
            }
        } else if slowdown < -thresholdPercent {
            if -slowdown <= allowance || !betterSide {
                verdict = .withinNoise
            } else if let speedupLoss, speedupLoss >= -thresholdPercent {
                verdict = .referenceChangedToo
            } else {
                verdict = .improvement
            }
        } else {
            verdict = .unchanged
        }
        var entry = Entry(name: current.name, unit: current.unit, higherIsBetter: current.higherIsBetter,
                          baselineMedian: baseline.median, currentMedian: current.median,
                          baselineCI95: baseline.ci95, currentCI95: current.ci95,
                          changePercent: (current.median / baseline.median - 1) * 100, slowdownPercent: slowdown,
                          allowancePercent: allowance, baselineSpeedup: speedups?.then, currentSpeedup: speedups?.now,
                          remeasuredSlowdownPercents: [], verdict: verdict)
        for metric in GatedMetric.counted {
            guard let then = metric.value(in: baseline), let now = metric.value(in: current),
                  then >= 0, now >= 0, then.isFinite, now.isFinite else { continue }
            let threshold = thresholds[metric] ?? metric.defaultThresholdPercent
            entry.counted.append(CountedChange(metric: metric, baseline: then, current: now, thresholdPercent: threshold,
                                               verdict: metric.verdict(baseline: then, current: now, thresholdPercent: threshold)))
        }
        return entry
    }
}
