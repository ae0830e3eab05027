import Foundation
import Testing
@testable import SpringSolver

/// A spring as a CSS `linear()` easing (`SpringMotion.cssLinearEasing(maxError:)`).
@Suite struct CSSLinearTests {
    static let menu = try! SpringMotion(
        spring: try! DampedSpring(mass: 1, naturalFrequency: log(1000) / 0.48, dampingRatio: 0.6),
        from: 667.0, to: 459.0, initialVelocity: -124.8)
    static let critical = try! SpringMotion(spring: try! DampedSpring(mass: 1, naturalFrequency: 12, dampingRatio: 1), from: 0.0, to: 100.0)
    static let overdamped = try! SpringMotion(spring: try! DampedSpring(mass: 1, naturalFrequency: 12, dampingRatio: 3), from: 0.0, to: 100.0, initialVelocity: 400)
    static let bouncy = try! SpringMotion(spring: try! DampedSpring(mass: 1, naturalFrequency: 20, dampingRatio: 0.1), from: 10.0, to: -30.0)

    /// The easing's value at a fraction of the duration: CSS `linear()` interpolation between
    /// the stops (CSS Easing Level 2), 1 after the end. Written here, apart from the solver.
    static func eased(_ easing: CSSLinearEasing, at fraction: Double) -> Double {
        let stops = easing.stops
        if fraction >= 1 { return stops.last!.progress }
        for (a, b) in zip(stops, stops.dropFirst()) where fraction <= b.position {
            return b.position > a.position ? a.progress + (b.progress - a.progress) * (fraction - a.position) / (b.position - a.position) : b.progress
        }
        return stops.last!.progress
    }

    /// The bound holds on a grid 10 007 points fine (a prime count, so not the solver's grid),
    /// over three times the duration, for each regime and tolerance.
    @Test(arguments: [menu, critical, overdamped, bouncy], [0.001, 0.005, 0.02])
    func errorBoundHoldsOnAFineGrid(motion: SpringMotion<Double>, maxError: Double) throws {
        let easing = try motion.cssLinearEasing(maxError: maxError)
        #expect(easing.measuredError <= maxError)
        let span = motion.target - motion.initialPosition
        var worst = 0.0
        let count = 10_007
        for index in 0...count {
            let fraction = 3 * Double(index) / Double(count)
            let exact = (motion.position(at: fraction * easing.duration) - motion.initialPosition) / span
            worst = max(worst, abs(Self.eased(easing, at: fraction) - exact))
        }
        #expect(worst <= maxError, "worst \(worst) for \(maxError)")
        // The solver's own measure is honest: it sees at least most of the worst error.
        #expect(easing.measuredError >= 0.9 * worst)
        #expect(easing.stops.first == CSSLinearEasing.Stop(progress: 0, position: 0))
        #expect(easing.stops.last == CSSLinearEasing.Stop(progress: 1, position: 1))
        #expect(zip(easing.stops, easing.stops.dropFirst()).allSatisfy { $0.position < $1.position })
    }

    @Test(arguments: [menu, critical, bouncy])
    func fewerStopsForALargerError(motion: SpringMotion<Double>) throws {
        let counts = try [0.001, 0.005, 0.02, 0.1].map { try motion.cssLinearEasing(maxError: $0).stops.count }
        #expect(zip(counts, counts.dropFirst()).allSatisfy { $0 > $1 }, "\(counts)")
    }

    /// A critically damped spring has no wiggle: a dozen stops follow it within 0.5 %,
    /// fewer than the menu's bouncy motion needs.
    @Test func criticallyDampedNeedsFewStops() throws {
        let critical = try Self.critical.cssLinearEasing()
        let menu = try Self.menu.cssLinearEasing()
        #expect(critical.stops.count <= 12, "\(critical.cssText)")
        #expect(critical.stops.count < menu.stops.count)
        // Its duration: (1 + ω₀t)e^(−ω₀t) = 0.8 × 0.005 at the end (from rest, no overshoot).
        let x = 12 * critical.duration
        #expect(abs((1 + x) * exp(-x) - 0.004) < 1e-9)
    }

    /// The syntax of CSS Easing Level 2's example `linear(0, 0.25 75%, 1)`: values, a
    /// percentage after each inner one, the ends' positions implied.
    @Test func cssTextFollowsTheSpecExample() {
        let easing = CSSLinearEasing(
            stops: [.init(progress: 0, position: 0), .init(progress: 0.25, position: 0.75), .init(progress: 1, position: 1)],
            duration: 1, tolerance: 0.005, measuredError: 0, progressDigits: 4, positionDigits: 3)
        #expect(easing.cssText == "linear(0, 0.25 75%, 1)")
        let menu = try! Self.menu.cssLinearEasing()
        let parts = menu.cssText.dropFirst("linear(".count).dropLast().components(separatedBy: ", ")
        #expect(menu.cssText.hasPrefix("linear(0, ") && menu.cssText.hasSuffix(", 1)"))
        #expect(parts.count == menu.stops.count)
        for (part, stop) in zip(parts.dropFirst().dropLast(), menu.stops.dropFirst().dropLast()) {
            let pieces = part.split(separator: " ")
            #expect(pieces.count == 2 && pieces[1].hasSuffix("%"), "\(part)")
            #expect(Double(pieces[0]) == stop.progress)
            #expect(abs(Double(pieces[1].dropLast())! / 100 - stop.position) < 1e-12)
        }
    }

    @Test(arguments: [0, -0.01, .nan, .infinity, 0.6, 1, 0.00001])
    func badMaxErrorThrows(maxError: Double) {
        #expect(throws: SpringError.self) { try Self.menu.cssLinearEasing(maxError: maxError) }
    }

    @Test func motionsWithNoEasingThrow() throws {
        let still = try SpringMotion(spring: Self.menu.spring, from: 5.0, to: 5.0, initialVelocity: 10)
        #expect(throws: SpringError.self) { try still.cssLinearEasing() }
        let undamped = try SpringMotion(spring: try DampedSpring(mass: 1, stiffness: 100, damping: 0), from: 0.0, to: 1.0)
        #expect(throws: SpringError.self) { try undamped.cssLinearEasing() }
    }
}
