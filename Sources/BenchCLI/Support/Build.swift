import BenchKit
import BenchmarkSuites

/// "release" or "debug": only a release build may report times (docs/design.md §4). SwiftPM defines
/// `DEBUG` for every target of a debug build.
#if DEBUG
let buildConfiguration = "debug"
#else
let buildConfiguration = "release"
#endif

var gslVersionString: String { FlightlineSuites.gslVersion }

/// `release build for x86-64-v4`, `release build` (baseline), `debug build`: the configuration
/// and, where `scripts/bench.sh` built for this machine's instruction set, that level.
var buildSummary: String {
    let target = BuildDescription.targetCPU
    return "\(buildConfiguration) build" + (target == "baseline" ? "" : " for \(target)")
}
