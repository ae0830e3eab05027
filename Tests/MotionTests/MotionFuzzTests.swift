import BenchKit
import BezierKernels
import Motion
import SpringSolver
import Testing

/// A seeded, bounded fuzz of Motion's public API on finite input, ordinary and extreme: user
/// path scenes and spring scenes are validated and turned into plot series. Each must either be
/// refused with a `MotionError` (one line) or give a report whose every number is finite (an
/// integrator that blows up is +∞ by design, flagged as such; never NaN). A trap fails the whole
/// test run, which is the point.
@Suite("Fuzz: Motion's public API never traps and never reports NaN or ∞")
struct MotionFuzzTests {
    /// BenchKit's SplitMix64, so a failure reproduces from its seed.
    struct Generator: RandomNumberGenerator {
        var base: SplitMix64
        init(state: UInt64) { base = SplitMix64(seed: state) }
        mutating func next() -> UInt64 { base.next() }

        /// A value of a random scale: ordinary most of the time, sometimes tiny or huge.
        mutating func scaled(ordinary: Double, tiny: Double, huge: Double) -> Double {
            let unit = Double.random(in: -1...1, using: &self)
            switch Int.random(in: 0..<10, using: &self) {
            case 0: return unit * tiny
            case 1: return unit * huge
            case 2: return 0
            default: return unit * ordinary
            }
        }
    }

    static let rates: [Double] = [24, 60, 120, 144, 240]

    /// Every number a report holds, with a name for the failure message.
    static func numbers(_ report: ValidationReport) -> [(String, Double)] {
        let m = report.metrics
        var values: [(String, Double)] = [("maxStep", m.maxStep), ("duration", report.duration)]
        if let s = m.speed { values += [("speed.min", s.min), ("speed.median", s.median), ("speed.max", s.max)] }
        for jump in [m.speedJump].compactMap({ $0 }) + m.speedJumpBreaks {
            values += [("jump.ratio", jump.ratio), ("jump.before", jump.speedBefore), ("jump.after", jump.speedAfter)]
            values += rateNumbers(jump.rateTest)
        }
        for turn in [m.maxTurn].compactMap({ $0 }) + m.turnBreaks {
            values += [("turn", turn.degrees)] + rateNumbers(turn.rateTest)
        }
        for teleport in m.teleports { values += [("teleport", teleport.distance), ("neighbour", teleport.neighbourStep)] }
        if let v = m.maxVelocityChange { values.append(("maxVelocityChange", v.magnitude)) }
        values += rateNumbers(m.rateDoubling)
        for join in report.joins {
            values += [("join.turn", join.turn), ("join.speedIn", join.speedIn), ("join.speedOut", join.speedOut), ("join.t", join.time)]
        }
        if let spring = report.spring {
            let r = spring.response
            values += [
                ("overshoot", r.overshoot), ("overshootFraction", r.overshootFraction), ("distance", r.distance),
                ("startVelocityStep", spring.startVelocityStep), ("startAccelerationStep", spring.startAccelerationStep),
                ("firstFrameOffset", spring.firstFrameOffset),
            ]
            if let t = r.settleTime { values.append(("settleTime", t)) }
            for stop in spring.stops { values += [("snap", stop.snap), ("simulatedUntil", stop.simulatedUntil)] }
        }
        return values
    }

    static func rateNumbers(_ test: RateDoublingTest?) -> [(String, Double)] {
        guard let test else { return [] }
        var values = [("rate.change", test.velocityChange), ("rate.doubled", test.doubledVelocityChange), ("rate.ratio", test.ratio)]
        if let finer = test.finerRatio { values.append(("rate.finer", finer)) }
        return values
    }

    static func check(_ scene: Scene, mode: TimingMode, hz: Double, context: String) {
        do {
            let report = try Validation.validate(scene, mode: mode, hz: hz)
            for (name, value) in numbers(report) {
                #expect(value.isFinite, "\(context): \(name) = \(value)")
            }
            for integrator in report.spring?.integrators ?? [] {
                #expect(!integrator.maxError.isNaN && integrator.maxError >= 0, "\(context): \(integrator.name)")
            }
            #expect(report.verdict == (report.findings.isEmpty ? .smooth : .janky))
            let series = try Validation.series(scene, mode: mode, hz: hz)
            #expect(series.speed.allSatisfy { $0.isFinite }, "\(context): series speed")
            #expect(series.positions.allSatisfy { $0.x.isFinite && $0.y.isFinite }, "\(context): series positions")
        } catch {
            #expect(!error.description.isEmpty && !error.description.contains("\n"), "\(context): \(error)")
        }
    }

    @Test("random user paths: refused in one line or measured with finite numbers", arguments: [1 as UInt64, 2])
    func paths(seed: UInt64) throws {
        var random = Generator(state: seed)
        for index in 0..<30 {
            var data = "M \(random.scaled(ordinary: 500, tiny: 1e-3, huge: 1e9)) \(random.scaled(ordinary: 500, tiny: 1e-3, huge: 1e9))"
            for _ in 0..<Int.random(in: 1...4, using: &random) {
                let points = (0..<6).map { _ in random.scaled(ordinary: 500, tiny: 1e-3, huge: 1e9) }
                switch Int.random(in: 0..<4, using: &random) {
                case 0: data += " L \(points[0]) \(points[1])"
                case 1: data += " Q \(points[0]) \(points[1]) \(points[2]) \(points[3])"
                case 2: data += " C \(points.map { "\($0)" }.joined(separator: " "))"
                default: data += " Z"
                }
            }
            let duration = [1e-9, 0.004, 0.3, 1, 3.3][Int.random(in: 0..<5, using: &random)]
            let curve = [TimingCurve.linear, .easeInEaseOut, .easeOut][Int.random(in: 0..<3, using: &random)]
            let repeats = Bool.random(using: &random)
            let hz = Self.rates[Int.random(in: 0..<Self.rates.count, using: &random)]
            let context = "seed \(seed) #\(index): '\(data)' over \(duration) s @\(hz) Hz"
            do {
                let scene = try Scene.svg(data, duration: duration, repeats: repeats, timingCurve: curve)
                for mode in TimingMode.allCases { Self.check(scene, mode: mode, hz: hz, context: context) }
            } catch {
                #expect(!error.description.contains("\n"), "\(context): \(error)")
            }
        }
    }

    @Test("random springs: refused in one line or measured with finite numbers", arguments: [1 as UInt64, 2])
    func springs(seed: UInt64) throws {
        var random = Generator(state: seed)
        for index in 0..<25 {
            let mass = [1, 1e-3, 50][Int.random(in: 0..<3, using: &random)]
            let stiffness = [1e-4, 1, 100, 300, 1e4, 1e7][Int.random(in: 0..<6, using: &random)] * Double.random(in: 0.5...2, using: &random)
            let damping = [0, 1, 20, 80, 1e3, 1e5][Int.random(in: 0..<6, using: &random)] * Double.random(in: 0.5...2, using: &random)
            let from = random.scaled(ordinary: 500, tiny: 1e-3, huge: 1e9)
            let to = random.scaled(ordinary: 500, tiny: 1e-3, huge: 1e300)
            let velocity = random.scaled(ordinary: 1000, tiny: 1e-3, huge: 1e12)
            let window = [0.05, 0.5, 1][Int.random(in: 0..<3, using: &random)]
            let hz = Self.rates[Int.random(in: 0..<Self.rates.count, using: &random)]
            let context = "seed \(seed) #\(index): m \(mass) k \(stiffness) c \(damping), \(from) → \(to) at \(velocity), \(window) s @\(hz) Hz"
            let spring: DampedSpring
            let motion: SpringMotion<Double>
            do {
                spring = try DampedSpring(mass: mass, stiffness: stiffness, damping: damping)
                motion = try SpringMotion(spring: spring, from: from, to: to, initialVelocity: velocity)
            } catch {
                continue  // SpringSolver's own refusal, tested there
            }
            do {
                let scene = try SpringScene(name: "fuzz", motion: motion, maximumSimulatedTime: window)
                Self.check(Scene(name: "fuzz", kind: .spring(scene)), mode: .linear, hz: hz, context: context)
            } catch {
                #expect(!error.description.contains("\n"), "\(context): \(error)")
            }
        }
    }
}
