import Foundation

/// One pointer sample: a time (s) and a position (pt or px, as the trace counts).
public struct PointerSample: Sendable, Equatable {
    public let time: Double
    public let position: SIMD2<Double>

    public init(time: Double, position: SIMD2<Double>) {
        self.time = time
        self.position = position
    }
}

/// Whose velocity tracker estimates a release velocity from pointer samples.
public enum VelocityTrackerKind: String, CaseIterable, Sendable {
    /// Android's default for x and y: `LeastSquaresVelocityTrackerStrategy` of degree 2 (LSQ2).
    case android
    /// Android's `ImpulseVelocityTrackerStrategy`.
    case androidImpulse = "android-impulse"
    /// Flutter's `VelocityTracker` (least squares of degree 2, `LeastSquaresSolver`).
    case flutter
    /// A model of `UIPanGestureRecognizer.velocity(in:)`, whose computation Apple does not publish.
    case uikit

    /// Whether this follows published source (false for UIKit's model).
    public var isPort: Bool { self != .uikit }

    /// The source file and function, or the model's statement.
    public var source: String {
        switch self {
        case .android:
            "frameworks/native libs/input/VelocityTracker.cpp: LeastSquaresVelocityTrackerStrategy (degree 2, solveUnweightedLeastSquaresDeg2; solveLeastSquares for two samples), HORIZON 100 ms, HISTORY_SIZE 20, ASSUME_POINTER_STOPPED_TIME 40 ms"
        case .androidImpulse:
            "frameworks/native libs/input/VelocityTracker.cpp: ImpulseVelocityTrackerStrategy::getVelocity, kineticEnergyToVelocity, HORIZON 100 ms, HISTORY_SIZE 20"
        case .flutter:
            "flutter gestures/velocity_tracker.dart VelocityTracker.getVelocityEstimate (horizon 100 ms, history 20, min 3 samples, 40 ms stop) with lsq_solver.dart LeastSquaresSolver.solve(2)"
        case .uikit:
            "MODEL (Apple publishes no algorithm): the last two samples' displacement over their time difference"
        }
    }
}

/// Release-velocity estimates from pointer samples, each as its platform computes it (see
/// ``VelocityTrackerKind/source``). Samples must be in increasing time order with finite values
/// (``estimate(_:samples:)`` checks); the release is taken at the last sample, as an `UP` event
/// at the time of the last `MOVE` (no stop is detected at the release).
public enum VelocityTracking {
    /// `VelocityTracker.h`: `HORIZON` (ns) and `HISTORY_SIZE`.
    public static let androidHorizon: Int64 = 100_000_000
    public static let historySize = 20
    /// `ASSUME_POINTER_STOPPED_TIME` (ns); Flutter's `_assumePointerMoveStoppedMilliseconds`.
    public static let androidStoppedTime: Int64 = 40_000_000

    /// The largest |t| accepted, s (Android's nanosecond clock stays far inside Int64).
    public static let maximumTime = 1e6

    /// The release velocity (unit/s, x and y) the platform reports; (0, 0) where the platform
    /// finds no estimate (Android's `nullopt`, Flutter's zero estimate).
    /// - Throws: ``SpringError`` for no samples, a non-finite or out-of-range value (|t| ≤ 10⁶ s,
    ///   |x|, |y| ≤ 10⁹) or times that do not increase.
    public static func estimate(_ kind: VelocityTrackerKind, samples: [PointerSample]) throws -> SIMD2<Double> {
        guard !samples.isEmpty else {
            throw SpringError.invalidParameter(name: "samples", value: 0, expected: "at least one pointer sample")
        }
        for (index, sample) in samples.enumerated() {
            guard sample.time.isFinite, sample.position.x.isFinite, sample.position.y.isFinite else {
                throw SpringError.outOfRange(values: "sample \(index + 1)", reason: "t, x and y must be finite")
            }
            guard abs(sample.time) <= maximumTime, abs(sample.position.x) <= 1e9, abs(sample.position.y) <= 1e9 else {
                throw SpringError.outOfRange(values: "sample \(index + 1)", reason: "t must be within ±1000000 s and x, y within ±1e9")
            }
            if index > 0, sample.time <= samples[index - 1].time {
                throw SpringError.invalidParameter(name: "sample \(index + 1) time", value: sample.time, expected: "a time after the previous sample's")
            }
        }
        switch kind {
        case .android, .androidImpulse:
            let window = androidWindow(samples)
            let x = kind == .android ? androidLeastSquares(window, axis: 0) : androidImpulse(window, axis: 0)
            let y = kind == .android ? androidLeastSquares(window, axis: 1) : androidImpulse(window, axis: 1)
            return SIMD2(Double(x ?? 0), Double(y ?? 0))
        case .flutter:
            return flutter(samples)
        case .uikit:
            guard samples.count >= 2 else { return .zero }
            let a = samples[samples.count - 2], b = samples[samples.count - 1]
            return (b.position - a.position) / (b.time - a.time)
        }
    }

    // MARK: Android

    /// A movement as Android stores it: `nsecs_t` time and a `float` position per axis.
    struct Movement {
        var time: Int64
        var position: SIMD2<Float>
    }

    /// The movements the strategy holds at the release: `VelocityTracker::addMovement` clears
    /// every strategy after a gap over 40 ms; `AccumulatingVelocityTrackerStrategy::addMovement`
    /// keeps the last 20 (a ring buffer), replaces a movement at the same time, and drops those
    /// more than `HORIZON` older than the newest.
    static func androidWindow(_ samples: [PointerSample]) -> [Movement] {
        var movements: [Movement] = []
        var last: Int64?
        for sample in samples {
            let time = Int64((sample.time * 1e9).rounded())
            if let last, time - last > androidStoppedTime { movements.removeAll() }
            last = time
            if let newest = movements.last, newest.time == time { movements.removeLast() }
            if movements.count == historySize { movements.removeFirst() }
            movements.append(Movement(time: time, position: SIMD2(Float(sample.position.x), Float(sample.position.y))))
            while let oldest = movements.first, time - oldest.time > androidHorizon { movements.removeFirst() }
        }
        return movements
    }

    /// `LeastSquaresVelocityTrackerStrategy::getVelocity` with degree 2 and no weighting.
    static func androidLeastSquares(_ movements: [Movement], axis: Int) -> Float? {
        guard !movements.isEmpty else { return nil }
        let degree = min(2, movements.count - 1)
        guard degree > 0 else { return nil }
        let newest = movements[movements.count - 1].time
        if degree == 2 {
            // solveUnweightedLeastSquaresDeg2: float sums of the powers of x = −age (s).
            var sx: Float = 0, sxy: Float = 0, sy: Float = 0, sx2: Float = 0, sx3: Float = 0, sx2y: Float = 0, sx4: Float = 0
            for movement in movements {
                let x = Float(-(newest - movement.time)) * Float(1e-9)
                let y = movement.position[axis]
                let x2 = x * x, x3 = x2 * x, x4 = x3 * x
                sx += x
                sx2 += x2
                sxy += x * y
                sx2y += x2 * y
                sy += y
                sx3 += x3
                sx4 += x4
            }
            let count = Float(movements.count)
            let sXX = sx2 - sx * sx / count
            let sXY = sxy - sx * sy / count
            let sXX2 = sx3 - sx * sx2 / count
            let sX2Y = sx2y - sx2 * sy / count
            let sX2X2 = sx4 - sx2 * sx2 / count
            let denominator = sXX * sX2X2 - sXX2 * sXX2
            guard denominator != 0 else { return nil }
            return (sXY * sX2X2 - sX2Y * sXX2) / denominator
        }
        // Two movements: solveLeastSquares with n = 2, newest first, weights 1 (float
        // Gram–Schmidt). For a line through two points this is their slope.
        let ordered = movements.reversed()
        let x = ordered.map { Float(-(newest - $0.time)) * Float(1e-9) }
        let y = ordered.map { $0.position[axis] }
        return floatLeastSquaresSlope(x: x, y: y)
    }

    /// `solveLeastSquares(x, y, w = 1, n = 2)`'s B[1], in `float` as the source computes it.
    static func floatLeastSquaresSlope(x: [Float], y: [Float]) -> Float? {
        let m = x.count
        let columns: [[Float]] = [Array(repeating: 1, count: m), x]
        var q: [[Float]] = []
        var r = [[Float]](repeating: [0, 0], count: 2)
        func dot(_ a: [Float], _ b: [Float]) -> Float {
            var sum: Float = 0
            for h in 0..<m { sum += a[h] * b[h] }
            return sum
        }
        for j in 0..<2 {
            var column = columns[j]
            for i in 0..<j {
                let d = dot(column, q[i])
                for h in 0..<m { column[h] -= d * q[i][h] }
            }
            let norm = dot(column, column).squareRoot()
            guard norm >= 0.000001 else { return nil }
            let inverse = 1 / norm
            for h in 0..<m { column[h] *= inverse }
            q.append(column)
            for i in 0..<2 { r[j][i] = i < j ? 0 : dot(column, columns[i]) }
        }
        var b: [Float] = [0, 0]
        for i in stride(from: 1, through: 0, by: -1) {
            b[i] = dot(q[i], y)
            for j in stride(from: 1, to: i, by: -1) { b[i] -= r[i][j] * b[j] }
            b[i] /= r[i][i]
        }
        return b[1]
    }

    /// `ImpulseVelocityTrackerStrategy::getVelocity` (positions, not deltas): the work
    /// Σ (v_i − v_prev)·|v_i| over consecutive movements, halved after the first, turned into a
    /// speed by `kineticEnergyToVelocity`, all in `float`.
    static func androidImpulse(_ movements: [Movement], axis: Int) -> Float? {
        guard !movements.isEmpty else { return nil }
        var work: Float = 0
        for i in 0..<(movements.count - 1) {
            let previous = kineticEnergyToVelocity(work)
            let delta = movements[i + 1].position[axis] - movements[i].position[axis]
            let current = delta / (Float(1e-9) * Float(movements[i + 1].time - movements[i].time))
            work += (current - previous) * abs(current)
            if i == 0 { work *= 0.5 }
        }
        return kineticEnergyToVelocity(work)
    }

    /// `kineticEnergyToVelocity`: the sign as a double, `sqrtf`, then the float √2 (double
    /// product, narrowed to float on return).
    static func kineticEnergyToVelocity(_ work: Float) -> Float {
        let sqrt2: Float = 1.41421356237
        return Float((work < 0 ? -1.0 : 1.0) * Double(abs(work).squareRoot()) * Double(sqrt2))
    }

    // MARK: Flutter

    /// `VelocityTracker.getVelocityEstimate()` at the last sample: times as Dart `Duration`s
    /// (whole microseconds), ages in (fractional) milliseconds, walking back from the newest of
    /// the last 20 samples while the age is within 100 ms and the gap to the next newer sample
    /// within 40 ms; with at least 3 samples, x and y each fitted by `LeastSquaresSolver.solve(2)`
    /// against −age and the velocity is the linear coefficient × 1000. Otherwise zero.
    static func flutter(_ samples: [PointerSample]) -> SIMD2<Double> {
        let recent = samples.suffix(historySize).map { (time: Int64(($0.time * 1e6).rounded()), position: $0.position) }
        let newest = recent[recent.count - 1]
        var previous = newest
        var xs: [Double] = [], ys: [Double] = [], times: [Double] = []
        for sample in recent.reversed() {
            let age = Double(newest.time - sample.time) / 1000
            let delta = Double(abs(sample.time - previous.time)) / 1000
            previous = sample
            if age > 100 || delta > 40 { break }
            xs.append(sample.position.x)
            ys.append(sample.position.y)
            times.append(-age)
        }
        guard xs.count >= 3,
              let x = leastSquaresCoefficients(x: times, y: xs, degree: 2),
              let y = leastSquaresCoefficients(x: times, y: ys, degree: 2) else { return .zero }
        return SIMD2(x[1] * 1000, y[1] * 1000)
    }

    /// `LeastSquaresSolver.solve(degree)` with unit weights: classical Gram–Schmidt on the
    /// columns 1, x, x², …, then back substitution; `nil` when a column's norm falls below
    /// `precisionErrorTolerance` (1e-10) or there are fewer points than the degree.
    static func leastSquaresCoefficients(x: [Double], y: [Double], degree: Int) -> [Double]? {
        let m = x.count, n = degree + 1
        guard degree <= m else { return nil }
        var a = [[Double]](repeating: [Double](repeating: 0, count: m), count: n)
        for h in 0..<m {
            a[0][h] = 1
            for i in 1..<n { a[i][h] = a[i - 1][h] * x[h] }
        }
        func dot(_ u: [Double], _ v: [Double]) -> Double {
            var sum = 0.0
            for h in 0..<m { sum += u[h] * v[h] }
            return sum
        }
        var q = [[Double]](repeating: [], count: n)
        var r = [[Double]](repeating: [Double](repeating: 0, count: n), count: n)
        for j in 0..<n {
            q[j] = a[j]
            for i in 0..<j {
                let d = dot(q[j], q[i])
                for h in 0..<m { q[j][h] -= d * q[i][h] }
            }
            let norm = dot(q[j], q[j]).squareRoot()
            guard norm >= 1e-10 else { return nil }
            let inverse = 1 / norm
            for h in 0..<m { q[j][h] *= inverse }
            for i in 0..<n { r[j][i] = i < j ? 0 : dot(q[j], a[i]) }
        }
        var b = [Double](repeating: 0, count: n)
        for i in stride(from: n - 1, through: 0, by: -1) {
            b[i] = dot(q[i], y)
            var j = n - 1
            while j > i {
                b[i] -= r[i][j] * b[j]
                j -= 1
            }
            b[i] /= r[i][i]
        }
        return b
    }
}
