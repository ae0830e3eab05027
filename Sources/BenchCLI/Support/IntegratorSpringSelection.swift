import SpringSolver

/// The motion options (`--from --to --velocity --initial-velocity`) applied to a default spring,
/// for the commands that fall back to the menu's spring when no spring parameter is given.
enum DefaultMotion {
    /// The menu's show motion (DESIGN §2): 667 → 459 pt, UIKit initial spring velocity 0.6.
    static let from = 667.0
    static let to = 459.0
    static let relativeVelocity = 0.6

    /// `spring` moving as the options say, each missing one taken from the menu's show motion.
    /// `--initial-velocity` is UIKit's relative velocity (× the distance per second), as the
    /// menu's spring is a UIKit spring.
    static func motion(of spring: DampedSpring, arguments: Arguments) throws -> SpringMotion<Double> {
        let from = try arguments.double("from") ?? Self.from
        let to = try arguments.double("to") ?? Self.to
        let velocity: Double
        switch (try arguments.double("velocity"), try arguments.double("initial-velocity")) {
        case (.some, .some):
            throw CLIError.usage("give either --velocity (points per second) or --initial-velocity (distance per second), not both")
        case (let absolute?, nil): velocity = absolute
        case (nil, let relative?): velocity = relative * (to - from)
        case (nil, nil): velocity = relativeVelocity * (to - from)
        }
        do {
            return try SpringMotion(spring: spring, from: from, to: to, initialVelocity: velocity)
        } catch let error as SpringError {
            throw CLIError.usage(error.description)
        }
    }

    /// Whether any motion option was given.
    static func isGiven(in arguments: Arguments) -> Bool {
        ["from", "to", "velocity", "initial-velocity"].contains { arguments.has($0) }
    }

    /// The UIKit mapping the options ask for (`--uikit-residual`, `--uikit-overdamping`), for
    /// the menu's UIKit spring when no spring parameter is given.
    static func mapping(in arguments: Arguments) throws -> EnvelopeDecayMapping {
        let overdamping = try arguments.choice("uikit-overdamping", EnvelopeDecayMapping.Overdamping.allCases.map(\.rawValue))
            .flatMap(EnvelopeDecayMapping.Overdamping.init(rawValue:)) ?? .clampToCritical
        do {
            return try EnvelopeDecayMapping(residual: try arguments.double("uikit-residual") ?? 0.001, overdamping: overdamping)
        } catch let error as SpringError {
            throw CLIError.usage(error.description)
        }
    }

    /// The menu's show spring (UIKit 0.8 s, ζ 0.6) under `mapping`.
    static func menuSpring(mapping: EnvelopeDecayMapping) throws -> DampedSpring {
        do {
            return try mapping.conversion(duration: 0.8, dampingRatio: 0.6).spring
        } catch let error as SpringError {
            throw CLIError.usage(error.description)
        }
    }
}
