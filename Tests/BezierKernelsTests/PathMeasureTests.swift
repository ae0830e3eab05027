import BezierKernels
import GSLReference
import Testing

@Suite("PathMeasure")
struct PathMeasureTests {
    @Test("positions within 1e-9 pt of Brent over GSL quadrature at 200 random distances", arguments: SeedPath.all)
    func seedPaths(seed: SeedPath) throws {
        let path = seed.path
        let measure = try PathMeasure(path: path)
        #expect(measure.maximumError <= 0.25e-9)
        let integrator = try GSLIntegrator(), finder = try GSLRootFinder()
        let segments = path.segments
        let lengths = try segments.map { try referenceArcLength($0, integrator: integrator) }
        let total = lengths.reduce(0, +)
        #expect(abs(measure.length - total) <= 1e-9)
        var rng = SplitMix64(seed: UInt64(seed.bee * 10) + (seed.sign > 0 ? 1 : 0))
        var worst = 0.0
        for _ in 0..<200 {
            let s = rng.unit() * total
            let reference = try referencePoint(on: segments, lengths: lengths, atDistance: s, integrator: integrator, finder: finder)
            let sample = try measure.sample(atDistance: min(s, measure.length))
            worst = max(worst, sample.position.distance(to: reference))
            #expect(abs(sample.tangent.length - 1) <= 1e-12)
        }
        #expect(worst <= 1e-9, "worst error \(worst) pt")
    }
}
