import BezierKernels
import Foundation
import Testing

@Suite("SVG path data")
struct SVGPathDataTests {
    @Test("compact numbers: signs, leading dots, exponents, implicit repeats")
    func compactNumbers() throws {
        let path = try Path(svgPathData: "M1-2L.5.5-3e1,4E-1 5 6")
        #expect(path.elements == [.move(to: Point(1, -2)), .line(to: Point(0.5, 0.5)),
                                  .line(to: Point(-30, 0.4)), .line(to: Point(5, 6))])
        let repeated = try Path(svgPathData: "M 0 0 10 0 10 10")
        #expect(repeated.elements == [.move(to: .zero), .line(to: Point(10, 0)), .line(to: Point(10, 10))])
    }

    @Test("relative commands, H V, smooth T and S, close then relative move")
    func relativeAndSmooth() throws {
        let path = try Path(svgPathData: "m10 10 l 5 0 h 5 v 5 H 0 V 0 z m 1 1 q 1 1 2 0 t 2 0 c 1 1 2 1 3 0 s 2 -1 3 0 Z")
        #expect(path.elements == [
            .move(to: Point(10, 10)), .line(to: Point(15, 10)), .line(to: Point(20, 10)), .line(to: Point(20, 15)),
            .line(to: Point(0, 15)), .line(to: Point(0, 0)), .close,
            // After z the current point is the subpath start (10, 10).
            .move(to: Point(11, 11)),
            .quadCurve(to: Point(13, 11), control: Point(12, 12)),
            .quadCurve(to: Point(15, 11), control: Point(14, 10)),          // reflected (12,12) about (13,11)
            .curve(to: Point(18, 11), control1: Point(16, 12), control2: Point(17, 12)),
            .curve(to: Point(21, 11), control1: Point(19, 10), control2: Point(20, 10)),  // reflected (17,12)
            .close,
        ])
        // T and S after an unrelated command use the current point as their first control.
        let plain = try Path(svgPathData: "M 0 0 L 1 0 T 2 0 S 3 1 4 0")
        #expect(plain.elements[2] == .quadCurve(to: Point(2, 0), control: Point(1, 0)))
        #expect(plain.elements[3] == .curve(to: Point(4, 0), control1: Point(2, 0), control2: Point(3, 1)))
    }

    @Test("print → parse round trip is exact")
    func roundTrip() throws {
        var rng = SplitMix64(seed: 42)
        for _ in 0..<50 {
            var path = Path()
            func random() -> Point { Point((rng.unit() - 0.5) * 1e3, (rng.unit() - 0.5) * 1e-3) }
            try path.move(to: random())
            for _ in 0..<8 {
                switch rng.next() % 5 {
                case 0: try path.addLine(to: random())
                case 1: try path.addQuadCurve(to: random(), control: random())
                case 2: try path.addCurve(to: random(), control1: random(), control2: random())
                case 3: try path.close()
                default: try path.move(to: random())
                }
            }
            let text = path.svgPathData
            #expect(try Path(svgPathData: text) == path, "\(text)")
        }
        for seed in SeedPath.all {
            #expect(try Path(svgPathData: seed.path.svgPathData) == seed.path)
        }
        #expect(try Path(svgPathData: "M 0 0 L 1e-300 -2.5e+300 Z").svgPathData == "M 0 0 L 1e-300 -2.5e+300 Z")
    }

    static let malformed: [(data: String, token: String, offset: Int)] = [
        ("", "end of data", 0),
        ("   ", "end of data", 3),
        ("L 10 10", "L", 0),
        ("10 10", "1", 0),
        ("M 10", "end of data", 4),
        ("M 10 10 L 5", "end of data", 11),
        ("M 10 10 X 5 5", "X", 8),
        ("M 10 10 L 5 , , 6", ",", 14),
        ("M 1 2 Z 3 4", "3", 8),
        ("M 1e 2", "1e ", 2),
        ("M 1 2 L 1e999 0", "1e999", 8),
        ("M 0 0 A 1 1 0 2 0 5 5", "2", 14),
        ("M 0 0 L 1 1,", "end of data", 12),
        ("M 0 0 L - 1", "-", 8),
        ("M 0 0 L NaN 5", "NaN", 8),
        ("M 0 0 L 1 infinity", "infinity", 10),
        // Arcs with no Double representation name the whole arc command: radii scaled up by
        // √Λ ≈ 5e599 (SVG F.6.6.3), and an end point 1e308 + 1e308.
        ("M 0 0 A 1e300 1e-300 0 0 1 1e300 1e300", "A 1e300 1e-300 0 0 1 1e300 1e300", 6),
        ("M 1e308 0 a 1 1 0 0 1 1e308 0", "a 1 1 0 0 1 1e308 0", 10),
        // Finite numbers whose relative sum overflows: the command is named, never "(inf, …)".
        ("M 1e308 171 l 1e308 0", "l 1e308 0", 12),
        ("M 1e308 0 h 1e308", "h 1e308", 10),
    ]

    @Test("malformed data names the token and its offset", arguments: malformed)
    func malformedData(data: String, token: String, offset: Int) {
        let error = #expect(throws: BezierError.self) { try Path(svgPathData: data) }
        guard case .invalidPathData(_, let actualToken, let actualOffset)? = error else {
            Issue.record("expected invalidPathData, got \(String(describing: error))")
            return
        }
        #expect(actualToken == token)
        #expect(actualOffset == offset)
        let text = error!.description
        #expect(!text.contains("\n") && text.contains("offset \(offset)") && text.contains("'\(token)'"))
    }

    @Test("non-finite coordinates and missing moves are rejected by the builders")
    func builderValidation() {
        var path = Path()
        #expect(throws: BezierError.self) { try path.addLine(to: Point(1, 1)) }
        #expect(throws: BezierError.self) { try path.close() }
        #expect(throws: BezierError.self) { try path.move(to: Point(.nan, 0)) }
        #expect(throws: BezierError.self) { try Path(elements: [.move(to: .zero), .line(to: Point(.infinity, 0))]) }
        #expect(path.isEmpty)
    }

    @Test("elliptical arcs become cubics within the tolerance", arguments: [1e-3, 1e-6, 1e-9])
    func arcs(tolerance: Double) throws {
        // A half circle of radius 50 centred at (50, 0), from (0, 0) to (100, 0), sweep on.
        let path = try Path(svgPathData: "M 0 0 A 50 50 0 0 1 100 0", arcTolerance: tolerance)
        #expect(path.currentPoint == Point(100, 0))
        var worst = 0.0
        for segment in path.segments {
            for i in 0...200 {
                let p = segment.point(at: Double(i) / 200)
                worst = max(worst, abs(p.distance(to: Point(50, 0)) - 50))
            }
        }
        #expect(worst <= tolerance)
        // Sweep flag 1 with y down goes through negative y (clockwise on screen from (0,0)).
        #expect(path.segments.allSatisfy { $0.boundingBox.maximum.y <= 1e-9 })
        // Rotated ellipses, all four flag combinations: see `rotatedArcs`.
        // Zero radius is a line; identical end points draw nothing; radii too small are scaled.
        #expect(try Path(svgPathData: "M 0 0 A 0 5 0 0 1 10 0").elements == [.move(to: .zero), .line(to: Point(10, 0))])
        #expect(try Path(svgPathData: "M 3 3 A 5 5 0 0 1 3 3").elements.count == 1)
        let small = try Path(svgPathData: "M 0 0 A 1 1 0 0 1 10 0", arcTolerance: tolerance)
        for segment in small.segments {
            #expect(abs(segment.point(at: 0.5).distance(to: Point(5, 0)) - 5) <= tolerance)
        }
    }

    static let rotatedCases: [(scale: Double, rx: Double, ry: Double, largeArc: Int, sweep: Int)] = [1e-170, 1, 1e150].flatMap { scale in
        // Radii 40, 20 reach both ends; 4, 2 are too small and get scaled up (F.6.6.3).
        [(40.0, 20.0), (4, 2)].flatMap { radii in
            [(0, 0), (0, 1), (1, 0), (1, 1)].map { flags in (scale, radii.0, radii.1, flags.0, flags.1) }
        }
    }

    @Test("rotated elliptical arcs lie on the ellipse of SVG F.6.5 from θ1 through Δθ", arguments: rotatedCases)
    func rotatedArcs(scale: Double, rx: Double, ry: Double, largeArc: Int, sweep: Int) throws {
        // "M 10 10 a 40 20 30 fA fS 50 -10" with every length times `scale`; the arc tolerance
        // scales too, so the check is equally strict at every scale.
        let from = Point(10 * scale, 10 * scale)
        let data = "M \(from.x) \(from.y) a \(rx * scale) \(ry * scale) 30 \(largeArc) \(sweep) \(50 * scale) \(-10 * scale)"
        let tolerance = 1e-9 * scale
        let path = try Path(svgPathData: data, arcTolerance: tolerance)
        let to = path.currentPoint!
        #expect(to == Point(from.x + 50 * scale, from.y - 10 * scale), "\(data)")
        // The reference centre form, computed at scale 1 where the textbook squares are safe.
        let unit = textbookCentreArc(from: Point(from.x / scale, from.y / scale), to: Point(to.x / scale, to.y / scale),
                                     rx: rx, ry: ry, degrees: 30, largeArc: largeArc == 1, sweep: sweep == 1)
        let arc = CentreArc(centre: Point(unit.centre.x * scale, unit.centre.y * scale),
                            rx: unit.rx * scale, ry: unit.ry * scale, phi: unit.phi, theta1: unit.theta1, delta: unit.delta)
        // The flags pick the arc: |Δθ| > π exactly for the large arc (or π when the radii were scaled).
        if rx == 40 { #expect((abs(arc.delta) > .pi) == (largeArc == 1) && (arc.delta > 0) == (sweep == 1)) }
        expectOnArc(path, arc, tolerance: tolerance)
    }

    /// Hand-derived centre forms (SVG F.6.5, F.6.6) for arcs whose squares overflow or underflow.
    static let extremeArcs: [(data: String, arc: CentreArc)] = [
        // Chord 1e160 ≫ radius 1: radii scaled to the half chord, a half circle about the midpoint.
        ("M 0 0 A 1 1 0 0 1 1e160 0", CentreArc(centre: Point(5e159, 0), rx: 5e159, ry: 5e159, theta1: .pi, delta: .pi)),
        // Radius 1e78 (r⁴ overflows), chord 1: centre √(r² − ¼) ≈ 1e78 below, almost a full turn.
        ("M 0 0 A 1e78 1e78 0 1 1 1 0", CentreArc(centre: Point(0.5, -1e78), rx: 1e78, ry: 1e78, theta1: .pi / 2, delta: 2 * .pi)),
        ("M 0 0 A 1e20 1e20 0 1 0 1 0", CentreArc(centre: Point(0.5, 1e20), rx: 1e20, ry: 1e20, theta1: -.pi / 2, delta: -2 * .pi)),
        // Radius 1e-170 (r² underflows) for a chord of 1: scaled to a half circle of radius ½.
        ("M 0 0 A 1e-170 1e-170 0 0 1 0 1", CentreArc(centre: Point(0, 0.5), rx: 0.5, ry: 0.5, theta1: -.pi / 2, delta: .pi)),
        // Radius 1e-170 with chord 1e-170: an equilateral triangle, a 60° arc, no scaling.
        ("M 0 0 A 1e-170 1e-170 0 0 1 1e-170 0",
         CentreArc(centre: Point(0.5e-170, 3.0.squareRoot() / 2 * 1e-170), rx: 1e-170, ry: 1e-170, theta1: -2 * .pi / 3, delta: .pi / 3)),
    ]

    @Test("arcs with huge or tiny radii and chords stay on their ellipse", arguments: extremeArcs)
    func extremeArc(data: String, arc: CentreArc) throws {
        let path = try Path(svgPathData: data)
        expectOnArc(path, arc, tolerance: Path.defaultArcTolerance)
        // The piece count is bounded (the tolerance floor R·2⁻⁵² caps a full turn at 414 pieces).
        #expect(path.segments.count <= 414)
    }

    @Test("an arc scaled up from radius 1e-170 has the length of a half circle of radius ½")
    func tinyRadiusLength() throws {
        let path = try Path(svgPathData: "M 0 0 A 1e-170 1e-170 0 0 1 0 1")
        let length = try path.segments.reduce(0.0) { try $0 + $1.arcLength(accuracy: 1e-12) }
        #expect(abs(length - .pi / 2) <= 1e-8, "\(length)")
    }
}

/// An elliptical arc in centre form (SVG F.6.4): the point at angle θ is
/// `centre + R(φ)·(rx·cos θ, ry·sin θ)`, θ running from θ1 through θ1 + Δθ.
struct CentreArc: Sendable, CustomStringConvertible {
    var centre: Point
    var rx: Double
    var ry: Double
    var phi: Double = 0
    var theta1: Double
    var delta: Double
    var description: String { "centre \(centre) radii \(rx), \(ry) φ \(phi) θ1 \(theta1) Δθ \(delta)" }
}

/// Checks that every sampled point of the path's segments lies on the ellipse of `arc` (the
/// ellipse equation's residual, in radii, within `max(tolerance, R·2⁻⁵²)/min(rx, ry)` plus
/// rounding) and that the samples start at angle θ1 and turn through Δθ.
func expectOnArc(_ path: Path, _ arc: CentreArc, tolerance: Double, sourceLocation: SourceLocation = #_sourceLocation) {
    let c = cos(arc.phi), s = sin(arc.phi)
    let radius = max(arc.rx, arc.ry)
    let allowed = max(tolerance, radius * 0x1p-52) / min(arc.rx, arc.ry) + 1e-12
    func angle(_ p: Point) -> (angle: Double, residual: Double) {
        let ex = p.x - arc.centre.x, ey = p.y - arc.centre.y
        let qx = (c * ex + s * ey) / arc.rx, qy = (-s * ex + c * ey) / arc.ry
        return (atan2(qy, qx), abs(hypot(qx, qy) - 1))
    }
    guard let first = path.segments.first else {
        Issue.record("no segments for \(arc)", sourceLocation: sourceLocation)
        return
    }
    var previous = angle(first.start).angle
    #expect(abs(remainder(previous - arc.theta1, 2 * .pi)) <= 1e-9, "start angle \(previous) vs \(arc)", sourceLocation: sourceLocation)
    var turned = 0.0, worst = 0.0
    for segment in path.segments {
        for i in 1...64 {
            let (a, residual) = angle(segment.point(at: Double(i) / 64))
            worst = max(worst, residual)
            turned += remainder(a - previous, 2 * .pi)
            previous = a
        }
    }
    #expect(worst <= allowed, "ellipse residual \(worst) > \(allowed) for \(arc)", sourceLocation: sourceLocation)
    #expect(abs(turned - arc.delta) <= 1e-9, "turned \(turned) vs \(arc)", sourceLocation: sourceLocation)
}

/// SVG 1.1 F.6.5 (endpoint → centre) and F.6.6.3 (radii scaled by √Λ) transcribed literally, with
/// the squares of the note, as an independent reference for arcs of moderate size.
func textbookCentreArc(from: Point, to: Point, rx: Double, ry: Double, degrees: Double, largeArc: Bool, sweep: Bool) -> CentreArc {
    var rx = abs(rx), ry = abs(ry)
    let phi = degrees * .pi / 180
    // F.6.5.1
    let mx = (from.x - to.x) / 2, my = (from.y - to.y) / 2
    let x1 = cos(phi) * mx + sin(phi) * my, y1 = -sin(phi) * mx + cos(phi) * my
    // F.6.6.2–3
    let lambda = x1 * x1 / (rx * rx) + y1 * y1 / (ry * ry)
    if lambda > 1 {
        rx *= lambda.squareRoot()
        ry *= lambda.squareRoot()
    }
    // F.6.5.2
    let radicand = (rx * rx * ry * ry - rx * rx * y1 * y1 - ry * ry * x1 * x1) / (rx * rx * y1 * y1 + ry * ry * x1 * x1)
    let root = (largeArc != sweep ? 1.0 : -1.0) * max(0, radicand).squareRoot()
    let cx1 = root * rx * y1 / ry, cy1 = -root * ry * x1 / rx
    // F.6.5.3
    let cx = cos(phi) * cx1 - sin(phi) * cy1 + (from.x + to.x) / 2
    let cy = sin(phi) * cx1 + cos(phi) * cy1 + (from.y + to.y) / 2
    // F.6.5.4–6: the angle between vectors, Δθ taken mod 360° and signed by the sweep flag.
    func angle(_ ux: Double, _ uy: Double, _ vx: Double, _ vy: Double) -> Double { atan2(ux * vy - uy * vx, ux * vx + uy * vy) }
    let ux = (x1 - cx1) / rx, uy = (y1 - cy1) / ry, vx = (-x1 - cx1) / rx, vy = (-y1 - cy1) / ry
    let theta1 = angle(1, 0, ux, uy)
    var delta = angle(ux, uy, vx, vy)
    if !sweep && delta > 0 { delta -= 2 * .pi }
    if sweep && delta < 0 { delta += 2 * .pi }
    return CentreArc(centre: Point(cx, cy), rx: rx, ry: ry, phi: phi, theta1: theta1, delta: delta)
}
