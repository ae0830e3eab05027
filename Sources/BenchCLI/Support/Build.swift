import BenchmarkSuites

/// "release" or "debug": only a release build may report times (docs/design.md §4). SwiftPM defines
/// `DEBUG` for every target of a debug build.
#if DEBUG
let buildConfiguration = "debug"
#else
let buildConfiguration = "release"
#endif

var gslVersionString: String { FlightlineSuites.gslVersion }
