import BenchKit
import BezierKernels
import Motion

/// The curves the curve benchmarks race on: the four seed bee paths of docs/seed-scenes.md and the hard
/// cubics named by the issue.
enum CurvesSeedPaths {
    /// Bee 1 `(0, 1.0, 1.0)` and bee 2 `(80, 3.0, 0.8)`, each with sign −1 then +1: the paths
    /// of docs/seed-scenes.md as the Motion scenes build them (`BeeFlight`), so the benchmarks race on
    /// exactly the curves `bench validate` flies.
    static func beePaths() throws -> [Path] {
        var paths: [Path] = []
        for bee in [BeeFlight.Bee.one, .two] {
            for sign in [-1.0, 1.0] { paths.append(try BeeFlight(bee: bee, sign: sign).path()) }
        }
        return paths
    }

    /// Every quadratic segment of the four bee paths (6 per path).
    static func quadratics() throws -> [QuadraticBezier] {
        try beePaths().flatMap(\.segments).compactMap { segment in
            if case .quadratic(let curve) = segment { curve } else { nil }
        }
    }

    /// The cusp of the issue: `B'` vanishes at t = ½, where `|B'|` has a kink.
    static let cusp = "M 0 0 C 100 100 0 100 100 0"
    /// A cubic that crosses itself (controls swapped past each other): a loop.
    static let loop = "M 0 0 C 200 100 -100 100 100 0"

    /// The seed of `randomCubics`.
    static let randomCubicSeed: UInt64 = 0x00C0_FFEE_2024

    /// `count` seeded random cubics, control points uniform in [0, 1000]² (SplitMix64: x then y,
    /// p0 … p3): the set of `arclen/cubic-random`, and of the evaluation-count tests
    /// (`ArcLengthCostTests`, which draw the same 1000).
    static func randomCubics(count: Int = 1000, seed: UInt64 = randomCubicSeed) -> [CubicBezier] {
        var random = SplitMix64(seed: seed)
        func coordinate() -> Double { 1000 * (Double(random.next() >> 11) * 0x1p-53) }
        return (0..<count).map { _ in
            var p: [Point] = []
            for _ in 0..<4 {
                let x = coordinate()
                p.append(Point(x, coordinate()))
            }
            return CubicBezier(p[0], p[1], p[2], p[3])
        }
    }

    /// The cubic of each bee path, then the cusp and the loop.
    static func cubics() throws -> [CubicBezier] {
        var paths = try beePaths()
        paths.append(try Path(svgPathData: cusp))
        paths.append(try Path(svgPathData: loop))
        return paths.flatMap(\.segments).compactMap { segment in
            if case .cubic(let curve) = segment { curve } else { nil }
        }
    }
}
