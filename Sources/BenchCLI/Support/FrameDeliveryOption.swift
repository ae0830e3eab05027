import BenchKit
import Foundation
import Motion

/// `bench validate`'s frame delivery: `--frames`, `--clock`, the platforms' thresholds, and the
/// traces read (`--trace`, `--frames trace:FILE`) and written (`--trace-out`).
enum FrameDeliveryOption {
    static let specs: [OptionSpec] = [
        .option("frames", "MODEL", "how frames reach the display: ideal (default), vsync, load:NAME[,depth=2], vrr:RATES[,load=NAME][,depth=2], trace:FILE"),
        .choice("clock", "CLOCK", FrameClock.allCases.map(\.rawValue), "the time the animation is sampled at: target (default), timestamp or now"),
        SceneSelection.loadSeedSpec,
        .trace,
        .option("trace-out", "FILE", "write Chrome Trace Event JSON of the frames (opens in ui.perfetto.dev and chrome://tracing)"),
        .numbers("hitch-grades", "W,C", "XCTest's (and the 2020 Organizer's) hitch time ratio grades, ms/s: warning above W, critical from C (default 5,10)", in: NumberRange(greaterThan: 0),
                 count: .exactly(2, "numbers", reason: "ms/s")),
        .numbers("organizer-grades", "A,B,C", "today's Xcode Organizer Hitches grades, ms/s: good ≤ A, warning ≤ B, critical ≤ C, immediate attention above (default 10,25,50)", in: NumberRange(greaterThan: 0),
                 count: .exactly(3, "numbers", reason: "ms/s")),
        .number("jank-multiplier", "M", "JankStats: a frame is jank above M expected frame durations (default 2)", greaterThan: 0),
        .number("max-screen-error", "PT", "largest 99th-percentile on-screen error under --frames (default 0.5)", atLeast: 0),
    ]

    /// One line per named load profile with its parameters, for help.
    static var profileListing: [String] {
        LoadProfile.all.map { load in
            func ms(_ seconds: Double) -> String { SceneThresholds.trimmed(significant(seconds * 1000, 3)) }
            // Name and parameters two spaces apart, a table row help keeps as it is.
            return load.name + String(repeating: " ", count: max(2, 9 - load.name.count)) + "\(ms(load.typicalCost)) ± \(ms(load.jitter)) ms a frame, \(ms(load.spikeCost)) ms spikes in \(SceneThresholds.trimmed(significant(100 * load.spikeProbability, 2))) % of frames, callbacks up to \(ms(load.callbackLatency)) ms late"
        }
    }

    /// The platforms' thresholds with every flag given applied.
    static func thresholds(_ arguments: Arguments) throws -> PlatformThresholds {
        var limits = PlatformThresholds()
        // Two grades and three tiers: the options' kinds.
        if let grades = arguments.numbers("hitch-grades") {
            limits.xctestWarning = grades[0]
            limits.xctestCritical = grades[1]
        }
        if let tiers = arguments.numbers("organizer-grades") {
            limits.organizer = tiers
        }
        if let multiplier = arguments.number("jank-multiplier") { limits.jankMultiplier = multiplier }
        if let error = arguments.number("max-screen-error") { limits.maxOnScreenError = error }
        do {
            return try limits.validated()
        } catch {
            throw CLIError.usage("\(error)")
        }
    }

    /// The rules between `--frames`, `--clock`, `--load-seed` and `--hz` that depend on
    /// `--frames`' value, for the `validation` of each command that takes ``specs``: a clock or
    /// a load seed needs frames that are not ideal (a seed, frames that carry a load), and a
    /// variable-rate set must hold every rate validated (`defaultRates` without `--hz`). A
    /// recording (`--trace`) is validated as delivered: its own rule refuses `--frames`.
    static func validate(_ arguments: Arguments, defaultRates: [Double]) throws {
        guard !arguments.has("trace") else { return }
        let setting = try arguments.string("frames").map(setting(parsing:)) ?? .ideal
        if arguments.has("load-seed"), !setting.usesLoad {
            throw CLIError.usage("--load-seed seeds a load model: it needs --frames load:NAME or vrr:RATES", option: "load-seed", value: arguments.string("load-seed"))
        }
        if arguments.has("clock"), setting == .ideal {
            throw CLIError.usage("--clock needs --frames vsync, load:NAME, vrr:RATES or trace:FILE (ideal frames sample every clock alike)")
        }
        // A trace:FILE's rate is the recording's, known once it is read; a set is checked
        // against the rates given (a recording is never a set).
        guard case .variableRate(let set, _) = setting else { return }
        for hz in try SceneSelection.rates(arguments, defaults: defaultRates) {
            do {
                _ = try VariableRate.validated(set, base: hz)
            } catch {
                throw CLIError.usage("--frames: \(error)")
            }
        }
    }

    /// The delivery `--frames` and `--clock` ask for; `nil` for ideal frames (the classic view,
    /// its output unchanged). A `trace:FILE` model also fixes the rate: the recording's.
    /// The load's seed is `--load-seed` (``SceneSelection/loadSeed(_:usesLoad:notes:)``: `--seed`
    /// still, deprecated, where it is absent); a deprecation note goes to `notes`. What the
    /// options must be together was checked by ``validate(_:defaultRates:)``.
    static func options(_ arguments: Arguments, notes: inout [String]) throws -> (options: DeliveryOptions?, traceRate: Double?) {
        let clock = FrameClock(rawValue: try arguments.choice("clock", FrameClock.allCases.map(\.rawValue)) ?? "target")!
        let limits = try thresholds(arguments)
        guard let text = arguments.string("frames") else { return (nil, nil) }
        var traceRate: Double?
        let model = try self.model(text, traceRate: &traceRate)
        if model == .ideal { return (nil, nil) }
        let usesLoad = FrameDeliverySetting(model)?.usesLoad ?? false
        let seed = try SceneSelection.loadSeed(arguments, usesLoad: usesLoad, notes: &notes)
        return (DeliveryOptions(model: model, clock: clock, seed: seed ?? 0, thresholds: limits), traceRate)
    }

    /// A `--frames` value by Motion's grammar (``FrameDeliverySetting``, which also prints every
    /// model's name), the file of `trace:FILE` not yet read.
    static func setting(parsing text: String) throws -> FrameDeliverySetting {
        do {
            return try FrameDeliverySetting(parsing: text)
        } catch {
            // `vrr: rate …` reads `--frames vrr: rate …`; a message about the whole value
            // (`unknown model 'warp'`) reads `--frames: unknown model 'warp'`.
            let message = error.description
            let aboutAKind = ["load:", "vrr:", "trace:"].contains { message.hasPrefix($0) }
            throw CLIError.usage("--frames\(aboutAKind ? " " : ": ")\(message)")
        }
    }

    /// Parses a `--frames` value (``setting(parsing:)``), reading `trace:FILE`'s recording here.
    static func model(_ text: String, traceRate: inout Double?) throws -> FrameDeliveryModel {
        let setting = try setting(parsing: text)
        let path: String
        switch setting {
        case .ideal: return .ideal
        case .vsync: return .vsync
        case .load(let load): return .load(load)
        case .variableRate(let rates, let load): return .variableRate(rates: rates, load: load)
        case .trace(let file): path = file
        }
        let traces = try readTraces(path)
        guard traces.count == 1, let trace = traces.first else {
            throw CLIError.usage("--frames trace:\(path) holds \(traces.count) traces; expected one recording of frame times")
        }
        guard let rate = trace.inferredRate else {
            guard trace.count >= 2 else {
                throw CLIError.usage("--frames trace:\(path) has one frame; expected at least two to know the rate")
            }
            throw CLIError.usage("--frames trace:\(path): its frames are too close together to give a finite frame rate (the median interval is below 5.6e-309 s)")
        }
        // Bounded as --trace bounds it, before any frame is delivered.
        do { try trace.requireSampleable(hz: rate) } catch { throw CLIError.usage("--frames trace:\(path): \(error)") }
        traceRate = rate
        return .recorded(trace.deliveredFrames(hz: rate))
    }

    /// The traces in a file: Chrome Trace Event JSON when it starts with `{` or `[`, else CSV.
    static func readTraces(_ path: String) throws -> [MotionTrace] {
        let text = try DocumentInput.text(path, label: path, expected: "; expected a CSV trace or Chrome Trace Event JSON")
        do {
            let first = text.first { !$0.isWhitespace }
            if first == "{" || first == "[" { return try MotionTrace.chromeTrace(text, source: path) }
            return [try MotionTrace.csv(text, source: path)]
        } catch {
            throw CLIError.usage("\(error)")
        }
    }

    /// The profile's parameters in words, for the report's header.
    static func describe(_ options: DeliveryOptions) -> String {
        func ms(_ seconds: Double) -> String { SceneThresholds.trimmed(significant(seconds * 1000, 3)) }
        func load(_ load: LoadProfile) -> String {
            "\(load.name): \(ms(load.typicalCost)) ± \(ms(load.jitter)) ms per frame, \(ms(load.spikeCost)) ms spikes in \(significant(100 * load.spikeProbability, 2)) % of frames, callbacks up to \(ms(load.callbackLatency)) ms late, pipeline depth \(load.pipelineDepth)"
        }
        let model: String
        switch options.model {
        case .ideal: model = "ideal (frames at k/hz)"
        case .vsync: model = "vsync (every frame on its vsync, callbacks on time)"
        case .load(let profile): model = "load \(load(profile))"
        case .variableRate(let rates, let profile):
            model = "variable rate \(rates.map { $0.formatted }.joined(separator: ", ")) Hz (down a step on a miss, up after \(VariableRate.framesBeforeStepUp) frames that fit), load \(load(profile))"
        case .recorded(let frames):
            return "recorded: \(frames.count) frames from a trace; clock \(options.clock.rawValue)"
        }
        return "\(model); clock \(options.clock.rawValue); load seed \(options.seed)"
    }
}
