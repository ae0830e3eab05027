import SpringSolver
import Studies
import TerminalPlot

extension IntegratorComparison {
    /// Every GSL reference that failed on these springs (a row, or the adaptive study's
    /// equal-tolerance solve), one line each: exit code 3. The springs passed validation, so
    /// the reference, not the input, failed.
    var referenceFailures: [String] {
        let rowFailures = rows.compactMap { row -> String? in
            guard row.integrator.hasPrefix("gsl-"), let failure = row.failure else { return nil }
            return "\(row.label) (\(row.mode.rawValue)) on \(row.spring) at \(row.hz.formatted) Hz: \(failure)"
        }
        let studyFailures = studies.flatMap { study in
            study.equalTolerance.compactMap { entry -> String? in
                guard entry.solver.hasPrefix("gsl-"), let failure = entry.failure else { return nil }
                return "\(entry.solver) (adaptive study) on \(study.spring): \(failure)"
            }
        }
        return rowFailures + studyFailures
    }

    /// The `flightline.integrators/1` document (docs/design.md §3). `spring` is an array (one entry per
    /// compared spring, each with its `name`), and every row names its `spring`: with the
    /// default set of three springs one document holds them all.
    func json() -> JSON {
        var springEntries: [JSON] = []
        for (spring, span) in zip(springs, durations) {
            let motion = spring.motion, physical = motion.spring
            springEntries.append(.object([
                ("name", .string(spring.name)),
                ("summary", .string(spring.summary)),
                ("mass", .number(physical.mass)),
                ("stiffness", .number(physical.stiffness)),
                ("damping", .number(physical.damping)),
                ("dampingRatio", .number(physical.dampingRatio)),
                ("naturalFrequency", .number(physical.naturalFrequency)),
                ("from", .number(motion.initialPosition)),
                ("to", .number(motion.target)),
                ("velocity", .number(motion.initialVelocity)),
                ("settleTime", .finite(spring.exactSettleTime)),
                ("duration", .number(span)),
                ("notes", .array(spring.notes.map(JSON.string))),
            ]))
        }
        let rowEntries: [JSON] = rows.map { row in
            .object([
                ("integrator", .string(row.integrator)),
                ("mode", .string(row.mode.rawValue)),
                ("spring", .string(row.spring)),
                ("hz", .number(row.hz)),
                ("substeps", .integer(row.substeps)),
                ("maxError", .finite(row.maxError)),
                ("rmsError", .finite(row.rmsError)),
                ("stable", .bool(row.stable)),
                ("energyDrift", .finite(row.energyDrift)),
                ("settleTime", .finite(row.settleTime)),
                ("nsPerStep", .finite(row.nsPerStep)),
                ("nsPerFrame", .finite(row.nsPerFrame)),
                ("tolerance", .finite(row.tolerance)),
                ("divergedAt", .finite(row.divergedAt)),
                ("spectralRadius", .finite(row.spectralRadius)),
                ("effectiveDampingRatio", .finite(row.effectiveDampingRatio)),
                ("effectiveNaturalFrequency", .finite(row.effectiveFrequency)),
                ("evaluationsPerFrame", .finite(row.evaluationsPerFrame)),
                ("operationsPerFrame", row.operationsPerFrame.map(JSON.integer) ?? .null),
                ("failure", row.failure.map(JSON.string) ?? .null),
            ])
        }
        let pointEntries: [JSON] = workPrecision.map { point in
            .object([
                ("spring", .string(point.spring)),
                ("hz", .number(point.hz)),
                ("method", .string(point.method)),
                ("setting", .string(point.setting.text)),
                ("evaluationsPerSecond", .finite(point.evaluationsPerSecond)),
                ("maxError", .finite(point.maxError)),
            ])
        }
        func entry(_ e: AdaptiveStudy.Entry) -> JSON {
            .object([("solver", .string(e.solver)), ("tolerance", .number(e.tolerance)),
                     ("evaluations", e.failure == nil ? .integer(e.evaluations) : .null), ("maxError", .finite(e.maxError)),
                     ("failure", e.failure.map(JSON.string) ?? .null)])
        }
        let studyEntries: [JSON] = studies.map { study in
            .object([
                ("spring", .string(study.spring)),
                ("span", .number(study.span)),
                ("checkpoints", .integer(study.checkpoints)),
                ("equalTolerance", .array(study.equalTolerance.map(entry))),
                ("matchedError", .array(study.matched.map { pair in
                    .object([("reference", entry(pair.gsl)), ("dopri54", pair.dopri54.map(entry) ?? .null)])
                })),
                ("oneStepVersusRKCK", study.oneStep.map { constants in
                    .object([("step", .number(constants.step)), ("localErrorRatio", .finite(constants.localErrorRatio)),
                             ("estimateRatio", .finite(constants.estimateRatio))])
                } ?? .null),
            ])
        }
        return .object([
            ("schema", .string("flightline.integrators/1")),
            ("spring", .array(springEntries)),
            ("rows", .array(rowEntries)),
            ("tolerance", .number(tolerance)),
            ("timed", .bool(timed)),
            ("workPrecision", .array(pointEntries)),
            ("adaptiveStudy", .array(studyEntries)),
            ("costModel", .string(Self.costModel)),
            ("recommendations", .array(recommendations.map(\.json))),
        ])
    }

    /// What `operationsPerFrame` counts, and why it is null on some rows (said in the JSON).
    static let costModel = "operationsPerFrame: floating-point multiplies, adds and subtracts per frame on a 1-D spring, "
        + "counted from each fixed-step method's code (explicit-euler 7, semi-implicit-euler 7, velocity-verlet 12, rk4 36, "
        + "implicit-euler 5, trapezoidal 12, exact 6 per step; the implicit methods' constant 2 × 2 elimination done once per step size), "
        + "times substeps; the recommendation ranks by it, never by time. null on the adaptive and GSL rows, whose work per frame "
        + "depends on the motion and the tolerance: see evaluationsPerFrame. nsPerStep and nsPerFrame are information only."

    /// The readable report: per spring, a table per rate with its recommendation, the
    /// work-precision table and plot, and the one-solve dopri54 study.
    func rendered(plotWidth: Int = 80, plotHeight: Int = 20, usesColor: Bool = false) -> String {
        var lines: [String] = [
            "bench integrators — every integrator against the exact spring motion, sampled at the frame times",
            "errors: frame position error against the closed form (pt); adaptive rows at rtol = atol = \(significant(tolerance, 1)); "
                + "settle: within min(0.5 pt, 0.5 % of the move) and 62.5 /s times that; ρ: one-step spectral radius; ζ/ω₀ eff: the spring the method really simulates",
            "ops/frame: floating-point operations per frame counted from each fixed-step method's code (IntegratorKind.operationsPerStep × substeps); the recommendation (→) ranks by it, equal counts tie",
            "gsl-rk4: one GSL call per step h = a full step + two half steps (step doubling), returning the two-half-step result: RK4 accuracy at h/2, the cost of 3 RK4 steps",
        ]
        if timed {
            lines.append("ns/step, ns/frame: information only, never ranked: the fastest of repeated whole runs producing the row's frames (frames stored, error metrics not timed), mostly the harness's per-frame overhead; bare kernels: bench run spring/…")
        } else {
            lines.append("times omitted: this is a debug build (build with 'swift build -c release' for ns/step)")
        }
        for (index, (spring, span)) in zip(springs, durations).enumerated() {
            let motion = spring.motion, physical = motion.spring
            lines.append("")
            lines.append("━━ \(index + 1)/\(springs.count) \(spring.name): \(spring.summary)")
            lines.append("   m \(significant(physical.mass)), k \(significant(physical.stiffness)), c \(significant(physical.damping)) · ζ \(significant(physical.dampingRatio)) · ω₀ \(significant(physical.naturalFrequency)) rad/s · "
                         + "\(significant(motion.initialPosition)) → \(significant(motion.target)) pt at \(significant(motion.initialVelocity)) pt/s · exact settle \(settleText(spring.exactSettleTime)) · simulated \(significant(span)) s")
            for note in spring.notes { lines.append("   note: \(note)") }
            for hz in rates {
                let group = rows.filter { $0.spring == spring.name && $0.hz == hz }
                lines.append("")
                lines.append("   \(hz.formatted) Hz (frame \(duration(nanoseconds: 1e9 / hz)))")
                lines.append(table(group).rendered(indent: "   "))
                for row in group where row.failure != nil { lines.append("   \(row.label) (\(row.mode.rawValue)): \(row.failure!)") }
                if let text = recommendations.first(where: { $0.spring == spring.name && $0.hz == hz })?.text {
                    lines.append("   → \(text)")
                }
            }
            let points = workPrecision.filter { $0.spring == spring.name }
            if let hz = points.first?.hz {
                lines.append("")
                lines.append("   work-precision at \(hz.formatted) Hz: max frame error (pt) against right-hand-side evaluations per simulated second")
                lines.append(workPrecisionTable(points).rendered(indent: "   "))
                lines.append(workPrecisionPlot(points, width: plotWidth, height: plotHeight, usesColor: usesColor))
            }
            if let study = studies.first(where: { $0.spring == spring.name }) {
                lines.append("")
                lines += studyLines(study).joined(separator: "\n").split(separator: "\n").map { "   " + $0 }
            }
        }
        return lines.joined(separator: "\n")
    }

    private func settleText(_ value: Double?) -> String {
        guard let value else { return "never" }
        return value.isFinite ? "\(significant(value)) s" : "never"
    }

    private func table(_ group: [IntegratorRow]) -> Table {
        var table = Table("integrator", "mode", "max error", "rms error", "stable", "ρ step", "ζ eff", "ω₀ eff",
                          "energy drift", "settle (s)", "evals/frame", "ops/frame", "ns/step", "ns/frame")
        for row in group {
            let failed = row.failure != nil
            table.add(row: [
                row.label,
                row.mode.rawValue,
                failed ? "failed" : row.stable || row.maxError.isFinite ? significant(row.maxError, 2) : "diverged",
                failed || !row.rmsError.isFinite ? "—" : significant(row.rmsError, 2),
                failed ? "—" : row.stable ? "yes" : "no" + (row.divergedAt.map { " (t \(significant($0)) s)" } ?? ""),
                row.spectralRadius.map { significant($0, 4) } ?? "—",
                row.effectiveDampingRatio.map { significant($0, 3) } ?? "—",
                row.effectiveFrequency.map { significant($0, 4) } ?? "—",
                failed || !row.energyDrift.isFinite ? "—" : significant(row.energyDrift, 2),
                row.settleTime.map { significant($0) } ?? "—",
                row.evaluationsPerFrame.map { significant($0) } ?? "—",
                row.operationsPerFrame.map { String($0) } ?? "—",
                row.nsPerStep.map { significant($0) } ?? "—",
                row.nsPerFrame.map { significant($0) } ?? "—",
            ])
        }
        return table
    }

    private func workPrecisionTable(_ points: [WorkPrecisionPoint]) -> Table {
        var methods: [String] = []
        for point in points where !methods.contains(point.method) { methods.append(point.method) }
        let columns = methods.map { method in points.filter { $0.method == method }.count }.max() ?? 0
        var table = Table(header: ["method", "settings"] + (1...max(1, columns)).map { "evals/s → error \($0)" })
        for method in methods {
            let series = points.filter { $0.method == method }
            let settings = series.count > 1 ? "\(series.first!.setting.text) … \(series.last!.setting.text)" : series.first!.setting.text
            table.add(row: [method, settings] + series.map { "\(significant($0.evaluationsPerSecond, 2)) → \(significant($0.maxError, 2))" })
        }
        return table
    }

    private func workPrecisionPlot(_ points: [WorkPrecisionPoint], width: Int, height: Int, usesColor: Bool) -> String {
        var methods: [String] = []
        for point in points where !methods.contains(point.method) { methods.append(point.method) }
        let series = methods.prefix(Plot.maximumSeriesCount).map { method in
            let mine = points.filter { $0.method == method && $0.maxError > 0 }
            return Series(method, x: mine.map(\.evaluationsPerSecond), y: mine.map(\.maxError), style: .lineAndPoints)
        }
        let plot = Plot(
            width: width, height: height, usesColor: usesColor, title: "work-precision (log-log): lower left is better",
            xAxis: Axis(label: "right-hand-side evaluations per simulated second", scale: .logarithmic),
            yAxis: Axis(label: "max frame error (pt)", scale: .logarithmic),
            series: Array(series))
        do {
            return try plot.render()
        } catch {
            return "(no plot: \(error))"
        }
    }

    private func studyLines(_ study: AdaptiveStudy) -> [String] {
        var lines = ["dopri54 against GSL in one solve over \(significant(study.span)) s (no frames), error = largest position error at \(study.checkpoints) end times (separate solves):"]
        var table = Table("solver", "rtol = atol", "evaluations", "max error (pt)")
        for entry in study.equalTolerance {
            if let failure = entry.failure {
                table.add(row: [entry.solver, significant(entry.tolerance, 2), "failed", failure])
            } else {
                table.add(row: [entry.solver, significant(entry.tolerance, 2), String(entry.evaluations), significant(entry.maxError, 2)])
            }
        }
        lines.append(table.rendered(indent: "  "))
        guard let base = study.equalTolerance.first else { return lines }
        for (reference, match) in study.matched {
            if base.failure != nil || reference.failure != nil {
                let who = [base, reference].filter { $0.failure != nil }.map(\.solver).joined(separator: " and ")
                lines.append("dopri54 against \(reference.solver): no comparison, \(who) failed")
                continue
            }
            let equal = base.evaluations < reference.evaluations ? "fewer" : "more"
            var text = "equal tolerance: dopri54 uses \(equal) evaluations than \(reference.solver) (\(base.evaluations) vs \(reference.evaluations)) "
                + "with \(base.maxError <= reference.maxError ? "an equal or smaller" : "a larger") error; "
            if let match {
                let verdict = match.evaluations < reference.evaluations ? "fewer" : (match.evaluations == reference.evaluations ? "as many" : "more")
                text += "matched error (≤ \(significant(reference.maxError, 2)) pt): dopri54 at tol \(significant(match.tolerance, 2)) needs \(match.evaluations), \(verdict) than \(reference.solver)'s \(reference.evaluations)"
            } else {
                text += "dopri54 does not reach \(reference.solver)'s error on the tolerance grid"
            }
            lines.append(text)
        }
        if let constants = study.oneStep {
            let equalTolerance = constants.equalToleranceStepRatio, matched = constants.matchedErrorStepRatio
            lines.append("why, from one step of h = \(significant(constants.step * 1000, 2)) ms (ω₀h = 0.05): dopri54's local error is "
                + "\(significant(constants.localErrorRatio, 2))× gsl-rkck's and its error estimate \(significant(constants.estimateRatio, 2))×, "
                + "so gsl-rkck's steps are \(significant(equalTolerance, 3))× longer at equal tolerance and \(significant(matched, 3))× at matched error; "
                + "with \(OneStepConstants.dopri54EvaluationsPerStep) evaluations per dopri54 step against \(OneStepConstants.rkckEvaluationsPerStep) per gsl-rkck step, dopri54 should need ≈ \(significant(constants.equalToleranceEvaluationRatio, 2))× "
                + "gsl-rkck's evaluations at equal tolerance and ≈ \(significant(constants.matchedErrorEvaluationRatio, 2))× at matched error (a tie that step control decides)")
        }
        return lines
    }
}

extension WorkPrecisionPoint.Setting {
    /// `h = 1/480 s` or `tol 1e-07`, as the table and the JSON say it.
    var text: String {
        switch self {
        case .step(let stepRate): "h = 1/\(stepRate.formatted) s"
        case .tolerance(let tolerance): "tol \(significant(tolerance, 1))"
        }
    }
}

extension Table {
    init(header: [String]) {
        self.init()
        self.header = header
    }
}
