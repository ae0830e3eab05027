/// How a one-dimensional spring motion sampled at frames approaches its target.
public struct SpringResponse: Sendable, Equatable {
    /// `target − from`, points.
    public let distance: Double
    /// The farthest the motion goes past the target, points (0 when it never passes it).
    public let overshoot: Double
    /// `overshoot / |distance|` (0 when the distance is 0).
    public let overshootFraction: Double
    /// When the overshoot peaks, seconds; `nil` without overshoot.
    public let overshootTime: Double?
    /// The first frame time from which the motion stays within the move's settle distance of the
    /// target and slower than its rest speed for every later sampled frame
    /// (``Thresholds/settleLimits(forMove:)``: `min(settleDistance, 0.5 % × |distance|)`);
    /// `nil` when it has not settled by the last frame.
    public let settleTime: Double?

    /// Measures the frames `positions` (one coordinate, points) of a motion from `from` to `target`.
    ///
    /// The speed of frame k is the forward frame speed |xₖ₊₁ − xₖ|·hz (the last frame reuses the
    /// step before it), the speed a viewer sees.
    ///
    /// - Complexity: O(n).
    public init(
        positions: [Double], from: Double, target: Double, hz: Double, startTime: Double = 0,
        thresholds: Thresholds = Thresholds()
    ) throws(MotionError) {
        let thresholds = try thresholds.validated()
        try MotionError.requirePositive(hz, "rate (frames per second)")
        guard from.isFinite, target.isFinite else {
            throw MotionError("spring end points must be finite, got from \(from) to \(target)")
        }
        if let bad = positions.firstIndex(where: { !$0.isFinite }) {
            throw MotionError("spring position at frame \(bad) must be finite, got \(positions[bad])")
        }
        let distance = target - from
        let direction: Double = distance >= 0 ? 1 : -1
        var overshoot = 0.0
        var overshootFrame: Int?
        for (k, x) in positions.enumerated() {
            let past = (x - target) * direction
            if past > overshoot {
                overshoot = past
                overshootFrame = k
            }
        }
        let limits = thresholds.settleLimits(forMove: distance)
        // Scan backwards for the last frame that is not at rest.
        var lastRestless: Int? = nil
        for k in positions.indices.reversed() {
            let step =
                k + 1 < positions.count
                ? positions[k + 1] - positions[k]
                : (k > 0 ? positions[k] - positions[k - 1] : 0)
            if abs(positions[k] - target) > limits.distance
                || abs(step) * hz > limits.speed
            {
                lastRestless = k
                break
            }
        }
        self.distance = distance
        self.overshoot = overshoot
        self.overshootFraction = distance == 0 ? 0 : overshoot / abs(distance)
        self.overshootTime = overshootFrame.map { startTime + Double($0) / hz }
        if positions.isEmpty {
            self.settleTime = nil
        } else if let lastRestless {
            self.settleTime =
                lastRestless + 1 < positions.count ? startTime + Double(lastRestless + 1) / hz : nil
        } else {
            self.settleTime = startTime
        }
    }
}

/// When a display-link loop that stops on `offset == 0` (exactly, as the menu demo does) stops.
public struct StopCondition: Sendable, Equatable {
    /// What the presented value is taken to be.
    public enum Model: String, Sendable, Equatable, CaseIterable {
        /// The spring's exact motion, evaluated in `Double` for ever: the offset is exactly zero
        /// only where the deviation rounds away against the target's magnitude.
        case continuousSpring
        /// Core Animation removes the animation when its duration ends; from then on the presented
        /// value is the model value and the offset is exactly zero.
        case animationRemovedAtDuration
    }

    public let model: Model
    /// The first frame whose offset is exactly 0; `nil` when none within the simulated window.
    public let frame: Int?
    /// Its time, seconds.
    public let time: Double?
    /// How far the stop moves the drawn value from where the motion would have put it at that
    /// frame (the animation's residual when it is removed), points; 0 when it never fires.
    public let snap: Double
    /// The last time simulated, seconds (the window a "never" refers to).
    public let simulatedUntil: Double

    /// Finds the stop in a series of per-frame offsets (model − presented, after any scaling),
    /// with `residuals[k]` the distance between the motion's own value and the drawn value at
    /// frame k (0 while the animation runs).
    ///
    /// - Complexity: O(n).
    public init(
        model: Model, offsets: [Double], residuals: [Double], hz: Double, startTime: Double = 0
    ) throws(MotionError) {
        try MotionError.requirePositive(hz, "rate (frames per second)")
        guard offsets.count == residuals.count else {
            throw MotionError("offsets and residuals must pair up, got \(offsets.count) and \(residuals.count)")
        }
        let frame = offsets.firstIndex(of: 0)
        self.model = model
        self.frame = frame
        self.time = frame.map { startTime + Double($0) / hz }
        self.snap = frame.map { abs(residuals[$0]) } ?? 0
        self.simulatedUntil = startTime + Double(max(offsets.count - 1, 0)) / hz
    }
}

/// The worst per-frame position error of one integrator against the exact motion.
public struct IntegratorError: Sendable, Equatable {
    /// The integrator's name (as the spring solver names it).
    public let name: String
    /// `max |x_integrated(tₖ) − x_exact(tₖ)|`, points; infinity when the integrator blew up.
    public let maxError: Double
    /// The frame of the worst error, and its time.
    public let frame: Int
    public let time: Double
    /// `maxError ≤ Thresholds.maxIntegratorError`.
    public let isFaithful: Bool

    /// Compares per-frame positions, one per frame from `startTime`.
    ///
    /// A non-finite integrated position counts as an infinite error at that frame (a blown-up
    /// integrator), so the value is never NaN.
    ///
    /// - Complexity: O(n).
    public init(
        name: String, integrated: [Double], exact: [Double], hz: Double, startTime: Double = 0,
        thresholds: Thresholds = Thresholds()
    ) throws(MotionError) {
        try MotionError.requirePositive(hz, "rate (frames per second)")
        guard integrated.count == exact.count, !exact.isEmpty else {
            throw MotionError(
                "integrated and exact positions must pair up and not be empty, got \(integrated.count) and \(exact.count)")
        }
        var worst = 0.0
        var worstFrame = 0
        for k in exact.indices {
            let error = integrated[k].isFinite ? abs(integrated[k] - exact[k]) : .infinity
            if error > worst {
                worst = error
                worstFrame = k
                if error == .infinity { break }
            }
        }
        self.name = name
        self.maxError = worst
        self.frame = worstFrame
        self.time = startTime + Double(worstFrame) / hz
        self.isFaithful = worst <= thresholds.maxIntegratorError
    }
}
