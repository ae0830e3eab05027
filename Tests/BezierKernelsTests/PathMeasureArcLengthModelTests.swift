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

    /// The 24-point Gauss–Legendre rule's nodes and weights (the positive half).
    static let (nodes24, weights24): ([Double], [Double]) = (
        withUnsafeBytes(of: GaussLegendre.nodes24) { Array($0.bindMemory(to: Double.self)) },
        withUnsafeBytes(of: GaussLegendre.weights24) { Array($0.bindMemory(to: Double.self)) })

    /// The arc length from `a` to `b` by one 24-point Gauss–Legendre rule: exact to rounding on a
    /// part 1/64 of a range where the polynomial is accepted (the speed's nearest singularity is
    /// then many part-widths away).
    static func gauss24(_ curve: CubicBezier, from a: Double, to b: Double) -> Double {
        let mid = 0.5 * (a + b), half = 0.5 * (b - a)
        var sum = 0.0
        for (node, weight) in zip(nodes24, weights24) {
            sum += weight * (curve.derivative(at: mid - half * node).length + curve.derivative(at: mid + half * node).length)
        }
        return half * sum
    }

    /// The arc length from `origin` to each of the 65 points `t0 + width·k/64`, to about an ulp
    /// of it: the range cut into its 64 parts (the part holding `origin` in two at it), each
    /// measured by `gauss24`, summed outwards from `origin` with Kahan's compensation. The
    /// kernel's own arc length stops at ~1e-14 of the curve's size (its rounding floor), which
    /// is the size of the bounds checked here. (One pass for all 65: measuring each from
    /// `origin` in 64 parts of its own cost this suite 27 s of a debug build.)
    static func preciseArcLengths(_ curve: CubicBezier, from origin: Double, grid t0: Double, width: Double) -> [Double] {
        let grid = (0...64).map { t0 + width * Double($0) / 64 }
        // The part [grid[j], grid[j + 1]] holding the origin.
        let j = min(63, max(0, grid.lastIndex { $0 <= origin } ?? 0))
        var lengths = [Double](repeating: 0, count: 65)
        func accumulate(_ indices: [Int], first: Double, part: (Int) -> Double) {
            var sum = 0.0, compensation = 0.0
            func add(_ x: Double) {
                let term = x - compensation
                let next = sum + term
                compensation = (next - sum) - term
                sum = next
            }
            add(first)
            for (n, k) in indices.enumerated() {
                if n > 0 { add(part(k)) }
                lengths[k] = sum
            }
        }
        // Rightwards: grid[j + 1] is `first` away, then one part each.
        accumulate(Array((j + 1)...64), first: gauss24(curve, from: origin, to: grid[j + 1])) { k in
            gauss24(curve, from: grid[k - 1], to: grid[k])
        }
        // Leftwards, negative: grid[j] is `first` back, then one part each.
        accumulate(Array((0...j).reversed()), first: -gauss24(curve, from: grid[j], to: origin)) { k in
            -gauss24(curve, from: grid[k], to: grid[k + 1])
        }
        return lengths
    }

    // Ranges of widths 2⁻¹ … 2⁻⁸ at seeded random places; 65 parameters each (the 16
    // interpolation points' neighbourhoods and everything between), measured from a random
    // origin in the range as the build does for a piece inside a wider polynomial, against
    // `preciseArcLengths`. (A polynomial built from the wrong points errs by up to 7 pt here; one
    // whose bound were 10× smaller fails, the worst range by ×2.)
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
                let exacts = Self.preciseArcLengths(cubic, from: from, grid: t0, width: width)
                for k in 0...64 {
                    let t = t0 + width * Double(k) / 64
                    let measured = model.distance(at: SIMD8(repeating: t), from: origin)[0]
                    let exact = exacts[k]
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
