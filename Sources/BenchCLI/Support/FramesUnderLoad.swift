import Motion
import SpringSolver
import Studies

/// The main job's "frames under load" section: the seed scenes under each named load, in
/// Apple's terms and on screen, and the engine schemes on the menu spring.
enum FramesUnderLoad {
    /// One line per seed scene × rate: per load, the hitch time ratio, XCTest's grade and the
    /// on-screen error's p99 (linear timing, target clock, seed 0).
    static func render(rates: [Double]) throws -> String {
        var table = Table("scene")
        table.header = ["scene", "rate"] + LoadProfile.all.map(\.name)
        do {
            for scene in try Scene.allSeeds() {
                for hz in rates {
                    var row = [scene.name, "\(hz.formatted) Hz"]
                    for load in LoadProfile.all {
                        let report = try Validation.deliver(scene, hz: hz, options: DeliveryOptions(model: .load(load)))
                        let apple = report.platform.apple
                        row.append("\(SceneReport.short(apple.hitchTimeRatio)) ms/s, \(SceneReport.short(report.onScreen?.p99 ?? 0)) pt")
                    }
                    table.add(row: row)
                }
            }
        } catch {
            throw CLIError.usage("frames under load: \(error)")
        }
        var lines = [
            "the seed scenes (linear timing) with frames produced under each load (bench validate --frames load:NAME), sampled at the target time, seed 0: per load Apple's hitch time ratio (XCTest: critical from 10 ms/s) and the on-screen error's p99:",
            table.rendered(indent: "  "),
        ]
        let engines: [EngineClockRow]
        do {
            engines = try EngineClockStudy.run(motion: try ComparedSpring.menuShow().motion, rates: rates)
        } catch {
            throw CLIError.usage("frames under load: \(error)")
        }
        lines.append("")
        lines.append("the menu spring as engines advance it, over vsync and every load, callbacks reading the target time, performance.now() as Chrome's (bench integrators --engines for the table):")
        for engine in SpringEngine.allCases {
            let rows = engines.filter { $0.engine == engine }
            let worst = rows.map(\.maxError).max() ?? 0  // ∞ only for a diverged scheme: not on the menu spring
            let dilations = rows.map(\.dilation), lags = rows.map(\.lag)
            func percent(_ value: Double) -> String { EngineReport.signed(100 * value) + " %" }
            func ms(_ value: Double) -> String { EngineReport.signed(1000 * value) + " ms" }
            lines.append(
                "  \(engine.rawValue): up to \(significant(worst, 2)) pt off the closed form; its time runs \(percent(dilations.min() ?? 0)) to \(percent(dilations.max() ?? 0)) against real time, \(ms(lags.min() ?? 0)) to \(ms(lags.max() ?? 0)) behind")
        }
        return lines.joined(separator: "\n")
    }
}
