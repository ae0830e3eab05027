import Foundation

/// Whose fling: each case follows one platform's source (see each model's documentation).
public enum FlingPlatform: String, CaseIterable, Sendable {
    /// `UIScrollView`, `decelerationRate = .normal` (0.998 per ms): ``UIKitDeceleration``.
    case uikit
    /// `UIScrollView`, `decelerationRate = .fast` (0.99 per ms).
    case uikitFast = "uikit-fast"
    /// `OverScroller`'s spline fling: ``AndroidSplineFling``.
    case android
    /// `ClampingScrollSimulation` (Flutter's Android physics): ``FlutterClampingFling``.
    case flutter
    /// `BouncingScrollSimulation`'s friction within the extent (Flutter's iOS physics):
    /// ``FlutterBouncingFling``.
    case flutterBouncing = "flutter-bouncing"
    /// `ui::FlingCurve` (desktop Chrome): ``ChromeFlingCurve``.
    case chrome

    /// The length the platform counts in: `pt`, `px` (physical pixels: Android) or `logical px`.
    public var unit: String {
        switch self {
        case .uikit, .uikitFast: "pt"
        case .android: "px"
        case .flutter, .flutterBouncing: "logical px"
        case .chrome: "px"
        }
    }

    /// Whether `density` changes the motion (Android's ppi; Flutter's tolerance through the
    /// device pixel ratio).
    public var usesDensity: Bool { self == .android || self == .flutterBouncing }
}

/// One frame of a fling: its time, the platform's offset and velocity there, and the step from
/// the previous frame.
public struct FlingFrame: Sendable, Equatable {
    public let index: Int
    /// s after the release.
    public let time: Double
    public let position: Double
    public let velocity: Double
    /// `position` minus the previous frame's (0 for frame 0).
    public let step: Double
}

/// A fling released at offset 0 with a velocity, decelerated as a platform does it.
///
/// ``distance`` and ``duration`` are the platform's (see each model); ``frames(hz:maximumCount:)``
/// samples the motion at a display rate the way the platform's clock reads it (whole
/// milliseconds on Android, whole microseconds in Chrome).
public struct Fling: Sendable {
    /// The largest speed accepted, in the platform's unit per second: ten times a hard human
    /// flick (Android's default maximum fling velocity is 8000 dp/s).
    public static let maximumSpeed = 100_000.0

    public enum Model: Sendable {
        case uikit(UIKitDeceleration)
        case android(AndroidSplineFling)
        case flutter(FlutterClampingFling)
        case flutterBouncing(FlutterBouncingFling)
        case chrome(ChromeFlingCurve)
    }

    public let platform: FlingPlatform
    /// The release velocity, in the platform's unit per second.
    public let velocity: Double
    public let density: Double
    public let model: Model

    /// - Throws: ``SpringError/invalidParameter(name:value:expected:)`` for a velocity that is
    ///   not finite, zero or beyond ±``maximumSpeed``, or a density outside 0.1…10.
    public init(platform: FlingPlatform, velocity: Double, density: Double = 1) throws {
        guard velocity.isFinite, velocity != 0, abs(velocity) <= Self.maximumSpeed else {
            throw SpringError.invalidParameter(
                name: "velocity", value: velocity,
                expected: "a finite, non-zero speed within ±100000 \(platform.unit)/s")
        }
        guard density.isFinite, density >= 0.1, density <= 10 else {
            throw SpringError.invalidParameter(name: "density", value: density, expected: "a number from 0.1 to 10")
        }
        self.platform = platform
        self.velocity = velocity
        self.density = density
        switch platform {
        case .uikit: model = .uikit(try UIKitDeceleration(velocity: velocity, rate: UIKitDeceleration.normalRate))
        case .uikitFast: model = .uikit(try UIKitDeceleration(velocity: velocity, rate: UIKitDeceleration.fastRate))
        case .android: model = .android(try AndroidSplineFling(velocity: velocity, density: density))
        case .flutter: model = .flutter(try FlutterClampingFling(velocity: velocity))
        case .flutterBouncing: model = .flutterBouncing(try FlutterBouncingFling(velocity: velocity, devicePixelRatio: density))
        case .chrome: model = .chrome(try ChromeFlingCurve(velocity: velocity))
        }
    }

    /// Where the fling comes to rest, in ``FlingPlatform/unit`` (signed).
    public var distance: Double {
        switch model {
        case .uikit(let m): m.distance
        case .android(let m): m.distance
        case .flutter(let m): m.distance
        case .flutterBouncing(let m): m.distance
        case .chrome(let m): m.distance
        }
    }

    /// How long it moves, s.
    public var duration: Double {
        switch model {
        case .uikit(let m): m.duration
        case .android(let m): m.duration
        case .flutter(let m): m.duration
        case .flutterBouncing(let m): m.duration
        case .chrome(let m): m.duration
        }
    }

    /// Offset and velocity at `time` seconds, read as the platform's clock would (whole ms on
    /// Android, whole µs in Chrome).
    public func state(at time: Double) -> (position: Double, velocity: Double) {
        state(numerator: time, denominator: 1)
    }

    /// The state at `numerator / denominator` seconds; frames pass k and the rate so that whole
    /// milliseconds and microseconds are found with integer arithmetic where they can be.
    private func state(numerator: Double, denominator: Double) -> (position: Double, velocity: Double) {
        switch model {
        case .uikit(let m):
            return m.state(atMilliseconds: numerator * 1000 / denominator)
        case .android(let m):
            let ms = (numerator * 1000 / denominator).rounded(.down)
            return m.state(atMilliseconds: ms >= Double(Int32.max) ? Int(Int32.max) : Int(max(0, ms)))
        case .flutter(let m):
            return m.state(at: numerator / denominator)
        case .flutterBouncing(let m):
            return m.state(at: numerator / denominator)
        case .chrome(let m):
            let us = (numerator * 1_000_000 / denominator).rounded(.down)
            return m.state(atMicroseconds: us >= 1e15 ? Int64(1e15) : Int64(max(0, us)))
        }
    }

    /// The frames at `hz` from the release (frame 0, t = 0) to the first frame at or after
    /// ``duration``, where the platform has stopped; at most `maximumCount` frames (none for a
    /// rate or count below 1).
    public func frames(hz: Int, maximumCount: Int = 100_000) -> [FlingFrame] {
        guard hz > 0, maximumCount > 0 else { return [] }
        var frames: [FlingFrame] = []
        var previous = 0.0
        for k in 0..<maximumCount {
            let time = Double(k) / Double(hz)
            let (position, speed) = state(numerator: Double(k), denominator: Double(hz))
            frames.append(FlingFrame(index: k, time: time, position: position, velocity: speed, step: k == 0 ? 0 : position - previous))
            previous = position
            if Double(k) >= duration * Double(hz) { break }
        }
        return frames
    }
}

/// The release velocity a pixel-based fling model takes (Chrome's curve, Flutter's
/// simulations): finite, non-zero, within ±1,000,000 px/s.
/// - Throws: ``SpringError/invalidParameter(name:value:expected:)`` otherwise.
func requireFlingVelocity(_ velocity: Double) throws(SpringError) {
    guard velocity.isFinite, velocity != 0, abs(velocity) <= 1e6 else {
        throw SpringError.invalidParameter(name: "velocity", value: velocity, expected: "a finite, non-zero number of px/s within ±1000000")
    }
}
