import Foundation  // exp, cos, sin on Double (Compose's spring)

/// How common animation engines advance a spring from one frame to the next, given the time at
/// which each frame's callback runs. Each scheme follows the engine's published source, written
/// here from reading it (no code is copied); the source file and function are named on each
/// case, and `Tests/SpringSolverTests/SpringEngineTests.swift` checks each against a literal
/// step-by-step port of that source.
public enum SpringEngine: String, Sendable, CaseIterable {
    /// The exact motion at the clock's time since the first frame. Core Animation's
    /// `CASpringAnimation` evaluates its spring at the layer's media time; Framer Motion's `spring`
    /// generator (framer-motion `animation/generators/spring`) evaluates the closed form at the
    /// elapsed time; Android's `SpringAnimation` (androidx.dynamicanimation
    /// `SpringForce.updateValues`) advances value and velocity by the analytic solution over each
    /// frame's delta time, which composes to the same motion.
    case closedForm = "closed-form"
    /// react-spring v9 (pmndrs/react-spring, `packages/core/src/SpringValue.ts`, `advance`, driven
    /// by `packages/rafz/src/index.ts`, `update`): rafz reads `raf.now()` (`performance.now()`,
    /// coarsened by the browser: `BrowserTimer`) when its frame callback runs and passes
    /// `min(64, now − previous)` ms, or 16.667 ms on the first frame (the previous time is the 0
    /// `start()` left); `advance` then takes `ceil(dt)` steps of 1 ms of semi-implicit Euler in
    /// milliseconds: `a = (−tension·10⁻⁶·(x − to) − friction·10⁻³·v) / mass`, `v += a`, `x += v`.
    case reactSpring = "react-spring"
    /// Rebound as published (rebound-js 0.1.0 on npm; facebookarchive/rebound-js `src/Spring.js`,
    /// `advance` and `_interpolate`, driven by `src/SpringSystem.js`, `loop`): the looper passes
    /// `Date.now()` (whole milliseconds), the first frame's elapsed time is 1 ms (`loop` sets the
    /// last time to now − 1 when it is −1), each frame's elapsed time is clamped to 64 ms
    /// (`MAX_DELTA_TIME_SEC`) and accumulated; RK4 steps of 1 ms (`SOLVER_TIMESTEP_SEC`) run
    /// while the accumulator holds one, the first stage's acceleration read at the *previous*
    /// step's last stage position (`tempPosition`, as written there); a remainder α then
    /// *assigns* `previous·(1 − α) + current·α` to the current state, so each frame that leaves a
    /// remainder loses (1 − α) ms of simulated time for good. Rest detection is not modelled.
    case rebound
    /// The same Rebound after the repository's last commits (`src/Loopers.js`,
    /// `AnimationLooper.run`, commit 1aee6f2 "Use performance.now()'s high resolution time",
    /// unreleased): the looper passes `performance.now()`, so frame times are fractional to the
    /// browser's resolution and the write-back loses time on most frames.
    case reboundPerformanceNow = "rebound-master"
    /// Jetpack Compose (androidx `compose/animation/animation-core`: `FloatSpringSpec
    /// .getValueFromNanos` in `FloatAnimationSpec.kt`, `SpringSimulation.updateValues` in
    /// `SpringSimulation.kt`): the play time is the frame time in whole nanoseconds (a `Long`)
    /// minus the first frame's, divided down to whole milliseconds (`Long` division); the closed
    /// form from the start value then runs with `Float` inputs (stiffness, damping ratio, value,
    /// velocity, target) promoted to `Double` as Kotlin promotes them, and the result is rounded
    /// to `Float`.
    case compose
    /// A loop that adds a fixed 1/60 s per tick whatever the display's rate (the classic
    /// `x += v * (1.0 / 60)` game loop): at 120 Hz its spring runs twice as fast.
    case naiveTick = "naive-1/60"

    /// The engine the scheme stands for, for reports.
    public var engines: String {
        switch self {
        case .closedForm: "Core Animation, Framer Motion, Android SpringAnimation"
        case .reactSpring: "react-spring (performance.now(), ceil(dt) 1 ms semi-implicit Euler steps, dt ≤ 64 ms)"
        case .rebound: "Rebound 0.1.0 (Date.now(), 1 ms RK4, interpolated state written back, elapsed ≤ 64 ms)"
        case .reboundPerformanceNow: "Rebound master (the same with performance.now())"
        case .compose: "Jetpack Compose (whole-ms Long play time, Float spring)"
        case .naiveTick: "a loop adding 1/60 s per tick"
        }
    }
}

/// The resolution a browser coarsens `performance.now()` to, which react-spring's frame loop and
/// Rebound's master looper read.
///
/// Chrome: 100 µs, 5 µs in a cross-origin isolated page (MDN, "DOMHighResTimeStamp", Security
/// requirements; Chrome 91's change, developer.chrome.com "Aligning timers with cross origin
/// isolation restrictions"). Firefox: 1 ms by default (`privacy.reduceTimerPrecision`; MDN,
/// "Performance: now() method", Reduced time precision). Safari: 1 ms (WebKit, "What Spectre and
/// Meltdown Mean For WebKit", 2018). Chrome also adds jitter below its resolution; that is not
/// modelled. `ideal` is a clock read exactly (for regular fractional frame times).
public enum BrowserTimer: String, Sendable, CaseIterable {
    case chrome
    case chromeIsolated = "chrome-isolated"
    case firefox
    case safari
    case ideal

    /// The resolution, seconds; 0 for `ideal`.
    public var resolution: Double {
        switch self {
        case .chrome: 100e-6
        case .chromeIsolated: 5e-6
        case .firefox, .safari: 1e-3
        case .ideal: 0
        }
    }

    /// `performance.now()` in milliseconds at `seconds` on the page's clock: the time floored to
    /// the resolution.
    public func performanceNow(_ seconds: Double) -> Double {
        let milliseconds = seconds * 1000
        guard resolution > 0 else { return milliseconds }
        let step = resolution * 1000
        return (milliseconds / step + 1e-9).rounded(.down) * step
    }
}

/// One engine advancing one spring frame by frame.
public struct SpringEngineState: Sendable {
    public let engine: SpringEngine
    public let motion: SpringMotion<Double>
    /// The browser whose `performance.now()` react-spring and Rebound master read.
    public let browser: BrowserTimer
    /// The time the state shown stands for, seconds from the first frame: what the engine
    /// believes has elapsed. For Rebound, whose write-back blends two states, the same blend of
    /// their times.
    public private(set) var shownTime: Double = 0
    /// The position it shows now.
    public private(set) var position: Double
    /// Frames advanced.
    public private(set) var frames = 0

    // react-spring and Rebound: the integrated state (absolute position, velocity in the
    // engine's units) and, for Rebound, its previous and temporary states and their times.
    private var x: Double
    private var v: Double
    private var previousX: Double
    private var previousV: Double
    private var temporaryX: Double
    private var accumulator = 0.0
    private var previousTime = 0.0
    /// The last clock reading, in the engine's own unit (ms for the JS engines, ns for Compose,
    /// s otherwise); `nil` before the first frame.
    private var last: Double?
    private var firstNanos: Int64 = 0

    /// react-spring's and Rebound's fixed step, seconds.
    public static let substep = 0.001
    /// Rebound's clamp on one frame's elapsed time, seconds (`MAX_DELTA_TIME_SEC`).
    public static let reboundMaximumDelta = 0.064
    /// rafz's clamp on one frame's dt, ms, and its first frame's dt (`update`).
    public static let rafzMaximumDelta = 64.0
    public static let rafzFirstDelta = 16.667
    /// The naive loop's tick, seconds.
    public static let naiveTick = 1.0 / 60

    public init(_ engine: SpringEngine, motion: SpringMotion<Double>, browser: BrowserTimer = .chrome) {
        self.engine = engine
        self.motion = motion
        self.browser = browser
        position = motion.initialPosition
        x = motion.initialPosition
        // react-spring's velocity is in units per ms; Rebound's per second.
        v = engine == .reactSpring ? motion.initialVelocity / 1000 : motion.initialVelocity
        previousX = x
        previousV = v
        // `setCurrentValue` → `setAtRest` leaves the temporary position at the start.
        temporaryX = x
    }

    /// Shows the frame whose callback runs at `clock` seconds, and returns the position shown.
    /// The engine measures from its first frame; its timer (`Date.now()`, `performance.now()`,
    /// whole nanoseconds) coarsens the clock's own value, so the clock's origin sets the phase
    /// of the frames against the timer's grid.
    /// - Complexity: O(1) for the closed forms; O(dt / 1 ms) for react-spring and Rebound (at
    ///   most 64 steps a frame).
    @discardableResult
    public mutating func advance(toClock clock: Double) -> Double {
        defer { frames += 1 }
        switch engine {
        case .closedForm:
            let origin = last ?? clock
            if last == nil { last = clock }
            shownTime = clock - origin
            position = motion.position(at: shownTime)
        case .naiveTick:
            if last != nil { shownTime += Self.naiveTick }
            last = clock
            position = motion.position(at: shownTime)
        case .compose:
            let nanos = Self.nanoseconds(clock)
            if last == nil {
                firstNanos = nanos
                last = 0
            }
            let milliseconds = (nanos &- firstNanos) / 1_000_000
            shownTime = Double(milliseconds) / 1000
            position = Double(Self.composeValue(motion, playTimeMilliseconds: milliseconds))
        case .reactSpring:
            let now = browser.performanceNow(clock)
            let dt = last.map { min(Self.rafzMaximumDelta, now - $0) } ?? Self.rafzFirstDelta
            last = now
            reactSpringAdvance(milliseconds: dt)
        case .rebound, .reboundPerformanceNow:
            let now = engine == .rebound ? (clock * 1000 + 1e-9).rounded(.down) : browser.performanceNow(clock)
            let elapsed = now - (last ?? now - 1)
            last = now
            reboundAdvance(seconds: elapsed / 1000)
        }
        return position
    }

    /// `SpringValue.advance`'s spring branch for one frame of `dt` ms.
    private mutating func reactSpringAdvance(milliseconds dt: Double) {
        let spring = motion.spring, to = motion.target
        let steps = max(0, Int(clampedToInt(dt.rounded(.up))))
        for _ in 0..<steps {
            let springForce = -spring.stiffness * 0.000001 * (x - to)
            let dampingForce = -spring.damping * 0.001 * v
            let acceleration = (springForce + dampingForce) / spring.mass
            v = v + acceleration * 1
            x = x + v * 1
        }
        shownTime += Double(steps) * Self.substep
        position = x
    }

    /// `Spring.advance` for one frame of `realDeltaTime` seconds.
    private mutating func reboundAdvance(seconds realDeltaTime: Double) {
        let h = Self.substep
        let tension = motion.spring.stiffnessPerMass, friction = motion.spring.dampingPerMass
        let end = motion.target
        accumulator += realDeltaTime > Self.reboundMaximumDelta ? Self.reboundMaximumDelta : realDeltaTime
        var tempX = temporaryX
        while accumulator >= h {
            accumulator -= h
            if accumulator < h {
                previousX = x
                previousV = v
                previousTime = shownTime
            }
            let aV = v
            let aA = tension * (end - tempX) - friction * v
            tempX = x + aV * h * 0.5
            var tempV = v + aA * h * 0.5
            let bV = tempV
            let bA = tension * (end - tempX) - friction * tempV
            tempX = x + bV * h * 0.5
            tempV = v + bA * h * 0.5
            let cV = tempV
            let cA = tension * (end - tempX) - friction * tempV
            tempX = x + cV * h
            tempV = v + cA * h
            let dV = tempV
            let dA = tension * (end - tempX) - friction * tempV
            let dxdt = 1.0 / 6.0 * (aV + 2.0 * (bV + cV) + dV)
            let dvdt = 1.0 / 6.0 * (aA + 2.0 * (bA + cA) + dA)
            x += dxdt * h
            v += dvdt * h
            shownTime += h
        }
        temporaryX = tempX
        if accumulator > 0 {
            let alpha = accumulator / h
            x = x * alpha + previousX * (1 - alpha)
            v = v * alpha + previousV * (1 - alpha)
            shownTime = shownTime * alpha + previousTime * (1 - alpha)
        }
        position = x
    }

    /// A frame time in whole nanoseconds, as Android's `Choreographer` hands `frameTimeNanos`.
    static func nanoseconds(_ seconds: Double) -> Int64 {
        clampedToInt64((seconds * 1e9).rounded())
    }

    /// `FloatSpringSpec.getValueFromNanos` at a play time of `milliseconds`: `SpringSimulation
    /// .updateValues(initialValue, initialVelocity, playTimeMillis)` with its `Float` fields and
    /// `Double` intermediates, as Kotlin types them (a `Float` meets a `Double` → `Double`).
    static func composeValue(_ motion: SpringMotion<Double>, playTimeMilliseconds: Int64) -> Float {
        let stiffness = Float(motion.spring.stiffnessPerMass)
        let dampingRatio = Float(motion.spring.dampingRatio)
        let finalPosition = Float(motion.target)
        let lastDisplacement = Float(motion.initialPosition), lastVelocity = Float(motion.initialVelocity)
        // `stiffness` setter: naturalFreq = sqrt(value.toDouble()).
        let naturalFreq = Double(stiffness).squareRoot()
        let adjustedDisplacement = lastDisplacement - finalPosition  // Float
        let deltaT = Double(playTimeMilliseconds) / 1000.0
        let dampingRatioSquared = Double(dampingRatio) * Double(dampingRatio)
        let r = Double(-dampingRatio) * naturalFreq
        let displacement: Double
        if dampingRatio > 1 {
            let s = naturalFreq * (dampingRatioSquared - 1).squareRoot()
            let gammaPlus = r + s, gammaMinus = r - s
            let coeffB = (gammaMinus * Double(adjustedDisplacement) - Double(lastVelocity)) / (gammaMinus - gammaPlus)
            let coeffA = Double(adjustedDisplacement) - coeffB
            displacement = coeffA * exp(gammaMinus * deltaT) + coeffB * exp(gammaPlus * deltaT)
        } else if dampingRatio == 1 {
            let coeffA = Double(adjustedDisplacement)
            let coeffB = Double(lastVelocity) + naturalFreq * Double(adjustedDisplacement)
            displacement = (coeffA + coeffB * deltaT) * exp(-naturalFreq * deltaT)
        } else {
            let dampedFreq = naturalFreq * (1 - dampingRatioSquared).squareRoot()
            let cosCoeff = adjustedDisplacement
            let sinCoeff = (1 / dampedFreq) * ((-r * Double(adjustedDisplacement)) + Double(lastVelocity))
            let dFdT = dampedFreq * deltaT
            displacement = exp(r * deltaT) * (Double(cosCoeff) * cos(dFdT) + sinCoeff * sin(dFdT))
        }
        return Float(displacement + Double(finalPosition))
    }
}

/// `value` rounded toward zero into `Int`, saturating (no trap on huge or NaN input: NaN → 0).
func clampedToInt(_ value: Double) -> Int {
    guard value.isFinite else { return value.isNaN ? 0 : (value > 0 ? .max : .min) }
    return value >= 0x1p62 ? 1 << 62 : value <= -0x1p62 ? -(1 << 62) : Int(value)
}

/// `value` rounded toward zero into `Int64`, saturating.
func clampedToInt64(_ value: Double) -> Int64 {
    Int64(clampedToInt(value))
}
