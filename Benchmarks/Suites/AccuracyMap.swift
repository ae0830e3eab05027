import BenchKit
import BezierKernels
import Foundation
import GSLReference
import SpringSolver
import Studies

/// The accuracy–speed map of `bench accuracy` (issue 15): for each kernel and each requested
/// accuracy of a ladder, the achieved maximum error against a high-precision reference computed
/// in the run, the speed evaluations per call, the time per call, and GSL beside it where GSL has
/// the same operation.
///
/// Inputs (seeded, the same every run):
/// - `cubic-arclength`: the first 50 cubics of `arclen/cubic-random` scaled to the unit square
///   (so 1e-13 is a relative accuracy a double can hold), plus a degenerate cubic with its
///   controls on its ends, `(0,0) (0,0) (1,1) (1,1)` (zero speed at both ends, as in kurbo's
///   degenerate arc-length benchmark). GSL: QAGS at the same absolute tolerance.
/// - `cubic-inverse`: the same curves, each at a seeded distance; the error is the distance
///   along the curve from the kernel's t to the exact point.
/// - `pathmeasure-position`: bee path 1+ scaled by 1/1000, 64 seeded distances per table; the
///   error is the distance along the curve; rungs below `PathMeasure.finestAccuracy` are refused
///   (as `bench path --accuracy` refuses them).
/// - `spring-closed-form`: the menu's show spring normalised to a unit distance, 256 seeded times
///   in [0, 2] s. The closed form takes no accuracy: every rung shows the same rounding error.
///
/// The reference is computed in 80-bit extended precision (`Float80`): the arc length by a
/// 20-point Gauss–Legendre rule (nodes found by Newton in `Float80`) on intervals halved until
/// the rule and its two halves agree to 1e-18 relative (or 1e-20 of the whole span), the spring's closed form with `expl`,
/// `sinl`, `cosl`. Its own error (the sum of the accepted differences, the largest over the inputs)
/// is reported beside the table.
public enum AccuracyMap {
    /// The kernels the map knows, in the order it prints them.
    public static let kernels = ["cubic-arclength", "cubic-inverse", "pathmeasure-position", "spring-closed-form"]
    /// The default ladder: 1e-3 … 1e-13, a decade apart.
    public static let defaultLadder: [Double] = (3...13).map { pow(10, -Double($0)) }
    /// The finest accuracy a ladder may ask: below it doubles cannot hold the answer at all.
    public static let finestRung = 1e-15

    /// One kernel at one requested accuracy.
    public struct Row: Sendable {
        public var kernel: String
        public var requested: Double
        /// The largest error found; nil when the rung was refused.
        public var achieved: Double?
        /// Why the rung was refused (below the kernel's rounding floor), if it was.
        public var refusal: String?
        /// Mean speed evaluations per call, where the kernel has them.
        public var evaluations: Double?
        /// Median-free simple timing: the fastest of five passes over the inputs, per call;
        /// nil when not timed (a debug build).
        public var nanoseconds: Double?
        /// GSL's largest error and time per call at the same tolerance, where GSL has the operation.
        public var gslError: Double?
        public var gslNanoseconds: Double?
        /// GSL's evaluations per call.
        public var gslEvaluations: Double?
        /// Why GSL has no number here, when it has none.
        public var gslNote: String?

        /// Whether the requested accuracy was met.
        public var met: Bool { achieved.map { $0 <= requested } ?? false }
    }

    public struct Result: Sendable {
        public var rows: [Row]
        /// The reference's own error estimate, per kernel (largest over its inputs), in the
        /// kernel's units.
        public var referenceError: [String: Double]
        public var timed: Bool
    }

    /// Computes the map. `timed` is false in a debug build (counts and errors only).
    /// - Throws: `AccuracyMapError` for an unknown kernel or a bad ladder, with one line.
    public static func compute(kernels requested: [String], ladder: [Double], timed: Bool) throws -> Result {
        for name in requested where !kernels.contains(name) {
            throw AccuracyMapError(
                "unknown kernel '\(name)'; expected one of \(kernels.joined(separator: ", "))", subject: .kernel, value: name, expected: kernels)
        }
        try validate(ladder: ladder)
        let selected = requested.isEmpty ? kernels : kernels.filter(requested.contains)
        var rows: [Row] = []
        var referenceError: [String: Double] = [:]
        for kernel in selected {
            switch kernel {
            case "cubic-arclength":
                let (kernelRows, error) = try arcLengthRows(ladder: ladder, timed: timed)
                rows += kernelRows
                referenceError[kernel] = error
            case "cubic-inverse":
                let (kernelRows, error) = try inverseRows(ladder: ladder, timed: timed)
                rows += kernelRows
                referenceError[kernel] = error
            case "pathmeasure-position":
                let (kernelRows, error) = try pathMeasureRows(ladder: ladder, timed: timed)
                rows += kernelRows
                referenceError[kernel] = error
            default:
                let (kernelRows, error) = try springRows(ladder: ladder, timed: timed)
                rows += kernelRows
                referenceError[kernel] = error
            }
        }
        return Result(rows: rows, referenceError: referenceError, timed: timed)
    }

    /// The most accuracies one ladder takes.
    public static let maximumRungs = 20

    /// A ladder is 1 to ``maximumRungs`` accuracies, each in [1e-15, 1], none repeated.
    public static func validate(ladder: [Double]) throws {
        guard !ladder.isEmpty, ladder.count <= maximumRungs else {
            throw AccuracyMapError(
                "--ladder needs 1 to \(maximumRungs) accuracies, got \(ladder.count)", subject: .ladderLength, value: "\(ladder.count)",
                expected: ["1…\(maximumRungs)"])
        }
        for value in ladder where !(value >= finestRung && value <= 1) {
            throw AccuracyMapError(
                "--ladder accuracy \(value) must be in \(finestRung)…1 (below 1e-15 a double cannot hold the answer)", subject: .accuracy,
                value: "\(value)", expected: ["\(finestRung)…1"])
        }
        if let repeated = ladder.indices.first(where: { ladder[..<$0].contains(ladder[$0]) }).map({ ladder[$0] }) {
            throw AccuracyMapError("--ladder repeats an accuracy", subject: .repeatedAccuracy, value: "\(repeated)", expected: [])
        }
    }

    // MARK: inputs

    static func curves() -> [CubicBezier] {
        let unit = CurvesSeedPaths.randomCubics().prefix(50).map { c in
            CubicBezier(Point(c.p0.simd / 1000), Point(c.p1.simd / 1000), Point(c.p2.simd / 1000), Point(c.p3.simd / 1000))
        }
        return unit + [CubicBezier(Point(0, 0), Point(0, 0), Point(1, 1), Point(1, 1))]
    }

    static func fractions(_ count: Int, seed: UInt64) -> [Double] {
        var random = SplitMix64(seed: seed)
        return (0..<count).map { _ in Double(random.next() >> 11) * 0x1p-53 }
    }

    /// The fastest of five passes of `body` over `count` calls, per call (ns).
    static func time(_ count: Int, _ body: () -> Void) -> Double {
        let clock = MonotonicClock()
        var best = UInt64.max
        for _ in 0..<5 {
            let start = clock.now()
            body()
            best = min(best, clock.now() - start)
        }
        return Double(best) / Double(count)
    }

    // MARK: kernels

    static func arcLengthRows(ladder: [Double], timed: Bool) throws -> ([Row], Double) {
        let curves = curves()
        let references = curves.map { ExtendedArcLength(curve: $0).length(from: 0, to: 1) }
        let integrator = try GSLIntegrator()
        var rows: [Row] = []
        for accuracy in ladder {
            var worst = 0.0, evaluations = 0
            for (curve, reference) in zip(curves, references) {
                let measured = try curve.measuredArcLength(accuracy: accuracy)
                evaluations += measured.speedEvaluations
                worst = max(worst, Double(abs(Float80(measured.value) - reference.value)))
            }
            var row = Row(kernel: "cubic-arclength", requested: accuracy, achieved: worst,
                          evaluations: Double(evaluations) / Double(curves.count))
            // GSL QAGS at the same absolute tolerance.
            do {
                var gslWorst = 0.0, gslEvaluations = 0
                for (curve, reference) in zip(curves, references) {
                    let result = try integrator.qags(from: 0, to: 1, absoluteTolerance: accuracy, relativeTolerance: 0) { t in curve.derivative(at: t).length }
                    gslWorst = max(gslWorst, Double(abs(Float80(result.value) - reference.value)))
                    gslEvaluations += result.evaluations
                }
                row.gslError = gslWorst
                row.gslEvaluations = Double(gslEvaluations) / Double(curves.count)
                if timed {
                    row.gslNanoseconds = time(curves.count) {
                        for curve in curves {
                            blackHole(try? integrator.qags(from: 0, to: 1, absoluteTolerance: accuracy, relativeTolerance: 0) { t in curve.derivative(at: t).length }.value)
                        }
                    }
                }
            } catch {
                row.gslNote = "GSL QAGS refuses: \(String(describing: error).prefix(60))"
            }
            if timed {
                row.nanoseconds = time(curves.count) {
                    for curve in curves { blackHole(curve.uncheckedArcLength(accuracy: accuracy)) }
                }
            }
            rows.append(row)
        }
        return (rows, Double(references.map(\.error).max() ?? 0))
    }

    static func inverseRows(ladder: [Double], timed: Bool) throws -> ([Row], Double) {
        let curves = curves()
        let extended = curves.map { ExtendedArcLength(curve: $0) }
        let totals = extended.map { $0.length(from: 0, to: 1) }
        let targets = zip(totals, fractions(curves.count, seed: 0x1A7E)).map { Double($0.value) * $1 }
        var rows: [Row] = []
        var referenceError = Float80(0)
        for accuracy in ladder {
            var worst = 0.0, evaluations = 0
            for index in curves.indices {
                let measured = try curves[index].measuredParameter(atArcLength: targets[index], accuracy: accuracy)
                evaluations += measured.speedEvaluations
                let reached = extended[index].length(from: 0, to: Float80(measured.value))
                referenceError = max(referenceError, reached.error)
                worst = max(worst, Double(abs(reached.value - Float80(targets[index]))))
            }
            var row = Row(kernel: "cubic-inverse", requested: accuracy, achieved: worst,
                          evaluations: Double(evaluations) / Double(curves.count))
            row.gslNote = "GSL has no inverse arc length"
            if timed {
                row.nanoseconds = time(curves.count) {
                    for index in curves.indices { blackHole(try? curves[index].parameter(atArcLength: targets[index], accuracy: accuracy)) }
                }
            }
            rows.append(row)
        }
        return (rows, Double(referenceError))
    }

    static func pathMeasureRows(ladder: [Double], timed: Bool) throws -> ([Row], Double) {
        let bee = try CurvesSeedPaths.beePaths()[1]
        let path = try Path(elements: bee.elements.map { $0.mappingPoints { Point($0.simd / 1000) } })
        let segments = path.segments.map { ExtendedArcLength(curve: $0.cubic) }
        var starts: [Float80] = [], distance: Float80 = 0, referenceError: Float80 = 0
        for segment in segments {
            starts.append(distance)
            let length = segment.length(from: 0, to: 1)
            referenceError = max(referenceError, length.error)
            distance += length.value
        }
        let total = Double(distance)
        let queries = fractions(64, seed: 0x9A7E).map { $0 * total }
        let finest = PathMeasure.finestAccuracy(magnitude: path.coordinateMagnitude)
        var rows: [Row] = []
        for accuracy in ladder {
            guard accuracy >= finest else {
                rows.append(Row(kernel: "pathmeasure-position", requested: accuracy,
                                refusal: "refused: below the rounding floor \(finest) pt of this path"))
                continue
            }
            let measure = try PathMeasure(path: path, accuracy: accuracy)
            var worst = 0.0
            for s in queries {
                let location = try measure.location(atDistance: s)
                let segment = segments[location.segmentIndex]
                let reached = segment.length(from: 0, to: Float80(location.parameter))
                referenceError = max(referenceError, reached.error)
                worst = max(worst, Double(abs(starts[location.segmentIndex] + reached.value - Float80(s))))
            }
            var row = Row(kernel: "pathmeasure-position", requested: accuracy, achieved: worst, evaluations: 0)
            row.gslNote = "GSL has no table (pathmeasure/position races Brent over QAGS)"
            if timed {
                row.nanoseconds = time(queries.count) {
                    for s in queries { blackHole(measure.sample(clampingDistance: s)) }
                }
            }
            rows.append(row)
        }
        return (rows, Double(referenceError))
    }

    static func springRows(ladder: [Double], timed: Bool) throws -> ([Row], Double) {
        let menu = try ComparedSpring.menuShow().motion
        let motion = try SpringMotion(spring: menu.spring, from: 1.0, to: 0.0,
                                      initialVelocity: menu.initialVelocity / (menu.initialPosition - menu.target))
        let times = fractions(256, seed: 0x5EED).map { 2 * $0 }
        let spring = motion.spring
        let lambda = Float80(spring.decayRate), omega = Float80(spring.frequencySpread)
        let x0 = Float80(motion.initialPosition - motion.target), v0 = Float80(motion.initialVelocity)
        var worst = 0.0
        for t in times {
            let time = Float80(t)
            let envelope = expl(-lambda * time)
            let exact = envelope * (cosl(omega * time) + lambda * sinl(omega * time) / omega) * x0 + envelope * sinl(omega * time) / omega * v0
            worst = max(worst, Double(abs(Float80(motion.position(at: t) - motion.target) - exact)))
        }
        let nanoseconds = timed ? time(times.count) {
            var sum = 0.0
            for t in times { sum += motion.position(at: t) }
            blackHole(sum)
        } : nil
        let rows = ladder.map { accuracy in
            Row(kernel: "spring-closed-form", requested: accuracy, achieved: worst, nanoseconds: nanoseconds,
                gslNote: "the closed form takes no accuracy (spring/closed-form races GSL rk8pd)")
        }
        // expl/sinl/cosl are within an ulp of Float80 (5.4e-20) at these arguments.
        return (rows, 1e-18)
    }
}

/// A bad kernel name or ladder (a usage error: one line), with its parts as data.
public struct AccuracyMapError: Error, Equatable, CustomStringConvertible {
    /// What is wrong.
    public enum Subject: Sendable, Equatable {
        /// A kernel name not in ``AccuracyMap/kernels``.
        case kernel
        /// A ladder of no accuracies or more than ``AccuracyMap/maximumRungs``.
        case ladderLength
        /// An accuracy outside 1e-15…1.
        case accuracy
        /// An accuracy given twice.
        case repeatedAccuracy
    }

    public let description: String
    public let subject: Subject
    /// The value as given: the name, the count, the accuracy.
    public let value: String
    /// What is accepted: the kernels' names, or the range (`1…20`, `1e-15…1`); empty for a
    /// repeat.
    public let expected: [String]

    init(_ description: String, subject: Subject, value: String, expected: [String]) {
        self.description = description
        self.subject = subject
        self.value = value
        self.expected = expected
    }
}

/// The arc length of a cubic in 80-bit extended precision: 20-point Gauss–Legendre on intervals
/// halved until the rule and its two halves agree to 1e-18 relative or 1e-20 of the span (depth
/// 50 at most); the sum of the accepted differences is returned as its error estimate.
struct ExtendedArcLength {
    let p0, p1, p2, p3: (Float80, Float80)

    init(curve: CubicBezier) {
        p0 = (Float80(curve.p0.x), Float80(curve.p0.y))
        p1 = (Float80(curve.p1.x), Float80(curve.p1.y))
        p2 = (Float80(curve.p2.x), Float80(curve.p2.y))
        p3 = (Float80(curve.p3.x), Float80(curve.p3.y))
    }

    /// Nodes and weights of the 20-point rule, by Newton on the Legendre recurrence in Float80.
    static let rule: [(Float80, Float80)] = {
        let n = 20
        var result: [(Float80, Float80)] = []
        for k in 1...n {
            var x = Float80(cos(Double.pi * (Double(k) - 0.25) / (Double(n) + 0.5)))
            var derivative: Float80 = 1
            for _ in 0..<100 {
                var previous: Float80 = 1, current = x
                for j in 2...n {
                    let next = (Float80(2 * j - 1) * x * current - Float80(j - 1) * previous) / Float80(j)
                    previous = current
                    current = next
                }
                derivative = Float80(n) * (x * current - previous) / (x * x - 1)
                let step = current / derivative
                x -= step
                if abs(step) < 1e-22 { break }
            }
            result.append((x, 2 / ((1 - x * x) * derivative * derivative)))
        }
        return result
    }()

    func speed(_ t: Float80) -> Float80 {
        let u = 1 - t
        let a = 3 * u * u, b = 6 * u * t, c = 3 * t * t
        let x = a * (p1.0 - p0.0) + b * (p2.0 - p1.0) + c * (p3.0 - p2.0)
        let y = a * (p1.1 - p0.1) + b * (p2.1 - p1.1) + c * (p3.1 - p2.1)
        return (x * x + y * y).squareRoot()
    }

    func rule(_ a: Float80, _ b: Float80) -> Float80 {
        let center = (a + b) / 2, half = (b - a) / 2
        var sum: Float80 = 0
        Self.rule.withUnsafeBufferPointer { rule in
            for (x, w) in rule { sum += w * speed(center + half * x) }
        }
        return half * sum
    }

    func length(from a: Float80, to b: Float80) -> (value: Float80, error: Float80) {
        guard b > a else { return (0, 0) }
        let whole = rule(a, b)
        // The floor: 1e-20 of the span's length (two hundred ulps of Float80 below the doubles'
        // 1.1e-16), so rounding noise never drives the halving.
        return adaptive(a, b, whole, 1e-20 * whole, 0)
    }

    private func adaptive(_ a: Float80, _ b: Float80, _ whole: Float80, _ floor: Float80, _ depth: Int) -> (value: Float80, error: Float80) {
        let m = (a + b) / 2
        let left = rule(a, m), right = rule(m, b)
        let difference = abs(left + right - whole)
        if difference <= max(1e-18 * abs(left + right), floor) || depth >= 50 { return (left + right, difference) }
        let l = adaptive(a, m, left, floor, depth + 1), r = adaptive(m, b, right, floor, depth + 1)
        return (l.value + r.value, l.error + r.error)
    }
}
