import BenchmarkSuites

/// "release" or "debug": only a release build may report times (DESIGN §6). SwiftPM defines
/// `DEBUG` for every target of a debug build.
#if DEBUG
let buildConfiguration = "debug"
#else
let buildConfiguration = "release"
#endif

var gslVersionString: String { FlightlineSuites.gslVersion }
