import Motion

/// One flag per smoothness threshold (`Motion.Thresholds`, where each default is documented
/// with its reasoning). Values are checked one flag at a time, so a bad value is reported
/// with the flag's name.
enum SceneThresholds {
    struct Flag: Sendable {
        let name: String
        let value: String
        let help: String
        let keyPath: WritableKeyPath<Thresholds, Double> & Sendable
    }

    static let flags: [Flag] = [
        Flag(name: "speed-floor", value: "PT/S", help: "speeds below this are 'at rest' for ratios and turns", keyPath: \.speedFloor),
        Flag(name: "max-speed-jump", value: "RATIO", help: "largest consecutive frame-speed ratio at a break (> 1)", keyPath: \.maxSpeedJump),
        Flag(name: "max-turn", value: "DEG", help: "largest heading change in one frame at a break (0…180]", keyPath: \.maxTurnDegrees),
        Flag(name: "teleport-factor", value: "F", help: "a step this many times both neighbours is a teleport (> 1)", keyPath: \.teleportFactor),
        Flag(name: "teleport-min-step", value: "PT", help: "...and at least this long", keyPath: \.teleportMinimumStep),
        Flag(name: "break-ratio", value: "R", help: "velocity change at 2×rate ÷ at rate at or above which a change is a break", keyPath: \.breakRatio),
        Flag(name: "settle-distance", value: "PT", help: "a spring has settled within this distance of its target, or 0.5 % of a shorter move", keyPath: \.settleDistance),
        Flag(name: "rest-speed", value: "PT/S", help: "...and below this speed (scaled alike for a shorter move)", keyPath: \.restSpeed),
        Flag(name: "max-snap", value: "PT", help: "largest jump where the animation stops", keyPath: \.maxSnap),
        Flag(name: "max-integrator-error", value: "PT", help: "an integrator further than this from the exact motion is not faithful", keyPath: \.maxIntegratorError),
        Flag(name: "max-frame-cost", value: "FRACTION", help: "largest cost of one frame as a fraction of the frame budget 1/hz", keyPath: \.maxFrameCostFraction),
    ]

    /// The option specs, each help line ending with its default.
    static var specs: [OptionSpec] {
        let defaults = Thresholds()
        return flags.map { .number($0.name, $0.value, "\($0.help) (default \(trimmed(significant(defaults[keyPath: $0.keyPath], 4))))") }
    }

    /// `30.00` → `30`, `1.250` → `1.25`.
    static func trimmed(_ text: String) -> String {
        guard text.contains("."), !text.contains("e") else { return text }
        var text = Substring(text)
        while text.last == "0" { text = text.dropLast() }
        if text.last == "." { text = text.dropLast() }
        return String(text)
    }

    /// The thresholds with every flag given applied.
    static func thresholds(from arguments: Arguments) throws -> Thresholds {
        var thresholds = Thresholds()
        for flag in flags {
            guard let value = arguments.number(flag.name) else { continue }
            var alone = Thresholds()
            alone[keyPath: flag.keyPath] = value
            do {
                _ = try alone.validated()
            } catch {
                throw CLIError.usage("--\(flag.name): \(error)")
            }
            thresholds[keyPath: flag.keyPath] = value
        }
        return thresholds
    }
}
