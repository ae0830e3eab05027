import Motion
import SpringSolver
import Studies

/// The main job's "frames under load" section: the seed scenes under each named load, in
/// Apple's terms and on screen, and the engine schemes on the menu spring — measured once,
/// then worded (``rendered()``) or written as JSON (``json()``).
struct FramesUnderLoad {
    /// One seed scene at one rate under one load: Apple's hitch time ratio (ms/s) and the
    /// on-screen error's p99 (pt).
    struct Cell {
        let scene: String
        let hz: Double
        let load: String
        let hitchTimeRatio: Double
        let onScreenP99: Double
    }

    let rates: [Double]
    /// Scene by scene, rate by rate, load by load (`LoadProfile.all`'s order).
    let cells: [Cell]
    /// The menu spring as each engine advances it (`EngineClockStudy`, seed 0, target clock).
    let engines: [EngineClockRow]
    /// The spring the engines advance: the menu's show spring.
    let spring: ComparedSpring

    /// Every seed scene at every rate under every load (linear timing, target clock, seed 0),
    /// and the engine schemes on the menu spring.
    static func measure(rates: [Double]) throws -> FramesUnderLoad {
        var cells: [Cell] = []
        let engines: [EngineClockRow]
        let spring: ComparedSpring
        do {
            for scene in try Scene.allSeeds() {
                for hz in rates {
                    for load in LoadProfile.all {
                        let report = try Validation.deliver(scene, hz: hz, options: DeliveryOptions(model: .load(load)))
                        cells.append(Cell(scene: scene.name, hz: hz, load: load.name,
                                          hitchTimeRatio: report.platform.apple.hitchTimeRatio, onScreenP99: report.onScreen?.p99 ?? 0))
                    }
                }
            }
            spring = try ComparedSpring.menuShow()
            engines = try EngineClockStudy.run(motion: spring.motion, rates: rates)
        } catch {
            throw CLIError.usage("frames under load: \(error)")
        }
        return FramesUnderLoad(rates: rates, cells: cells, engines: engines, spring: spring)
    }

    /// One line per seed scene × rate: per load, the hitch time ratio and the on-screen error's
    /// p99; then one line per engine.
    func rendered() -> String {
        var table = Table("scene")
        table.header = ["scene", "rate"] + LoadProfile.all.map(\.name)
        var row: [String] = []
        for (index, cell) in cells.enumerated() {
            if index % LoadProfile.all.count == 0 { row = [cell.scene, "\(cell.hz.formatted) Hz"] }
            row.append("\(SceneReport.short(cell.hitchTimeRatio)) ms/s, \(SceneReport.short(cell.onScreenP99)) pt")
            if row.count == 2 + LoadProfile.all.count { table.add(row: row) }
        }
        var lines = [
            "the seed scenes (linear timing) with frames produced under each load (bench validate --frames load:NAME), sampled at the target time, seed 0: per load Apple's hitch time ratio (XCTest: critical from 10 ms/s) and the on-screen error's p99:",
            table.rendered(indent: "  "),
        ]
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

    /// `{rates, loads:[{scene, hz, load, hitchTimeRatio, onScreenP99}], engines: flightline.engines/1}`:
    /// the same figures as ``rendered()``, unrounded; the engines as `bench integrators --engines
    /// --json` writes them.
    func json() -> JSON {
        .object([
            ("rates", .array(rates.map(JSON.number))),
            // ms/s and pt.
            ("loads", .array(cells.map { cell in
                .object([
                    ("scene", .string(cell.scene)), ("hz", .number(cell.hz)), ("load", .string(cell.load)),
                    ("hitchTimeRatio", .finite(cell.hitchTimeRatio)), ("onScreenP99", .finite(cell.onScreenP99)),
                ])
            })),
            ("engines", EngineReport.json(engines, spring: spring, seed: 0, clock: .target, browser: .chrome)),
        ])
    }
}
