import BezierKernels
import Foundation
import Motion
import SpringSolver
import Testing

/// Verdicts users act on (issue 10): no false alarm on an ordinary motion, no missed motion, no
/// verdict made of rounding. Each rule is tested on motions that must pass and motions that
/// must fail.
@Suite("Trustworthy verdicts: the ends of a motion, springs, precision")
struct TrustworthyVerdictTests {
    /// An ordinary spring, named the way a UI toolkit names it, with its move.
    struct OrdinarySpring: CustomTestStringConvertible, Sendable {
        let name: String
        let parameters: SpringParameters
        /// Initial velocity relative to the distance (UIKit's `initialSpringVelocity` unit).
        let relativeVelocity: Double
        let from: Double
        let to: Double

        var testDescription: String { "\(name) \(from) → \(to)" + (relativeVelocity != 0 ? " v \(relativeVelocity)/s" : "") }

        func scene() throws -> Scene {
            let spring = try parameters.spring()
            let motion = try SpringMotion(
                spring: spring, from: from, to: to, initialVelocity: relativeVelocity * (to - from))
            return try Scene.spring(motion, name: name)
        }
    }

    /// SwiftUI (response, perceptual), UIKit (with and without the demo's 0.6 initial velocity),
    /// physical; under-, critically and over-damped; short, long and backward moves.
    static let ordinarySprings: [OrdinarySpring] = {
        var springs: [OrdinarySpring] = []
        let moves: [(Double, Double)] = [(0, 10), (0, 300), (0, 2000), (400, -100)]
        for (from, to) in moves {
            for (response, ratio) in [(0.35, 0.8), (0.55, 0.825), (0.2, 1), (0.5, 0.3), (0.3, 1.5)] {
                springs.append(OrdinarySpring(
                    name: "response \(response) ζ \(ratio)", parameters: .response(response: response, dampingRatio: ratio, mass: 1),
                    relativeVelocity: 0, from: from, to: to))
            }
            for (duration, bounce) in [(0.5, 0.0), (0.3, 0.3), (1, -0.5)] {
                springs.append(OrdinarySpring(
                    name: "duration \(duration) bounce \(bounce)", parameters: .perceptual(duration: duration, bounce: bounce, mass: 1),
                    relativeVelocity: 0, from: from, to: to))
            }
            for (duration, ratio) in [(0.3, 0.5), (0.5, 0.7), (0.8, 1)] {
                for velocity in [0, 0.6] {
                    springs.append(OrdinarySpring(
                        name: "UIKit \(duration) s ζ \(ratio)", parameters: .uikit(duration: duration, dampingRatio: ratio),
                        relativeVelocity: velocity, from: from, to: to))
                }
            }
            for (stiffness, damping) in [(300.0, 20.0), (1000, 80), (100, 40)] {
                springs.append(OrdinarySpring(
                    name: "k \(stiffness) c \(damping)", parameters: .physical(mass: 1, stiffness: stiffness, damping: damping),
                    relativeVelocity: 0, from: from, to: to))
            }
        }
        return springs
    }()

    @Test("ordinary springs are smooth at 60 and 120 Hz (the issue's false alarm among them)", arguments: ordinarySprings)
    func springFromRestIsSmoothAt60And120Hz(spring: OrdinarySpring) throws {
        let scene = try spring.scene()
        for hz in [60.0, 120] {
            let report = try Validation.validate(scene, hz: hz)
            #expect(report.verdict == .smooth, "\(report.findings)")
            let launch = try #require(report.spring)
            // The launch is reported as information: the acceleration steps, the velocity does not (from rest).
            #expect(launch.startAccelerationStep > 0)
            #expect(launch.startVelocityStep == abs(spring.relativeVelocity * (spring.to - spring.from)))
        }
    }

    @Test("the issue's spring: response 0.35, ζ 0.8, 0 → 300 pt, at 60 and 120 Hz")
    func issueSpringIsSmooth() throws {
        let motion = try SpringMotion(
            spring: SpringParameters.response(response: 0.35, dampingRatio: 0.8, mass: 1).spring(), from: 0.0, to: 300.0)
        for hz in [60.0, 120] {
            let report = try Validation.validate(Scene.spring(motion), hz: hz)
            #expect(report.findings.isEmpty, "\(report.findings)")
            #expect(report.notes.contains { if case .springLaunch(0, let a) = $0 { a > 0 } else { false } })
        }
    }

    /// Springs that must fail: a kick given to an object at rest, a spring faster than a frame, a
    /// spring oscillating faster than the frames can show.
    @Test(
        "constructed failing springs stay janky",
        arguments: [
            ("kick: 3000 pt/s on a 300 pt move", 323.0, 28.7, 3000.0, Finding.Kind.startKick),
            ("faster than a frame", 1e6, 2000, 0, .teleport),
            ("oscillates at 50 Hz", 1e5, 10, 0, .speedJump),
        ])
    func constructedSpringsAreJanky(name: String, stiffness: Double, damping: Double, velocity: Double, kind: Finding.Kind) throws {
        let spring = try DampedSpring(mass: 1, stiffness: stiffness, damping: damping)
        let scene = try Scene.spring(SpringMotion(spring: spring, from: 0.0, to: 300.0, initialVelocity: velocity))
        for hz in [60.0, 120] {
            let report = try Validation.validate(scene, hz: hz)
            #expect(report.verdict == .janky, "\(name) @\(hz)")
            #expect(report.findings.contains { $0.kind == kind }, "\(name) @\(hz): \(report.findings)")
        }
    }

    @Test("the start is judged, not skipped: a break two frames after a spring-like start is still caught")
    func breakNearTheStartIsCaught() throws {
        // From rest, a smooth quadratic launch for 0.05 s, then the speed triples at once.
        func position(_ t: Double) -> SIMD2<Double> {
            let t = max(t, 0)
            let launch = 0.05, a = 4000.0
            if t <= launch { return SIMD2(0.5 * a * t * t, 0) }
            let x0 = 0.5 * a * launch * launch, v = a * launch
            return SIMD2(x0 + 3 * v * (t - launch), 0)
        }
        let start = -2.0 / 60
        func samples(_ hz: Double, _ count: Int) throws -> FrameSamples {
            try FrameSamples(hz: hz, startTime: start, count: count) { position($0) }
        }
        let span = try AnimationSpan(start: 0, end: nil, endsAreBoundaries: true)
        let metrics = try FrameMetrics(
            samples: samples(60, 40), doubled: samples(120, 79), quadrupled: samples(240, 157), span: span)
        let jump = try #require(metrics.speedJumpBreaks.first)
        #expect(abs(jump.at.time - 0.05) <= 1.0 / 60 + 1e-9)
        #expect(try #require(jump.rateTest).isBreak)
    }

    // MARK: Paths: the ends of a single play

    @Test(
        "ordinary moves from rest stay smooth: 0.3 s and 1 s, linear and eased",
        arguments: [0.3, 1], [TimingCurve.linear, .easeInEaseOut, .easeIn, .easeOut])
    func ordinaryMovesStaySmooth(duration: Double, curve: TimingCurve) throws {
        let scene = try Scene.svg("M 0 0 L 300 0", duration: duration, timingCurve: curve)
        for mode in TimingMode.allCases {
            for hz in [60.0, 120] {
                let report = try Validation.validate(scene, mode: mode, hz: hz)
                #expect(report.verdict == .smooth, "\(report.findings)")
                #expect(report.metrics.teleports.isEmpty)
            }
        }
    }

    @Test("linear timing starts at its full speed from rest: reported, not judged")
    func linearStartIsReported() throws {
        let report = try Validation.validate(Scene.svg("M 0 0 L 300 0", duration: 1), mode: .linear, hz: 60)
        #expect(report.notes.contains(.playEnds(startSpeed: 300, endSpeed: 300, duration: 1)))
        let speed = try #require(report.metrics.speed)
        #expect(abs(speed.min - 300) < 1e-6, "the frames at rest are not part of the speed profile")
    }

    @Test(
        "a move shorter than a frame is the jump it is",
        arguments: [0.01, 1e-9, 1.0 / 120])
    func moveShorterThanAFrameIsATeleport(duration: Double) throws {
        let scene = try Scene.svg("M 0 0 L 400 0", duration: duration)
        for hz in [60.0, 120] where duration * hz < 1 {
            let report = try Validation.validate(scene, mode: .linear, hz: hz)
            #expect(report.verdict == .janky)
            let teleport = try #require(report.metrics.teleports.first)
            #expect(abs(teleport.distance - 400) < 1e-9)
            #expect(teleport.from.frame == 0)
        }
    }

    @Test("a genuine break mid-way is still a break with the frames at rest around the play")
    func midwayBreakIsCaught() throws {
        let report = try Validation.validate(Scene.svg("M 0 0 L 100 0 L 400 0", duration: 1), mode: .linear, hz: 60)
        #expect(report.findings.map(\.kind) == [.speedJump])
        #expect(report.metrics.speedJumpBreaks.map(\.at.nextElement) == [2])
    }

    // MARK: Precision and overflow

    @Test(
        "coordinates beyond 1e7 pt are refused in one line, fast",
        arguments: ["M 0 1e17 l 100 0", "M 0 1e12 l 100 0 l 0 100", "M -2e7 0 L 0 0"])
    func farCoordinatesAreRefused(data: String) throws {
        let began = Date()
        do {
            _ = try Scene.svg(data, duration: 1)
            Issue.record("accepted \(data)")
        } catch {
            // Refused at the path's reach, beyond the ±1e7 pt it allows.
            #expect(error.subject == "path reach (pt)" && (error.value ?? 0) > 1e7, "\(error)")
            #expect(!error.description.contains("\n"))
        }
        #expect(Date().timeIntervalSince(began) < 5, "refused before building any table")
    }

    @Test("a path at 1e7 pt is still validated, and its straight line is smooth")
    func pathAtTheLimitIsSmooth() throws {
        let report = try Validation.validate(Scene.svg("M 0 1e7 l 100 0", duration: 1), mode: .paced, hz: 60)
        #expect(report.verdict == .smooth, "\(report.findings)")
    }

    @Test(
        "springs that can reach beyond 1e7 pt are refused naming the value",
        arguments: [(0.0, 1e300, 0.0), (1e300, 0, 0), (0, 100, 1e300), (0, 1e8, 0)])
    func farSpringsAreRefused(from: Double, to: Double, velocity: Double) throws {
        let spring = try DampedSpring(mass: 1, stiffness: 100, damping: 20)
        let motion = try SpringMotion(spring: spring, from: from, to: to, initialVelocity: velocity)
        do {
            _ = try Scene.spring(motion)
            Issue.record("accepted \(from) → \(to) at \(velocity)")
        } catch {
            #expect(error.subject == "spring reach (pt)" && (error.value ?? 0) > 1e7, "\(error)")
        }
    }

    @Test("frame metrics never overflow: steps of 1e200 pt are finite")
    func hugeStepsStayFinite() throws {
        let samples = try FrameSamples(hz: 60, count: 61) { SIMD2(1e200 * $0, 1e200 * $0) }
        let metrics = try FrameMetrics(samples: samples)
        #expect(metrics.maxStep.isFinite && metrics.maxStep > 0)
        #expect(try #require(metrics.maxTurn).degrees.isFinite)
        #expect(try #require(metrics.speed).max.isFinite)
    }
}
