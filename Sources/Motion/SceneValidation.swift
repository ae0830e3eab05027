/// One scene validated in every mode at every rate: the reports, mode by mode and rate by rate,
/// with the facts a reader compares across them (what paced timing changes, the wave's first
/// frame, which notes hold at every rate).
///
///     var clock = Ticks()   // FrameCost's example clock; `bench` passes BenchKit's
///     let result = try Validation.validate(
///         try Scene.bee(.two, seed: 1), modes: [.linear, .paced], rates: [60, 120], clock: &clock)
///     print(result.isJanky, result.modeComparison!.removed)
///     // Prints "true [Motion.Finding.Kind.speedJump]"
public struct SceneValidation: Sendable {
    /// The scene.
    public let scene: Scene
    /// One report per mode × rate, modes outermost (a spring has one mode).
    public let reports: [ValidationReport]
    /// Whether the frame cost was judged (a debug build's is measured, not judged).
    public let judgesFrameCost: Bool

    public init(scene: Scene, reports: [ValidationReport], judgesFrameCost: Bool) {
        self.scene = scene
        self.reports = reports
        self.judgesFrameCost = judgesFrameCost
    }

    /// Whether any report is janky.
    public var isJanky: Bool { reports.contains { $0.verdict == .janky } }

    /// What paced timing changes against linear, by kind of finding (in `Finding.Kind` order).
    public struct ModeComparison: Sendable, Equatable {
        /// Kinds linear timing has and paced does not.
        public let removed: [Finding.Kind]
        /// Kinds both have.
        public let kept: [Finding.Kind]
        /// Kinds paced timing has and linear does not.
        public let added: [Finding.Kind]

        public init(removed: [Finding.Kind], kept: [Finding.Kind], added: [Finding.Kind]) {
            self.removed = removed
            self.kept = kept
            self.added = added
        }
    }

    /// The comparison of the two timing modes; `nil` unless both were validated.
    /// - Complexity: O(findings).
    public var modeComparison: ModeComparison? {
        func kinds(_ mode: TimingMode) -> [Finding.Kind] {
            let found = Set(reports.filter { $0.mode == mode }.flatMap { $0.findings.map(\.kind) })
            return Finding.Kind.allCases.filter(found.contains)
        }
        guard reports.contains(where: { $0.mode == .linear }), reports.contains(where: { $0.mode == .paced }) else { return nil }
        let linear = kinds(.linear), paced = kinds(.paced)
        return ModeComparison(
            removed: linear.filter { !paced.contains($0) }, kept: linear.filter { paced.contains($0) },
            added: paced.filter { !linear.contains($0) })
    }

    /// The redrawn wave's first frame against the flat edge drawn before it.
    public struct FirstFrameWave: Sendable, Equatable {
        /// Where the wave's middle sits in the first frame at the first rate, points from the
        /// flat edge (negative: above it).
        public let apex: Double
        /// How far the next frame moves it, points, at each rate.
        public let steps: [(hz: Double, step: Double)]

        public static func == (a: Self, b: Self) -> Bool {
            a.apex == b.apex && a.steps.elementsEqual(b.steps) { $0.hz == $1.hz && $0.step == $1.step }
        }
    }

    /// The wave's first frame; `nil` for a scene that redraws no shape.
    public var firstFrameWave: FirstFrameWave? {
        let pairs = reports.compactMap { report -> (hz: Double, apex: Double, step: Double)? in
            guard let apex = report.spring?.firstFrameApex, let step = report.spring?.secondFrameApexStep else { return nil }
            return (report.hz, apex, step)
        }
        guard let first = pairs.first else { return nil }
        return FirstFrameWave(apex: first.apex, steps: pairs.map { ($0.hz, $0.step) })
    }

    /// The reports' notes, once each: first those every report has (`hz` nil), in the first
    /// report's order, then each report's others with its rate.
    /// - Complexity: O(notes · reports).
    public var notes: [(hz: Double?, note: Note)] {
        var result: [(hz: Double?, note: Note)] = []
        let first = reports.first?.notes ?? []
        let everywhere = first.filter { note in reports.dropFirst().allSatisfy { $0.notes.contains(note) } }
        for note in first where everywhere.contains(note) { result.append((nil, note)) }
        for report in reports {
            for note in report.notes where !everywhere.contains(note) { result.append((report.hz, note)) }
        }
        return result
    }
}

extension Validation {
    /// Validates `scene` in every mode of `modes` (a spring: once) at every rate of `rates`,
    /// with the cost of one frame measured on `clock` once per mode.
    ///
    /// - Parameter judgesFrameCost: `false` records the cost without judging it (a debug
    ///   build's cost says nothing about a release): no cost then makes a finding.
    /// - Throws: `MotionError` as ``validate(_:mode:hz:thresholds:)``.
    /// - Complexity: O(frames) per mode × rate, plus `FrameCost.budgetNanoseconds` per mode.
    public static func validate<Clock: FrameCostClock>(
        _ scene: Scene, modes: [TimingMode], rates: [Double], thresholds: Thresholds = Thresholds(),
        judgesFrameCost: Bool = true, clock: inout Clock
    ) throws(MotionError) -> SceneValidation {
        // An unjudged cost is recorded with a limit no cost reaches, so it never makes a finding.
        var costThresholds = thresholds
        if !judgesFrameCost { costThresholds.maxFrameCostFraction = .greatestFiniteMagnitude }
        var reports: [ValidationReport] = []
        for mode in scene.usesTimingMode ? (scene.fixedMode.map { [$0] } ?? modes) : [.linear] {
            let cost = FrameCost.seconds(for: scene, mode: mode, clock: &clock)
            for hz in rates {
                let report = try validate(scene, mode: mode, hz: hz, thresholds: thresholds)
                reports.append(try report.withFrameCost(seconds: cost, thresholds: costThresholds))
            }
        }
        return SceneValidation(scene: scene, reports: reports, judgesFrameCost: judgesFrameCost)
    }
}
