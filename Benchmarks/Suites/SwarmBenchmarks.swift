import BenchKit
import BezierKernels
import Motion

/// Bees in the benchmark swarms: the target, and more than the L3 cache holds (the swarm
/// touches 40 bytes per bee per frame), so memory behaves as in a real one.
let swarmBenchmarkBees = 1_000_000
/// The seed the benchmark swarms' flights and phases are drawn from.
let swarmBenchmarkSeed: UInt64 = 0x5eed_b335

/// `swarm/…`: one 120 Hz frame of a million paced bees on the four seed paths (random flights and
/// phases, both bees, both signs): new distance, position and unit tangent per bee.
///
/// - `swarm/paced-bees`: `Swarm.advance(execution: .concurrent)`, all cores.
/// - `swarm/paced-bees-1core`: the same kernel on the calling thread.
/// - `swarm/paced-bees-hinted`: the per-bee way to use frame coherence: bees in the order given,
///   each keeping its piece index for `PathMeasure.sample(clampingDistance:hint:)`; one core.
/// - `swarm/memory-floor`: the frame's memory traffic alone (read 8 bytes, write 32 per bee),
///   one core, no reference: how much of `swarm/paced-bees-1core` is memory.
///
/// Each is raced against `swarm/paced-bees/naive`: bees in the order given, each sampled with
/// `PathMeasure.sample(clampingDistance:)` (a bucket lookup, no hint), on one core, so the
/// speedup shows what coherence, SIMD and threads buy together. Every kernel is checked against
/// it (positions and tangents of every bee, at several frames) before it is timed. One iteration
/// is one frame of the whole swarm; times are per bee. `swarmCapacity` turns them into bees per
/// frame.
///
/// The swarms are built on first use (about a second and 220 MB in all), not when the suite is
/// listed or filtered out.
///
/// `paced-bees-1core`, `-hinted` and `memory-floor` claim `allocationFree` (BenchKit's counted
/// passes fail a benchmark whose claim does not hold): `Swarm.advance(toFrame:)` keeps no
/// per-frame array or closure context. `swarm/paced-bees` makes no claim: libdispatch's
/// `dispatch_apply_f` itself allocates one 64-byte block per call on Linux (per frame, however
/// many bees; the Swift `concurrentPerform` it replaced made three more).
func swarmBenchmarks() throws -> [Benchmark] {
    let fixture = SwarmFixture()
    let unit = BenchmarkUnit.nanoseconds(per: "bee")
    func naiveReference() -> Reference {
        Reference("swarm/paced-bees/naive") { iterations in
            let naive = mustSucceed("swarm/paced-bees/naive") { try fixture.naive() }
            for _ in 0..<iterations { naive.advance(hinted: false) }
        }
    }
    func kernel(_ execution: Swarm.Execution) -> Benchmark.Body {
        { iterations in
            let box = mustSucceed("swarm/paced-bees") { try fixture.swarm() }
            for _ in 0..<iterations {
                box.swarm.advance(execution: execution)
                blackHole(box.swarm.positions[box.swarm.count - 1])
            }
        }
    }
    return [
        Benchmark("swarm/paced-bees", unit: unit, workUnitsPerIteration: swarmBenchmarkBees,
                  reference: naiveReference(), check: Check(tolerance: 1e-9) { try fixture.swarmError(.concurrent) },
                  body: kernel(.concurrent)),
        Benchmark("swarm/paced-bees-1core", unit: unit, workUnitsPerIteration: swarmBenchmarkBees,
                  reference: naiveReference(), check: Check(tolerance: 1e-9) { try fixture.swarmError(.serial) },
                  allocationFree: true, body: kernel(.serial)),
        Benchmark("swarm/paced-bees-hinted", unit: unit, workUnitsPerIteration: swarmBenchmarkBees,
                  reference: naiveReference(), check: Check(tolerance: 1e-9) { try fixture.hintedError() },
                  allocationFree: true) { iterations in
            let hinted = mustSucceed("swarm/paced-bees-hinted") { try fixture.hinted() }
            for _ in 0..<iterations { hinted.advance(hinted: true) }
        },
        Benchmark("swarm/memory-floor", unit: unit, workUnitsPerIteration: swarmBenchmarkBees,
                  allocationFree: true) { iterations in
            let floor = mustSucceed("swarm/memory-floor") { try fixture.floor() }
            for _ in 0..<iterations { floor.advance() }
        },
    ]
}

/// The memory traffic of a swarm frame without its arithmetic: per bee, read a distance and
/// write a position and a tangent (40 bytes), one core. The floor under `swarm/paced-bees-1core`.
final class MemoryFloor {
    var distances: [Double]
    var positions: [SIMD2<Double>]
    var tangents: [SIMD2<Double>]
    var offset = 0.0

    init(count: Int) {
        distances = (0..<count).map { Double($0) }
        positions = [SIMD2<Double>](repeating: .zero, count: count)
        tangents = [SIMD2<Double>](repeating: .zero, count: count)
    }

    func advance() {
        offset += 1
        let offset = self.offset
        distances.withUnsafeBufferPointer { distances in
            positions.withUnsafeMutableBufferPointer { positions in
                tangents.withUnsafeMutableBufferPointer { tangents in
                    for i in 0..<distances.count {
                        let s = distances[i] + offset
                        positions[i] = SIMD2(s, s)
                        tangents[i] = SIMD2(s, -s)
                    }
                }
            }
        }
        blackHole(positions[positions.count - 1])
    }
}

/// Bees that fit in one frame at `rate` (8.33 ms at 120 Hz) at `nanosecondsPerBee` each; nil for
/// a time that is not a positive finite number.
public func swarmCapacity(nanosecondsPerBee: Double, rate: Double = 120) -> Int? {
    try? Swarm.capacity(nanosecondsPerBee: nanosecondsPerBee, rate: rate)
}

/// For each `swarm/…` result timed in ns/bee (the kernels and, from the pairs, the naive
/// reference): its median and the bees per 120 Hz frame that median allows.
///
/// - Complexity: O(results).
public func swarmCapacityRows(_ results: [BenchmarkResult], rate: Double = 120)
    -> [(name: String, nanosecondsPerBee: Double, beesPerFrame: Int)]
{
    var rows: [(name: String, nanosecondsPerBee: Double, beesPerFrame: Int)] = []
    var referenceSeen = Set<String>()
    for result in results where result.name.hasPrefix("swarm/") && result.unit == .nanoseconds(per: "bee") {
        if let capacity = swarmCapacity(nanosecondsPerBee: result.median, rate: rate) {
            rows.append((result.name, result.median, capacity))
        }
        if let reference = result.reference, let median = result.referenceMedian,
           referenceSeen.insert(reference).inserted, let capacity = swarmCapacity(nanosecondsPerBee: median, rate: rate)
        {
            rows.append((reference, median, capacity))
        }
    }
    return rows
}

extension Benchmark {
    typealias Body = (_ iterations: Int) -> Void
}

/// The benchmark swarms, built once on first use and shared by the suite's closures (which run
/// one at a time on the runner's thread).
final class SwarmFixture {
    final class SwarmBox {
        var swarm: Swarm
        init(_ swarm: Swarm) { self.swarm = swarm }
    }

    private var flights: [Swarm.Flight]?
    private var bees: [Swarm.Bee]?
    private var swarmBox: SwarmBox?
    private var naiveSwarm: NaiveSwarm?
    private var hintedSwarm: NaiveSwarm?
    private var memoryFloor: MemoryFloor?

    func floor() throws -> MemoryFloor {
        if let memoryFloor { return memoryFloor }
        let floor = MemoryFloor(count: swarmBenchmarkBees)
        memoryFloor = floor
        return floor
    }

    private func inputs() throws -> (flights: [Swarm.Flight], bees: [Swarm.Bee]) {
        if let flights, let bees { return (flights, bees) }
        let flights = try Swarm.seedFlights()
        let bees = try Swarm.randomBees(count: swarmBenchmarkBees, flightCount: flights.count, seed: swarmBenchmarkSeed)
        (self.flights, self.bees) = (flights, bees)
        return (flights, bees)
    }

    func swarm() throws -> SwarmBox {
        if let swarmBox { return swarmBox }
        let (flights, bees) = try inputs()
        let box = SwarmBox(try Swarm(flights: flights, bees: bees))
        swarmBox = box
        return box
    }

    func naive() throws -> NaiveSwarm {
        if let naiveSwarm { return naiveSwarm }
        let (flights, bees) = try inputs()
        let naive = NaiveSwarm(flights: flights, bees: bees)
        naiveSwarm = naive
        return naive
    }

    func hinted() throws -> NaiveSwarm {
        if let hintedSwarm { return hintedSwarm }
        let (flights, bees) = try inputs()
        let hinted = NaiveSwarm(flights: flights, bees: bees)
        hintedSwarm = hinted
        return hinted
    }

    /// Frames the checks compare at: the start, mid-cycle, across both cycles' wraps, far on.
    static let checkedFrames = [0, 1, 200, 396, 467, 100_001]

    /// The largest distance, points, between the swarm's positions (or unit tangents) and the
    /// naive ones, bee by bee, over `checkedFrames`.
    func swarmError(_ execution: Swarm.Execution) throws -> Double {
        let box = try swarm(), naive = try naive()
        var worst = 0.0
        for frame in Self.checkedFrames {
            box.swarm.advance(toFrame: frame, execution: execution)
            naive.advance(toFrame: frame, hinted: false)
            for slot in 0..<box.swarm.count {
                let bee = box.swarm.beeIndices[slot]
                worst = max(worst, distance(box.swarm.positions[slot], naive.positions[bee]),
                            distance(box.swarm.tangents[slot], naive.tangents[bee]))
            }
        }
        return worst
    }

    /// The same comparison for the per-bee hinted kernel.
    func hintedError() throws -> Double {
        let hinted = try hinted(), naive = try naive()
        var worst = 0.0
        for frame in Self.checkedFrames {
            hinted.advance(toFrame: frame, hinted: true)
            naive.advance(toFrame: frame, hinted: false)
            for bee in 0..<naive.positions.count {
                worst = max(worst, distance(hinted.positions[bee], naive.positions[bee]),
                            distance(hinted.tangents[bee], naive.tangents[bee]))
            }
        }
        return worst
    }

    private func distance(_ a: SIMD2<Double>, _ b: SIMD2<Double>) -> Double {
        ((a - b) * (a - b)).sum().squareRoot()
    }
}

/// The swarm as written first: bees in the order given, each looked up and sampled on its own
/// (`PathMeasure.sample(clampingDistance:)`), optionally keeping its piece index as a hint.
/// Distances use the same `Swarm.Flight` formulas as `Swarm`, so results are comparable bee by bee.
final class NaiveSwarm {
    let flights: [Swarm.Flight]
    let measures: [PathMeasure]
    let flightIndices: [Int]
    let startDistances: [Double]
    var hints: [Int]
    /// Each flight's travelled distance at `frame`, rewritten in place (no allocation per frame).
    var travelled: [Double]
    var positions: [SIMD2<Double>]
    var tangents: [SIMD2<Double>]
    var frame = 0
    let rate = 120.0

    init(flights: [Swarm.Flight], bees: [Swarm.Bee]) {
        self.flights = flights
        measures = flights.map(\.measure)
        flightIndices = bees.map(\.flight)
        startDistances = bees.map { flights[$0.flight].startDistance(phase: $0.phase) }
        hints = [Int](repeating: -1, count: bees.count)
        travelled = [Double](repeating: 0, count: flights.count)
        positions = [SIMD2<Double>](repeating: .zero, count: bees.count)
        tangents = [SIMD2<Double>](repeating: .zero, count: bees.count)
    }

    func advance(hinted: Bool) {
        advance(toFrame: frame + 1, hinted: hinted)
    }

    func advance(toFrame frame: Int, hinted: Bool) {
        self.frame = frame
        for flight in flights.indices { travelled[flight] = flights[flight].travelled(atFrame: frame, rate: rate) }
        let flights = self.flights, measures = self.measures, travelled = self.travelled
        flightIndices.withUnsafeBufferPointer { flightIndices in
            startDistances.withUnsafeBufferPointer { startDistances in
                positions.withUnsafeMutableBufferPointer { positions in
                    tangents.withUnsafeMutableBufferPointer { tangents in
                        hints.withUnsafeMutableBufferPointer { hints in
                            for bee in 0..<flightIndices.count {
                                let flight = flightIndices[bee]
                                let s = flights[flight].distance(startDistance: startDistances[bee], travelled: travelled[flight])
                                let sample = hinted ? measures[flight].sample(clampingDistance: s, hint: &hints[bee])
                                                    : measures[flight].sample(clampingDistance: s)
                                positions[bee] = sample.position.simd
                                tangents[bee] = sample.tangent.simd
                            }
                        }
                    }
                }
            }
        }
        blackHole(positions[positions.count - 1])
    }
}
