@testable import BenchmarkSuites
import BenchKit
import Motion
import SceneFile
import Testing

/// The scene benchmarks' definitions and checks (never their times: those are `bench run`'s).
@Suite struct SceneBenchmarkTests {
    @Test func namesAndReferencesAreStable() throws {
        let benchmarks = try sceneBenchmarks()
        #expect(benchmarks.map(\.name) == ["scene/bee-frame", "scene/menu-frame", "scene/file-100-layers"])
        #expect(benchmarks.map { $0.reference?.name } == ["scene/bee-frame/gsl-brent", "scene/menu-frame/gsl-rk8pd", "scene/file-100-layers/built-in"])
        #expect(benchmarks.prefix(2).allSatisfy { $0.unit.workUnit == "frame" && $0.workUnitsPerIteration > 1 })
        #expect(benchmarks[2].unit.workUnit == "file")
    }

    /// The frame benchmarks, and the file benchmark on 4 layers (the same code as on 100, in a
    /// fraction of a debug build's time).
    static func quick() throws -> [Benchmark] {
        try Array(sceneBenchmarks().prefix(2)) + [sceneFileBenchmark(layers: 4)]
    }

    @Test func kernelAgreesWithItsReferenceBeforeTiming() throws {
        for benchmark in try Self.quick() {
            let check = try #require(benchmark.check)
            let error = try check.maxError()
            #expect(error.isFinite, "\(benchmark.name)")
            #expect(error <= check.tolerance, "\(benchmark.name): \(error) > \(check.tolerance)")
        }
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
