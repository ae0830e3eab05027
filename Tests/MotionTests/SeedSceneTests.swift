import BezierKernels
import Foundation
import Motion
import SpringSolver
import Testing

/// The four bee flights.
let flights: [BeeFlight] = BeeFlight.Bee.allCases.flatMap { bee in
    [1.0, -1].map { try! BeeFlight(bee: bee, sign: $0) }
}

@Suite("Bee flight: the path, the exact joins and seam, and what frames show")
struct BeeFlightTests {
    @Test("the path is docs/seed-scenes.md's flightPath, element by element", arguments: flights)
    func pathGeometry(flight: BeeFlight) throws {
        let (yOffset, factor1, factor2) = flight.parameters
        let y = 200 + yOffset * factor1
        let w = yOffset * factor1 * factor2
        let swing = 100 * factor1
        let expected: [PathElement] = [
            .move(to: Point(20, y)),
            .quadCurve(to: Point(220, y), control: Point(120, y - swing)),
            .quadCurve(to: Point(420, y), control: Point(320, y + swing)),
            .quadCurve(to: Point(620, y), control: Point(520, y - swing)),
            .quadCurve(to: Point(820, y), control: Point(720, y + swing)),
            .quadCurve(to: Point(700, 175 + w), control: Point(850, 150 + w)),
            .quadCurve(to: Point(900, 200 + w), control: Point(550, 200 + w)),
            .curve(
                to: Point(1200, 200 + w + flight.sign * 100), control1: Point(1000, 200 + w),
                control2: Point(1100, 200 + w)),
        ]
        #expect(try flight.path().elements == expected)
        #expect(flight.duration == (flight.bee == .one ? 3.3 : 3.9))
    }

    @Test("bad bee parameters are rejected")
    func badParameters() {
        #expect(throws: MotionError.self) { try BeeFlight(bee: .one, sign: 0) }
        #expect(throws: MotionError.self) { try BeeFlight.path(yOffset: .nan, factor1: 1, factor2: 1, sign: 1) }
    }

    @Test("a seed always picks the same sign, and seeds pick both")
    func seededSign() {
        #expect(BeeFlight.sign(seed: 42) == BeeFlight.sign(seed: 42))
        let signs = Set((0..<64).map { BeeFlight.sign(seed: $0) })
        #expect(signs == [1, -1])
    }

    /// The tangent directions at a join from the control points alone: the arriving curve's end
    /// minus its last control, the leaving curve's first control minus its start.
    static func controlTangents(_ path: Path, join i: Int) -> (Vector, Vector, Double, Double) {
        let segments = path.segments
        func ends(_ s: PathSegment) -> (first: Vector, last: Vector, degree: Double) {
            switch s {
            case .line(let l): return (l.p1 - l.p0, l.p1 - l.p0, 1)
            case .quadratic(let q): return (q.p1 - q.p0, q.p2 - q.p1, 2)
            case .cubic(let c): return (c.p1 - c.p0, c.p3 - c.p2, 3)
            }
        }
        let a = ends(segments[i])
        let b = ends(segments[i + 1])
        return (a.last, b.first, a.degree * a.last.length, b.degree * b.first.length)
    }

    @Test(
        "join turn and speed ratio match the control polygon in both modes",
        arguments: flights, TimingMode.allCases)
    func joinsMatchGeometry(flight: BeeFlight, mode: TimingMode) throws {
        let motion = try flight.motion(mode: mode)
        let joins = motion.joins
        #expect(joins.count == 6)
        let n = 7.0
        for (i, join) in joins.enumerated() {
            let (incoming, outgoing, speedIn, speedOut) = Self.controlTangents(try flight.path(), join: i)
            let turn = abs(atan2(incoming.cross(outgoing), incoming.dot(outgoing))) * 180 / .pi
            #expect(abs(join.turn - turn) < 1e-9)
            #expect(join.element == i + 1 && join.gap == 0)
            switch mode {
            case .linear:
                // |B'| at the ends is the degree times the end leg; the element lasts T/7.
                #expect(abs(join.speedIn - speedIn * n / flight.duration) < 1e-6)
                #expect(abs(join.speedOut - speedOut * n / flight.duration) < 1e-6)
                #expect(abs(join.time - Double(i + 1) * flight.duration / n) < 1e-9)
            case .paced:
                #expect(abs(join.speedRatio - 1) < 1e-12)
                #expect(abs(join.speedIn - motion.length / flight.duration) < 1e-9)
            }
        }
        // Joins 1–3 and 5→6 are smooth (G1): the sawtooth controls line up; 4→5 is a kink.
        for i in [0, 1, 2, 4, 5] { #expect(joins[i].turn < 1e-9) }
        let kink = flight.bee == .one ? 14.036 : 1.414  // atan2 of (100,∓100)→(30,−50); (100,−300)→(30,−98)
        #expect(abs(joins[3].turn - kink) < 1e-3)
        if mode == .linear {
            // The elements have very different lengths: the speed drops at 4→5 and 6→7.
            #expect(abs(joins[5].speedRatio - 300.0 / 700) < 1e-12)
            #expect(joins[3].speedJump > 2.4)
        }
    }

    @Test("the seam: from (1200, y₀ ± 100), off screen, back to (20, y), on screen", arguments: flights)
    func seam(flight: BeeFlight) throws {
        let motion = try flight.motion(mode: .linear)
        let seam = try #require(motion.seam)
        let (yOffset, factor1, factor2) = flight.parameters
        let start = SIMD2(20, 200 + yOffset * factor1)
        let end = SIMD2(1200, 200 + yOffset * factor1 * factor2 + flight.sign * 100)
        #expect(seam.from == end && seam.to == start)
        #expect(abs(seam.gap - ((end - start) * (end - start)).sum().squareRoot()) < 1e-9)
        #expect(!BeeFlight.isVisible(seam.from) && BeeFlight.isVisible(seam.to))
    }

    @Test(
        "sampled: one teleport at the seam, of about the seam's size, at 60 and 120 Hz",
        arguments: flights, [60.0, 120])
    func seamTeleport(flight: BeeFlight, hz: Double) throws {
        for mode in TimingMode.allCases {
            let report = try Validation.validate(Scene.bee(flight), mode: mode, hz: hz)
            let seam = try #require(report.seam)
            #expect(report.metrics.teleports.count == 1)
            let teleport = try #require(report.metrics.teleports.first)
            #expect(abs(teleport.to.time - flight.duration) <= 1 / hz + 1e-9)
            // The frame before and after the seam each add at most one step.
            #expect(abs(teleport.distance - seam.gap) <= 2 * teleport.neighbourStep + 1e-9)
            #expect(report.findings.contains { $0.kind == .teleport })
            #expect(report.seamEndVisible == false && report.seamStartVisible == true)
            #expect(report.verdict == .janky)
        }
    }

    @Test("linear timing: sampled speed jumps are breaks at the joins 4 → 5 and 6 → 7", arguments: flights)
    func linearJoinsBreak(flight: BeeFlight) throws {
        let report = try Validation.validate(Scene.bee(flight), mode: .linear, hz: 60)
        let places = report.metrics.speedJumpBreaks.map { [$0.at.element, $0.at.nextElement] }
        #expect(places == [[4, 5], [6, 7]])
        for jump in report.metrics.speedJumpBreaks {
            #expect(jump.ratio > 1.5)
            #expect(try #require(jump.rateTest).isBreak)
        }
    }

    @Test("paced timing: no speed jump at any join (the speed is constant along the arc)", arguments: flights)
    func pacedJoins(flight: BeeFlight) throws {
        for hz in [60.0, 120] {
            let report = try Validation.validate(Scene.bee(flight), mode: .paced, hz: hz)
            #expect(report.metrics.speedJumpBreaks.allSatisfy { $0.at.nextElement == nil })
            let speed = try #require(report.metrics.speed)
            #expect(abs(speed.median - (try flight.motion(mode: .paced)).length / flight.duration) < 0.1)
        }
    }
}

@Suite("Path scenes from SVG: single play, boundaries and bad input")
struct UserPathTests {
    @Test("a single play's first and last frames are boundaries, not jumps")
    func singlePlay() throws {
        let scene = try Scene.svg("M 0 0 L 300 0", duration: 1)
        let report = try Validation.validate(scene, mode: .linear, hz: 60)
        #expect(report.frames == 61)
        #expect(report.seam == nil && report.joins.isEmpty)
        #expect(report.verdict == .smooth)
        #expect(report.findings.isEmpty)
    }

    @Test("a repeating path restarting on screen is a teleport")
    func repeating() throws {
        let scene = try Scene.svg("M 0 0 L 300 0", duration: 1, repeats: true)
        let report = try Validation.validate(scene, mode: .paced, hz: 60)
        #expect(report.metrics.teleports.count == 1)
        #expect(report.findings.map(\.kind) == [.teleport])
        #expect(try #require(report.seam).gap == 300)
    }

    @Test("a square in linear mode: three 90° kinks, joins at the corners")
    func square() throws {
        let scene = try Scene.svg("M 0 0 L 100 0 L 100 100 L 0 100", duration: 1.5)
        guard case .path(let motion, _) = scene.kind else { Issue.record("not a path"); return }
        #expect(motion.joins.map(\.turn).allSatisfy { abs($0 - 90) < 1e-9 })
        let report = try Validation.validate(scene, mode: .linear, hz: 60)
        #expect(report.metrics.turnBreaks.count == 2 || report.metrics.turnBreaks.count == 3)
        #expect(report.findings.allSatisfy { $0.kind == .turn })
    }

    @Test(
        "bad input: one line naming the value",
        arguments: [("", 1.0), ("M 0 0", 1), ("M 0 0 L 1 1", 0), ("M 0 0 L 1 1", -2), ("M 0 0 L 1 1", .nan), ("M 0 0 X", 1)])
    func badInput(data: String, duration: Double) {
        do {
            _ = try Scene.svg(data, duration: duration)
            Issue.record("accepted \(data) over \(duration) s")
        } catch {
            #expect(!error.description.isEmpty && !error.description.contains("\n"))
        }
    }

    @Test("rates that are not positive finite numbers are rejected", arguments: [0.0, -60, .nan, .infinity])
    func badRate(hz: Double) throws {
        let scene = try Scene.svg("M 0 0 L 300 0", duration: 1)
        #expect(throws: MotionError.self) { try Validation.validate(scene, hz: hz) }
        #expect(throws: MotionError.self) { try Validation.series(scene, hz: hz) }
    }
}

@Suite("Scene names")
struct SceneNameTests {
    @Test(
        "names expand to their scenes",
        arguments: [
            ("bee", ["bee1+", "bee1-", "bee2+", "bee2-"]), ("bee1", ["bee1+", "bee1-"]), ("bee2-", ["bee2-"]),
            ("menu", ["menu-show", "menu-dismiss"]), ("menu-dismiss", ["menu-dismiss"]),
        ])
    func expansion(name: String, expected: [String]) throws {
        #expect(try Scene.seeds(named: name).map(\.name) == expected)
    }

    @Test("an unknown name is one line listing the known ones")
    func unknown() {
        do {
            _ = try Scene.seeds(named: "wasp")
            Issue.record("accepted wasp")
        } catch {
            #expect(error.description.hasPrefix("unknown scene 'wasp'; expected one of bee, bee1"))
        }
    }

    @Test("every seed at 60 and 120 Hz in both modes: 4 flights × 2 × 2 + 2 menus × 2 reports")
    func allSeeds() throws {
        let reports = try Validation.validateSeeds()
        #expect(reports.count == 20)
        #expect(reports.filter { $0.mode == nil }.count == 4)
        #expect(reports.allSatisfy { $0.verdict == ($0.findings.isEmpty ? .smooth : .janky) })
    }
}
