import BenchKit
import Foundation
import Motion
import SpringSolver

/// The spring options `bench drag` takes: the vocabularies only (the motion is the drag's).
private let dragSpringSpecs: [OptionSpec] = SpringOptions.specs.filter { !["from", "to", "velocity", "initial-velocity"].contains($0.name) }

let dragCommand: Command = Command(
    name: "drag",
    synopsis: "FILE.csv [--platform P] [--target X,Y] [spring options] [--hz R,…] [--json FILE]",
    summary: "a drag released into a 2-D spring: the release velocity each platform's tracker estimates, and the join at 60/120 Hz",
    details: """
    FILE.csv holds pointer samples, one per line: t (s), x, y (pt or px), with an optional \
    header line (t,x,y); times strictly increasing. The release is at the last sample. Each \
    tracker estimates the release velocity from the samples as its platform does: android \
    (VelocityTracker's default LSQ2: least squares of degree 2 over the last 100 ms and at \
    most 20 samples, frameworks/native VelocityTracker.cpp), android-impulse \
    (ImpulseVelocityTrackerStrategy), flutter (VelocityTracker with LeastSquaresSolver, \
    velocity_tracker.dart) and uikit (a model: Apple does not publish how \
    UIPanGestureRecognizer computes velocity(in:); the stand-in is the last two samples' \
    displacement over their time difference). The velocity goes into a 2-D spring from the \
    release point toward --target (default: the first sample, the drag snapping back); the spring \
    is given in any vocabulary (default SwiftUI's spring(response: 0.5, dampingFraction: \
    0.825)). The join is judged exactly (the finger's last velocity against the one handed \
    over: speed ratio and turn) and at each rate, where a frame shows the newest sample at or \
    before it: the last whole drag step against the first whole spring step (speed ratio, \
    turn) and the kick, the change of frame velocity between them against the spring's own \
    change over its next frame.
    """,
    options: dragSpringSpecs + [
        .choice("platform", "P", VelocityTrackerKind.allCases.map(\.rawValue), "one tracker: android, android-impulse, flutter or uikit (default: all four)"),
        .numbers("target", "X,Y", "the spring's target (default: the first sample)", in: NumberRange(
            atLeast: -1e9, atMost: 1e9, wording: "expects X,Y: two finite numbers within ±1e9"),
                 count: .exactly(2, "numbers", wording: "expects X,Y: two finite numbers within ±1e9")),
        .wholeRates,
        .json("flightline.drag/1", "the release per tracker"),
    ],
    positionalLimit: 1,
    validation: { arguments in
        guard !arguments.positionals.isEmpty else {
            throw CLIError.usage("bench drag needs a pointer sample file (CSV: t,x,y per line)")
        }
        try SpringOptions.validate(arguments)
    },
    run: { arguments, console in
        let path = arguments.positionals[0]
        let names = VelocityTrackerKind.allCases.map(\.rawValue)
        let trackers = try arguments.choice("platform", names).flatMap(VelocityTrackerKind.init(rawValue:)).map { [$0] }
            ?? VelocityTrackerKind.allCases
        let rates = flingRates(arguments)
        let destination = arguments.string("json")
        if let destination { try checkDocumentDestination(destination) }
        let spring = try dragSpring(arguments)
        let samples = try PointerCSV.read(path)
        let target = targetPoint(arguments) ?? samples[0].position
        let releases: [DragRelease]
        do {
            releases = try trackers.map { try DragRelease(samples: samples, tracker: $0, spring: spring.spring, target: target) }
        } catch let error as SpringError {
            throw CLIError.usage("\(quoted(path)): \(error.description)")
        }
        let report = DragReport(path: path, samples: samples, spring: spring, releases: releases, rates: rates)
        if destination != "-" { console.out(report.rendered()) }
        if let destination { try writeJSON(report.json(), to: destination, console: console) }
        return .success
    }
)

/// The spring from the vocabulary options, or SwiftUI's default `spring(response: 0.5,
/// dampingFraction: 0.825)` (developer.apple.com, `Animation.spring(response:dampingFraction:
/// blendDuration:)`'s default arguments).
private func dragSpring(_ arguments: Arguments) throws -> (spring: DampedSpring, description: String) {
    guard SpringOptions.isPresent(in: arguments) else {
        let spring = try DampedSpring(mass: 1, naturalFrequency: 2 * Double.pi / 0.5, dampingRatio: 0.825)
        return (spring, "SwiftUI's default spring(response: 0.5, dampingFraction: 0.825)")
    }
    var values: [String: Double] = [:]
    for name in SpringOptions.parameterNames {
        if let value = arguments.number(name) { values[name] = value }
    }
    do {
        let parameters = try SpringParameters(namedValues: values)
        let spring = try parameters.spring(uikitMapping: try SpringOptions.mapping(from: arguments))
        return (spring, "\(spring)")
    } catch let error as SpringError {
        throw CLIError.usage(error.description)
    }
}

/// `--target X,Y`: two numbers, each finite and within ±1e9 (the option's kind).
private func targetPoint(_ arguments: Arguments) -> SIMD2<Double>? {
    arguments.numbers("target").map { SIMD2($0[0], $0[1]) }
}

/// Pointer samples from CSV text: `t,x,y` per line, an optional header, blank lines skipped.
enum PointerCSV {
    /// At most this many samples (a minute of 1000 Hz touch events is 60,000).
    static let maximumRows = 1_000_000

    static func read(_ path: String) throws -> [PointerSample] {
        try parse(try DocumentInput.text(path, label: quoted(path)), name: quoted(path))
    }

    static func parse(_ text: String, name: String) throws -> [PointerSample] {
        var samples: [PointerSample] = []
        var sawRow = false
        for (index, rawLine) in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).enumerated() {
            let line = rawLine.trimmingCharacters(in: .whitespacesAndNewlines)
            if line.isEmpty { continue }
            let row = index + 1
            let fields = line.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
            if !sawRow, fields.map({ $0.lowercased() }) == ["t", "x", "y"] {
                sawRow = true
                continue
            }
            sawRow = true
            guard fields.count == 3 else {
                throw CLIError.usage("\(name) row \(row): expected 3 values t,x,y, got \(fields.count) in \(quoted(String(line.prefix(60))))")
            }
            var values: [Double] = []
            for (field, label) in zip(fields, ["t", "x", "y"]) {
                guard let value = Double(field), value.isFinite else {
                    throw CLIError.usage("\(name) row \(row): \(label) must be a finite number, got \(quoted(String(field.prefix(40))))")
                }
                values.append(value)
            }
            guard abs(values[0]) <= VelocityTracking.maximumTime, abs(values[1]) <= 1e9, abs(values[2]) <= 1e9 else {
                throw CLIError.usage("\(name) row \(row): t must be within ±1000000 s and x, y within ±1e9, got \(quoted(line))")
            }
            if let previous = samples.last, values[0] <= previous.time {
                let what = values[0] == previous.time ? "repeats the previous row's time" : "is before the previous row's time"
                throw CLIError.usage("\(name) row \(row): t = \(compact(values[0])) \(what) (\(compact(previous.time))): times must increase")
            }
            guard samples.count < maximumRows else {
                throw CLIError.usage("\(name) row \(row): more than \(maximumRows) samples")
            }
            samples.append(PointerSample(time: values[0], position: SIMD2(values[1], values[2])))
        }
        guard !samples.isEmpty else {
            throw CLIError.usage("\(name): no pointer samples (expected lines t,x,y)")
        }
        return samples
    }
}

struct DragReport {
    let path: String
    let samples: [PointerSample]
    let spring: (spring: DampedSpring, description: String)
    let releases: [DragRelease]
    let rates: [Int]

    func rendered() -> String {
        let first = samples[0], last = samples[samples.count - 1]
        var lines = ["drag: \(path), \(samples.count) samples over \(significant(last.time - first.time, 4)) s, released at (\(significant(last.position.x, 6)), \(significant(last.position.y, 6))) at t = \(significant(last.time, 6)) s"]
        if let release = releases.first {
            let finger = release.fingerVelocity
            lines.append("  finger's last velocity (last two samples): (\(significant(finger.x, 5)), \(significant(finger.y, 5))), speed \(significant(hypot(finger.x, finger.y), 5))/s")
            lines.append("  spring: \(spring.description), toward (\(significant(release.target.x, 6)), \(significant(release.target.y, 6)))")
        }
        lines.append("")
        var table = Table("tracker", "vx", "vy", "speed", "ratio", "turn (°)", "at rest (s)")
        for release in releases {
            let v = release.releaseVelocity
            let join = release.join
            table.add(row: [release.tracker.rawValue + (release.tracker.isPort ? "" : " (model)"),
                            significant(v.x, 5), significant(v.y, 5), significant(hypot(v.x, v.y), 5),
                            significant(join.speedRatio, 4), significant(join.turn, 3),
                            release.settleTime().map { significant($0, 4) } ?? "> 60"])
        }
        lines.append("release velocity handed to the spring (ratio and turn against the finger's last velocity):")
        lines.append(table.rendered(indent: "  "))
        for hz in rates {
            lines.append("")
            lines.append("the release at \(hz) Hz (the last whole drag step against the first whole spring step):")
            var frames = Table("tracker", "frame", "speed in", "speed out", "ratio", "turn (°)", "kick ×")
            for release in releases {
                guard let frame = release.frameJoin(hz: hz) else {
                    frames.add(row: [release.tracker.rawValue, "drag shorter than a frame", "", "", "", "", ""])
                    continue
                }
                frames.add(row: [release.tracker.rawValue, String(frame.releaseFrame), significant(frame.join.speedIn, 5),
                                 significant(frame.join.speedOut, 5), significant(frame.join.speedRatio, 4),
                                 significant(frame.join.turn, 3), frame.kickRatio.isFinite ? significant(frame.kickRatio, 3) : "∞"])
            }
            lines.append(frames.rendered(indent: "  "))
        }
        lines.append("")
        lines.append("  kick ×: the frame velocity's change across the release over the spring's own change in its next frame")
        for release in releases where !release.tracker.isPort {
            lines.append("  \(release.tracker.rawValue): \(release.tracker.source)")
        }
        return lines.joined(separator: "\n")
    }

    func json() -> JSON {
        .object([
            ("schema", .string("flightline.drag/1")),
            ("file", .string(path)),
            ("samples", .integer(samples.count)),
            ("releaseTime", .finite(samples[samples.count - 1].time)),
            ("spring", .object([
                ("description", .string(spring.description)), ("mass", .finite(spring.spring.mass)),
                ("stiffness", .finite(spring.spring.stiffness)), ("damping", .finite(spring.spring.damping)),
            ])),
            ("trackers", .array(releases.map { release in
                let v = release.releaseVelocity, finger = release.fingerVelocity
                return .object([
                    ("tracker", .string(release.tracker.rawValue)),
                    ("isPort", .bool(release.tracker.isPort)),
                    ("source", .string(release.tracker.source)),
                    ("velocity", .array([.finite(v.x), .finite(v.y)])),
                    ("fingerVelocity", .array([.finite(finger.x), .finite(finger.y)])),
                    ("target", .array([.finite(release.target.x), .finite(release.target.y)])),
                    ("speedRatio", .finite(release.join.speedRatio)),
                    ("turn", .finite(release.join.turn)),
                    ("settleTime", .finite(release.settleTime())),
                    ("rates", .array(rates.map { hz in
                        guard let frame = release.frameJoin(hz: hz) else { return .object([("hz", .integer(hz)), ("join", .null)]) }
                        return .object([
                            ("hz", .integer(hz)), ("releaseFrame", .integer(frame.releaseFrame)),
                            ("speedIn", .finite(frame.join.speedIn)), ("speedOut", .finite(frame.join.speedOut)),
                            ("speedRatio", .finite(frame.join.speedRatio)), ("turn", .finite(frame.join.turn)),
                            ("velocityChange", .finite(frame.velocityChange)),
                            ("nextVelocityChange", .finite(frame.nextVelocityChange)),
                            ("kickRatio", .finite(frame.kickRatio)),
                        ])
                    })),
                ])
            })),
        ])
    }
}
