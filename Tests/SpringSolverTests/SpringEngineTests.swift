import Foundation
import Testing

@testable import SpringSolver

// MARK: - Literal ports of the engines' sources, written plainly and apart from the models.

/// rebound-js 0.1.0, `src/Spring.js` (`advance`, `_interpolate`) and `src/SpringSystem.js`
/// (`loop`, `advance`), transcribed statement by statement (one spring, no listeners, no rest).
final class ReboundPort {
    struct PhysicsState {
        var position = 0.0
        var velocity = 0.0
    }
    static let MAX_DELTA_TIME_SEC = 0.064
    static let SOLVER_TIMESTEP_SEC = 0.001
    var _currentState = PhysicsState()
    var _previousState = PhysicsState()
    var _tempState = PhysicsState()
    var _timeAccumulator = 0.0
    var _endValue: Double
    let tension: Double
    let friction: Double
    var _lastTimeMillis = -1.0

    init(tension: Double, friction: Double, start: Double, end: Double, velocity: Double) {
        self.tension = tension
        self.friction = friction
        // setCurrentValue(start) → setAtRest(); then setEndValue(end), setVelocity(velocity).
        _currentState.position = start
        _tempState.position = start
        _currentState.velocity = 0
        _endValue = end
        _currentState.velocity = velocity
    }

    /// `SpringSystem.loop(currentTimeMillis)`.
    func loop(_ currentTimeMillis: Double) {
        if _lastTimeMillis == -1 {
            _lastTimeMillis = currentTimeMillis - 1
        }
        let ellapsedMillis = currentTimeMillis - _lastTimeMillis
        _lastTimeMillis = currentTimeMillis
        advance(currentTimeMillis / 1000.0, ellapsedMillis / 1000.0)
    }

    /// `Spring.advance(time, realDeltaTime)`.
    func advance(_ time: Double, _ realDeltaTime: Double) {
        var adjustedDeltaTime = realDeltaTime
        if realDeltaTime > Self.MAX_DELTA_TIME_SEC {
            adjustedDeltaTime = Self.MAX_DELTA_TIME_SEC
        }
        _timeAccumulator += adjustedDeltaTime
        var position = _currentState.position
        var velocity = _currentState.velocity
        var tempPosition = _tempState.position
        var tempVelocity = _tempState.velocity
        var aVelocity, aAcceleration, bVelocity, bAcceleration, cVelocity, cAcceleration, dVelocity, dAcceleration, dxdt, dvdt: Double
        while _timeAccumulator >= Self.SOLVER_TIMESTEP_SEC {
            _timeAccumulator -= Self.SOLVER_TIMESTEP_SEC
            if _timeAccumulator < Self.SOLVER_TIMESTEP_SEC {
                _previousState.position = position
                _previousState.velocity = velocity
            }
            aVelocity = velocity
            aAcceleration = tension * (_endValue - tempPosition) - friction * velocity
            tempPosition = position + aVelocity * Self.SOLVER_TIMESTEP_SEC * 0.5
            tempVelocity = velocity + aAcceleration * Self.SOLVER_TIMESTEP_SEC * 0.5
            bVelocity = tempVelocity
            bAcceleration = tension * (_endValue - tempPosition) - friction * tempVelocity
            tempPosition = position + bVelocity * Self.SOLVER_TIMESTEP_SEC * 0.5
            tempVelocity = velocity + bAcceleration * Self.SOLVER_TIMESTEP_SEC * 0.5
            cVelocity = tempVelocity
            cAcceleration = tension * (_endValue - tempPosition) - friction * tempVelocity
            tempPosition = position + cVelocity * Self.SOLVER_TIMESTEP_SEC
            tempVelocity = velocity + cAcceleration * Self.SOLVER_TIMESTEP_SEC
            dVelocity = tempVelocity
            dAcceleration = tension * (_endValue - tempPosition) - friction * tempVelocity
            dxdt = 1.0 / 6.0 * (aVelocity + 2.0 * (bVelocity + cVelocity) + dVelocity)
            dvdt = 1.0 / 6.0 * (aAcceleration + 2.0 * (bAcceleration + cAcceleration) + dAcceleration)
            position += dxdt * Self.SOLVER_TIMESTEP_SEC
            velocity += dvdt * Self.SOLVER_TIMESTEP_SEC
        }
        _tempState.position = tempPosition
        _tempState.velocity = tempVelocity
        _currentState.position = position
        _currentState.velocity = velocity
        if _timeAccumulator > 0 {
            _interpolate(_timeAccumulator / Self.SOLVER_TIMESTEP_SEC)
        }
    }

    func _interpolate(_ alpha: Double) {
        _currentState.position = _currentState.position * alpha + _previousState.position * (1 - alpha)
        _currentState.velocity = _currentState.velocity * alpha + _previousState.velocity * (1 - alpha)
    }
}

/// react-spring: `packages/rafz/src/index.ts` (`start`, `update`) and
/// `packages/core/src/SpringValue.ts` (`advance`, the spring branch), one value, no bounce.
final class ReactSpringPort {
    // rafz
    var ts = -1.0
    // the animated node and config
    var lastPosition: Double
    var lastVelocity: Double?
    var v0: Double
    var elapsedTime = 0.0
    let from: Double, to: Double
    let tension: Double, friction: Double, mass: Double
    let configPrecision: Double

    init(tension: Double, friction: Double, mass: Double, from: Double, to: Double, velocity: Double, precision: Double) {
        self.tension = tension
        self.friction = friction
        self.mass = mass
        self.from = from
        self.to = to
        lastPosition = from
        v0 = velocity
        configPrecision = precision
        // start(): ts = 0 until the first frame.
        if ts < 0 { ts = 0 }
    }

    /// rafz `update()`, with `raf.now()` returning `now`.
    func update(now: Double) {
        let prevTs = ts
        ts = now
        advance(prevTs != 0 ? min(64, ts - prevTs) : 16.667)
    }

    func advance(_ dt: Double) {
        var finished = false
        var position = lastPosition
        elapsedTime += dt
        let precision = configPrecision != 0 ? configPrecision : (from == to ? 0.005 : min(1, abs(to - from) * 0.001))
        var velocity = lastVelocity == nil ? v0 : lastVelocity!
        let restVelocity = precision / 10
        let step = 1.0
        let numSteps = Int(ceil(dt / step))
        var n = 0
        while n < numSteps {
            let isMoving = abs(velocity) > restVelocity
            if !isMoving {
                finished = abs(to - position) <= precision
                if finished { break }
            }
            let springForce = -tension * 0.000001 * (position - to)
            let dampingForce = -friction * 0.001 * velocity
            let acceleration = (springForce + dampingForce) / mass
            velocity = velocity + acceleration * step
            position = position + velocity * step
            n += 1
        }
        lastVelocity = velocity
        lastPosition = position
    }
}

/// Compose: `FloatSpringSpec.getValueFromNanos` (`FloatAnimationSpec.kt`) and
/// `SpringSimulation.updateValues` (`SpringSimulation.kt`), Kotlin's Float and Double kept apart.
final class ComposePort {
    // SpringSimulation
    var naturalFreq: Double
    var dampingRatio: Float
    var finalPosition: Float = 1

    init(dampingRatio: Float, stiffness: Float) {
        self.dampingRatio = dampingRatio
        naturalFreq = Double(stiffness).squareRoot()
    }

    func getValueFromNanos(_ playTimeNanos: Int64, _ initialValue: Float, _ targetValue: Float, _ initialVelocity: Float) -> Float {
        let playTimeMillis = playTimeNanos / 1_000_000
        finalPosition = targetValue
        return updateValues(initialValue, initialVelocity, playTimeMillis).value
    }

    func updateValues(_ lastDisplacement: Float, _ lastVelocity: Float, _ timeElapsed: Int64) -> (value: Float, velocity: Float) {
        let adjustedDisplacement: Float = lastDisplacement - finalPosition
        let deltaT: Double = Double(timeElapsed) / 1000.0
        let dampingRatioSquared: Double = Double(dampingRatio) * Double(dampingRatio)
        let r: Double = Double(-dampingRatio) * naturalFreq
        let displacement: Double
        let currentVelocity: Double
        if dampingRatio > 1 {
            let s = naturalFreq * sqrt(dampingRatioSquared - 1)
            let gammaPlus = r + s
            let gammaMinus = r - s
            let coeffB = (gammaMinus * Double(adjustedDisplacement) - Double(lastVelocity)) / (gammaMinus - gammaPlus)
            let coeffA = Double(adjustedDisplacement) - coeffB
            displacement = coeffA * exp(gammaMinus * deltaT) + coeffB * exp(gammaPlus * deltaT)
            currentVelocity = coeffA * gammaMinus * exp(gammaMinus * deltaT) + coeffB * gammaPlus * exp(gammaPlus * deltaT)
        } else if dampingRatio == 1.0 {
            let coeffA = Double(adjustedDisplacement)
            let coeffB = Double(lastVelocity) + naturalFreq * Double(adjustedDisplacement)
            let nFdT = -naturalFreq * deltaT
            displacement = (coeffA + coeffB * deltaT) * exp(nFdT)
            currentVelocity = ((coeffA + coeffB * deltaT) * exp(nFdT) * (-naturalFreq)) + coeffB * exp(nFdT)
        } else {
            let dampedFreq = naturalFreq * sqrt(1 - dampingRatioSquared)
            let cosCoeff = adjustedDisplacement
            let sinCoeff = (1 / dampedFreq) * ((-r * Double(adjustedDisplacement)) + Double(lastVelocity))
            let dFdT = dampedFreq * deltaT
            displacement = exp(r * deltaT) * (Double(cosCoeff) * cos(dFdT) + sinCoeff * sin(dFdT))
            currentVelocity = displacement * r + exp(r * deltaT) * (-dampedFreq * Double(cosCoeff) * sin(dFdT) + dampedFreq * sinCoeff * cos(dFdT))
        }
        return (Float(displacement + Double(finalPosition)), Float(currentVelocity))
    }
}

// MARK: - The models against the ports.

/// Each engine model against the literal port of its source over a matrix of clocks and rates,
/// and each scheme on a case computable by hand.
@Suite struct SpringEngineTests {
    let motion = try! SpringMotion(spring: try! DampedSpring(mass: 1, stiffness: 200, damping: 20), from: 0, to: 100)
    /// The menu's show spring shape with an initial velocity, mass ≠ 1 and a far start, so every
    /// term of each port is exercised.
    static let springs: [SpringMotion<Double>] = [
        try! SpringMotion(spring: try! DampedSpring(mass: 1, stiffness: 200, damping: 20), from: 0, to: 100),
        try! SpringMotion(spring: try! DampedSpring(mass: 2, stiffness: 300, damping: 12), from: 667, to: 459, initialVelocity: -800),
        try! SpringMotion(spring: try! DampedSpring(mass: 1, stiffness: 100, damping: 20), from: 10, to: -5, initialVelocity: 30),
        try! SpringMotion(spring: try! DampedSpring(mass: 1, stiffness: 100, damping: 40), from: 0, to: 1),
    ]

    /// Callback times, seconds: regular 60 and 120 Hz from an origin off the millisecond grid,
    /// and an irregular seeded sequence (intervals 4…40 ms, some past rafz's and Rebound's
    /// 64 ms clamp).
    static func clocks(_ rate: String) -> [Double] {
        let origin = 1234.56789
        switch rate {
        case "60": return (0..<90).map { origin + Double($0) / 60 }
        case "120": return (0..<180).map { origin + Double($0) / 120 }
        default:
            var state: UInt64 = 21  // a seeded LCG (Knuth's MMIX constants)
            var t = origin
            var times: [Double] = []
            for k in 0..<120 {
                times.append(t)
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                let u = Double(state >> 11) * 0x1p-53
                t += k % 37 == 36 ? 0.07 + 0.03 * u : 0.004 + 0.036 * u
            }
            return times
        }
    }

    static let rates = ["60", "120", "irregular"]

    static func close(_ a: Double, _ b: Double) -> Bool { abs(a - b) <= 1e-12 * max(1, abs(b)) }

    @Test(arguments: springs.indices, rates)
    func reboundMatchesItsSourceOnDateNow(spring: Int, rate: String) {
        let motion = Self.springs[spring]
        var model = SpringEngineState(.rebound, motion: motion)
        let port = ReboundPort(
            tension: motion.spring.stiffnessPerMass, friction: motion.spring.dampingPerMass, start: motion.initialPosition,
            end: motion.target, velocity: motion.initialVelocity)
        for t in Self.clocks(rate) {
            let shown = model.advance(toClock: t)
            port.loop((t * 1000 + 1e-9).rounded(.down))  // Date.now(): whole milliseconds
            #expect(Self.close(shown, port._currentState.position), "t \(t)")
        }
    }

    @Test(arguments: BrowserTimer.allCases, rates)
    func reboundMasterMatchesItsSourceOnPerformanceNow(browser: BrowserTimer, rate: String) {
        let motion = Self.springs[1]
        var model = SpringEngineState(.reboundPerformanceNow, motion: motion, browser: browser)
        let port = ReboundPort(
            tension: motion.spring.stiffnessPerMass, friction: motion.spring.dampingPerMass, start: motion.initialPosition,
            end: motion.target, velocity: motion.initialVelocity)
        for t in Self.clocks(rate) {
            let shown = model.advance(toClock: t)
            port.loop(browser.performanceNow(t))
            #expect(Self.close(shown, port._currentState.position), "t \(t)")
        }
    }

    @Test(arguments: BrowserTimer.allCases, rates)
    func reactSpringMatchesItsSource(browser: BrowserTimer, rate: String) {
        for motion in Self.springs {
            var model = SpringEngineState(.reactSpring, motion: motion, browser: browser)
            // A precision of 1e-300 keeps the port's rest check from stopping it (the model
            // leaves rest to Flightline's own settle rule).
            let port = ReactSpringPort(
                tension: motion.spring.stiffness, friction: motion.spring.damping, mass: motion.spring.mass,
                from: motion.initialPosition, to: motion.target, velocity: motion.initialVelocity / 1000, precision: 1e-300)
            for t in Self.clocks(rate) {
                let shown = model.advance(toClock: t)
                port.update(now: browser.performanceNow(t))
                #expect(Self.close(shown, port.lastPosition), "t \(t)")
            }
        }
    }

    @Test(arguments: rates)
    func composeMatchesItsSourceExactlyInFloat(rate: String) {
        for motion in Self.springs {
            var model = SpringEngineState(.compose, motion: motion)
            let port = ComposePort(dampingRatio: Float(motion.spring.dampingRatio), stiffness: Float(motion.spring.stiffnessPerMass))
            let clocks = Self.clocks(rate)
            let start = Int64((clocks[0] * 1e9).rounded())
            for t in clocks {
                let shown = model.advance(toClock: t)
                let frameTimeNanos = Int64((t * 1e9).rounded())
                let expected = port.getValueFromNanos(
                    frameTimeNanos - start, Float(motion.initialPosition), Float(motion.target), Float(motion.initialVelocity))
                #expect(Float(shown) == expected, "t \(t)")
                #expect(Double(Float(shown)) == shown)
            }
        }
    }

    @Test func timersCoarsenAsTheBrowsersDo() {
        // 16.6789 ms read at 100 µs, 5 µs and 1 ms.
        #expect(abs(BrowserTimer.chrome.performanceNow(0.0166789) - 16.6) < 1e-9)
        #expect(abs(BrowserTimer.chromeIsolated.performanceNow(0.0166789) - 16.675) < 1e-9)
        #expect(BrowserTimer.firefox.performanceNow(0.0166789) == 16)
        #expect(BrowserTimer.safari.performanceNow(0.0166789) == 16)
        #expect(BrowserTimer.ideal.performanceNow(0.0166789) == 0.0166789 * 1000)
    }

    /// Advances `engine` over `frames` frames at `hz` and returns its state.
    func run(_ engine: SpringEngine, hz: Double, frames: Int, browser: BrowserTimer = .chrome) -> SpringEngineState {
        var state = SpringEngineState(engine, motion: motion, browser: browser)
        for k in 0..<frames { state.advance(toClock: Double(k) / hz) }
        return state
    }

    @Test func theNaiveLoopRunsTwiceAsFastAt120Hz() {
        let state = run(.naiveTick, hz: 120, frames: 121)
        // 120 ticks of 1/60 s: 2 s of spring in 1 s of display.
        #expect(abs(state.shownTime - 2) < 1e-12)
        #expect(abs(state.position - motion.position(at: 2)) < 1e-9)
        #expect(abs(run(.naiveTick, hz: 60, frames: 61).shownTime - 1) < 1e-12)
    }

    @Test(arguments: [(60.0, 17), (120.0, 9)])
    func reactSpringOnChromeRoundsEachFrameUpToWholeMilliseconds(hz: Double, stepsPerFrame: Int) {
        // ceil(16.6 or 16.7) = 17 and ceil(8.3 or 8.4) = 9 steps a frame, and 17 on the first
        // frame (rafz's 16.667): +2 % and +8 % on Chrome's 100 µs clock.
        let state = run(.reactSpring, hz: hz, frames: Int(hz) + 1)
        #expect(abs(state.shownTime - Double(17 + Int(hz) * stepsPerFrame) / 1000) < 1e-12)
    }

    @Test(arguments: [60.0, 120.0])
    func reactSpringOnAMillisecondClockKeepsRealTime(hz: Double) {
        // Whole-ms readings: the ceil of a whole number is itself; 1 s of frames runs 1 s (and
        // the first frame's 17 ms).
        let state = run(.reactSpring, hz: hz, frames: Int(hz) + 1, browser: .firefox)
        #expect(abs(state.shownTime - 1.017) < 1e-12)
    }

    @Test func reactSpringStepIsSemiImplicitEulerInMilliseconds() {
        // The first frame: 17 steps of 1 ms from rest at x₀ = −100 (from 0 to 100); one step
        // by hand: v₁ = −k·10⁻⁶·x₀, x₁ = x₀ + v₁ (ms units).
        var x = -100.0, v = 0.0
        for _ in 0..<17 {
            v += (-200 * 1e-6 * x - 20 * 1e-3 * v) / 1
            x += v
        }
        var state = SpringEngineState(.reactSpring, motion: motion)
        #expect(abs(state.advance(toClock: 5) - (100 + x)) < 1e-12)
    }

    @Test func reboundFirstFrameIsOneMillisecondAndClampsAHitchTo64() {
        var state = SpringEngineState(.rebound, motion: motion)
        state.advance(toClock: 0)
        // `loop` starts with an elapsed 1 ms: one RK4 step, no remainder.
        #expect(abs(state.shownTime - 0.001) < 1e-15)
        state.advance(toClock: 0.1)
        // 100 ms elapsed, clamped to 64, and 64 steps of 1 ms taken from the accumulator: in
        // binary 0.064 − 64 × 0.001 leaves a crumb of ~1e-17 s, so `_interpolate` runs with
        // α ≈ 1e-14 and writes back the state before the last step: 64 ms shown, not 65.
        #expect(abs(state.shownTime - 0.064) < 1e-12)
        // RK4 at 1 ms steps (its first stage read one stage late): ~1e-6 pt off the closed form.
        #expect(abs(state.position - motion.position(at: 0.064)) < 1e-4)
    }

    @Test func reboundWriteBackLosesTheUnfinishedStep() {
        // On an exact clock, 2.5 ms after 1 ms: steps to 3 ms with 0.5 ms left, then the state
        // is written back halfway between 2 and 3 ms: 2.5 ms shown — and the 0.5 ms stays in
        // the accumulator, to be simulated again from there (time lost for good).
        var state = SpringEngineState(.reboundPerformanceNow, motion: motion, browser: .ideal)
        state.advance(toClock: 0)
        state.advance(toClock: 0.0025)
        #expect(abs(state.shownTime - 0.0025) < 1e-12)
        state.advance(toClock: 0.0050)
        // 0.5 + 2.5 = 3 steps from the 2.5 ms state: 5.5 ms, against the 6 ms (5 ms real plus
        // the first frame's 1 ms) a run without the write-back shows: 0.5 ms lost.
        #expect(abs(state.shownTime - 0.0055) < 1e-12)
    }

    @Test func composeEvaluatesWholeMilliseconds() {
        var state = SpringEngineState(.compose, motion: motion)
        state.advance(toClock: 0)
        let shown = state.advance(toClock: 0.0105)
        // The closed form at 10 ms (not 10.5), to Float precision (24 bits: 1e-5 of 100 pt).
        #expect(state.shownTime == 0.010)
        #expect(abs(shown - motion.position(at: 0.010)) < 1e-4)
        #expect(abs(shown - motion.position(at: 0.0105)) > 0.05)
    }

    @Test func theClosedFormIsExact() {
        let state = run(.closedForm, hz: 120, frames: 50)
        #expect(state.position == motion.position(at: 49.0 / 120))
    }
}
