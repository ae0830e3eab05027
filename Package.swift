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
        .library(name: "BenchKit", targets: ["BenchKit"]),
    ],
    targets: [
        // GNU GSL through pkg-config; scripts/setup.sh installs it on Debian.
        .systemLibrary(
            name: "CGSL",
            pkgConfig: "gsl",
            providers: [.apt(["libgsl-dev"])]
        ),
        .target(name: "BezierKernels"),
        .target(name: "SpringSolver"),
        // The only module that calls GSL.
        .target(name: "GSLReference", dependencies: ["CGSL"]),
        .target(name: "Motion", dependencies: ["BezierKernels", "SpringSolver"]),
        .target(name: "TerminalPlot"),
        .target(name: "BenchKit"),
        // Commands, argument parsing and benchmark suites; `bench` only calls into it.
        .target(
            name: "BenchCLI",
            dependencies: ["BezierKernels", "SpringSolver", "GSLReference", "Motion", "TerminalPlot", "BenchKit"]
        ),
        .executableTarget(name: "bench", dependencies: ["BenchCLI"]),

        .testTarget(name: "BezierKernelsTests", dependencies: ["BezierKernels", "GSLReference"]),
        .testTarget(name: "SpringSolverTests", dependencies: ["SpringSolver", "GSLReference"]),
        .testTarget(name: "GSLReferenceTests", dependencies: ["GSLReference"]),
        .testTarget(name: "MotionTests", dependencies: ["Motion", "BezierKernels", "SpringSolver"]),
        .testTarget(name: "TerminalPlotTests", dependencies: ["TerminalPlot"]),
        .testTarget(name: "BenchKitTests", dependencies: ["BenchKit"]),
        // Golden/: recorded outputs the golden test reads at run time, not sources.
        .testTarget(name: "BenchCLITests", dependencies: ["BenchCLI", "bench"], exclude: ["Golden"]),
        // The example on each library's DocC page (Sources/X/X.docc/X.md), compiled and run.
        .testTarget(
            name: "DocumentationTests",
            dependencies: ["BezierKernels", "SpringSolver", "Motion", "TerminalPlot", "BenchKit"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
