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

/// The bee flight path of docs/seed-scenes.md (`getFlightPath` in the seed, with the random sign made a
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

/// A quick reference arc length of `segment` over [a, b]: GSL QAGS (21-point Gauss–Kronrod with
/// extrapolation) on the exact speed |B'(t)|, for reference *points* (inside a root finder).
///
/// GSL refuses a relative tolerance below 50·DBL_EPSILON (1.1e-14) with a zero absolute one
/// (`GSL_EBADTOL`) and reports roundoff when the tolerance is out of reach, so the tolerance is
/// loosened by decades from `relativeTolerance` until QAGS accepts it (up to 1e-10): this is a
/// ~1e-13-relative reference, not better. Accuracy tests use `tightReferenceLength`.
func referenceArcLength(_ segment: PathSegment, from a: Double = 0, to b: Double = 1,
                        relativeTolerance: Double = 1e-13, integrator: GSLIntegrator? = nil) throws -> Double {
    guard b > a else { return 0 }
    let speed: (Double) -> Double = { t in segment.derivative(at: t).length }
    let integrator = try integrator ?? GSLIntegrator()
    var tolerance = relativeTolerance
    while true {
        do {
            return try integrator.qags(from: a, to: b, absoluteTolerance: 0, relativeTolerance: tolerance, speed).value
        } catch where tolerance < 1e-10 {
            tolerance *= 10
        }
    }
}

/// A reference length and GSL's estimate of its absolute error.
struct ReferenceLength {
    var value: Double
    var estimatedError: Double
}

/// The parameters in (0, 1) where the speed |B'(t)| has a local minimum (roots of B'·B'' going
/// from − to +): cusps, where the speed has a kink, and near-cusps, where it nearly does. Found by
/// sampling 1024 cells and bisecting to the last bit; a minimum paired with a maximum inside one
/// cell can be missed, which only makes that piece harder for CQUAD, not wrong.
func speedMinima(of segment: PathSegment) -> [Double] {
    func slope(_ t: Double) -> Double { segment.derivative(at: t).dot(segment.secondDerivative(at: t)) }
    var minima: [Double] = []
    let cells = 1024
    var previous = slope(0)
    for i in 1...cells {
        let t = Double(i) / Double(cells)
        let value = slope(t)
        if previous < 0 && value >= 0 {
            var lo = Double(i - 1) / Double(cells), hi = t
            while true {
                let mid = 0.5 * (lo + hi)
                if mid <= lo || mid >= hi { break }
                if slope(mid) < 0 { lo = mid } else { hi = mid }
            }
            if hi < 1 { minima.append(hi) }
        }
        previous = value
    }
    return minima
}

/// The tight reference arc length of `segment` over [a, b]: GSL CQUAD (doubly adaptive
/// Clenshaw–Curtis, which reaches tolerances near machine precision) on the exact speed, with
/// [a, b] split at the speed minima so that every kink of |B'| sits at a piece's end, asked for
/// an absolute error of 1e-16 times the control polygon's length (an upper bound of the arc
/// length) and no relative tolerance. The returned `estimatedError` is CQUAD's summed estimate:
/// tests assert it is below 1e-15·L, so a reference that did not converge fails loudly.
func tightReferenceLength(_ segment: PathSegment, from a: Double = 0, to b: Double = 1,
                          integrator: GSLIntegrator? = nil) throws -> ReferenceLength {
    guard b > a else { return ReferenceLength(value: 0, estimatedError: 0) }
    let integrator = try integrator ?? GSLIntegrator()
    let points: [Point]
    switch segment {
    case .line(let c): points = [c.p0, c.p1]
    case .quadratic(let c): points = [c.p0, c.p1, c.p2]
    case .cubic(let c): points = [c.p0, c.p1, c.p2, c.p3]
    }
    let polygon = zip(points, points.dropFirst()).reduce(0.0) { $0 + $1.0.distance(to: $1.1) }
    guard polygon > 0 else { return ReferenceLength(value: 0, estimatedError: 0) }
    let cuts = [a] + speedMinima(of: segment).filter { $0 > a && $0 < b } + [b]
    var total = ReferenceLength(value: 0, estimatedError: 0)
    for (lower, upper) in zip(cuts, cuts.dropFirst()) {
        let piece = try integrator.cquad(from: lower, to: upper, absoluteTolerance: 1e-16 * polygon, relativeTolerance: 0) { t in
            segment.derivative(at: t).length
        }
        total.value += piece.value
        total.estimatedError += piece.estimatedError
    }
    return total
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
