import Testing

@testable import SpringSolver

/// SpringSolver's refusals that were only a sentence carry their parts as data (issue 23): the
/// keys given and the vocabularies accepted, the integrator and the ones that would run; the
/// sentence is the one it always was.
@Suite struct SpringErrorDataTests {
    static let usages = SpringParameters.vocabularyKeys.map(\.usage)

    @Test func noParametersListsEveryVocabulary() {
        #expect(throws: SpringError.invalidVocabulary(given: [], accepted: Self.usages)) { try SpringParameters(namedValues: [:]) }
        let error = SpringError.invalidVocabulary(given: [], accepted: Self.usages)
        #expect(error.description == "no spring parameters given; expected one of: " + Self.usages.joined(separator: " | "))
    }

    @Test(arguments: [
        ["stiffness": 100.0],
        ["stiffness": 100, "damping": 10, "response": 0.5],
        ["tension": 170, "rebound-friction": 26],
    ])
    func keysThatNameNoVocabularyAreListedSorted(_ values: [String: Double]) {
        let given = values.keys.sorted()
        #expect(throws: SpringError.invalidVocabulary(given: given, accepted: Self.usages)) { try SpringParameters(namedValues: values) }
        #expect(SpringError.invalidVocabulary(given: given, accepted: Self.usages).description
            == "spring parameters {\(given.joined(separator: ", "))} do not name exactly one vocabulary; expected one of: \(Self.usages.joined(separator: " | "))")
    }

    /// The adaptive solver's failures: the step cap with its count, a stiff spring with the
    /// floor step it failed at.
    @Test func integrationFailuresCarryTheirNumbers() throws {
        let spring = try DampedSpring(mass: 1, stiffness: 100, damping: 1)
        let state = SpringState(displacement: 1.0, velocity: 0)
        var capped = try DormandPrince54(system: SpringSystem<Double>(spring: spring), time: 0, state: state, options: .init(maximumSteps: 3))
        do {
            _ = try capped.integrate(to: 100)
            Issue.record("3 steps reached t = 100")
        } catch let error as SpringError {
            guard case .integrationFailed(_, let reason) = error else { Issue.record("\(error)"); return }
            #expect(reason == .stepLimit(3))
            #expect(error.description.hasSuffix(": more than 3 steps"))
        }
        let stiff = try DampedSpring(stiffness: 1e200, damping: 0)
        var solver = try DormandPrince54(system: SpringSystem<Double>(spring: stiff), time: 0, state: state)
        do {
            _ = try solver.integrate(to: 1)
            Issue.record("integrated ω₀ = 1e100 over 1 s")
        } catch let error as SpringError {
            // ω₀ = 1e100: not finite even at the floor step, 1e-14 × the span (1 s).
            guard case .integrationFailed(let time, .nonFiniteAtFloor(let h)) = error else { Issue.record("\(error)"); return }
            #expect(time == 0 && h == 1e-14, "\(error)")
            #expect(IntegrationFailure.nonFiniteAtFloor(step: h).description
                == "step size underflow (the solution is not finite even at h = 1e-14, 1e-14 × the larger of |t| and the remaining span: too stiff for this span)")
        }
    }

    @Test func anIntegratorThatCannotRunNamesWhatCan() {
        let system = SecondOrderSystemTests.LinearSpring(omega2: 1, gamma: 0)
        let supported = SystemStepper<SecondOrderSystemTests.LinearSpring>.kinds
        #expect(throws: SpringError.integratorNotOnSystem(.exact, supported: supported)) {
            try SystemStepper(kind: .exact, system: system, step: 0.1)
        }
        #expect(SpringError.integratorNotOnSystem(.exact, supported: supported).description
            == "integrator 'exact' does not run on a general system; expected one of explicit-euler, semi-implicit-euler, velocity-verlet, rk4, implicit-euler, trapezoidal")
        let spring = try? DampedSpring(mass: 1, stiffness: 100, damping: 10)
        #expect(throws: SpringError.integratorHasNoFixedStep(.dopri54)) { try AnySpringIntegrator(kind: .dopri54, spring: spring!, step: 0.01) }
        #expect(SpringError.integratorHasNoFixedStep(.dopri54).description == "integrator 'dopri54' is adaptive and has no fixed step; use DormandPrince54")
    }
}
