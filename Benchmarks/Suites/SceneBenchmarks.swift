import BenchKit
import BezierKernels
import GSLReference
import Motion

/// The cost of one frame of each seed scene (docs/design.md §4): what a display link's tick computes.
///
/// - `scene/bee-frame`: both bees' positions at one frame time, in **paced** mode (constant
///   speed along the arc length: an inverse-arc-length lookup per bee, the costlier of the two
///   modes; linear mode is one curve evaluation). Frame times run over 4 s at 60 Hz, so both
///   passes and their restarts are visited. Reference `scene/bee-frame/gsl-brent`: the textbook
///   way to place a bee at an arc length, Brent's root finder on the parameter over GSL's
///   adaptive Gauss–Kronrod quadrature of |B'| (segment lengths tabulated once with QAGS, as the
///   kernel's `PathMeasure` tabulates its own).
/// - `scene/menu-frame`: one frame of the menu's show: the spring's presented value, the offset
///   and the wave path rebuilt from it, over the animation's 48 frames at 60 Hz. Reference
///   `scene/menu-frame/gsl-rk8pd`: the same frame with the spring integrated by GSL's adaptive
///   Runge–Kutta–Prince–Dormand 8(9) from one frame to the next (tolerances 1e-10), as a
///   display link driving an ODE would; the offset and the path are built the same way, so the
///   race is about the spring.
///
/// - `scene/lottie-frame`: every transform of a generated 300-layer Lottie file at one frame
///   (LottieBenchmarks.swift), against `scene/lottie-frame/no-tables`.
/// - `scene/file-100-layers` (SceneFileBenchmarks.swift) validates a generated scene file.
///
/// Each check compares the kernel's positions with the reference's at every frame before
/// anything is timed.
func sceneBenchmarks() throws -> [Benchmark] {
    try sceneBenchmarks(lottieRigs: 60, fileLayers: 100)
}

/// The scene benchmarks with a Lottie file of `lottieRigs` rigs and a scene file of `fileLayers`
/// layers (tests use small ones: a debug build reads the full files slowly).
func sceneBenchmarks(lottieRigs: Int, fileLayers: Int) throws -> [Benchmark] {
    [try beeFrameBenchmark(), try menuFrameBenchmark(), lottieFrameBenchmark(rigs: lottieRigs), try sceneFileBenchmark(layers: fileLayers)]
}

// MARK: Bee

private func beeFrameBenchmark() throws -> Benchmark {
    let motions = try [BeeFlight(bee: .one, sign: 1), BeeFlight(bee: .two, sign: 1)].map { try $0.motion(mode: .paced) }
    let times = (0..<240).map { Double($0) / 60 }
    let references = try motions.map { try PacedReference($0) }
    return Benchmark(
        "scene/bee-frame",
        unit: .nanoseconds(per: "frame"),
        workUnitsPerIteration: times.count,
        reference: Reference("scene/bee-frame/gsl-brent") { iterations in
            for _ in 0..<iterations {
                for t in times {
                    blackHole(mustSucceed("scene/bee-frame/gsl-brent") { try references[0].position(at: t) })
                    blackHole(mustSucceed("scene/bee-frame/gsl-brent") { try references[1].position(at: t) })
                }
            }
        },
        // Both place the bee to far better than a millionth of a point along the curve (the
        // kernel's accuracy is 1e-6 pt, the reference's ~1e-7): 1e-5 pt is a hundred-thousandth
        // of a point.
        check: Check(tolerance: 1e-5) {
            var worst = 0.0
            for t in times {
                for (motion, reference) in zip(motions, references) {
                    let d = motion.position(at: t) - (try reference.position(at: t))
                    worst = max(worst, (d * d).sum().squareRoot())
                }
            }
            return worst
        },
        // A frame places two bees: no heap allocation (asserted where allocations are counted).
        allocationFree: true
    ) { iterations in
        let first = motions[0], second = motions[1]
        for _ in 0..<iterations {
            for t in times {
                blackHole(first.position(at: t))
                blackHole(second.position(at: t))
            }
        }
    }
}

/// A paced path position the textbook way, with GSL: the arc length s = L·(cycle fraction),
/// the segment where it falls, then the parameter u with ∫₀ᵘ |B'(τ)| dτ = s − start by Brent's
/// method, each integral by adaptive Gauss–Kronrod (QAG, 21 points).
private final class PacedReference {
    let motion: PathMotion
    let starts: [Double]
    let lengths: [Double]
    let total: Double
    let integrator: GSLIntegrator
    let finder: GSLRootFinder

    init(_ motion: PathMotion) throws {
        self.motion = motion
        integrator = try GSLIntegrator()
        finder = try GSLRootFinder()
        var lengths: [Double] = []
        for segment in motion.segments {
            let result = try integrator.qags(from: 0, to: 1, absoluteTolerance: 1e-13, relativeTolerance: 1e-13) { u in
                segment.derivative(at: u).length
            }
            lengths.append(result.value)
        }
        self.lengths = lengths
        var running = 0.0
        starts = lengths.map { length in
            defer { running += length }
            return running
        }
        total = running
    }

    func position(at t: Double) throws -> SIMD2<Double> {
        let d = motion.duration
        let cycles = (t / d).rounded(.down)
        let fraction = min(max((t - cycles * d) / d, 0), 1)
        let s = fraction * total
        var index = starts.count - 1
        while index > 0, starts[index] > s { index -= 1 }
        let segment = motion.segments[index]
        let wanted = min(s - starts[index], lengths[index])
        let u = try finder.brent(lower: 0, upper: 1, absoluteTolerance: 1e-12) { u in
            guard u > 0 else { return -wanted }
            let arc = (try? self.integrator.qag(from: 0, to: u, absoluteTolerance: 1e-12, relativeTolerance: 1e-12) { x in
                segment.derivative(at: x).length
            }.value) ?? .nan
            return arc - wanted
        }
        return segment.point(at: u).simd
    }
}

// MARK: Menu

private func menuFrameBenchmark() throws -> Benchmark {
    let scene = try MenuBounce.scene(.show)
    guard let shape = scene.shape else { throw SceneBenchmarkError.menuWithoutShape }
    let frames = Int((MenuBounce.duration * 60).rounded())
    let times = (0..<frames).map { Double($0) / 60 }
    let reference = try SpringODEReference(scene)

    return Benchmark(
        "scene/menu-frame",
        unit: .nanoseconds(per: "frame"),
        workUnitsPerIteration: times.count,
        reference: Reference("scene/menu-frame/gsl-rk8pd") { iterations in
            for _ in 0..<iterations {
                mustSucceed("scene/menu-frame/gsl-rk8pd") { try reference.restart() }
                for t in times {
                    let presented = mustSucceed("scene/menu-frame/gsl-rk8pd") { try reference.presented(at: t) }
                    let raw = scene.target - presented
                    let offset = raw > 0 ? raw * scene.positiveOffsetScale : raw
                    blackHole((t, presented, offset, shape.path(offset: offset)))
                }
            }
        },
        // The closed form is exact to rounding; rk8pd at 1e-10 tolerances is within ~1e-8 pt.
        check: Check(tolerance: 1e-6) {
            try reference.restart()
            var worst = 0.0
            for t in times {
                let frame = scene.frame(at: t)
                worst = max(worst, abs(frame.presented - (try reference.presented(at: t))))
                guard frame.shape != nil else { return .nan }
            }
            return worst
        }
        // No allocation claim: a menu frame builds its wave's path (16 blocks per frame, as
        // `bench run` counts them).
    ) { iterations in
        for _ in 0..<iterations {
            for t in times { blackHole(scene.frame(at: t)) }
        }
    }
}

/// The menu spring m·x'' + c·x' + k·x = 0 (x the displacement from the target) integrated by
/// GSL's rk8pd driver from frame to frame.
private final class SpringODEReference {
    let scene: SpringScene
    let driver: GSLODEDriver
    var time = 0.0
    var state: [Double]

    init(_ scene: SpringScene) throws {
        self.scene = scene
        let spring = scene.motion.spring
        let stiffness = spring.stiffness / spring.mass
        let damping = spring.damping / spring.mass
        driver = try GSLODEDriver(
            stepper: .rk8pd, dimension: 2, initialStep: 1e-3, absoluteTolerance: 1e-10, relativeTolerance: 1e-10
        ) { _, y, dydt in
            dydt[0] = y[1]
            dydt[1] = -stiffness * y[0] - damping * y[1]
        }
        state = [scene.motion.initialPosition - scene.target, scene.motion.initialVelocity]
    }

    /// Back to t = 0 and the initial state, the driver's step history forgotten.
    func restart() throws {
        try driver.reset()
        time = 0
        state = [scene.motion.initialPosition - scene.target, scene.motion.initialVelocity]
    }

    /// The presented value at `t` (≥ the previous call's time).
    func presented(at t: Double) throws -> Double {
        if t > time { try driver.apply(t: &time, until: t, state: &state) }
        return scene.target + state[0]
    }
}

/// A scene benchmark whose inputs went wrong.
enum SceneBenchmarkError: Error, CustomStringConvertible {
    /// The menu's show scene came without its wave shape: nothing to rebuild per frame.
    case menuWithoutShape

    var description: String {
        switch self {
        case .menuWithoutShape: "the menu scene has no shape"
        }
    }
}
