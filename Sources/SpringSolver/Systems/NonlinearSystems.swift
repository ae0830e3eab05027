import Foundation

// Nonlinear motions with no closed form: the systems `bench integrators --system` runs, each a
// ``SecondOrderSystem`` with its energy. Positions in points (the pendulum: radians), time in
// seconds, every coefficient per unit mass.

/// A spring with linear and quadratic (air) drag toward `target`:
/// `x″ = −(k/m)(x − target) − (c/m)·x′ − (c₂/m)·x′·|x′|`.
///
/// `x′|x′|` is once differentiable in `x′` (its second derivative jumps at `x′ = 0`), so the
/// motion is only a few times differentiable at each turnaround: high-order fixed-step methods
/// lose order there.
public struct DragSpring: SecondOrderSystem {
    public var mass: Double, stiffness: Double, damping: Double, quadraticDrag: Double, target: Double

    public init(mass: Double = 1, stiffness: Double, damping: Double, quadraticDrag: Double, target: Double) {
        self.mass = mass
        self.stiffness = stiffness
        self.damping = damping
        self.quadraticDrag = quadraticDrag
        self.target = target
    }

    public var dimension: Int { 1 }
    public func vector(_ components: [Double]) -> Double { components.first ?? 0 }

    @inlinable
    public func acceleration(at time: Double, position x: Double, velocity v: Double) -> Double {
        (-stiffness * (x - target) - damping * v - quadraticDrag * v * abs(v)) / mass
    }

    public func accelerationJacobian(at time: Double, position: Double, velocity v: Double)
        -> (position: [Double], velocity: [Double], time: [Double]) {
        ([-stiffness / mass], [(-damping - 2 * quadraticDrag * abs(v)) / mass], [0])
    }

    /// `½k(x − target)² + ½m·v²`.
    public func energy(position x: Double, velocity v: Double) -> Double {
        0.5 * stiffness * (x - target) * (x - target) + 0.5 * mass * v * v
    }
}

/// A damped pendulum (a badge swinging on a pin): `θ″ = −(g/L)·sin θ − c·θ′`, θ in radians from
/// hanging straight down.
public struct Pendulum: SecondOrderSystem {
    /// `g` (m/s²), `L` (m), `c` (1/s).
    public var gravity: Double, length: Double, damping: Double

    public init(gravity: Double = 9.81, length: Double, damping: Double) {
        self.gravity = gravity
        self.length = length
        self.damping = damping
    }

    public var dimension: Int { 1 }
    public func vector(_ components: [Double]) -> Double { components.first ?? 0 }
    /// `√(g/L)`: the small-angle angular frequency (rad/s).
    public var smallAngleFrequency: Double { (gravity / length).squareRoot() }

    @inlinable
    public func acceleration(at time: Double, position theta: Double, velocity omega: Double) -> Double {
        -(gravity / length) * sin(theta) - damping * omega
    }

    public func accelerationJacobian(at time: Double, position theta: Double, velocity: Double)
        -> (position: [Double], velocity: [Double], time: [Double]) {
        ([-(gravity / length) * cos(theta)], [-damping], [0])
    }

    /// Per unit `m·L²` (1/s²): `½θ′² + (g/L)(1 − cos θ)`.
    public func energy(position theta: Double, velocity omega: Double) -> Double {
        0.5 * omega * omega + (gravity / length) * (1 - cos(theta))
    }
}

/// A hardening (Duffing) spring: `x″ = −(k/m)·x − (k₃/m)·x³ − (c/m)·x′`, x from rest.
public struct DuffingSpring: SecondOrderSystem {
    public var mass: Double, stiffness: Double, cubicStiffness: Double, damping: Double

    public init(mass: Double = 1, stiffness: Double, cubicStiffness: Double, damping: Double) {
        self.mass = mass
        self.stiffness = stiffness
        self.cubicStiffness = cubicStiffness
        self.damping = damping
    }

    public var dimension: Int { 1 }
    public func vector(_ components: [Double]) -> Double { components.first ?? 0 }

    @inlinable
    public func acceleration(at time: Double, position x: Double, velocity v: Double) -> Double {
        (-stiffness * x - cubicStiffness * x * x * x - damping * v) / mass
    }

    public func accelerationJacobian(at time: Double, position x: Double, velocity: Double)
        -> (position: [Double], velocity: [Double], time: [Double]) {
        ([(-stiffness - 3 * cubicStiffness * x * x) / mass], [-damping / mass], [0])
    }

    /// `½m·v² + ½k·x² + ¼k₃·x⁴`: conserved when `c = 0`.
    public func energy(position x: Double, velocity v: Double) -> Double {
        0.5 * mass * v * v + 0.5 * stiffness * x * x + 0.25 * cubicStiffness * x * x * x * x
    }
}

/// Eight unit masses in a line, each joined to the one before by a spring `k` and a damper `c`
/// (1/s², 1/s per unit mass); the first is joined to a pointer that glides from 0 to `travel`
/// as `p(t) = travel·(1 − (1 + t/τ)·e^(−t/τ))` (at rest at t = 0, analytic), the last is free:
///
/// `xᵢ″ = k(xᵢ₋₁ − xᵢ) + c(vᵢ₋₁ − vᵢ) − [i < 8]·(k(xᵢ − xᵢ₊₁) + c(vᵢ − vᵢ₊₁))`, `x₀ = p(t)`.
///
/// Linear but stiff: the fastest mode decays at about `4c` while the slowest swings at about
/// `(π/17)·2√k`, so an explicit step must resolve the fast one long after it has died out.
public struct SpringChain: SecondOrderSystem {
    public var stiffness: Double, damping: Double, travel: Double, pointerTime: Double
    /// The number of masses (fixed: the state is a `SIMD8`).
    public static let masses = 8

    public init(stiffness: Double, damping: Double, travel: Double, pointerTime: Double) {
        self.stiffness = stiffness
        self.damping = damping
        self.travel = travel
        self.pointerTime = pointerTime
    }

    public var dimension: Int { Self.masses }
    /// The first 8 components (missing ones are 0).
    public func vector(_ components: [Double]) -> SIMD8<Double> {
        var vector = SIMD8<Double>()
        for (index, component) in components.prefix(8).enumerated() { vector[index] = component }
        return vector
    }

    /// The pointer's position, velocity and acceleration at `t`.
    public func pointer(at t: Double) -> (position: Double, velocity: Double, acceleration: Double) {
        let s = t / pointerTime, e = exp(-s)
        return (travel * (1 - (1 + s) * e), travel * s * e / pointerTime, travel * (1 - s) * e / (pointerTime * pointerTime))
    }

    @inlinable
    public func acceleration(at time: Double, position x: SIMD8<Double>, velocity v: SIMD8<Double>) -> SIMD8<Double> {
        let p = pointer(at: time)
        var a = SIMD8<Double>()
        var previousX = p.position, previousV = p.velocity
        for i in 0..<8 {
            // Force of the link to the mass before (or the pointer) ...
            let link = stiffness * (previousX - x[i]) + damping * (previousV - v[i])
            a[i] += link
            // ... and its reaction on that mass.
            if i > 0 { a[i - 1] -= link }
            previousX = x[i]
            previousV = v[i]
        }
        return a
    }

    public func accelerationJacobian(at time: Double, position: SIMD8<Double>, velocity: SIMD8<Double>)
        -> (position: [Double], velocity: [Double], time: [Double]) {
        let n = 8
        var dx = [Double](repeating: 0, count: n * n), dv = dx
        for i in 0..<n {
            // Link i (mass i−1 or the pointer to mass i) acts on mass i; link i+1 on mass i.
            dx[i * n + i] = -stiffness * (i < n - 1 ? 2 : 1)
            dv[i * n + i] = -damping * (i < n - 1 ? 2 : 1)
            if i > 0 { dx[i * n + i - 1] = stiffness; dv[i * n + i - 1] = damping }
            if i < n - 1 { dx[i * n + i + 1] = stiffness; dv[i * n + i + 1] = damping }
        }
        let p = pointer(at: time)
        var dt = [Double](repeating: 0, count: n)
        dt[0] = stiffness * p.velocity + damping * p.acceleration
        return (dx, dv, dt)
    }

    /// Kinetic energy and the energy in the links, pointer link included, per unit mass.
    public func energy(at time: Double, position x: SIMD8<Double>, velocity v: SIMD8<Double>) -> Double {
        var energy = 0.5 * (v * v).sum()
        var previous = pointer(at: time).position
        for i in 0..<8 {
            energy += 0.5 * stiffness * (previous - x[i]) * (previous - x[i])
            previous = x[i]
        }
        return energy
    }
}
