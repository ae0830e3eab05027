import BezierKernels
import SpringSolver
import Testing

@testable import Motion

/// Issue 22: every figure that can overflow or exceed a count is bounded before the work it
/// sizes is allocated or started, and no verdict stands beside a figure that is not finite.
@Suite struct BoundsTests {
    func menuMotion() throws -> SpringMotion<Double> {
        try SpringMotion(spring: DampedSpring(mass: 1, stiffness: 100, damping: 12), from: 667, to: 459, initialVelocity: 0)
    }

    /// Item 1: 1e20 s trapped converting the frame count to an `Int`.
    @Test func animationDurationAboveTheBoundIsRefused() throws {
        #expect(throws: MotionError.self) { try SpringScene(name: "s", motion: try menuMotion(), animationDuration: 1e20) }
        do {
            _ = try SpringScene(name: "s", motion: try menuMotion(), animationDuration: 1000.5)
            Issue.record("accepted")
        } catch {
            #expect((error as? MotionError)?.subject == "animation duration (s)" && (error as? MotionError)?.value == 1000.5, "\(error)")
        }
        _ = try SpringScene(name: "s", motion: try menuMotion(), animationDuration: SpringScene.maximumAnimationDuration)
    }

    /// Item 2: the stop modelled as the animation removed at its duration is sampled up to it:
    /// its frames are counted against `Validation.maximumFrames` at the rate, before any is.
    @Test func animationDurationBeyondTheFrameLimitIsRefusedAtTheRate() throws {
        let scene = Scene(name: "s", kind: .spring(try SpringScene(name: "s", motion: try menuMotion(), animationDuration: 1000)))
        do {
            _ = try Validation.validate(scene, hz: 2000)
            Issue.record("accepted")
        } catch {
            #expect("\(error)" == "an animation duration of 1000 s at 2000 Hz would sample 2e+06 frames; at most 1000000", "\(error)")
        }
    }

    /// Item 3: a recording whose last frame is 1e9 s after its first asked for 4 GB under
    /// `--frames trace:FILE`; `--trace` already refused it.
    @Test func farRecordedDeliveryIsRefusedBeforeAnyFrame() throws {
        let trace = try MotionTrace(source: "far.csv", times: [0, 1.0 / 60, 1e9], positions: [.zero, SIMD2(1, 0), SIMD2(2, 0)])
        #expect(throws: MotionError.self) { try trace.requireSampleable(hz: 60) }
        let frames = trace.deliveredFrames(hz: 60)
        do {
            _ = try FrameDelivery.simulate(.recorded(frames), hz: 60, span: 1)
            Issue.record("accepted")
        } catch {
            #expect("\(error)".hasPrefix("a recorded delivery's span of 1e+09 s at 60 Hz would sample 6e+10 frames"), "\(error)")
        }
        let near = try MotionTrace(source: "near.csv", times: [0, 1.0 / 60, 2.0 / 60], positions: [.zero, SIMD2(1, 0), SIMD2(2, 0)])
        try near.requireSampleable(hz: 60)
        _ = try FrameDelivery.simulate(.recorded(near.deliveredFrames(hz: 60)), hz: 60, span: 1)
    }

    /// Found by the input fuzzer: a recorded interval of 1e-15 s made Chrome's dropped-frame
    /// slots number 2e14 (34 GB); a subnormal one then printed an infinite rate in the refusal.
    @Test(arguments: [1e-15, 2.2e-311])
    func finestRecordedIntervalBoundsTheSpanWithoutAnInfinity(interval: Double) throws {
        let trace = try MotionTrace(
            source: "tiny.csv", times: [0, 0.05, 0.1], positions: [.zero, SIMD2(1, 0), SIMD2(2, 0)],
            intervals: [1.0 / 60, interval, 1.0 / 60])
        do {
            try trace.requireSampleable(hz: 60)
            Issue.record("accepted")
        } catch {
            #expect("\(error)".hasPrefix("tiny.csv: a trace span of 0.1 s holds "), "\(error)")
            #expect(error.subject == "refreshes of the finest recorded interval" && error.value == 0.1 / interval, "\(error)")
            #expect(!"\(error)".contains("∞") && !"\(error)".contains("inf "), "\(error)")
        }
        #expect(throws: MotionError.self) { try FrameDelivery.simulate(.recorded(trace.deliveredFrames(hz: 60)), hz: 60, span: 0.1) }
    }

    /// Found by the input fuzzer: a target column of 1e308 s made the hitch ratio infinite
    /// ("hitch ∞ ms/s"); a stiffness of 1e308 an infinite launch acceleration in the notes.
    @Test func farTraceTimesAndInfiniteLaunchesAreRefused() throws {
        do {
            _ = try MotionTrace(
                source: "far.csv", times: [0, 0.1, 0.2], positions: [.zero, SIMD2(1, 0), SIMD2(2, 0)], targets: [0.1, 1e308, 0.3])
            Issue.record("accepted")
        } catch {
            #expect("\(error)" == "far.csv: sample 2: target time must be within ±1e+09 s, got 1e+308", "\(error)")
        }
        let stiff = try SpringMotion(spring: DampedSpring(mass: 1, stiffness: 1e308, damping: 1), from: 667, to: 459)
        do {
            _ = try SpringScene(name: "stiff", motion: stiff)
            Issue.record("accepted")
        } catch {
            #expect(error.subject == "launch acceleration (pt/s²)" && error.value?.isFinite == false, "\(error)")
        }
    }

    /// Found by the input fuzzer: frames 1e-320 s apart gave an infinite rate, quoted as "inf".
    @Test func framesTooCloseForARateAreRefusedWithoutAnInfinity() throws {
        let trace = try MotionTrace(source: "close.csv", times: [0, 1e-320], positions: [.zero, SIMD2(1, 0)])
        #expect(trace.inferredRate == nil)
        do {
            _ = try Validation.validate(trace: trace)
            Issue.record("accepted")
        } catch {
            #expect("\(error)".hasPrefix("close.csv: its frames are too close together to give a finite frame rate"), "\(error)")
        }
    }

    /// Item 5: a duration of 1e-320 s gave infinite speeds.
    @Test func subnormalPathDurationIsRefusedWithTheBound() throws {
        let path = try Path(svgPathData: "M 0 0 L 100 0")
        for duration in [1e-320, 5e-324, 9.99e-10] {
            do {
                _ = try PathMotion(path: path, duration: duration, mode: .linear)
                Issue.record("accepted \(duration)")
            } catch {
                #expect("\(error)".hasPrefix("duration (seconds) must be at least 1e-09 s"), "\(error)")
            }
        }
        _ = try PathMotion(path: path, duration: PathMotion.minimumDuration, mode: .linear)
    }

    /// Item 5: a verdict is never "smooth" (nor "janky") beside a figure that is not finite.
    @Test func nonFiniteMetricIsRefusedNotSmooth() throws {
        // A timeline that jumps from −1.7e308 to 1.7e308: the step between them is infinite.
        let motion = try TimelineMotion(quantity: .position, end: 1, value: { t in SIMD2(t < 0.5 ? -1.7e308 : 1.7e308, 0) })
        let scene = Scene(name: "overflow", kind: .timeline(motion, viewport: nil))
        do {
            let report = try Validation.validate(scene, hz: 60)
            Issue.record("gave a verdict: \(report.verdict)")
        } catch {
            // The figure that is not finite, named as data (the largest step is infinite here).
            #expect(error.subject == "largest step", "\(error)")
        }
    }

    @Test func nonFiniteMetricIsNamed() throws {
        let motion = try TimelineMotion(quantity: .position, end: 1, value: { t in SIMD2(100 * t, 0) })
        let report = try Validation.validate(Scene(name: "line", kind: .timeline(motion, viewport: nil)), hz: 60)
        #expect(report.nonFiniteMetric == nil)
        try Validation.requireFiniteMetrics(report)
    }
}
