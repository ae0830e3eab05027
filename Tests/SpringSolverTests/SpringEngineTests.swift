import Testing

@testable import SpringSolver

/// Each engine scheme on a case computable by hand.
@Suite struct SpringEngineTests {
    let motion = try! SpringMotion(spring: try! DampedSpring(mass: 1, stiffness: 200, damping: 20), from: 0, to: 100)

    /// Advances `engine` over `frames` frames at `hz` and returns its state.
    func run(_ engine: SpringEngine, hz: Double, frames: Int) -> SpringEngineState {
        var state = SpringEngineState(engine, motion: motion)
        for k in 0..<frames { state.advance(toClock: Double(k) / hz) }
        return state
    }

    @Test func theNaiveLoopRunsTwiceAsFastAt120Hz() {
        let state = run(.naiveTick, hz: 120, frames: 121)
        // 120 ticks of 1/60 s: 2 s of spring in 1 s of display.
        #expect(abs(state.simulatedTime - 2) < 1e-12)
        #expect(abs(state.position - motion.position(at: 2)) < 1e-9)
        #expect(abs(run(.naiveTick, hz: 60, frames: 61).simulatedTime - 1) < 1e-12)
    }

    @Test(arguments: [(60.0, 17), (120.0, 9)])
    func reactSpringRoundsEachFrameUpToWholeMilliseconds(hz: Double, stepsPerFrame: Int) {
        // ceil(16.67) = 17 and ceil(8.33) = 9 one-millisecond steps a frame: +2 % and +8 %.
        let state = run(.reactSpring, hz: hz, frames: Int(hz) + 1)
        #expect(abs(state.simulatedTime - Double(Int(hz) * stepsPerFrame) / 1000) < 1e-12)
    }

    @Test func reactSpringStepIsSemiImplicitEuler() {
        // One 1 ms step from rest at x₀ = −100: v₁ = −k·x₀·h, x₁ = x₀ + v₁·h = x₀(1 − k·h²).
        var state = SpringEngineState(.reactSpring, motion: motion)
        state.advance(toClock: 0)
        state.advance(toClock: 0.001)
        #expect(abs(state.position - (100 + -100 * (1 - 200 * 1e-6))) < 1e-12)
    }

    @Test func reboundClampsAHitchTo64Milliseconds() {
        var state = SpringEngineState(.rebound, motion: motion)
        state.advance(toClock: 0)
        state.advance(toClock: 0.1)
        // 100 ms elapsed, 64 ms simulated (64 steps of 1 ms); with nothing left over Rebound
        // shows its previous step (interpolation weight 0 on the last): 63 ms.
        #expect(abs(state.simulatedTime - 0.064) < 1e-12)
        #expect(abs(state.shownTime - 0.063) < 1e-12)
        // RK4 at 1 ms steps: ~1e-8 pt off the closed form after 63 steps on this spring.
        #expect(abs(state.position - motion.position(at: 0.063)) < 1e-6)
    }

    @Test func composeEvaluatesWholeMillisecondsInFloat() {
        var state = SpringEngineState(.compose, motion: motion)
        state.advance(toClock: 0)
        let shown = state.advance(toClock: 0.0105)
        // The closed form at 10 ms (not 10.5), to Float precision (24 bits: 1e-5 of 100 pt).
        #expect(abs(shown - motion.position(at: 0.010)) < 1e-4)
        #expect(abs(shown - motion.position(at: 0.0105)) > 0.05)
    }

    @Test func theClosedFormIsExact() {
        let state = run(.closedForm, hz: 120, frames: 50)
        #expect(state.position == motion.position(at: 49.0 / 120))
    }
}
