import BenchKit
import Motion

/// Validating a recorded trace (issue 12): `validate/trace-10k` reads a 10,000-frame CSV trace
/// (t, x, y, present, target at 120 Hz: the paced bee1+ flight, one frame in 97 shown a refresh
/// late) and validates it: the displayed positions refresh by refresh, the sample metrics, the
/// recorded teleports and every platform's figure. The claim it backs: under 50 ms in release,
/// 5 µs per frame. Reference `validate/trace-10k/scene`: the same 10,000 frames validated as an
/// ordinary timeline scene (samples at 1×, 2× and 4× the rate, the rate-doubling tests and the
/// 16-phase sweep), what a recording would cost if it were judged like a model.
///
/// The check, before anything is timed: the trace's total hitch time is the 103 late frames'
/// 103 refresh intervals, to 1e-9 s.
func traceBenchmarks() throws -> [Benchmark] {
    [try traceValidationBenchmark()]
}

/// The trace behind `validate/trace-10k`: its CSV text and the hitch time it holds.
func tenThousandFrameTrace() throws -> (csv: String, hitch: Double, scene: Scene) {
    let hz = 120.0, count = 10_000
    let motion = try BeeFlight(bee: .one, sign: 1).motion(mode: .paced)
    var lines = ["t,x,y,present,target"]
    lines.reserveCapacity(count + 1)
    var late = 0
    var shown = 0.0
    for k in 0..<count {
        let t = Double(k) / hz
        let target = shown + 1 / hz
        // One frame in 97 misses its refresh and is shown at the next.
        let isLate = k % 97 == 96
        if isLate { late += 1 }
        shown = target + (isLate ? 1 / hz : 0)
        let p = motion.position(at: t)
        lines.append("\(t),\(p.x),\(p.y),\(shown),\(target)")
    }
    let trace = try MotionTrace.csv(lines.joined(separator: "\n"), source: "trace-10k.csv")
    return (lines.joined(separator: "\n"), Double(late) / hz, try Scene.trace(trace))
}

private func traceValidationBenchmark() throws -> Benchmark {
    let (csv, hitch, scene) = try tenThousandFrameTrace()
    func validate() throws(MotionError) -> ValidationReport {
        try Validation.validate(trace: try MotionTrace.csv(csv, source: "trace-10k.csv"), hz: 120)
    }
    return Benchmark(
        "validate/trace-10k",
        unit: .nanoseconds(per: "frame"),
        workUnitsPerIteration: 10_000,
        reference: Reference("validate/trace-10k/scene") { iterations in
            for _ in 0..<iterations {
                blackHole(mustSucceed("validate/trace-10k/scene") { () throws(MotionError) in try Validation.validate(scene, hz: 120) })
            }
        },
        check: Check(tolerance: 1e-9) {
            let report = try validate()
            guard let apple = report.delivery?.platform.apple else { return .infinity }
            return abs(apple.totalHitchTime - hitch)
        }
    ) { iterations in
        for _ in 0..<iterations {
            blackHole(mustSucceed("validate/trace-10k") { () throws(MotionError) in try validate() })
        }
    }
}
