import BezierKernels
import Testing

/// `PathAnimation.segmentPlaces(atTimes:)`: every lane is `segmentPlace(atTime:)`, bit for bit,
/// on the packed paths (one piece, the linear share) and the lane-by-lane ones.
@Suite struct PathAnimationBatchTests {
    static let paths: [Path] = SeedPath.all.map(\.path) + [
        try! Path(svgPathData: "M 0 0 L 100 0 Q 150 50 100 100 C 50 150 0 100 0 0 Z M 10 10"),
        try! Path(svgPathData: "M 0 0 C 100 100 0 100 100 0"),  // a cusp
        try! Path(svgPathData: "M 5 5 L 5 5 L 105 5"),  // a segment of no length first
    ]

    static let timingCurves: [TimingCurve] = [.linear, try! TimingCurve(x1: 0.3, y1: 0.3, x2: 0.8, y2: 0.8), .easeInEaseOut]

    /// Frame-like runs of eight consecutive times (mostly one piece), scattered times (several
    /// pieces and cycles), times before the start and past the end, and lanes that are not finite.
    static func times(_ rng: inout SplitMix64, duration: Double) -> SIMD8<Double> {
        var t = SIMD8<Double>()
        switch rng.next() % 4 {
        case 0:
            let start = (rng.unit() * 5 - 1) * duration, step = 1 / (60 + 180 * rng.unit())
            for k in 0..<8 { t[k] = start + Double(k) * step }
        case 1:
            for k in 0..<8 { t[k] = (rng.unit() * 7 - 2) * duration }
        case 2:
            let start = rng.unit() * duration
            for k in 0..<8 { t[k] = start + Double(k) * 1e-7 }
        default:
            for k in 0..<8 { t[k] = (rng.unit() * 3 - 1) * duration }
            t[Int(rng.next() % 8)] = [Double.nan, .infinity, -.infinity][Int(rng.next() % 3)]
        }
        return t
    }

    @Test func everyLaneIsTheScalarPlace() throws {
        var rng = SplitMix64(seed: 0xBA7C4)
        var packedOnePiece = 0, lanes = 0
        for path in Self.paths {
            for curve in Self.timingCurves {
                for mode in PathAnimation.Mode.allCases {
                    for repeats in [false, true] {
                        let duration = 0.5 + 3 * rng.unit()
                        let animation = try PathAnimation(path: path, duration: duration, timingCurve: curve, mode: mode, repeats: repeats)
                        for _ in 0..<300 {
                            let t = Self.times(&rng, duration: duration)
                            let places = animation.segmentPlaces(atTimes: t)
                            for k in 0..<8 {
                                lanes += 1
                                let scalar = animation.segmentPlace(atTime: t[k])
                                #expect(places.found[k] == (scalar != nil), "\(t[k])")
                                #expect(places.segmentIndex[k] == (scalar?.segmentIndex ?? 0), "\(path) \(mode) t = \(t[k])")
                                #expect(places.parameter[k].bitPattern == (scalar?.parameter ?? 0).bitPattern,
                                        "\(mode) \(curve) repeats \(repeats) t = \(t[k]): \(places.parameter[k]) vs \(scalar?.parameter ?? 0)")
                            }
                            if mode == .paced, curve == .linear, places.segmentIndex == SIMD8(repeating: places.segmentIndex[0]) {
                                packedOnePiece += 1
                            }
                        }
                    }
                }
            }
        }
        #expect(lanes == Self.paths.count * 3 * 2 * 2 * 300 * 8)
        // The packed one-piece path is the common one on frame-like runs.
        #expect(packedOnePiece > 1000, "\(packedOnePiece)")
    }
}
