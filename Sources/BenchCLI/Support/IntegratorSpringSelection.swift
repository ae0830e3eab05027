import Motion
import SpringSolver

/// The motion options (`--from --to --velocity --initial-velocity`) applied to a default spring,
/// for the commands that fall back to the menu's spring when no spring parameter is given.
enum DefaultMotion {
    /// The menu's show motion (DESIGN §2, Motion's `MenuBounce`): 667 → 459 pt, UIKit initial
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

    /// The menu's show motion exactly as the `menu-show` scene plays it (default mapping).
    static func menuShow() throws -> SpringMotion<Double> {
        do {
            return try MenuBounce.scene(.show).motion
        } catch {
            throw CLIError(.referenceFailed, "the menu's show spring could not be built: \(error)")
        }
    }

    /// The menu's show spring (UIKit 0.8 s, ζ 0.6) under `mapping`.
    static func menuSpring(mapping: EnvelopeDecayMapping) throws -> DampedSpring {
        do {
            return try mapping.conversion(duration: MenuBounce.duration, dampingRatio: MenuBounce.dampingRatio(.show)).spring
        } catch let error as SpringError {
            throw CLIError.usage(error.description)
        }
    }
}
