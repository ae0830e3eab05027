@testable import BenchmarkSuites
import BenchKit
import JSONDocument
import Lottie
import Motion
import SceneFile
import Testing

/// The scene benchmarks' definitions and checks (never their times: those are `bench run`'s).
@Suite struct SceneBenchmarkTests {
    @Test func namesAndReferencesAreStable() throws {
        let benchmarks = try sceneBenchmarks(lottieRigs: 2, fileLayers: 100)
        #expect(benchmarks.map(\.name) == ["scene/bee-frame", "scene/menu-frame", "scene/lottie-frame", "scene/file-100-layers"])
        #expect(
            benchmarks.map { $0.reference?.name }
                == ["scene/bee-frame/gsl-brent", "scene/menu-frame/gsl-rk8pd", "scene/lottie-frame/no-tables", "scene/file-100-layers/built-in"])
        #expect(benchmarks.prefix(3).allSatisfy { $0.unit.workUnit == "frame" && $0.workUnitsPerIteration > 1 })
        #expect(benchmarks[3].unit.workUnit == "file")
    }

    /// The benchmarks on a 2-rig Lottie file and a 4-layer scene file (the same code as on the
    /// full ones, in a fraction of a debug build's time).
    static func quick() throws -> [Benchmark] {
        try sceneBenchmarks(lottieRigs: 2, fileLayers: 4)
    }

    @Test func kernelAgreesWithItsReferenceBeforeTiming() throws {
        for benchmark in try Self.quick() {
            let check = try #require(benchmark.check)
            let error = try check.maxError()
            #expect(error.isFinite, "\(benchmark.name)")
            #expect(error <= check.tolerance, "\(benchmark.name): \(error) > \(check.tolerance)")
        }
    }

    /// The generated file has hundreds of animated layers (read as JSON only: a debug build
    /// measures its 600 spatial segments slowly), and every object of a small one moves.
    @Test func lottieFileHasHundredsOfAnimatedLayers() throws {
        var root = try JSONParser.parse(lottieBenchmarkFile()).object()
        let layers = try root.required("layers").array()
        #expect(layers.count == 300)
        let animated = try layers.filter { layer in
            var object = try layer.object()
            var transform = try object.required("ks").object()
            var position = try transform.required("p").object()
            return try position.required("a").integer() == 1
        }
        #expect(animated.count == 300)
        let motion = try LottieAnimation(bytes: Array(lottieBenchmarkFile(rigs: 2).utf8)).motion()
        #expect(motion.objects.count == 16)  // 8 shape layers and their 8 groups (the 2 rigs are nulls)
        #expect(motion.stills.isEmpty)
        #expect(LottieFrameEvaluator(motion.animation).count == 18)
    }

    @Test func bodiesRunOnce() throws {
        for benchmark in try Self.quick() {
            benchmark.body(1)
            benchmark.reference?.body(1)
        }
    }

    /// The generated file is read as the 4 layers it names, each a path scene in its mode, and a
    /// file whose layers differ from the built-in scenes fails the check.
    @Test func generatedFileCompilesToTheBuiltInPathScenes() throws {
        let spec = GeneratedSceneFile(layers: 4)
        let scenes = try SceneFile(text: try spec.text()).scenes
        #expect(scenes.map(\.name) == ["bee0/position", "bee1/position", "bee2/position", "bee3/position"])
        #expect(scenes.map(\.fixedMode) == [.linear, .paced, .linear, .paced])
        let reports = try [60.0, 120].map { try Validation.validate(scenes[1], mode: .paced, hz: $0) }
        let builtIn = try spec.builtInScenes()[1]
        #expect(reports.map(\.metrics) == (try [60.0, 120].map { try Validation.validate(builtIn.0, mode: builtIn.1, hz: $0).metrics }))
    }
}
