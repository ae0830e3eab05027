import SpringSolver

/// The spring options every spring-taking command shares (docs/design.md §2): the parameters in any
/// vocabulary SpringSolver knows, the UIKit mapping, and the motion (`--from --to --velocity`).
///
/// The option names are SpringSolver's vocabulary keys, so a vocabulary added there needs no
/// change here beyond its help line.
enum SpringOptions {
    /// Help for each vocabulary key; every key of `SpringParameters.vocabularyKeys` must be here.
    private static let help: [String: (value: String, text: String)] = [
        "mass": ("KG", "mass (physical, response, perceptual, react-spring; default 1)"),
        "stiffness": ("K", "stiffness k (with --damping: the physical form m x'' + c x' + k x = 0)"),
        "damping": ("C", "damping coefficient c"),
        "response": ("S", "SwiftUI Spring(response:dampingRatio:): period of the undamped spring, seconds"),
        "damping-fraction": ("Z", "SwiftUI damping fraction (ratio) that goes with --response"),
        "duration": ("S", "SwiftUI Spring(duration:bounce:): perceptual duration, seconds"),
        "bounce": ("B", "SwiftUI bounce in (-1, 1] that goes with --duration (default 0; 1 is undamped)"),
        "uikit-duration": ("S", "UIKit animate(withDuration:…usingSpringWithDamping:): duration, seconds"),
        "damping-ratio": ("Z", "damping ratio ζ (UIKit with --uikit-duration; Android with --android-stiffness)"),
        "android-stiffness": ("K", "Android SpringForce stiffness (mass 1)"),
        "tension": ("T", "react-spring tension (with --friction)"),
        "friction": ("F", "react-spring friction"),
        "rebound-tension": ("T", "Rebound tension (with --rebound-friction)"),
        "rebound-friction": ("F", "Rebound friction"),
        "origami-tension": ("T", "Origami (Quartz Composer) tension (with --origami-friction)"),
        "origami-friction": ("F", "Origami friction"),
    ]

    /// The motion's default end points when none are given: a 100 pt move, large enough that the
    /// 0.5 pt rest distance is a meaningful fraction of it.
    static let defaultFrom = 0.0
    static let defaultTo = 100.0

    /// Every spring option, vocabulary keys first, in SpringSolver's order.
    static var specs: [OptionSpec] {
        var seen = Set<String>()
        var specs: [OptionSpec] = []
        for keys in SpringParameters.vocabularyKeys {
            for key in keys.required + keys.optional.keys.sorted() where seen.insert(key).inserted {
                let entry = help[key] ?? ("X", "spring parameter '\(key)'")
                specs.append(.number(key, entry.value, entry.text))
            }
        }
        return specs + [
            .number("initial-velocity", "V", "initial velocity relative to the distance (distances per second), any vocabulary; not with --velocity"),
            .choice("uikit-mapping", "NAME", mappingNames, "UIKit duration → stiffness: envelope (default: the envelope e^(-ζω₀t) is 0.001 at the duration) or framer (Framer's: the sine amplitude (ζω₀/ω_d)e^(-ζω₀t) is 0.001)"),
            .number("uikit-residual", "R", "UIKit mapping: envelope left at the duration (default 0.001)"),
            .choice("uikit-overdamping", "MODE", EnvelopeDecayMapping.Overdamping.allCases.map(\.rawValue), "UIKit mapping of a damping ratio above 1: clamp (default) or slowest-mode"),
            .number("from", "X", "start position, points (default \(Int(defaultFrom)))"),
            .number("to", "Y", "target position, points (default \(Int(defaultTo)))"),
            .number("velocity", "V", "initial velocity, points per second (default 0; 0 or at least 1e-100 × the distance in magnitude)"),
        ]
    }

    /// ``specs`` for the commands that fall back to the menu's show spring when no spring
    /// parameter is given (``DefaultMotion``): the motion options' help says both defaults.
    static var specsWithMenuFallback: [OptionSpec] {
        specs.map { spec in
            switch spec.name {
            case "from":
                return .number("from", "X", "start position, points (default \(Int(defaultFrom)); \(Int(DefaultMotion.from)) with no spring options: the menu's)")
            case "to":
                return .number("to", "Y", "target position, points (default \(Int(defaultTo)); \(Int(DefaultMotion.to)) with no spring options: the menu's)")
            case "velocity":
                return .number("velocity", "V", "initial velocity, points per second (default 0; with no spring options the menu's \(DefaultMotion.relativeVelocity) × the distance per second)")
            default:
                return spec
            }
        }
    }

    /// The rules between the motion options, for every command that takes them all.
    static let rules: [OptionRule] = [
        .excludes("velocity", ["initial-velocity"], "give either --velocity (points per second) or --initial-velocity (distance per second), not both"),
    ]

    /// What the spring options must be together beyond ``rules``, for the `validation` of every
    /// command that takes them: `--uikit-residual` and `--uikit-overdamping` tune the envelope
    /// mapping only, and `--from` and `--to` must be a finite distance apart (finite positions
    /// may overflow it: -1e308 → 1e308).
    static func validate(_ arguments: Arguments) throws {
        if arguments.string("uikit-mapping") == "framer" {
            for name in ["uikit-residual", "uikit-overdamping"] where arguments.has(name) {
                throw CLIError.usage("--\(name) tunes the envelope mapping and cannot go with --uikit-mapping framer")
            }
        }
        if let from = arguments.number("from"), let to = arguments.number("to"), !(to - from).isFinite {
            throw CLIError.usage("--from \(compact(from)) and --to \(compact(to)) are too far apart: to − from must be at most 1.8e308 in magnitude")
        }
    }

    /// The options that describe the motion rather than the spring.
    static let motionNames = ["from", "to", "velocity", "initial-velocity"]

    /// The smallest magnitude of a non-zero velocity relative to the distance (per second; and
    /// in points per second within 1 pt): 1e-100. Below about 1e-156 × the distance GSL's bsimp
    /// (a reference of `bench integrators`) returns NaN with a success status (exit 3).
    static let minimumVelocity = 1e-100

    /// The vocabulary keys alone (what selects a spring).
    static var parameterNames: [String] {
        Array(Set(SpringParameters.vocabularyKeys.flatMap { $0.required + $0.optional.keys }))
    }

    /// Whether any spring parameter was given.
    static func isPresent(in arguments: Arguments, ignoring ignored: Set<String> = []) -> Bool {
        parameterNames.contains { !ignored.contains($0) && arguments.has($0) }
    }

    /// A spring and its motion as the user described them.
    ///
    /// `--initial-velocity V` is a velocity relative to the distance, `V × (to − from)` points
    /// per second, with any vocabulary. That is how Apple's relative spring velocities are
    /// defined: UIKit's `initialSpringVelocity` ("A value of 1 corresponds to the total
    /// animation distance traversed in one second"), `UISpringTimingParameters.initialVelocity`
    /// ("normalized to the total distance of the animation") and SwiftUI's
    /// `interpolatingSpring(duration:bounce:initialVelocity:)` (a spring over [0, 1] then
    /// interpolated over [from, to]) — developer.apple.com. `CASpringAnimation.initialVelocity`'s
    /// documentation states only its sign convention, not its unit.
    struct Request {
        let parameters: SpringParameters
        let spring: DampedSpring
        let motion: SpringMotion<Double>
        /// How the UIKit mapping treated the damping ratio, when it adjusted it.
        let notes: [String]
        let mapping: any UIKitSpringMapping
    }

    /// The UIKit mappings `--uikit-mapping` names.
    static let mappingNames = ["envelope", "framer"]

    /// The UIKit mapping from `--uikit-mapping`, `--uikit-residual` and `--uikit-overdamping`
    /// (defaults: envelope, 0.001, clamp). The last two tune the envelope mapping only
    /// (``validate(_:)`` refuses them with framer's).
    static func mapping(from arguments: Arguments) throws -> any UIKitSpringMapping {
        if try arguments.choice("uikit-mapping", mappingNames) == "framer" { return FramerDurationMapping.default }
        return try envelopeMapping(from: arguments)
    }

    /// One line on a UIKit mapping other than the default, `nil` for the default.
    static func mappingDescription(_ mapping: any UIKitSpringMapping) -> String? {
        if mapping is FramerDurationMapping {
            return "uikit under Framer's mapping: the sine amplitude (ζω₀/ω_d)·e^(−ζω₀t) is 0.001 at the duration"
        }
        if let envelope = mapping as? EnvelopeDecayMapping, envelope != .default {
            return "uikit under the envelope-decay mapping with residual \(compact(envelope.residual)) and \(envelope.overdamping.rawValue) overdamping"
        }
        return nil
    }

    private static func envelopeMapping(from arguments: Arguments) throws -> EnvelopeDecayMapping {
        let overdamping = try arguments.choice("uikit-overdamping", EnvelopeDecayMapping.Overdamping.allCases.map(\.rawValue))
            .flatMap(EnvelopeDecayMapping.Overdamping.init(rawValue:)) ?? .clampToCritical
        do {
            return try EnvelopeDecayMapping(residual: arguments.number("uikit-residual") ?? 0.001, overdamping: overdamping)
        } catch let error as SpringError {
            throw CLIError.usage("--uikit-residual: \(error)")
        }
    }

    /// Parses the spring options; `nil` when no spring parameter was given.
    ///
    /// - Parameter ignoring: option names that mean something else in this command (the SVG
    ///   scene's `--duration`).
    static func request(from arguments: Arguments, ignoring ignored: Set<String> = []) throws -> Request? {
        guard isPresent(in: arguments, ignoring: ignored) else { return nil }
        var values: [String: Double] = [:]
        for name in parameterNames where !ignored.contains(name) {
            if let value = arguments.number(name) { values[name] = value }
        }
        do {
            let parameters = try SpringParameters(namedValues: values)
            let mapping = try mapping(from: arguments)
            var notes: [String] = []
            let spring: DampedSpring
            if case .uikit(let duration, let ratio) = parameters {
                let conversion = try mapping.conversion(duration: duration, dampingRatio: ratio)
                if let note = conversion.note { notes.append(note) }
                spring = conversion.spring
            } else {
                spring = try parameters.spring(uikitMapping: mapping)
            }
            let motion = try Self.motion(of: spring, arguments: arguments, from: defaultFrom, to: defaultTo, relativeVelocity: 0)
            return Request(parameters: parameters, spring: spring, motion: motion, notes: notes, mapping: mapping)
        } catch let error as SpringError {
            throw CLIError.usage(error.description)
        }
    }

    /// `spring` moving as `--from --to --velocity --initial-velocity` say, each missing one taken
    /// from the defaults given (`relativeVelocity` in distances per second).
    ///
    /// `--initial-velocity` is relative to the distance in every vocabulary (UIKit's
    /// `initialSpringVelocity` unit): the velocity a spring starts with does not depend on how
    /// the spring was described.
    static func motion(
        of spring: DampedSpring, arguments: Arguments, from defaultFrom: Double, to defaultTo: Double,
        relativeVelocity: Double
    ) throws -> SpringMotion<Double> {
        // A distance that overflows needs both positions given (the defaults are a few hundred
        // points): ``validate(_:)`` refused it, as ``rules`` refused both velocities.
        let from = arguments.number("from") ?? defaultFrom
        let to = arguments.number("to") ?? defaultTo
        let velocity: Double
        switch (arguments.number("velocity"), arguments.number("initial-velocity")) {
        case (let absolute?, _): velocity = absolute
        case (nil, let relative?):
            velocity = relative * (to - from)
            guard velocity.isFinite else {
                throw CLIError.usage("--initial-velocity \(compact(relative)) times the distance \(compact(to - from)) pt overflows: the velocity must be at most 1.8e308 pt/s in magnitude")
            }
        case (nil, nil): velocity = relativeVelocity * (to - from)
        }
        // A velocity 1e156 times smaller than the distance (1e-160 pt/s from 100 pt) makes GSL's
        // stiff reference (bsimp) return NaN, and no display shows 1e-100 pt/s.
        let floor = Self.minimumVelocity * max(abs(to - from), 1)
        if velocity != 0, abs(velocity) < floor {
            let given = ["initial-velocity", "velocity"].first { arguments.has($0) }
            let option = given.map { "--\($0)" } ?? "the default velocity (\(compact(relativeVelocity)) × the distance)"
            throw CLIError.usage(
                "\(option) gives a velocity of \(compact(velocity)) pt/s: a velocity must be 0 or at least \(compact(floor)) pt/s in magnitude (1e-100 × the distance, or 1e-100 pt/s within 1 pt)",
                option: given, value: given.flatMap { arguments.string($0) })
        }
        do {
            return try SpringMotion(spring: spring, from: from, to: to, initialVelocity: velocity)
        } catch let error as SpringError {
            throw CLIError.usage(error.description)
        }
    }
}
