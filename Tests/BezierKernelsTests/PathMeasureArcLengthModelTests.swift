@testable import BezierKernels
import Testing

/// The arc-length polynomial the `PathMeasure` build solves its nodes and checks on
/// (`PieceArcLength`): wherever the build accepts it, it must be within its stated bound of the
/// exact arc length — at its interpolation points and between them.
@Suite("PathMeasure arc-length polynomial")
struct PathMeasureArcLengthModelTests {
    /// The bee paths' segments and the hard cubics of `PathMeasureTests`.
    static let segments: [PathSegment] = SeedPath.all.flatMap(\.path.segments)
        + PathMeasureTests.hardCubics.map { PathSegment.cubic($0) }

    /// The arc length from `a` to `b` to about an ulp of it: the 24-point Gauss–Legendre rule on
    /// each of 64 equal parts (exact to rounding wherever the polynomial is accepted: the speed's
    /// nearest singularity is then many part-widths away), summed with Kahan's compensation. The
    /// kernel's own arc length stops at ~1e-14 of the curve's size (its rounding floor), which
    /// is the size of the bounds checked here.
    static func preciseArcLength(_ curve: CubicBezier, from a: Double, to b: Double) -> Double {
        if b < a { return -preciseArcLength(curve, from: b, to: a) }
        let nodes = withUnsafeBytes(of: GaussLegendre.nodes24) { Array($0.bindMemory(to: Double.self)) }
        let weights = withUnsafeBytes(of: GaussLegendre.weights24) { Array($0.bindMemory(to: Double.self)) }
        var sum = 0.0, compensation = 0.0
        let parts = 64
        for i in 0..<parts {
            let low = a + (b - a) * Double(i) / Double(parts), high = a + (b - a) * Double(i + 1) / Double(parts)
            let mid = 0.5 * (low + high), half = 0.5 * (high - low)
            for (node, weight) in zip(nodes, weights) {
                for x in [-node, node] {
                    let term = half * weight * curve.derivative(at: mid + half * x).length - compensation
                    let next = sum + term
                    compensation = (next - sum) - term
                    sum = next
                }
            }
        }
        return sum
    }

    // Ranges of widths 2⁻¹ … 2⁻⁸ at seeded random places; 65 parameters each (the 16
    // interpolation points' neighbourhoods and everything between), measured from a random
    // origin in the range as the build does for a piece inside a wider polynomial, against
    // `preciseArcLength`. (A polynomial built from the wrong points errs by up to 7 pt here; one
    // whose bound were 10× smaller would fail by ×3.)
    @Test("within its bound of the exact arc length, between any two parameters it covers")
    func withinBound() throws {
        var rng = SplitMix64(seed: 0xA12C)
        var accepted = 0, tried = 0
        for segment in Self.segments {
            guard let coefficients = PieceBuilder.Coefficients(segment) else { continue }
            let lengthAccuracy = 1e-12
            let builder = PieceBuilder(segment: segment, coefficients: coefficients, segmentIndex: 0, budget: 0.25e-9,
                                       lengthAccuracy: lengthAccuracy)
            let cubic = segment.cubic
            for exponent in 1...8 {
                let width = 1 / Double(1 << exponent)
                let t0 = rng.unit() * (1 - width), t1 = t0 + width
                tried += 1
                guard let model = builder.arcLengthModel(from: t0, to: t1) else { continue }
                accepted += 1
                #expect(model.bound <= lengthAccuracy)
                let from = t0 + rng.unit() * width
                let (origin, _) = model.origin(at: from, upTo: t1)
                var worst = 0.0, worstExcess = -Double.infinity
                for k in 0...64 {
                    let t = t0 + width * Double(k) / 64
                    let measured = model.distance(at: SIMD8(repeating: t), from: origin)[0]
                    let exact = Self.preciseArcLength(cubic, from: from, to: t)
                    worst = max(worst, abs(measured - exact))
                    worstExcess = max(worstExcess, abs(measured - exact) - model.bound)
                }
                #expect(worstExcess <= 0, "\(segment) on [\(t0), \(t1)]: error \(worst), bound \(model.bound)")
            }
        }
        // Most ranges of the bee paths and the hard cubics take the polynomial.
        #expect(accepted * 2 >= tried, "the polynomial was accepted on \(accepted) of \(tried) ranges")
    }

    // The build takes the polynomial on every piece of the bee paths at 1e-9 (away from cusps the
    // bound is far below the arc-length accuracy), so the fast path is what the bee tables use.
    @Test("used on every piece of the bee paths at 1e-9", arguments: SeedPath.all)
    func usedOnBeePaths(seed: SeedPath) throws {
        let measure = try PathMeasure(path: seed.path, accuracy: 1e-9)
        for piece in measure.pieces {
            let segment = measure.segments[piece.segmentIndex]
            let lengthAccuracy = max(1e-12, segment.segment.uncheckedArcLength(accuracy: 1e-6) * 1e-14)
            let builder = PieceBuilder(segment: segment.segment, coefficients: try #require(PieceBuilder.Coefficients(segment.segment)),
                                       segmentIndex: piece.segmentIndex, budget: 0.25e-9, lengthAccuracy: lengthAccuracy)
            #expect(builder.arcLengthModel(from: piece.t0, to: piece.t1) != nil, "piece [\(piece.t0), \(piece.t1)]")
        }
    }

    // A segment's first try too wide for the polynomial is narrowed before any fit; when the
    // narrowing kept it within a quarter width of the end it was the whole segment again, for
    // ever (the bee path at 1/1000 scale and 1e-3 hung `bench accuracy`).
    @Test("a first piece too wide for the polynomial is narrowed, also when it is the whole segment",
          arguments: [1e-3, 1e-6, 1e-9, 1e-12])
    func firstPieceNarrowed(accuracy: Double) throws {
        let path = try Path(elements: SeedPath.all[1].path.elements.map { $0.mappingPoints { Point($0.simd / 1000) } })
        let measure = try PathMeasure(path: path, accuracy: accuracy)
        #expect(measure.maximumError <= 0.25 * accuracy)
        #expect(measure.pieces.count <= 200)
    }
}
