import BezierKernels
import SpringSolver

/// The sampled quantities of one scene at one rate, for plots: x(t), y(t), speed(t), and for a
/// spring the demo's offset(t) and each integrator's error(t).
public struct SceneSeries: Sendable, Equatable {
    /// One integrator's |x_integrated − x_exact| at every frame, points (∞ once it blew up).
    public struct IntegratorSeries: Sendable, Equatable {
        public let name: String
        public let errors: [Double]
    }

    public let scene: String
    /// `nil` for a spring or timeline scene.
    public let mode: TimingMode?
    public let hz: Double
    /// Frame times tₖ = k/hz (a timeline's from its start when that is before 0), seconds.
    public let times: [Double]
    /// Positions at those frames, points (a spring's is (0, presented value)).
    public let positions: [SIMD2<Double>]
    /// The 1-based path element at each frame (path scenes).
    public let elements: [Int]?
    /// Frame speed |pₖ₊₁ − pₖ|·hz at each frame (the last frame repeats the one before), pt/s.
    public let speed: [Double]
    /// The offset the demo draws at each frame (spring scenes; grown from zero with `waveGrowth`), points.
    public let offset: [Double]?
    /// Each fixed-step integrator's error at each frame (spring scenes).
    public let errors: [IntegratorSeries]?

    /// x(t), points.
    public var x: [Double] { positions.map(\.x) }
    /// y(t), points.
    public var y: [Double] { positions.map(\.y) }
}

extension Validation {
    /// The series behind `validate(scene, mode:, hz:)`, over the same frames.
    /// - Throws: `MotionError` for a rate that is not positive and finite.
    /// - Complexity: O(frames) (times the integrators for a spring).
    public static func series(_ scene: Scene, mode: TimingMode = .linear, hz: Double) throws(MotionError)
        -> SceneSeries
    {
        try MotionError.requirePositive(hz, "rate (frames per second)")
        let samples: FrameSamples
        var offset: [Double]?
        var errors: [SceneSeries.IntegratorSeries]?
        let reportedMode: TimingMode?
        switch scene.kind {
        case .path(let motion, _):
            try requireSampleable(span: motion.duration, hz: hz, what: "a path duration")
            let timed = motion.with(mode: mode)
            samples = try timed.samples(hz: hz, count: frameCount(of: timed, hz: hz))
            reportedMode = mode
        case .spring(let spring):
            try requireSampleable(span: spring.maximumSimulatedTime, hz: hz, what: "a simulated span")
            let count = frameCount(of: spring, hz: hz)
            samples = try FrameSamples(
                hz: hz, positions: (0..<count).map { SIMD2(0, spring.presented(at: Double($0) / hz)) })
            offset = (0..<count).map { spring.drawnOffset(at: Double($0) / hz) }
            errors = try integratorSeries(spring, hz: hz, count: count)
            reportedMode = nil
        case .timeline(let motion, _):
            try requireSampleable(span: motion.sampledSpan, hz: hz, what: "a timeline span")
            // From t = 0 (or the start, when earlier), so index k is frame k as reports count it.
            let first = min(0, motion.start)
            let count = frameCount(of: motion, hz: hz) + Int(((motion.start - first) * hz).rounded())
            samples = try FrameSamples(hz: hz, startTime: first, count: count, position: motion.value)
            reportedMode = nil
        }
        let n = samples.count
        var speed: [Double] = []
        speed.reserveCapacity(n)
        for k in 0..<n {
            let step = k + 1 < n ? k : k - 1
            if step < 0 {
                speed.append(0)
            } else {
                let v = samples.velocity(afterFrame: step)
                speed.append((v * v).sum().squareRoot())
            }
        }
        return SceneSeries(
            scene: scene.name, mode: reportedMode, hz: hz, times: (0..<n).map { samples.time(ofFrame: $0) },
            positions: samples.positions, elements: samples.elements, speed: speed, offset: offset, errors: errors)
    }

    static func integratorSeries(_ scene: SpringScene, hz: Double, count: Int) throws(MotionError)
        -> [SceneSeries.IntegratorSeries]
    {
        var result: [SceneSeries.IntegratorSeries] = []
        for kind in IntegratorKind.allCases {
            let positions = try Validation.integratorPositions(kind, scene, hz: hz, count: count)
            let errors = positions.indices.map { k in
                let error = abs(positions[k] - scene.motion.position(at: Double(k) / hz))
                return error.isFinite ? error : .infinity
            }
            result.append(SceneSeries.IntegratorSeries(name: kind.rawValue, errors: errors))
        }
        return result
    }
}

extension SceneSeries {
    /// Frame-to-frame acceleration |vₖ − vₖ₋₁|·hz at each frame, pt/s², with vₖ = (pₖ₊₁ − pₖ)·hz
    /// the frame velocity (`speed` is its length): the change of velocity a frame shows, so a
    /// speed jump or a turn at a join stands out as a spike. NaN at the first and last frame
    /// (no velocity on one side).
    /// - Complexity: O(frames).
    public var acceleration: [Double] {
        let n = positions.count
        guard n >= 3 else { return Array(repeating: .nan, count: n) }
        var result = [Double.nan]
        result.reserveCapacity(n)
        for k in 1..<(n - 1) {
            let change = (positions[k + 1] - 2 * positions[k] + positions[k - 1]) * (hz * hz)
            result.append((change * change).sum().squareRoot())
        }
        result.append(.nan)
        return result
    }
}

/// Frame speed over where frames fall against the start (`PhaseSweep`'s phases): at each frame of
/// `Validation.series`, the least and the largest speed |p(tₖ₊₁ + φ/hz) − p(tₖ + φ/hz)|·hz over
/// the phases φ = 0, 1/n, …, (n − 1)/n.
public struct PhaseSpeedBand: Sendable, Equatable {
    /// The number of phases sampled.
    public let phases: Int
    /// The frame times of phase 0 (the series' own), seconds.
    public let times: [Double]
    /// The least and largest frame speed across the phases at each frame, pt/s.
    public let low: [Double]
    public let high: [Double]
}

extension Validation {
    /// The frame speed's range over `phases` phases of a frame, frame by frame: what the phase
    /// sweep's figures are the peaks of, for a plot to draw as a band under phase 0's speed.
    /// `nil` for a spring (its frames are not swept: it is smooth by model).
    /// - Throws: `MotionError` for a rate that is not positive and finite, or a phase count below 1.
    /// - Complexity: O(phases × frames).
    public static func phaseSpeedBand(
        _ scene: Scene, mode: TimingMode = .linear, hz: Double, phases: Int = PhaseSweep.defaultPhases
    ) throws(MotionError) -> PhaseSpeedBand? {
        guard phases >= 1 else { throw MotionError("phase count must be at least 1, got \(phases)") }
        let position: (Double) -> SIMD2<Double>
        switch scene.kind {
        case .path(let motion, _):
            let timed = motion.with(mode: mode)
            position = { timed.position(at: $0) }
        case .timeline(let motion, _):
            position = motion.value
        case .spring:
            return nil
        }
        let series = try Validation.series(scene, mode: mode, hz: hz)
        let times = series.times
        var low = Array(repeating: Double.infinity, count: times.count)
        var high = Array(repeating: -Double.infinity, count: times.count)
        guard times.count >= 2 else { return PhaseSpeedBand(phases: phases, times: times, low: series.speed, high: series.speed) }
        for index in 0..<phases {
            let shift = Double(index) / Double(phases) / hz
            var previous = position(times[0] + shift)
            for k in 0..<(times.count - 1) {
                let next = position(times[k + 1] + shift)
                let d = next - previous
                let speed = (d * d).sum().squareRoot() * hz
                low[k] = Swift.min(low[k], speed)
                high[k] = Swift.max(high[k], speed)
                previous = next
            }
        }
        // The last frame repeats the one before, as `SceneSeries.speed`.
        low[times.count - 1] = low[times.count - 2]
        high[times.count - 1] = high[times.count - 2]
        return PhaseSpeedBand(phases: phases, times: times, low: low, high: high)
    }
}
