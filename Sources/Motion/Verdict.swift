import Foundation  // String(format:)
import SpringSolver

/// A scene's verdict at one rate and timing mode.
public enum Verdict: String, Sendable, Equatable, CaseIterable {
    case smooth
    case janky
}

/// One reason for a `janky` verdict, as data: each case carries the evidence that makes it
/// (where, how large, against which limit). The words are the reader's: `BenchCLI` phrases a
/// finding (`Finding+Text.swift`), JSON writes its evidence fields beside that message.
public enum Finding: Sendable, Equatable {
    /// An isolated step far above its neighbours (e.g. a repeating cycle restarting on screen).
    case teleport(Teleport)
    /// Consecutive frame speeds differ by more than `maxSpeedJump`, and it is a break.
    case speedJump(SpeedJump)
    /// The heading changes by more than `maxTurnDegrees` in a frame, and it is a break.
    case turn(Turn)
    /// The display link's stop moves the drawn value by more than `maxSnap`.
    case snap(SpringStop)
    /// The display link's stop condition never fires in the simulated window.
    case stopNeverFires(SpringStop)
    /// A shape that appears at full size in the first frame (the menu's wave).
    case firstFrameJump(FirstFrameJump)
    /// One frame costs more than `maxFrameCostFraction` of the frame budget.
    case frameCost(FrameCostExcess)
    /// A spring kicked from rest: its initial velocity is a break that stands out against the
    /// velocity the spring itself adds over the next frame.
    case startKick(StartKick)
    /// Frames delivered late enough that XCTest grades the hitch time ratio critical
    /// (`--frames load:…`, `vrr:…`, a trace).
    case lateFrames(LateFrames)
    /// The delivered frames show the motion farther from where it should be than
    /// `PlatformThresholds.maxOnScreenError` (99th percentile).
    case onScreenError(OnScreenExcess)
    /// An event retargets a running animation (restart, additive, preserve-velocity) and the
    /// velocity changes there by more than `speedFloor`.
    case interruption(InterruptionJump)

    /// What kind of flaw it is: the case without its evidence.
    public enum Kind: String, Sendable, Equatable, CaseIterable {
        case teleport, speedJump, turn, snap, stopNeverFires, firstFrameJump, frameCost, startKick, lateFrames,
            onScreenError, interruption
    }

    public var kind: Kind {
        switch self {
        case .teleport: .teleport
        case .speedJump: .speedJump
        case .turn: .turn
        case .snap: .snap
        case .stopNeverFires: .stopNeverFires
        case .firstFrameJump: .firstFrameJump
        case .frameCost: .frameCost
        case .startKick: .startKick
        case .lateFrames: .lateFrames
        case .onScreenError: .onScreenError
        case .interruption: .interruption
        }
    }

    /// How bad it is, to rank findings of one kind: a teleport's distance (pt), a speed jump's
    /// ratio, a turn's degrees; 0 for the other kinds.
    public var weight: Double {
        switch self {
        case .teleport(let teleport): teleport.distance
        case .speedJump(let jump): jump.ratio
        case .turn(let turn): turn.degrees
        default: 0
        }
    }
}

extension Finding {
    /// How a display link decides to stop redrawing a spring.
    public enum StopRule: Sendable, Equatable {
        /// When `offset == 0` exactly, as the menu demo does.
        case exactOffset
        /// When the motion is at rest by these criteria.
        case rest(RestCriteria)
    }

    /// A display link's stop under one model of the presented value: where it fires (or that
    /// it does not) and how far it snaps the drawn value.
    public struct SpringStop: Sendable, Equatable {
        public let stop: StopCondition
        public let rule: StopRule
    }

    /// The redrawn wave's first frame against the flat edge drawn before the animation.
    public struct FirstFrameJump: Sendable, Equatable {
        /// The wave's middle in the first frame, points from the flat edge (negative: above it).
        public let apex: Double
        /// How far the next frame moves it, points.
        public let nextStep: Double
    }

    /// One frame's measured cost against the budget.
    public struct FrameCostExcess: Sendable, Equatable {
        /// The cost as a fraction of the frame budget 1/hz.
        public let fraction: Double
        public let hz: Double
        /// The largest fraction allowed (`maxFrameCostFraction`).
        public let limit: Double
    }

    /// A spring's start judged as a kick.
    public struct StartKick: Sendable, Equatable {
        /// The first frame's speed from rest, points per second.
        public let firstFrameSpeed: Double
        /// The change of velocity over the next frame (the spring's own launch), points per second.
        public let nextFrameChange: Double
        /// The break test around the start.
        public let rateTest: RateDoublingTest
    }

    /// Frames delivered late enough for XCTest's critical grade.
    public struct LateFrames: Sendable, Equatable {
        public let model: FrameDeliveryModel
        /// Apple's hitch time ratio, ms per s.
        public let hitchTimeRatio: Double
        public let hitchCount: Int
        /// The longest hitch, seconds.
        public let longestHitch: Double
        /// XCTest's critical grade, ms per s (`PlatformThresholds.xctestCritical`).
        public let criticalLimit: Double
    }

    /// Delivered frames showing the motion away from where it should be.
    public struct OnScreenExcess: Sendable, Equatable {
        public let model: FrameDeliveryModel
        public let clock: FrameClock
        /// The worst distance, its 99th percentile (points) and the time of the worst (s).
        public let max: Double
        public let p99: Double
        public let maxAt: Double
        /// The largest 99th percentile allowed (`PlatformThresholds.maxOnScreenError`), points.
        public let limit: Double
    }

    /// A retarget that changes the velocity.
    public struct InterruptionJump: Sendable, Equatable {
        /// Which of the timeline's interruptions (0-based).
        public let index: Int
        public let event: TimelineMotion.Interruption
        /// Whether the value is a position (velocities in 2-D) or a scalar.
        public let isPosition: Bool
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

extension FrameMetrics {
    /// The sample-based reasons for a `janky` verdict:
    ///
    /// - every teleport;
    /// - every speed jump above `maxSpeedJump` that the rate-doubling test calls a break (or
    ///   that cannot be tested for lack of samples at twice the rate): `speedJumpBreaks`;
    /// - every turn above `maxTurnDegrees` under the same condition: `turnBreaks`.
    ///
    /// A steep but smooth change (a spring's launch, a tight bend) is not a reason: its velocity
    /// change shrinks when the rate doubles.
    public var findings: [Finding] {
        teleports.map(Finding.teleport) + speedJumpBreaks.map(Finding.speedJump) + turnBreaks.map(Finding.turn)
    }
}
