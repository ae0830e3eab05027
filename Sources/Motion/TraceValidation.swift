extension MotionTrace {
    /// What the display showed at each refresh from the first frame shown to the last, at `hz`:
    /// the latest frame presented at or before each refresh (a late frame leaves the one before
    /// on screen). Nothing is interpolated: a trace has no positions between its frames.
    /// - Throws: `MotionError` for a rate that is not positive and finite, or more than
    ///   `Validation.maximumFrames` refreshes.
    /// - Complexity: O(samples + refreshes).
    public func displayed(hz: Double) throws(MotionError) -> FrameSamples {
        try MotionError.requirePositive(hz, "rate (frames per second)")
        try requireSampleable(hz: hz)
        let shown = shownAt
        let first = shown[0], span = shown[shown.count - 1] - first
        let refreshes = Int((span * hz + 1e-6).rounded(.down)) + 1
        var positions: [SIMD2<Double>] = []
        positions.reserveCapacity(refreshes)
        var frame = 0
        for j in 0..<refreshes {
            let t = first + Double(j) / hz + FrameDelivery.Grid.slack
            while frame + 1 < shown.count, shown[frame + 1] <= t { frame += 1 }
            positions.append(self.positions[frame])
        }
        return try FrameSamples(hz: hz, startTime: first, positions: positions)
    }
}

extension MotionTrace {
    /// Rejects a trace whose span, from the first frame shown to the last, holds more than
    /// `Validation.maximumFrames` refreshes at `hz`: it would be sampled refresh by refresh
    /// (`--trace`) or delivered frame by frame (`--frames trace:FILE`). A last timestamp of
    /// 1e9 s is a 4 GB allocation otherwise. A recorded `interval` column counts refresh slots
    /// too (Chrome's dropped-frame measure): the span over its finest interval is bounded alike
    /// (an interval of 1e-15 s asked for 34 GB). The message names the trace's source.
    /// - Throws: `MotionError` saying the span, the rate and the bound.
    public func requireSampleable(hz: Double) throws(MotionError) {
        let shown = shownAt
        let span = shown[shown.count - 1] - shown[0]
        try Validation.requireSampleable(span: span, hz: hz, what: "\(source): a trace span")
        if span > 0, let finest = intervals?.min() {
            try Validation.requireSampleable(span: span, interval: finest, what: "\(source): a trace span")
        }
    }
}

extension MotionTrace {
    /// Steps whose speed over their own time (`times`) is more than `teleportFactor` times both
    /// neighbours' and that are at least `teleportMinimumStep` long: the object jumped. A step
    /// across a gap in the recording at the motion's own speed is not one.
    /// - Complexity: O(samples).
    public func recordedTeleports(thresholds: Thresholds = Thresholds()) -> [Teleport] {
        let n = count
        guard n >= 3 else { return [] }
        var steps: [Double] = [], speeds: [Double] = []
        for k in 0..<(n - 1) {
            let step = length(positions[k + 1] - positions[k])
            steps.append(step)
            speeds.append(step / (times[k + 1] - times[k]))
        }
        func event(_ k: Int) -> FrameEvent {
            FrameEvent(frame: k, time: times[k], element: nil, nextElement: nil, position: positions[k])
        }
        var found: [Teleport] = []
        for k in steps.indices {
            let before = k > 0 ? speeds[k - 1] : 0, after = k + 1 < speeds.count ? speeds[k + 1] : 0
            let neighbour = max(before, after)
            guard steps[k] >= thresholds.teleportMinimumStep, speeds[k] > thresholds.teleportFactor * neighbour else { continue }
            found.append(
                Teleport(distance: steps[k], neighbourStep: neighbour * (times[k + 1] - times[k]), from: event(k), to: event(k + 1)))
        }
        return found
    }
}

extension Validation {
    /// A recorded trace at `hz` (default: its own rate, ``MotionTrace/inferredRate``).
    ///
    /// What a trace's verdict means: it judges what the recording shows, refresh by refresh
    /// (``MotionTrace/displayed(hz:)``): teleports (one step far above both neighbours), and
    /// late frames by every platform's measure (janky when XCTest grades the hitch time ratio
    /// critical). Speed jumps and turns are measured and reported but not judged: telling a
    /// sharp bend from a break takes samples at twice and four times the rate, which a
    /// recording does not have, and interpolating them would invent the answer. The on-screen
    /// error needs the ideal trajectory, which a recording does not have either.
    /// - Throws: `MotionError` for a bad rate, bad thresholds or too many refreshes.
    /// - Complexity: O(samples + refreshes).
    public static func validate(
        trace: MotionTrace, hz: Double? = nil, thresholds: Thresholds = Thresholds(),
        platformThresholds: PlatformThresholds = PlatformThresholds()
    ) throws(MotionError) -> ValidationReport {
        let thresholds = try thresholds.validated()
        let platformThresholds = try platformThresholds.validated()
        guard let hz = hz ?? trace.inferredRate else {
            guard trace.count >= 2 else {
                throw MotionError("\(trace.source): one sample gives no frame rate; expected at least two samples or a rate (--hz)")
            }
            throw MotionError(
                "\(trace.source): its frames are too close together to give a finite frame rate (the median interval is below 5.6e-309 s); expected frames a frame interval apart, or a rate (--hz)")
        }
        try MotionError.requirePositive(hz, "rate (frames per second)")
        let samples = try trace.displayed(hz: hz)
        let shown = trace.shownAt
        let span = try AnimationSpan(start: shown[0], end: shown[shown.count - 1], endsAreBoundaries: true)
        let shownMetrics = try FrameMetrics(samples: samples, span: span, thresholds: thresholds)
        // Teleports from the recorded frames, each step's speed over its own time: a frame held
        // by a hitch, then the motion caught up, is a late frame (judged below), not a jump.
        let m = shownMetrics
        let metrics = FrameMetrics(
            hz: m.hz, frames: m.frames, maxStep: m.maxStep, maxStepAt: m.maxStepAt, speed: m.speed, speedJump: m.speedJump,
            speedJumpBreaks: m.speedJumpBreaks, maxTurn: m.maxTurn, turnBreaks: m.turnBreaks,
            teleports: trace.recordedTeleports(thresholds: thresholds), designedSteps: [],
            maxVelocityChange: m.maxVelocityChange, rateDoubling: nil, span: span)
        // Only teleports are judged.
        let teleports = metrics.teleports.map(Finding.teleport)
        let frames = trace.deliveredFrames(hz: hz)
        let delivery = FrameDelivery(model: .recorded(frames), hz: hz, frames: frames)
        let platform = PlatformMetrics(frames: frames, thresholds: platformThresholds)
        let late = lateFrameFindings(platform, model: delivery.model, thresholds: platformThresholds)
        let options = DeliveryOptions(model: delivery.model, clock: .target, thresholds: platformThresholds)
        let report = DeliveryReport(
            options: options, delivery: delivery, platform: platform, shown: trace.positions, ideal: nil, onScreen: nil,
            frameCounted: nil, frameCountedDelay: nil, span: shown[shown.count - 1] - shown[0], findings: late)
        var notes: [Note] = [.recording(frames: trace.count, span: span.end! - span.start, hz: hz)]
        if trace.presentations == nil { notes.append(.recordingWithoutPresentTimes) }
        if trace.targets == nil { notes.append(.recordingWithoutTargetTimes) }
        let validated = ValidationReport(
            scene: trace.source, mode: nil, hz: hz, frames: samples.count, duration: span.end! - span.start, metrics: metrics,
            joins: [], seam: nil, seamEndVisible: nil, seamStartVisible: nil, spring: nil, frameCostFraction: nil,
            findings: teleports, notes: notes
        ).withDelivery(report)
        try requireFiniteMetrics(validated)
        return validated
    }
}

extension Scene {
    /// A recorded trace as a scene: a timeline that shows, at any time, the last frame presented
    /// at or before it (what the display showed), from the first presentation to the last.
    /// Validate it with ``Validation/validate(trace:hz:thresholds:platformThresholds:)``; the
    /// scene gives plots and reports its place.
    /// - Throws: `MotionError` if the trace's times are unusable as a timeline.
    public static func trace(_ trace: MotionTrace) throws(MotionError) -> Scene {
        let shown = trace.shownAt, positions = trace.positions
        let motion = try TimelineMotion(
            quantity: .position, start: shown[0], end: shown[shown.count - 1],
            value: { t in
                // The last frame shown at or before t (binary search).
                var low = 0, high = shown.count - 1
                while low < high {
                    let middle = (low + high + 1) / 2
                    if shown[middle] <= t + FrameDelivery.Grid.slack { low = middle } else { high = middle - 1 }
                }
                return positions[low]
            })
        return Scene(name: trace.source, kind: .timeline(motion, viewport: nil))
    }
}
