import Motion
import SpringSolver

/// One spring motion the integrators are compared on.
///
/// ```swift
/// let springs = try ComparedSpring.defaults()
/// print(springs.map(\.name))   // ["menu-show", "stiff-bouncy", "very-stiff"]
/// ```
public struct ComparedSpring: Sendable {
    /// A short key for tables and JSON (`menu-show`, `stiff-bouncy`, `user`).
    public let name: String
    /// One line: where the spring comes from.
    public let summary: String
    /// The motion every method integrates and is measured against (its closed form).
    public let motion: SpringMotion<Double>
    /// Notes from the parameter conversion (e.g. a UIKit ratio clamped).
    public var notes: [String] = []

    /// When the exact motion comes to rest for good (its move's `restCriteria`);
    /// infinite when it never does.
    ///
    /// - Complexity: O(1) (closed form, refined by a few root-finding steps).
    public var exactSettleTime: Double { motion.settleTime() }

    /// A spring to compare; `name` keys it in rows and JSON.
    public init(name: String, summary: String, motion: SpringMotion<Double>, notes: [String] = []) {
        self.name = name
        self.summary = summary
        self.motion = motion
        self.notes = notes
    }

    /// The menu's show spring (docs/seed-scenes.md): UIKit duration 0.8 s, damping ratio 0.6, initial
    /// spring velocity 0.6, from y = 667 to 459, under the default envelope-decay mapping,
    /// exactly as the `menu-show` scene plays it (Motion's `MenuBounce`).
    ///
    /// - Throws: ``StudiesError/menuSpringUnavailable(_:)`` if Motion cannot build the scene.
    public static func menuShow() throws(StudiesError) -> ComparedSpring {
        let motion: SpringMotion<Double>
        do {
            motion = try MenuBounce.scene(.show).motion
        } catch {
            throw .menuSpringUnavailable("\(error)")
        }
        return ComparedSpring(
            name: "menu-show",
            summary: "the menu's show spring: UIKit duration 0.8 s, damping ratio 0.6, initial spring velocity 0.6, 667 → 459 pt",
            motion: motion)
    }

    /// Issue 5's default set on `base` (default: the menu's show motion): the menu's show
    /// spring, a stiff bouncy one (ζ 0.15, ω₀ 2π/0.2 s) and a very stiff one (ζ 0.15,
    /// ω₀ 2π/0.05 s), all three from the same start at the same velocity to the same target.
    ///
    /// - Throws: what ``menuShow()`` or SpringSolver throws when a spring cannot be built.
    public static func defaults(base: SpringMotion<Double>? = nil) throws -> [ComparedSpring] {
        let show = try base ?? menuShow().motion
        func onShowMotion(_ name: String, dampingRatio: Double, period: Double, _ summary: String) throws -> ComparedSpring {
            let spring = try DampedSpring(mass: 1, naturalFrequency: 2 * Double.pi / period, dampingRatio: dampingRatio)
            return ComparedSpring(
                name: name, summary: summary,
                motion: try SpringMotion(spring: spring, from: show.initialPosition, to: show.target, initialVelocity: show.initialVelocity))
        }
        return [
            ComparedSpring(name: "menu-show", summary: "the menu's show spring: UIKit duration 0.8 s, damping ratio 0.6 (envelope-decay mapping)", motion: show),
            try onShowMotion("stiff-bouncy", dampingRatio: 0.15, period: 0.2, "stiff bouncy: ζ 0.15, ω₀ 2π/0.2 s"),
            try onShowMotion("very-stiff", dampingRatio: 0.15, period: 0.05, "very stiff: ζ 0.15, ω₀ 2π/0.05 s"),
        ]
    }
}
