import BezierKernels
import Motion
import SpringSolver

/// Turning a command line into scenes: seed scene names (positionals), a user's SVG path
/// (`--svg DATA --duration S [--repeat] [--timing CURVE]`) or a user's spring (any spring vocabulary), and
/// `--seed` for commands that want one flight per bee.
///
/// `--duration` means two things (docs/design.md §2): with `--svg` it is the path's duration; without,
/// it is SwiftUI's `Spring(duration:bounce:)`. A spring scene is chosen by the presence of a
/// spring parameter, so `--svg … --duration 2` never builds a spring.
enum SceneSelection {
    /// The most frames one scene may sample at one rate: 10 minutes at 120 Hz and beyond that a
    /// typo, not an animation. It keeps `--duration 1e9` from exhausting memory.
    static let maximumFrames = 100_000

    /// The options every scene-taking command shares: the user scenes and the seed.
    static var specs: [OptionSpec] {
        let springSpecs = SpringOptions.specs.map { spec -> OptionSpec in
            guard spec.name == "duration" else { return spec }
            return .number(
                "duration", "S",
                "with --svg: the path's duration, seconds (at least 1e-9; at most the frames --hz allows); otherwise SwiftUI Spring(duration:bounce:) perceptual duration")
        }
        return [
            .option("svg", "DATA", "a user scene: an object following this SVG path data over --duration S ('-': read it from standard input, @FILE: from a file)"),
            .flag("repeat", "with --svg: repeat the path for ever (default: played once)"),
            TimingCurveOption.spec,
        ] + springSpecs
    }

    /// The rules between ``specs``: `--repeat` and `--timing` are an `--svg` scene's, and the spring's motion
    /// options' own.
    static let rules: [OptionRule] = [
        .requires("repeat", anyOf: ["svg"], "--repeat applies to an --svg scene"),
        .requires("svg", anyOf: ["duration"], "--svg needs --duration S (the path's duration in seconds)"),
        .requires("timing", anyOf: ["svg"], "--timing {value} applies to --svg scenes; the seed scenes and springs keep their own timing (the bees: linear, as the demo)"),
    ] + SpringOptions.rules

    static let seedSpec = OptionSpec.seed("seed", "pick one flight per bee: the sign the demo's random draw gives for seed N")

    /// What a name stands for, for help and for `bench list`.
    static let listing: [String] = [
        ("bee", "both bees, both signs of the last curve (bee1+, bee1-, bee2+, bee2-)"),
        ("bee1, bee2", "one bee, both signs (with --seed: the sign the seed picks)"),
        ("bee1+ … bee2-", "one flight: bee1+, bee1-, bee2+, bee2-"),
        ("menu", "menu-show and menu-dismiss"),
        ("menu-show", "the menu slides up: UIKit spring, duration 0.8 s, damping ratio 0.6"),
        ("menu-dismiss", "the menu slides down: damping ratio 100"),
        ("--svg 'DATA'", "a user's path, with --duration S [--repeat] [--timing CURVE]"),
        ("spring options", "a user's spring (--stiffness --damping, --response --damping-fraction, …)"),
        ("FILE.json", "a scene file (flightline.scene/1; Scenes/ has examples) or a Lottie file"),
    ].map { $0.0 + String(repeating: " ", count: max(2, 16 - $0.0.count)) + $0.1 }

    /// `--load-seed N`: the seed of a load model's frame costs (`--frames load:NAME`, `vrr`,
    /// `integrators --engines`), one meaning, apart from `--seed`'s bee sign.
    static let loadSeedSpec = OptionSpec.seed("load-seed", "the seed of the load model's per-frame costs and callback delays (default 0)")

    /// The seed, when given: a whole number 0…2⁶⁴−1.
    static func seed(_ arguments: Arguments) throws -> UInt64? {
        try wholeSeed(arguments, "seed")
    }

    /// The load model's seed: `--load-seed`, when given. `--seed` seeded the load too before
    /// `--load-seed` existed; for one release it still does where `--load-seed` is absent and
    /// a load model runs, with a deprecation note on stderr, so an old command line
    /// reproduces its frames.
    static func loadSeed(_ arguments: Arguments, usesLoad: Bool, notes: inout [String]) throws -> UInt64? {
        if let seed = try wholeSeed(arguments, "load-seed") { return seed }
        guard usesLoad, let seed = try wholeSeed(arguments, "seed") else { return nil }
        notes.append("note: --seed seeding the load model is deprecated and ends next release (then it picks the bee's sign only): write --load-seed \(seed)")
        return seed
    }

    private static func wholeSeed(_ arguments: Arguments, _ name: String) throws -> UInt64? {
        arguments.seed(name)
    }

    /// What the scene options must be together beyond ``rules``, for the `validation` of every
    /// command that takes ``specs`` (`defaultNames`: the scenes without any named):
    ///
    /// - `--duration` alone next to seed scene names is refused: a reader takes it for the seed
    ///   scene's duration (which the demo fixes), not for a SwiftUI spring added beside it; a
    ///   spring is added only when named by more than `--duration` (e.g. with `--bounce`).
    /// - `--svg` takes its `--duration` (greater than 0, at least ``PathMotion/minimumDuration``)
    ///   and no spring options; the motion options need a spring.
    /// - The spring options' own (``SpringOptions/validate(_:)``), and the UIKit mapping options
    ///   need a UIKit spring: the menu scenes or `--uikit-duration`.
    static func validate(_ arguments: Arguments, defaultNames: [String]) throws {
        let springBesideDuration = SpringOptions.isPresent(in: arguments, ignoring: ["duration"])
        if !arguments.positionals.isEmpty, let duration = arguments.string("duration"), !arguments.has("svg"), !springBesideDuration {
            throw CLIError.usage(
                "--duration \(duration) does not apply to \(arguments.positionals.joined(separator: ", ")): seed scenes keep the demo's timing; --duration is an --svg path's duration, or a SwiftUI spring's with --bounce B")
        }
        let userScene = arguments.has("svg") || SpringOptions.isPresent(in: arguments)
        if arguments.has("svg") {
            if springBesideDuration { throw CLIError.usage("give either --svg with --duration or spring options, not both") }
            // A path's duration, unlike a spring's, has its own floor: checked here, where
            // --svg says which --duration this is (``rules`` require it).
            if let durationText = arguments.string("duration"), let duration = arguments.number("duration") {
                guard duration > 0 else { throw CLIError.usage("--duration must be greater than 0, got \(durationText)", option: "duration", value: durationText) }
                guard duration >= PathMotion.minimumDuration else {
                    throw CLIError.usage(
                        "--duration must be at least \(compact(PathMotion.minimumDuration)) s (a millionth of a 1000 Hz frame; far shorter, speeds overflow), got \(durationText)",
                        option: "duration", value: durationText)
                }
            }
        } else if !userScene {
            // Motion flags only mean something for a spring the user describes.
            for name in SpringOptions.motionNames where arguments.has(name) {
                throw CLIError.usage("--\(name) applies to a spring given by spring options (e.g. --stiffness K --damping C)")
            }
        }
        try SpringOptions.validate(arguments)
        if arguments.has("uikit-mapping") || arguments.has("uikit-residual") || arguments.has("uikit-overdamping") {
            let names = arguments.positionals.isEmpty && !userScene ? defaultNames : arguments.positionals
            guard names.contains(where: { $0.hasPrefix("menu") }) || arguments.has("uikit-duration") else {
                throw CLIError.usage("--uikit-mapping, --uikit-residual and --uikit-overdamping apply to the menu scenes or a spring given with --uikit-duration")
            }
        }
    }

    /// The scenes the command line asks for.
    ///
    /// - Positionals are seed scene names, in the order given, duplicates dropped. With `seed`,
    ///   a name standing for both signs of a bee (`bee`, `bee1`, `bee2`) becomes one flight per
    ///   bee with the seeded sign.
    /// - `--svg` adds a user path; spring parameters add a user spring.
    /// - Nothing at all gives `defaultNames`' scenes.
    ///
    /// What the options must be together was checked by ``validate(_:defaultNames:)``.
    static func scenes(
        from arguments: Arguments, seed: UInt64?, defaultNames: [String]
    ) throws -> [Scene] {
        try selection(from: arguments, seed: seed, defaultNames: defaultNames).scenes
    }

    /// The scenes, and the files they came from (a positional naming a file, `*.json` or with a
    /// `/`, is read as a Lottie file: `LottieInput`).
    static func selection(
        from arguments: Arguments, seed: UInt64?, defaultNames: [String]
    ) throws -> (scenes: [Scene], files: [LottieInput]) {
        var scenes: [Scene] = []
        if let user = try userScene(from: arguments) { scenes.append(user) }
        let names = arguments.positionals.isEmpty && scenes.isEmpty ? defaultNames : arguments.positionals
        let mapping = try menuMapping(arguments, names: names)
        var seen = Set(scenes.map(\.name))
        var files: [LottieInput] = []
        var sceneFiles: Set<String> = []
        for name in names {
            if LottieInput.isFileArgument(name) {
                guard !files.contains(where: { $0.path == name }), !sceneFiles.contains(name) else { continue }  // named twice
                let root = try DocumentInput.read(name)
                if let found = try SceneFileInput.scenes(fromDocument: root, path: name) {
                    sceneFiles.insert(name)
                    for scene in found where seen.insert(scene.name).inserted { scenes.append(scene) }
                    continue
                }
                var file = try LottieInput.require(root, path: name)
                for scene in file.motion.scenes {
                    // A name another file already used gets its file's name in front.
                    let named = seen.contains(scene.name) ? Scene(name: "\(name):\(scene.name)", kind: scene.kind, fixedMode: scene.fixedMode, source: scene.source, objectSize: scene.objectSize) : scene
                    if seen.insert(named.name).inserted {
                        scenes.append(named)
                        file.sceneNames.append(named.name)
                    }
                }
                files.append(file)
                continue
            }
            for scene in try seeds(named: name, seed: seed, mapping: mapping) where seen.insert(scene.name).inserted {
                scenes.append(scene)
            }
        }
        return (scenes, files)
    }

    /// The seed scenes one name stands for, with the seeded sign where one flight per bee is wanted.
    static func seeds(named name: String, seed: UInt64?, mapping: (any UIKitSpringMapping)? = nil) throws -> [Scene] {
        do {
            if let mapping {
                switch name {
                case "menu": return [try .menu(.show, mapping: mapping), try .menu(.dismiss, mapping: mapping)]
                case "menu-show": return [try .menu(.show, mapping: mapping)]
                case "menu-dismiss": return [try .menu(.dismiss, mapping: mapping)]
                default: break
                }
            }
            if let seed {
                switch name {
                case "bee": return [try .bee(.one, seed: seed), try .bee(.two, seed: seed)]
                case "bee1": return [try .bee(.one, seed: seed)]
                case "bee2": return [try .bee(.two, seed: seed)]
                default: break
                }
            }
            return try Scene.seeds(named: name)
        } catch {
            throw CLIError.usage("unknown scene '\(name)' (scenes: \(Scene.seedNames.joined(separator: ", ")), or --svg / spring options)", value: name)
        }
    }

    /// The UIKit mapping the menu scenes use when `--uikit-residual` or `--uikit-overdamping` is
    /// given (otherwise `nil`: the default mapping). That they have a UIKit spring to act on is
    /// ``validate(_:defaultNames:)``'s.
    static func menuMapping(_ arguments: Arguments, names: [String]) throws -> (any UIKitSpringMapping)? {
        guard arguments.has("uikit-mapping") || arguments.has("uikit-residual") || arguments.has("uikit-overdamping") else { return nil }
        return try SpringOptions.mapping(from: arguments)
    }

    /// The user's scene from `--svg` or the spring options, `nil` when neither is given.
    static func userScene(from arguments: Arguments) throws -> Scene? {
        if let data = try arguments.string("svg").map({ try readPathData($0, for: "--svg") }) {
            // With its --duration, in range, and no spring options: ``validate(_:defaultNames:)``.
            let duration = arguments.number("duration") ?? PathMotion.minimumDuration
            let timing = try TimingCurveOption.curve(arguments) ?? .linear
            do {
                return try Scene.svg(data, duration: duration, repeats: arguments.has("repeat"), timingCurve: timing)
            } catch {
                throw CLIError.usage("--svg: \(error)")
            }
        }
        guard let request = try SpringOptions.request(from: arguments) else { return nil }
        do {
            return try Scene.spring(request.motion, name: "spring", notes: request.notes + [springNote(request)])
        } catch {
            throw CLIError.usage("spring scene: \(error)")
        }
    }

    /// The user's spring in plain numbers, for the report's notes.
    static func springNote(_ request: SpringOptions.Request) -> String {
        let s = request.spring
        let m = request.motion
        return "spring: mass \(significant(s.mass)), stiffness \(significant(s.stiffness)), damping \(significant(s.damping)) (ζ \(significant(s.dampingRatio)), ω₀ \(significant(s.naturalFrequency)) rad/s), from \(m.initialPosition.formatted) to \(m.target.formatted) pt at \(m.initialVelocity.formatted) pt/s"
    }

    /// Rejects a scene that would sample more than `maximumFrames` frames at `hz`; returns the
    /// frames it samples (about: a spring may stop earlier).
    @discardableResult
    static func requireSampleable(_ scene: Scene, hz: Double) throws -> Double {
        let frames: Double
        switch scene.kind {
        case .path(let motion, _): frames = motion.duration * hz + 1
        case .spring(let spring): frames = max(spring.maximumSimulatedTime, spring.animationDuration ?? 0) * hz + 1
        case .timeline(let motion, _): frames = motion.sampledSpan * hz + 1
        }
        guard frames <= Double(maximumFrames) else {
            throw CLIError.usage(
                "\(scene.name) at \(hz.formatted) Hz would sample \(countText(frames)) frames; at most \(maximumFrames) (shorten --duration or lower --hz)")
        }
        return frames
    }

    /// The frame rates of `--hz` (default `defaults`): positive finite numbers, duplicates
    /// dropped, in the order given.
    /// The slowest rate accepted: below one frame a second a "frame" no longer samples motion
    /// (a 3.3 s bee pass would be three frames), and absurd rates overflow frame arithmetic.
    static let minimumRate = 1.0

    /// The most rates one run takes: each validates every scene again (with its samples at
    /// twice and four times the rate and its phase sweep), and a thousand rates took minutes.
    static let maximumRates = 8
    /// ``maximumRates`` as the `--hz` option's kind states and checks it.
    static let rateCount = ListLength.atMost(maximumRates, "rates", reason: "each validates every scene again")

    /// The rates given (at most ``maximumRates``: the option's kind), duplicates dropped.
    static func rates(_ arguments: Arguments, defaults: [Double]) throws -> [Double] {
        guard let given = arguments.numbers("hz") else { return defaults }
        var seen = Set<Double>()
        return given.filter { seen.insert($0).inserted }
    }
}
