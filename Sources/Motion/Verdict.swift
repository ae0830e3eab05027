import Foundation  // String(format:)

/// A scene's verdict at one rate and timing mode.
public enum Verdict: String, Sendable, Equatable, CaseIterable {
    case smooth
    case janky
}

/// One reason for a `janky` verdict, in plain words.
public struct Finding: Sendable, Equatable {
    /// What kind of flaw it is.
    public enum Kind: String, Sendable, Equatable, CaseIterable {
        /// An isolated step far above its neighbours (e.g. a repeating cycle restarting on screen).
        case teleport
        /// Consecutive frame speeds differ by more than `maxSpeedJump`, and it is a break.
        case speedJump
        /// The heading changes by more than `maxTurnDegrees` in a frame, and it is a break.
        case turn
        /// The stop moves the drawn value by more than `maxSnap`.
        case snap
        /// The demo's stop condition never fires in the simulated window.
        case stopNeverFires
        /// A shape that appears at full size in the first frame (the menu's wave).
        case firstFrameJump
        /// One frame costs more than `maxFrameCostFraction` of the frame budget.
        case frameCost
        /// A spring kicked from rest: its initial velocity is a break that stands out against
        /// the velocity the spring itself adds over the next frame.
        case startKick
        /// Frames delivered late enough that XCTest grades the hitch time ratio critical
        /// (`--frames load:…`, `vrr:…`, a trace).
        case lateFrames
        /// The delivered frames show the motion farther from where it should be than
        /// `PlatformThresholds.maxOnScreenError` (99th percentile).
        case onScreenError
        /// An event retargets a running animation (restart, additive, preserve-velocity) and
        /// the velocity changes there by more than `speedFloor`.
        case interruption
    }

    public let kind: Kind
    /// One line, beginning with the scene label, e.g.
    /// `bee2+ linear @60 Hz: speed jumps 2.33× at element 5, t = 2.23 s (…)`.
    public let message: String

    public init(kind: Kind, message: String) {
        self.kind = kind
        self.message = message
    }
}

/// Fixed-point text for reports: `formatted(2.3456, 2)` is `"2.35"`.
@usableFromInline
func formatted(_ value: Double, _ digits: Int) -> String {
    guard value.isFinite else { return value.isNaN ? "nan" : (value > 0 ? "∞" : "−∞") }
    return String(format: "%.\(digits)f", value)
}

/// A number in few characters for messages: `1e+17`, `16`, `1e+07`, `0.35`.
func compact(_ value: Double) -> String {
    guard value.isFinite else { return formatted(value, 0) }
    return String(format: "%g", value)
}

extension FrameEvent {
    /// "at the join of elements 4 → 5, t = 1.88 s", "at element 5, t = 2.23 s" or "at t = 0.35 s".
    var phrase: String {
        let time = "t = \(formatted(time, 2)) s"
        if let element, let nextElement { return "at the join of elements \(element) → \(nextElement), \(time)" }
        return element.map { "at element \($0), \(time)" } ?? "at \(time)"
    }
}

extension RateDoublingTest {
    /// Why the change counts (or not) as a break, in words.
    var phrase: String {
        let doubled = formatted(2 * hz, 0), quadrupled = formatted(4 * hz, 0)
        let value = formatted(ratio, 2)
        if isBreak {
            let finer = finerRatio.map { ", nor at \(quadrupled) Hz, ratio \(formatted($0, 2))" } ?? ""
            return "a break: the velocity change does not shrink at \(doubled) Hz, ratio \(value)\(finer)"
        }
        if let finerRatio, ratio >= breakRatio {
            return "smooth: the velocity change shrinks at \(quadrupled) Hz, ratio \(formatted(finerRatio, 2))"
        }
        return "smooth: the velocity change shrinks at \(doubled) Hz, ratio \(value)"
    }
}

extension FrameMetrics {
    /// The sample-based reasons for a `janky` verdict, each a line starting with `label`
    /// (e.g. `"bee2+ linear @60 Hz"`).
    ///
    /// - every teleport;
    /// - every speed jump above `maxSpeedJump` that the rate-doubling test calls a break (or
    ///   that cannot be tested for lack of samples at twice the rate): `speedJumpBreaks`;
    /// - every turn above `maxTurnDegrees` under the same condition: `turnBreaks`.
    ///
    /// A steep but smooth change (a spring's launch, a tight bend) is not a reason: its velocity
    /// change shrinks when the rate doubles.
    public func findings(label: String, thresholds: Thresholds = Thresholds()) -> [Finding] {
        var found: [Finding] = []
        for teleport in teleports {
            found.append(
                Finding(
                    kind: .teleport,
                    message:
                        "\(label): teleports \(formatted(teleport.distance, 1)) pt in one frame \(teleport.from.phrase) (neighbouring steps ≤ \(formatted(teleport.neighbourStep, 1)) pt)"
                ))
        }
        for jump in speedJumpBreaks {
            let why = jump.rateTest?.phrase ?? "untested: no samples at twice the rate"
            found.append(
                Finding(
                    kind: .speedJump,
                    message:
                        "\(label): speed jumps \(formatted(jump.ratio, 2))× \(jump.at.phrase) (\(formatted(jump.speedBefore, 0)) → \(formatted(jump.speedAfter, 0)) pt/s; \(why))"
                ))
        }
        for turn in turnBreaks {
            let why = turn.rateTest?.phrase ?? "untested: no samples at twice the rate"
            found.append(
                Finding(
                    kind: .turn,
                    message:
                        "\(label): heading turns \(formatted(turn.degrees, 1))° in one frame \(turn.at.phrase) (\(why))"
                ))
        }
        return found
    }
}
