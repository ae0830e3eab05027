import Foundation
import Testing
import CGSL
@testable import GSLReference

/// Integrals with closed forms: ∫₀^π sin = 2, ∫₀¹ x⁵ = 1/6, ∫₀¹ 1/√x = 2 (end-point singularity).
struct QuadratureCase: Sendable, CustomTestStringConvertible {
    let name: String
    let a: Double, b: Double
    let exact: Double
    let f: @Sendable (Double) -> Double
    var testDescription: String { name }
}

let quadratureCases: [QuadratureCase] = [
    QuadratureCase(name: "sin on [0, π]", a: 0, b: .pi, exact: 2, f: { sin($0) }),
    QuadratureCase(name: "x⁵ on [0, 1]", a: 0, b: 1, exact: 1.0 / 6, f: { pow($0, 5) }),
    QuadratureCase(name: "exp on [-1, 2]", a: -1, b: 2, exact: exp(2) - exp(-1), f: { exp($0) }),
]

@Test(arguments: quadratureCases)
func quadraturesAgreeWithClosedForms(_ c: QuadratureCase) throws {
    let integrator = try GSLIntegrator()
    for rule in GSLGaussKronrodRule.allCases {
        let r = try integrator.qag(from: c.a, to: c.b, relativeTolerance: 1e-12, rule: rule, c.f)
        #expect(abs(r.value - c.exact) <= 1e-12 * abs(c.exact), "QAG \(rule)")
        #expect(r.evaluations > 0)
    }
    let qags = try integrator.qags(from: c.a, to: c.b, relativeTolerance: 1e-12, c.f)
    #expect(abs(qags.value - c.exact) <= 1e-12 * abs(c.exact))
    let cquad = try integrator.cquad(from: c.a, to: c.b, relativeTolerance: 1e-12, c.f)
    #expect(abs(cquad.value - c.exact) <= 1e-12 * abs(c.exact))
}

@Test func qagsHandlesEndPointSingularity() throws {
    let r = try GSLQuadrature.qags(from: 0, to: 1, relativeTolerance: 1e-10) { 1 / $0.squareRoot() }
    #expect(abs(r.value - 2) <= 1e-10 * 2)
}

@Test func divergentIntegralIsAnErrorNotAnAbort() throws {
    // ∫₀¹ 1/x diverges; GSL reports a status, which must surface as a Swift error (the default
    // handler would abort the process).
    #expect(throws: GSLError.self) {
        _ = try GSLQuadrature.qag(from: 0, to: 1, relativeTolerance: 1e-12, rule: .gauss15) { 1 / $0 }
    }
}

@Test func badTolerancesAndLimitsAreRejected() throws {
    #expect(throws: GSLError.self) { _ = try GSLQuadrature.qags(from: 0, to: 1, relativeTolerance: 0) { $0 } }
    #expect(throws: GSLError.self) { _ = try GSLQuadrature.qags(from: 0, to: .nan, relativeTolerance: 1e-6) { $0 } }
    #expect(throws: GSLError.self) { _ = try GSLIntegrator(limit: 0) }
}

@Test func brentFindsRoots() throws {
    let finder = try GSLRootFinder()
    let piOverTwo = try finder.brent(lower: 1, upper: 2, absoluteTolerance: 1e-14) { cos($0) }
    #expect(abs(piOverTwo - .pi / 2) <= 1e-14)
    let cubeRoot = try finder.brent(lower: 0, upper: 3, absoluteTolerance: 0, relativeTolerance: 1e-15) { $0 * $0 * $0 - 2 }
    #expect(abs(cubeRoot - cbrt(2)) <= 4e-15)
    // An end point that is already a root.
    #expect(try finder.brent(lower: 0, upper: 1, absoluteTolerance: 1e-12) { $0 } == 0)
}

@Test func brentRejectsBadBrackets() throws {
    let finder = try GSLRootFinder()
    let error = #expect(throws: GSLError.self) {
        _ = try finder.brent(lower: 0, upper: 1, absoluteTolerance: 1e-12) { $0 * $0 + 1 }
    }
    // GSL's own refusal of endpoints that do not straddle the root: its status, as data.
    #expect(error?.code == Int(GSL_EINVAL), "\(String(describing: error))")
    #expect(throws: GSLError.self) { _ = try finder.brent(lower: 1, upper: 0, absoluteTolerance: 1e-12) { $0 } }
}

@Test(arguments: [-1, 0, Int.min])
func brentRejectsIterationCountsBelowOne(maxIterations: Int) throws {
    let finder = try GSLRootFinder()
    let error = #expect(throws: GSLError.self) {
        _ = try finder.brent(lower: 0, upper: 2, absoluteTolerance: 1e-12, maxIterations: maxIterations) { $0 - 1 }
    }
    #expect(error?.context == "maxIterations must be at least 1, got \(maxIterations)")
    #expect(error?.code == Int(GSL_EINVAL), "\(String(describing: error))")
}

@Test func brentRelativeToleranceIsDroppedAcrossTheOrigin() throws {
    let finder = try GSLRootFinder()
    // A root at 0 from a bracket around it: the relative term is 0, so it cannot converge.
    let error = #expect(throws: GSLError.self) {
        _ = try finder.brent(lower: -1, upper: 2, absoluteTolerance: 0, relativeTolerance: 1e-6, maxIterations: 50) { $0 * $0 * $0 }
    }
    #expect(error?.code == 11)  // GSL_EMAXITER (gsl_errno.h)
    // The same with an absolute tolerance converges.
    let root = try finder.brent(lower: -1, upper: 2, absoluteTolerance: 1e-9, relativeTolerance: 1e-6) { $0 * $0 * $0 }
    #expect(abs(root) <= 1e-9)
}

/// y'' = −y from (1, 0): y = cos t, y' = −sin t.
private func oscillator(_ t: Double, _ y: UnsafeBufferPointer<Double>, _ dydt: UnsafeMutableBufferPointer<Double>) {
    dydt[0] = y[1]
    dydt[1] = -y[0]
}
private func oscillatorJacobian(_ t: Double, _ y: UnsafeBufferPointer<Double>, _ dfdy: UnsafeMutableBufferPointer<Double>, _ dfdt: UnsafeMutableBufferPointer<Double>) {
    dfdy[0] = 0; dfdy[1] = 1
    dfdy[2] = -1; dfdy[3] = 0
    dfdt[0] = 0; dfdt[1] = 0
}

@Test(arguments: GSLStepper.allCases)
func everyStepperSolvesTheOscillator(_ stepper: GSLStepper) throws {
    var jacobian: GSLODEDriver.Jacobian?
    if stepper.needsJacobian { jacobian = { oscillatorJacobian($0, $1, $2, $3) } }
    let driver = try GSLODEDriver(stepper: stepper, dimension: 2, initialStep: 1e-3,
                                  absoluteTolerance: 1e-10, relativeTolerance: 1e-10,
                                  rhs: oscillator, jacobian: jacobian)
    var t = 0.0
    var y = [1.0, 0.0]
    try driver.apply(t: &t, until: 2, state: &y)
    #expect(t == 2)
    // First- and second-order steppers land within a few tolerances of the answer, not below it.
    let tolerance = stepper == .rk2 || stepper == .rk1imp ? 1e-5 : 1e-7
    #expect(abs(y[0] - cos(2)) < tolerance, "\(stepper) y = \(y[0])")
    #expect(abs(y[1] + sin(2)) < tolerance)
    #expect(driver.rhsEvaluations > 0)
}

@Test func rk8pdIsTight() throws {
    let driver = try GSLODEDriver(stepper: .rk8pd, dimension: 2, initialStep: 1e-3,
                                  absoluteTolerance: 1e-13, relativeTolerance: 1e-13, rhs: oscillator)
    var t = 0.0
    var y = [1.0, 0.0]
    try driver.apply(t: &t, until: 10, state: &y)
    #expect(abs(y[0] - cos(10)) < 1e-11)
}

@Test func rawStepIsFourthOrderForRK4() throws {
    // GSL's rk4 returns the two-half-step result: halving h divides the one-step error by ~32.
    func error(_ h: Double) throws -> Double {
        let driver = try GSLODEDriver(stepper: .rk4, dimension: 2, initialStep: h, absoluteTolerance: 0, relativeTolerance: 0, rhs: oscillator)
        var t = 0.0
        var y = [1.0, 0.0]
        try driver.step(t: &t, by: h, state: &y)
        #expect(t == h)
        #expect(driver.rhsEvaluations >= 3 * 4 - 1)
        // The leading local error of RK4 on this system sits in the velocity (A⁵ maps (1, 0) to (0, −1)).
        return abs(y[1] + sin(h))
    }
    let ratio = try error(0.1) / error(0.05)
    #expect(ratio > 24 && ratio < 40)
}

/// The raw step's error estimate is exposed: zeros before a step; after one step of h on
/// y″ = −y from (1, 0) with rkck, the 5th-minus-4th-order difference, which shrinks like h⁵
/// (halving h divides it by about 32) and sits well above the step's true error.
@Test func rawStepExposesItsErrorEstimate() throws {
    func estimate(_ h: Double) throws -> (estimate: Double, error: Double) {
        let driver = try GSLODEDriver(stepper: .rkck, dimension: 2, initialStep: h, absoluteTolerance: 1, relativeTolerance: 1, rhs: oscillator)
        #expect(driver.lastErrorEstimate == [0, 0])
        var t = 0.0
        var y = [1.0, 0.0]
        try driver.step(t: &t, by: h, state: &y)
        let error = max(abs(y[0] - cos(h)), abs(y[1] + sin(h)))
        return (driver.lastErrorEstimate.map(abs).max() ?? 0, error)
    }
    let (coarse, coarseError) = try estimate(0.2)
    let (fine, _) = try estimate(0.1)
    #expect(coarse / fine > 25 && coarse / fine < 40, "ratio \(coarse / fine)")
    #expect(coarse > 4 * coarseError)   // ≈ 1.6/h on this problem: 8× at h = 0.2
}

@Test func driverRejectsBadInput() throws {
    #expect(throws: GSLError.self) {
        _ = try GSLODEDriver(stepper: .msbdf, dimension: 2, initialStep: 1e-3, absoluteTolerance: 1e-6, relativeTolerance: 1e-6, rhs: oscillator)
    }
    #expect(throws: GSLError.self) {
        _ = try GSLODEDriver(stepper: .rkck, dimension: 0, initialStep: 1e-3, absoluteTolerance: 1e-6, relativeTolerance: 1e-6, rhs: oscillator)
    }
    let driver = try GSLODEDriver(stepper: .rkck, dimension: 2, initialStep: 1e-3, absoluteTolerance: 1e-6, relativeTolerance: 1e-6, rhs: oscillator)
    var t = 0.0
    var short = [1.0]
    #expect(throws: GSLError.self) { try driver.apply(t: &t, until: 1, state: &short) }
    var bad = [Double.nan, 0]
    #expect(throws: GSLError.self) { try driver.apply(t: &t, until: 1, state: &bad) }
    var y = [1.0, 0.0]
    #expect(throws: GSLError.self) { try driver.step(t: &t, by: 0, state: &y) }
}

@Test func fixedStepDriverRejectsStepsAboveTolerance() throws {
    // The documented GSL behaviour this module warns about: a fixed step too large for the
    // tolerances is refused, not taken.
    let driver = try GSLODEDriver(stepper: .rkf45, dimension: 2, initialStep: 0.5, absoluteTolerance: 1e-12, relativeTolerance: 1e-12, rhs: oscillator)
    var t = 0.0
    var y = [1.0, 0.0]
    #expect(throws: GSLError.self) { try driver.applyFixedStep(t: &t, step: 0.5, count: 4, state: &y) }
}

@Test func versionIsKnown() {
    #expect(gslVersion.split(separator: ".").count >= 2)
}

/// GSL's bsimp returns NaN from the finite spring state (−100, v) with 0 < |v| ≲ 1e-154 while
/// reporting success. The driver turns that into an error naming the finite start and leaves
/// the state there (it once handed NaN on, and `bench integrators` printed "-nan"); a velocity
/// of 1e-100 or exactly 0 integrates.
@Test(arguments: [(1e-300, true), (-1e-200, true), (1e-100, false), (0.0, false)])
func nonFiniteResultWithSuccessStatusIsAnError(velocity: Double, fails: Bool) throws {
    let driver = try GSLODEDriver(
        stepper: .bsimp, dimension: 2, initialStep: 1e-6, absoluteTolerance: 1e-6, relativeTolerance: 1e-6,
        rhs: { _, y, dydt in
            dydt[0] = y[1]
            dydt[1] = -200 * y[0] - 15 * y[1]
        },
        jacobian: { _, _, dfdy, dfdt in
            dfdy[0] = 0; dfdy[1] = 1; dfdy[2] = -200; dfdy[3] = -15
            dfdt[0] = 0; dfdt[1] = 0
        })
    var t = 0.0
    var y = [-100.0, velocity]
    if fails {
        let error = try #require(throws: GSLError.self) { try driver.apply(t: &t, until: 1.0 / 60, state: &y) }
        #expect(error.code == Int(GSL_EFAILED) && error.name == "non-finite state returned with a success status", "\(error)")
        #expect(!error.description.lowercased().contains("nan"), "\(error)")
        #expect(t == 0 && y == [-100.0, velocity])
    } else {
        try driver.apply(t: &t, until: 1.0 / 60, state: &y)
        #expect(y.allSatisfy(\.isFinite) && t == 1.0 / 60)
    }
}
