import BezierKernels

/// The bee flight seed scene (docs/seed-scenes.md).
///
/// Viewport: iPad landscape, 1024 × 768 pt, y down. A 25 × 25 pt bee layer is centred on a
/// position that follows `path(…)` over `duration`, repeating forever, each pass restarting at
/// the path's start.
public struct BeeFlight: Sendable, Hashable {
    /// Which of the demo's two bees.
    public enum Bee: Int, Sendable, Hashable, CaseIterable {
        /// `flightPath(0, 1.0, 1.0)`, 3.3 s.
        case one = 1
        /// `flightPath(80, 3.0, 0.8)`, 3.9 s.
        case two = 2
    }

    /// The demo's viewport, points.
    public static let viewport = SIMD2<Double>(1024, 768)
    /// The bee layer's side, points (the position is its centre).
    public static let beeSize = 25.0

    public let bee: Bee
    /// The sign of the last curve's vertical swing (`arc4random_uniform(2)` in the demo): ±1.
    public let sign: Double

    /// - Throws: `MotionError` unless `sign` is 1 or −1.
    public init(bee: Bee, sign: Double) throws(MotionError) {
        guard sign == 1 || sign == -1 else { throw MotionError("bee sign must be 1 or -1, got \(sign)") }
        self.bee = bee
        self.sign = sign
    }

    /// The path's parameters `(yOffset, factor1, factor2)`.
    public var parameters: (yOffset: Double, factor1: Double, factor2: Double) {
        switch bee {
        case .one: return (0, 1.0, 1.0)
        case .two: return (80, 3.0, 0.8)
        }
    }

    /// Seconds per pass.
    public var duration: Double {
        switch bee {
        case .one: return 3.3
        case .two: return 3.9
        }
    }

    /// The scene's name: `bee1+`, `bee1-`, `bee2+`, `bee2-`.
    public var name: String { "bee\(bee.rawValue)\(sign > 0 ? "+" : "-")" }

    /// The demo's `getFlightPath(yOffset, factor1, factor2)` with the random sign made explicit,
    /// built with the same `UIBezierPath` calls:
    ///
    /// - move to (20, y) with y = 200 + yOffset·factor1;
    /// - for x = 220, 420, 620, 820: a quadratic to (x, y), control (x − 100, y ∓ 100·factor1),
    ///   minus for the 1st and 3rd, plus for the 2nd and 4th;
    /// - with w = yOffset·factor1·factor2: a quadratic to (700, 175 + w), control (850, 150 + w),
    ///   then a quadratic to (900, 200 + w), control (550, 200 + w);
    /// - a cubic to (1200, y₀ + sign·100), controls (1000, y₀) and (1100, y₀), y₀ the current y.
    public static func path(yOffset: Double, factor1: Double, factor2: Double, sign: Double) throws(MotionError)
        -> Path
    {
        for (value, name) in [(yOffset, "yOffset"), (factor1, "factor1"), (factor2, "factor2"), (sign, "sign")]
        where !value.isFinite {
            throw MotionError("flight path \(name) must be a finite number, got \(value)")
        }
        do {
            var path = Path()
            let y = 200 + yOffset * factor1
            try path.move(to: Point(20, y))
            let controlOffset = 100 * factor1
            for (s, x) in [220.0, 420, 620, 820].enumerated() {
                let swing = s % 2 == 1 ? controlOffset : -controlOffset
                try path.addQuadCurve(to: Point(x, y), control: Point(x - 100, y + swing))
            }
            let w = yOffset * factor1 * factor2
            try path.addQuadCurve(to: Point(700, 175 + w), control: Point(850, 150 + w))
            try path.addQuadCurve(to: Point(900, 200 + w), control: Point(550, 200 + w))
            let y0 = path.currentPoint?.y ?? 200 + w
            try path.addCurve(to: Point(1200, y0 + sign * 100), control1: Point(1000, y0), control2: Point(1100, y0))
            return path
        } catch {
            throw MotionError("flight path could not be built: \(error)")
        }
    }

    /// This bee's path.
    public func path() throws(MotionError) -> Path {
        let p = parameters
        return try Self.path(yOffset: p.yOffset, factor1: p.factor1, factor2: p.factor2, sign: sign)
    }

    /// This bee's repeating motion in `mode`.
    public func motion(mode: TimingMode) throws(MotionError) -> PathMotion {
        try PathMotion(path: path(), duration: duration, mode: mode, repeats: true)
    }

    /// Whether a bee centred at `position` shows any part of itself in the viewport.
    public static func isVisible(_ position: SIMD2<Double>) -> Bool {
        let half = beeSize / 2
        return position.x > -half && position.x < viewport.x + half && position.y > -half
            && position.y < viewport.y + half
    }

    /// The sign a seeded run picks for a single flight: the low bit of the first SplitMix64
    /// output for `seed` (0 → −1, 1 → +1), so a seed always gives the same flight.
    public static func sign(seed: UInt64) -> Double {
        var generator = SplitMix64(seed: seed)
        return generator.next() & 1 == 1 ? 1 : -1
    }
}

/// SplitMix64 (Steele, Lea & Flood, "Fast splittable pseudorandom number generators",
/// OOPSLA 2014): a tiny seeded generator, enough to pick a sign reproducibly. Internal: BenchKit
/// publishes the same generator for benchmarks, and Motion may not depend on BenchKit (ARCHITECTURE.md),
/// so this private copy keeps the two public APIs from clashing in files that import both.
struct SplitMix64: RandomNumberGenerator, Sendable {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
