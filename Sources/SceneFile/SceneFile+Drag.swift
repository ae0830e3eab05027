import JSONDocument
import Motion
import SpringSolver

/// Drag animations (issue 24): the layer follows a finger's pointer samples, and at the last
/// one is released into a spring toward `toValue` with the velocity a platform's tracker
/// estimates (Motion's `DragRelease`: Android's least-squares and impulse trackers, Flutter's,
/// UIKit's labelled model). The release is a join judged like every other.
extension SceneFile {
    /// The most pointer samples one drag may hold: 100 000 (over 13 minutes of 120 Hz touches).
    public static let maximumPointerSamples = 100_000

    /// The fastest release a drag may have: 100 000 pt/s, as `Fling.maximumSpeed` (ten times a
    /// hard human flick).
    public static let maximumDragSpeed = 100_000.0

    static func dragScene(
        _ node: JSONNode, object: inout JSONObject, name: String, context: TrackContext
    ) throws(JSONDocumentError) -> Scene {
        guard context.dimension == 2 else {
            throw node.error("expected a drag of position (a finger moves in 2-D), got '\(context.property)'")
        }
        let samplesNode = try object.required("samples")
        let items = try samplesNode.array()
        guard items.count >= 2, items.count <= Self.maximumPointerSamples else {
            throw samplesNode.error("expected 2 to \(Self.maximumPointerSamples) pointer samples [t, x, y], got \(items.count)")
        }
        var samples: [PointerSample] = []
        samples.reserveCapacity(items.count)
        for item in items {
            let numbers = try item.array()
            guard numbers.count == 3 else { throw item.error("expected a pointer sample [t, x, y] (seconds, points), got \(item.described)") }
            let t = try numbers[0].number(in: 0...1e6, "a time in seconds from 0 to 1e6")
            let x = try numbers[1].number(in: -1e7...1e7, "a coordinate in points"), y = try numbers[2].number(in: -1e7...1e7, "a coordinate in points")
            if let last = samples.last, !(t > last.time) {
                throw numbers[0].error("expected pointer sample times that increase, got \(JSONText.number(t)) after \(JSONText.number(last.time))")
            }
            samples.append(PointerSample(time: t, position: SIMD2(x, y)))
        }
        let trackerNode = try object.required("tracker")
        guard let tracker = VelocityTrackerKind(rawValue: try trackerNode.string()) else {
            let names = VelocityTrackerKind.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
            throw trackerNode.error("expected one of \(names), got \(trackerNode.described)")
        }
        let springNode = try object.required("spring")
        let (spring, _, _, springNotes) = try Self.dampedSpring(springNode)
        let toNode = try object.required("toValue")
        let target = try Self.values(of: toNode)
        guard target.count == 2, target.allSatisfy({ abs($0) <= 1e7 }) else {
            throw toNode.error("expected the release's target [x, y] within ±1e7 points, got \(toNode.described)")
        }
        let release: DragRelease
        do {
            release = try DragRelease(samples: samples, tracker: tracker, spring: spring, target: SIMD2(target[0], target[1]))
        } catch {
            throw samplesNode.error("\(error)")
        }
        // Touches a hair apart give speeds no finger makes (and springs that never settle):
        // refuse the release velocity by name, as Fling refuses one above 100 000 units/s.
        let speeds = [release.releaseVelocity, release.fingerVelocity].map { ($0 * $0).sum().squareRoot() }
        guard speeds.allSatisfy({ $0 <= Self.maximumDragSpeed }) else {
            throw samplesNode.error(
                "expected touches that move at most \(JSONText.number(Self.maximumDragSpeed)) pt/s, got a release at \(speeds.map { $0.isFinite ? JSONText.number($0.rounded()) : "more than 1.8e308" }.joined(separator: " pt/s (tracker) and ")) pt/s (the finger's last two touches): are the times in seconds?")
        }
        guard let settle = release.settleTime() else {
            throw springNode.error("expected a spring that settles within 60 s of the release")
        }
        let releaseTime = release.releaseTime
        let end = releaseTime + max(settle, 1e-3)
        let path = DragPath(samples: samples)
        let value: @Sendable (Double) -> SIMD2<Double> = { t in
            t < releaseTime ? path.position(at: t) : release.position(at: min(t, end))
        }
        let v = release.releaseVelocity, finger = release.fingerVelocity
        let notes = springNotes + [
            "released at t = \(JSONText.number(releaseTime)) s with the finger at (\(JSONText.number(finger.x.rounded())), \(JSONText.number(finger.y.rounded()))) pt/s; \(tracker.rawValue)'s tracker hands the spring (\(JSONText.number(v.x.rounded())), \(JSONText.number(v.y.rounded()))) pt/s (the drag between samples drawn as a C¹ curve through them)"
        ]
        do {
            let timeline = try TimelineMotion(
                quantity: .position, start: samples[0].time, end: end, value: value, joins: [release.join], notes: notes)
            return Scene(name: name, kind: .timeline(timeline, viewport: context.viewport), objectSize: context.size)
        } catch {
            throw node.error("\(error)")
        }
    }
}

/// The finger's path between its samples, as a UI draws a drag at frames between touch events:
/// a cubic Hermite curve through the samples (C¹), each inner sample's velocity the central
/// difference of its neighbours, the first and last the one-sided difference — the last one
/// the finger velocity `DragRelease.join` takes in, so the drawn curve arrives at the release
/// with the velocity the join compares.
struct DragPath: Sendable {
    let samples: [PointerSample]
    let velocities: [SIMD2<Double>]

    init(samples: [PointerSample]) {
        self.samples = samples
        let n = samples.count
        velocities = (0..<n).map { i in
            let a = samples[max(i - 1, 0)], b = samples[min(i + 1, n - 1)]
            let (from, to) = i == 0 ? (samples[0], samples[1]) : (i == n - 1 ? (samples[n - 2], samples[n - 1]) : (a, b))
            return (to.position - from.position) / (to.time - from.time)
        }
    }

    func position(at t: Double) -> SIMD2<Double> {
        guard t > samples[0].time else { return samples[0].position }
        guard t < samples[samples.count - 1].time else { return samples[samples.count - 1].position }
        var low = 0, high = samples.count - 1
        while high - low > 1 {
            let middle = (low + high) / 2
            if samples[middle].time <= t { low = middle } else { high = middle }
        }
        let a = samples[low], b = samples[high]
        let h = b.time - a.time, s = (t - a.time) / h
        let s2 = s * s, s3 = s2 * s
        let h00: Double = 2 * s3 - 3 * s2 + 1, h10: Double = s3 - 2 * s2 + s
        let h01: Double = -2 * s3 + 3 * s2, h11: Double = s3 - s2
        // Summed in typed steps, the same operations in the same order: as one expression the
        // type checker took most of a second.
        var sum: SIMD2<Double> = h00 * a.position + (h10 * h) * velocities[low]
        sum += h01 * b.position
        return sum + (h11 * h) * velocities[high]
    }
}
