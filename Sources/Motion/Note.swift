import SpringSolver

/// A fact about a validated scene that is not a flaw, as data: how its ends, seam, stop and
/// integrators behave, what was seen but not judged. `BenchCLI` words each case
/// (`Note+Text.swift`); notes of one scene are merged across rates by equality of their values.
public enum Note: Sendable, Equatable {
    /// A note the scene's builder wrote (a scene file's reader, the Lottie reader, the seeds:
    /// how a parameter was treated), passed on as written.
    case scene(String)
    /// The menu's UIKit spring (`duration` s, damping ratio, `velocity` in distances per second)
    /// and the spring the mapping made of it.
    case uikitSpring(duration: Double, dampingRatio: Double, velocity: Double, spring: DampedSpring)
    /// The menu's phase under each UIKit mapping SpringSolver knows.
    case uikitMappings([MenuBounce.MappingOutcome])
    /// A user's spring: the demo's `offset == 0` stop is shown for comparison, not judged.
    case userSpringStopNotJudged
    /// A play that starts from rest at `startSpeed` (points per second) and, when it does not
    /// repeat, stops from `endSpeed` at `duration` seconds: its timing curve's design.
    case playEnds(startSpeed: Double, endSpeed: Double?, duration: Double?)
    /// A repeating path restarts every `period` seconds across `seam`; whether its end and
    /// start points show the object (`nil` without a screen).
    case seam(Seam, period: Double, endVisible: Bool?, startVisible: Bool?)
    /// A teleport that starts and lands off screen: not seen, not judged.
    case hiddenTeleport(Teleport)
    /// An interruption whose velocity change stays within the speed floor (points per second).
    case smoothInterruption(Finding.InterruptionJump, speedFloor: Double)
    /// Steps the timeline makes by design (holds, discrete keyframes, `steps()`): reported, not judged.
    case designedSteps(times: [Double])
    /// The adaptive integrator gave up at `time` seconds after `stepBudget` steps or a step
    /// size underflow.
    case adaptiveSolverStopped(time: Double, stepBudget: Int)
    /// A spring oscillating at `frequency` (Hz) that fewer than four frames per period at `hz`
    /// resolve: its steps are judged by the samples alone.
    case aliasedOscillation(frequency: Double, hz: Double)
    /// A spring's launch from rest: the steps of velocity (pt/s) and acceleration (pt/s²).
    case springLaunch(velocityStep: Double, accelerationStep: Double)
    /// The display link's rest stop under the exact spring: its frame, time and snap; the
    /// time the motion settled when the stop comes later.
    case restStop(RestCriteria, frame: Int, time: Double, snap: Double, settleTime: Double?)
    /// The display link's `offset == 0` stop under the exact spring: its frame and time, the
    /// deviation one frame earlier (points) that rounds away against `target`, and the time the
    /// motion settled when the stop comes later.
    case exactOffsetStop(frame: Int, time: Double, deviationBefore: Double, target: Double, settleTime: Double?)
    /// Core Animation removing the animation at `duration`: when the stop fires then, and its snap.
    case removalStop(duration: Double, time: Double, snap: Double)
    /// The redrawn wave grows from zero over `seconds`.
    case waveGrowth(seconds: Double)
    /// A recording judged refresh by refresh: `frames` shown over `span` seconds at `hz`.
    case recording(frames: Int, span: Double, hz: Double)
    /// A recording without a present column: each frame counts as shown at its time.
    case recordingWithoutPresentTimes
    /// A recording without a target column: each frame was due one refresh after the one before.
    case recordingWithoutTargetTimes
}
