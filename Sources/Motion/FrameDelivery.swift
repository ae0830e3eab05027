/// Which time an engine samples its animation at, inside its display-link callback.
///
/// Apple's `CADisplayLink` hands the callback two times: `timestamp` (the vsync that fired it)
/// and `targetTimestamp` (the vsync the frame is meant to be shown at; Apple's "Optimizing
/// ProMotion refresh rates for iPhone 13 Pro and iPad Pro" asks animations to use it). Reading
/// the current time in the callback (`CACurrentMediaTime()`, `performance.now()`) instead adds
/// the callback's own scheduling delay to every frame: the known bug `now` models.
public enum FrameClock: String, Sendable, CaseIterable {
    /// The vsync the frame is meant to be presented at (`targetTimestamp`).
    case target
    /// The vsync that fired the callback (`timestamp`).
    case timestamp
    /// The time the callback ran.
    case now
}

/// A seeded per-frame production cost: how long the app takes to produce each frame.
///
/// A frame costs `typicalCost ± jitter` (uniform), and with probability `spikeProbability` a
/// spike of `spikeCost` instead (a layout pass, a decode, a garbage collection). The callback
/// itself runs up to `callbackLatency` after its vsync (uniform), which is what the `now` clock
/// reads. Costs are in seconds, not fractions of the frame: the same work that fits a 60 Hz
/// frame (16.7 ms) may miss a 120 Hz one (8.3 ms).
public struct LoadProfile: Sendable, Equatable {
    public let name: String
    /// Seconds.
    public let typicalCost: Double
    /// Half-width of the uniform spread around `typicalCost`, seconds.
    public let jitter: Double
    /// Probability that a frame is a spike, in [0, 1].
    public let spikeProbability: Double
    /// A spike's cost, seconds.
    public let spikeCost: Double
    /// The largest delay between a vsync and its callback, seconds.
    public let callbackLatency: Double
    /// Frames in flight: 1 (a frame started at one vsync is due at the next) or 2 (due at the one
    /// after: one more frame of latency, and a frame may take up to two intervals).
    public let pipelineDepth: Int

    public init(
        name: String, typicalCost: Double, jitter: Double, spikeProbability: Double, spikeCost: Double,
        callbackLatency: Double, pipelineDepth: Int = 1
    ) throws(MotionError) {
        for (value, what) in [
            (typicalCost, "typical frame cost"), (jitter, "frame cost jitter"), (spikeCost, "spike cost"),
            (callbackLatency, "callback latency"),
        ] {
            try MotionError.requireNonNegative(value, "\(what) (seconds)")
        }
        guard jitter <= typicalCost else {
            throw MotionError("frame cost jitter must be at most the typical cost (\(compact(typicalCost)) s), got \(compact(jitter))")
        }
        guard spikeProbability.isFinite, (0...1).contains(spikeProbability) else {
            throw MotionError("spike probability must be in 0…1, got \(spikeProbability)")
        }
        guard pipelineDepth == 1 || pipelineDepth == 2 else {
            throw MotionError("pipeline depth must be 1 or 2, got \(pipelineDepth)")
        }
        self.name = name
        self.typicalCost = typicalCost
        self.jitter = jitter
        self.spikeProbability = spikeProbability
        self.spikeCost = spikeCost
        self.callbackLatency = callbackLatency
        self.pipelineDepth = pipelineDepth
    }

    /// Light work: 4 ± 1 ms, a 12 ms spike in 0.5 % of frames, callbacks within 0.5 ms. Fits
    /// 60 Hz always; a spike misses a 120 Hz frame.
    public static let light = try! LoadProfile(
        name: "light", typicalCost: 0.004, jitter: 0.001, spikeProbability: 0.005, spikeCost: 0.012,
        callbackLatency: 0.0005)
    /// Busy work: 7 ± 2 ms, a 20 ms spike in 3 % of frames, callbacks within 2 ms. Fits 60 Hz but
    /// for the spikes; often misses 120 Hz.
    public static let busy = try! LoadProfile(
        name: "busy", typicalCost: 0.007, jitter: 0.002, spikeProbability: 0.03, spikeCost: 0.020,
        callbackLatency: 0.002)
    /// Stutter: 5 ± 1 ms with a 50 ms stall in 2 % of frames (three 60 Hz frames lost at once),
    /// callbacks within 1 ms.
    public static let stutter = try! LoadProfile(
        name: "stutter", typicalCost: 0.005, jitter: 0.001, spikeProbability: 0.02, spikeCost: 0.050,
        callbackLatency: 0.001)

    /// The named profiles, in the order help lists them.
    public static let all: [LoadProfile] = [light, busy, stutter]

    /// The profile called `name`.
    /// - Throws: `MotionError` naming the unknown profile and the known ones.
    public static func named(_ name: String) throws(MotionError) -> LoadProfile {
        guard let profile = all.first(where: { $0.name == name }) else {
            throw MotionError("unknown load profile '\(name)'; expected one of \(all.map(\.name).joined(separator: ", "))")
        }
        return profile
    }

    /// The same load with another pipeline depth.
    /// - Throws: `MotionError` for a depth other than 1 or 2.
    public func with(pipelineDepth depth: Int) throws(MotionError) -> LoadProfile {
        try LoadProfile(
            name: name, typicalCost: typicalCost, jitter: jitter, spikeProbability: spikeProbability,
            spikeCost: spikeCost, callbackLatency: callbackLatency, pipelineDepth: depth)
    }

    /// One frame's cost and its callback's delay, seconds, drawn from `generator`.
    func draw(_ generator: inout SplitMix64) -> (cost: Double, latency: Double) {
        let spike = unit(&generator) < spikeProbability
        let spread = (2 * unit(&generator) - 1) * jitter
        let latency = unit(&generator) * callbackLatency
        return (spike ? spikeCost : typicalCost + spread, latency)
    }
}

/// A uniform number in [0, 1) from the top 53 bits.
func unit(_ generator: inout SplitMix64) -> Double { Double(generator.next() >> 11) * 0x1p-53 }

/// How frames reach the display.
public enum FrameDeliveryModel: Sendable, Equatable {
    /// Frames at exactly k / hz, shown at the time they were sampled for: the harness's classic
    /// view (`bench validate` without `--frames`).
    case ideal
    /// A vsync grid at the rate: every callback at its vsync, every frame on time.
    case vsync
    /// Frames produced under `LoadProfile`, each shown at the first vsync at or after both its
    /// completion and its target.
    case load(LoadProfile)
    /// A variable refresh rate (ProMotion, adaptive sync): the display starts at the validated
    /// rate and steps down through `rates` (below it) when a frame misses its deadline, back up
    /// after `VariableRate.framesBeforeStepUp` frames in a row that would fit the faster rate.
    case variableRate(rates: [Double], load: LoadProfile)
    /// Frames whose times were recorded (a trace's present, target and sample columns).
    case recorded([DeliveredFrame])

    /// `ideal`, `vsync`, `load:busy`, `vrr:120,80,60,load=busy`: the `--frames` text that
    /// reads back as this model (``FrameDeliverySetting``'s description); `trace` for recorded
    /// frames.
    public var name: String {
        FrameDeliverySetting(self)?.description ?? "trace"
    }
}

/// The variable-rate policy of `FrameDeliveryModel.variableRate`.
public enum VariableRate {
    /// Frames in a row that must fit the next faster rate (cost within its interval, on time)
    /// before the display steps up to it: 30, a quarter second at 120 Hz. A fact of this model,
    /// not of any one platform (iOS does not publish its policy).
    public static let framesBeforeStepUp = 30

    /// The rates ProMotion picks from on an iPad Pro (24–120 Hz, factors of 120): 120, 60, 40,
    /// 30, 24 (Apple, "Optimizing ProMotion refresh rates for iPhone 13 Pro and iPad Pro").
    public static let promotionIPad: [Double] = [120, 60, 40, 30, 24]
    /// On an iPhone (10–120 Hz): 120, 60, 40, 30, 24, 20, 15, 12, 10.
    public static let promotionIPhone: [Double] = [120, 60, 40, 30, 24, 20, 15, 12, 10]

    /// Rejects a set with a rate that is not positive and finite, or without `base`.
    public static func validated(_ rates: [Double], base: Double) throws(MotionError) -> [Double] {
        guard !rates.isEmpty else { throw MotionError("a variable-rate set needs at least one rate, got none") }
        for rate in rates { try MotionError.requirePositive(rate, "variable refresh rate (Hz)") }
        guard rates.contains(where: { abs($0 - base) <= 1e-9 * base }) else {
            throw MotionError(
                "variable-rate set \(rates.map(compact).joined(separator: ",")) lacks the base rate \(compact(base)) Hz; expected a set that contains every validated rate")
        }
        return Array(Set(rates)).sorted(by: >)
    }
}

/// One frame as the display delivered it. Times in seconds on the display's clock, 0 at the
/// first callback (the animation starts there).
public struct DeliveredFrame: Sendable, Equatable {
    /// The vsync that fired the callback.
    public let timestamp: Double
    /// The vsync the frame was meant to be shown at: its deadline.
    public let targetTimestamp: Double
    /// When the callback ran.
    public let callbackTime: Double
    /// When production finished; `nil` when not recorded.
    public let completion: Double?
    /// When it was shown.
    public let presentation: Double
    /// The display's refresh interval for this frame, seconds.
    public let interval: Double

    public init(
        timestamp: Double, targetTimestamp: Double, callbackTime: Double, completion: Double?, presentation: Double,
        interval: Double
    ) {
        self.timestamp = timestamp
        self.targetTimestamp = targetTimestamp
        self.callbackTime = callbackTime
        self.completion = completion
        self.presentation = presentation
        self.interval = interval
    }

    /// Production time (completion − callback), seconds; `nil` when not recorded.
    public var cost: Double? { completion.map { $0 - callbackTime } }
    /// How late the frame was shown, seconds: presentation − target, 0 when on time (Apple's hitch
    /// time, "Explore UI animation hitches and the render loop", WWDC20).
    /// Lateness within `FrameDelivery.Grid.slack` (1 µs) is rounding, not a hitch.
    public var hitch: Double {
        let late = presentation - targetTimestamp
        return late > FrameDelivery.Grid.slack ? late : 0
    }

    /// The time `clock` reads for this frame.
    public func time(_ clock: FrameClock) -> Double {
        switch clock {
        case .target: targetTimestamp
        case .timestamp: timestamp
        case .now: callbackTime
        }
    }
}

/// Frames as a display delivers them under a model, at a base rate.
public struct FrameDelivery: Sendable, Equatable {
    public let model: FrameDeliveryModel
    /// The base (validated) rate, frames per second.
    public let hz: Double
    public let frames: [DeliveredFrame]

    /// Frames under `model` at `hz`, until the engine's clock (every `FrameClock`) has run
    /// `span` seconds past the first frame and `ceil(span·hz)` frames have been counted (so a
    /// frame-counted animation finishes too), and at least two frames; at most
    /// `Validation.maximumFrames`. Deterministic for a `seed`.
    ///
    /// The model of a display link (Apple's render loop, Android's Choreographer): a callback
    /// fires at each vsync while the producer is idle; one that would fire while the producer is
    /// busy fires when it is free, with `timestamp` the vsync just passed. The producer is free
    /// when the frame before is complete and a buffer is: the frame `pipelineDepth` back has
    /// been presented (at depth 1 double buffering, so 20 ms frames show at 30 Hz on a 60 Hz
    /// display; at depth 2 they show at 50).
    /// The frame is due `pipelineDepth` intervals after its `timestamp` and is shown at the
    /// first vsync at or after both its completion and that target, and after the frame before.
    /// - Throws: `MotionError` for a rate or span that is not positive and finite, a VRR set
    ///   without `hz`, or a recorded delivery with no frame.
    /// - Complexity: O(frames).
    public static func simulate(
        _ model: FrameDeliveryModel, hz: Double, span: Double, seed: UInt64 = 0
    ) throws(MotionError) -> FrameDelivery {
        try MotionError.requirePositive(hz, "rate (frames per second)")
        try MotionError.requireNonNegative(span, "animation span (seconds)")
        let counted = Int(min((span * hz * (1 - 1e-12)).rounded(.up), Double(Validation.maximumFrames))) + 1
        switch model {
        case .ideal:
            let frames = (0..<max(counted, 2)).map { k -> DeliveredFrame in
                let t = Double(k) / hz
                return DeliveredFrame(
                    timestamp: t, targetTimestamp: t, callbackTime: t, completion: t, presentation: t, interval: 1 / hz)
            }
            return FrameDelivery(model: model, hz: hz, frames: frames)
        case .vsync:
            let frames = (0..<max(counted, 2)).map { k -> DeliveredFrame in
                let t = Double(k) / hz, next = Double(k + 1) / hz
                return DeliveredFrame(
                    timestamp: t, targetTimestamp: next, callbackTime: t, completion: t, presentation: next,
                    interval: 1 / hz)
            }
            return FrameDelivery(model: model, hz: hz, frames: frames)
        case .load(let load):
            return FrameDelivery(
                model: model, hz: hz,
                frames: produce(load: load, rates: [hz], hz: hz, span: span, counted: counted, seed: seed))
        case .variableRate(let rates, let load):
            let rates = try VariableRate.validated(rates, base: hz).filter { $0 <= hz * (1 + 1e-9) }
            return FrameDelivery(
                model: model, hz: hz,
                frames: produce(load: load, rates: rates, hz: hz, span: span, counted: counted, seed: seed))
        case .recorded(let frames):
            guard let first = frames.first, let last = frames.last else {
                throw MotionError("a recorded delivery needs at least one frame, got none")
            }
            // Its frames are measured against the refresh grid over their span: bounded first.
            let span = last.presentation - first.presentation
            try Validation.requireSampleable(span: span, hz: hz, what: "a recorded delivery's span")
            if span > 0, let finest = frames.map(\.interval).min() {
                try Validation.requireSampleable(span: span, interval: finest, what: "a recorded delivery's span")
            }
            return FrameDelivery(model: model, hz: hz, frames: frames)
        }
    }

    public init(model: FrameDeliveryModel, hz: Double, frames: [DeliveredFrame]) {
        self.model = model
        self.hz = hz
        self.frames = frames
    }

    /// The vsync grid of one refresh rate, anchored at `origin`.
    struct Grid {
        var origin: Double
        var rate: Double
        /// Slack for times computed in floating point: 1 µs, far below any frame interval.
        static let slack = 1e-6

        func atOrAfter(_ t: Double) -> Double {
            origin + ((t - origin) * rate - Self.slack).rounded(.up) / rate
        }
        func atOrBefore(_ t: Double) -> Double {
            origin + ((t - origin) * rate + Self.slack).rounded(.down) / rate
        }
        func after(_ t: Double) -> Double { atOrBefore(t) + 1 / rate }
    }

    /// The display-link loop under a load, with the rate stepping through `rates` (descending,
    /// the first the base rate) when there is more than one.
    static func produce(
        load: LoadProfile, rates: [Double], hz: Double, span: Double, counted: Int, seed: UInt64
    ) -> [DeliveredFrame] {
        var generator = SplitMix64(seed: seed)
        var grid = Grid(origin: 0, rate: rates[0])
        var level = 0
        var fitting = 0
        var frames: [DeliveredFrame] = []
        var first: DeliveredFrame?
        func done() -> Bool {
            guard let first, let last = frames.last, frames.count >= max(counted, 2) else { return false }
            return FrameClock.allCases.allSatisfy { last.time($0) - first.time($0) >= span }
        }
        while !done(), frames.count < Validation.maximumFrames {
            let (cost, latency) = load.draw(&generator)
            let timestamp: Double
            let callback: Double
            if let previous = frames.last {
                let next = grid.after(previous.timestamp)
                // The producer is free once the frame before is complete and a buffer is: the
                // frame `pipelineDepth` back has been presented (double buffering at depth 1).
                let back = frames.count - load.pipelineDepth
                let free = max(previous.completion ?? previous.presentation, back >= 0 ? frames[back].presentation : 0)
                if free <= next {
                    timestamp = next
                    callback = next + latency
                } else {
                    timestamp = grid.atOrBefore(free)
                    callback = free + latency
                }
            } else {
                timestamp = 0
                callback = latency
            }
            let interval = 1 / grid.rate
            let target = timestamp + Double(load.pipelineDepth) * interval
            let completion = callback + cost
            var presentation = grid.atOrAfter(max(completion, target))
            if let previous = frames.last, presentation <= previous.presentation + Grid.slack {
                presentation = grid.after(previous.presentation)
            }
            let frame = DeliveredFrame(
                timestamp: timestamp, targetTimestamp: target, callbackTime: callback, completion: completion,
                presentation: presentation, interval: interval)
            frames.append(frame)
            if first == nil { first = frame }
            // The variable rate: down a step on a miss, up a step after enough frames that fit.
            guard rates.count > 1 else { continue }
            if frame.hitch > Grid.slack, level + 1 < rates.count {
                level += 1
                fitting = 0
                grid = Grid(origin: presentation, rate: rates[level])
            } else if level > 0 {
                fitting = cost <= 1 / rates[level - 1] && frame.hitch <= Grid.slack ? fitting + 1 : 0
                if fitting >= VariableRate.framesBeforeStepUp {
                    level -= 1
                    fitting = 0
                    grid = Grid(origin: presentation, rate: rates[level])
                }
            }
        }
        return frames
    }
}
