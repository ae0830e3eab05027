@testable import BenchmarkSuites
import JSONDocument
import Lottie
import Testing

/// The scene benchmarks' definitions and checks (never their times: those are `bench run`'s).
@Suite struct SceneBenchmarkTests {
    @Test func namesAndReferencesAreStable() throws {
        let benchmarks = try sceneBenchmarks(lottieRigs: 2)
        #expect(benchmarks.map(\.name) == ["scene/bee-frame", "scene/menu-frame", "scene/lottie-frame"])
        #expect(
            benchmarks.map { $0.reference?.name }
                == ["scene/bee-frame/gsl-brent", "scene/menu-frame/gsl-rk8pd", "scene/lottie-frame/no-tables"])
        #expect(benchmarks.allSatisfy { $0.unit.workUnit == "frame" && $0.workUnitsPerIteration > 1 })
    }

    @Test func kernelAgreesWithItsReferenceBeforeTiming() throws {
        for benchmark in try sceneBenchmarks(lottieRigs: 2) {
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
        for benchmark in try sceneBenchmarks(lottieRigs: 2) {
            benchmark.body(1)
            benchmark.reference?.body(1)
        }
    }
}
