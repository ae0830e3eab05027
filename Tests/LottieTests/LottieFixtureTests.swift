import BezierKernels
import Foundation
import JSONDocument
import Lottie
import Motion
import Testing

/// Reads `Fixtures/NAME` (hand-written Lottie files, one per feature).
func fixture(_ name: String) throws -> LottieAnimation {
    let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures").appendingPathComponent(name)
    return try LottieAnimation(bytes: Array(try Data(contentsOf: url)))
}

/// The timeline scene named `name` of a compiled file.
func timeline(_ motion: LottieMotion, _ name: String) throws -> TimelineMotion {
    let scene = try #require(motion.scenes.first { $0.name == name }, "no scene \(name) in \(motion.scenes.map(\.name))")
    guard case .timeline(let timeline, _) = scene.kind else { Issue.record("\(name) is not a timeline"); throw CancellationError() }
    return timeline
}

func scene(_ motion: LottieMotion, _ name: String) throws -> Scene {
    try #require(motion.scenes.first { $0.name == name }, "no scene \(name) in \(motion.scenes.map(\.name))")
}

func close(_ a: SIMD2<Double>, _ b: SIMD2<Double>, _ tolerance: Double = 1e-9) -> Bool {
    let d = a - b
    return (d * d).sum().squareRoot() <= tolerance
}

@Suite struct LottieFixtureTests {
    @Test func linearMoveAtConstantSpeed() throws {
        let animation = try fixture("linear.json")
        #expect(animation.frameRate == 60 && animation.duration == 1)
        let motion = try animation.motion()
        #expect(motion.scenes.map(\.name) == ["box/position"])
        let box = try timeline(motion, "box/position")
        #expect(box.start == 0 && box.end == 1)
        // 300 pt in 1 s: x = 300 t.
        for t in stride(from: 0.0, through: 1.0, by: 0.1) {
            #expect(close(box.value(t), SIMD2(300 * t, 100), 1e-9))
        }
        for hz in [60.0, 120.0] {
            let report = try Validation.validate(try scene(motion, "box/position"), hz: hz)
            #expect(report.verdict == .smooth, "\(report.findings)")
            #expect(abs(report.metrics.maxStep - 300 / hz) < 1e-9)
            #expect(abs((report.metrics.speed?.median ?? 0) - 300) < 1e-6)
        }
    }

    @Test func easedMoveFollowsTheTimingCurvesDerivative() throws {
        let motion = try fixture("eased.json").motion()
        let ball = try timeline(motion, "ball/position")
        let curve = try TimingCurve(x1: 0.42, y1: 0, x2: 0.58, y2: 1)
        for t in stride(from: 0.0, through: 1.0, by: 0.05) {
            #expect(close(ball.value(t), SIMD2(200 * curve.progress(at: t), 200), 1e-9))
        }
        // The frame speed at 120 Hz is the curve's slope × 200 pt/s at the frame's middle, to
        // second order in the frame time.
        let hz = 120.0
        for k in 0..<120 {
            let t0 = Double(k) / hz, t1 = Double(k + 1) / hz
            let speed = (ball.value(t1).x - ball.value(t0).x) * hz
            let slope = derivative(of: curve, at: (t0 + t1) / 2)
            #expect(abs(speed - 200 * slope) < 0.5, "frame \(k): \(speed) against \(200 * slope)")
        }
        for hz in [60.0, 120.0] {
            let report = try Validation.validate(try scene(motion, "ball/position"), hz: hz)
            #expect(report.verdict == .smooth, "\(report.findings)")
        }
    }

    /// dy/dx of a timing curve at x, by the parametric derivatives.
    func derivative(of curve: TimingCurve, at x: Double) -> Double {
        let u = curve.parameter(atTime: x)
        func d(_ a: Double, _ b: Double) -> Double { 3 * (1 - u) * (1 - u) * a + 6 * (1 - u) * u * (b - a) + 3 * u * u * (1 - b) }
        return d(curve.y1, curve.y2) / d(curve.x1, curve.x2)
    }

    @Test func spatialCurveIsPacedByArcLength() throws {
        let motion = try fixture("spatial.json").motion()
        let comet = try timeline(motion, "comet/position")
        let curve = CubicBezier(Point(50, 300), Point(150, 100), Point(250, 100), Point(350, 300))
        let length = try curve.arcLength(accuracy: 1e-12)
        // Linear ease: the distance travelled along the curve is L·t.
        for t in stride(from: 0.05, through: 0.95, by: 0.15) {
            let u = try curve.parameter(atArcLength: length * t, accuracy: 1e-12)
            #expect(close(comet.value(t), curve.point(at: u).simd, 1e-5), "t = \(t)")
        }
        // Symmetric arch: half the length is the apex.
        #expect(close(comet.value(0.5), SIMD2(200, 150), 1e-5))
        // Every 120 Hz step is L/120 along the arc; the chord is shorter by at most
        // κ²·Δs³/24 ≈ 1e-3 pt here.
        let hz = 120.0
        for k in 0..<120 {
            let step = comet.value(Double(k + 1) / hz) - comet.value(Double(k) / hz)
            #expect(abs((step * step).sum().squareRoot() - length / hz) < 2e-3)
        }
        for hz in [60.0, 120.0] {
            #expect(try Validation.validate(try scene(motion, "comet/position"), hz: hz).verdict == .smooth)
        }
    }

    @Test func holdsAreStepsByDesign() throws {
        let motion = try fixture("hold.json").motion()
        let position = try timeline(motion, "blinker/position")
        #expect(position.designedSteps == [0.5])
        #expect(close(position.value(0.49), SIMD2(0, 50)))
        #expect(close(position.value(0.75), SIMD2(150, 50)))
        let opacity = try timeline(motion, "blinker/opacity")
        // 100 → 0 at frame 20, 0 → 100 at 40; the last hold keeps 100: no step.
        #expect(opacity.designedSteps.count == 2)
        #expect(abs(opacity.designedSteps[0] - 1.0 / 3) < 1e-12 && abs(opacity.designedSteps[1] - 2.0 / 3) < 1e-12)
        for name in ["blinker/position", "blinker/opacity"] {
            for hz in [60.0, 120.0] {
                let report = try Validation.validate(try scene(motion, name), hz: hz)
                #expect(report.verdict == .smooth, "\(name) @\(hz): \(report.findings)")
                #expect(!report.metrics.designedSteps.isEmpty)
            }
        }
    }

    @Test func parentChainComposes() throws {
        let motion = try fixture("parent.json").motion()
        // The null parent draws nothing: only its children are validated.
        #expect(motion.scenes.map(\.name) == ["arm/position", "hand/position"])
        let arm = try timeline(motion, "arm/position"), hand = try timeline(motion, "hand/position")
        for t in stride(from: 0.0, through: 1.0, by: 0.25) {
            // Parent at (100 + 200t, 100), rotated 90°, scaled 2: its x axis points down, 2 pt per unit.
            #expect(close(arm.value(t), SIMD2(100 + 200 * t, 100 + 2 * 50), 1e-9))
            #expect(close(hand.value(t), SIMD2(100 + 200 * t, 100 + 2 * 60), 1e-9))
        }
        #expect(try Validation.validate(try scene(motion, "hand/position"), hz: 120).verdict == .smooth)
    }

    @Test func startTimeAndStretchLeaveALayersOwnKeyframesInPlace() throws {
        // st 30 and sr 2 on a shape layer: its own keyframes (frames 0 and 30) are read at the
        // composition's frame, as lottie-web and rlottie read them.
        let motion = try fixture("stretch.json").motion()
        let slow = try timeline(motion, "slow/position")
        #expect(slow.start == 0 && slow.end == 0.5)
        #expect(close(slow.value(0.25), SIMD2(30, 0)))
        #expect(close(slow.value(0.5), SIMD2(60, 0)))
        let report = try Validation.validate(try scene(motion, "slow/position"), hz: 60)
        #expect(report.verdict == .smooth)
        #expect(abs(report.metrics.maxStep - 2) < 1e-9)  // 120 pt/s at 60 Hz
    }

    /// The issue's example: st 20, position keys at frames 20 → 80 (50 → 350, easy ease): at
    /// frame 60 lottie-web and rlottie put x at 272.19 (the old (F − st) reading gave 127.81).
    @Test func startTimeDoesNotShiftTheLayersKeyframes() throws {
        let animation = try fixture("starttime.json")
        let late = try timeline(try animation.motion(), "late/position")
        #expect(late.start == 20.0 / 60 && late.end == 80.0 / 60)
        let x = late.value(1.0).x
        #expect(abs(x - 272.19) < 0.005, "x at frame 60: \(x)")
        // Every frame against the literal port of lottie-web's time flow.
        let port = LottieWebTimePort(keyframes: [(20, 50), (80, 350)], ease: try TimingCurve(x1: 0.333, y1: 0, x2: 0.667, y2: 1))
        for frame in 0...99 {
            let expected = port.value(compositionFrame: Double(frame), layerStart: 20, layerStretch: 1)
            #expect(abs(late.value(Double(frame) / 60).x - expected) < 1e-9, "frame \(frame)")
        }
    }

    /// A precomposition layer with st 10 and sr 2: its children run at (F − 10) / 2, as
    /// lottie-web's `ICompElement.prepareFrame` gives them (the literal port's `childFrame`).
    @Test func precompositionStartAndStretchMapItsChildren() throws {
        let motion = try fixture("precompstretch.json").motion()
        let hand = try timeline(motion, "clock/hand/position")
        #expect(hand.start == 10.0 / 60 && hand.end == 70.0 / 60)
        let port = LottieWebTimePort(keyframes: [(0, 100), (30, 300)], ease: .linear)
        for frame in stride(from: 0.0, through: 79.5, by: 0.5) {
            let child = LottieWebTimePort.childFrame(parentFrame: frame, precompStart: 10, precompStretch: 2)
            let expected = port.value(compositionFrame: child, layerStart: 0, layerStretch: 1)
            #expect(abs(hand.value(frame / 60).x - expected) < 1e-9, "frame \(frame)")
        }
    }

    @Test func precompositionOffset() throws {
        let motion = try fixture("precomp.json").motion()
        #expect(motion.scenes.map(\.name) == ["badge/dot/position"])
        let dot = try timeline(motion, "badge/dot/position")
        // The inner layer moves from animation frame 15 (st) to 45 (its last keyframe, 30 + st).
        #expect(dot.start == 0.25 && dot.end == 0.75)
        #expect(close(dot.value(0.5), SIMD2(250, 200)))  // inner frame 15 of 30
        #expect(close(dot.value(0.75), SIMD2(300, 200)))
        #expect(try Validation.validate(try scene(motion, "badge/dot/position"), hz: 60).verdict == .smooth)
    }

    @Test func autoOrientFollowsThePathTangent() throws {
        let animation = try fixture("autoorient.json")
        let motion = try animation.motion()
        let diagonal = try timeline(motion, "diagonal/rotation")
        #expect(abs(diagonal.value(0.5).x / animation.pointsPerDegree - 45) < 1e-9)
        let arch = try timeline(motion, "arch/rotation")
        let curve = CubicBezier(Point(50, 300), Point(150, 100), Point(250, 100), Point(350, 300))
        let length = try curve.arcLength(accuracy: 1e-12)
        for t in [0.0, 0.25, 0.5, 0.8] {
            let u = try curve.parameter(atArcLength: length * t, accuracy: 1e-12)
            let d = curve.derivative(at: u)
            let angle = atan2(d.dy, d.dx) * 180 / .pi
            #expect(abs(arch.value(t).x / animation.pointsPerDegree - angle) < 1e-4, "t = \(t)")
        }
        #expect(abs(arch.value(0).x / animation.pointsPerDegree - atan2(-200.0, 100) * 180 / .pi) < 1e-6)
        #expect(try Validation.validate(try scene(motion, "arch/rotation"), hz: 60).verdict == .smooth)
    }

    /// Auto-orient on a path that turns a corner at an inner keyframe (straight, linear
    /// segments): at every frame, and at the corner itself (the arriving direction, as lottie-web's
    /// backward difference sees it), against the literal port of lottie-web's rule. 64 fps: every
    /// frame time is exact in binary.
    @Test func autoOrientAtAndOutsideTheKeysFollowsLottieWeb() throws {
        let linear = #""o": {"x": [0, 0], "y": [0, 0]}, "i": {"x": [1, 1], "y": [1, 1]}"#
        let text = """
            {"fr": 64, "ip": 0, "op": 80, "w": 400, "h": 400, "layers": [{"ty": 4, "nm": "arrow", "ip": 0, "op": 80, "st": 0, "ao": 1,
             "ks": {"p": {"a": 1, "k": [{"t": 10, "s": [50, 50], \(linear)}, {"t": 40, "s": [250, 50], \(linear)}, {"t": 70, "s": [250, 250]}]}}}]}
            """
        let animation = try LottieAnimation(bytes: Array(text.utf8))
        let rotation = try timeline(try animation.motion(), "arrow/rotation")
        func lerp(_ a: SIMD2<Double>, _ b: SIMD2<Double>, _ u: Double) -> SIMD2<Double> { a + (b - a) * u }
        let port = LottieWebAutoOrientPort(keyTimes: [10, 40, 70]) { f in
            if f <= 10 { return SIMD2(50, 50) }
            if f <= 40 { return lerp(SIMD2(50, 50), SIMD2(250, 50), (f - 10) / 30) }
            if f <= 70 { return lerp(SIMD2(250, 50), SIMD2(250, 250), (f - 40) / 30) }
            return SIMD2(250, 250)
        }
        for frame in 0...79 {
            let ours = rotation.value(Double(frame) / 64).x / animation.pointsPerDegree
            #expect(abs(ours - port.angle(atFrame: Double(frame))) < 1e-6, "frame \(frame): \(ours)")
        }
        #expect(abs(rotation.value(40.0 / 64).x / animation.pointsPerDegree) < 1e-9)  // arriving: 0°, not 90°
    }

    /// Scale with an ease per dimension (x: 0.9, 0 → 1, 1; y: linear): each dimension follows
    /// its own ease, as lottie-web's `interpolateValue` builds one `BezierEasing` per dimension.
    @Test func eachDimensionFollowsItsOwnEase() throws {
        let text = """
            {"fr": 64, "ip": 0, "op": 64, "w": 400, "h": 400, "layers": [{"ty": 4, "nm": "stretcher", "ip": 0, "op": 64, "st": 0,
             "ks": {"s": {"a": 1, "k": [{"t": 0, "s": [100, 100], "o": {"x": [0.9, 0], "y": [0, 0]}, "i": {"x": [1, 1], "y": [1, 1]}},
             {"t": 60, "s": [200, 200]}]}}}]}
            """
        let animation = try LottieAnimation(bytes: Array(text.utf8))
        let scale = try timeline(try animation.motion(), "stretcher/scale")
        let x = LottieWebTimePort(keyframes: [(0, 100), (60, 200)], ease: try TimingCurve(x1: 0.9, y1: 0, x2: 1, y2: 1))
        let y = LottieWebTimePort(keyframes: [(0, 100), (60, 200)], ease: .linear)
        for frame in 0...63 {
            let ours = scale.value(Double(frame) / 64) / animation.pointsPerScalePercent
            #expect(abs(ours.x - x.value(compositionFrame: Double(frame), layerStart: 0, layerStretch: 1)) < 1e-9, "frame \(frame)")
            #expect(abs(ours.y - y.value(compositionFrame: Double(frame), layerStart: 0, layerStretch: 1)) < 1e-9, "frame \(frame)")
        }
    }

    /// A last keyframe that carries `i`/`o`: its handles ease nothing; after it the value is its
    /// own (lottie-web's `interpolateValue`; rlottie instead shows (0, 0), see RlottieReferenceTests).
    @Test func aLastKeyframesHandlesEaseNothing() throws {
        let ease = #""o": {"x": [0.333, 0.333], "y": [0, 0]}, "i": {"x": [0.667, 0.667], "y": [1, 1]}"#
        let text = """
            {"fr": 64, "ip": 0, "op": 64, "w": 400, "h": 400, "layers": [{"ty": 4, "nm": "box", "ip": 0, "op": 64, "st": 0,
             "ks": {"p": {"a": 1, "k": [{"t": 0, "s": [100, 200], \(ease)}, {"t": 40, "s": [300, 200], \(ease)}]}}}]}
            """
        let animation = try LottieAnimation(bytes: Array(text.utf8))
        let port = LottieWebTimePort(keyframes: [(0, 100), (40, 300)], ease: try TimingCurve(x1: 0.333, y1: 0, x2: 0.667, y2: 1))
        let box = try #require(animation.nodeInfos.first { $0.name == "box" })
        for frame in 0...63 {
            let ours = animation.anchorPosition(ofNode: box.index, atFrame: Double(frame))
            #expect(abs(ours.x - port.value(compositionFrame: Double(frame), layerStart: 0, layerStretch: 1)) < 1e-9, "frame \(frame)")
        }
    }

    @Test func shapeGroupsAreObjectsOfTheirOwn() throws {
        let motion = try fixture("groups.json").motion()
        #expect(motion.stills.map(\.name) == ["car", "car/label"])
        #expect(motion.scenes.map(\.name) == ["car/wheel/rotation", "car/wheel/spoke/position"])
        let spoke = try timeline(motion, "car/wheel/spoke/position")
        // At 0.25 s the wheel has turned 90° and the spoke is 12.5 pt along the wheel's x axis.
        #expect(close(spoke.value(0.25), SIMD2(200, 212.5), 1e-9))
        #expect(close(spoke.value(0.5), SIMD2(200 - 25, 200), 1e-9))
    }
}

/// `LottieObject.quantities` is typed (issue 23): each quantity an object lists is one of its
/// timelines, named `OBJECT/QUANTITY` by the quantity's raw value, in `LottieQuantity`'s order,
/// and every timeline belongs to a listed quantity.
@Suite struct LottieQuantityTests {
    @Test(arguments: ["linear.json", "eased.json", "spatial.json", "hold.json", "loader.json"])
    func quantitiesNameTheTimelines(file: String) throws {
        let motion = try fixture(file).motion()
        var listed: [String] = []
        for object in motion.objects {
            let order = object.quantities.map { LottieQuantity.allCases.firstIndex(of: $0)! }
            #expect(order == order.sorted(), "\(object.name): \(object.quantities)")
            listed += object.quantities.map { "\(object.name)/\($0.rawValue)" }
        }
        #expect(Set(listed) == Set(motion.scenes.map(\.name)))
        #expect(listed.count == motion.scenes.count)
        #expect(!listed.isEmpty)
    }
}
