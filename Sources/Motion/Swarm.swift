import BezierKernels

/// Many bees flying paced (constant-speed) repeating paths, advanced one frame at a time into
/// buffers of positions and unit tangents a renderer can upload as they are.
///
///     var swarm = try Swarm.pacedBees(count: 1_000_000, seed: 7)   // the 4 seed paths, rate 120 Hz
///     swarm.advance()                                             // one frame, on all cores
///     let p = swarm.positions[0], bee = swarm.beeIndices[0]       // slot 0 holds bee `bee`
///
/// **Motion.** Bee `j` flies flight `f` (a path of length `L` in `duration` seconds) starting
/// at phase `φ` (cycles; only its fraction counts). At frame `n` of a swarm advanced at `rate`
/// frames per second it is at distance
///
///     s = (frac(φ)·L + (n mod duration·rate)·L/(duration·rate)) mod L
///
/// along the path (each cycle restarts at the start). The frame term is computed once per flight
/// per frame with an exact `fmod` (`truncatingRemainder`), so there is no drift however many
/// frames pass: `s` is within a few ulps of `L` of the exact value at every frame.
///
/// **Layout (why it is fast).** Bees are stored flight by flight and, within a flight, sorted by
/// starting distance. Every bee of a flight moves at the same speed, so that order never changes
/// (up to the one rotation point where the cycle wraps): consecutive slots sit on the same
/// interpolation piece of the `PathMeasure`, and a frame is a sweep that evaluates runs of bees
/// sharing a piece eight at a time, reading that piece's coefficients from L1 (frame and
/// spatial coherence without any per-bee search state). Chunks of slots are independent, so
/// `.concurrent` spreads them over all cores. Each bee's result is a function of its distance
/// alone: the piece containing `s` (the last piece starting at or before it) evaluated by
/// `SwarmPiece` (PathMeasure's interpolant for the parameter, the power form for the point),
/// within ~1e-12 pt of `PathMeasure.sample(clampingDistance:)`, and identical whatever the
/// execution or the frames shown before.
///
/// `positions[k]` and `tangents[k]` belong to bee `beeIndices[k]` (its index in the `bees` the
/// swarm was built from); the permutation is fixed at construction, so a renderer permutes its
/// per-bee attributes once.
public struct Swarm: Sendable {
    /// A path flown at constant speed, repeating forever.
    public struct Flight: Sendable {
        /// The path's position and tangent table.
        public let measure: PathMeasure
        /// Seconds per cycle.
        public let duration: Double

        /// - Throws: `MotionError` unless `duration` is positive and finite and the path has a
        ///   positive, finite length.
        public init(measure: PathMeasure, duration: Double) throws(MotionError) {
            try MotionError.requirePositive(duration, "flight duration (seconds)")
            guard measure.length.isFinite, measure.length > 0, !measure.pieces.isEmpty else {
                throw MotionError("flight path must have a positive finite length, got \(measure.length)")
            }
            self.measure = measure
            self.duration = duration
        }

        /// A flight along `path`, with its table built to `accuracy` points.
        /// - Throws: `MotionError` for a bad accuracy or duration, or a path of no length.
        public init(path: Path, duration: Double, accuracy: Double = 1e-9) throws(MotionError) {
            let measure: PathMeasure
            do {
                measure = try PathMeasure(path: path, accuracy: accuracy)
            } catch {
                throw MotionError("flight path table could not be built: \(error)")
            }
            try self.init(measure: measure, duration: duration)
        }

        /// The seed scene's bee flying its path in its duration (docs/seed-scenes.md).
        public init(_ bee: BeeFlight, accuracy: Double = 1e-9) throws(MotionError) {
            try self.init(path: bee.path(), duration: bee.duration, accuracy: accuracy)
        }

        /// The path length, points.
        @inlinable public var length: Double { measure.length }

        /// Where a bee of phase `phase` (cycles) starts: `frac(phase)·length`, in [0, length].
        @inlinable
        public func startDistance(phase: Double) -> Double {
            (phase - phase.rounded(.down)) * measure.length
        }

        /// How far every bee of this flight has moved at frame `frame` of a swarm advanced at
        /// `rate` frames per second, modulo the length: `(n mod D)·L/D` with `D = duration·rate`
        /// frames per cycle, in [0, length]. The remainder is exact, so the error is a few ulps
        /// of the length at any frame.
        @inlinable
        public func travelled(atFrame frame: Int, rate: Double) -> Double {
            let framesPerCycle = duration * rate
            var remainder = Double(frame).truncatingRemainder(dividingBy: framesPerCycle)
            if remainder < 0 { remainder += framesPerCycle }
            return remainder * (measure.length / framesPerCycle)
        }

        /// The distance along the path at frame `frame` of a bee that started at
        /// `startDistance` (see `startDistance(phase:)`): their sum, less one length if it
        /// reaches the length. In [0, length).
        @inlinable
        public func distance(startDistance: Double, travelled: Double) -> Double {
            let s = startDistance + travelled
            return s >= measure.length ? s - measure.length : s
        }
    }

    /// One bee as given: which flight it flies and its phase in cycles.
    public struct Bee: Hashable, Sendable {
        /// Index into the swarm's `flights`.
        public var flight: Int
        /// Where in its cycle the bee is at frame 0, in cycles (0.25: a quarter of the way
        /// along); only the fractional part counts.
        public var phase: Double

        public init(flight: Int, phase: Double) {
            self.flight = flight
            self.phase = phase
        }
    }

    /// How a frame's work is spread.
    public enum Execution: Sendable, Hashable {
        /// On the calling thread.
        case serial
        /// Over all cores, chunks of slots at a time (on Linux persistent worker threads, so a
        /// frame allocates nothing; elsewhere Dispatch).
        case concurrent
    }

    /// The flights bees fly.
    public let flights: [Flight]
    /// Frames per second.
    public let rate: Double
    /// The frame the buffers show.
    public internal(set) var frame: Int
    /// The number of bees.
    public var count: Int { positions.count }
    /// `beeIndices[k]`: the index, in the `bees` the swarm was built from, of the bee in slot `k`.
    public let beeIndices: [Int]
    /// Bee positions at `frame`, by slot (points).
    public internal(set) var positions: [SIMD2<Double>]
    /// Unit directions of travel at `frame`, by slot.
    public internal(set) var tangents: [SIMD2<Double>]

    /// Starting distance of each slot, ascending within each flight's run of slots.
    @usableFromInline let startDistances: [Double]
    /// Each flight's slots: `groups[f]` is the range of slots flying `flights[f]`.
    @usableFromInline let groups: [Range<Int>]
    /// Units of work for one frame: contiguous slots of one flight.
    @usableFromInline let chunks: [Chunk]
    /// Every flight's pieces, one table after another (`pieceOffsets[f]` is where flight `f`'s
    /// start), and their start distances with a `+∞` after each flight's last.
    @usableFromInline let fastPieces: [SwarmPiece]
    @usableFromInline let pieceStarts: [Double]
    @usableFromInline let pieceOffsets: [Int]

    @usableFromInline
    struct Chunk: Sendable {
        @usableFromInline var flight: Int
        @usableFromInline var slots: Range<Int>
    }

    /// Slots per chunk: large enough that a chunk's setup (one bucket lookup) and dispatch are
    /// noise, small enough that two cores get many chunks each to balance.
    static let chunkSize = 8192

    /// A swarm of `bees` flying `flights`, advanced at `rate` frames per second, at frame 0.
    /// - Throws: `MotionError` when there are no flights or no bees, a bee's flight index is out
    ///   of range or its phase is not finite, or `rate` is not positive and finite.
    /// - Complexity: O(n log n) for n bees (the sort), plus one frame.
    public init(flights: [Flight], bees: [Bee], rate: Double = 120) throws(MotionError) {
        try MotionError.requirePositive(rate, "swarm rate (frames per second)")
        guard !flights.isEmpty else { throw MotionError("a swarm needs at least one flight, got 0") }
        try Self.requirePositiveCount(bees.count)
        for (index, bee) in bees.enumerated() {
            guard bee.flight >= 0, bee.flight < flights.count else {
                throw MotionError("bee \(index) flight must be in 0..<\(flights.count), got \(bee.flight)")
            }
            guard bee.phase.isFinite else {
                throw MotionError("bee \(index) phase must be a finite number of cycles, got \(bee.phase)")
            }
        }
        self.flights = flights
        self.rate = rate
        self.frame = 0

        // Slots: flight by flight, by starting distance (ties by index, so the order is a
        // function of the input alone).
        var byFlight = [[(distance: Double, bee: Int)]](repeating: [], count: flights.count)
        for (index, bee) in bees.enumerated() {
            byFlight[bee.flight].append((flights[bee.flight].startDistance(phase: bee.phase), index))
        }
        var beeIndices: [Int] = []
        var startDistances: [Double] = []
        beeIndices.reserveCapacity(bees.count)
        startDistances.reserveCapacity(bees.count)
        var groups: [Range<Int>] = []
        var chunks: [Chunk] = []
        for (flight, var members) in byFlight.enumerated() {
            members.sort { $0.distance < $1.distance || ($0.distance == $1.distance && $0.bee < $1.bee) }
            let first = beeIndices.count
            for member in members {
                beeIndices.append(member.bee)
                startDistances.append(member.distance)
            }
            groups.append(first..<beeIndices.count)
            var lower = first
            while lower < beeIndices.count {
                let upper = min(lower + Self.chunkSize, beeIndices.count)
                chunks.append(Chunk(flight: flight, slots: lower..<upper))
                lower = upper
            }
        }
        var pieces: [PathMeasure.Piece] = []
        var pieceStarts: [Double] = []
        var pieceOffsets: [Int] = []
        for flight in flights {
            pieceOffsets.append(pieces.count)
            pieces += flight.measure.pieces
            pieceStarts += flight.measure.pieces.map(\.startDistance)
            // Keeps `pieceStarts.count == pieces.count + flights`: offsets below index `pieces`
            // and, one further, the sentinel, so offsets are shared.
            pieceStarts.append(.infinity)
            pieces.append(flight.measure.pieces[flight.measure.pieces.count - 1])
        }
        self.beeIndices = beeIndices
        self.startDistances = startDistances
        self.groups = groups
        self.chunks = chunks
        self.fastPieces = pieces.map(SwarmPiece.init)
        self.pieceStarts = pieceStarts
        self.pieceOffsets = pieceOffsets
        self.positions = [SIMD2<Double>](repeating: .zero, count: bees.count)
        self.tangents = [SIMD2<Double>](repeating: .zero, count: bees.count)
        advance(toFrame: 0, execution: .serial)
    }

    /// The seed scene's four flights: bee 1 and bee 2, each with sign +1 and −1, in that order
    /// (`bee1+`, `bee1-`, `bee2+`, `bee2-`).
    /// - Throws: `MotionError` for a bad accuracy.
    public static func seedFlights(accuracy: Double = 1e-9) throws(MotionError) -> [Flight] {
        var flights: [Flight] = []
        for bee in BeeFlight.Bee.allCases {
            for sign in [1.0, -1.0] {
                try flights.append(Flight(BeeFlight(bee: bee, sign: sign), accuracy: accuracy))
            }
        }
        return flights
    }

    /// `count` bees with a flight drawn uniformly from `0..<flightCount` and a phase uniform in
    /// [0, 1), from SplitMix64 seeded with `seed`: the same seed always gives the same bees.
    /// - Throws: `MotionError` unless `count` and `flightCount` are positive.
    /// - Complexity: O(count).
    public static func randomBees(count: Int, flightCount: Int, seed: UInt64) throws(MotionError) -> [Bee] {
        try requirePositiveCount(count)
        guard flightCount > 0 else { throw MotionError("flight count must be positive, got \(flightCount)") }
        var generator = SplitMix64(seed: seed)
        var bees: [Bee] = []
        bees.reserveCapacity(count)
        for _ in 0..<count {
            // Lemire's multiply-shift for the flight; the top 53 bits as a fraction for the phase.
            let flight = Int(UInt64(flightCount).multipliedFullWidth(by: generator.next()).high)
            let phase = Double(generator.next() >> 11) * 0x1p-53
            bees.append(Bee(flight: flight, phase: phase))
        }
        return bees
    }

    /// `count` bees on the seed scene's four paths (`seedFlights`), flights and phases from
    /// `randomBees(count:flightCount:seed:)`, advanced at `rate`.
    /// - Throws: `MotionError` for a count ≤ 0, a bad rate or accuracy.
    /// - Complexity: O(count log count), plus building four path tables.
    public static func pacedBees(count: Int, seed: UInt64, rate: Double = 120, accuracy: Double = 1e-9)
        throws(MotionError) -> Swarm
    {
        try requirePositiveCount(count)
        let flights = try seedFlights(accuracy: accuracy)
        return try Swarm(flights: flights, bees: randomBees(count: count, flightCount: flights.count, seed: seed),
                         rate: rate)
    }

    /// How many bees fit in one frame at `rate` frames per second when advancing one costs
    /// `nanosecondsPerBee`: ⌊(10⁹ / rate) / nanosecondsPerBee⌋ (8.33 ms at 120 Hz).
    /// - Throws: `MotionError` unless both are positive and finite.
    public static func capacity(nanosecondsPerBee: Double, rate: Double = 120) throws(MotionError) -> Int {
        try MotionError.requirePositive(nanosecondsPerBee, "time per bee (nanoseconds)")
        try MotionError.requirePositive(rate, "frame rate (frames per second)")
        let bees = (1e9 / rate / nanosecondsPerBee).rounded(.down)
        return bees >= Double(Int.max) ? Int.max : Int(bees)
    }

    static func requirePositiveCount(_ count: Int) throws(MotionError) {
        guard count > 0 else { throw MotionError("swarm bee count must be positive, got \(count)") }
    }
}
