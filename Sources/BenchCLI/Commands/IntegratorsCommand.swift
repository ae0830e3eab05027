import BenchKit
import SpringSolver
import TerminalPlot

/// `bench integrators`: issue 5's integrator comparison (logic in Support/IntegratorComparison).
///
/// `--duration` is the simulated span here (DESIGN §4), so SwiftUI's `--duration`/`--bounce`
/// spring form is not accepted by this command: give that spring as `--response S
/// --damping-fraction Z` (the same spring when bounce ≥ 0: response = duration, ζ = 1 − bounce).
let integratorsCommand = Command(
    name: "integrators",
    synopsis: "[spring options] [--hz 60,120] [--substeps 1,2,4] [--duration S] [--json FILE]",
    summary: "compare every integrator against the exact spring motion",
    details: """
    For each spring × rate × substep count: SpringSolver's integrators (explicit-euler,
    semi-implicit-euler, velocity-verlet, rk4, implicit-euler, trapezoidal, exact; dopri54
    adaptive) and GSL's steppers (gsl-rk4 raw fixed steps; gsl-rkf45, gsl-rkck, gsl-rk8pd
    adaptive; gsl-bsimp, gsl-msbdf with the exact Jacobian), each against the exact motion at
    the frame times: max and rms position error (pt), stability, the one-step spectral radius,
    the damping ratio and frequency the method really simulates, energy drift, settle time,
    right-hand-side evaluations and (release builds only) ns per step and per frame.
    Adaptive methods run in one-solve mode (dopri54 samples frames by dense output, GSL's driver
    stops at each frame time) and frame-locked mode (restarted every frame), at
    rtol = atol = 1e-6; they choose their own steps, so they appear once per rate (substeps 1).
    Then a work-precision table and log-log plot at the first rate, and dopri54 against GSL's
    rkck and rkf45 in one solve at rtol 1e-9: at equal tolerance and at matched error.

    Default springs: the menu's show spring (UIKit 0.8 s, damping ratio 0.6, initial velocity
    0.6, 667 → 459 pt), a stiff bouncy one (ζ 0.15, ω₀ 2π/0.2 s) and a very stiff one
    (ζ 0.15, ω₀ 2π/0.05 s) on the same motion; --from/--to/--velocity move all three. With
    spring options, only that spring. --duration is the simulated span (default 1.5 × the
    exact settle time, 2 s to 60 s), so SwiftUI's --duration/--bounce form is not available
    here: use --response S --damping-fraction Z (the same spring for bounce ≥ 0).
    """,
    options: SpringOptions.specs.filter { $0.name != "duration" && $0.name != "bounce" } + [
        .option("hz", "HZ,…", "refresh rates (default 60,120)"),
        .option("substeps", "N,…", "fixed-step substeps per frame (default 1)"),
        .option("duration", "S", "simulated span in seconds (default 1.5 × the settle time, 2…60 s)"),
        .option("json", "FILE", "write flightline.integrators/1 JSON; '-' for stdout"),
    ],
    run: { arguments, console in
        try arguments.requirePositionals(atMost: 0, command: "integrators")
        let request = try IntegratorsRequest(arguments)
        let jsonToStdout = arguments.string("json") == "-"
        let comparison = try IntegratorComparisonRunner.run(
            springs: request.springs, rates: request.rates, substeps: request.substeps, duration: request.duration,
            measureTime: isOptimizedBuild)
        if !jsonToStdout {
            // No size or colour flags here, so resolving cannot fail.
            let policy = try plotPolicy(for: console, width: nil, height: nil, color: nil)
            console.out(comparison.rendered(plotWidth: min(policy.width, 120), plotHeight: 20, usesColor: policy.usesColor))
        }
        if let destination = arguments.string("json") {
            try writeJSON(comparison.json(), to: destination, console: console)
        }
        return .success
    }
)

/// The parsed and validated options of `bench integrators`.
struct IntegratorsRequest {
    var springs: [ComparedSpring]
    var rates: [Double]
    var substeps: [Int]
    var duration: Double?

    /// Limits that keep a run to seconds, not hours: frames per run and fixed steps per run.
    static let maximumRate = 100_000.0
    static let maximumSubsteps = 1024
    static let maximumSteps = 10_000_000.0

    init(_ arguments: Arguments) throws {
        rates = try arguments.doubles("hz", atLeast: SceneSelection.minimumRate) ?? [60, 120]
        for rate in rates where rate > Self.maximumRate {
            throw CLIError.usage("--hz must be at most \(Self.maximumRate.formatted), got \(rate.formatted)")
        }
        substeps = [1]
        if let text = arguments.string("substeps") {
            substeps = try text.split(separator: ",", omittingEmptySubsequences: false).map { part in
                guard let value = Int(part), (1...Self.maximumSubsteps).contains(value) else {
                    throw CLIError.usage("--substeps expects whole numbers from 1 to \(Self.maximumSubsteps), got '\(part)'")
                }
                return value
            }
        }
        duration = try arguments.double("duration", greaterThan: 0)
        if let request = try SpringOptions.request(from: arguments, ignoring: ["duration"]) {
            let values = request.parameters.namedValues.sorted { $0.key < $1.key }
                .map { "--\($0.key) \(significant($0.value, 6))" }.joined(separator: " ")
            springs = [ComparedSpring(name: "user", summary: "\(request.parameters.vocabulary.rawValue): \(values)",
                                      motion: request.motion, notes: request.notes)]
        } else {
            let mapping = try DefaultMotion.mapping(in: arguments)
            let base = try DefaultMotion.motion(of: try DefaultMotion.menuSpring(mapping: mapping), arguments: arguments)
            springs = try ComparedSpring.defaults(base: base)
        }
        let longest = (duration ?? 60) * (rates.max() ?? 0) * Double(substeps.max() ?? 1)
        guard longest <= Self.maximumSteps else {
            throw CLIError.usage("--duration × --hz × --substeps asks for \(significant(longest)) steps per run; at most \(significant(Self.maximumSteps)) are allowed")
        }
    }
}
