import Motion

/// `bench validate`'s tables: a path scene's mode × rate table and its exact joins; a spring
/// scene's rate table, the demo's stop and the integrators' errors.
extension SceneReport {
    static func pathTable(_ reports: [ValidationReport], judged: Bool, thresholds: Thresholds) -> Table {
        var table = Table("mode")
        table.header = ["mode", "rate", "frames", "max step", "speed min/med/max", "speed jump", "max turn", "teleports", judged ? "frame cost" : "frame cost (debug)", "verdict"]
        for report in reports {
            let m = report.metrics
            let speed = m.speed.map { "\(significant($0.min)) / \(significant($0.median)) / \(significant($0.max)) pt/s" } ?? "—"
            // Over its limit, a change is judged by the rate-doubling test: say which way it went.
            let jump = m.speedJump.map { "\(significant($0.ratio))×" + ($0.ratio > thresholds.maxSpeedJump ? breakTag($0.rateTest) : "") } ?? "—"
            let turn = m.maxTurn.map { "\(significant($0.degrees, 2))°" + ($0.degrees > thresholds.maxTurnDegrees ? breakTag($0.rateTest) : "") } ?? "—"
            let teleports = m.teleports.isEmpty ? "0" : "\(m.teleports.count) (\(significant(m.teleports.map(\.distance).max() ?? 0)) pt)"
            table.add(row: [
                report.mode?.rawValue ?? "—", rate(report.hz), "\(report.frames)", "\(significant(m.maxStep)) pt", speed, jump, turn,
                teleports, cost(report), report.verdict.rawValue,
            ])
        }
        return table
    }

    static func breakTag(_ test: RateDoublingTest?) -> String {
        guard let test else { return "" }
        return test.isBreak ? " break" : " smooth"
    }

    static func joinTable(_ motion: PathMotion, modes: Set<TimingMode>) -> Table? {
        let linear = motion.with(mode: .linear).joins
        guard !linear.isEmpty else { return nil }
        let paced = motion.with(mode: .paced).joins
        var table = Table("join")
        var header = ["join", "at (pt)", "turn"]
        // On a narrow terminal a mode's "ratio" goes with its time, never alone (two columns
        // headed "ratio" would not say which mode is which): paced's pair first, then linear's.
        var priorities = [100, 60, 90]
        if modes.contains(.linear) { header += ["linear: t", "speed in → out", "ratio"]; priorities += [50, 40, 50] }
        if modes.contains(.paced) { header += ["paced: t", "ratio"]; priorities += [30, 30] }
        table.header = header
        table.priorities = priorities
        for (index, join) in linear.enumerated() {
            var row = [
                "\(join.element) → \(join.element + 1)",
                coordinates(join.point),
                "\(significant(join.turn, 2))°" + (join.gap > 0 ? " gap \(significant(join.gap)) pt" : ""),
            ]
            if modes.contains(.linear) {
                row += ["\(significant(join.time)) s", "\(significant(join.speedIn)) → \(significant(join.speedOut)) pt/s", ratioText(join.speedRatio)]
            }
            if modes.contains(.paced), index < paced.count {
                row += ["\(significant(paced[index].time)) s", ratioText(paced[index].speedRatio)]
            }
            table.add(row: row)
        }
        return table
    }

    static func springTable(_ reports: [ValidationReport], judged: Bool) -> Table {
        var table = Table("rate")
        table.header = ["rate", "frames", "max step", "peak speed", "overshoot", "settles at", judged ? "frame cost" : "frame cost (debug)", "verdict"]
        for report in reports {
            guard let spring = report.spring else { continue }
            let r = spring.response
            let overshoot = r.overshoot > 0 ? "\(significant(r.overshoot)) pt (\(significant(100 * r.overshootFraction, 2)) %)" : "none"
            table.add(row: [
                rate(report.hz), "\(report.frames)", "\(significant(report.metrics.maxStep)) pt",
                report.metrics.speed.map { "\(significant($0.max)) pt/s" } ?? "—", overshoot,
                r.settleTime.map { "\(significant($0)) s" } ?? "not settled", cost(report), report.verdict.rawValue,
            ])
        }
        return table
    }

    /// When the demo's `offset == 0` stop fires under each model, one column per rate.
    static func stopTable(_ reports: [ValidationReport], scene: SpringScene) -> Table {
        var table = Table("stop")
        let springReports = reports.filter { $0.spring != nil }
        let condition = scene.restStop.map { "at rest (≤ \($0.distance.formatted) pt, ≤ \($0.speed.formatted) pt/s)" } ?? "offset == 0"
        table.header = ["\(condition) fires"] + springReports.map { "@\(rate($0.hz))" }
        for model in StopCondition.Model.allCases {
            guard springReports.contains(where: { $0.spring!.stops.contains { $0.model == model } }) else { continue }
            let name = model == .continuousSpring
                ? "with the exact spring"
                : "if the animation is removed at \(significant(scene.animationDuration ?? 0)) s"
            var row = [name]
            for report in springReports {
                guard let stop = report.spring!.stops.first(where: { $0.model == model }) else { row.append("—"); continue }
                if let frame = stop.frame, let time = stop.time {
                    row.append("frame \(frame), \(significant(time)) s, snap \(significant(stop.snap, 2)) pt")
                } else {
                    row.append("never (within \(significant(stop.simulatedUntil)) s)")
                }
            }
            table.add(row: row)
        }
        return table
    }

    static func integratorTable(_ reports: [ValidationReport]) -> Table {
        var table = Table("integrator")
        let springReports = reports.filter { $0.spring != nil }
        table.header = ["integrator"] + springReports.map { "error @\(rate($0.hz))" }
        let names = springReports.first?.spring?.integrators.map(\.name) ?? []
        for name in names {
            var row = [name]
            for report in springReports {
                guard let error = report.spring?.integrators.first(where: { $0.name == name }) else { row.append("—"); continue }
                let value = error.maxError.isFinite ? "\(significant(error.maxError, 2)) pt" : "blew up"
                row.append(value + (error.isFaithful ? " ✓" : " ✗"))
            }
            table.add(row: row)
        }
        return table
    }
}

/// A join's speed ratio, "×0.41", or "from rest" where the incoming speed is zero.
func ratioText(_ ratio: Double) -> String { ratio.isFinite ? "×\(significant(ratio))" : "from rest" }
