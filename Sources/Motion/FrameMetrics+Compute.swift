import Foundation  // atan2, hypot

/// `|v|` without overflow or underflow in the squares: steps of 1e200 pt stay finite, steps of
/// 1e-200 pt stay non-zero. Components within 2⁻⁵⁰⁰…2⁵⁰⁰ square and add without either (the
/// plain square root, several times faster than `hypot`, which it agrees with to an ulp);
/// others go through `hypot`.
@inlinable
func length(_ v: SIMD2<Double>) -> Double {
    let m = max(abs(v.x), abs(v.y))
    if m < 0x1p500, m > 0x1p-500 { return (v.x * v.x + v.y * v.y).squareRoot() }
    return hypot(v.x, v.y)
}

/// A number that orders heading changes as their angle does, without `atan2`: for the angle θ
/// between two vectors with `|cross|` c and dot product d, c / (c + d) for d ≥ 0 (0 … 1 over
/// 0° … 90°) and 2 − c / (c − d) for d < 0 (1 … 2 over 90° … 180°) — monotone in θ, so a scan
/// takes `atan2` only where an angle may beat the largest so far or a limit.
@inlinable
func pseudoAngle(cross c: Double, dot d: Double) -> Double {
    guard c + abs(d) > 0 else { return 0 }
    return d >= 0 ? c / (c + d) : 2 - c / (c - d)
}

/// `value` as an `Int`, clamped to ±2⁶² first so that no finite (or infinite) value traps; NaN
/// gives 0. Frame indices this large mean only "far outside the samples".
func clampedInt(_ value: Double) -> Int {
    guard !value.isNaN else { return 0 }
    return Int(max(min(value, 4.6e18), -4.6e18))
}

/// Steps, teleports and two-frame velocity changes of one set of samples: the shared ground of
/// every metric and of the rate-doubling test.
struct StepAnalysis {
    let samples: FrameSamples
    /// `dₖ = |pₖ₊₁ − pₖ|`, points.
    let steps: [Double]
    /// Whether step k is a teleport.
    let isTeleport: [Bool]
    let teleports: [Teleport]
    /// The steps across a designed step (flagged in `isTeleport` too, so no window or speed uses
    /// them), in frame order.
    let designed: [Teleport]

    init(_ samples: FrameSamples, thresholds: Thresholds, designedSteps: [Double] = []) {
        self.samples = samples
        let n = samples.positions.count
        var steps: [Double] = []
        steps.reserveCapacity(max(n - 1, 0))
        for k in 0..<max(n - 1, 0) {
            steps.append(length(samples.displacement(afterFrame: k)))
        }
        var flags = [Bool](repeating: false, count: steps.count)
        var found: [Teleport] = []
        if steps.count >= 2 {
            for k in steps.indices {
                let before = k > 0 ? steps[k - 1] : 0
                let after = k + 1 < steps.count ? steps[k + 1] : 0
                let neighbour = max(before, after)
                if steps[k] >= thresholds.teleportMinimumStep,
                    steps[k] > thresholds.teleportFactor * neighbour
                {
                    flags[k] = true
                }
            }
        }
        // A step whose interval (t_k, t_k+1] holds a designed step is the motion's intent.
        var isDesigned = [Bool](repeating: false, count: steps.count)
        if !designedSteps.isEmpty {
            let slack = 1e-9 / samples.hz
            var next = 0
            for k in steps.indices {
                let from = samples.time(ofFrame: k) + slack, to = samples.time(ofFrame: k + 1) + slack
                while next < designedSteps.count, designedSteps[next] <= from { next += 1 }
                if next < designedSteps.count, designedSteps[next] <= to {
                    isDesigned[k] = true
                    flags[k] = true
                }
            }
        }
        self.steps = steps
        self.isTeleport = flags
        var designed: [Teleport] = []
        for k in steps.indices where flags[k] {
            let before = k > 0 ? steps[k - 1] : 0
            let after = k + 1 < steps.count ? steps[k + 1] : 0
            let step = Teleport(
                distance: steps[k], neighbourStep: max(before, after),
                from: Self.event(samples, k), to: Self.event(samples, k + 1))
            if isDesigned[k] { designed.append(step) } else { found.append(step) }
        }
        self.teleports = found
        self.designed = designed
    }

    static func event(_ samples: FrameSamples, _ k: Int) -> FrameEvent {
        FrameEvent(
            frame: frameNumber(samples, k), time: samples.time(ofFrame: k), element: samples.elements?[k],
            nextElement: nil, position: samples.positions[k])
    }

    /// Sample `k`'s frame number counted from t = 0 (samples may start before it).
    static func frameNumber(_ samples: FrameSamples, _ k: Int) -> Int {
        k &+ clampedInt((samples.startTime * samples.hz).rounded())
    }

    /// The event at the vertex `k + 1` of the steps k and k + 1, naming the join when the steps
    /// cross one.
    func vertexEvent(_ k: Int) -> FrameEvent {
        var next: Int?
        if let elements = samples.elements, k + 2 < elements.count, elements[k] != elements[k + 2] {
            next = elements[k + 2]
        }
        return FrameEvent(
            frame: Self.frameNumber(samples, k + 1), time: samples.time(ofFrame: k + 1),
            element: next != nil ? samples.elements?[k] : samples.elements?[k + 1], nextElement: next,
            position: samples.positions[k + 1])
    }

    func event(_ k: Int) -> FrameEvent { Self.event(samples, k) }

    /// `|vₖ₊₂ − vₖ|`, or `nil` when the window k…k+3 is out of range or holds a teleport.
    func velocityChange(_ k: Int) -> Double? {
        guard k >= 0, k + 2 < steps.count else { return nil }
        if isTeleport[k] || isTeleport[k + 1] || isTeleport[k + 2] { return nil }
        return length(samples.velocity(afterFrame: k + 2) - samples.velocity(afterFrame: k))
    }

    /// The worst two-frame velocity change over windows lying inside `[from, to]` (seconds), with
    /// the window's first frame.
    func maxVelocityChange(from: Double, to: Double) -> (value: Double, frame: Int)? {
        let hz = samples.hz
        let slack = 1e-9 / hz
        let first = max(0, clampedInt(((from - samples.startTime) * hz - 1e-6).rounded(.up)))
        var best: (value: Double, frame: Int)?
        var k = first
        while k + 2 < steps.count, samples.time(ofFrame: k + 3) <= to + slack {
            if let change = velocityChange(k), change > (best?.value ?? -1) {
                best = (change, k)
            }
            k += 1
        }
        return best
    }
}

extension RateDoublingTest {
    /// The test over `[from, to]`: the worst two-frame velocity change of `base` against that of
    /// `doubled` in the same stretch of time. `nil` when either has no window there or the base
    /// change is zero.
    static func over(
        from: Double, to: Double, base: StepAnalysis, doubled: StepAnalysis, quadrupled: StepAnalysis?,
        thresholds: Thresholds
    ) -> RateDoublingTest? {
        guard let change = base.maxVelocityChange(from: from, to: to), change.value > 0,
            let doubledChange = doubled.maxVelocityChange(from: from, to: to)
        else { return nil }
        let ratio = doubledChange.value / change.value
        var finer: (change: Double, ratio: Double)?
        if let quadrupled, doubledChange.value > 0,
            let quadrupledChange = quadrupled.maxVelocityChange(from: from, to: to)
        {
            finer = (quadrupledChange.value, quadrupledChange.value / doubledChange.value)
        }
        return RateDoublingTest(
            hz: base.samples.hz, velocityChange: change.value,
            doubledVelocityChange: doubledChange.value, ratio: ratio,
            quadrupledVelocityChange: finer?.change, finerRatio: finer?.ratio, breakRatio: thresholds.breakRatio,
            isBreak: ratio >= thresholds.breakRatio && (finer.map { $0.ratio >= thresholds.breakRatio } ?? true))
    }

    /// The test around the two steps that start at frame `j` (positions j…j+2): any discontinuity
    /// that changed step j into step j+1 lies in `[t_j, t_{j+2}]`, and one frame of margin on
    /// each side guarantees a window at either rate with it in the window's middle step.
    ///
    /// `within` clips that stretch: between an animation's designed boundaries, so that a step
    /// at a boundary (a start from rest) does not count as a break of the moment next to it.
    static func around(
        frame j: Int, base: StepAnalysis, doubled: StepAnalysis, quadrupled: StepAnalysis?,
        within: (from: Double, to: Double)? = nil, thresholds: Thresholds
    ) -> RateDoublingTest? {
        let samples = base.samples
        var from = samples.time(ofFrame: j - 1), to = samples.time(ofFrame: j + 3)
        if let within {
            from = max(from, within.from)
            to = min(to, within.to)
        }
        return over(
            from: from, to: to, base: base, doubled: doubled, quadrupled: quadrupled, thresholds: thresholds)
    }
}

extension FrameMetrics {
    /// Measures `samples`; with `doubled` (the same motion sampled at twice the rate from the
    /// same start time) every large change is also classified as a smooth bend or a break, and
    /// with `quadrupled` too (four times the rate) a break must hold over both doublings.
    ///
    /// `span` is the animation's own time span when the samples also show the object at rest
    /// before and after it: the speed profile covers the animation's steps only, and when its
    /// ends are boundaries a speed jump or turn whose two steps straddle the start or the end (a
    /// start from rest, a stop) is not a break. A position jump there still is a teleport: a
    /// move shorter than a frame is seen as one.
    ///
    /// - Throws: `MotionError` for doubled or quadrupled samples at another rate or start.
    /// - Complexity: O(n log n) for n frames (the median sorts the speeds).
    public init(
        samples: FrameSamples, doubled: FrameSamples? = nil, quadrupled: FrameSamples? = nil,
        span: AnimationSpan? = nil, thresholds: Thresholds = Thresholds()
    ) throws(MotionError) {
        let thresholds = try thresholds.validated()
        for (finer, factor, name) in [(doubled, 2.0, "doubled"), (quadrupled, 4.0, "quadrupled")] {
            guard let finer else { continue }
            guard abs(finer.hz - factor * samples.hz) <= 1e-9 * samples.hz, finer.startTime == samples.startTime
            else {
                throw MotionError(
                    "\(name) samples must run at \(factor * samples.hz) Hz from t = \(samples.startTime) s, got \(finer.hz) Hz from t = \(finer.startTime) s")
            }
        }
        if quadrupled != nil, doubled == nil {
            throw MotionError("quadrupled samples need the doubled ones too (the break test doubles the rate twice)")
        }
        let designedSteps = span?.designedSteps ?? []
        let base = StepAnalysis(samples, thresholds: thresholds, designedSteps: designedSteps)
        let fine = doubled.map { StepAnalysis($0, thresholds: thresholds, designedSteps: designedSteps) }
        let finer = quadrupled.map { StepAnalysis($0, thresholds: thresholds, designedSteps: designedSteps) }
        let hz = samples.hz
        let steps = base.steps
        let slack = 1e-9 / hz

        var maxStep = 0.0
        var maxStepAt: FrameEvent?
        for k in steps.indices where steps[k] > maxStep || maxStepAt == nil {
            maxStep = steps[k]
            maxStepAt = base.event(k)
        }

        /// Whether step k moves during the animation (not a step between frames at rest around it).
        func isAnimated(_ k: Int) -> Bool {
            guard let span else { return true }
            return samples.time(ofFrame: k + 1) > span.start + slack
                && (span.end.map { samples.time(ofFrame: k) < $0 - slack } ?? true)
        }
        var speeds: [Double] = []
        speeds.reserveCapacity(steps.count)
        for k in steps.indices where !base.isTeleport[k] && isAnimated(k) { speeds.append(steps[k] * hz) }
        speeds.sort()
        let profile: SpeedProfile? =
            speeds.isEmpty
            ? nil
            : SpeedProfile(
                min: speeds[0],
                median: speeds.count % 2 == 1
                    ? speeds[speeds.count / 2]
                    : 0.5 * (speeds[speeds.count / 2 - 1] + speeds[speeds.count / 2]),
                max: speeds[speeds.count - 1])

        let floor = thresholds.speedFloor
        // Between designed boundaries the break test looks only inside the animation.
        let within = span.flatMap { span -> (from: Double, to: Double)? in
            span.endsAreBoundaries ? (span.start, span.end ?? .infinity) : nil
        }
        func test(_ k: Int) -> RateDoublingTest? {
            fine.flatMap {
                RateDoublingTest.around(
                    frame: k, base: base, doubled: $0, quadrupled: finer, within: within, thresholds: thresholds)
            }
        }
        let scan = PeakScan(base, span: span, thresholds: thresholds, collectsCandidates: true)
        let (jump, turn) = (scan.jump, scan.turn)
        let (jumpCandidates, turnCandidates) = (scan.jumpCandidates, scan.turnCandidates)
        /// The candidates that are breaks, the largest of any cluster within three frames.
        func breaks(_ candidates: [(value: Double, k: Int)]) -> [(k: Int, test: RateDoublingTest?)] {
            // Boundary candidates were left out above; the rest lie inside a known-smooth span.
            if span.map({ $0.isSmoothInside && $0.endsAreBoundaries }) ?? false { return [] }
            var kept: [(value: Double, k: Int, test: RateDoublingTest?)] = []
            for candidate in candidates.sorted(by: { $0.value > $1.value }) {
                if kept.contains(where: { abs($0.k - candidate.k) <= 3 }) { continue }
                let rateTest = test(candidate.k)
                if rateTest?.isBreak ?? true { kept.append((candidate.value, candidate.k, rateTest)) }
            }
            return kept.sorted { $0.k < $1.k }.map { ($0.k, $0.test) }
        }
        func speedJump(_ k: Int, _ rateTest: RateDoublingTest?) -> SpeedJump {
            let before = steps[k] * hz
            let after = steps[k + 1] * hz
            return SpeedJump(
                ratio: max(before, after) / max(min(before, after), floor), speedBefore: before, speedAfter: after,
                at: base.vertexEvent(k), rateTest: rateTest)
        }
        func turnEvent(_ k: Int, _ degrees: Double, _ rateTest: RateDoublingTest?) -> Turn {
            Turn(degrees: degrees, at: base.vertexEvent(k), rateTest: rateTest)
        }

        self.hz = hz
        self.frames = samples.count
        self.maxStep = maxStep
        self.maxStepAt = maxStepAt
        self.speed = profile
        self.speedJump = jump.map { speedJump($0.k, test($0.k)) }
        self.speedJumpBreaks = breaks(jumpCandidates).map { speedJump($0.k, $0.test) }
        self.maxTurn = turn.map { turnEvent($0.k, $0.degrees, test($0.k)) }
        let turnValues = Dictionary(turnCandidates.map { ($0.k, $0.value) }, uniquingKeysWith: max)
        self.turnBreaks = breaks(turnCandidates).map { turnEvent($0.k, turnValues[$0.k] ?? 0, $0.test) }
        self.teleports = base.teleports
        self.designedSteps = base.designed
        self.span = span
        // The whole-motion figures cover the animation between designed boundaries, else every sample.
        let first = within?.from ?? samples.startTime
        let last = within?.to ?? .infinity
        let whole = base.maxVelocityChange(from: first, to: last)
        self.maxVelocityChange = whole.map { VelocityChange(magnitude: $0.value, at: base.event($0.frame + 1)) }
        if let fine, samples.count > 0 {
            self.rateDoubling = RateDoublingTest.over(
                from: first, to: min(last, samples.time(ofFrame: samples.count - 1)),
                base: base, doubled: fine, quadrupled: finer, thresholds: thresholds)
        } else {
            self.rateDoubling = nil
        }
    }
}

/// The largest consecutive-step speed ratio and turn over a run of frames, and the steps beyond
/// the thresholds (the break candidates): one scan shared by ``FrameMetrics`` and the phase
/// sweep, which needs only the peaks.
struct PeakScan {
    var jump: (ratio: Double, k: Int)?
    var turn: (degrees: Double, k: Int)?
    var jumpCandidates: [(value: Double, k: Int)] = []
    var turnCandidates: [(value: Double, k: Int)] = []

    /// - Complexity: O(n) for n frames.
    init(_ base: StepAnalysis, span: AnimationSpan?, thresholds: Thresholds, collectsCandidates: Bool) {
        let samples = base.samples
        let steps = base.steps
        let hz = samples.hz
        let slack = 1e-9 / hz
        let floor = thresholds.speedFloor
        // The boundaries the span says are designed, in time order: a designed step is one
        // whatever the ends are (the motion restarts its velocity there by intent); the ends
        // are when they are boundaries.
        var boundaries = span?.designedSteps ?? []
        if let span, span.endsAreBoundaries { boundaries += [span.start, span.end].compactMap { $0 } }
        boundaries.sort()
        var nextBoundary = 0
        /// Whether the steps k and k + 1 straddle a boundary: one in (t_k, t_k+2), the window
        /// narrowed by `slack` at both ends. k only grows, so the first boundary past the
        /// window's start only moves forward.
        func straddlesBoundary(_ k: Int) -> Bool {
            // Past the last boundary no window straddles one (and no frame time is computed).
            guard nextBoundary < boundaries.count else { return false }
            let from = samples.time(ofFrame: k) + slack, to = samples.time(ofFrame: k + 2) - slack
            while nextBoundary < boundaries.count, !(boundaries[nextBoundary] > from) { nextBoundary += 1 }
            return nextBoundary < boundaries.count && boundaries[nextBoundary] < to
        }
        // atan2 only where an angle may beat the largest so far or the limit (a margin of 1e-9
        // in the pseudo-angle covers its rounding; the comparisons themselves are in degrees).
        let limitRadians = thresholds.maxTurnDegrees * .pi / 180
        let limitPseudo = limitRadians >= .pi ? 2.0 : pseudoAngle(cross: abs(sin(limitRadians)), dot: cos(limitRadians))
        var largestPseudo = -1.0
        for k in 0..<max(steps.count - 1, 0)
        where !base.isTeleport[k] && !base.isTeleport[k + 1] && !straddlesBoundary(k) {
            let before = steps[k] * hz
            let after = steps[k + 1] * hz
            let high = max(before, after)
            if high > floor {
                let ratio = high / max(min(before, after), floor)
                if ratio > (jump?.ratio ?? 0) { jump = (ratio, k) }
                if collectsCandidates, ratio > thresholds.maxSpeedJump { jumpCandidates.append((ratio, k)) }
            }
            if before >= floor, after >= floor {
                let a0 = samples.displacement(afterFrame: k)
                let b0 = samples.displacement(afterFrame: k + 1)
                let largestA = max(abs(a0.x), abs(a0.y)), largestB = max(abs(b0.x), abs(b0.y))
                let scale = max(largestA, largestB)
                // A screen first, without the four divisions of the scaling: where the unscaled
                // products neither overflow nor lose bits to underflow (each vector's largest
                // component within 2⁻²⁰⁰…2²⁰⁰), the pseudo-angle from them differs from the
                // scaled one by a few roundings of |a||b| / (|cross| + |dot|) ≤ 1, far below
                // 1e-6. One below every bar by more than that fails the exact test below too:
                // skipping it changes nothing.
                if scale < 0x1p200, min(largestA, largestB) > 0x1p-200 {
                    let bar = collectsCandidates ? min(largestPseudo, limitPseudo) : largestPseudo
                    let cross = a0.x * b0.y - a0.y * b0.x
                    if pseudoAngle(cross: abs(cross), dot: (a0 * b0).sum()) < bar - 1e-6 { continue }
                }
                // Scaled to the larger component first, so the products cannot overflow.
                let a = a0 / scale, b = b0 / scale
                let cross = a.x * b.y - a.y * b.x
                let dot = (a * b).sum()
                let pseudo = pseudoAngle(cross: abs(cross), dot: dot)
                let mayLead = pseudo >= largestPseudo - 1e-9
                let mayPass = collectsCandidates && pseudo >= limitPseudo - 1e-9
                guard mayLead || mayPass else { continue }
                let degrees = atan2(abs(cross), dot) * 180 / .pi
                if degrees > (turn?.degrees ?? -1) {
                    turn = (degrees, k)
                    largestPseudo = pseudo
                }
                if collectsCandidates, degrees > thresholds.maxTurnDegrees { turnCandidates.append((degrees, k)) }
            }
        }
    }
}

extension FrameMetrics {
    /// The three figures the phase sweep takes from each phase — the largest speed jump, turn
    /// and step — exactly as ``FrameMetrics/init(samples:doubled:quadrupled:span:thresholds:)``
    /// computes them (the same step analysis and ``PeakScan``), without the speed profile, the
    /// break tests or the velocity changes it does not use.
    ///
    /// - Complexity: O(n) for n frames.
    static func peaks(samples: FrameSamples, span: AnimationSpan?, thresholds: Thresholds)
        -> (speedJump: Double?, turn: Double?, maxStep: Double)
    {
        let base = StepAnalysis(samples, thresholds: thresholds, designedSteps: span?.designedSteps ?? [])
        let scan = PeakScan(base, span: span, thresholds: thresholds, collectsCandidates: false)
        return (scan.jump?.ratio, scan.turn?.degrees, base.steps.max() ?? 0)
    }
}
