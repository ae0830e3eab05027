import Foundation
import BenchKit
import BezierKernels
import GSLReference

/// The curve kernels raced against GSL (docs/design.md §4 names): `arclen/quadratic`, `arclen/cubic`,
/// `arclen/cubic-random`, `arclen/cubic-inverse`, `pathmeasure/position`, `pathmeasure/build`,
/// `pathmeasure/build-random`, `eval/cubic-batch`.
///
/// Every benchmark's check runs the kernel and its reference on the same inputs and fails (so
/// nothing is timed) when they disagree beyond the accuracy the kernel promises. Inputs are
/// built once, outside the timed bodies; times are per curve, per query or per point.
func curveBenchmarks() throws -> [Benchmark] {
    [
        try quadraticArcLengthBenchmark(),
        try cubicArcLengthBenchmark(),
        try randomCubicArcLengthBenchmark(),
        try cubicInverseBenchmark(),
        try pathMeasureBenchmark(),
        try pathMeasureBuildBenchmark(),
        try pathMeasureBuildRandomBenchmark(),
        try cubicBatchBenchmark(),
    ]
}

/// The accuracy every curve benchmark asks of the kernels, in points (the 1e-9).
let curveBenchmarkAccuracy = 1e-9

/// The seed for every random input of the curve benchmarks (SplitMix64), so runs compare.
let curveBenchmarkSeed: UInt64 = 0x00C0_FFEE_2024

// "Equal accuracy" for the arc-length races. The kernels take an absolute `accuracy` in points
// (1e-9 pt here); GSL QAGS is asked for a relative tolerance of 1e-9 (absolute tolerance 0),
// i.e. an error of at most 1e-9 × the length. The seed curves are 100–700 pt long, so GSL's
// target (1e-7 to 7e-7 pt) is looser than the kernel's: the race never asks more of GSL than of
// the kernel, and the speedup is, if anything, understated. Both sides see the same curves, and
// GSL reuses one integrator (no workspace allocation per call); its integrand is the exact speed
// |B'(t)|, the same function the kernel integrates.

/// The GSL QAGS tolerance the arc-length references are timed at (see above).
let gslRelativeTolerance = 1e-9

/// `arclen/quadratic`: the closed-form arc length of each quadratic of the four seed bee paths.
func quadraticArcLengthBenchmark() throws -> Benchmark {
    try arcLengthRace("arclen/quadratic", curves: try CurvesSeedPaths.quadratics(), segment: PathSegment.quadratic)
}

/// `arclen/cubic`: adaptive Gauss–Legendre arc length at 1e-9 pt of the seed cubics, the cusp
/// and the loop.
func cubicArcLengthBenchmark() throws -> Benchmark {
    try arcLengthRace("arclen/cubic", curves: try CurvesSeedPaths.cubics(), segment: PathSegment.cubic)
}

/// `arclen/cubic-random`: the arc length at 1e-9 pt of 1000 seeded random cubics (control points
/// uniform in [0, 1000]², `CurvesSeedPaths.randomCubics`), loops, near-cusps and all, against
/// GSL QAGS on the same curves (relative 1e-9, see above).
func randomCubicArcLengthBenchmark() throws -> Benchmark {
    try arcLengthRace("arclen/cubic-random", curves: CurvesSeedPaths.randomCubics(), segment: PathSegment.cubic)
}

/// One arc-length race: the kernel's `arcLength(accuracy:)` at `curveBenchmarkAccuracy` on each
/// of `curves`, against GSL QAGS (`NAME/gsl-qags`) on the exact speed |B'(t)| of the same curves
/// at `gslRelativeTolerance`; checked against a tight GSL length first (`arcLengthError`).
/// Generic so that each race is specialized for its curve type, as the hand-written ones were.
func arcLengthRace<Curve: ParametricCurveDerivative & ParametricCurveArcLength>(
    _ name: String, curves: [Curve], segment: (Curve) -> PathSegment
) throws -> Benchmark {
    let integrator = try GSLIntegrator()
    let accuracy = curveBenchmarkAccuracy
    let segments = curves.map(segment)
    return Benchmark(
        name,
        unit: .nanoseconds(per: "curve"),
        workUnitsPerIteration: curves.count,
        reference: Reference(name + "/gsl-qags") { iterations in
            for _ in 0..<iterations {
                for curve in curves {
                    blackHole(mustSucceed("arclen/gsl-qags") { try integrator.qags(from: 0, to: 1, relativeTolerance: gslRelativeTolerance) { t in
                        curve.derivative(at: t).length
                    }.value })
                }
            }
        },
        check: Check(tolerance: accuracy) {
            // The segment wraps the same curve: its arcLength is the curve's kernel.
            try arcLengthError(segments, integrator: integrator) { try $0.arcLength(accuracy: accuracy) }
        }
    ) { iterations in
        for _ in 0..<iterations {
            for curve in curves { blackHole(mustSucceed("arclen") { try curve.arcLength(accuracy: accuracy) }) }
        }
    }
}

/// `arclen/cubic-inverse`: the position at a seeded random distance on each of 200 random cubics
/// (the first of `arclen/cubic-random`'s), no table, accuracy 1e-9 pt: `parameter(atArcLength:)`
/// then the point. The reference is the same safeguarded Newton done the straightforward way,
/// `FromZeroInverse`: every iterate's `L(0, t)` integrated from 0 (`subsegment(0...t)`) with the
/// same arc-length kernel, as the kernel did before it integrated only the increments.
func cubicInverseBenchmark(count: Int = 200) throws -> Benchmark {
    let curves = Array(CurvesSeedPaths.randomCubics().prefix(count))
    let accuracy = curveBenchmarkAccuracy
    var random = SplitMix64(seed: curveBenchmarkSeed ^ 0x1A7E)
    let targets = try curves.map { curve throws(BezierError) in try curve.arcLength(accuracy: accuracy) * (Double(random.next() >> 11) * 0x1p-53) }
    let integrator = try GSLIntegrator()
    return Benchmark(
        "arclen/cubic-inverse",
        unit: .nanoseconds(per: "query"),
        workUnitsPerIteration: curves.count,
        reference: Reference("arclen/cubic-inverse/from-zero") { iterations in
            for _ in 0..<iterations {
                for (curve, target) in zip(curves, targets) {
                    blackHole(curve.point(at: mustSucceed("arclen/cubic-inverse/from-zero") { try FromZeroInverse.parameter(curve, atArcLength: target, accuracy: accuracy) }))
                }
            }
        },
        check: Check(tolerance: accuracy) {
            // The distance along the curve from the kernel's point to the exact one: |L(0, t) − s|
            // with L by GSL (tight); the reference must meet the accuracy too.
            var worst = 0.0
            for (curve, target) in zip(curves, targets) {
                let t = try curve.parameter(atArcLength: target, accuracy: accuracy)
                let r = try FromZeroInverse.parameter(curve, atArcLength: target, accuracy: accuracy)
                let referenceError = abs(try tightArcLength(.cubic(curve), upTo: r, integrator: integrator) - target)
                guard referenceError <= accuracy else {
                    throw CurveBenchmarkError("the from-zero reference is \(referenceError) pt off on \(curve)")
                }
                worst = max(worst, abs(try tightArcLength(.cubic(curve), upTo: t, integrator: integrator) - target))
            }
            return worst
        }
    ) { iterations in
        for _ in 0..<iterations {
            for (curve, target) in zip(curves, targets) {
                blackHole(curve.point(at: mustSucceed("arclen/cubic-inverse") { try curve.parameter(atArcLength: target, accuracy: accuracy) }))
            }
        }
    }
}

/// The inverse arc length as it was before increments: safeguarded Newton where every iterate's
/// `L(0, t)` is the arc length of `subsegment(0...t)` at `accuracy/2` (total length likewise).
enum FromZeroInverse {
    static func parameter(_ curve: CubicBezier, atArcLength length: Double, accuracy: Double) throws(BezierError) -> Double {
        try solveParameter(
            atArcLength: length, total: curve.uncheckedArcLength(accuracy: 0.5 * accuracy), accuracy: accuracy,
            lengthTo: { t in curve.subsegment(0...t).uncheckedArcLength(accuracy: 0.5 * accuracy) },
            speed: { t in curve.derivative(at: t).length })
    }
}

/// The largest |kernel − truth| over `segments`, in points, where the truth is GSL QAGS at a
/// relative tolerance of 1e-13 (loosened by decades only if GSL reports roundoff first).
///
/// Also makes sure the timed GSL configuration (relative 1e-9) reaches its own target on every
/// curve, so the reference is not raced at an accuracy it does not deliver.
func arcLengthError(_ segments: [PathSegment], integrator: GSLIntegrator,
                    kernel: (PathSegment) throws -> Double) throws -> Double {
    var worst = 0.0
    for segment in segments {
        let truth = try tightArcLength(segment, integrator: integrator)
        let timed = try integrator.qags(from: 0, to: 1, relativeTolerance: gslRelativeTolerance) { t in
            segment.derivative(at: t).length
        }.value
        guard abs(timed - truth) <= gslRelativeTolerance * truth else {
            throw CurveBenchmarkError("GSL QAGS at relative \(gslRelativeTolerance) gave \(timed) for \(segment), off by \(abs(timed - truth))")
        }
        let value = try kernel(segment)
        guard value.isFinite else { throw CurveBenchmarkError("the kernel gave \(value) for \(segment)") }
        worst = max(worst, abs(value - truth))
    }
    return worst
}

/// The arc length of `segment` over [0, `upper`] by GSL QAGS, as tight as GSL's own error
/// estimate allows (1e-13 relative, loosened a decade at a time on a roundoff report, to 1e-11).
func tightArcLength(_ segment: PathSegment, upTo upper: Double = 1, integrator: GSLIntegrator) throws -> Double {
    guard upper > 0 else { return 0 }
    var tolerance = 1e-13
    while true {
        do {
            return try integrator.qags(from: 0, to: upper, relativeTolerance: tolerance) { t in
                segment.derivative(at: t).length
            }.value
        } catch where tolerance < 1e-11 {
            tolerance *= 10
        }
    }
}

/// `pathmeasure/position`: position and unit tangent at seeded random distances on the four
/// seed paths, each path with a PathMeasure built once (accuracy 1e-9 pt).
func pathMeasureBenchmark(queriesPerPath: Int = 128) throws -> Benchmark {
    let paths = try CurvesSeedPaths.beePaths()
    let accuracy = curveBenchmarkAccuracy
    let measures = try paths.map { path throws(BezierError) in try PathMeasure(path: path, accuracy: accuracy) }
    var random = SplitMix64(seed: curveBenchmarkSeed)
    // Queries path by path; each distance uniform in [0, length).
    let queries: [[Double]] = measures.map { measure in
        (0..<queriesPerPath).map { _ in Double(random.next() >> 11) * 0x1p-53 * measure.length }
    }
    let integrator = try GSLIntegrator(), finder = try GSLRootFinder()
    // Both references are built once per path, like the kernel's table: segment lengths by GSL.
    let timed = try paths.map { try GSLPathMeasure(path: $0, accuracy: accuracy, integrator: integrator, finder: finder) }
    return Benchmark(
        "pathmeasure/position",
        unit: .nanoseconds(per: "query"),
        workUnitsPerIteration: queries.reduce(0) { $0 + $1.count },
        reference: Reference("pathmeasure/position/gsl-brent") { iterations in
            for _ in 0..<iterations {
                for (reference, distances) in zip(timed, queries) {
                    for distance in distances { blackHole(mustSucceed("pathmeasure/position/gsl-brent") { try reference.sample(atDistance: distance) }) }
                }
            }
        },
        check: Check(tolerance: accuracy) {
            // The truth: the same Brent-over-QAGS construction a hundred times tighter.
            var worst = 0.0
            for (index, path) in paths.enumerated() {
                let truth = try GSLPathMeasure(path: path, accuracy: 1e-2 * accuracy, integrator: integrator, finder: finder)
                for distance in queries[index] {
                    let exact = try truth.sample(atDistance: distance)
                    let kernel = try measures[index].sample(atDistance: distance)
                    let reference = try timed[index].sample(atDistance: distance)
                    guard reference.position.distance(to: exact.position) <= accuracy else {
                        throw CurveBenchmarkError("the timed GSL reference is \(reference.position.distance(to: exact.position)) pt off at distance \(distance) on seed path \(index + 1)")
                    }
                    let tangentError = (kernel.tangent - exact.tangent).length
                    guard tangentError <= 1e-6 else {
                        throw CurveBenchmarkError("the kernel's tangent is off by \(tangentError) at distance \(distance) on seed path \(index + 1)")
                    }
                    worst = max(worst, kernel.position.distance(to: exact.position))
                }
            }
            return worst
        },
        // PathMeasure's query claims no allocation (a bucket lookup and two Horner evaluations).
        allocationFree: true
    ) { iterations in
        for _ in 0..<iterations {
            for (measure, distances) in zip(measures, queries) {
                for distance in distances { blackHole(mustSucceed("pathmeasure/position") { try measure.sample(atDistance: distance) }) }
            }
        }
    }
}

/// `eval/cubic-batch`: points per second over a batch of 4096 evaluations (64 seeded random
/// cubics, each at 64 seeded random parameters), written to an output buffer.
///
/// The kernel is `CubicBezier.points(at:into:)`, the batch evaluation (the curve converted to
/// power form once, then Horner per point); the reference is the textbook de Casteljau
/// evaluation (six interpolations per point). The whole buffer is the result: it
/// goes to the black hole once per batch, which forces every store (the black hole may read
/// through the pointer), so the per-point cost is not drowned by a per-point black-hole call.
/// The two loops are written out separately so neither pays for an indirect call.
func cubicBatchBenchmark(curveCount: Int = 64, parametersPerCurve: Int = 64) throws -> Benchmark {
    var random = SplitMix64(seed: curveBenchmarkSeed ^ 0xBA7C)
    func unit() -> Double { Double(random.next() >> 11) * 0x1p-53 }
    func point() -> Point { Point(1000 * unit(), 1000 * unit()) }
    let curves = (0..<curveCount).map { _ in CubicBezier(point(), point(), point(), point()) }
    let parameters = (0..<curveCount * parametersPerCurve).map { _ in unit() }
    let output = CurvesPointBuffer(count: parameters.count)

    return Benchmark(
        "eval/cubic-batch",
        unit: .rate("points"),
        workUnitsPerIteration: parameters.count,
        reference: Reference("eval/cubic-batch/de-casteljau") { iterations in
            let out = output.points
            for _ in 0..<iterations {
                curves.withUnsafeBufferPointer { curves in
                    parameters.withUnsafeBufferPointer { parameters in
                        var index = 0
                        for curve in curves {
                            for _ in 0..<parametersPerCurve {
                                out[index] = deCasteljauPoint(curve, parameters[index])
                                index += 1
                            }
                        }
                    }
                }
                blackHole(out.baseAddress)
            }
        },
        check: Check(tolerance: curveBenchmarkAccuracy) {
            var worst = 0.0
            for (index, t) in parameters.enumerated() {
                let curve = curves[index / parametersPerCurve]
                worst = max(worst, curve.point(at: t).distance(to: deCasteljauPoint(curve, t)))
            }
            // The batch kernel, as timed, against the reference.
            try curves.withUnsafeBufferPointer { curves in
                try parameters.withUnsafeBufferPointer { parameters in
                    for (c, curve) in curves.enumerated() {
                        let range = c * parametersPerCurve..<(c + 1) * parametersPerCurve
                        curve.points(at: UnsafeBufferPointer(rebasing: parameters[range]), into: UnsafeMutableBufferPointer(rebasing: output.points[range]))
                        for i in range {
                            let error = output.points[i].distance(to: deCasteljauPoint(curve, parameters[i]))
                            guard error.isFinite else { throw CurveBenchmarkError("cubic batch produced a non-finite point") }
                            worst = max(worst, error)
                        }
                    }
                }
            }
            return worst
        }
    ) { iterations in
        let out = output.points
        for _ in 0..<iterations {
            curves.withUnsafeBufferPointer { curves in
                parameters.withUnsafeBufferPointer { parameters in
                    var start = 0
                    for curve in curves {
                        let range = start..<start + parametersPerCurve
                        curve.points(at: UnsafeBufferPointer(rebasing: parameters[range]), into: UnsafeMutableBufferPointer(rebasing: out[range]))
                        start += parametersPerCurve
                    }
                }
            }
            blackHole(out.baseAddress)
        }
    }
}

/// The textbook evaluation of a cubic: three levels of linear interpolation (de Casteljau 1959;
/// Farin, *Curves and Surfaces for CAGD*, §4.1).
@inline(__always)
func deCasteljauPoint(_ curve: CubicBezier, _ t: Double) -> Point {
    let p0 = curve.p0.simd, p1 = curve.p1.simd, p2 = curve.p2.simd, p3 = curve.p3.simd
    let a = p0 + t * (p1 - p0), b = p1 + t * (p2 - p1), c = p2 + t * (p3 - p2)
    let d = a + t * (b - a), e = b + t * (c - b)
    return Point(d + t * (e - d))
}

/// An output buffer allocated once per benchmark, so the timed loops never allocate.
final class CurvesPointBuffer {
    let points: UnsafeMutableBufferPointer<Point>

    init(count: Int) {
        points = .allocate(capacity: count)
        points.initialize(repeating: .zero)
    }

    deinit { points.deallocate() }
}

/// Position and tangent along a path the way one would with GSL alone: segment lengths by QAGS
/// once, then per query Brent's method on `L(t) − s` with QAGS for `L(t)`.
///
/// Error budget for `accuracy` (points): QAGS absolute tolerance `accuracy/10`, so `L(t)` and the
/// segment lengths are within a tenth of it. (QAGS stops at the looser of its absolute and
/// relative tolerances; the relative one, 1e-13, sits just above GSL's rounding floor of
/// 50·ε·|I| ≈ 1.1e-14·|I|, so that a tight `accuracy` ends in a result rather than a roundoff
/// error. It takes over for a segment longer than `accuracy`·10¹²: 1000 pt at 1e-9 pt, longer
/// than any seed segment; for the check's 1e-11 pt truth it bounds the error by 7e-11 pt on the
/// longest seed segment, 700 pt.) Brent stops when its bracket on t is narrower than
/// `accuracy/(2·v)`, v a bound on the speed (degree × the longest control-polygon leg, from
/// the hodograph's convex hull), so the root is within `accuracy/2` along the curve. In all,
/// about 0.6·`accuracy` from the exact point.
final class GSLPathMeasure {
    let segments: [PathSegment]
    let starts: [Double]
    let lengths: [Double]
    let parameterTolerances: [Double]
    let length: Double
    let lengthTolerance: Double
    let integrator: GSLIntegrator
    let finder: GSLRootFinder
    /// QAGS's relative tolerance: just above GSL's rounding floor (see above).
    static let relativeFloor = 1e-13

    init(path: Path, accuracy: Double, integrator: GSLIntegrator, finder: GSLRootFinder) throws {
        self.integrator = integrator
        self.finder = finder
        segments = path.segments
        guard !segments.isEmpty else { throw CurveBenchmarkError("a reference path needs a segment") }
        lengthTolerance = 0.1 * accuracy
        var starts: [Double] = [], lengths: [Double] = [], tolerances: [Double] = []
        var distance = 0.0
        for segment in segments {
            let length = try integrator.qags(from: 0, to: 1, absoluteTolerance: lengthTolerance, relativeTolerance: Self.relativeFloor) { t in
                segment.derivative(at: t).length
            }.value
            starts.append(distance)
            lengths.append(length)
            tolerances.append(0.5 * accuracy / max(GSLPathMeasure.speedBound(segment), .leastNormalMagnitude))
            distance += length
        }
        self.starts = starts
        self.lengths = lengths
        parameterTolerances = tolerances
        length = distance
    }

    /// `max |B'(t)|` ≤ degree × the longest leg of the control polygon.
    static func speedBound(_ segment: PathSegment) -> Double {
        switch segment {
        case .line(let c): (c.p1 - c.p0).length
        case .quadratic(let c): 2 * max((c.p1 - c.p0).length, (c.p2 - c.p1).length)
        case .cubic(let c): 3 * max((c.p1 - c.p0).length, (c.p2 - c.p1).length, (c.p3 - c.p2).length)
        }
    }

    func sample(atDistance distance: Double) throws -> PathSample {
        guard distance >= 0, distance <= length else {
            throw CurveBenchmarkError("distance \(distance) outside 0...\(length)")
        }
        // The last segment starting at or before the distance (binary search).
        var low = 0, high = segments.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if starts[middle] <= distance { low = middle } else { high = middle - 1 }
        }
        let segment = segments[low]
        let remaining = min(max(distance - starts[low], 0), lengths[low])
        let t: Double
        if remaining <= 0 {
            t = 0
        } else if remaining >= lengths[low] {
            t = 1
        } else {
            let integrator = self.integrator, tolerance = lengthTolerance
            t = try finder.brent(lower: 0, upper: 1, absoluteTolerance: parameterTolerances[low]) { t in
                guard t > 0 else { return -remaining }
                guard let reached = try? integrator.qags(from: 0, to: t, absoluteTolerance: tolerance, relativeTolerance: Self.relativeFloor, { u in
                    segment.derivative(at: u).length
                }).value else { return .nan }
                return reached - remaining
            }
        }
        guard let tangent = segment.derivative(at: t).normalized else {
            throw CurveBenchmarkError("no tangent at t = \(t) of \(segment) (zero speed)")
        }
        return PathSample(position: segment.point(at: t), tangent: tangent)
    }
}

/// A curve benchmark whose inputs or references went wrong; one line.
struct CurveBenchmarkError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// `pathmeasure/build`: the `PathMeasure` table of each of the four seed bee paths at 1e-9 pt,
/// per path. The reference, `StraightforwardPathTable`, builds the same table (the kernel's
/// pieces, each a degree-7 interpolant of t(s) at 8 Chebyshev nodes checked at T₈'s 9 extrema)
/// the straightforward way: each node's t by the segment's exact inverse arc length from the
/// segment's start, each check's distance by the arc length from the piece's start — what the
/// build did before it integrated only short increments of the speed's restriction (swept with
/// one cursor, then eight nodes at a time in packed lanes). Handed the kernel's pieces, it skips the retries the kernel's step-size control
/// pays for (a fifth of its fits on the bee paths), so the ratio understates the gain.
func pathMeasureBuildBenchmark() throws -> Benchmark {
    let paths = try CurvesSeedPaths.beePaths()
    let accuracy = curveBenchmarkAccuracy
    let tables = try paths.map { path throws(BezierError) in try PathMeasure(path: path, accuracy: accuracy) }
    return Benchmark(
        "pathmeasure/build",
        unit: .nanoseconds(per: "path"),
        workUnitsPerIteration: paths.count,
        reference: Reference("pathmeasure/build/straightforward") { iterations in
            for _ in 0..<iterations {
                for (path, table) in zip(paths, tables) {
                    blackHole(mustSucceed("pathmeasure/build/straightforward") { try StraightforwardPathTable(path: path, accuracy: accuracy, ranges: table).pieceCount })
                }
            }
        },
        check: Check(tolerance: accuracy) {
            // Both tables, at 512 distances per path: positions within the accuracy of each other
            // (each is checked to a quarter of it), and the kernel's own check within budget.
            var worst = 0.0
            for path in paths {
                let measure = try PathMeasure(path: path, accuracy: accuracy)
                let reference = try StraightforwardPathTable(path: path, accuracy: accuracy, ranges: measure)
                guard measure.maximumError <= 0.25 * accuracy else {
                    throw CurveBenchmarkError("the table's checked error is \(measure.maximumError)")
                }
                for k in 0...512 {
                    let s = measure.length * Double(k) / 512
                    worst = max(worst, try measure.position(atDistance: s).distance(to: try reference.position(atDistance: s)))
                }
            }
            return worst
        }
    ) { iterations in
        for _ in 0..<iterations {
            for path in paths {
                blackHole(mustSucceed("pathmeasure/build") { try PathMeasure(path: path, accuracy: accuracy).pieces.count })
            }
        }
    }
}

/// `pathmeasure/build-random`: the table of one path of the first 100 random cubics of
/// `arclen/cubic-random` joined end to end (each translated to start where the last ended), at
/// 1e-9 pt, per segment: how the build scales with segments (the cost is per segment; 100 keeps
/// the main job's quick run short). No reference (`pathmeasure/build` races the straightforward
/// build of the same table); checked by the table's own distance check.
func pathMeasureBuildRandomBenchmark() throws -> Benchmark {
    let path = try randomCubicPath()
    let accuracy = curveBenchmarkAccuracy
    let segments = path.segments.count
    return Benchmark(
        "pathmeasure/build-random",
        unit: .nanoseconds(per: "segment"),
        workUnitsPerIteration: segments,
        check: Check(tolerance: 0.25 * accuracy) {
            try PathMeasure(path: path, accuracy: accuracy).maximumError
        }
    ) { iterations in
        for _ in 0..<iterations {
            blackHole(mustSucceed("pathmeasure/build-random") { try PathMeasure(path: path, accuracy: accuracy).pieces.count })
        }
    }
}

/// The first `count` random cubics of `CurvesSeedPaths.randomCubics` as one path, each translated
/// so it starts where the previous one ended.
func randomCubicPath(count: Int = 100) throws -> Path {
    var path = Path()
    var end = Point(0, 0)
    try path.move(to: end)
    for curve in CurvesSeedPaths.randomCubics().prefix(count) {
        let shift = end.simd - curve.p0.simd
        try path.addCurve(to: Point(curve.p3.simd + shift), control1: Point(curve.p1.simd + shift), control2: Point(curve.p2.simd + shift))
        end = Point(curve.p3.simd + shift)
    }
    return path
}

/// The `PathMeasure` table built the straightforward way (the reference of `pathmeasure/build`):
/// the kernel's pieces (the parameter ranges `PathMeasure` chose, handed over) with the same
/// degree-7 interpolants checked at the same 9 points, but every node's t from the segment's exact
/// inverse arc length (`PathSegment.parameter(atArcLength:accuracy:)`, from the segment's start)
/// and every checked distance the arc length of `subsegment(t0...t)`. It builds only the pieces
/// the kernel kept, none of the narrower retries of a piece that missed, so the ratio understates
/// the kernel's gain. Positions only (no tangents, no buckets: a linear search finds the piece).
struct StraightforwardPathTable {
    struct Piece {
        var segment: PathSegment
        var start, half: Double
        var t0, t1: Double
        var coefficients: [Double]
    }

    var pieces: [Piece] = []
    var length = 0.0
    /// The largest checked distance error.
    var maximumError = 0.0
    var pieceCount: Int { pieces.count }

    static let nodes: [Double] = (0..<8).map { cos(.pi * (Double($0) + 0.5) / 8) }
    /// T₈'s extrema, as in `PathMeasure`.
    static let checks: [Double] = (0...8).map { -cos(.pi * Double($0) / 8) }

    /// - Parameter ranges: the table whose pieces' parameter ranges to fit (built outside any
    ///   timed body).
    init(path: Path, accuracy: Double, ranges table: PathMeasure) throws {
        let budget = 0.25 * accuracy
        var next = 0
        for (index, segment) in path.segments.enumerated() {
            let scale = segment.uncheckedArcLength(accuracy: max(accuracy, 1e-6))
            let lengthAccuracy = max(accuracy * 1e-3, scale * 1e-14)
            let segmentLength = segment.uncheckedArcLength(accuracy: lengthAccuracy)
            var start = 0.0
            while next < table.pieces.count, table.pieces[next].segmentIndex == index {
                let range = table.pieces[next]
                let pieceLength = segment.subsegment(range.t0...range.t1).uncheckedArcLength(accuracy: lengthAccuracy)
                try fit(segment, t0: range.t0, t1: range.t1, from: start, length: pieceLength, pathStart: length,
                        budget: budget, lengthAccuracy: lengthAccuracy)
                start += pieceLength
                next += 1
            }
            length += segmentLength
        }
    }

    mutating func fit(_ segment: PathSegment, t0: Double, t1: Double, from start: Double, length: Double,
                      pathStart: Double, budget: Double, lengthAccuracy: Double) throws {
        let half = 0.5 * length
        // t at the Chebyshev nodes: the exact inverse from the segment's start.
        let values = try Self.nodes.map { x in
            try segment.parameter(atArcLength: start + half * (1 + x), accuracy: 0.1 * budget)
        }
        var coefficients = [Double](repeating: 0, count: 8)
        for k in 0..<8 {
            var sum = 0.0
            for j in 0..<8 { sum += values[j] * cos(.pi * Double(k) * (Double(j) + 0.5) / 8) }
            coefficients[k] = (k == 0 ? 1.0 : 2.0) / 8 * sum
        }
        let piece = Piece(segment: segment, start: pathStart + start, half: half, t0: t0, t1: t1, coefficients: coefficients)
        for x in Self.checks {
            let t = piece.interpolant(at: x)
            let reached = t > t0 ? segment.subsegment(t0...t).uncheckedArcLength(accuracy: lengthAccuracy) : 0
            maximumError = max(maximumError, abs(reached - half * (1 + x)))
        }
        pieces.append(piece)
    }

    func position(atDistance s: Double) throws -> Point {
        guard let piece = pieces.last(where: { $0.start <= s }) ?? pieces.first else {
            throw CurveBenchmarkError("an empty straightforward table")
        }
        return piece.segment.point(at: piece.parameter(at: (s - piece.start - piece.half) / piece.half))
    }
}

extension StraightforwardPathTable.Piece {
    /// The Chebyshev series at x ∈ [−1, 1], exact at the ends.
    func parameter(at x: Double) -> Double {
        if x <= -1 { return t0 }
        if x >= 1 { return t1 }
        return interpolant(at: x)
    }

    /// The Chebyshev series at x (Clenshaw), clamped to [t0, t1].
    func interpolant(at x: Double) -> Double {
        var b1 = 0.0, b2 = 0.0
        for k in stride(from: 7, through: 1, by: -1) {
            (b1, b2) = (2 * x * b1 - b2 + coefficients[k], b1)
        }
        return min(max(x * b1 - b2 + coefficients[0], t0), t1)
    }
}
