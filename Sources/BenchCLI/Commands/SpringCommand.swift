import Foundation
import Motion
import SpringSolver

/// `bench spring`: one spring in every vocabulary, its regime, settling and exact motion.
let springCommand: Command = Command(
    name: "spring",
    synopsis: "[spring options] [--from X --to Y --velocity V] [--at T,…] [--json FILE]",
    summary: "a spring in every parameter vocabulary, its settling time and exact motion",
    details: """
    Give the spring in any one vocabulary (physical, response, perceptual, uikit, android,
    react-spring, rebound, origami); with none, the menu's show spring (UIKit duration 0.8 s,
    damping ratio 0.6, initial spring velocity 0.6, from 667 to 459 pt). Prints the spring in
    every vocabulary (or why one cannot express it), the regime, ζ, ω₀, the damped frequency,
    Core Animation's settlingDuration, the motion's settle time (within min(0.5 pt, 0.5 % of
    the distance) and 62.5 /s times that for good), the overshoot, and exact samples t, x, v (absolute positions, points) at the
    times asked, in the order given — by default 10 times evenly spaced from 0 to the settle
    time. With --css-linear, also a CSS linear() easing (CSS Easing Level 2) that stays within
    --max-error of the exact motion, the duration to play it over (after it the motion stays
    within the error of the target), its stop count and its measured error: CSS has no
    spring() timing function, so this is how a spring ships to the web.
    """,
    options: SpringOptions.specsWithMenuFallback + [
        .numbers("at", "T,…", "sample times in seconds (default: 10 up to the settle time)", in: NumberRange(atLeast: 0),
                 count: .atMost(SpringCommandReport.maximumTimes, "times")),
        .flag("css-linear", "also print the fewest CSS linear() stops found that follow the exact motion within --max-error, with the duration to use"),
        .number("max-error", "E", "with --css-linear: largest distance from the exact motion, as a fraction of the distance (default 0.005)", in: NumberRange(
            atLeast: 0.0001, atMost: 0.5, wording: "must be a fraction of the distance from 0.0001 to 0.5 (0.005 is 0.5 %)")),
        .json("flightline.spring/1", "the spring"),
    ],
    positionalLimit: 0,
    rules: [.requires("max-error", anyOf: ["css-linear"], "--max-error goes with --css-linear")] + SpringOptions.rules,
    validation: { arguments in try SpringOptions.validate(arguments) },
    run: { arguments, console in
        let report = try SpringCommandReport(arguments)
        let destination = arguments.string("json")
        if destination != "-" { console.out(report.rendered()) }
        if let destination { try writeJSON(report.json(), to: destination, console: console) }
        return .success
    }
)

/// Everything `bench spring` says about one spring and its motion.
struct SpringCommandReport {
    let motion: SpringMotion<Double>
    let mapping: any UIKitSpringMapping
    /// The vocabulary the spring was given in (`nil`: the default spring).
    let given: SpringParameters?
    let notes: [String]
    let times: [Double]
    let timesWereGiven: Bool
    /// The motion's settle time, computed once (up to 10⁶ closed-form evaluations each time).
    let settleTime: Double

    /// The motion under each UIKit mapping, when the spring is a UIKit one (given with
    /// `--uikit-duration`, or the menu's by default): the duration → stiffness mapping is
    /// undocumented, so the report says how much it moves the overshoot and settle times.
    let mappingComparison: [MappingOutcome]
    /// The CSS `linear()` easing, with `--css-linear`.
    let cssLinear: CSSLinearEasing?

    struct MappingOutcome {
        let name: String
        let spring: DampedSpring
        let overshootTime: Double
        let settleTime: Double
    }

    /// At most this many `--at` times (each is one line of output).
    static let maximumTimes = 100_000

    init(_ arguments: Arguments) throws {
        let atTimes = arguments.numbers("at")
        if let request = try SpringOptions.request(from: arguments) {
            motion = request.motion
            mapping = request.mapping
            given = request.parameters
            notes = request.notes
        } else {
            mapping = try SpringOptions.mapping(from: arguments)
            motion = try DefaultMotion.motion(of: try DefaultMotion.menuSpring(mapping: mapping), arguments: arguments)
            given = nil
            notes = ["no spring options given: the menu's show spring (UIKit duration 0.8 s, damping ratio 0.6, initial spring velocity 0.6"
                     + (DefaultMotion.isGiven(in: arguments) ? ")" : ", from 667 to 459 pt)")]
        }
        timesWereGiven = atTimes != nil
        settleTime = motion.settleTime()
        let uikit: (duration: Double, dampingRatio: Double)?
        switch given {
        case .uikit(let duration, let ratio)?: uikit = (duration, ratio)
        case nil: uikit = (MenuBounce.duration, MenuBounce.dampingRatio(.show))
        default: uikit = nil
        }
        if arguments.has("css-linear") {
            // Within 0.0001…0.5 (the option table); --max-error needs --css-linear (the rules).
            let tolerance = arguments.number("max-error") ?? 0.005
            do {
                cssLinear = try motion.cssLinearEasing(maxError: tolerance)
            } catch let error as SpringError {
                throw CLIError.usage("--css-linear: \(error)")
            }
        } else {
            cssLinear = nil
        }
        if let uikit {
            let envelope = mapping as? EnvelopeDecayMapping ?? .default
            let motion = self.motion
            mappingComparison = try [("envelope", envelope as any UIKitSpringMapping), ("framer", FramerDurationMapping.default)].map { name, mapping in
                do {
                    let spring = try mapping.conversion(duration: uikit.duration, dampingRatio: uikit.dampingRatio).spring
                    let other = try SpringMotion(spring: spring, from: motion.initialPosition, to: motion.target, initialVelocity: motion.initialVelocity)
                    return MappingOutcome(name: name, spring: spring, overshootTime: other.overshoot.time, settleTime: other.settleTime())
                } catch let error as SpringError {
                    throw CLIError.usage("under the \(name) UIKit mapping: \(error)")
                }
            }
        } else {
            mappingComparison = []
        }
        times = atTimes ?? motion.sampleTimes(settleTime: settleTime)
        // Every number printed must be finite: the closed form is computed in scaled form, so
        // a sample is infinite only when its true value is beyond the largest finite number.
        for t in times {
            let state = motion.state(at: t)
            let position = motion.target + state.displacement
            for (name, value, unit) in [("position", position, "pt"), ("velocity", state.velocity, "pt/s")] where !value.isFinite {
                throw CLIError.usage("the \(name) at t = \(compact(t)) s exceeds 1.8e308 \(unit) (the largest finite number): "
                    + "--from \(compact(motion.initialPosition)) --to \(compact(motion.target)) --velocity \(compact(motion.initialVelocity + 0)) is too large a motion for this spring; scale it down")
            }
        }
        let overshoot = motion.overshoot
        guard overshoot.distance.isFinite, overshoot.time.isFinite else {
            throw CLIError.usage("the overshoot exceeds 1.8e308 pt (the largest finite number): "
                + "--from \(compact(motion.initialPosition)) --to \(compact(motion.target)) --velocity \(compact(motion.initialVelocity + 0)) is too large a motion for this spring; scale it down")
        }
    }

    var spring: DampedSpring { motion.spring }

    /// The spring in every vocabulary (SpringSolver's `SpringParameters.expressions(of:)`).
    var vocabularies: [SpringExpression] {
        SpringParameters.expressions(of: spring, uikitMapping: mapping)
    }

    func rendered() -> String {
        var lines: [String] = []
        for note in notes { lines.append("note: \(note)") }
        let s = spring
        lines.append("spring: mass \(compact(s.mass)), stiffness \(compact(s.stiffness)), damping \(compact(s.damping))"
                     + (given.map { " (given as \($0.vocabulary.rawValue))" } ?? ""))
        lines.append("regime: \(s.regime.rawValue) · ζ \(compact(s.dampingRatio)) · ω₀ \(compact(s.naturalFrequency)) rad/s (period \(compact(s.period)) s)"
                     + " · damped frequency " + (s.dampedFrequency > 0 ? "\(compact(s.dampedFrequency)) rad/s (\(compact(s.dampedFrequency / (2 * .pi))) Hz)" : "none (\(s.regime.rawValue))")
                     + " · decay rate \(compact(s.decayRate)) /s")
        lines.append("")
        var table = Table("vocabulary", "parameters", "")
        for entry in vocabularies {
            let mark = entry.vocabulary == given?.vocabulary ? "given" : ""
            if let values = entry.values {
                table.add(row: [entry.vocabulary.rawValue, values.map { "--\($0.name) \(compact($0.value))" }.joined(separator: " "), mark])
            } else {
                table.add(row: [entry.vocabulary.rawValue, "cannot express this spring: \(entry.reason ?? "")", mark])
            }
        }
        lines.append(table.rendered())
        if let description = SpringOptions.mappingDescription(mapping) {
            lines.append("(\(description))")
        }
        lines.append("")
        let settle = settleTime
        let overshoot = motion.overshoot
        let (overshootDistance, overshootTime) = (overshoot.distance, overshoot.time)
        lines.append("motion: \(compact(motion.initialPosition)) → \(compact(motion.target)) pt, initial velocity \(compact(motion.initialVelocity)) pt/s")
        lines.append("settling: Core Animation settlingDuration \(timeText(s.settlingDuration)) (unit step within 0.001); "
                     + (settle.isFinite ? "this motion settles at \(timeText(settle))" : s.isUndamped ? "this motion never settles" : "this motion settles after \(Self.beyondTime)") + " (within \(compact(motion.restCriteria.distance)) pt and \(compact(motion.restCriteria.speed)) pt/s for good: "
                     + (motion.restCriteria == .default ? "the 0.5 pt cap" : "0.5 % of the \(compact(motion.distance)) pt move") + ")")
        // ÷ first: 100 × a huge overshoot would overflow.
        let share = motion.distance > 0 ? " (\(compact(overshootDistance / motion.distance * 100, 3)) % of the distance)" : ""
        lines.append(overshootDistance > 0
                     ? "overshoot: \(compact(overshootDistance)) pt past the target\(share) at t = \(compact(overshootTime)) s"
                     : "overshoot: none")
        if mappingComparison.count == 2 {
            lines.append("")
            lines.append("UIKit's duration → stiffness mapping is undocumented; the same UIKit values and motion under each:")
            var table = Table("mapping", "stiffness", "damping", "overshoot at", "settles at")
            for outcome in mappingComparison {
                table.add(row: [outcome.name, compact(outcome.spring.stiffness, 5), compact(outcome.spring.damping, 4),
                                outcome.overshootTime > 0 ? "\(compact(outcome.overshootTime, 4)) s" : "no overshoot",
                                timeText(outcome.settleTime)])
            }
            lines.append(table.rendered())
            let (envelope, framer) = (mappingComparison[0], mappingComparison[1])
            let settleShift = framer.settleTime - envelope.settleTime
            lines.append("framer vs envelope: overshoot time \(signed(framer.overshootTime - envelope.overshootTime)) s, settle time "
                         + (settleShift.isFinite ? "\(signed(settleShift)) s" : "not comparable (one never settles)"))
        }
        if let css = cssLinear {
            lines.append("")
            lines.append("CSS linear() easing within \(compact(css.tolerance * 100, 3)) % of the distance (\(compact(css.tolerance * motion.distance, 3)) pt):")
            lines.append("animation-duration: \(compact(css.duration, 4))s;")
            lines.append("animation-timing-function: \(css.cssText);")
            lines.append("\(css.stops.count) stops over \(compact(css.duration, 4)) s; measured error \(compact(css.measuredError * 100, 3)) % of the distance (\(compact(css.measuredError * motion.distance, 3)) pt), on a grid 8× finer than the stops were chosen on, over twice the duration")
        }
        lines.append("")
        lines.append(timesWereGiven ? "samples (exact, at the times given):" : "samples (exact, 10 times from 0 to the settle time):")
        var samples = Table("t (s)", "x (pt)", "v (pt/s)")
        for t in times {
            let state = motion.state(at: t)
            samples.add(row: [compact(t), compact(motion.target + state.displacement, 9), compact(state.velocity)])
        }
        lines.append(samples.rendered())
        return lines.joined(separator: "\n")
    }

    private func signed(_ value: Double) -> String {
        (value >= 0 ? "+" : "") + compact(value, 3)
    }

    private func timeText(_ value: Double) -> String {
        value.isFinite ? "\(compact(value)) s" : spring.isUndamped ? "never (undamped)" : Self.beyondTime
    }

    /// A damped spring so lightly damped (damping 1e-320) that it settles after longer than the
    /// largest finite time.
    static let beyondTime = "more than 1.8e308 s (beyond the largest finite time)"

    /// Why `settleTime` or `settlingDuration` is null in the JSON, when one is.
    var nullReasons: [String] {
        var reasons: [String] = []
        for (key, value) in [("settleTime", settleTime), ("settlingDuration", spring.settlingDuration)] where !value.isFinite {
            reasons.append(spring.isUndamped ? "\(key) is null: the spring is undamped and never settles"
                           : "\(key) is null: it exceeds the largest finite time (1.8e308 s)")
        }
        return reasons
    }

    /// Why a mapping's `settleTime` is null in `uikitMappings`, when one is.
    var mappingNullReasons: [String] {
        mappingComparison.filter { !$0.settleTime.isFinite }.map {
            "uikitMappings[\($0.name)].settleTime is null: it exceeds the largest finite time (1.8e308 s)"
        }
    }

    /// `flightline.spring/1` (docs/design.md §3), with the vocabularies, the motion, settling and
    /// overshoot after the contract's keys.
    func json() -> JSON {
        let s = spring
        var vocabularyMembers: [(String, JSON)] = []
        for entry in vocabularies {
            if let values = entry.values {
                vocabularyMembers.append((entry.vocabulary.rawValue, .object(values.map { ($0.name, .number($0.value)) })))
            } else {
                vocabularyMembers.append((entry.vocabulary.rawValue, .object([("unavailable", .string(entry.reason ?? ""))])))
            }
        }
        let overshoot = motion.overshoot
        let (overshootDistance, overshootTime) = (overshoot.distance, overshoot.time)
        // Built as a typed array, then extended: one literal with the optional tail appended
        // took the type checker seconds per build.
        var members: [(String, JSON)] = [
            ("schema", .string("flightline.spring/1")),
            ("parameters", .object([
                ("mass", .number(s.mass)),
                ("stiffness", .number(s.stiffness)),
                ("damping", .number(s.damping)),
                ("dampingRatio", .number(s.dampingRatio)),
                ("naturalFrequency", .number(s.naturalFrequency)),
                ("regime", .string(s.regime.rawValue)),
                ("dampedFrequency", .number(s.dampedFrequency)),
                ("given", given.map { .string($0.vocabulary.rawValue) } ?? .null),
                ("vocabularies", .object(vocabularyMembers)),
            ])),
            ("settleTime", .finite(settleTime)),
            ("rest", .object([("distance", .number(motion.restCriteria.distance)), ("speed", .number(motion.restCriteria.speed))])),
            ("samples", .array(times.map { t in
                let state = motion.state(at: t)
                return .object([("t", .number(t)), ("x", .number(motion.target + state.displacement)), ("v", .number(state.velocity))])
            })),
            ("settlingDuration", .finite(s.settlingDuration)),
            ("overshoot", .object([("distance", .number(overshootDistance)), ("time", .number(overshootTime))])),
            ("motion", .object([("from", .number(motion.initialPosition)), ("to", .number(motion.target)), ("velocity", .number(motion.initialVelocity))])),
            ("uikitMappings", .array(mappingComparison.map { outcome in
                .object([
                    ("mapping", .string(outcome.name)),
                    ("stiffness", .number(outcome.spring.stiffness)),
                    ("damping", .number(outcome.spring.damping)),
                    ("overshootTime", .number(outcome.overshootTime)),
                    ("settleTime", .finite(outcome.settleTime)),
                ])
            })),
            ("notes", .array((notes + nullReasons + mappingNullReasons).map(JSON.string))),
        ]
        if let css = cssLinear {
            let stops: [JSON] = css.stops.map { .object([("progress", .number($0.progress)), ("position", .number($0.position))]) }
            members.append(("cssLinear", .object([
                ("maxError", .number(css.tolerance)),
                ("duration", .number(css.duration)),
                ("stopCount", .number(Double(css.stops.count))),
                ("measuredError", .number(css.measuredError)),
                ("stops", .array(stops)),
                ("css", .string(css.cssText)),
            ])))
        }
        return .object(members)
    }
}

/// `value` with at most `digits` significant digits and no trailing zeros (`1`, `0.4366`,
/// `207.105`, `1.2e-07`): `%g`, which is what a reader wants for parameters they may paste
/// back as options.
func compact(_ value: Double, _ digits: Int = 6) -> String {
    guard value.isFinite else { return value.isNaN ? "nan" : (value > 0 ? "inf" : "-inf") }
    return String(format: "%.\(digits)g", value)
}
