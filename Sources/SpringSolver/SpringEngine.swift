import Foundation  // expf, cosf, sinf (Float closed form)

/// How common animation engines advance a spring from one frame to the next, given the time
/// their clock reads at each frame. Each is a fact about the engine's published source, written
/// here from its description (no code is copied):
///
/// - `closedForm`: the exact motion at the clock's time since the first frame. Core Animation's
///   `CASpringAnimation` evaluates its spring at the layer's media time; Framer Motion's `spring`
///   generator (framer-motion `animation/generators/spring`) evaluates the closed form at the
///   elapsed time; Android's `SpringAnimation` (androidx.dynamicanimation `SpringForce.updateValues`)
///   advances value and velocity by the analytic solution over each frame's delta time, which
///   composes to the same motion.
/// - `reactSpring`: react-spring (v9, `packages/core/src/SpringValue.ts`, `advance`) steps a
///   semi-implicit Euler integrator in fixed 1 ms substeps, `ceil(dt / 1 ms)` of them for a frame
///   whose delta time is `dt` ms: a 16.67 ms frame runs 17 ms of spring, an 8.33 ms frame 9 ms.
/// - `rebound`: Facebook's Rebound (rebound-js `SpringSystem`/`Spring.advance`) clamps each
///   frame's elapsed time to 64 ms (`MAX_DELTA_TIME_SEC`), accumulates it, integrates RK4 in
///   fixed 1 ms steps (`SOLVER_TIMESTEP_SEC`) while the accumulator holds one, and shows the
///   state interpolated between the last two steps by the remainder: a hitch longer than 64 ms
///   loses the excess (time dilates).
/// - `compose`: Jetpack Compose (androidx.compose.animation.core `SpringSimulation`) evaluates the
///   closed form in 32-bit floats at the play time truncated to whole milliseconds.
/// - `naiveTick`: a loop that adds a fixed 1/60 s per tick whatever the display's rate (the
///   classic `x += v * (1.0 / 60)` game loop): at 120 Hz its spring runs twice as fast.
public enum SpringEngine: String, Sendable, CaseIterable {
    case closedForm = "closed-form"
    case reactSpring = "react-spring"
    case rebound
    case compose
    case naiveTick = "naive-1/60"

    /// The engine the scheme stands for, for reports.
    public var engines: String {
        switch self {
        case .closedForm: "Core Animation, Framer Motion, Android SpringAnimation"
        case .reactSpring: "react-spring (1 ms semi-implicit Euler, ceil(dt) steps)"
        case .rebound: "Rebound (1 ms RK4, elapsed clamped to 64 ms)"
        case .compose: "Jetpack Compose (closed form, whole ms, Float)"
        case .naiveTick: "a loop adding 1/60 s per tick"
        }
    }
}

/// One engine advancing one spring frame by frame.
public struct SpringEngineState: Sendable {
    public let engine: SpringEngine
    public let motion: SpringMotion<Double>
    /// The time the engine has simulated, seconds: what it believes has elapsed.
    public private(set) var simulatedTime: Double = 0
    /// The position it shows now.
    public private(set) var position: Double
    /// Frames advanced.
    public private(set) var frames = 0

    private var state: SpringState<Double>
    private var previous: SpringState<Double>
    private var accumulator = 0.0
    private var lastClock: Double?

    /// react-spring's and Rebound's fixed step, seconds.
    public static let substep = 0.001
    /// Rebound's clamp on one frame's elapsed time, seconds.
    public static let reboundMaximumDelta = 0.064
    /// The naive loop's tick, seconds.
    public static let naiveTick = 1.0 / 60

    public init(_ engine: SpringEngine, motion: SpringMotion<Double>) {
        self.engine = engine
        self.motion = motion
        state = motion.initialState
        previous = state
        position = motion.initialPosition
    }

    /// Shows the frame whose clock reads `clock` seconds (any origin: the engine measures from
    /// its first frame), and returns the position shown.
    @discardableResult
    public mutating func advance(toClock clock: Double) -> Double {
        defer {
            lastClock = clock
            frames += 1
        }
        let first = lastClock == nil
        let dt = first ? 0 : clock - lastClock!
        switch engine {
        case .closedForm:
            simulatedTime += dt
            position = motion.position(at: simulatedTime)
        case .compose:
            simulatedTime += dt
            position = Self.floatClosedForm(motion, milliseconds: (simulatedTime * 1000 + 1e-9).rounded(.down))
        case .naiveTick:
            if !first { simulatedTime += Self.naiveTick }
            position = motion.position(at: simulatedTime)
        case .reactSpring:
            let steps = first ? 0 : Int(max(0, (dt / Self.substep - 1e-9).rounded(.up)))
            let k = motion.spring.stiffnessPerMass, c = motion.spring.dampingPerMass
            for _ in 0..<steps {
                // Semi-implicit Euler: velocity first, then position with the new velocity.
                let acceleration = -k * state.displacement - c * state.velocity
                state.velocity += acceleration * Self.substep
                state.displacement += state.velocity * Self.substep
            }
            simulatedTime += Double(steps) * Self.substep
            position = motion.target + state.displacement
        case .rebound:
            accumulator += min(dt, Self.reboundMaximumDelta)
            while accumulator >= Self.substep - 1e-12 {
                previous = state
                state = Self.rk4(state, spring: motion.spring, step: Self.substep)
                accumulator -= Self.substep
                simulatedTime += Self.substep
            }
            let alpha = max(0, accumulator) / Self.substep
            position = motion.target + state.displacement * alpha + previous.displacement * (1 - alpha)
        }
        return position
    }

    /// The time the shown state stands for, seconds: `simulatedTime`, but for Rebound, which
    /// shows the state interpolated between its last two steps, `simulatedTime − 1 ms +
    /// remainder`.
    public var shownTime: Double {
        engine == .rebound && simulatedTime > 0 ? simulatedTime - Self.substep + max(0, accumulator) : simulatedTime
    }

    static func rk4(_ s: SpringState<Double>, spring: DampedSpring, step h: Double) -> SpringState<Double> {
        let k = spring.stiffnessPerMass, c = spring.dampingPerMass
        func f(_ x: Double, _ v: Double) -> (Double, Double) { (v, -k * x - c * v) }
        let (k1x, k1v) = f(s.displacement, s.velocity)
        let (k2x, k2v) = f(s.displacement + 0.5 * h * k1x, s.velocity + 0.5 * h * k1v)
        let (k3x, k3v) = f(s.displacement + 0.5 * h * k2x, s.velocity + 0.5 * h * k2v)
        let (k4x, k4v) = f(s.displacement + h * k3x, s.velocity + h * k3v)
        return SpringState(
            displacement: s.displacement + h / 6 * (k1x + 2 * k2x + 2 * k3x + k4x),
            velocity: s.velocity + h / 6 * (k1v + 2 * k2v + 2 * k3v + k4v))
    }

    /// The closed form evaluated in `Float` at `milliseconds` (a whole number), as Compose does.
    static func floatClosedForm(_ motion: SpringMotion<Double>, milliseconds: Double) -> Double {
        let spring = motion.spring
        let t = Float(milliseconds) / 1000
        let x0 = Float(motion.initialPosition - motion.target), v0 = Float(motion.initialVelocity)
        let zeta = Float(spring.dampingRatio), omega = Float(spring.naturalFrequency)
        let displacement: Float
        if zeta < 1 {
            let omegaD = omega * (1 - zeta * zeta).squareRoot()
            let decay = expf(-zeta * omega * t)
            displacement = decay * (x0 * cosf(omegaD * t) + (v0 + zeta * omega * x0) / omegaD * sinf(omegaD * t))
        } else if zeta == 1 {
            displacement = (x0 + (v0 + omega * x0) * t) * expf(-omega * t)
        } else {
            let root = omega * (zeta * zeta - 1).squareRoot()
            let r1 = -zeta * omega + root, r2 = -zeta * omega - root
            let c2 = (v0 - r1 * x0) / (r2 - r1), c1 = x0 - c2
            displacement = c1 * expf(r1 * t) + c2 * expf(r2 * t)
        }
        return motion.target + Double(displacement)
    }
}
