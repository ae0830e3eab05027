/// When a spring counts as at rest: within `distance` of its target *and* slower than `speed`.
///
/// A motion is judged by the criteria of its move (``forMove(distance:)``, what
/// ``SpringMotion/settleTime(_:)`` uses by default): `min(0.5 pt, 0.5 % of the distance)`.
///
/// Defaults: `distance` 0.5 pt (half a point: the snap to the target is then invisible on any
/// display up to 2× scale, and it is docs/design.md §1's settle threshold), and `speed` = `distance` ×
/// 62.5 /s = 31.25 pt/s — Android's rule (`SpringForce.setValueThreshold`: the velocity
/// threshold is the value threshold per 16 ms frame, `VELOCITY_THRESHOLD_MULTIPLIER =
/// 1000/16`), i.e. a motion slower than one rest distance per 60 Hz frame.
public struct RestCriteria: Sendable, Hashable {
    /// Largest distance to the target at rest (position units).
    public let distance: Double
    /// Largest speed at rest (position units per second).
    public let speed: Double

    /// Android's factor from a value threshold to a velocity threshold (1/s).
    public static let speedPerDistance = 1000.0 / 16.0

    public static let `default` = RestCriteria(uncheckedDistance: 0.5, speed: 0.5 * speedPerDistance)

    /// - Parameters:
    ///   - distance: rest distance, positive (default 0.5).
    ///   - speed: rest speed, positive; `nil` means `distance × 62.5 /s`.
    public init(distance: Double = 0.5, speed: Double? = nil) throws {
        self.distance = try Check.positive(distance, "rest distance")
        self.speed = try Check.positive(speed ?? distance * Self.speedPerDistance, "rest speed")
    }

    init(uncheckedDistance distance: Double, speed: Double) {
        self.distance = distance
        self.speed = speed
    }

    /// The fraction of a move's distance within which a spring counts as settled, below the
    /// absolute cap (``default``'s 0.5 pt): 0.005, half a percent.
    ///
    /// Rest is judged relative to the move because a tolerance is only meaningful against what
    /// moved: 0.5 pt is half of a 1 pt nudge, so an absolute 0.5 pt calls such a spring settled
    /// while it is still half-way (0 → 1 pt settled at 0.103 s, 0 → 100 pt at 0.73 s, for the
    /// same spring). With a fraction, a motion released at rest is the same curve at every
    /// scale (the closed form is linear in the distance), so every move of one spring settles
    /// at the same time — until the cap takes over: past 100 pt (where 0.5 % is exactly
    /// 0.5 pt), one physical pixel stays the limit, since a demanding viewer sees a pixel
    /// whatever the move. 0.5 % is chosen so that the cap begins at a typical UI move (100 pt)
    /// and moves of 100 pt or more are judged exactly as before; it sits between Apple's
    /// `settlingDuration` (0.1 % of a unit step, an envelope bound) and the 1 % often used for
    /// "settling time" in control engineering. react-spring's rest rule has the same form,
    /// relative below an absolute cap (its default precision is
    /// `min(1, |to − from| · 0.001)`, 0.005 when `from == to`, with a rest velocity of a tenth
    /// of it: `packages/core/src/SpringValue.ts`, `advance`), at a finer fraction.
    public static let moveFraction = 0.005

    /// The rest criteria for a move of `distance` (position units; its sign is ignored):
    /// within `min(self.distance, moveFraction × |distance|)` of the target and slower than the
    /// speed scaled by the same factor (so `default` gives `distance × 62.5 /s`, Android's
    /// rule, at every scale). A zero (or non-finite) distance has no scale to be relative to:
    /// such a move (a spring launched from its target, or one with nothing to do) is judged by
    /// `self` unchanged, so no tolerance is ever 0 and nothing is divided by 0.
    public func scaled(toMove distance: Double) -> RestCriteria {
        let relative = Self.moveFraction * abs(distance)
        guard relative.isFinite, relative > 0, relative < self.distance else { return self }
        let factor = relative / self.distance
        return RestCriteria(uncheckedDistance: relative, speed: speed * factor)
    }

    /// ``default`` scaled to a move of `distance`: `min(0.5, 0.005 × |distance|)` and 62.5 /s
    /// times that (``scaled(toMove:)``).
    public static func forMove(distance: Double) -> RestCriteria {
        RestCriteria.default.scaled(toMove: distance)
    }

    /// Whether a state (displacement from the target, velocity) is at rest.
    @inlinable
    public func isAtRest<V: SpringVector>(_ state: SpringState<V>) -> Bool {
        squaredNorm(state.displacement) <= distance * distance && squaredNorm(state.velocity) <= speed * speed
    }
}

extension SpringMotion {
    /// The rest criteria of this motion's move: ``RestCriteria/forMove(distance:)`` of
    /// ``distance`` (`min(0.5, 0.005 × |from − to|)` and 62.5 /s times that; 0.5 pt when the
    /// motion starts at its target).
    public var restCriteria: RestCriteria { RestCriteria.forMove(distance: distance) }

    /// The settle time: the last time the exact motion is outside the rest box (farther than
    /// `criteria.distance` from the target or faster than `criteria.speed`; by default the
    /// move's own ``restCriteria``); after it the motion stays at rest for good. 0 if it starts
    /// and stays at rest; `.infinity` if undamped and it ever leaves the box.
    ///
    /// Method: envelope bounds on `|x(t)|` and `|v(t)|` (as in
    /// ``DampedSpring/settlingDuration``) give a time after which the motion is surely at rest;
    /// the motion is sampled up to there every `min(T/4096, period/64)` (but at most 10⁶
    /// samples) and the last exit is refined by bisection to 1e-12 s, or to adjacent doubles
    /// for settle times so long (≳ 8192 s) that their spacing exceeds 1e-12 s. An excursion outside the box shorter than the sampling
    /// step (one grazing the threshold by less than ~0.5 %) can be missed.
    ///
    /// - Complexity: O(number of samples), at most about 10⁶ closed-form evaluations.
    public func settleTime(_ criteria: RestCriteria? = nil) -> Double {
        let criteria = criteria ?? restCriteria
        let state0 = initialState
        let lambda = spring.decayRate
        let x0 = state0.displacement, v0 = state0.velocity
        // The amplitudes as logs: |v₀ + λx₀| overflows for a start at 1e308 pt, its log does not.
        let positionBound = spring.lastCrossing(
            logAmplitudes: DampedSpring.logNorm(x0, 1, .zero, 0), DampedSpring.logNorm(v0, 1, x0, lambda),
            below: criteria.distance)
        // v(t) = e^(−λt)(v₀·C − (λv₀ + ω₀²x₀)·S)
        let velocityBound = spring.lastCrossing(
            logAmplitudes: DampedSpring.logNorm(v0, 1, .zero, 0), DampedSpring.logNorm(v0, lambda, x0, spring.stiffnessPerMass),
            below: criteria.speed)
        let bound = max(positionBound, velocityBound)
        if bound == 0 { return 0 }
        guard bound.isFinite else { return .infinity }
        var step = bound / 4096
        if spring.dampingRatio < 1 { step = min(step, 2 * Double.pi / spring.frequencySpread / 64) }
        step = max(step, bound / 1_000_000)
        var lastOutside = -1.0
        var t = 0.0
        while t <= bound {
            if !criteria.isAtRest(state(at: t)) { lastOutside = t }
            t += step
        }
        if lastOutside < 0 { return 0 }
        var lo = lastOutside, hi = min(lastOutside + step, bound)
        if !criteria.isAtRest(state(at: hi)) { return hi }
        // To 1e-12 s, or to adjacent doubles once the times are so large (past ~8192 s) that
        // their spacing exceeds 1e-12 s: an absolute gap alone would never close there. The
        // gap halves each pass from at most `bound`/4096, so 1100 passes reach any spacing.
        for _ in 0..<1100 where hi - lo > 1e-12 {
            let mid = lo + (hi - lo) / 2
            if mid <= lo || mid >= hi { break }
            if criteria.isAtRest(state(at: mid)) { hi = mid } else { lo = mid }
        }
        return hi
    }
}
