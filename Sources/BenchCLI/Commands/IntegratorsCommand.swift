import BenchKit
import Motion
import SpringSolver
import Studies
import TerminalPlot

/// `bench integrators`: issue 5's integrator comparison (the study is Studies'
/// ``IntegratorComparison``; the wording is Support/IntegratorReport).
///
/// `--duration` is the simulated span here (docs/design.md §2), so SwiftUI's `--duration`/`--bounce`
/// spring form is not accepted by this command: give that spring as `--response S
/// --damping-fraction Z` (the same spring when bounce ≥ 0: response = duration, ζ = 1 − bounce).
let integratorsCommand: Command = Command(
    name: "integrators",
    synopsis: "[spring options] [--hz 60,120] [--substeps 1,2,4] [--duration S] [--json FILE] [--engines [--seed N] [--clock CLOCK] [--browser NAME]] | --system NAME [--hz R,…] [--json FILE]",
    summary: "compare every integrator against the exact spring motion",
    details: """
    For each spring × rate × substep count: SpringSolver's integrators (explicit-euler,
    semi-implicit-euler, velocity-verlet, rk4, implicit-euler, trapezoidal, exact; dopri54
    adaptive) and GSL's steppers (gsl-rk4 raw fixed steps; gsl-rkf45, gsl-rkck, gsl-rk8pd
    adaptive; gsl-bsimp, gsl-msbdf with the exact Jacobian), each against the exact motion at
    the frame times: max and rms position error (pt), stability, the one-step spectral radius,
    the damping ratio and frequency the method really simulates, energy drift, settle time,
    right-hand-side evaluations, floating-point operations per frame (fixed-step methods,
    counted from their code) and (release builds only) ns per step and per frame.
    The recommendation under each table ranks SpringSolver's fixed-step methods that stay
    within 0.5 pt of the exact motion by operations per frame — a cost that is the same on
    every run and machine; equal counts are a tie — never by the measured times, which are
    information only (mostly the harness's per-frame overhead).
    Adaptive methods run in one-solve mode (dopri54 samples frames by dense output, GSL's driver
    stops at each frame time) and frame-locked mode (restarted every frame), at
    rtol = atol = 1e-6; they choose their own steps, so they appear once per rate (substeps 1).
    Then a work-precision table and log-log plot at the first rate, and dopri54 against GSL's
    rkck and rkf45 in one solve at rtol 1e-9: at equal tolerance and at matched error, with
    one step of each measured against the exact motion to show why the counts fall as they do.

    Exit 3 when a GSL reference fails on a spring the options accepted (its row or study
    entry says why, one line per failure on stderr; the rest of the report is complete).

    Default springs: the menu's show spring (UIKit 0.8 s, damping ratio 0.6, initial velocity
    0.6, 667 → 459 pt), a stiff bouncy one (ζ 0.15, ω₀ 2π/0.2 s) and a very stiff one
    (ζ 0.15, ω₀ 2π/0.05 s) on the same motion; --from/--to/--velocity move all three. With
    spring options, only that spring. --duration is the simulated span (default 1.5 × the
    exact settle time, 2 s to 60 s; at most 60 s), so SwiftUI's --duration/--bounce form is not available
    here: use --response S --damping-fraction Z (the same spring for bounce ≥ 0).

    --engines instead advances the spring the way common engines do, as their sources run it,
    every frame delivered under vsync and each load of 'bench validate --frames' (seeded by
    --load-seed), each callback reading the frame's --clock time (target by default, timestamp or
    now) through the engine's own timer, and compares what each shows with the closed form at
    the frame's presentation: closed-form (Core Animation, Framer Motion, Android
    SpringAnimation), react-spring (performance.now() at the --browser's resolution, dt capped
    at 64 ms, 16.667 ms on the first frame, ceil(dt) 1 ms semi-implicit Euler steps), rebound
    (0.1.0: Date.now() whole ms, 1 ms first frame, 1 ms RK4 steps with the interpolated state
    written back, elapsed time clamped to 64 ms), rebound-master (the same on performance.now()),
    compose (whole-ms Long play time, Float spring) and naive-1/60 (adds 1/60 s per tick). Per
    engine × rate × delivery: the largest on-screen error, the time dilation (a rate) and the
    lag (a constant, ms; negative = ahead), both from the least-squares line through the times
    the shown states stand for, and the settle-time shift; JSON flightline.engines/1. Only the
    first spring (the menu's by default). --browser: chrome (100 µs, the default),
    chrome-isolated (5 µs), firefox (1 ms), safari (1 ms) or ideal (exact, fractional times).

    --system NAME instead runs a nonlinear motion with no closed form against GSL (issue 24.4):
    drag-spring (quadratic air drag), pendulum (a badge on a pin from 60°), duffing (a
    hardening spring) or chain (8 masses on stiff springs following a pointer). Each fixed-step
    method (explicit-euler, semi-implicit-euler, velocity-verlet, rk4, and implicit-euler and
    trapezoidal by Newton's method with the system's Jacobian) at each --hz (default
    60,120,240), dopri54 and gsl-rkck over rtol 1e-3…1e-10, against GSL rk8pd at 1e-12 (msbdf
    for the chain): max error, energy error, the order on halving the step, evaluations, the
    work-precision plot and dopri54 against rkck at matched error; JSON flightline.systems/1.
    Only --hz and --json apply with --system.
    """,
    options: SpringOptions.specsWithMenuFallback.filter { $0.name != "duration" && $0.name != "bounce" } + [
        .numbers("hz", "R,…", "refresh rates, frames per second (default 60,120; at most 1000 with --engines, 4000 with --system)", in: NumberRange(atLeast: SceneSelection.minimumRate, atMost: IntegratorsRequest.maximumRate),
                 count: .atMost(IntegratorsRequest.maximumListLength, "rates")),
        .wholes("substeps", "N,…", "fixed-step substeps per frame (default 1)", in: 1...IntegratorsRequest.maximumSubsteps,
                 count: .atMost(IntegratorsRequest.maximumListLength, "counts")),
        .number("duration", "S", "simulated span in seconds (default 1.5 × the settle time, 2…60 s)", in: NumberRange(
            greaterThan: 0, atMost: IntegratorsRequest.maximumDuration,
            wording: "must be at most \(IntegratorsRequest.maximumDuration.formatted) s (the simulated span; the default's own cap)")),
        .json("flightline.integrators/1; flightline.engines/1 with --engines, flightline.systems/1 with --system", "the comparison"),
        .flag("engines", "compare engine schemes (react-spring, Rebound, Compose, …) under frame delivery instead"),
        .seed("load-seed", "with --engines: the seed of the load model's per-frame costs and callback delays (default 0)"),
        .seed("seed", "deprecated spelling of --load-seed, read this release with a note on stderr"),
        .choice("clock", "CLOCK", FrameClock.allCases.map(\.rawValue), "with --engines: the frame time each callback reads: target (default), timestamp or now"),
        .choice("browser", "NAME", BrowserTimer.allCases.map(\.rawValue), "with --engines: performance.now()'s resolution: chrome (default), chrome-isolated, firefox, safari, ideal"),
        .option("system", "NAME", "a nonlinear system against GSL instead: drag-spring, pendulum, duffing, chain"),
    ],
    positionalLimit: 0,
    rules: integratorsRules,
    validation: { arguments in
        // How fast a rate may be depends on what runs: engines deliver frames as a display
        // does; --system runs twice the rate too, with the reference stopping at every frame
        // of both (4000 Hz × 2 × 4 s keeps a run to seconds).
        let limit: (rate: Double, with: String)? = arguments.has("engines") ? (ValidateRequest.maximumRate, "--engines")
            : arguments.has("system") ? (4000, "--system") : nil
        if let limit, let tooFast = arguments.numbers("hz")?.first(where: { $0 > limit.rate }) {
            throw CLIError.usage("--hz must be at most \(limit.rate.formatted) with \(limit.with), got \(tooFast.formatted)", option: "hz", value: arguments.string("hz"))
        }
        try SpringOptions.validate(arguments)
    },
    run: { arguments, console in
        if arguments.has("system") { return try runSystem(arguments: arguments, console: console) }
        let request = try IntegratorsRequest(arguments)
        if arguments.has("engines") {
            return try runEngines(request, arguments: arguments, console: console)
        }
        let jsonToStdout = arguments.string("json") == "-"
        let configuration = IntegratorComparison.Configuration(
            rates: request.rates, substeps: request.substeps, duration: request.duration, measuresTime: isOptimizedBuild)
        let comparison = try studies { try IntegratorComparison.run(springs: request.springs, configuration: configuration) }
        if !jsonToStdout {
            // No size or colour flags here, so resolving cannot fail.
            let policy = try plotPolicy(for: console, width: nil, height: nil, color: nil)
            console.out(comparison.rendered(plotWidth: min(policy.width, 120), plotHeight: 20, usesColor: policy.usesColor))
        }
        if let destination = arguments.string("json") {
            try writeJSON(comparison.json(), to: destination, console: console)
        }
        // The report is complete either way; a failed GSL reference is exit 3 (docs/design.md §2).
        let failures = comparison.referenceFailures
        for failure in failures { console.err("bench: reference failed: \(failure)") }
        return failures.isEmpty ? .success : .referenceFailed
    }
)

/// What goes with what in `bench integrators`: `--system` takes only `--hz` and `--json`; the
/// engine options need `--engines`.
private let integratorsRules: [OptionRule] = {
    let springNames: [String] = SpringOptions.specsWithMenuFallback.map(\.name).filter { $0 != "bounce" }
    let notWithSystem: [String] = springNames + ["substeps", "duration", "engines", "load-seed", "seed", "clock", "browser"]
    var rules: [OptionRule] = [
        .excludes("system", notWithSystem, "{other} does not apply to --system (its parameters are fixed and stated in the output); only --hz and --json do")
    ]
    for option in ["load-seed", "seed", "clock", "browser"] {
        rules.append(.requires(option, anyOf: ["engines"], "--\(option) applies to --engines only"))
    }
    rules.append(.excludes("substeps", ["engines"], "--substeps does not apply to --engines: each engine steps as it does"))
    rules.append(.excludes("seed", ["load-seed"], "--seed is the deprecated spelling of --load-seed here; give --load-seed alone"))
    return rules + SpringOptions.rules
}()

/// `bench integrators --engines`: the engine schemes under frame delivery (Studies'
/// ``EngineClockStudy``), for the first spring.
private func runEngines(_ request: IntegratorsRequest, arguments: Arguments, console: Console) throws -> ExitCode {
    let clock = FrameClock(rawValue: try arguments.choice("clock", FrameClock.allCases.map(\.rawValue)) ?? "target")!
    let browser = BrowserTimer(rawValue: try arguments.choice("browser", BrowserTimer.allCases.map(\.rawValue)) ?? "chrome")!
    var notes: [String] = []
    let seed = try SceneSelection.loadSeed(arguments, usesLoad: true, notes: &notes) ?? 0
    let spring = request.springs[0]
    let rows: [EngineClockRow]
    do {
        rows = try EngineClockStudy.run(
            motion: spring.motion, rates: request.rates, span: request.duration.map { min($0, 60) }, seed: seed, clock: clock,
            browser: browser)
    } catch {
        throw CLIError.usage("--engines: \(error)")
    }
    // Deprecation notes once the command line is known good: bad usage stays one line.
    for note in notes { console.err("bench: " + note) }
    if arguments.string("json") != "-" { console.out(EngineReport.render(rows, spring: spring, seed: seed, clock: clock, browser: browser)) }
    if let destination = arguments.string("json") { try writeJSON(EngineReport.json(rows, spring: spring, seed: seed, clock: clock, browser: browser), to: destination, console: console) }
    return .success
}

/// `bench integrators --system NAME`: a nonlinear system against GSL (Studies' ``NonlinearStudy``).
private func runSystem(arguments: Arguments, console: Console) throws -> ExitCode {
    let names = NonlinearSystemName.allCases.map(\.rawValue)
    let text = arguments.string("system") ?? ""
    guard let name = NonlinearSystemName(rawValue: text) else {
        throw CLIError.usage("--system: unknown system '\(text)'; expected one of \(names.joined(separator: ", "))", option: "system", value: text, expected: names)
    }
    var configuration = NonlinearStudy.Configuration(measuresTime: isOptimizedBuild)
    if let rates = arguments.numbers("hz") {
        // At most 8 rates (the option's kind), each at most 4000 Hz (the command's validation).
        configuration.rates = rates
    }
    let study: NonlinearStudy
    do {
        study = try NonlinearStudy.run(name, configuration: configuration)
    } catch {
        throw CLIError(.referenceFailed, "--system \(name.rawValue): the GSL reference failed: \(error)")
    }
    if arguments.string("json") != "-" {
        let policy = try plotPolicy(for: console, width: nil, height: nil, color: nil)
        console.out(study.rendered(plotWidth: min(policy.width, 120), plotHeight: 20, usesColor: policy.usesColor))
    }
    if let destination = arguments.string("json") { try writeJSON(study.json(), to: destination, console: console) }
    return .success
}

/// The parsed and validated options of `bench integrators`.
struct IntegratorsRequest {
    var springs: [ComparedSpring]
    var rates: [Double]
    var substeps: [Int]
    var duration: Double?

    /// Limits that keep a run to seconds, not hours.
    static let maximumRate = 100_000.0
    static let maximumSubsteps = 1024
    /// At most this many rates and substep counts: each multiplies the whole table.
    static let maximumListLength = 8
    /// The longest simulated span, seconds: 60 s, the default's own cap
    /// (``IntegratorComparisonRunner/defaultDuration(for:)``). The whole comparison (every
    /// method, the work-precision sweep, the 5.5 × longer adaptive study) runs over it: 61 s
    /// took 8 s in a release build.
    static let maximumDuration = 60.0
    /// Frames per run (each run keeps its frames: 32 bytes each).
    static let maximumFrames = 1_000_000.0
    /// Estimated steps of the whole run (``IntegratorComparisonRunner/estimatedSteps``): about
    /// 10 s in a release build at a few tens of ns per step.
    static let maximumWork = 200_000_000.0

    init(_ arguments: Arguments) throws {
        // Each rate, count and the duration are within their ranges, and the lists within
        // their lengths (the option table).
        rates = arguments.numbers("hz") ?? [60, 120]
        substeps = arguments.wholes("substeps") ?? [1]
        duration = arguments.number("duration")
        if let request = try SpringOptions.request(from: arguments, ignoring: ["duration"]) {
            let values = request.parameters.namedValues.sorted { $0.key < $1.key }
                .map { "--\($0.key) \(significant($0.value, 6))" }.joined(separator: " ")
            springs = [ComparedSpring(name: "user", summary: "\(request.parameters.vocabulary.rawValue): \(values)",
                                      motion: request.motion, notes: request.notes)]
        } else {
            let mapping = try SpringOptions.mapping(from: arguments)
            let base = try DefaultMotion.motion(of: try DefaultMotion.menuSpring(mapping: mapping), arguments: arguments)
            springs = try studies { try ComparedSpring.defaults(base: base) }
        }
        // Energies, errors and the divergence test (energy above 100 × the initial one) must be
        // finite numbers: refuse a motion whose energy ½kx² + ½mv² overflows, naming it.
        for spring in springs {
            let motion = spring.motion
            let energy = motion.spring.energy(of: motion.initialState)
            guard (energy * FrameStepper<Double>.divergenceEnergyFactor).isFinite else {
                throw CLIError.usage("--from \(compact(motion.initialPosition)) --to \(compact(motion.target)) --velocity \(compact(motion.initialVelocity + 0)) "
                    + "is too large a motion for \(spring.name == "user" ? "this spring" : "the \(spring.name) spring"): 100 × its energy ½kx² + ½mv² "
                    + "overflows the largest finite number (1.8e308), and the comparison measures energy; scale the motion down")
            }
        }
        let spans = springs.map { duration ?? IntegratorComparisonRunner.defaultDuration(for: $0.motion) }
        let shortest = spans.min() ?? 0, longest = spans.max() ?? 0
        let slowest = rates.min() ?? 0, fastest = rates.max() ?? 0
        if IntegratorComparisonRunner.frameCount(span: shortest, hz: slowest) < 1 {
            throw CLIError.usage("--duration × --hz must give at least one frame, got \(significant(shortest)) s × \(slowest.formatted) Hz")
        }
        let frames = longest * fastest
        guard frames <= Self.maximumFrames else {
            throw CLIError.usage("--duration × --hz asks for \(countText(frames)) frames per run; at most \(significant(Self.maximumFrames)) are allowed")
        }
        let work = IntegratorComparisonRunner.estimatedSteps(
            springs: springs.map(\.motion.spring), spans: spans, rates: rates, substeps: substeps, measureTime: isOptimizedBuild)
        guard work <= Self.maximumWork else {
            guard work.isFinite else {
                throw CLIError.usage("this comparison needs more steps than a double can count (the spring's fastest rate is beyond any step size); at most \(significant(Self.maximumWork, 2)) are allowed: give a slower spring")
            }
            throw CLIError.usage("this comparison needs about \(significant(work, 2)) steps (springs × rates × substeps, the work-precision sweep, the adaptive study and timing repeats); at most \(significant(Self.maximumWork, 2)) are allowed: lower --duration, --hz or --substeps")
        }
    }
}
