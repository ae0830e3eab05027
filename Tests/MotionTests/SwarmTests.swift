import BezierKernels
import Motion
import Testing

/// The seed flights, built once for the whole suite (a few path tables).
private let seedFlights = try! Swarm.seedFlights()

/// The distance the swarm's model puts bee `bee` at, at `frame`, computed independently of the
/// swarm: the fraction of the cycle reached, times the length.
private func expectedDistance(_ bee: Swarm.Bee, frame: Int, flights: [Swarm.Flight], rate: Double) -> Double {
    let flight = flights[bee.flight]
    let cycles = (bee.phase - bee.phase.rounded(.down)) + Double(frame) / (flight.duration * rate)
    return (cycles - cycles.rounded(.down)) * flight.length
}

/// Every slot's position and tangent against `PathMeasure` at the model's distance: within a few
/// ulps at the distance the swarm used, within 1e-9 pt at the independently computed one.
private func checkAgainstPathMeasure(_ swarm: Swarm, bees: [Swarm.Bee]) {
    #expect(swarm.count == bees.count)
    #expect(Set(swarm.beeIndices) == Set(bees.indices))
    for slot in 0..<swarm.count {
        let bee = bees[swarm.beeIndices[slot]]
        let flight = swarm.flights[bee.flight]
        #expect(swarm.flight(ofSlot: slot) == bee.flight)
        let used = swarm.distance(ofSlot: slot)
        #expect(used >= 0 && used < flight.length)
        // The swarm's power form against PathMeasure's Bernstein form: a few ulps apart.
        let exact = flight.measure.sample(clampingDistance: used)
        #expect(distance(swarm.positions[slot], exact.position.simd) <= 1e-11, "slot \(slot) at \(used)")
        #expect(distance(swarm.tangents[slot], exact.tangent.simd) <= 1e-14, "slot \(slot) at \(used)")

        let expected = expectedDistance(bee, frame: swarm.frame, flights: swarm.flights, rate: swarm.rate)
        // Circular difference: at the seam, L − ε and 0 + ε are the same moment.
        let gap = abs(used - expected)
        #expect(min(gap, flight.length - gap) <= 1e-9, "slot \(slot): \(used) vs \(expected)")
        if min(expected, flight.length - expected) > 1e-6 {
            let reference = flight.measure.sample(clampingDistance: expected).position.simd
            #expect(distance(swarm.positions[slot], reference) <= 1e-9, "slot \(slot) at \(expected)")
        }
    }
}

private func distance(_ a: SIMD2<Double>, _ b: SIMD2<Double>) -> Double {
    ((a - b) * (a - b)).sum().squareRoot()
}

@Suite("Swarm: paced bees advanced frame by frame")
struct SwarmTests {
    @Test("positions and tangents are PathMeasure's at the expected distances, wrap included",
          arguments: [(1, 0), (3, 1), (4, 2), (37, 5), (2_000, 395), (2_000, 396), (2_000, 467), (2_000, 100_003), (500, -7)])
    func matchesPathMeasure(count: Int, frame: Int) throws {
        let bees = try Swarm.randomBees(count: count, flightCount: seedFlights.count, seed: UInt64(count))
        var swarm = try Swarm(flights: seedFlights, bees: bees)
        swarm.advance(toFrame: frame, execution: .serial)
        #expect(swarm.frame == frame)
        checkAgainstPathMeasure(swarm, bees: bees)
    }

    @Test("frame by frame equals jumping to the frame, across several wraps")
    func stepping() throws {
        let bees = try Swarm.randomBees(count: 257, flightCount: seedFlights.count, seed: 9)
        var stepped = try Swarm(flights: seedFlights, bees: bees)
        for _ in 0..<1_000 { stepped.advance(execution: .serial) }
        var jumped = try Swarm(flights: seedFlights, bees: bees)
        jumped.advance(toFrame: 1_000, execution: .serial)
        #expect(stepped.frame == 1_000)
        #expect(stepped.positions == jumped.positions)
        #expect(stepped.tangents == jumped.tangents)
        checkAgainstPathMeasure(stepped, bees: bees)
    }

    @Test("a whole cycle (396 frames for bee 1, 468 for bee 2 at 120 Hz) brings every bee back")
    func cycle() throws {
        for (flight, frames) in [(0, 396), (1, 396), (2, 468), (3, 468)] {
            let bees = (0..<50).map { Swarm.Bee(flight: flight, phase: Double($0) / 50) }
            var swarm = try Swarm(flights: seedFlights, bees: bees)
            let start = swarm.positions
            swarm.advance(toFrame: frames, execution: .serial)
            for (a, b) in zip(start, swarm.positions) { #expect(distance(a, b) <= 1e-9) }
        }
    }

    @Test("one core and all cores give identical buffers", arguments: [1, 8_191, 40_000])
    func serialEqualsConcurrent(count: Int) throws {
        let bees = try Swarm.randomBees(count: count, flightCount: seedFlights.count, seed: 42)
        var serial = try Swarm(flights: seedFlights, bees: bees)
        var concurrent = serial
        for frame in [1, 2, 250, 9_999] {
            serial.advance(toFrame: frame, execution: .serial)
            concurrent.advance(toFrame: frame, execution: .concurrent)
            #expect(serial.positions == concurrent.positions)
            #expect(serial.tangents == concurrent.tangents)
        }
    }

    @Test("seeded bees are reproducible, in range, and use every flight")
    func seededBees() throws {
        let a = try Swarm.randomBees(count: 1_000, flightCount: 4, seed: 3)
        #expect(a == (try Swarm.randomBees(count: 1_000, flightCount: 4, seed: 3)))
        #expect(a != (try Swarm.randomBees(count: 1_000, flightCount: 4, seed: 4)))
        #expect(a.allSatisfy { $0.phase >= 0 && $0.phase < 1 && (0..<4).contains($0.flight) })
        #expect(Set(a.map(\.flight)) == [0, 1, 2, 3])
        let swarm = try Swarm.pacedBees(count: 1_000, seed: 3)
        let again = try Swarm.pacedBees(count: 1_000, seed: 3)
        #expect(swarm.positions == again.positions && swarm.beeIndices == again.beeIndices)
    }

    @Test("only a phase's fraction counts", arguments: [(0.25, 1.25), (0.25, -0.75), (0.0, 3.0)])
    func phaseWraps(phase: Double, equivalent: Double) throws {
        let a = try Swarm(flights: seedFlights, bees: [Swarm.Bee(flight: 2, phase: phase)])
        let b = try Swarm(flights: seedFlights, bees: [Swarm.Bee(flight: 2, phase: equivalent)])
        #expect(abs(a.distance(ofSlot: 0) - b.distance(ofSlot: 0)) <= 1e-12)
    }

    @Test("a stationary start (control point on the end point) takes the limiting tangent, in a full group of lanes and alone")
    func stationaryPoint() throws {
        var path = Path()
        try path.move(to: Point(0, 0))
        try path.addCurve(to: Point(100, 50), control1: Point(0, 0), control2: Point(100, 0))
        let flight = try Swarm.Flight(path: path, duration: 1)
        let bees = (0..<9).map { _ in Swarm.Bee(flight: 0, phase: 0) }
        let swarm = try Swarm(flights: [flight], bees: bees)
        let exact = flight.measure.sample(clampingDistance: 0)
        #expect(exact.tangent.simd == SIMD2(1, 0))
        for slot in 0..<swarm.count {
            #expect(swarm.positions[slot] == exact.position.simd)
            #expect(swarm.tangents[slot] == exact.tangent.simd)
        }
    }

    @Test("bees per frame is the frame's nanoseconds over the time per bee")
    func capacity() throws {
        #expect(try Swarm.capacity(nanosecondsPerBee: 10, rate: 100) == 1_000_000)
        #expect(try Swarm.capacity(nanosecondsPerBee: 8.3, rate: 120) == 1_004_016)
        #expect(try Swarm.capacity(nanosecondsPerBee: 1e10, rate: 120) == 0)
    }

    @Test("bad input is rejected with a one-line message naming the value")
    func badInput() throws {
        func message(_ body: () throws -> Void) -> String {
            do {
                try body()
                return "no error"
            } catch {
                return "\(error)"
            }
        }
        let cases: [(String, () throws -> Void)] = [
            ("got 0", { _ = try Swarm.pacedBees(count: 0, seed: 1) }),
            ("got -3", { _ = try Swarm.randomBees(count: -3, flightCount: 4, seed: 1) }),
            ("got 0", { _ = try Swarm(flights: seedFlights, bees: []) }),
            ("got nan", { _ = try Swarm(flights: seedFlights, bees: [Swarm.Bee(flight: 0, phase: .nan)]) }),
            ("got inf", { _ = try Swarm(flights: seedFlights, bees: [Swarm.Bee(flight: 0, phase: .infinity)]) }),
            ("got 4", { _ = try Swarm(flights: seedFlights, bees: [Swarm.Bee(flight: 4, phase: 0)]) }),
            ("got -1", { _ = try Swarm(flights: seedFlights, bees: [Swarm.Bee(flight: -1, phase: 0)]) }),
            ("got 0", { _ = try Swarm(flights: [], bees: [Swarm.Bee(flight: 0, phase: 0)]) }),
            ("got nan", { _ = try Swarm(flights: seedFlights, bees: [Swarm.Bee(flight: 0, phase: 0)], rate: .nan) }),
            ("got 0.0", { _ = try Swarm.Flight(measure: seedFlights[0].measure, duration: 0) }),
            ("got -1.0", { _ = try Swarm.capacity(nanosecondsPerBee: -1) }),
            ("got 0.0", { _ = try Swarm.capacity(nanosecondsPerBee: 1, rate: 0) }),
            ("got 0.0", {
                var path = Path()
                try path.move(to: Point(5, 5))
                try path.addLine(to: Point(5, 5))
                _ = try Swarm.Flight(path: path, duration: 1)
            }),
        ]
        for (expected, body) in cases {
            let text = message(body)
            #expect(text.hasSuffix(expected), "\(text)")
            #expect(!text.contains("\n"))
        }
    }
}
