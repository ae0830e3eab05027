import SpringSolver

/// The advice of the integrator comparison for one spring × rate, as values (a command line
/// words it): which method to drive the spring
/// with, ranked by a cost that is the same on every run and every machine.
///
/// The cost is ``IntegratorKind/operationsPerStep`` × substeps: floating-point operations per
/// frame, counted from each method's code. Measured times are not used: a whole run's time per
/// frame is dominated by the harness (67–113 ns per frame for every fixed-step method, against
/// 0.6–3.5 ns per bare step in `bench run`), so ranking by it flipped between runs
/// (issue 10). Candidates are SpringSolver's general fixed-step methods (not `exact`, which is
/// reported on its own, and not the adaptive or GSL rows, whose work per frame depends on the
/// motion and the tolerance: their evaluations are in the table) that stay stable and within
/// ``IntegratorComparisonRunner/visibleError`` of the exact motion on every frame. Methods
/// that cost the same are a tie, listed smallest error first.
public struct IntegratorRecommendation: Sendable, Equatable {
    /// One ranked method.
    public struct Choice: Sendable, Equatable {
        /// The row label (`rk4`, `rk4 ×2`).
        public var label: String
        /// Its largest frame position error (points).
        public var maxError: Double
        /// Its cost: ``IntegratorKind/operationsPerStep`` × substeps.
        public var operationsPerFrame: Int
    }

    /// The ``ComparedSpring/name`` and the frame rate (Hz) the advice is for.
    public var spring: String
    public var hz: Double
    /// The exact propagator at one step per frame, when it ran.
    public var exact: Choice?
    /// The inexact fixed-step rows that cost fewer operations per frame than `exact`,
    /// cheapest first.
    public var cheaperThanExact: [Choice]
    /// The cheapest general fixed-step methods under the visible error: one, or several tied
    /// at the same cost (smallest error first); empty when none stays under it.
    public var cheapest: [Choice]
    /// Rows that diverged, and rows that could not run (with the failure in their row).
    public var unstable: [String]
    public var failed: [String]

    /// Whether several methods share the lowest cost.
    public var isTie: Bool { cheapest.count > 1 }

    /// The advice from one spring × rate's rows (``IntegratorComparison/rows`` filtered).
    ///
    /// - Complexity: O(rows · log rows).
    public init(spring: String, hz: Double, rows: [IntegratorRow]) {
        self.spring = spring
        self.hz = hz
        let usable = rows.filter { $0.failure == nil }
        func choice(_ row: IntegratorRow) -> Choice? {
            row.operationsPerFrame.map { Choice(label: row.label, maxError: row.maxError, operationsPerFrame: $0) }
        }
        func ordered(_ a: Choice, _ b: Choice) -> Bool {
            (a.operationsPerFrame, a.maxError, a.label) < (b.operationsPerFrame, b.maxError, b.label)
        }
        exact = usable.first { $0.integrator == IntegratorKind.exact.rawValue && $0.substeps == 1 }.flatMap(choice)
        let fixed = usable.filter { row in
            row.mode == .fixedStep && row.integrator != IntegratorKind.exact.rawValue && IntegratorKind(rawValue: row.integrator) != nil
        }
        cheaperThanExact = exact.map { exact in
            fixed.compactMap(choice).filter { $0.operationsPerFrame < exact.operationsPerFrame }.sorted(by: ordered)
        } ?? []
        let candidates = fixed.filter { $0.stable && $0.maxError < IntegratorComparisonRunner.visibleError }
            .compactMap(choice).sorted(by: ordered)
        let lowest = candidates.first?.operationsPerFrame
        cheapest = candidates.filter { $0.operationsPerFrame == lowest }
        unstable = usable.filter { !$0.stable }.map(\.label)
        failed = rows.filter { $0.failure != nil }.map(\.label)
    }
}
