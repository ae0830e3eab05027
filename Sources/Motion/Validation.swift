import BezierKernels
import SpringSolver

/// Validation of scenes: sample at a rate (and at twice it for the break test), measure, judge.
public enum Validation {
    /// Frames sampled after a repeating path's first seam: enough for the two-frame windows of
    /// the break test to see both sides of it.
    public static let framesPastSeam = 8

    /// Frames sampled at rest before an animation starts and after it ends (as a fill mode shows
    /// the object): two, so that the break test's two-frame windows see the start and the end
    /// from both sides, and a move shorter than a frame is the jump it is.
    public static let framesAtRest = 2

    /// The most frames one scene is sampled at at one rate: 10⁶ (over 2 h at 120 Hz), with the
    /// doubled and quadrupled samples 7·10⁶ positions, about 110 MB. Beyond it a duration or
    /// rate is a typo, and the frame count would not even fit an `Int` for the largest ones.
    public static let maximumFrames = 1_000_000

    /// Rejects a span that would sample more than `maximumFrames` frames at `hz`.
    static func requireSampleable(span: Double, hz: Double, what: String) throws(MotionError) {
        let frames = span * hz
        guard frames <= Double(maximumFrames) else {
            throw MotionError(
                "\(what) of \(compact(span)) s at \(compact(hz)) Hz would sample \(countText(frames)) frames; at most \(maximumFrames)")
        }
    }

    /// Rejects a span that holds more than `maximumFrames` refreshes of `interval` seconds (a
    /// recorded interval, which may be subnormal: its rate is not computed).
    static func requireSampleable(span: Double, interval: Double, what: String) throws(MotionError) {
        let refreshes = span / interval
        guard refreshes <= Double(maximumFrames) else {
            throw MotionError(
                "\(what) of \(compact(span)) s holds \(countText(refreshes)) refreshes of its finest recorded interval (\(compact(interval)) s); at most \(maximumFrames)",
                subject: "refreshes of the finest recorded interval", value: refreshes)
        }
    }

    /// A count for a message: rounded up, or "more than 1.8e+308" where the product behind it
    /// overflowed (never "inf").
    static func countText(_ count: Double) -> String {
        count.isFinite ? compact(count.rounded(.up)) : "more than \(compact(.greatestFiniteMagnitude))"
    }

    /// Validates `scene` at `hz` in `mode` (ignored for a spring scene, whose report has no mode).
    ///
    /// Path scenes are sampled over one pass (a single play: the frames within [0, duration])
    /// or, when repeating, one pass and `framesPastSeam` frames of the next, so the restart is
    /// seen. Spring scenes are sampled from 0 until the demo's stop condition (`offset == 0`)
    /// fires on the exact spring, or for `maximumSimulatedTime`. Both are also sampled
    /// `framesAtRest` frames before t = 0 and after the end, where the object rests, so a move
    /// shorter than a frame is a teleport.
    ///
    /// The ends: a path's start from rest and a single play's stop are its timing curve's design
    /// (linear timing starts at full speed): the velocity step there is reported (`startSpeed`,
    /// `endSpeed` in the notes), not judged. A spring's exact motion is continuous in velocity
    /// for t > 0, so while the frames resolve its oscillation (four or more per period) no
    /// sampled change inside it is a break; its launch from rest steps only the acceleration
    /// (reported, `SpringReport.startAccelerationStep`). Its start is judged by `startKick`: an
    /// initial velocity that dwarfs what the spring itself adds over the next frame.
    /// A break anywhere must keep its size over two rate doublings (samples at 2·hz and 4·hz).
    ///
    /// - Throws: `MotionError` for a rate that is not positive and finite, invalid thresholds,
    ///   or more than `maximumFrames` frames.
    /// - Complexity: O(frames) at `hz`, `2·hz` and `4·hz`; a spring also steps every fixed-step
    ///   integrator over the frames, and the adaptive one up to `adaptiveStepBudget` steps.
    public static func validate(
        _ scene: Scene, mode: TimingMode = .linear, hz: Double, thresholds: Thresholds = Thresholds()
    ) throws(MotionError) -> ValidationReport {
        try MotionError.requirePositive(hz, "rate (frames per second)")
        let thresholds = try thresholds.validated()
        let report: ValidationReport
        // A path's frames at `hz`: the phase sweep's phase 0 begins with them.
        var frames: FrameSamples?
        switch scene.kind {
        case .path(let motion, let viewport):
            try requireSampleable(span: motion.duration, hz: hz, what: "a path duration")
            report = try validatePath(
                name: scene.name, motion: motion.with(mode: mode), viewport: viewport, objectSize: scene.objectSize, hz: hz,
                thresholds: thresholds, samples: &frames)
        case .spring(let spring):
            try requireSampleable(span: spring.maximumSimulatedTime, hz: hz, what: "a simulated span")
            // The stop under "animation removed at its duration" is sampled up to that duration.
            if let end = spring.animationDuration {
                try requireSampleable(span: end, hz: hz, what: "an animation duration")
            }
            report = try validateSpring(spring, hz: hz, thresholds: thresholds)
        case .timeline(let motion, let viewport):
            try requireSampleable(span: motion.sampledSpan, hz: hz, what: "a timeline span")
            report = try validateTimeline(
                name: scene.name, motion: motion, viewport: viewport, objectSize: scene.objectSize, hz: hz, thresholds: thresholds)
        }
        try requireFiniteMetrics(report)
        // A spring is smooth by model: its frame figures are measurements, never judged, and
        // sweeping them would only show its launch and turnarounds at every phase.
        if case .spring = scene.kind { return report }
        // The phase sweep costs a sample-only pass per phase: fewer phases past 12 500 frames,
        // so that a long scene costs at most about 200 000 frames more.
        let phases = max(1, min(PhaseSweep.defaultPhases, 200_000 / max(report.frames, 1)))
        return report.withPhaseSweep(
            try phaseSweep(scene, mode: mode, hz: hz, phases: phases, thresholds: thresholds, phaseZero: frames))
    }

    /// Refuses a report with a measured figure that is not finite (`nonFiniteMetric`): its
    /// numbers are too large or too small for the frames to be measured, so it has no verdict,
    /// neither "smooth" nor "janky".
    public static func requireFiniteMetrics(_ report: ValidationReport) throws(MotionError) {
        if let figure = report.nonFiniteMetric {
            throw MotionError(
                "\(report.label): the \(figure) is not a finite number: the scene's figures are too large or too small to measure, so there is no verdict (scale the motion toward ordinary sizes and durations)",
                subject: figure)
        }
    }

    /// Every seed scene at every rate in `rates`, path scenes in every mode of `modes`.
    /// - Complexity: O(total frames).
    public static func validateSeeds(
        rates: [Double] = [60, 120], modes: [TimingMode] = TimingMode.allCases, thresholds: Thresholds = Thresholds()
    ) throws(MotionError) -> [ValidationReport] {
        var reports: [ValidationReport] = []
        for scene in try Scene.allSeeds() {
            for hz in rates {
                if scene.usesTimingMode {
                    for mode in modes { reports.append(try validate(scene, mode: mode, hz: hz, thresholds: thresholds)) }
                } else {
                    reports.append(try validate(scene, hz: hz, thresholds: thresholds))
                }
            }
        }
        return reports
    }

    // MARK: Paths

    /// The frames in [0, `span`] at `hz`, both ends included: ⌊span·hz⌋ + 1, the product nudged
    /// up by 1e-12 so that a span of a whole number of frames keeps its last frame whatever the
    /// rounding of the product; `span·hz` capped at `maximumFrames` first. Call
    /// `requireSampleable` first.
    static func framesWithin(span: Double, hz: Double) -> Int {
        Int((min(span * hz, Double(maximumFrames)) * (1 + 1e-12)).rounded(.down)) + 1
    }

    /// The number of frames sampled for a path motion at `hz` (see `validate`).
    /// Call `requireSampleable` first: absurd spans do not fit an `Int`.
    public static func frameCount(of motion: PathMotion, hz: Double) -> Int {
        guard motion.repeats else { return framesWithin(span: motion.duration, hz: hz) }
        let frames = min(motion.duration * hz, Double(maximumFrames))
        return Int((frames * (1 - 1e-12)).rounded(.down)) + 2 + framesPastSeam
    }

    /// A path scene's report; `sampled` receives its frames at `hz` (for the phase sweep).
    static func validatePath(
        name: String, motion: PathMotion, viewport: SIMD2<Double>?, objectSize: SIMD2<Double> = Scene.defaultObjectSize,
        hz: Double, thresholds: Thresholds, samples sampled: inout FrameSamples?
    ) throws(MotionError) -> ValidationReport {
        let count = frameCount(of: motion, hz: hz)
        let rest = framesAtRest
        let total = rest + count + (motion.repeats ? 0 : rest)
        let start = -Double(rest) / hz
        let (samples, doubled, quadrupled) = try rateLadder(hz: hz, total: total) { (rate, count) throws(MotionError) in
            try motion.samples(hz: rate, count: count, from: start)
        }
        sampled = samples
        let span = try AnimationSpan(start: 0, end: motion.repeats ? nil : motion.duration, endsAreBoundaries: true)
        let metrics = try FrameMetrics(
            samples: samples, doubled: doubled, quadrupled: quadrupled, span: span, thresholds: thresholds)
        var notes: [Note] = []
        let findings = offScreenFiltered(
            metrics.findings, metrics: metrics, viewport: viewport, objectSize: objectSize, notes: &notes)
        let startSpeed = motion.startSpeed, endSpeed = motion.endSpeed
        if startSpeed > 0 || (!motion.repeats && endSpeed > 0) {
            notes.append(
                .playEnds(
                    startSpeed: startSpeed, endSpeed: motion.repeats ? nil : endSpeed,
                    duration: motion.repeats ? nil : motion.duration))
        }
        let seam = motion.seam
        var endVisible: Bool?
        var startVisible: Bool?
        if let seam {
            if let viewport {
                endVisible = isVisible(seam.from, in: viewport, size: objectSize)
                startVisible = isVisible(seam.to, in: viewport, size: objectSize)
            }
            notes.append(.seam(seam, period: motion.duration, endVisible: endVisible, startVisible: startVisible))
        }
        return ValidationReport(
            scene: name, mode: motion.mode, hz: hz, frames: count, duration: Double(count - 1) / hz,
            metrics: metrics, joins: motion.joins, seam: seam, seamEndVisible: endVisible,
            seamStartVisible: startVisible, spring: nil, frameCostFraction: nil, findings: findings, notes: notes)
    }

    /// The frames at `hz` (`total` of them), at `2·hz` and at `4·hz` over the same time
    /// (`2·(total − 1) + 1` and `4·(total − 1) + 1`), as `sample(rate, count)` makes them from
    /// one start: sampled once, at `4·hz`, the others taken as every fourth and every second of
    /// those frames (`FrameSamples.decimated(by:)`: the same times, bit for bit, so the same
    /// positions; `total` frames cost 4·total samples instead of 7·total). Where the
    /// quadrupled rate throws, the three rates are sampled one after another as separate calls,
    /// so the error is the one the first rate to fail gives.
    static func rateLadder(
        hz: Double, total: Int, sample: (Double, Int) throws(MotionError) -> FrameSamples
    ) throws(MotionError) -> (samples: FrameSamples, doubled: FrameSamples, quadrupled: FrameSamples) {
        let quadrupledCount = 4 * (total - 1) + 1
        if total >= 1, let quadrupled = try? sample(4 * hz, quadrupledCount), quadrupled.count == quadrupledCount {
            return (quadrupled.decimated(by: 4), quadrupled.decimated(by: 2), quadrupled)
        }
        return (try sample(hz, total), try sample(2 * hz, 2 * (total - 1) + 1), try sample(4 * hz, quadrupledCount))
    }

    // MARK: Timelines

    /// The number of frames sampled for a timeline at `hz`: every frame in `[start, end]`, or in
    /// the window of one without an end. Call `requireSampleable` first.
    public static func frameCount(of motion: TimelineMotion, hz: Double) -> Int {
        framesWithin(span: motion.sampledSpan, hz: hz)
    }

    static func validateTimeline(
        name: String, motion: TimelineMotion, viewport: SIMD2<Double>?, objectSize: SIMD2<Double> = Scene.defaultObjectSize,
        hz: Double, thresholds: Thresholds
    ) throws(MotionError) -> ValidationReport {
        let count = frameCount(of: motion, hz: hz)
        let rest = framesAtRest
        let total = rest + count + (motion.repeats ? 0 : rest)
        // From `framesAtRest` before its start: the frames of its span, then (when it ends)
        // `framesAtRest` after it.
        let start = motion.start - Double(rest) / hz
        let (samples, doubled, quadrupled) = try rateLadder(hz: hz, total: total) { (rate, count) throws(MotionError) in
            try FrameSamples(hz: rate, startTime: start, count: count, position: motion.value)
        }
        let span = try AnimationSpan(
            start: motion.start, end: motion.end, endsAreBoundaries: true, designedSteps: motion.designedSteps)
        let metrics = try FrameMetrics(
            samples: samples, doubled: doubled, quadrupled: quadrupled, span: span, thresholds: thresholds)
        var notes = motion.notes.map(Note.scene)
        var findings = offScreenFiltered(
            metrics.findings, metrics: metrics, viewport: motion.quantity == .position ? viewport : nil,
            objectSize: objectSize, notes: &notes)
        for (index, event) in motion.interruptions.enumerated() {
            let jump = Finding.InterruptionJump(index: index, event: event, isPosition: motion.quantity == .position)
            if event.velocityChange > thresholds.speedFloor {
                findings.append(.interruption(jump))
            } else {
                notes.append(.smoothInterruption(jump, speedFloor: thresholds.speedFloor))
            }
        }
        if !metrics.designedSteps.isEmpty {
            notes.append(.designedSteps(times: metrics.designedSteps.map(\.to.time)))
        }
        var endVisible: Bool?
        var startVisible: Bool?
        if let seam = motion.seam, let viewport, motion.quantity == .position {
            endVisible = isVisible(seam.from, in: viewport, size: objectSize)
            startVisible = isVisible(seam.to, in: viewport, size: objectSize)
        }
        return ValidationReport(
            scene: name, mode: nil, hz: hz, frames: count, duration: Double(count - 1) / hz,
            metrics: metrics, joins: motion.joins, seam: motion.seam, seamEndVisible: endVisible,
            seamStartVisible: startVisible, spring: nil, frameCostFraction: nil, findings: findings, notes: notes)
    }

    /// The findings without the teleports that start and land off screen (nobody sees them),
    /// each of those noted instead. Teleport findings come first, in `metrics.teleports` order.
    static func offScreenFiltered(
        _ findings: [Finding], metrics: FrameMetrics, viewport: SIMD2<Double>?,
        objectSize: SIMD2<Double> = Scene.defaultObjectSize, notes: inout [Note]
    ) -> [Finding] {
        guard let viewport else { return findings }
        var result: [Finding] = []
        for finding in findings {
            guard case .teleport(let teleport) = finding,
                !isVisible(teleport.from.position, in: viewport, size: objectSize),
                !isVisible(teleport.to.position, in: viewport, size: objectSize)
            else { result.append(finding); continue }
            notes.append(.hiddenTeleport(teleport))
        }
        return result
    }

    /// Whether an object of `size` (points, width and height) centred at `p` shows in a
    /// viewport: any part of it inside.
    static func isVisible(_ p: SIMD2<Double>, in viewport: SIMD2<Double>, size: SIMD2<Double> = Scene.defaultObjectSize) -> Bool {
        let half = size / 2
        return p.x > -half.x && p.x < viewport.x + half.x && p.y > -half.y && p.y < viewport.y + half.y
    }

    // MARK: Springs

    /// The number of frames sampled for a spring scene at `hz`: up to and including the frame
    /// where the stop condition fires on the exact spring, or up to `maximumSimulatedTime`.
    public static func frameCount(of scene: SpringScene, hz: Double) -> Int {
        let limit = Int(min(scene.maximumSimulatedTime * hz, Double(maximumFrames)).rounded(.down))
        var k = 0
        while k < limit, !scene.stopHolds(at: Double(k) / hz) { k += 1 }
        return k + 1
    }

    static func validateSpring(_ scene: SpringScene, hz: Double, thresholds: Thresholds) throws(MotionError)
        -> ValidationReport
    {
        let count = frameCount(of: scene, hz: hz)
        // Frames at rest before the start and, once the stop fires, after it (the value stays).
        let stopTime = scene.stopHolds(at: Double(count - 1) / hz) ? Double(count - 1) / hz : nil
        let rest = framesAtRest
        let total = rest + count + (stopTime == nil ? 0 : rest)
        let start = -Double(rest) / hz
        func positions(_ rate: Double, _ n: Int) -> [SIMD2<Double>] {
            (0..<n).map { k in
                let t = start + Double(k) / rate
                return SIMD2(0, scene.presented(at: min(max(t, 0), stopTime ?? t)))
            }
        }
        let presented = (0..<count).map { scene.presented(at: Double($0) / hz) }
        let (samples, doubled, quadrupled) = try rateLadder(hz: hz, total: total) { (rate, count) throws(MotionError) in
            try FrameSamples(hz: rate, startTime: start, positions: positions(rate, count))
        }
        // The exact motion is smooth for t > 0, but frames only show that when they resolve its
        // oscillation: at least four frames per period (a quarter turn of phase per frame).
        // Faster, the frames alias it into flicker, and the samples alone are judged.
        let resolvesOscillation = scene.motion.spring.dampedFrequency / hz <= 0.5 * .pi
        let metrics = try FrameMetrics(
            samples: samples, doubled: doubled, quadrupled: quadrupled,
            span: AnimationSpan(start: 0, end: stopTime, endsAreBoundaries: true, isSmoothInside: resolvesOscillation),
            thresholds: thresholds)
        var findings = metrics.findings
        if let kick = startKick(samples: samples, doubled: doubled, quadrupled: quadrupled, thresholds: thresholds) {
            findings.append(.startKick(kick))
        }
        let response = try SpringResponse(
            positions: presented, from: scene.motion.initialPosition, target: scene.target, hz: hz,
            thresholds: thresholds)

        // The stop condition under each model.
        var stops: [StopCondition] = []
        let continuousOffsets = (0..<count).map { scene.offset(at: Double($0) / hz) }
        if let rest = scene.restStop {
            // The rest stop fires where the motion is at rest, not where the offset is 0; it
            // flattens the wave drawn there (its residual). An exact 0 before rest is no stop.
            var offsets: [Double] = []
            var residuals: [Double] = []
            for k in 0..<count {
                let t = Double(k) / hz
                let holds = scene.isAtRest(at: t, rest)
                offsets.append(holds ? 0 : (continuousOffsets[k] == 0 ? .leastNonzeroMagnitude : continuousOffsets[k]))
                residuals.append(abs(scene.drawnOffset(at: t)))
            }
            stops.append(try StopCondition(model: .continuousSpring, offsets: offsets, residuals: residuals, hz: hz))
        } else {
            stops.append(
                try StopCondition(
                    model: .continuousSpring, offsets: continuousOffsets,
                    residuals: [Double](repeating: 0, count: count), hz: hz))
        }
        if let end = scene.animationDuration {
            let n = max(count, Int((end * hz).rounded(.up)) + 1)
            var offsets: [Double] = []
            var residuals: [Double] = []
            for k in 0..<n {
                let t = Double(k) / hz
                offsets.append(scene.offset(at: t, model: .animationRemovedAtDuration))
                residuals.append(
                    abs(scene.motion.position(at: t) - scene.presented(at: t, model: .animationRemovedAtDuration)))
            }
            stops.append(try StopCondition(model: .animationRemovedAtDuration, offsets: offsets, residuals: residuals, hz: hz))
        }
        let rule: Finding.StopRule = scene.restStop.map { .rest($0) } ?? .exactOffset
        for stop in stops where scene.stopsOnExactOffset || scene.restStop != nil {
            if stop.frame != nil, stop.snap > thresholds.maxSnap {
                findings.append(.snap(Finding.SpringStop(stop: stop, rule: rule)))
            } else if stop.frame == nil {
                findings.append(.stopNeverFires(Finding.SpringStop(stop: stop, rule: rule)))
            }
        }

        // The redrawn shape's first frame, against the flat edge drawn before the animation.
        var apex: Double?
        var apexStep: Double?
        if scene.shape != nil, count >= 2 {
            let a0 = MenuShape.apex(offset: scene.drawnOffset(at: 0))
            let a1 = MenuShape.apex(offset: scene.drawnOffset(at: 1 / hz))
            apex = a0
            apexStep = abs(a1 - a0)
            if abs(a0) >= thresholds.teleportMinimumStep, abs(a0) > thresholds.teleportFactor * abs(a1 - a0) {
                findings.append(.firstFrameJump(Finding.FirstFrameJump(apex: a0, nextStep: abs(a1 - a0))))
            }
        }

        let integrators = try integratorErrors(scene, hz: hz, count: count, thresholds: thresholds)
        let initial = scene.motion.initialState
        let velocityStep = abs(initial.velocity)
        let accelerationStep = abs(
            scene.motion.spring.acceleration(displacement: initial.displacement, velocity: initial.velocity))
        let report = SpringReport(
            response: response, stops: stops, firstFrameOffset: continuousOffsets[0], firstFrameApex: apex,
            secondFrameApexStep: apexStep, startVelocityStep: velocityStep, startAccelerationStep: accelerationStep,
            integrators: integrators)
        var notes = scene.notes
        if let adaptive = integrators.first(where: { $0.name == IntegratorKind.dopri54.rawValue }), !adaptive.maxError.isFinite {
            notes.append(.adaptiveSolverStopped(time: adaptive.time, stepBudget: adaptiveStepBudget))
        }
        if !resolvesOscillation {
            notes.append(.aliasedOscillation(frequency: scene.motion.spring.dampedFrequency / (2 * .pi), hz: hz))
        }
        notes.append(.springLaunch(velocityStep: velocityStep, accelerationStep: accelerationStep))
        let settle = response.settleTime
        if let stop = stops.first, let time = stop.time, let frame = stop.frame, let rest = scene.restStop {
            notes.append(
                .restStop(rest, frame: frame, time: time, snap: stop.snap, settleTime: settle.flatMap { time > $0 ? $0 : nil }))
        } else if let stop = stops.first, let time = stop.time, let frame = stop.frame {
            let before = frame > 0 ? abs(scene.motion.position(at: Double(frame - 1) / hz) - scene.target) : 0
            notes.append(
                .exactOffsetStop(
                    frame: frame, time: time, deviationBefore: before, target: scene.target,
                    settleTime: settle.flatMap { time > $0 ? $0 : nil }))
        }
        if stops.count > 1, let time = stops[1].time {
            notes.append(.removalStop(duration: scene.animationDuration ?? 0, time: time, snap: stops[1].snap))
        }
        if let growth = scene.waveGrowth, scene.shape != nil {
            notes.append(.waveGrowth(seconds: growth))
        }
        return ValidationReport(
            scene: scene.name, mode: nil, hz: hz, frames: count, duration: Double(count - 1) / hz, metrics: metrics,
            joins: [], seam: nil, seamEndVisible: nil, seamStartVisible: nil, spring: report, frameCostFraction: nil,
            findings: findings, notes: notes)
    }

    /// The start of a spring sampled with frames at rest before it, judged as a kick: the first
    /// frame's velocity (from rest) is more than `teleportFactor` times the change of velocity
    /// over the next frame (the spring's own launch), above the speed floor, and the break test
    /// around t = 0 calls it a break at both doublings. A spring from rest fails the first
    /// condition (its first frame gains half of what the next one gains); an ordinary initial
    /// velocity (UIKit's 0.6 distances per second on the menu) fails it too, being small
    /// against the launch.
    static func startKick(
        samples: FrameSamples, doubled: FrameSamples, quadrupled: FrameSamples, thresholds: Thresholds
    ) -> Finding.StartKick? {
        let rest = framesAtRest
        guard samples.count >= rest + 3 else { return nil }
        let first = samples.velocity(afterFrame: rest), next = samples.velocity(afterFrame: rest + 1)
        let speed = length(first), change = length(next - first)
        guard speed > thresholds.speedFloor, speed > thresholds.teleportFactor * change else { return nil }
        let base = StepAnalysis(samples, thresholds: thresholds)
        guard
            let test = RateDoublingTest.around(
                frame: rest - 1, base: base, doubled: StepAnalysis(doubled, thresholds: thresholds),
                quadrupled: StepAnalysis(quadrupled, thresholds: thresholds), thresholds: thresholds),
            test.isBreak
        else { return nil }
        return Finding.StartKick(firstFrameSpeed: speed, nextFrameChange: change, rateTest: test)
    }

    /// Every integrator against the exact position at each frame: the fixed-step ones stepped
    /// once per frame from the initial state, `dopri54` solving once with error control
    /// (rtol = atol = 1e-9) and sampling the frames by dense output.
    static func integratorErrors(_ scene: SpringScene, hz: Double, count: Int, thresholds: Thresholds)
        throws(MotionError) -> [IntegratorError]
    {
        let exact = (0..<count).map { scene.motion.position(at: Double($0) / hz) }
        var result: [IntegratorError] = []
        for kind in IntegratorKind.allCases {
            let positions = try integratorPositions(kind, scene, hz: hz, count: count)
            result.append(
                try IntegratorError(
                    name: kind.rawValue, integrated: positions, exact: exact, hz: hz, thresholds: thresholds))
        }
        return result
    }

    /// The integrator `kind`'s position `target + displacement` at frames `0..<count`: a
    /// fixed-step one stepped once per frame (step `1 / hz`) from the initial state, an adaptive
    /// one by ``adaptivePositions(_:_:hz:count:)``. Shared by
    /// ``integratorErrors(_:hz:count:thresholds:)`` and the plotted integrator series.
    /// - Throws: `MotionError` when the integrator cannot be prepared for the spring and step.
    /// - Complexity: O(count).
    static func integratorPositions(_ kind: IntegratorKind, _ scene: SpringScene, hz: Double, count: Int)
        throws(MotionError) -> [Double]
    {
        guard kind.isFixedStep else { return try adaptivePositions(kind, scene, hz: hz, count: count) }
        let integrator: AnySpringIntegrator
        do {
            integrator = try kind.integrator(spring: scene.motion.spring, step: 1 / hz)
        } catch {
            throw MotionError("integrator \(kind.rawValue) could not be prepared: \(error)")
        }
        var state = scene.motion.initialState
        var positions: [Double] = []
        positions.reserveCapacity(count)
        for k in 0..<count {
            if k > 0 { integrator.advance(&state) }
            positions.append(scene.target + state.displacement)
        }
        return positions
    }

    /// The most steps the adaptive solver may take for one scene: 20 000. At rtol 1e-9 DOPRI5
    /// advances about 0.08 rad of the spring's phase per step on the menu's spring (361 steps
    /// over 2 s at ω₀ = 14.4), so the budget covers ω₀·t ≈ 1600 rad: every spring whose
    /// oscillation 240 Hz frames resolve, until its stop fires. A spring with ω₀ = 10⁶ rad/s
    /// would need millions of steps, seconds of work for a comparison its aliased frames make
    /// moot; its dopri54 series ends at the budget, shown as diverged.
    static let adaptiveStepBudget = 20_000

    /// An adaptive integrator (`dopri54`) driven by SpringSolver's frame stepper: one solve with
    /// error control, the frames read from its dense output. A solver failure (step-size
    /// underflow, or more than `adaptiveStepBudget` steps on an absurdly stiff spring) ends the
    /// series there as a divergence (∞).
    static func adaptivePositions(_ kind: IntegratorKind, _ scene: SpringScene, hz: Double, count: Int)
        throws(MotionError) -> [Double]
    {
        var stepper: FrameStepper<Double>
        do {
            stepper = try FrameStepper(
                motion: scene.motion, integrator: kind, frameRate: hz, rest: nil,
                adaptiveOptions: DormandPrince54Options(maximumSteps: adaptiveStepBudget))
        } catch {
            throw MotionError("integrator \(kind.rawValue) could not be prepared: \(error)")
        }
        var positions = [scene.target + stepper.state.displacement]
        positions.reserveCapacity(count)
        while positions.count < count {
            guard let frame = try? stepper.advanceFrame() else { break }
            positions.append(frame.position)
        }
        while positions.count < count { positions.append(.infinity) }
        return positions
    }
}
