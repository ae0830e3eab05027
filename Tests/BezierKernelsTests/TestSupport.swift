import BezierKernels
import GSLReference

/// SplitMix64 (Steele, Lea & Flood, OOPSLA 2014): a tiny seeded generator for reproducible cases.
struct SplitMix64: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    mutating func unit() -> Double { Double(next() >> 11) * 0x1p-53 }
}

/// The bee flight path of DESIGN §2 (`getFlightPath` in the seed, with the random sign made a
/// parameter).
func beeFlightPath(yOffset: Double, factor1: Double, factor2: Double, sign: Double) throws -> Path {
    var path = Path()
    let y = 200 + yOffset * factor1
    try path.move(to: Point(20, y))
    for (i, x) in [220.0, 420, 620, 820].enumerated() {
        let lift = (i % 2 == 0 ? -100 : 100) * factor1
        try path.addQuadCurve(to: Point(x, y), control: Point(x - 100, y + lift))
    }
    let w = yOffset * factor1 * factor2
    try path.addQuadCurve(to: Point(700, 175 + w), control: Point(850, 150 + w))
    try path.addQuadCurve(to: Point(900, 200 + w), control: Point(550, 200 + w))
    let y0 = path.currentPoint!.y
    try path.addCurve(to: Point(1200, y0 + sign * 100), control1: Point(1000, y0), control2: Point(1100, y0))
    return path
}

/// The four seed paths: bee 1 (0, 1.0, 1.0) and bee 2 (80, 3.0, 0.8), each with sign −1 and +1.
struct SeedPath: CustomStringConvertible, Sendable {
    var bee: Int
    var sign: Double
    var description: String { "bee\(bee) sign \(sign > 0 ? "+" : "-")" }
    var path: Path {
        let (yOffset, f1, f2): (Double, Double, Double) = bee == 1 ? (0, 1.0, 1.0) : (80, 3.0, 0.8)
        return try! beeFlightPath(yOffset: yOffset, factor1: f1, factor2: f2, sign: sign)
    }
    static let all = [SeedPath(bee: 1, sign: -1), SeedPath(bee: 1, sign: 1), SeedPath(bee: 2, sign: -1), SeedPath(bee: 2, sign: 1)]
}

func cubic(_ svg: String) -> CubicBezier {
    guard case .cubic(let c)? = try! Path(svgPathData: svg).segments.first else { fatalError("not a cubic: \(svg)") }
    return c
}

func quadratic(_ svg: String) -> QuadraticBezier {
    guard case .quadratic(let c)? = try! Path(svgPathData: svg).segments.first else { fatalError("not a quadratic: \(svg)") }
    return c
}

/// The reference arc length of `segment` over [a, b]: GSL QAGS (21-point Gauss–Kronrod with
/// extrapolation) on the exact speed |B'(t)|.
func referenceArcLength(_ segment: PathSegment, from a: Double = 0, to b: Double = 1,
                        relativeTolerance: Double = 1e-14, integrator: GSLIntegrator? = nil) throws -> Double {
    guard b > a else { return 0 }
    let speed: (Double) -> Double = { t in segment.derivative(at: t).length }
    let integrator = try integrator ?? GSLIntegrator()
    // QAGS reports a roundoff error when its estimate cannot reach the tolerance near machine
    // precision; loosen by decades (its actual error is usually far below its estimate).
    var tolerance = relativeTolerance
    while true {
        do {
            return try integrator.qags(from: a, to: b, absoluteTolerance: 0, relativeTolerance: tolerance, speed).value
        } catch where tolerance < 1e-10 {
            tolerance *= 10
        }
    }
}

/// The reference point at `distance` along `path`: the segment by cumulative GSL lengths, then
/// Brent's method on `L(0, t) − remaining` with GSL quadrature inside.
func referencePoint(on segments: [PathSegment], lengths: [Double], atDistance distance: Double,
                    integrator: GSLIntegrator, finder: GSLRootFinder) throws -> Point {
    var remaining = distance
    var index = 0
    while index < segments.count - 1, remaining > lengths[index] {
        remaining -= lengths[index]
        index += 1
    }
    let segment = segments[index]
    if remaining <= 0 { return segment.start }
    if remaining >= lengths[index] { return segment.end }
    let t = try finder.brent(lower: 0, upper: 1, absoluteTolerance: 1e-15, relativeTolerance: 0) { t in
        (try? referenceArcLength(segment, to: t, integrator: integrator)).map { $0 - remaining } ?? .nan
    }
    return segment.point(at: t)
}
