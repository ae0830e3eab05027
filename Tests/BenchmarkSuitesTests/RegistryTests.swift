import BenchKit
import BenchmarkSuites
import Testing

/// `bench run` and `bench list` find the suites through BenchKit's registry: subjects and
/// benchmark names in their stable order (the golden `bench list` holds the same order).
@Suite struct RegistryTests {
    @Test func subjectsAndNamesInTheirStableOrder() throws {
        #expect(FlightlineSuites.registry.subjects == ["curves", "springs", "scenes", "swarm", "plots", "traces"])
        let names = try FlightlineSuites.registry.benchmarks().map(\.name)
        #expect(names == [
            "arclen/quadratic", "arclen/cubic", "arclen/cubic-random", "arclen/cubic-inverse",
            "pathmeasure/position", "pathmeasure/build", "pathmeasure/build-random", "eval/cubic-batch",
            "spring/closed-form", "spring/closed-form-vs-c", "spring/exact-step", "spring/exact-step-serial", "spring/rk4-step",
            "spring/rk4-step-serial", "spring/dopri54",
            "scene/bee-frame", "scene/menu-frame", "scene/lottie-frame", "scene/file-100-layers",
            "swarm/paced-bees", "swarm/paced-bees-1core", "swarm/paced-bees-hinted", "swarm/memory-floor",
            "plot/braille-10k",
            "validate/trace-10k",
        ])
        #expect(Set(names).count == names.count)
    }
}
