import Foundation
import Testing
@testable import SpringSolver

// Literal ports of what each platform does when a fling reaches the content edge, written here
// apart from Sources/SpringSolver/Gestures/EdgeFling.swift, and the model checked against them.

/// `packages/flutter/lib/src/physics/spring_simulation.dart`: `SpringDescription.withDampingRatio`,
/// `_SpringSolution`'s three cases and `ScrollSpringSimulation` (`x` is the end once `isDone`),
/// with `nearZero` from `physics/utils.dart`.
private struct ScrollSpringSimulationPort {
    let mass: Double, stiffness: Double, damping: Double
    let _endPosition: Double
    let toleranceDistance: Double, toleranceVelocity: Double
    // _SpringSolution
    var kind = 0  // 0 critical, 1 over, 2 under
    var _r = 0.0, _c1 = 0.0, _c2 = 0.0, _r1 = 0.0, _r2 = 0.0, _w = 0.0

    init(mass: Double, stiffness: Double, ratio: Double, start: Double, end: Double, velocity: Double,
         toleranceDistance: Double, toleranceVelocity: Double) {
        self.mass = mass
        self.stiffness = stiffness
        damping = ratio * 2.0 * (mass * stiffness).squareRoot()
        _endPosition = end
        self.toleranceDistance = toleranceDistance
        self.toleranceVelocity = toleranceVelocity
        let distance = start - end
        let cmk = damping * damping - 4 * mass * stiffness
        if cmk > 0.0 {
            kind = 1
            _r1 = (-damping - cmk.squareRoot()) / (2.0 * mass)
            _r2 = (-damping + cmk.squareRoot()) / (2.0 * mass)
            _c2 = (velocity - _r1 * distance) / (_r2 - _r1)
            _c1 = distance - _c2
        } else if cmk < 0.0 {
            kind = 2
            _w = (4.0 * mass * stiffness - damping * damping).squareRoot() / (2.0 * mass)
            _r = -(damping / 2.0 / mass)
            _c1 = distance
            _c2 = (velocity - _r * distance) / _w
        } else {
            _r = -damping / (2.0 * mass)
            _c1 = distance
            _c2 = velocity - (_r * distance)
        }
    }
    func solutionX(_ time: Double) -> Double {
        switch kind {
        case 1: return _c1 * pow(M_E, _r1 * time) + _c2 * pow(M_E, _r2 * time)
        case 2: return pow(M_E, _r * time) * (_c1 * cos(_w * time) + _c2 * sin(_w * time))
        default: return (_c1 + _c2 * time) * pow(M_E, _r * time)
        }
    }
    func dx(_ time: Double) -> Double {
        switch kind {
        case 1: return _c1 * _r1 * pow(M_E, _r1 * time) + _c2 * _r2 * pow(M_E, _r2 * time)
        case 2:
            let power = pow(M_E, _r * time)
            let cosine = cos(_w * time), sine = sin(_w * time)
            return power * (_c2 * _w * cosine - _c1 * _w * sine) + _r * power * (_c2 * sine + _c1 * cosine)
        default:
            let power = pow(M_E, _r * time)
            return _r * (_c1 + _c2 * time) * power + _c2 * power
        }
    }
    static func nearZero(_ a: Double, _ epsilon: Double) -> Bool { a > -epsilon && a < epsilon }
    func isDone(_ time: Double) -> Bool {
        Self.nearZero(solutionX(time), toleranceDistance) && Self.nearZero(dx(time), toleranceVelocity)
    }
    func x(_ time: Double) -> Double { isDone(time) ? _endPosition : _endPosition + solutionX(time) }
}

extension FrictionSimulationPort {
    /// `timeAtX(x)`.
    func timeAtX(_ x: Double) -> Double {
        if x == _x { return 0.0 }
        if _v == 0.0 || (_v > 0 ? (x < _x || x > finalX) : (x > _x || x < finalX)) { return .infinity }
        return log(_dragLog * (x - _x) / _v + 1.0) / _dragLog
    }
}

/// `packages/flutter/lib/src/widgets/scroll_simulation.dart` `BouncingScrollSimulation`'s
/// constructor (the within-range branch), `_simulation`, `x`, `dx`, `isDone`, with
/// `BouncingScrollPhysics.spring` (mass 0.5, stiffness 100, ratio 1.1) and `toleranceFor`.
private struct BouncingScrollSimulationPort {
    static let maxSpringTransferVelocity = 5000.0
    let leadingExtent: Double, trailingExtent: Double
    let _frictionSimulation: FrictionSimulationPort
    var _springSimulation: ScrollSpringSimulationPort?
    var _springTime = Double.infinity

    init(position: Double, velocity: Double, leadingExtent: Double, trailingExtent: Double, devicePixelRatio: Double) {
        self.leadingExtent = leadingExtent
        self.trailingExtent = trailingExtent
        _frictionSimulation = FrictionSimulationPort(0.135, position, velocity, devicePixelRatio: devicePixelRatio)
        let finalX = _frictionSimulation.finalX
        func spring(_ x: Double, _ end: Double, _ dx: Double) -> ScrollSpringSimulationPort {
            ScrollSpringSimulationPort(mass: 0.5, stiffness: 100, ratio: 1.1, start: x, end: end, velocity: dx,
                                       toleranceDistance: 1.0 / devicePixelRatio,
                                       toleranceVelocity: 1.0 / (0.050 * devicePixelRatio))
        }
        if velocity > 0.0 && finalX > trailingExtent {
            _springTime = _frictionSimulation.timeAtX(trailingExtent)
            _springSimulation = spring(trailingExtent, trailingExtent,
                                       min(_frictionSimulation.dx(_springTime), Self.maxSpringTransferVelocity))
        } else if velocity < 0.0 && finalX < leadingExtent {
            _springTime = _frictionSimulation.timeAtX(leadingExtent)
            _springSimulation = spring(leadingExtent, leadingExtent,
                                       min(_frictionSimulation.dx(_springTime), Self.maxSpringTransferVelocity))
        }
    }
    func x(_ time: Double) -> Double {
        if time > _springTime, let s = _springSimulation { return s.x(time - _springTime) }
        return _frictionSimulation.x(time)
    }
    func dx(_ time: Double) -> Double {
        if time > _springTime, let s = _springSimulation { return s.dx(time - _springTime) }
        return _frictionSimulation.dx(time)
    }
    func isDone(_ time: Double) -> Bool {
        if time > _springTime, let s = _springSimulation { return s.isDone(time - _springTime) }
        return _frictionSimulation.isDone(time)
    }
}

/// `android/widget/OverScroller.java` (AOSP at 050275cd83f4): `OverScroller.computeScrollOffset`
/// in FLING_MODE for one axis and `SplineOverScroller`'s `fling` with bounds, `adjustDuration`,
/// `update`, `continueWhenFinished`, `onEdgeReached`, `startSpringback`, `finish`, transcribed
/// with Java's types. The clock is `now` (ms); `SPLINE_POSITION`/`SPLINE_TIME` come from the port
/// in FlingTests.swift.
private struct SplineOverScrollerPort {
    static let SPLINE = 0, CUBIC = 1, BALLISTIC = 2
    static let GRAVITY: Float = 2000.0
    var base: OverScrollerPort.Scroller
    var mStart: Int32 = 0, mCurrentPosition: Int32 = 0, mFinal: Int32 = 0, mVelocity: Int32 = 0
    var mCurrVelocity: Float = 0, mDeceleration: Float = 0
    var mStartTime: Int64 = 0
    var mDuration: Int32 = 0, mSplineDuration: Int32 = 0, mSplineDistance: Int32 = 0
    var mFinished = true
    var mOver: Int32 = 0
    var mState = SPLINE
    var now: Int64 = 0

    init(density: Float) { base = OverScrollerPort.Scroller(density: density) }

    static func getDeceleration(_ velocity: Int32) -> Float { velocity > 0 ? -GRAVITY : GRAVITY }
    static func signum(_ f: Float) -> Float { f > 0 ? 1 : (f < 0 ? -1 : 0) }

    mutating func adjustDuration(_ start: Int32, _ oldFinal: Int32, _ newFinal: Int32) {
        let oldDistance = oldFinal - start
        let newDistance = newFinal - start
        let x: Float = abs(Float(newDistance) / Float(oldDistance))
        let index = Int32(Float(OverScrollerPort.NB_SAMPLES) * x)
        if index < OverScrollerPort.NB_SAMPLES {
            let x_inf: Float = Float(index) / Float(OverScrollerPort.NB_SAMPLES)
            let x_sup: Float = Float(index + 1) / Float(OverScrollerPort.NB_SAMPLES)
            let t_inf: Float = OverScrollerPort.tables.1[Int(index)]
            let t_sup: Float = OverScrollerPort.tables.1[Int(index) + 1]
            let timeCoef: Float = t_inf + (x - x_inf) / (x_sup - x_inf) * (t_sup - t_inf)
            mDuration = Int32(Float(mDuration) * timeCoef)
        }
    }

    mutating func fling(_ start: Int32, _ velocity: Int32, _ min: Int32, _ max: Int32, _ over: Int32) {
        mOver = over
        mFinished = false
        mVelocity = velocity
        mCurrVelocity = Float(velocity)
        mDuration = 0
        mSplineDuration = 0
        mStartTime = now
        mCurrentPosition = start
        mStart = start
        mState = Self.SPLINE
        var totalDistance = 0.0
        if velocity != 0 {
            mSplineDuration = base.getSplineFlingDuration(velocity)
            mDuration = mSplineDuration
            totalDistance = base.getSplineFlingDistance(velocity)
        }
        mSplineDistance = OverScrollerPort.int(totalDistance * Double(Self.signum(Float(velocity))))
        mFinal = start + mSplineDistance
        if mFinal < min { adjustDuration(mStart, mFinal, min); mFinal = min }
        if mFinal > max { adjustDuration(mStart, mFinal, max); mFinal = max }
    }

    mutating func startSpringback(_ start: Int32, _ end: Int32, _ velocity: Int32) {
        mFinished = false
        mState = Self.CUBIC
        mStart = start
        mCurrentPosition = start
        mFinal = end
        let delta = start - end
        mDeceleration = Self.getDeceleration(delta)
        mVelocity = -delta
        mOver = abs(delta)
        mDuration = OverScrollerPort.int(1000.0 * (-2.0 * Double(delta) / Double(mDeceleration)).squareRoot())
    }

    mutating func onEdgeReached() {
        let velocitySquared: Float = Float(mVelocity) * Float(mVelocity)
        var distance: Float = velocitySquared / (2.0 * abs(mDeceleration))
        let sign = Self.signum(Float(mVelocity))
        if distance > Float(mOver) {
            mDeceleration = -sign * velocitySquared / (2.0 * Float(mOver))
            distance = Float(mOver)
        }
        mOver = Int32(distance)
        mState = Self.BALLISTIC
        mFinal = mStart + Int32(mVelocity > 0 ? distance : -distance)
        mDuration = -Int32(1000.0 * Float(mVelocity) / mDeceleration)
    }

    mutating func continueWhenFinished() -> Bool {
        switch mState {
        case Self.SPLINE:
            if mDuration < mSplineDuration {
                mStart = mFinal
                mCurrentPosition = mFinal
                mVelocity = Int32(mCurrVelocity)
                mDeceleration = Self.getDeceleration(mVelocity)
                mStartTime += Int64(mDuration)
                onEdgeReached()
            } else {
                return false
            }
        case Self.BALLISTIC:
            mStartTime += Int64(mDuration)
            startSpringback(mFinal, mStart, 0)
        default:
            return false
        }
        _ = update()
        return true
    }

    mutating func update() -> Bool {
        let currentTime = now - mStartTime
        if currentTime == 0 { return mDuration > 0 }
        if currentTime > Int64(mDuration) { return false }
        var distance = 0.0
        switch mState {
        case Self.SPLINE:
            let t: Float = Float(currentTime) / Float(mSplineDuration)
            let index = Int32(Float(OverScrollerPort.NB_SAMPLES) * t)
            var distanceCoef: Float = 1.0
            var velocityCoef: Float = 0.0
            if index < OverScrollerPort.NB_SAMPLES {
                let t_inf: Float = Float(index) / Float(OverScrollerPort.NB_SAMPLES)
                let t_sup: Float = Float(index + 1) / Float(OverScrollerPort.NB_SAMPLES)
                let d_inf: Float = OverScrollerPort.tables.0[Int(index)]
                let d_sup: Float = OverScrollerPort.tables.0[Int(index) + 1]
                velocityCoef = (d_sup - d_inf) / (t_sup - t_inf)
                distanceCoef = d_inf + (t - t_inf) * velocityCoef
            }
            distance = Double(distanceCoef * Float(mSplineDistance))
            mCurrVelocity = velocityCoef * Float(mSplineDistance) / Float(mSplineDuration) * 1000.0
        case Self.BALLISTIC:
            let t: Float = Float(currentTime) / 1000.0
            mCurrVelocity = Float(mVelocity) + mDeceleration * t
            distance = Double(Float(mVelocity) * t + mDeceleration * t * t / 2.0)
        default:
            let t: Float = Float(currentTime) / Float(mDuration)
            let t2: Float = t * t
            let sign = Self.signum(Float(mVelocity))
            distance = Double(sign * Float(mOver) * (3.0 * t2 - 2.0 * t * t2))
            mCurrVelocity = sign * Float(mOver) * 6.0 * (-t + t2)
        }
        mCurrentPosition = mStart + Int32((distance + 0.5).rounded(.down))  // (int) Math.round(distance)
        return true
    }

    mutating func finish() {
        mCurrentPosition = mFinal
        mFinished = true
    }

    /// `OverScroller.computeScrollOffset()`, FLING_MODE, this axis only.
    mutating func computeScrollOffset() -> Bool {
        if mFinished { return false }
        if !update() {
            if !continueWhenFinished() { finish() }
        }
        return true
    }
}


/// `packages/flutter/lib/src/widgets/scroll_physics.dart` `BouncingScrollPhysics`
/// (`decelerationRate` normal): `frictionFactor`, `applyPhysicsToUserOffset`, `_applyFriction`,
/// and `ScrollPosition.applyUserOffset`'s `setPixels(pixels - physics.applyPhysicsToUserOffset(
/// this, delta))`, for a trailing edge at `maxScrollExtent`.
private struct BouncingDragPort {
    var pixels: Double
    let minScrollExtent: Double, maxScrollExtent: Double, viewportDimension: Double
    var outOfRange: Bool { pixels < minScrollExtent || pixels > maxScrollExtent }

    func frictionFactor(_ overscrollFraction: Double) -> Double { pow(1 - overscrollFraction, 2) * 0.52 }

    static func _applyFriction(_ extentOutside: Double, _ absDelta: Double, _ gamma: Double) -> Double {
        var absDelta = absDelta
        var total = 0.0
        if extentOutside > 0 {
            let deltaToLimit = extentOutside / gamma
            if absDelta < deltaToLimit { return absDelta * gamma }
            total += extentOutside
            absDelta -= deltaToLimit
        }
        return total + absDelta
    }

    func applyPhysicsToUserOffset(_ offset: Double) -> Double {
        if !outOfRange { return offset }
        let overscrollPastStart = max(minScrollExtent - pixels, 0.0)
        let overscrollPastEnd = max(pixels - maxScrollExtent, 0.0)
        let overscrollPast = max(overscrollPastStart, overscrollPastEnd)
        let easing = (overscrollPastStart > 0.0 && offset < 0.0) || (overscrollPastEnd > 0.0 && offset > 0.0)
        let friction = easing
            ? frictionFactor((overscrollPast - abs(offset)) / viewportDimension)
            : frictionFactor(overscrollPast / viewportDimension)
        let direction: Double = offset > 0 ? 1 : (offset < 0 ? -1 : 0)
        return direction * Self._applyFriction(overscrollPast, abs(offset), friction)
    }

    mutating func applyUserOffset(_ delta: Double) { pixels = pixels - applyPhysicsToUserOffset(delta) }
}

@Suite struct EdgeFlingTests {
    static let velocities: [Double] = [800, 3000, 8000, 20_000, -800, -3000, -8000, -20_000]
    static let extents: [Double] = [40, 300, 2000]

    /// Flutter: every frame at 60 and 120 Hz, the hand-off and the stop frame against the port
    /// of BouncingScrollSimulation, for device pixel ratios 1 and 3.
    @Test(arguments: velocities, extents)
    func flutterMatchesBouncingScrollSimulation(velocity: Double, extent: Double) throws {
        for ratio in [1.0, 3.0] {
            let model = try EdgeFling(platform: .flutterBouncing, velocity: velocity, extent: extent, density: ratio)
            let port = BouncingScrollSimulationPort(
                position: 0, velocity: velocity, leadingExtent: velocity < 0 ? -extent : 0,
                trailingExtent: velocity > 0 ? extent : 0, devicePixelRatio: ratio)
            for hz in [60, 120] {
                let run = model.run(hz: hz)
                var portFrames: [Double] = []
                for k in 0..<100_000 {
                    let t = Double(k) / Double(hz)
                    portFrames.append(port.x(t))
                    if port.isDone(t) { break }
                }
                #expect(run.frames.count == portFrames.count)
                for (frame, x) in zip(run.frames, portFrames) {
                    #expect(abs(frame.position - x) <= 1e-9 * max(extent, 1), "\(hz) Hz frame \(frame.index)")
                }
                if port._springTime.isFinite {
                    let handOff = try #require(run.handOff)
                    #expect(abs(handOff.time - port._springTime) <= 1e-12)
                    #expect(abs(handOff.speedBefore - port._frictionSimulation.dx(port._springTime)) <= 1e-9 * abs(velocity))
                    #expect(abs(handOff.speedAfter - (port._springSimulation?.dx(0) ?? .nan)) <= 1e-9 * abs(velocity))
                } else {
                    #expect(run.handOff == nil)
                }
            }
        }
    }

    /// The source's `math.min(dx, maxSpringTransferVelocity)` caps only positive speeds: a fast
    /// fling into the trailing edge arrives at 5000 logical px/s, one into the leading edge keeps
    /// its speed, and the trailing run overshoots less.
    @Test func flutterCapsOnlyTheTrailingEdge() throws {
        let forward = try EdgeFling(platform: .flutterBouncing, velocity: 12_000, extent: 100).run(hz: 120)
        let backward = try EdgeFling(platform: .flutterBouncing, velocity: -12_000, extent: 100).run(hz: 120)
        let f = try #require(forward.handOff), b = try #require(backward.handOff)
        #expect(f.speedAfter == 5000 && !f.isContinuous)
        #expect(b.isContinuous && b.speedAfter < -5000)
        #expect(forward.overshoot < backward.overshoot)
    }

    /// The overshoot and its time against the overdamped closed form: a spring from the edge
    /// with velocity v has x(t) = v/(r₂ − r₁)·(e^(r₂t) − e^(r₁t)), at its largest where
    /// e^((r₂−r₁)t) = r₁/r₂.
    @Test(arguments: [FlingPlatform.uikit, .uikitFast, .flutterBouncing], [600.0, 3000, -4000])
    func overshootMatchesTheClosedForm(platform: FlingPlatform, velocity: Double) throws {
        let model = try EdgeFling(platform: platform, velocity: velocity, extent: 20)
        let run = model.run(hz: 60)
        let handOff = try #require(run.handOff)
        let m = 0.5, k = 100.0, c = 1.1 * 2 * (m * k).squareRoot()
        let r1 = (-c - (c * c - 4 * m * k).squareRoot()) / (2 * m)
        let r2 = (-c + (c * c - 4 * m * k).squareRoot()) / (2 * m)
        let turn = log(r1 / r2) / (r2 - r1)
        let peak = abs(handOff.speedAfter / (r2 - r1) * (exp(r2 * turn) - exp(r1 * turn)))
        #expect(abs(run.peakTime - handOff.time - turn) <= 1e-9)
        #expect(abs(run.overshoot - peak) <= 1e-9 * peak)
    }

    /// UIKit (the model): the velocity carries across whole, the per-millisecond offset is at
    /// the edge at the hand-off, and it is at rest within 0.5 pt of the edge.
    @Test(arguments: [500.0, 2000, 9000, -2000], [10.0, 250])
    func uikitHandsOverContinuously(velocity: Double, extent: Double) throws {
        let model = try EdgeFling(platform: .uikit, velocity: velocity, extent: extent)
        let run = model.run(hz: 120)
        let deceleration = try UIKitDeceleration(velocity: velocity, rate: UIKitDeceleration.normalRate)
        guard abs(deceleration.distance) > extent else {
            #expect(run.handOff == nil)
            return
        }
        let handOff = try #require(run.handOff)
        #expect(handOff.isContinuous)
        #expect(abs(deceleration.state(atMilliseconds: handOff.time * 1000).position - model.edge) <= 1e-9 * extent)
        #expect(abs(deceleration.state(atMilliseconds: handOff.time * 1000 - 1e-6).velocity - handOff.speedBefore) <= 1e-9 * abs(velocity))
        let last = try #require(run.frames.last)
        #expect(last.position == model.edge && last.velocity == 0)
        #expect(run.settleTime > run.peakTime && run.peakTime > handOff.time)
    }

    /// Android: every frame's whole-pixel position, the carried int velocity, the overshoot and
    /// the end of the spring-back against the port of OverScroller, at 60, 90 and 120 Hz.
    @Test(arguments: velocities, extents)
    func androidMatchesOverScroller(velocity: Double, extent: Double) throws {
        for (density, over) in [(1.0, 400.0), (2.625, 60.0), (3, 0)] {
            let model = try EdgeFling(platform: .android, velocity: velocity, extent: extent, over: over, density: density, androidEdge: .springBack)
            for hz in [60, 90, 120] {
                let run = model.run(hz: hz)
                var port = SplineOverScrollerPort(density: Float(density))
                let edge = Int32(velocity < 0 ? -extent : extent)
                port.fling(0, Int32(velocity), min(0, edge), max(0, edge), Int32(over))
                var positions: [Double] = []
                var carried: Int32?
                for k in 0..<100_000 {
                    port.now = Int64((Double(k) * 1000 / Double(hz)).rounded(.down))
                    let state = port.mState
                    let active = port.computeScrollOffset() && !port.mFinished
                    if state == SplineOverScrollerPort.SPLINE, port.mState == SplineOverScrollerPort.BALLISTIC {
                        carried = port.mVelocity
                    }
                    positions.append(Double(port.mCurrentPosition))
                    if !active { break }
                }
                #expect(run.frames.map(\.position) == positions, "\(hz) Hz")
                if let carried {
                    let handOff = try #require(run.handOff)
                    #expect(handOff.speedAfter == Double(carried))
                    #expect(handOff.edge == Double(edge))
                } else {
                    #expect(run.handOff == nil)
                }
            }
        }
    }

    /// A fling that stops short of the edge runs exactly as the plain fling does.
    @Test(arguments: [FlingPlatform.uikit, .flutterBouncing, .android])
    func shortFlingIgnoresTheEdge(platform: FlingPlatform) throws {
        let edge = try EdgeFling(platform: platform, velocity: 500, extent: 5000)
        let plain = try Fling(platform: platform, velocity: 500)
        let run = edge.run(hz: 60)
        #expect(run.handOff == nil && run.overshoot == 0)
        // The same offsets frame for frame (UIKit's to an ulp: k/hz·1000 against k·1000/hz); the stop may fall one frame apart (Android's
        // scroller stops at the first frame past its duration, the plain fling at or past it).
        let plainFrames = plain.frames(hz: 60)
        #expect(abs(run.frames.count - plainFrames.count) <= 1)
        for (a, b) in zip(run.frames, plainFrames) { #expect(abs(a.position - b.position) <= 1e-12 * 500) }
    }

    /// Flutter's pull: the content past the edge after the finger's events, against the port
    /// fed event by event (a drag up is a negative user offset), and the spring back against
    /// ScrollSpringSimulation frame by frame.
    @Test(arguments: [(30.0, 800.0, 1.0), (100, 800, 1), (100, 800, 7), (400, 600, 2.5), (2000, 844, 1), (0.5, 800, 0.5)])
    func flutterPullMatchesApplyPhysicsToUserOffset(pull: Double, viewport: Double, step: Double) throws {
        var port = BouncingDragPort(pixels: 0, minScrollExtent: -1000, maxScrollExtent: 0, viewportDimension: viewport)
        var remaining = pull
        while remaining > 0 {
            let delta = min(step, remaining)
            remaining -= delta
            port.applyUserOffset(-delta)
        }
        for velocity in [0.0, 900, -1500] {
            let model = try OverscrollPull(platform: .flutterBouncing, pull: pull, viewport: viewport, velocity: velocity, step: step, density: 2)
            #expect(abs(model.displacement - port.pixels) <= 1e-9 * max(pull, 1))
            let spring = ScrollSpringSimulationPort(mass: 0.5, stiffness: 100, ratio: 1.1, start: port.pixels, end: 0, velocity: velocity,
                                                    toleranceDistance: 0.5, toleranceVelocity: 10)
            let frames = model.frames(hz: 120)
            for frame in frames {
                #expect(abs(frame.position - spring.x(frame.time)) <= 1e-9 * max(pull, 1), "frame \(frame.index)")
            }
            #expect(spring.isDone(try #require(frames.last).time))
            #expect(frames.count == 1 || !spring.isDone(frames[frames.count - 2].time))
        }
    }

    /// UIKit's pull is the rubber band's closed form, (1 − 1/(x·c/d + 1))·d, and comes back to
    /// the edge.
    @Test(arguments: [1.0, 55, 300, 5000], [320.0, 800])
    func uikitPullIsTheRubberBand(pull: Double, viewport: Double) throws {
        let model = try OverscrollPull(platform: .uikit, pull: pull, viewport: viewport)
        let expected = (1 - 1 / (pull * 0.55 / viewport + 1)) * viewport
        #expect(abs(model.displacement - expected) <= 1e-12 * viewport)
        let last = try #require(model.frames(hz: 60).last)
        #expect(last.position == 0 && last.velocity == 0)
        #expect(abs(try #require(model.motion).position(at: model.returnTime)) <= 0.5 + 1e-9)
    }

    @Test func pullRefusals() {
        #expect(throws: SpringError.self) { try OverscrollPull(platform: .chrome, pull: 10) }
        for pull in [0.0, -1, .nan, 2e6] {
            #expect(throws: SpringError.self) { try OverscrollPull(platform: .uikit, pull: pull) }
        }
        #expect(throws: SpringError.self) { try OverscrollPull(platform: .uikit, pull: 10, viewport: 0) }
        #expect(throws: SpringError.self) { try OverscrollPull(platform: .flutterBouncing, pull: 10, step: 0.001) }
        #expect(throws: SpringError.self) { try OverscrollPull(platform: .flutterBouncing, pull: 10, velocity: .infinity) }
    }

    @Test func badInputIsRefused() {
        #expect(throws: SpringError.self) { try EdgeFling(platform: .flutter, velocity: 1000, extent: 10) }
        #expect(throws: SpringError.self) { try EdgeFling(platform: .chrome, velocity: 1000, extent: 10) }
        for extent in [0.0, -5, .nan, .infinity, 2e7] {
            #expect(throws: SpringError.self) { try EdgeFling(platform: .uikit, velocity: 1000, extent: extent) }
        }
        for over in [-1.0, .nan, .infinity] {
            #expect(throws: SpringError.self) { try EdgeFling(platform: .android, velocity: 1000, extent: 10, over: over) }
        }
    }
}
