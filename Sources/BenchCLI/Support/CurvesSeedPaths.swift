import BezierKernels

/// The curves the curve benchmarks race on: the four seed bee paths of DESIGN §2 and the hard
/// cubics named by the issue.
enum CurvesSeedPaths {
    /// One bee flight path as DESIGN §2 spells it (`getFlightPath` in
    /// `shared/seeds/bee-flight-simulator.txt`, with the demo's random sign made a parameter).
    ///
    /// Move to `(20, y)` with `y = 200 + yOffset·factor1`; four quadratics to x = 220, 420, 620,
    /// 820 at that y with controls `(x − 100, y ∓ 100·factor1)` (minus for the 1st and 3rd);
    /// with `w = yOffset·factor1·factor2`, quadratics to `(700, 175 + w)` (control
    /// `(850, 150 + w)`) and `(900, 200 + w)` (control `(550, 200 + w)`); a cubic to
    /// `(1200, y₀ + sign·100)` with controls `(1000, y₀)`, `(1100, y₀)`, y₀ the current y.
    static func beeFlightPath(yOffset: Double, factor1: Double, factor2: Double, sign: Double) throws(BezierError) -> Path {
        var path = Path()
        let y = 200 + yOffset * factor1
        try path.move(to: Point(20, y))
        for (index, x) in [220.0, 420, 620, 820].enumerated() {
            let lift = (index % 2 == 0 ? -100 : 100) * factor1
            try path.addQuadCurve(to: Point(x, y), control: Point(x - 100, y + lift))
        }
        let w = yOffset * factor1 * factor2
        try path.addQuadCurve(to: Point(700, 175 + w), control: Point(850, 150 + w))
        try path.addQuadCurve(to: Point(900, 200 + w), control: Point(550, 200 + w))
        let y0 = path.currentPoint?.y ?? 200 + w
        try path.addCurve(to: Point(1200, y0 + sign * 100), control1: Point(1000, y0), control2: Point(1100, y0))
        return path
    }

    /// Bee 1 `(0, 1.0, 1.0)` and bee 2 `(80, 3.0, 0.8)`, each with sign −1 then +1.
    static func beePaths() throws(BezierError) -> [Path] {
        var paths: [Path] = []
        for (yOffset, factor1, factor2) in [(0.0, 1.0, 1.0), (80.0, 3.0, 0.8)] {
            for sign in [-1.0, 1.0] {
                paths.append(try beeFlightPath(yOffset: yOffset, factor1: factor1, factor2: factor2, sign: sign))
            }
        }
        return paths
    }

    /// Every quadratic segment of the four bee paths (6 per path).
    static func quadratics() throws(BezierError) -> [QuadraticBezier] {
        try beePaths().flatMap(\.segments).compactMap { segment in
            if case .quadratic(let curve) = segment { curve } else { nil }
        }
    }

    /// The cusp of the issue: `B'` vanishes at t = ½, where `|B'|` has a kink.
    static let cusp = "M 0 0 C 100 100 0 100 100 0"
    /// A cubic that crosses itself (controls swapped past each other): a loop.
    static let loop = "M 0 0 C 200 100 -100 100 100 0"

    /// The cubic of each bee path, then the cusp and the loop.
    static func cubics() throws(BezierError) -> [CubicBezier] {
        var paths = try beePaths()
        paths.append(try Path(svgPathData: cusp))
        paths.append(try Path(svgPathData: loop))
        return paths.flatMap(\.segments).compactMap { segment in
            if case .cubic(let curve) = segment { curve } else { nil }
        }
    }
}
