import Foundation
@testable import SpringSolver
import GSLReference

/// The menu's springs (docs/seed-scenes.md): show 667 → 459, UIKit duration 0.8, ζ 0.6, velocity 0.6.
enum Menu {
    static let closed = 667.0
    static let open = 667.0 - 208
    static var show: UIKitSpringParameters {
        get throws { try UIKitSpringParameters(duration: 0.8, dampingRatio: 0.6, initialSpringVelocity: 0.6) }
    }
    static var showMotion: SpringMotion<Double> {
        get throws { try show.motion(from: closed, to: open) }
    }
}

/// A spring from natural frequency and damping ratio, unit mass.
func spring(omega: Double, zeta: Double, mass: Double = 1) throws -> DampedSpring {
    try DampedSpring(mass: mass, naturalFrequency: omega, dampingRatio: zeta)
}

/// GSL's adaptive driver on the spring `x″ = −ω₀²x − 2λv` (displacements), returning
/// `(x, v)` at each time, and the right-hand-side evaluations it used.
func gslSolve(_ motion: SpringMotion<Double>, stepper: GSLStepper, at times: [Double],
              absoluteTolerance: Double, relativeTolerance: Double) throws -> (states: [SpringState<Double>], evaluations: Int) {
    let omega2 = motion.spring.stiffnessPerMass, gamma = motion.spring.dampingPerMass
    let driver = try GSLODEDriver(
        stepper: stepper, dimension: 2, initialStep: 1e-6,
        absoluteTolerance: absoluteTolerance, relativeTolerance: relativeTolerance,
        rhs: { _, y, dydt in
            dydt[0] = y[1]
            dydt[1] = -omega2 * y[0] - gamma * y[1]
        })
    var t = 0.0
    var y = [motion.initialState.displacement, motion.initialState.velocity]
    var states: [SpringState<Double>] = []
    for time in times {
        if time > t { try driver.apply(t: &t, until: time, state: &y) }
        states.append(SpringState(displacement: y[0], velocity: y[1]))
    }
    return (states, driver.rhsEvaluations)
}

/// Least-squares slope of log(error) against log(step).
func fittedSlope(steps: [Double], errors: [Double]) -> Double {
    let xs = steps.map { log($0) }, ys = errors.map { log($0) }
    let mx = xs.reduce(0, +) / Double(xs.count), my = ys.reduce(0, +) / Double(ys.count)
    var num = 0.0, den = 0.0
    for (x, y) in zip(xs, ys) {
        num += (x - mx) * (y - my)
        den += (x - mx) * (x - mx)
    }
    return num / den
}
