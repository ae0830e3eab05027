import Testing

@testable import Motion

/// The frame-phase sweep against the exact, sample-free view of the bee's joins.
@Suite struct PhaseSweepTests {
    @Test func theWorstPhaseShowsTheBeesExactJoinRatio() throws {
        // bee1 linear at 60 Hz: the largest exact speed ratio across a join is 600 → 247 pt/s at
        // join 4 → 5 (×1/0.412 = 2.43). A frame ending on the join shows the whole jump; one
        // straddling it averages the two sides. Over 64 phases the worst comes within 3 % of
        // the exact ratio (the speed inside element 5 changes too, so not to the digit), and the
        // best phase shows far less.
        let scene = try Scene.bee(BeeFlight(bee: .one, sign: 1))
        let report = try Validation.validate(scene, mode: .linear, hz: 60)
        let exact = report.joins.filter { $0.speedIn > 0 && $0.speedOut > 0 }.map { max($0.speedRatio, 1 / $0.speedRatio) }.max()!
        let sweep = try Validation.phaseSweep(scene, mode: .linear, hz: 60, phases: 64)
        let jump = try #require(sweep.speedJump)
        #expect(abs(jump.max - exact) / exact < 0.03, "sweep \(jump.max) vs exact \(exact)")
        #expect(jump.min < 0.85 * jump.max)
        #expect((0..<1).contains(jump.worstPhase))
        // The report carries the default sweep, and its phase 0 is the report's own frames.
        let carried = try #require(report.phaseSweep)
        #expect(carried.phases == PhaseSweep.defaultPhases)
        #expect(carried.speedJump!.max >= report.metrics.speedJump!.ratio - 1e-9)
    }

    @Test func thePacedHairpinTurnDependsOnThePhase() throws {
        let sweep = try Validation.phaseSweep(try Scene.bee(BeeFlight(bee: .one, sign: 1)), mode: .paced, hz: 60)
        let turn = try #require(sweep.turn)
        // 76°–119° over 16 phases (issue 12's figures).
        #expect(abs(turn.min - 76) < 1 && abs(turn.max - 119) < 1, "\(turn)")
    }

    /// The sweep takes only each phase's peaks (issue 25: it recomputed full FrameMetrics 16
    /// times per report); they must be exactly what FrameMetrics computes from the same frames,
    /// on paths, paced and linear, repeating and not, a spring and a timeline with designed steps.
    @Test func eachPhasesPeaksAreExactlyFrameMetricsFigures() throws {
        let hold = try TimelineMotion(quantity: .position, end: 2, value: { t in SIMD2(t < 1 ? 100 * t : 200 + 50 * t, 30 * t) },
                                      designedSteps: [1])
        let scenes: [(Scene, TimingMode)] = [
            (try Scene.bee(BeeFlight(bee: .one, sign: 1)), .linear), (try Scene.bee(BeeFlight(bee: .two, sign: -1)), .paced),
            (try Scene.svg("M 0 0 C 100 0 0 100 100 100 L 300 0", duration: 0.7), .linear),
            (try Scene.menu(.show), .linear), (Scene(name: "hold", kind: .timeline(hold, viewport: nil)), .linear),
        ]
        var compared = 0
        for (scene, mode) in scenes {
            for hz in [60.0, 120] {
                let (span, position) = try Validation.trajectory(scene, mode: mode, hz: hz)
                let repeats: Bool
                switch scene.kind {
                case .path(let motion, _): repeats = motion.repeats
                case .timeline(let motion, _): repeats = motion.repeats
                case .spring: repeats = false
                }
                let total = Validation.framesAtRest + Validation.framesWithin(span: span, hz: hz) + (repeats ? 0 : Validation.framesAtRest)
                let animation = try AnimationSpan(start: 0, end: repeats ? nil : span, endsAreBoundaries: true,
                                                  designedSteps: scene.name == "hold" ? [1] : [])
                for index in 0..<7 {
                    let phase = Double(index) / 7
                    let samples = try FrameSamples(hz: hz, startTime: (phase - Double(Validation.framesAtRest)) / hz, count: total) { position($0) }
                    let full = try FrameMetrics(samples: samples, span: animation)
                    let peaks = FrameMetrics.peaks(samples: samples, span: animation, thresholds: Thresholds())
                    #expect(peaks.speedJump == full.speedJump?.ratio, "\(scene.name) \(hz) Hz phase \(phase)")
                    #expect(peaks.turn == full.maxTurn?.degrees, "\(scene.name) \(hz) Hz phase \(phase)")
                    #expect(peaks.maxStep == full.maxStep, "\(scene.name) \(hz) Hz phase \(phase)")
                    compared += 1
                }
            }
        }
        #expect(compared == 70)
    }

    /// `validate` takes the sweep's phase 0 from its own frames at the rate (issue 25): the
    /// sweep it carries must be exactly the one sampled afresh, on paths repeating and not, in
    /// both modes, at rates where the frame count is and is not a whole number of frames.
    @Test func theReportsSweepIsTheSweepSampledAfresh() throws {
        let scenes = [
            try Scene.bee(BeeFlight(bee: .one, sign: 1)), try Scene.bee(BeeFlight(bee: .two, sign: -1)),
            try Scene.svg("M 0 0 C 100 0 0 100 100 100 L 300 0", duration: 0.7),
            try Scene.svg("M 10 10 Q 200 0 150 120 L 20 300", duration: 0.5, repeats: true, name: "loop"),
        ]
        var compared = 0
        for scene in scenes {
            for mode in TimingMode.allCases {
                for hz in [60.0, 120, 144] {
                    let carried = try Validation.validate(scene, mode: mode, hz: hz).phaseSweep
                    #expect(carried == (try Validation.phaseSweep(scene, mode: mode, hz: hz)), "\(scene.name) \(mode) \(hz) Hz")
                    // Phase 0 alone, from validate's frames and afresh: the figures of one phase.
                    guard case .path(let motion, _) = scene.kind else { continue }
                    let rest = Validation.framesAtRest
                    let total = rest + Validation.frameCount(of: motion, hz: hz) + (motion.repeats ? 0 : rest)
                    let frames = try motion.with(mode: mode).samples(hz: hz, count: total, from: -Double(rest) / hz)
                    let shared = try Validation.phaseSweep(
                        scene, mode: mode, hz: hz, phases: 1, thresholds: Thresholds(), phaseZero: frames)
                    #expect(shared == (try Validation.phaseSweep(scene, mode: mode, hz: hz, phases: 1)), "\(scene.name) \(mode) \(hz) Hz")
                    compared += 1
                }
            }
        }
        #expect(compared == 24)
    }

    @Test func aConstantSpeedMoveIsTheSameAtEveryPhase() throws {
        let move = try TimelineMotion(quantity: .position, end: 1, value: { t in SIMD2(300 * min(max(t, 0), 1), 0) })
        let sweep = try Validation.phaseSweep(Scene(name: "move", kind: .timeline(move, viewport: nil)), hz: 60)
        // Inside the move every frame goes 5 pt; the ends (from and to rest) are boundaries.
        #expect(abs(sweep.maxStep.max - 5) < 1e-9)
        #expect(sweep.turn.map { $0.max < 1e-6 } ?? true)
    }
}
