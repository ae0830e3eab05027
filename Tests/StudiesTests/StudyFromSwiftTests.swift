import SpringSolver
import Studies
import Testing

/// The study as a Swift user calls it: the public API only, no `bench`, values back.
@Suite struct StudyFromSwiftTests {
    /// The frame count saturates instead of trapping: 1e308 s at 120 Hz overflows to +∞.
    @Test(arguments: [(0.5, 60.0, 30), (1e308, 120.0, Int.max), (.greatestFiniteMagnitude, 1e308, Int.max),
                      (-1.0, 60.0, 0), (Double.nan, 60.0, 0), (0.01, 60.0, 0)])
    func frameCountSaturates(span: Double, hz: Double, frames: Int) {
        #expect(IntegratorComparisonRunner.frameCount(span: span, hz: hz) == frames)
    }

    /// The example of ``IntegratorComparison``'s documentation: the menu's show spring at 60 Hz
    /// over 1 s; rk4 is the cheapest general method under half a point, the exact propagator
    /// costs 6 operations per frame.
    @Test func comparisonOnTheMenuSpringReturnsItsAdvice() throws {
        let comparison = try IntegratorComparison.run(
            springs: [ComparedSpring.menuShow()],
            configuration: .init(rates: [60], duration: 1))
        #expect(comparison.recommendations.count == 1)
        let advice = comparison.recommendations[0]
        #expect(advice.cheapest.map(\.label) == ["rk4"])
        #expect(advice.exact?.operationsPerFrame == 6)
        #expect(!comparison.timed)
        #expect(comparison.rows.allSatisfy { $0.nsPerStep == nil && $0.spring == "menu-show" && $0.hz == 60 })
        // The work-precision sweep at the first rate, and one adaptive study per spring.
        #expect(Set(comparison.workPrecision.map(\.method)).isSuperset(of: ["rk4", "dopri54", "gsl-rkck"]))
        #expect(comparison.workPrecision.contains { $0.setting == .tolerance(1e-3) })
        #expect(comparison.workPrecision.contains { $0.setting == .step(stepRate: 120) })
        let study = try #require(comparison.studies.first)
        #expect(study.equalTolerance.map(\.solver) == ["dopri54", "gsl-rkck", "gsl-rkf45"])
        #expect(study.oneStep != nil)
    }

    /// The defaults are in one place: the configuration's.
    @Test func configurationDefaults() {
        let configuration = IntegratorComparison.Configuration()
        #expect(configuration.rates == [60, 120])
        #expect(configuration.substeps == [1])
        #expect(configuration.duration == nil)
        #expect(configuration.tolerance == IntegratorComparisonRunner.defaultTolerance)
        #expect(!configuration.measuresTime)
    }

    /// A span and rate with no frame is refused with a typed error, not compared.
    @Test func noFrameIsATypedError() throws {
        #expect(throws: StudiesError.noFrame(span: 0.01, rate: 60)) {
            try IntegratorComparison.run(springs: [ComparedSpring.menuShow()], configuration: .init(rates: [60], duration: 0.01))
        }
        #expect(throws: StudiesError.invalidTolerance(0)) {
            try GSLSpring(stepper: .rkck, spring: ComparedSpring.menuShow().motion.spring, tolerance: 0)
        }
    }
}
