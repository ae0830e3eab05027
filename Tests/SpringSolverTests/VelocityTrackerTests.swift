import BenchKit
import Foundation
import Testing
@testable import SpringSolver

// Literal ports of each platform's velocity tracker, structured as the sources are (objects fed
// one event at a time), apart from Sources/SpringSolver/Gestures/VelocityTrackers.swift.

/// `frameworks/native/libs/input/VelocityTracker.cpp`: `VelocityTracker::addMovement(eventTime,
/// pointerId, axis, position)` (the 40 ms stop clears the strategies), the strategies'
/// `AccumulatingVelocityTrackerStrategy::addMovement` (ring buffer of `HISTORY_SIZE` 20, same
/// time replaced, `HORIZON` 100 ms kept), `LeastSquaresVelocityTrackerStrategy::getVelocity`
/// with `solveUnweightedLeastSquaresDeg2` and `solveLeastSquares`, and
/// `ImpulseVelocityTrackerStrategy::getVelocity`; one pointer, one axis, C++ `float`.
private struct AndroidVelocityTrackerPort {
    static let HORIZON: Int64 = 100 * 1_000_000
    static let HISTORY_SIZE = 20
    static let ASSUME_POINTER_STOPPED_TIME: Int64 = 40 * 1_000_000
    static let SECONDS_PER_NANO: Float = 1E-9
    struct Movement { var eventTime: Int64; var position: Float }

    let impulse: Bool
    var mLastEventTime: Int64 = 0
    var hasPointer = false
    var mMovements: [Movement]? = nil  // nil: no strategy configured

    mutating func addMovement(_ eventTime: Int64, _ position: Float) {
        if hasPointer && eventTime - mLastEventTime > Self.ASSUME_POINTER_STOPPED_TIME {
            mMovements = nil
        }
        mLastEventTime = eventTime
        hasPointer = true
        if mMovements == nil { mMovements = [] }
        // AccumulatingVelocityTrackerStrategy::addMovement
        var movements = mMovements!
        if !movements.isEmpty && movements[movements.count - 1].eventTime == eventTime { movements.removeLast() }
        if movements.count == Self.HISTORY_SIZE { movements.removeFirst() }  // RingBuffer::pushBack when full
        movements.append(Movement(eventTime: eventTime, position: position))
        while eventTime - movements[0].eventTime > Self.HORIZON { movements.removeFirst() }
        mMovements = movements
    }

    func getVelocity() -> Float? {
        guard let movements = mMovements else { return nil }
        return impulse ? impulseVelocity(movements) : leastSquaresVelocity(movements)
    }

    func leastSquaresVelocity(_ movements: [Movement]) -> Float? {
        let size = movements.count
        if size == 0 { return nil }
        var degree = 2
        if degree > size - 1 { degree = size - 1 }
        if degree <= 0 { return nil }
        if degree == 2 {
            var sxi: Float = 0, sxiyi: Float = 0, syi: Float = 0, sxi2: Float = 0, sxi3: Float = 0, sxi2yi: Float = 0, sxi4: Float = 0
            let count = movements.count
            let newestMovement = movements[count - 1]
            for i in 0..<count {
                let movement = movements[i]
                let age: Int64 = newestMovement.eventTime - movement.eventTime
                let xi: Float = Float(-age) * Self.SECONDS_PER_NANO
                let yi: Float = movement.position
                let xi2 = xi * xi
                let xi3 = xi2 * xi
                let xi4 = xi3 * xi
                let xiyi = xi * yi
                let xi2yi = xi2 * yi
                sxi += xi
                sxi2 += xi2
                sxiyi += xiyi
                sxi2yi += xi2yi
                syi += yi
                sxi3 += xi3
                sxi4 += xi4
            }
            let Sxx: Float = sxi2 - sxi * sxi / Float(count)
            let Sxy: Float = sxiyi - sxi * syi / Float(count)
            let Sxx2: Float = sxi3 - sxi * sxi2 / Float(count)
            let Sx2y: Float = sxi2yi - sxi2 * syi / Float(count)
            let Sx2x2: Float = sxi4 - sxi2 * sxi2 / Float(count)
            let denominator: Float = Sxx * Sx2x2 - Sxx2 * Sxx2
            if denominator == 0 { return nil }
            return (Sxy * Sx2x2 - Sx2y * Sxx2) / denominator
        }
        var positions: [Float] = [], w: [Float] = [], time: [Float] = []
        let newestMovement = movements[size - 1]
        for i in stride(from: size - 1, through: 0, by: -1) {
            let age = newestMovement.eventTime - movements[i].eventTime
            positions.append(movements[i].position)
            w.append(1.0)
            time.append(Float(-age) * 0.000000001)
        }
        return solveLeastSquares(time, positions, w, UInt32(degree + 1))
    }

    func solveLeastSquares(_ x: [Float], _ y: [Float], _ w: [Float], _ n: UInt32) -> Float? {
        let m = x.count
        let n = Int(n)
        func vectorDot(_ a: [Float], _ b: [Float]) -> Float { var r: Float = 0; for i in 0..<m { r += a[i] * b[i] }; return r }
        func vectorNorm(_ a: [Float]) -> Float { var r: Float = 0; for i in 0..<m { r += a[i] * a[i] }; return r.squareRoot() }
        var a = [[Float]](repeating: [Float](repeating: 0, count: m), count: n)
        for h in 0..<m {
            a[0][h] = w[h]
            for i in 1..<n { a[i][h] = a[i - 1][h] * x[h] }
        }
        var q = [[Float]](repeating: [Float](repeating: 0, count: m), count: n)
        var r = [[Float]](repeating: [Float](repeating: 0, count: n), count: n)
        for j in 0..<n {
            for h in 0..<m { q[j][h] = a[j][h] }
            for i in 0..<j {
                let dot = vectorDot(q[j], q[i])
                for h in 0..<m { q[j][h] -= dot * q[i][h] }
            }
            let norm = vectorNorm(q[j])
            if norm < 0.000001 { return nil }
            let invNorm: Float = 1.0 / norm
            for h in 0..<m { q[j][h] *= invNorm }
            for i in 0..<n { r[j][i] = i < j ? 0 : vectorDot(q[j], a[i]) }
        }
        var wy = [Float](repeating: 0, count: m)
        for h in 0..<m { wy[h] = y[h] * w[h] }
        var outB = [Float](repeating: 0, count: 4)
        var i = n
        while i != 0 {
            i -= 1
            outB[i] = vectorDot(q[i], wy)
            var j = n - 1
            while j > i { outB[i] -= r[i][j] * outB[j]; j -= 1 }
            outB[i] /= r[i][i]
        }
        return outB[1]
    }

    static func kineticEnergyToVelocity(_ work: Float) -> Float {
        let sqrt2: Float = 1.41421356237
        return Float((work < 0 ? -1.0 : 1.0) * Double(sqrtf(fabsf(work))) * Double(sqrt2))
    }

    func impulseVelocity(_ movements: [Movement]) -> Float? {
        let size = movements.count
        if size == 0 { return nil }
        var work: Float = 0
        for i in 0..<(size - 1) {
            let mvt = movements[i], nextMvt = movements[i + 1]
            let vprev = Self.kineticEnergyToVelocity(work)
            let delta: Float = nextMvt.position - mvt.position
            let vcurr: Float = delta / (Self.SECONDS_PER_NANO * Float(nextMvt.eventTime - mvt.eventTime))
            work += (vcurr - vprev) * fabsf(vcurr)
            if i == 0 { work *= 0.5 }
        }
        return Self.kineticEnergyToVelocity(work)
    }
}

/// `packages/flutter/lib/src/gestures/velocity_tracker.dart` `VelocityTracker` (`addPosition`,
/// `getVelocityEstimate` as of the microsecond ages) and `lsq_solver.dart`
/// `LeastSquaresSolver.solve`, Dart `double`s; the circular buffer of 20 as the source keeps it.
private struct FlutterVelocityTrackerPort {
    static let _assumePointerMoveStoppedMilliseconds = 40
    static let _historySize = 20
    static let _horizonMilliseconds = 100
    static let _minSampleSize = 3
    var _samples: [(time: Int64, point: SIMD2<Double>)?] = Array(repeating: nil, count: 20)
    var _index = 0

    mutating func addPosition(_ time: Int64, _ position: SIMD2<Double>) {
        _index += 1
        if _index == Self._historySize { _index = 0 }
        _samples[_index] = (time, position)
    }

    func getVelocityEstimate() -> SIMD2<Double>? {
        var x: [Double] = [], y: [Double] = [], w: [Double] = [], time: [Double] = []
        var sampleCount = 0
        var index = _index
        guard let newestSample = _samples[index] else { return nil }
        var previousSample = newestSample
        repeat {
            guard let sample = _samples[index] else { break }
            let age = Double(newestSample.time - sample.time) / 1000
            let delta = Double(abs(sample.time - previousSample.time)) / 1000
            previousSample = sample
            if age > Double(Self._horizonMilliseconds) || delta > Double(Self._assumePointerMoveStoppedMilliseconds) { break }
            x.append(sample.point.x)
            y.append(sample.point.y)
            w.append(1.0)
            time.append(-age)
            index = (index == 0 ? Self._historySize : index) - 1
            sampleCount += 1
        } while sampleCount < Self._historySize
        if sampleCount >= Self._minSampleSize,
           let xFit = LeastSquaresSolverPort(x: time, y: x, w: w).solve(2),
           let yFit = LeastSquaresSolverPort(x: time, y: y, w: w).solve(2) {
            return SIMD2(xFit[1] * 1000, yFit[1] * 1000)
        }
        return .zero
    }
}

private struct LeastSquaresSolverPort {
    let x: [Double], y: [Double], w: [Double]
    static let precisionErrorTolerance = 1e-10

    func solve(_ degree: Int) -> [Double]? {
        if degree > x.count { return nil }
        var coefficients = [Double](repeating: 0, count: degree + 1)
        let m = x.count
        let n = degree + 1
        // _Matrix a(n, m), q(n, m), r(n, n): rows as arrays.
        var a = [[Double]](repeating: [Double](repeating: 0, count: m), count: n)
        for h in 0..<m {
            a[0][h] = w[h]
            for i in 1..<n { a[i][h] = a[i - 1][h] * x[h] }
        }
        var q = [[Double]](repeating: [Double](repeating: 0, count: m), count: n)
        var r = [[Double]](repeating: [Double](repeating: 0, count: n), count: n)
        func dot(_ u: [Double], _ v: [Double]) -> Double { var s = 0.0; for i in 0..<m { s += u[i] * v[i] }; return s }
        for j in 0..<n {
            for h in 0..<m { q[j][h] = a[j][h] }
            for i in 0..<j {
                let d = dot(q[j], q[i])
                for h in 0..<m { q[j][h] = q[j][h] - d * q[i][h] }
            }
            let norm = dot(q[j], q[j]).squareRoot()
            if norm < Self.precisionErrorTolerance { return nil }
            let inverseNorm = 1.0 / norm
            for h in 0..<m { q[j][h] = q[j][h] * inverseNorm }
            for i in 0..<n { r[j][i] = i < j ? 0.0 : dot(q[j], a[i]) }
        }
        var wy = [Double](repeating: 0, count: m)
        for h in 0..<m { wy[h] = y[h] * w[h] }
        for i in stride(from: n - 1, through: 0, by: -1) {
            coefficients[i] = dot(q[i], wy)
            var j = n - 1
            while j > i { coefficients[i] -= r[i][j] * coefficients[j]; j -= 1 }
            coefficients[i] /= r[i][i]
        }
        return coefficients
    }
}

@Suite struct VelocityTrackerTests {
    /// A seeded pointer trace: `count` samples at `interval` s (jittered by up to ±30 %), a
    /// smooth accelerating path with noise, and now and then a pause longer than 40 ms.
    static func trace(seed: UInt64, count: Int, interval: Double, pauses: Bool) -> [PointerSample] {
        var random = SplitMix64(seed: seed)
        var samples: [PointerSample] = []
        var t = 0.0
        for k in 0..<count {
            let jitter = Double(random.next() % 600) / 1000 - 0.3
            t += k == 0 ? 0 : interval * (1 + jitter)
            if pauses, random.next() % 9 == 0 { t += 0.045 }
            let noise = SIMD2(Double(random.next() % 100) / 100 - 0.5, Double(random.next() % 100) / 100 - 0.5)
            let position = SIMD2(120 + 300 * t + 2500 * t * t, 600 - 900 * t - 4000 * t * t) + noise
            samples.append(PointerSample(time: (t * 1e6).rounded() / 1e6, position: position))
        }
        return samples
    }

    static let traces: [(UInt64, Int, Double, Bool)] = [
        (1, 1, 0.008, false), (2, 2, 0.008, false), (3, 3, 0.016, false), (4, 12, 0.0083, false),
        (5, 40, 0.0083, false), (6, 30, 0.004, true), (7, 25, 0.016, true), (8, 60, 0.011, false),
    ]

    /// Android LSQ2 and impulse, x and y, against the port fed event by event: equal floats.
    @Test(arguments: traces.indices)
    func androidMatchesVelocityTrackerCpp(index: Int) throws {
        let (seed, count, interval, pauses) = Self.traces[index]
        let samples = Self.trace(seed: seed, count: count, interval: interval, pauses: pauses)
        for impulse in [false, true] {
            let model = try VelocityTracking.estimate(impulse ? .androidImpulse : .android, samples: samples)
            for axis in 0..<2 {
                var port = AndroidVelocityTrackerPort(impulse: impulse)
                for sample in samples {
                    port.addMovement(Int64((sample.time * 1e9).rounded()), Float(sample.position[axis]))
                }
                #expect(model[axis] == Double(port.getVelocity() ?? 0), "impulse \(impulse) axis \(axis)")
            }
        }
    }

    /// Flutter against the port: equal to 1e-9 of the speed (the same operations in the same
    /// order give the same doubles).
    @Test(arguments: traces.indices)
    func flutterMatchesVelocityTrackerDart(index: Int) throws {
        let (seed, count, interval, pauses) = Self.traces[index]
        let samples = Self.trace(seed: seed, count: count, interval: interval, pauses: pauses)
        var port = FlutterVelocityTrackerPort()
        for sample in samples { port.addPosition(Int64((sample.time * 1e6).rounded()), sample.position) }
        let expected = try #require(port.getVelocityEstimate())
        let model = try VelocityTracking.estimate(.flutter, samples: samples)
        #expect(abs(model.x - expected.x) <= 1e-9 * max(1, abs(expected.x)))
        #expect(abs(model.y - expected.y) <= 1e-9 * max(1, abs(expected.y)))
    }

    /// On a noiseless quadratic trace, x(t) = a + b·t + c·t², the degree-2 fits recover the
    /// closed-form velocity at the release, b + 2c·t_r: Flutter (doubles) to 1e-9, Android
    /// (floats, positions near 10³) to 1e-3 of it.
    @Test func leastSquaresRecoverTheClosedFormVelocity() throws {
        let b = 800.0, c = -1500.0
        let samples = (0..<12).map { k -> PointerSample in
            let t = Double(k) * 0.008
            return PointerSample(time: t, position: SIMD2(400 + b * t + c * t * t, 0))
        }
        let exact = b + 2 * c * samples[11].time
        let flutter = try VelocityTracking.estimate(.flutter, samples: samples)
        let android = try VelocityTracking.estimate(.android, samples: samples)
        #expect(abs(flutter.x - exact) <= 1e-9 * abs(exact))
        #expect(abs(android.x - exact) <= 1e-3 * abs(exact))
        // The impulse strategy on a constant velocity: the initial-condition halving makes it
        // exactly that velocity (VelocityTracker.cpp's "case 2)").
        let steady = (0..<8).map { PointerSample(time: Double($0) * 0.01, position: SIMD2(5 * Double($0), 0)) }
        let impulse = try VelocityTracking.estimate(.androidImpulse, samples: steady)
        #expect(abs(impulse.x - 500) <= 1e-3 * 500)
    }

    /// Edge cases: one sample gives no estimate (0); two give the slope (Android's general
    /// solver, the model's finite difference); Flutter needs three.
    @Test func fewSamples() throws {
        let one = [PointerSample(time: 0, position: SIMD2(1, 2))]
        for kind in VelocityTrackerKind.allCases { #expect(try VelocityTracking.estimate(kind, samples: one) == .zero) }
        let two = one + [PointerSample(time: 0.01, position: SIMD2(3, 2))]
        #expect(abs(try VelocityTracking.estimate(.android, samples: two).x - 200) < 1e-3)
        #expect(try VelocityTracking.estimate(.uikit, samples: two) == SIMD2(200, 0))
        #expect(try VelocityTracking.estimate(.flutter, samples: two) == .zero)
    }

    @Test func badSamplesAreRefused() {
        #expect(throws: SpringError.self) { try VelocityTracking.estimate(.android, samples: []) }
        let unsorted = [PointerSample(time: 0.02, position: .zero), PointerSample(time: 0.01, position: .zero)]
        #expect(throws: SpringError.self) { try VelocityTracking.estimate(.flutter, samples: unsorted) }
        let repeated = [PointerSample(time: 0.01, position: .zero), PointerSample(time: 0.01, position: .zero)]
        #expect(throws: SpringError.self) { try VelocityTracking.estimate(.uikit, samples: repeated) }
        #expect(throws: SpringError.self) { try VelocityTracking.estimate(.android, samples: [PointerSample(time: .nan, position: .zero)]) }
        #expect(throws: SpringError.self) { try VelocityTracking.estimate(.android, samples: [PointerSample(time: 2e6, position: .zero)]) }
    }
}
