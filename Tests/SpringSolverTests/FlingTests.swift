import Foundation
import Testing
@testable import SpringSolver

// Literal ports of each platform's fling source, written here apart from the models in
// Sources/SpringSolver/Gestures, in the source's own number types, and the models checked
// against them over a matrix of velocities (small, large, negative) and densities.

/// `android/widget/OverScroller.java`, `OverScroller.SplineOverScroller` (AOSP
/// platform_frameworks_base at 050275cd83f4): the static block, the constructor's
/// `mPhysicalCoeff`, `fling(...)` within bounds, `getSplineDeceleration`,
/// `getSplineFlingDistance`, `getSplineFlingDuration` and `update()`'s SPLINE case,
/// transcribed line by line (Java `float` → `Float`, `double` → `Double`, `int` → `Int32`).
enum OverScrollerPort {
    static let DECELERATION_RATE: Float = Float(log(0.78) / log(0.9))
    static let INFLEXION: Float = 0.35
    static let START_TENSION: Float = 0.5
    static let END_TENSION: Float = 1.0
    static let P1: Float = START_TENSION * INFLEXION
    static let P2: Float = 1.0 - END_TENSION * (1.0 - INFLEXION)
    static let NB_SAMPLES: Int32 = 100
    static let GRAVITY_EARTH: Float = 9.80665
    static let SCROLL_FRICTION: Float = 0.015

    static let tables: ([Float], [Float]) = {
        var SPLINE_POSITION = [Float](repeating: 0, count: Int(NB_SAMPLES) + 1)
        var SPLINE_TIME = [Float](repeating: 0, count: Int(NB_SAMPLES) + 1)
        var x_min: Float = 0.0
        var y_min: Float = 0.0
        for i in 0..<Int(NB_SAMPLES) {
            let alpha: Float = Float(i) / Float(NB_SAMPLES)
            var x_max: Float = 1.0
            var x: Float, tx: Float, coef: Float
            while true {
                x = x_min + (x_max - x_min) / 2.0
                coef = 3.0 * x * (1.0 - x)
                tx = coef * ((1.0 - x) * P1 + x * P2) + x * x * x
                if abs(Double(tx - alpha)) < 1E-5 { break }
                if tx > alpha { x_max = x } else { x_min = x }
            }
            SPLINE_POSITION[i] = coef * ((1.0 - x) * START_TENSION + x) + x * x * x
            var y_max: Float = 1.0
            var y: Float, dy: Float
            while true {
                y = y_min + (y_max - y_min) / 2.0
                coef = 3.0 * y * (1.0 - y)
                dy = coef * ((1.0 - y) * START_TENSION + y) + y * y * y
                if abs(Double(dy - alpha)) < 1E-5 { break }
                if dy > alpha { y_max = y } else { y_min = y }
            }
            SPLINE_TIME[i] = coef * ((1.0 - y) * P1 + y * P2) + y * y * y
        }
        SPLINE_POSITION[Int(NB_SAMPLES)] = 1.0
        SPLINE_TIME[Int(NB_SAMPLES)] = 1.0
        return (SPLINE_POSITION, SPLINE_TIME)
    }()

    /// Java's `(int)` of a double: toward zero, saturating.
    static func int(_ d: Double) -> Int32 {
        if d.isNaN { return 0 }
        if d >= Double(Int32.max) { return Int32.max }
        if d <= Double(Int32.min) { return Int32.min }
        return Int32(d.rounded(.towardZero))
    }

    struct Scroller {
        var mPhysicalCoeff: Float
        var mFlingFriction: Float = SCROLL_FRICTION
        var mVelocity: Int32 = 0
        var mDuration: Int32 = 0
        var mSplineDuration: Int32 = 0
        var mSplineDistance: Int32 = 0
        var mStart: Int32 = 0
        var mFinal: Int32 = 0
        var mCurrentPosition: Int32 = 0
        var mCurrVelocity: Float = 0

        init(density: Float) {
            let ppi: Float = density * 160.0
            mPhysicalCoeff = GRAVITY_EARTH * 39.37 * ppi * 0.84
        }

        func getSplineDeceleration(_ velocity: Int32) -> Double {
            log(Double(INFLEXION * Float(abs(velocity)) / (mFlingFriction * mPhysicalCoeff)))
        }

        func getSplineFlingDistance(_ velocity: Int32) -> Double {
            let l = getSplineDeceleration(velocity)
            let decelMinusOne: Double = Double(DECELERATION_RATE) - 1.0
            return Double(mFlingFriction * mPhysicalCoeff) * exp(Double(DECELERATION_RATE) / decelMinusOne * l)
        }

        func getSplineFlingDuration(_ velocity: Int32) -> Int32 {
            let l = getSplineDeceleration(velocity)
            let decelMinusOne: Double = Double(DECELERATION_RATE) - 1.0
            return int(1000.0 * exp(l / decelMinusOne))
        }

        /// `fling(start, velocity, min, max, over)` with min/max far outside the fling.
        mutating func fling(_ start: Int32, _ velocity: Int32) {
            mCurrVelocity = Float(velocity)
            mVelocity = velocity
            mDuration = 0
            mSplineDuration = 0
            mCurrentPosition = start
            mStart = start
            var totalDistance = 0.0
            if velocity != 0 {
                mSplineDuration = getSplineFlingDuration(velocity)
                mDuration = mSplineDuration
                totalDistance = getSplineFlingDistance(velocity)
            }
            let signum: Float = velocity > 0 ? 1 : (velocity < 0 ? -1 : 0)
            mSplineDistance = int(totalDistance * Double(signum))
            mFinal = start + mSplineDistance
        }

        /// `update()` at `currentTime` ms; false when the duration has passed.
        mutating func update(_ currentTime: Int64) -> Bool {
            if currentTime == 0 { return mDuration > 0 }
            if currentTime > Int64(mDuration) { return false }
            var distance = 0.0
            let t: Float = Float(currentTime) / Float(mSplineDuration)
            let index = Int32(Float(NB_SAMPLES) * t)
            var distanceCoef: Float = 1.0
            var velocityCoef: Float = 0.0
            if index < NB_SAMPLES {
                let t_inf: Float = Float(index) / Float(NB_SAMPLES)
                let t_sup: Float = Float(index + 1) / Float(NB_SAMPLES)
                let d_inf: Float = tables.0[Int(index)]
                let d_sup: Float = tables.0[Int(index) + 1]
                velocityCoef = (d_sup - d_inf) / (t_sup - t_inf)
                distanceCoef = d_inf + (t - t_inf) * velocityCoef
            }
            distance = Double(distanceCoef * Float(mSplineDistance))
            mCurrVelocity = velocityCoef * Float(mSplineDistance) / Float(mSplineDuration) * 1000.0
            mCurrentPosition = mStart + Int32(floor(distance + 0.5))  // Math.round(double)
            return true
        }
    }
}

/// `ui/events/gestures/fling_curve.cc` (Chromium): the three inline functions, the
/// constructor and `ComputeScrollOffset`, for a fling along one axis (C++ `float`/`double`).
private struct FlingCurvePort {
    static let kDefaultAlpha: Float = -5.70762e+03
    static let kDefaultBeta: Float = 1.72e+02
    static let kDefaultGamma: Float = 3.7e+00
    static func GetPositionAtTime(_ t: Double) -> Double {
        Double(kDefaultAlpha) * exp(-Double(kDefaultGamma) * t) - Double(kDefaultBeta) * t - Double(kDefaultAlpha)
    }
    static func GetVelocityAtTime(_ t: Double) -> Double {
        -Double(kDefaultAlpha) * Double(kDefaultGamma) * exp(-Double(kDefaultGamma) * t) - Double(kDefaultBeta)
    }
    static func GetTimeAtVelocity(_ v: Double) -> Double {
        -log((v + Double(kDefaultBeta)) / (-Double(kDefaultAlpha) * Double(kDefaultGamma))) / Double(kDefaultGamma)
    }

    let curve_duration_: Double
    var displacement_ratio_: Float = 0
    var time_offset_: Double = 0
    var position_offset_: Double = 0

    init(velocity: Float) {
        curve_duration_ = Self.GetTimeAtVelocity(0)
        var max_start_velocity: Float = abs(velocity)
        if Double(max_start_velocity) > Self.GetVelocityAtTime(0) {
            max_start_velocity = Float(Self.GetVelocityAtTime(0))
        }
        displacement_ratio_ = velocity / max_start_velocity
        time_offset_ = Self.GetTimeAtVelocity(Double(max_start_velocity))
        position_offset_ = Self.GetPositionAtTime(time_offset_)
    }

    /// `ComputeScrollOffset` at `elapsed` µs: (offset, velocity, still_active).
    func ComputeScrollOffset(_ elapsed: Int64) -> (Float, Float, Bool) {
        if elapsed < 0 { return (0, 0, true) }
        var still_active = true
        let scalar_offset: Float
        let scalar_velocity: Float
        let offset_time = Double(elapsed) / 1e6 + time_offset_
        if offset_time < curve_duration_ {
            scalar_offset = Float(Self.GetPositionAtTime(offset_time) - position_offset_)
            scalar_velocity = Float(Self.GetVelocityAtTime(offset_time))
        } else {
            scalar_offset = Float(Self.GetPositionAtTime(curve_duration_) - position_offset_)
            scalar_velocity = 0
            still_active = false
        }
        return (displacement_ratio_ * scalar_offset, displacement_ratio_ * scalar_velocity, still_active)
    }
}

/// `packages/flutter/lib/src/widgets/scroll_simulation.dart` `ClampingScrollSimulation`
/// (flutter/flutter at 095d6b964df0), Dart `double`s, including the longer distance formula the
/// source checks in an assert.
private struct ClampingScrollSimulationPort {
    let position: Double
    let velocity: Double
    let friction = 0.015
    var _duration = 0.0
    var _distance = 0.0
    static let _kDecelerationRate = log(0.78) / log(0.9)
    static let _kInflexion = 0.35
    static let _physicalCoeff = 9.80665 * 39.37 * 160.0 * 0.84

    init(position: Double, velocity: Double) {
        self.position = position
        self.velocity = velocity
        _duration = _flingDuration()
        _distance = _flingDistance()
    }
    func _flingDuration() -> Double {
        let referenceVelocity = friction * Self._physicalCoeff / Self._kInflexion
        let androidDuration = pow(abs(velocity) / referenceVelocity, 1 / (Self._kDecelerationRate - 1.0))
        return Self._kDecelerationRate * Self._kInflexion * androidDuration
    }
    func _flingDistance() -> Double { velocity * _duration / Self._kDecelerationRate }
    /// The assert's `distanceAgain`.
    func distanceAgain() -> Double {
        let referenceVelocity = friction * Self._physicalCoeff / Self._kInflexion
        let logVelocity = log(abs(velocity) / referenceVelocity)
        return friction * Self._physicalCoeff * exp(logVelocity * Self._kDecelerationRate / (Self._kDecelerationRate - 1.0))
    }
    func x(_ time: Double) -> Double {
        let t = min(max(time / _duration, 0.0), 1.0)
        return position + _distance * (1.0 - pow(1.0 - t, Self._kDecelerationRate))
    }
    func dx(_ time: Double) -> Double {
        let t = min(max(time / _duration, 0.0), 1.0)
        return velocity * pow(1.0 - t, Self._kDecelerationRate - 1.0)
    }
    func isDone(_ time: Double) -> Bool { time >= _duration }
}

/// `packages/flutter/lib/src/physics/friction_simulation.dart` `FrictionSimulation` with the
/// constant deceleration (0 here, as `BouncingScrollSimulation` passes for the normal rate),
/// `_newtonsMethod`, `x`, `dx`, `isDone`, and the tolerance `ScrollPhysics.toleranceFor` gives.
struct FrictionSimulationPort {
    let _drag: Double, _dragLog: Double, _x: Double, _v: Double, _constantDeceleration: Double
    var _finalTime = Double.infinity
    let toleranceVelocity: Double

    init(_ drag: Double, _ position: Double, _ velocity: Double, devicePixelRatio: Double, constantDeceleration: Double = 0) {
        _drag = drag
        _dragLog = log(drag)
        _x = position
        _v = velocity
        _constantDeceleration = constantDeceleration * (velocity > 0 ? 1 : (velocity < 0 ? -1 : 0))
        toleranceVelocity = 1.0 / (0.050 * devicePixelRatio)
        var guess = 0.0
        for _ in 0..<10 {
            let f = dx(guess)
            let df = (_v * pow(_drag, guess) * _dragLog) - _constantDeceleration
            guess = guess - (f - 0) / df
        }
        _finalTime = guess
    }
    var finalX: Double { _constantDeceleration == 0 ? _x - _v / _dragLog : x(_finalTime) }
    func x(_ time: Double) -> Double {
        if time > _finalTime { return finalX }
        return _x + _v * pow(_drag, time) / _dragLog - _v / _dragLog - ((_constantDeceleration / 2) * time * time)
    }
    func dx(_ time: Double) -> Double {
        if time > _finalTime { return 0 }
        return _v * pow(_drag, time) - _constantDeceleration * time
    }
    func isDone(_ time: Double) -> Bool { abs(dx(time)) < toleranceVelocity }
}

@Suite struct FlingTests {
    static let velocities: [Double] = [1, 7.5, 120, 999.9, 1000, 2500, 5000, 8000, 24_000, 100_000, -1, -640, -1000, -5000, -100_000]
    static let densities: [Double] = [0.75, 1, 2, 2.625, 3, 4]

    // MARK: UIKit

    /// The per-millisecond form against its literal loop (multiply the velocity by r, then move
    /// by the velocity for 1 ms), millisecond by millisecond to the stop, at both rates.
    @Test(arguments: velocities, [UIKitDeceleration.normalRate, UIKitDeceleration.fastRate])
    func uikitMatchesThePerMillisecondLoop(velocity: Double, rate: Double) throws {
        let model = try UIKitDeceleration(velocity: velocity, rate: rate)
        var v = velocity
        var x = 0.0
        var stop: Int?
        for n in 1...20_000 {
            v *= rate
            x += v / 1000
            #expect(abs(model.position(afterMilliseconds: n) - x) <= 1e-9 * abs(model.distance) + 1e-12)
            let remaining = abs(velocity) / 1000 * rate / (1 - rate) - abs(x)
            if stop == nil, remaining < UIKitDeceleration.stopDistance { stop = n; break }
        }
        if abs(velocity) / 1000 * rate / (1 - rate) < UIKitDeceleration.stopDistance {
            #expect(model.stopMilliseconds == 0 && model.distance == 0)
        } else {
            // The loop's running remainder and the model's closed form may disagree only at the
            // rounding edge: within one millisecond.
            #expect(abs(model.stopMilliseconds - (stop ?? -1)) <= 1)
        }
    }

    /// The README's figures: from 1000 pt/s at 0.998 the per-millisecond sum's limit is
    /// 1 · 0.998/0.002 = 499 pt and the continuous form's 1000/(1000 · ln(1/0.998)) = 499.4998 pt
    /// (GSL-free closed forms, each written out here), and the deceleration ends at 3450 ms.
    @Test func uikitKnownFigures() throws {
        let normal = try UIKitDeceleration(velocity: 1000, rate: 0.998)
        #expect(abs(normal.distance - 499) < 1e-9 && normal.limit == normal.distance)
        #expect(abs(normal.continuousDistance - 1 / log(1 / 0.998)) < 1e-12)
        #expect(abs(normal.continuousDistance - 499.49983) < 1e-5)
        #expect(normal.stopMilliseconds == 3450)
        #expect(abs(normal.continuousPosition(atMilliseconds: 1e9) - normal.continuousDistance) < 1e-9)
        let fast = try UIKitDeceleration(velocity: 1000, rate: 0.99)
        #expect(abs(fast.distance - 99) < 1e-9)
        #expect(abs(fast.continuousDistance - 99.49916) < 1e-5)
        // The forms differ by about v₀/2000 at either rate.
        for model in [normal, fast] { #expect(abs(model.continuousDistance - model.distance - 0.5) < 0.001) }
    }

    // MARK: Android

    @Test func androidSplineTableMatchesThePort() {
        #expect(AndroidSplineFling.splineTable.position == OverScrollerPort.tables.0)
        #expect(AndroidSplineFling.splineTable.time == OverScrollerPort.tables.1)
        #expect(AndroidSplineFling.decelerationRate == OverScrollerPort.DECELERATION_RATE)
    }

    /// Duration, distance and every millisecond's position and velocity, bit for bit.
    @Test(arguments: velocities, densities)
    func androidMatchesOverScroller(velocity: Double, density: Double) throws {
        let model = try AndroidSplineFling(velocity: velocity, density: density)
        var port = OverScrollerPort.Scroller(density: Float(density))
        port.fling(0, Int32(velocity.rounded(.towardZero)))
        #expect(model.physicalCoefficient == port.mPhysicalCoeff)
        #expect(model.splineDuration == port.mSplineDuration)
        #expect(model.splineDistance == port.mSplineDistance)
        for ms in 0...(Int(port.mDuration) + 2) {
            var scroller = port
            let active = scroller.update(Int64(ms))
            let (position, speed) = model.state(atMilliseconds: ms)
            if ms == 0 {
                #expect(position == 0 && speed == Double(port.mVelocity))
            } else if active {
                #expect(position == Double(scroller.mCurrentPosition), "\(ms) ms")
                #expect(speed == Double(scroller.mCurrVelocity), "\(ms) ms")
            } else {
                #expect(position == Double(port.mFinal) && speed == 0, "\(ms) ms")
            }
        }
    }

    /// At density 1 a 1000 px/s fling goes 194 px in 555 ms (read off the port).
    @Test func androidKnownFigure() throws {
        let model = try AndroidSplineFling(velocity: 1000)
        var port = OverScrollerPort.Scroller(density: 1)
        port.fling(0, 1000)
        #expect(model.splineDistance == port.mSplineDistance)
        #expect(model.splineDuration == port.mSplineDuration)
        #expect((190...200).contains(model.splineDistance))
        #expect((550...560).contains(model.splineDuration))
    }

    // MARK: Flutter

    @Test(arguments: velocities)
    func flutterClampingMatchesTheSimulation(velocity: Double) throws {
        let model = try FlutterClampingFling(velocity: velocity)
        let port = ClampingScrollSimulationPort(position: 0, velocity: velocity)
        #expect(model.duration == port._duration)
        #expect(model.distance == port._distance)
        // The source's own assert: the short formula equals getSplineFlingDistance's.
        #expect(abs(abs(port._distance) - port.distanceAgain()) <= 1e-9 * abs(port._distance) + 1e-3)
        for k in 0...600 {
            let t = Double(k) / 240
            let (x, v) = model.state(at: t)
            #expect(x == port.x(t) && v == port.dx(t))
        }
    }

    /// Flutter's clamping fling travels Android's spline distance (the class's promise): against
    /// the OverScroller port's `getSplineFlingDistance` at density 1, before Android truncates
    /// it to whole pixels.
    @Test(arguments: [120.0, 1000, 5000, 24_000])
    func flutterClampingTravelsAndroidsDistance(velocity: Double) throws {
        let flutter = try FlutterClampingFling(velocity: velocity)
        let android = OverScrollerPort.Scroller(density: 1).getSplineFlingDistance(Int32(velocity))
        #expect(abs(flutter.distance - android) <= 1e-5 * android)
    }

    /// Frames as an `AnimationController` ticks it: x at each frame until the first frame where
    /// `isDone`, which is where it rests.
    @Test(arguments: velocities, [1.0, 2, 3])
    func flutterBouncingMatchesFrictionSimulation(velocity: Double, ratio: Double) throws {
        let fling = try Fling(platform: .flutterBouncing, velocity: velocity, density: ratio)
        let port = FrictionSimulationPort(0.135, 0, velocity, devicePixelRatio: ratio)
        guard case .flutterBouncing(let model) = fling.model else { Issue.record("not the bouncing model"); return }
        #expect(model.finalTime == port._finalTime)
        for hz in [60, 120] {
            let frames = fling.frames(hz: hz)
            for frame in frames {
                let t = Double(frame.index) / Double(hz)
                #expect(abs(frame.position - port.x(t)) <= 1e-9 * abs(port.finalX), "\(hz) Hz frame \(frame.index)")
            }
            // The last frame is the first where the port says it is done.
            let last = frames.last!
            #expect(port.isDone(last.time) || abs(port.dx(last.time)) <= port.toleranceVelocity * (1 + 1e-12))
            if frames.count > 1 { #expect(!port.isDone(frames[frames.count - 2].time)) }
        }
    }

    // MARK: Chrome

    @Test(arguments: velocities)
    func chromeMatchesFlingCurve(velocity: Double) throws {
        let model = try ChromeFlingCurve(velocity: velocity)
        let port = FlingCurvePort(velocity: Float(velocity))
        #expect(model.curveDuration == port.curve_duration_)
        #expect(model.timeOffset == port.time_offset_)
        #expect(model.displacementRatio == port.displacement_ratio_)
        var us: Int64 = 0
        while true {
            let (offset, speed, active) = port.ComputeScrollOffset(us)
            let state = model.state(atMicroseconds: us)
            #expect(state.position == Double(offset) && state.velocity == Double(speed), "\(us) µs")
            if !active {
                #expect(state.position == model.distance)
                break
            }
            us += 4_167
        }
    }

    /// The curve's constants give a 20946 px/s start and a 1.30 s curve; a fling above the start
    /// is scaled, not lengthened.
    @Test func chromeKnownFigures() throws {
        let fast = try ChromeFlingCurve(velocity: 40_000)
        let start = try ChromeFlingCurve(velocity: 20_946)
        #expect(abs(fast.duration - start.duration) < 1e-4)
        #expect(abs(fast.distance / start.distance - 40_000 / 20_946.19) < 1e-3)
        #expect(abs(start.curveDuration - log(5707.62 * 3.7 / 172) / 3.7) < 1e-5)
    }

    // MARK: The platform-independent wrapper

    @Test(arguments: FlingPlatform.allCases)
    func framesEndAtRestAndStepsAddUp(platform: FlingPlatform) throws {
        for velocity in [1.0, 1000, -5000, 100_000] {
            let fling = try Fling(platform: platform, velocity: velocity, density: 2)
            for hz in [60, 120] {
                let frames = fling.frames(hz: hz)
                #expect(frames.first?.position == 0)
                #expect(frames.last!.time >= fling.duration)
                #expect(frames.last!.velocity == 0)
                let summed = frames.map(\.step).reduce(0, +)
                #expect(abs(summed - frames.last!.position) <= 1e-9 * max(1, abs(frames.last!.position)))
                #expect(frames.allSatisfy { $0.position.isFinite && $0.velocity.isFinite })
                // Monotone: a fling never turns back.
                #expect(frames.allSatisfy { $0.step * velocity >= 0 })
            }
            // 100000 px/s on Android's spline at density 1 runs 16.5 s; nothing runs 30.
            #expect(fling.duration.isFinite && fling.duration < 30)
            #expect(fling.distance.isFinite)
        }
    }

    @Test func badInputIsRefusedWithItsName() {
        for velocity in [0, .nan, .infinity, 100_001, -1e9] as [Double] {
            #expect(throws: SpringError.self) { try Fling(platform: .uikit, velocity: velocity) }
        }
        for density in [0, -1, .nan, 11] as [Double] {
            #expect(throws: SpringError.self) { try Fling(platform: .android, velocity: 1000, density: density) }
        }
        #expect(throws: SpringError.self) { try UIKitDeceleration(velocity: 10, rate: 1) }
        #expect((try? Fling(platform: .chrome, velocity: 1000))?.frames(hz: 0) == [])
    }
}

/// The rubber band against the issue's formula written literally, its slope at the edge, its
/// limit, its inverse and its refusals.
@Suite struct RubberBandTests {
    /// `(1 − 1/(x·c/d + 1))·d`, as the issue quotes it.
    static func literal(_ x: Double, _ c: Double, _ d: Double) -> Double { (1.0 - 1.0 / ((x * c / d) + 1.0)) * d }

    @Test(arguments: [0.0, 0.001, 1, 37.5, 100, 320, 844, 10_000, 1e9], [320.0, 844, 1024])
    func matchesTheFormula(x: Double, d: Double) throws {
        let band = try RubberBand(dimension: d)
        let expected = Self.literal(x, 0.55, d)
        #expect(abs(band.displacement(forOvershoot: x) - expected) <= 1e-12 * d)
        #expect(band.displacement(forOvershoot: -x) == -band.displacement(forOvershoot: x))
        #expect(band.displacement(forOvershoot: x) < d)
        if let back = band.overshoot(forDisplacement: band.displacement(forOvershoot: x)), x < 1e6 {
            #expect(abs(back - x) <= 1e-9 * max(1, x))
        }
    }

    /// f′(0) = c: the derivative of d·u/(u + 1), u = x·c/d, is c/(u + 1)² = c at 0 (checked by a
    /// central difference at 1e-6 pt), and the content moves at under 55 % of the finger after.
    @Test func slopeAtTheEdgeIsTheConstant() throws {
        let band = try RubberBand(dimension: 844)
        let h = 1e-6
        let slope = (band.displacement(forOvershoot: h) - band.displacement(forOvershoot: -h)) / (2 * h)
        #expect(abs(slope - 0.55) < 1e-9)
        // Closed-form derivative at x = 200: c/(u + 1)².
        let u = 200 * 0.55 / 844
        let numeric = (band.displacement(forOvershoot: 200 + 1e-4) - band.displacement(forOvershoot: 200 - 1e-4)) / 2e-4
        #expect(abs(numeric - 0.55 / ((u + 1) * (u + 1))) < 1e-7)
    }

    @Test func limitsAndRefusals() throws {
        let band = try RubberBand(dimension: 400)
        #expect(band.displacement(forOvershoot: .infinity) == 400)
        #expect(band.displacement(forOvershoot: -.infinity) == -400)
        #expect(band.displacement(forOvershoot: .nan) == 0)
        #expect(band.displacement(forOvershoot: .greatestFiniteMagnitude) <= 400)
        #expect(band.overshoot(forDisplacement: 400) == nil)
        #expect(band.overshoot(forDisplacement: .nan) == nil)
        for d in [0, -1, .nan, .infinity] as [Double] {
            #expect(throws: SpringError.self) { try RubberBand(dimension: d) }
        }
        for c in [0, 1.5, .nan] as [Double] {
            #expect(throws: SpringError.self) { try RubberBand(dimension: 100, constant: c) }
        }
    }
}
