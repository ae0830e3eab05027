// swift-tools-version: 6.0
// Flightline: a headless physics and curve benchmarking harness (see README.md).
import PackageDescription

let package = Package(
    name: "Flightline",
    products: [
        .executable(name: "bench", targets: ["bench"]),
        .library(name: "BezierKernels", targets: ["BezierKernels"]),
        .library(name: "SpringSolver", targets: ["SpringSolver"]),
        .library(name: "Motion", targets: ["Motion"]),
        .library(name: "TerminalPlot", targets: ["TerminalPlot"]),
        .library(name: "SVGPlot", targets: ["SVGPlot"]),
        .library(name: "BenchKit", targets: ["BenchKit"]),
        .library(name: "Studies", targets: ["Studies"]),
        .library(name: "JSONDocument", targets: ["JSONDocument"]),
        .library(name: "SceneFile", targets: ["SceneFile"]),
        .library(name: "Lottie", targets: ["Lottie"]),
    ],
    targets: [
        // GNU GSL through pkg-config; scripts/setup.sh installs it on Debian.
        .systemLibrary(
            name: "CGSL",
            pkgConfig: "gsl",
            providers: [.apt(["libgsl-dev"])]
        ),
        // Samsung rlottie through pkg-config; scripts/setup.sh installs it on Debian
        // (librlottie-dev), like GSL.
        .systemLibrary(
            name: "CRlottie",
            pkgConfig: "rlottie",
            providers: [.apt(["librlottie-dev"])]
        ),
        .target(name: "BezierKernels"),
        // The plain-C floor the spring kernels are raced against (`…/c` references): closed form
        // with the C library's exp and sincos, and the exact 2 x 2 step, at -O2.
        .target(name: "CSpringFloor", cSettings: [.unsafeFlags(["-O2"])], linkerSettings: [.linkedLibrary("m")]),
        .target(name: "SpringSolver"),
        // The only module that calls GSL.
        .target(name: "GSLReference", dependencies: ["CGSL"]),
        .target(name: "Motion", dependencies: ["BezierKernels", "SpringSolver", "JSONDocument"]),
        .target(name: "TerminalPlot"),
        // The same plot description as SVG: charts for files, pages and pull requests.
        .target(name: "SVGPlot", dependencies: ["TerminalPlot"]),
        // perf_event_open(2) for hardware counters (Swift cannot call the variadic syscall(2)),
        // and the allocation-counting malloc shim; BenchKit only.
        .target(name: "CPerfEvent"),
        .target(name: "CAllocationCounter"),
        .target(name: "BenchKit", dependencies: ["CPerfEvent", "CAllocationCounter"]),
        // A strict JSON reader whose values know their JSON path and line: scene files, Lottie
        // files and traces say exactly which value is wrong.
        .target(name: "JSONDocument"),
        // Scene files (flightline.scene/1): layers of Core Animation keyframe, basic and spring
        // animations read with JSON paths in every error, compiled to Motion scenes.
        .target(name: "SceneFile", dependencies: ["Motion", "BezierKernels", "SpringSolver", "JSONDocument"]),
        // Lottie files (Bodymovin JSON, Lottie 1.0) read into timelines: layers' and shape groups'
        // world position, rotation, scale and opacity, with exact joins at keyframes.
        .target(name: "Lottie", dependencies: ["Motion", "BezierKernels", "JSONDocument"]),
        // The only module that calls rlottie: the second Lottie player, and Flightline's
        // evaluation compared with it frame by frame.
        .target(name: "RlottieReference", dependencies: ["CRlottie", "Lottie", "JSONDocument"]),
        // Studies that need GSL beside the kernels (the integrator comparison); they return values.
        .target(name: "Studies", dependencies: ["SpringSolver", "GSLReference", "Motion", "BenchKit"]),
        // Every benchmark `bench run` knows, registered with BenchKit (package-benchmark keeps its
        // benchmark targets in Benchmarks/ too). Benchmarks/baselines is outside the target's path.
        .target(
            name: "BenchmarkSuites",
            dependencies: ["BezierKernels", "SpringSolver", "Motion", "GSLReference", "Studies", "TerminalPlot", "BenchKit", "Lottie", "SceneFile", "CSpringFloor"],
            path: "Benchmarks/Suites"
        ),
        // Commands, argument parsing, tables, plots of results, JSON; `bench` only calls into it.
        .target(
            name: "BenchCLI",
            dependencies: ["BezierKernels", "SpringSolver", "Motion", "TerminalPlot", "SVGPlot", "BenchKit", "Studies", "BenchmarkSuites", "SceneFile", "JSONDocument", "Lottie", "RlottieReference"]
        ),
        .executableTarget(name: "bench", dependencies: ["BenchCLI"]),

        .testTarget(name: "BezierKernelsTests", dependencies: ["BezierKernels", "GSLReference"]),
        .testTarget(name: "SpringSolverTests", dependencies: ["SpringSolver", "GSLReference", "BenchKit"]),
        .testTarget(name: "GSLReferenceTests", dependencies: ["GSLReference"]),
        .testTarget(name: "MotionTests", dependencies: ["Motion", "BezierKernels", "SpringSolver", "BenchKit"]),
        .testTarget(name: "TerminalPlotTests", dependencies: ["TerminalPlot"]),
        .testTarget(name: "SVGPlotTests", dependencies: ["SVGPlot", "TerminalPlot"]),
        .testTarget(name: "BenchKitTests", dependencies: ["BenchKit"]),
        .testTarget(name: "JSONDocumentTests", dependencies: ["JSONDocument"]),
        .testTarget(name: "SceneFileTests", dependencies: ["SceneFile", "Motion", "BezierKernels", "SpringSolver", "JSONDocument"]),
        // Fixtures/: small Lottie files written by hand for the tests, read at run time.
        .testTarget(
            name: "LottieTests", dependencies: ["Lottie", "Motion", "BezierKernels", "JSONDocument"], exclude: ["Fixtures"]),
        // Fixtures/: Lottie files written by hand, each showing one of rlottie's known shortcuts.
        .testTarget(
            name: "RlottieReferenceTests", dependencies: ["RlottieReference", "Lottie", "JSONDocument", "BezierKernels"], exclude: ["Fixtures"]),
        .testTarget(name: "StudiesTests", dependencies: ["Studies", "SpringSolver", "GSLReference", "BenchKit"]),
        .testTarget(
            name: "BenchmarkSuitesTests",
            dependencies: ["BenchmarkSuites", "Studies", "BezierKernels", "SpringSolver", "GSLReference", "BenchKit", "Lottie", "JSONDocument", "Motion", "SceneFile", "CSpringFloor"]
        ),
        // Golden/: recorded outputs the golden test reads at run time, not sources.
        .testTarget(name: "BenchCLITests", dependencies: ["BenchCLI", "bench", "Studies", "BenchmarkSuites", "Motion", "SceneFile", "Lottie", "BezierKernels", "RlottieReference"], exclude: ["Golden"]),
        // The example on each library's DocC page (Sources/X/X.docc/X.md), compiled and run.
        .testTarget(
            name: "DocumentationTests",
            dependencies: ["BezierKernels", "SpringSolver", "Motion", "TerminalPlot", "SVGPlot", "BenchKit", "Studies", "JSONDocument", "SceneFile", "Lottie"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
