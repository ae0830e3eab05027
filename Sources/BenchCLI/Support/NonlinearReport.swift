import Studies
import TerminalPlot

/// The wording of `bench integrators --system NAME` (Studies' ``NonlinearStudy``): text and
/// `flightline.systems/1` JSON.
extension NonlinearStudy {
    func rendered(plotWidth: Int, plotHeight: Int, usesColor: Bool) -> String {
        var lines = ["system \(system): \(summary)",
                     "span \(significant(span)) s; motion size \(significant(motionSize)) \(unit); reference \(reference), checked against \(referenceCheck): they differ by \(significant(referenceSpread, 2)) of the motion's size at \(significant(adaptive.first?.hz ?? 60)) Hz frames",
                     "error = largest position error over the frames (\(unit), and ÷ motion size); energy = largest |E − E_ref| over the frames ÷ the reference's peak energy (with the damping on: an error, not a conserved drift); order = log₂ of the error ratio on halving the step",
                     ""]
        var table = Table("method", "Hz", "max error", "÷ size", "energy", "order", "evals", "ns/step")
        for row in fixed {
            let timing = row.nanosecondsPerStep.map { significant($0, 3) } ?? "—"
            guard let error = row.maxError else {
                table.add(row: [row.method, significant(row.hz), "diverged at \(significant(row.divergedAt ?? 0)) s", "—", "—", "—", String(row.evaluations), "—"])
                continue
            }
            table.add(row: [row.method, significant(row.hz), significant(error, 2), significant(row.relativeError ?? 0, 2),
                            row.energyError.map { significant($0, 2) } ?? "—", row.observedOrder.map { significant($0, 2) } ?? "—",
                            String(row.evaluations), timing])
        }
        lines.append("fixed steps, one per frame\(fixed.contains { $0.nanosecondsPerStep != nil } ? "" : " (ns/step: release builds only, information only)"):")
        lines.append(table.rendered(indent: "  "))
        lines.append("")
        var adaptiveTable = Table("method", "rtol = atol", "max error", "÷ size", "energy", "evals")
        for row in adaptive {
            adaptiveTable.add(row: [row.method, significant(row.tolerance ?? 0, 2), row.maxError.map { significant($0, 2) } ?? "—",
                                    row.relativeError.map { significant($0, 2) } ?? "—", row.energyError.map { significant($0, 2) } ?? "—",
                                    String(row.evaluations)])
        }
        lines.append("adaptive, one solve stopping at each \(significant(adaptive.first?.hz ?? 60)) Hz frame:")
        lines.append(adaptiveTable.rendered(indent: "  "))
        if let matched {
            lines.append("")
            lines.append("dopri54 against gsl-rkck at matched error \(significant(matched.error, 2)) \(unit): \(significant(matched.dopri54Evaluations, 4)) against \(significant(matched.rkckEvaluations, 4)) evaluations, ratio \(significant(matched.ratio, 3)) (\(matched.ratio < 1 ? "dopri54" : "rkck") needs fewer)")
            lines.append("  one step of \(significant(matched.step, 3)) s from 16 points along the motion, against rk8pd at 1e-13: dopri54's local error ÷ rkck's \(significant(matched.localErrorRatio, 3)), error estimate ÷ rkck's \(significant(matched.estimateRatio, 3)); these constants predict a ratio of \(significant(matched.predictedRatio, 3)) (local-error ratio^(1/5) × 6/7 evaluations per step; stopping at every frame caps both methods' steps, which the prediction ignores)")
        }
        lines.append("")
        lines.append(plot(width: plotWidth, height: plotHeight, usesColor: usesColor))
        return lines.joined(separator: "\n")
    }

    private func plot(width: Int, height: Int, usesColor: Bool) -> String {
        var methods: [String] = []
        for point in workPrecision where !methods.contains(point.method) { methods.append(point.method) }
        let series = methods.prefix(Plot.maximumSeriesCount).map { method in
            let mine = workPrecision.filter { $0.method == method }
            return Series(method, x: mine.map(\.evaluationsPerSecond), y: mine.map(\.maxError), style: .lineAndPoints)
        }
        let plot = Plot(
            width: width, height: height, usesColor: usesColor, title: "work-precision on \(system) (log-log): lower left is better",
            xAxis: Axis(label: "right-hand-side evaluations per simulated second", scale: .logarithmic),
            yAxis: Axis(label: "max frame error (\(unit))", scale: .logarithmic),
            series: Array(series))
        do {
            return try plot.render()
        } catch {
            return "(no plot: \(error))"
        }
    }

    func json() -> JSON {
        func row(_ row: Row) -> JSON {
            .object([
                ("method", .string(row.method)),
                ("hz", .number(row.hz)),
                ("tolerance", row.tolerance.map { JSON.number($0) } ?? .null),
                ("maxError", JSON.finite(row.maxError)),
                ("relativeError", JSON.finite(row.relativeError)),
                ("energyError", JSON.finite(row.energyError)),
                ("observedOrder", JSON.finite(row.observedOrder)),
                ("evaluations", .integer(row.evaluations)),
                ("nanosecondsPerStep", JSON.finite(row.nanosecondsPerStep)),
                ("divergedAt", JSON.finite(row.divergedAt)),
            ])
        }
        var members: [(String, JSON)] = [
            ("schema", .string("flightline.systems/1")),
            ("system", .string(system)),
            ("summary", .string(summary)),
            ("unit", .string(unit)),
            ("span", .number(span)),
            ("motionSize", .number(motionSize)),
            ("reference", .string(reference)),
            ("referenceCheck", .string(referenceCheck)),
            ("referenceSpread", JSON.finite(referenceSpread)),
            ("fixed", .array(fixed.map(row))),
            ("adaptive", .array(adaptive.map(row))),
            ("workPrecision", .array(workPrecision.map { point in
                .object([("method", .string(point.method)), ("evaluationsPerSecond", .number(point.evaluationsPerSecond)),
                         ("maxError", .number(point.maxError))])
            })),
        ]
        if let matched {
            members.append(("matched", .object([
                ("error", .number(matched.error)),
                ("dopri54Evaluations", .number(matched.dopri54Evaluations)),
                ("rkckEvaluations", .number(matched.rkckEvaluations)),
                ("ratio", JSON.finite(matched.ratio)),
                ("step", JSON.finite(matched.step)),
                ("localErrorRatio", JSON.finite(matched.localErrorRatio)),
                ("estimateRatio", JSON.finite(matched.estimateRatio)),
                ("predictedRatio", JSON.finite(matched.predictedRatio)),
            ])))
        } else {
            members.append(("matched", .null))
        }
        return .object(members)
    }
}
