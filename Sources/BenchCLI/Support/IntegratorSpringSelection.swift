import Motion
import SpringSolver
import Studies

/// The motion options (`--from --to --velocity --initial-velocity`) applied to a default spring,
/// for the commands that fall back to the menu's spring when no spring parameter is given.
enum DefaultMotion {
    /// The menu's show motion (docs/seed-scenes.md, Motion's `MenuBounce`): 667 → 459 pt, UIKit initial
    /// spring velocity 0.6.
    static let from = MenuBounce.hiddenY
    static let to = MenuBounce.shownY
    static let relativeVelocity = MenuBounce.initialSpringVelocity

    /// `spring` moving as the options say, each missing one taken from the menu's show motion.
    static func motion(of spring: DampedSpring, arguments: Arguments) throws -> SpringMotion<Double> {
        try SpringOptions.motion(of: spring, arguments: arguments, from: from, to: to, relativeVelocity: relativeVelocity)
    }

    /// Whether any motion option was given.
    static func isGiven(in arguments: Arguments) -> Bool {
        SpringOptions.motionNames.contains { arguments.has($0) }
    }

    /// The menu's show spring (UIKit 0.8 s, ζ 0.6) under `mapping`.
    static func menuSpring(mapping: any UIKitSpringMapping) throws -> DampedSpring {
        do {
            return try mapping.conversion(duration: MenuBounce.duration, dampingRatio: MenuBounce.dampingRatio(.show)).spring
        } catch let error as SpringError {
            throw CLIError.usage(error.description)
        }
    }
}

/// Runs `body`, a call into Studies, turning its errors into the command line's: a menu spring
/// Motion cannot build is a failed reference (exit 3), the rest are bad input (exit 2).
func studies<T>(_ body: () throws -> T) throws -> T {
    do {
        return try body()
    } catch let error as StudiesError {
        switch error {
        case .menuSpringUnavailable:
            throw CLIError(.referenceFailed, error.description)
        case .noFrame(let span, let rate):
            throw CLIError.usage("a \(significant(span)) s span at \(rate.formatted) Hz has no frame: duration × rate must be at least 1")
        case .invalidTolerance:
            throw CLIError.usage(error.description)
        }
    }
}
