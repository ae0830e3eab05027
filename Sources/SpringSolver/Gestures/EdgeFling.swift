import Foundation

/// Where a fling meets the content edge and hands over to the platform's way back: the time, the
/// edge, and the speed on each side of the switch.
public struct EdgeHandOff: Sendable, Equatable {
    /// s after the release.
    public let time: Double
    /// The edge's offset (signed, in the fling's direction).
    public let edge: Double
    /// The decelerating fling's velocity at the edge (signed, unit/s).
    public let speedBefore: Double
    /// The velocity the overscroll motion starts with (signed, unit/s).
    public let speedAfter: Double

    /// `speedAfter / speedBefore`: 1 when the velocity carries across.
    public var speedRatio: Double { speedBefore == 0 ? (speedAfter == 0 ? 1 : .infinity) : speedAfter / speedBefore }

    /// Whether the velocity carries across to 1e-9 of its size.
    public var isContinuous: Bool { abs(speedAfter - speedBefore) <= 1e-9 * max(abs(speedBefore), 1) }
}

/// A fling run into a content edge at one display rate: the frames, the hand-off, how far past
/// the edge the content goes and when it is back at rest.
public struct EdgeRun: Sendable {
    public let hz: Int
    public let frames: [FlingFrame]
    /// `nil` when the fling stops before the edge.
    public let handOff: EdgeHandOff?
    /// The largest distance past the edge (≥ 0, the platform's unit).
    public let overshoot: Double
    /// When that largest distance is reached, s (the hand-off time when there is none).
    public let peakTime: Double
    /// When the motion is at rest by the platform's own criterion, s.
    public let settleTime: Double
}

/// A fling released at offset 0 toward a content edge `extent` away in its direction, as each
/// platform runs the part past the edge.
///
/// - `flutterBouncing`: a port of `BouncingScrollSimulation` (flutter/flutter
///   `packages/flutter/lib/src/widgets/scroll_simulation.dart`, read at 095d6b964df0): the
///   friction part until `FrictionSimulation.timeAtX(edge)`, then `ScrollSpringSimulation(spring,
///   edge, edge, min(dx, maxSpringTransferVelocity))` with `BouncingScrollPhysics.spring` = the
///   default `ScrollPhysics.spring`, `SpringDescription.withDampingRatio(mass: 0.5, stiffness:
///   100, ratio: 1.1)` (`scroll_physics.dart`), done by `isDone` with `toleranceFor`'s distance
///   1/ratio and velocity 1/(0.05·ratio). The source caps the carried speed with `math.min(dx,
///   5000)` on both edges, so only a fling toward the trailing edge (positive velocity) faster
///   than 5000 logical px/s at the edge loses speed there; toward the leading edge `min` of a
///   negative speed and 5000 leaves it whole. The model keeps that asymmetry.
/// - `uikit`, `uikitFast`: **a model, not a port.** Apple publishes the deceleration rate but not
///   what `UIScrollView` does past the edge. Up to the edge it is ``UIKitDeceleration``'s
///   per-millisecond form; past it, the stand-in is Flutter's iOS imitation above (the spring
///   Flutter tuned against UIKit side by side, its "scroll_overlay" method in
///   `BouncingScrollPhysics`), carrying the velocity whole (no 5000 cap), at rest once within
///   ``UIKitDeceleration/stopDistance`` of the edge.
/// - `android`: a port of `OverScroller.fling(start, velocity, min, max, over)` then
///   `computeScrollOffset()` frame by frame (`android/widget/OverScroller.java`,
///   `SplineOverScroller`: `fling`, `adjustDuration`, `continueWhenFinished`, `onEdgeReached`,
///   `startSpringback`, `update`; AOSP at 050275cd83f4): the spline is cut at the edge with its
///   duration scaled by `SPLINE_TIME`; at the first frame past that duration the velocity the
///   last frame computed, truncated to an `int`, goes into a constant deceleration of
///   `GRAVITY` = 2000 px/s² (or the one that stops it within `over`), then a cubic ease back
///   over `sqrt(2·over/2000)` s. The carried velocity is the previous frame's, so the hand-off
///   depends on the frame rate. `over` is what the view passes (`ScrollView` passes half its
///   height). This is Android before 12 (API ≤ 30, and a glow `EdgeEffect`):
///   ``AndroidEdge/springBack``.
/// - `android` with ``AndroidEdge/stretch`` (the default; Android 12, API 31, and later, where
///   `EdgeEffect` stretches): androidx `NestedScrollView.fling` runs `OverScroller.fling` with
///   no bounds (`Integer.MIN_VALUE…MAX_VALUE`, overscroll 0) and `computeScroll`, at the first
///   frame whose offset passes the edge, clamps the content to the edge (whole px), calls
///   `EdgeEffect.onAbsorb((int) getCurrVelocity())` and aborts the fling; from then the content
///   stays at the edge and ``AndroidEdgeEffect`` stretches it: the frame's position is the edge
///   plus the stretch's ``AndroidEdgeEffect/displacement`` at the far side of a view `viewport`
///   px high, until `draw()` reports the last frame. The velocity drops to 0 at the edge (the
///   scroller stops; the stretch starts from no displacement), and the overshoot is the largest
///   displacement.
///
/// Chrome's curve and Flutter's clamping simulation stop at the edge (no overscroll motion):
/// ``init(platform:velocity:extent:over:density:)`` refuses them.
public struct EdgeFling: Sendable {
    /// What Android does at the edge.
    public enum AndroidEdge: String, Sendable, CaseIterable {
        /// `EdgeEffect`'s stretch, Android 12 (API 31) and later: the content stops at the edge
        /// and stretches.
        case stretch
        /// `OverScroller`'s bounce past the edge and spring-back, before Android 12.
        case springBack = "spring-back"
    }
    /// `BouncingScrollSimulation.maxSpringTransferVelocity`, logical px/s.
    public static let maxSpringTransferVelocity = 5000.0
    /// `ScrollPhysics.spring`'s default (`_kDefaultSpring`): mass 0.5, stiffness 100, ratio 1.1.
    public static let flutterSpring: DampedSpring = {
        // withDampingRatio: damping = ratio · 2 · sqrt(mass · stiffness).
        // (Cannot throw: all three are positive and finite.)
        try! DampedSpring(mass: 0.5, stiffness: 100, damping: 1.1 * 2 * (0.5 * 100.0).squareRoot())
    }()
    /// `SplineOverScroller.GRAVITY`, px/s².
    public static let androidGravity: Float = 2000
    /// The largest edge distance accepted.
    public static let maximumExtent = 10_000_000.0

    public let platform: FlingPlatform
    public let velocity: Double
    /// Distance from the release to the edge, in the fling's direction (> 0).
    public let extent: Double
    /// Android's `over`, px.
    public let over: Double
    public let density: Double
    /// The fling as it would run without an edge.
    public let fling: Fling
    /// Android's behaviour at the edge.
    public let androidEdge: AndroidEdge
    /// Android with the stretch: the view's height along the fling (`EdgeEffect.setSize`), px.
    public let viewport: Double

    /// - Throws: ``SpringError/outOfRange(values:reason:)`` for a platform with no overscroll
    ///   motion (`flutter`, `chrome`); ``SpringError/invalidParameter(name:value:expected:)`` for a bad velocity or density (as ``Fling``), an
    ///   extent outside (0, 10⁷], an `over` outside [0, 10⁷] or (android, stretch) a viewport
    ///   outside [1, 10⁶].
    public init(platform: FlingPlatform, velocity: Double, extent: Double, over: Double = 400, density: Double = 1,
                androidEdge: AndroidEdge = .stretch, viewport: Double = 800) throws {
        guard platform != .flutter, platform != .chrome else {
            throw SpringError.outOfRange(
                values: "platform \(platform.rawValue)",
                reason: "it stops at the edge (no overscroll motion); expected uikit, uikit-fast, flutter-bouncing or android")
        }
        fling = try Fling(platform: platform, velocity: velocity, density: density)
        guard extent.isFinite, extent > 0, extent <= Self.maximumExtent else {
            throw SpringError.invalidParameter(name: "extent", value: extent, expected: "a distance to the edge in (0, 10000000]")
        }
        guard over.isFinite, over >= 0, over <= Self.maximumExtent else {
            throw SpringError.invalidParameter(name: "over", value: over, expected: "an overscroll allowance in [0, 10000000] px")
        }
        if platform == .android, androidEdge == .stretch {
            _ = try AndroidEdgeEffect(height: viewport)
        }
        self.platform = platform
        self.velocity = velocity
        self.extent = extent
        self.over = over
        self.density = density
        self.androidEdge = androidEdge
        self.viewport = viewport
    }

    /// The edge's signed offset.
    public var edge: Double { velocity < 0 ? -extent : extent }

    /// The run at `hz` frames per second, frames from the release to the first frame where the
    /// platform has stopped (at most `maximumCount`).
    public func run(hz: Int, maximumCount: Int = 100_000) -> EdgeRun {
        guard hz > 0, maximumCount > 0 else {
            return EdgeRun(hz: hz, frames: [], handOff: nil, overshoot: 0, peakTime: 0, settleTime: 0)
        }
        switch platform {
        case .android where androidEdge == .stretch: return androidStretchRun(hz: hz, maximumCount: maximumCount)
        case .android: return androidRun(hz: hz, maximumCount: maximumCount)
        default: return continuousRun(hz: hz, maximumCount: maximumCount)
        }
    }

    // MARK: UIKit (model) and Flutter (port): continuous time

    /// The pieces of a continuous-time run: the fling up to the hand-off, the spring after it.
    struct Continuous {
        var handOff: EdgeHandOff?
        var spring: SpringMotion<Double>?
        /// Position/velocity and whether the platform is done, at t.
        var state: @Sendable (Double) -> (position: Double, velocity: Double, done: Bool)
        var settleTime: Double
    }

    func continuous() -> Continuous {
        let edge = self.edge
        switch fling.model {
        case .uikit(let model):
            guard abs(model.distance) > extent else {
                return Continuous(handOff: nil, spring: nil, state: { t in
                    let s = model.state(atMilliseconds: t * 1000)
                    return (s.position, s.velocity, t >= model.duration)
                }, settleTime: model.duration)
            }
            // The whole millisecond n in which the per-millisecond offset reaches the edge, and
            // the fraction of it (the offset is linear within a millisecond).
            var n = 0
            while abs(model.position(afterMilliseconds: n + 1)) < extent { n += 1 }
            let speed = velocity * pow(model.rate, Double(n + 1))
            let fraction = (edge - model.position(afterMilliseconds: n)) / (speed / 1000)
            let time = (Double(n) + fraction) / 1000
            let spring = try! SpringMotion(spring: Self.flutterSpring, from: edge, to: edge, initialVelocity: speed)
            let settle = time + Self.returnTime(of: spring, within: UIKitDeceleration.stopDistance)
            return Continuous(
                handOff: EdgeHandOff(time: time, edge: edge, speedBefore: speed, speedAfter: speed),
                spring: spring,
                state: { t in
                    if t <= time {
                        let s = model.state(atMilliseconds: t * 1000)
                        return (s.position, s.velocity, false)
                    }
                    if t >= settle { return (edge, 0, true) }
                    return (spring.position(at: t - time), spring.velocity(at: t - time), false)
                },
                settleTime: settle)
        case .flutterBouncing(let model):
            let tolerance = (distance: 1 / density, velocity: model.toleranceVelocity)
            let dragLog = log(FlutterBouncingFling.drag)
            let finalX = -velocity / dragLog
            let frictionDone: @Sendable (Double) -> Bool = { t in abs(model.speed(at: t)) < tolerance.velocity }
            guard abs(finalX) > extent else {
                // No edge reached: the plain friction simulation (finalTime does not apply inside
                // BouncingScrollSimulation: x and dx are FrictionSimulation's own).
                return Continuous(handOff: nil, spring: nil, state: { t in
                    (model.position(at: t), model.speed(at: t), frictionDone(t))
                }, settleTime: model.duration)
            }
            // FrictionSimulation.timeAtX(edge).
            let time = log(dragLog * edge / velocity + 1.0) / dragLog
            let before = velocity * pow(FlutterBouncingFling.drag, time)
            let after = min(before, Self.maxSpringTransferVelocity)
            let spring = try! SpringMotion(spring: Self.flutterSpring, from: edge, to: edge, initialVelocity: after)
            let springDone: @Sendable (Double) -> Bool = { t in
                let x = spring.position(at: t) - edge
                let v = spring.velocity(at: t)
                return abs(x) < tolerance.distance && abs(v) < tolerance.velocity
            }
            let state: @Sendable (Double) -> (position: Double, velocity: Double, done: Bool) = { t in
                if t > time {
                    let local = t - time
                    let done = springDone(local)
                    return (done ? edge : spring.position(at: local), spring.velocity(at: local), done)
                }
                return (model.position(at: t), model.speed(at: t), frictionDone(t))
            }
            return Continuous(
                handOff: EdgeHandOff(time: time, edge: edge, speedBefore: before, speedAfter: after),
                spring: spring, state: state,
                settleTime: time + Self.firstTime(after: 0, limit: 60) { springDone($0) })
        default:
            preconditionFailure("continuous() is for the UIKit and Flutter models")
        }
    }

    /// The fling, its hand-off at the edge and the spring after it as one motion in continuous
    /// time, for UIKit's model and Flutter's port; for Android's stretch, the run on a 1 ms
    /// clock (``androidStretchMotion()``); `nil` for Android's `OverScroller` spring-back, driven
    /// frame by frame (its hand-off belongs to a frame rate: ``run(hz:maximumCount:)``).
    public func continuousMotion() -> EdgeMotion? {
        if platform == .android {
            return androidEdge == .stretch ? androidStretchMotion() : nil
        }
        let model = continuous()
        return EdgeMotion(handOff: model.handOff, settleTime: model.settleTime, state: model.state)
    }

    func continuousRun(hz: Int, maximumCount: Int) -> EdgeRun {
        let model = continuous()
        var frames: [FlingFrame] = []
        var previous = 0.0
        for k in 0..<maximumCount {
            let t = Double(k) / Double(hz)
            let s = model.state(t)
            frames.append(FlingFrame(index: k, time: t, position: s.position, velocity: s.done ? 0 : s.velocity,
                                     step: k == 0 ? 0 : s.position - previous))
            previous = s.position
            if s.done { break }
        }
        var overshoot = 0.0
        var peakTime = model.handOff?.time ?? 0
        if let handOff = model.handOff, let spring = model.spring {
            let turn = Self.firstTime(after: 0, limit: 60) { t in spring.velocity(at: t) * handOff.speedAfter <= 0 }
            overshoot = abs(spring.position(at: turn) - handOff.edge)
            peakTime = handOff.time + turn
        }
        return EdgeRun(hz: hz, frames: frames, handOff: model.handOff, overshoot: overshoot,
                       peakTime: peakTime, settleTime: model.settleTime)
    }

    /// The first time in (start, start + limit] at which `holds` turns true, found on a 1 ms
    /// grid and refined by bisection to 1e-12 s; `start + limit` if it never does.
    static func firstTime(after start: Double, limit: Double, _ holds: (Double) -> Bool) -> Double {
        var lower = start
        var upper = start
        while true {
            upper = lower + 1e-3
            if upper > start + limit { return start + limit }
            if holds(upper) { break }
            lower = upper
        }
        for _ in 0..<60 where upper - lower > 1e-12 {
            let middle = (lower + upper) / 2
            if holds(middle) { upper = middle } else { lower = middle }
        }
        return upper
    }

    /// When an overdamped return toward `spring`'s target, past its turn, is within `distance`.
    static func returnTime(of spring: SpringMotion<Double>, within distance: Double) -> Double {
        let direction = spring.initialVelocity
        let turn = firstTime(after: 0, limit: 60) { spring.velocity(at: $0) * direction <= 0 }
        return firstTime(after: turn, limit: 60) { abs(spring.position(at: $0) - spring.target) < distance }
    }

    // MARK: Android (port): frame-driven

    func androidRun(hz: Int, maximumCount: Int) -> EdgeRun {
        guard case .android(let spline) = fling.model else { preconditionFailure("android model") }
        var scroller = AndroidEdgeScroller(spline: spline)
        let edgeInt = Int32(edge.rounded(.towardZero))
        scroller.fling(velocity: spline.velocity, min: min(0, edgeInt), max: max(0, edgeInt), over: Int32(over.rounded(.towardZero)))
        var frames: [FlingFrame] = []
        var previous = 0.0
        var handOff: EdgeHandOff?
        var peak = (distance: 0.0, time: 0.0)
        var settle = 0.0
        for k in 0..<maximumCount {
            let ms = Int64((Double(k) * 1000 / Double(hz)).rounded(.down))
            let stateBefore = scroller.state
            let active = scroller.computeScrollOffset(at: ms)
            if stateBefore == .spline, scroller.state == .ballistic {
                let edgeMs = scroller.edgeTime
                handOff = EdgeHandOff(time: Double(edgeMs) / 1000, edge: Double(scroller.start),
                                      speedBefore: Double(scroller.splineVelocityAtEdge),
                                      speedAfter: Double(scroller.velocity))
                peak = (Double(abs(scroller.overDistance)), Double(edgeMs + Int64(scroller.duration)) / 1000)
            }
            let position = Double(scroller.currentPosition)
            frames.append(FlingFrame(index: k, time: Double(k) / Double(hz), position: position,
                                     velocity: active ? Double(scroller.currentVelocity) : 0,
                                     step: k == 0 ? 0 : position - previous))
            previous = position
            if !active {
                settle = Double(k) / Double(hz)
                break
            }
        }
        if handOff != nil {
            // The cubic ends at mStartTime + mDuration of the spring-back.
            settle = Double(scroller.startTime + Int64(scroller.duration)) / 1000
        }
        return EdgeRun(hz: hz, frames: frames, handOff: handOff, overshoot: peak.distance,
                       peakTime: handOff == nil ? 0 : peak.time, settleTime: settle)
    }
}

// MARK: Android 12+: the fling stops at the edge and EdgeEffect stretches

/// androidx `NestedScrollView.computeScroll` with an unbounded `OverScroller` fling and an
/// `EdgeEffect` at the edge, stepped at the animation clock's milliseconds.
struct AndroidStretchStepper {
    let spline: AndroidSplineFling
    let edge: Int32
    let sign: Double
    var effect: AndroidEdgeEffect
    var handOff: EdgeHandOff?
    /// The frame clock and displacement of the frame before.
    var previous: (ms: Int64, displacement: Double)?

    init(_ fling: EdgeFling, spline: AndroidSplineFling) {
        self.spline = spline
        edge = Int32(fling.edge.rounded(.towardZero))
        sign = fling.velocity < 0 ? -1 : 1
        // Cannot throw: the viewport was checked by EdgeFling's init.
        effect = try! AndroidEdgeEffect(height: fling.viewport)
    }

    /// The frame at `ms`: position, velocity and whether it is the last frame.
    mutating func frame(at ms: Int64) -> (position: Double, velocity: Double, last: Bool) {
        if handOff == nil {
            let state = spline.state(atMilliseconds: Int(ms))
            let y = Int32(state.position)
            let passed = sign > 0 ? y > edge : y < edge
            guard passed else {
                // The fling ends (computeScrollOffset false) at its spline duration.
                return (state.position, state.velocity, ms >= Int64(spline.splineDuration))
            }
            // (int) getCurrVelocity(): hypot of the axes, ≥ 0, truncated.
            let speed = abs(Float(state.velocity))
            effect.onAbsorb(Int32(speed.rounded(.towardZero)), now: ms)
            handOff = EdgeHandOff(time: Double(ms) / 1000, edge: Double(edge), speedBefore: state.velocity, speedAfter: 0)
        }
        let more = effect.draw(now: ms)
        let displacement = effect.displacement
        var velocity = 0.0
        if let previous, ms > previous.ms {
            velocity = sign * (displacement - previous.displacement) / (Double(ms - previous.ms) / 1000)
        }
        previous = (ms, displacement)
        // The last frame: the first one at rest (draw asks for one more to draw the rest).
        return (Double(edge) + sign * displacement, velocity, !more || effect.isFinished)
    }
}

extension EdgeFling {
    func androidStretchRun(hz: Int, maximumCount: Int) -> EdgeRun {
        guard case .android(let spline) = fling.model else { preconditionFailure("android model") }
        var stepper = AndroidStretchStepper(self, spline: spline)
        var frames: [FlingFrame] = []
        var previous = 0.0
        var peak = (distance: 0.0, time: 0.0)
        var settle = 0.0
        for k in 0..<maximumCount {
            let ms = Int64((Double(k) * 1000 / Double(hz)).rounded(.down))
            let time = Double(k) / Double(hz)
            let state = stepper.frame(at: ms)
            frames.append(FlingFrame(index: k, time: time, position: state.position, velocity: state.last ? 0 : state.velocity,
                                     step: k == 0 ? 0 : state.position - previous))
            previous = state.position
            if stepper.handOff != nil, stepper.effect.displacement > peak.distance {
                peak = (stepper.effect.displacement, time)
            }
            if state.last {
                settle = time
                break
            }
        }
        return EdgeRun(hz: hz, frames: frames, handOff: stepper.handOff, overshoot: peak.distance,
                       peakTime: stepper.handOff == nil ? 0 : (peak.distance > 0 ? peak.time : stepper.handOff!.time),
                       settleTime: settle)
    }

    /// Android's stretch run drawn every millisecond (the animation clock's resolution), as
    /// one motion in time: the position at t is the frame at ⌊1000·t⌋ ms. Frames at a display
    /// rate (``run(hz:maximumCount:)``) meet the edge at their own frame and so can differ by
    /// the hand-off's timing; the stretch spring's closed form steps alike at any frame spacing.
    public func androidStretchMotion() -> EdgeMotion? {
        guard platform == .android, androidEdge == .stretch, case .android(let spline) = fling.model else { return nil }
        var stepper = AndroidStretchStepper(self, spline: spline)
        var positions: [Double] = []
        var ms: Int64 = 0
        // At most 10 minutes of milliseconds (the spline lasts seconds, the stretch under one).
        while ms <= 600_000 {
            let state = stepper.frame(at: ms)
            positions.append(state.position)
            if state.last { break }
            ms += 1
        }
        let table = positions
        let settle = Double(table.count - 1) / 1000
        return EdgeMotion(handOff: stepper.handOff, settleTime: settle) { t in
            let index = min(Int((max(t, 0) * 1000).rounded(.down)), table.count - 1)
            let next = min(index + 1, table.count - 1)
            return (table[index], (table[next] - table[index]) * 1000, index == table.count - 1)
        }
    }
}

/// One axis of `OverScroller` (`SplineOverScroller`) for a fling that may run into a bound: the
/// fields and steps of `fling`, `adjustDuration`, `update`, `continueWhenFinished`,
/// `onEdgeReached` and `startSpringback`, with Android's `int`/`float`/`long` types. Time is the
/// animation clock in whole milliseconds from the fling's start.
struct AndroidEdgeScroller {
    enum State { case spline, ballistic, cubic }

    let spline: AndroidSplineFling
    var state = State.spline
    var start: Int32 = 0
    var final: Int32 = 0
    var currentPosition: Int32 = 0
    var velocity: Int32 = 0
    var currentVelocity: Float = 0
    var deceleration: Float = 0
    var startTime: Int64 = 0
    var duration: Int32 = 0
    var splineDuration: Int32 = 0
    var splineDistance: Int32 = 0
    var overDistance: Int32 = 0
    var finished = false
    /// When `continueWhenFinished` found the edge: `mStartTime` after `+= mDuration`.
    var edgeTime: Int64 = 0
    /// `update()`'s spline velocity at exactly the clamped duration: the fling's speed at the
    /// edge, had a frame fallen there.
    var splineVelocityAtEdge: Float = 0

    init(spline: AndroidSplineFling) { self.spline = spline }

    /// `fling(0, velocity, min, max, over)` at time 0 (the start lies within the bounds).
    mutating func fling(velocity: Int32, min: Int32, max: Int32, over: Int32) {
        overDistance = over
        finished = false
        currentVelocity = Float(velocity)
        self.velocity = velocity
        duration = 0
        splineDuration = 0
        startTime = 0
        currentPosition = 0
        start = 0
        state = .spline
        if velocity != 0 {
            splineDuration = spline.splineDuration
            duration = splineDuration
        }
        splineDistance = spline.splineDistance
        final = start + splineDistance
        if final < min {
            adjustDuration(oldFinal: final, newFinal: min)
            final = min
        }
        if final > max {
            adjustDuration(oldFinal: final, newFinal: max)
            final = max
        }
        splineVelocityAtEdge = splineVelocity(at: Int64(duration))
    }

    /// `adjustDuration(start, oldFinal, newFinal)` with start 0: `mDuration *= timeCoef`, the
    /// `SPLINE_TIME` entry for the fraction of the distance kept (Java's compound assignment:
    /// float product, narrowed to int).
    mutating func adjustDuration(oldFinal: Int32, newFinal: Int32) {
        let x = abs(Float(newFinal - start) / Float(oldFinal - start))
        let index = Int(Float(AndroidSplineFling.sampleCount) * x)
        guard index < AndroidSplineFling.sampleCount else { return }
        let table = AndroidSplineFling.splineTable.time
        let lower = Float(index) / Float(AndroidSplineFling.sampleCount)
        let upper = Float(index + 1) / Float(AndroidSplineFling.sampleCount)
        let timeCoefficient = table[index] + (x - lower) / (upper - lower) * (table[index + 1] - table[index])
        duration = Int32(Float(duration) * timeCoefficient)
    }

    func splineVelocity(at currentTime: Int64) -> Float {
        let t = Float(currentTime) / Float(splineDuration)
        let index = Int(Float(AndroidSplineFling.sampleCount) * t)
        guard index < AndroidSplineFling.sampleCount else { return 0 }
        let table = AndroidSplineFling.splineTable.position
        let lower = Float(index) / Float(AndroidSplineFling.sampleCount)
        let upper = Float(index + 1) / Float(AndroidSplineFling.sampleCount)
        let velocityCoefficient = (table[index + 1] - table[index]) / (upper - lower)
        return velocityCoefficient * Float(splineDistance) / Float(splineDuration) * 1000
    }

    /// `OverScroller.computeScrollOffset()` for this axis in FLING_MODE: false once finished.
    mutating func computeScrollOffset(at time: Int64) -> Bool {
        guard !finished else { return false }
        if !update(at: time) {
            if !continueWhenFinished(at: time) { finish() }
        }
        return !finished
    }

    mutating func finish() {
        currentPosition = final
        finished = true
    }

    mutating func continueWhenFinished(at time: Int64) -> Bool {
        switch state {
        case .spline:
            guard duration < splineDuration else { return false }
            currentPosition = final
            start = final
            velocity = Int32(currentVelocity.rounded(.towardZero))
            deceleration = velocity > 0 ? -EdgeFling.androidGravity : EdgeFling.androidGravity
            startTime += Int64(duration)
            edgeTime = startTime
            onEdgeReached()
        case .ballistic:
            startTime += Int64(duration)
            startSpringback(start: final, end: start)
        case .cubic:
            return false
        }
        _ = update(at: time)
        return true
    }

    mutating func onEdgeReached() {
        let velocitySquared = Float(velocity) * Float(velocity)
        var distance = velocitySquared / (2 * abs(deceleration))
        let sign: Float = velocity > 0 ? 1 : (velocity < 0 ? -1 : 0)
        if distance > Float(overDistance) {
            deceleration = -sign * velocitySquared / (2 * Float(overDistance))
            distance = Float(overDistance)
        }
        overDistance = Int32(distance)
        state = .ballistic
        final = start + Int32(velocity > 0 ? distance : -distance)
        duration = -Int32(1000 * Float(velocity) / deceleration)
    }

    mutating func startSpringback(start springStart: Int32, end: Int32) {
        finished = false
        state = .cubic
        currentPosition = springStart
        start = springStart
        final = end
        let delta = springStart - end
        deceleration = delta > 0 ? -EdgeFling.androidGravity : EdgeFling.androidGravity
        velocity = -delta
        overDistance = abs(delta)
        duration = Int32(1000.0 * (-2.0 * Double(delta) / Double(deceleration)).squareRoot())
    }

    mutating func update(at time: Int64) -> Bool {
        let currentTime = time - startTime
        if currentTime == 0 { return duration > 0 }
        if currentTime > Int64(duration) { return false }
        var distance = 0.0
        switch state {
        case .spline:
            let (distanceCoefficient, velocityCoefficient) =
                AndroidSplineFling.splineCoefficients(at: Float(currentTime) / Float(splineDuration))
            distance = Double(distanceCoefficient * Float(splineDistance))
            currentVelocity = velocityCoefficient * Float(splineDistance) / Float(splineDuration) * 1000
        case .ballistic:
            let t = Float(currentTime) / 1000
            currentVelocity = Float(velocity) + deceleration * t
            distance = Double(Float(velocity) * t + deceleration * t * t / 2)
        case .cubic:
            let t = Float(currentTime) / Float(duration)
            let t2 = t * t
            let sign: Float = velocity > 0 ? 1 : (velocity < 0 ? -1 : 0)
            distance = Double(sign * Float(overDistance) * (3 * t2 - 2 * t * t2))
            currentVelocity = sign * Float(overDistance) * 6 * (-t + t2)
        }
        currentPosition = start + Int32((distance + 0.5).rounded(.down))
        return true
    }
}

/// A fling into an edge as one motion in continuous time (``EdgeFling/continuousMotion()``).
public struct EdgeMotion: Sendable {
    /// Where and how the fling reaches the edge; `nil` when it stops short of it.
    public let handOff: EdgeHandOff?
    /// When the platform is done (at rest at the edge, or where the fling stopped), s.
    public let settleTime: Double
    let state: @Sendable (Double) -> (position: Double, velocity: Double, done: Bool)

    /// The signed offset at `time` s after the release, in the platform's unit.
    public func position(at time: Double) -> Double { state(max(time, 0)).position }
}
