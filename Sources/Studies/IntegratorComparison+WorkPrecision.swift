import Foundation
import SpringSolver

extension IntegratorComparison {
    /// The work-precision view of one spring alone, without the rest of the comparison: the
    /// points ``run(springs:configuration:)`` puts in ``workPrecision`` for its first rate —
    /// semi-implicit-euler, velocity-verlet and rk4 at 1, 2, 4, 8, 16 and 32 steps per frame,
    /// gsl-rk4 at 1 to 16, dopri54 and GSL's rkf45, rkck and rk8pd at rtol = atol = 1e-3, 1e-5,
    /// 1e-7, 1e-9 and 1e-11 — each its largest frame error against right-hand-side evaluations
    /// per simulated second. An unstable or diverged setting has no point.
    ///
    /// ```swift
    /// let points = try IntegratorComparison.workPrecision(of: ComparedSpring.menuShow(), hz: 60)
    /// print(points.filter { $0.method == "rk4" }.count)   // 6
    /// ```
    ///
    /// - Parameter duration: the simulated span (default: 1.5 × the exact settle time, 2 s to
    ///   60 s, as the comparison's).
    /// - Throws: ``StudiesError/noFrame(span:rate:)`` when the span at `hz` has no frame.
    /// - Complexity: O(frames × (63 fixed steps + the adaptive solves' steps)).
    public static func workPrecision(of spring: ComparedSpring, hz: Double, duration: Double? = nil) throws -> [WorkPrecisionPoint] {
        let span = duration ?? IntegratorComparisonRunner.defaultDuration(for: spring.motion)
        guard hz.isFinite, hz > 0, IntegratorComparisonRunner.frameCount(span: span, hz: hz) >= 1 else {
            throw StudiesError.noFrame(span: span, rate: hz)
        }
        return try IntegratorComparisonRunner.workPrecision(spring: spring, hz: hz, span: span)
    }
}
