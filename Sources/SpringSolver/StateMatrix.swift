import Foundation

/// A 2 × 2 matrix acting on a ``SpringState``: `x₁ = m11·x₀ + m12·v₀`, `v₁ = m21·x₀ + m22·v₀`,
/// applied to every axis of the displacement and velocity (the spring is isotropic).
///
/// Every integrator in this module, applied to the linear spring with a fixed step `h`, *is*
/// such a matrix (its amplification or step matrix); the exact propagator is `exp(A·h)` with
/// `A = [[0, 1], [−ω₀², −2λ]]`. Its eigenvalues tell how a method treats the spring: the
/// spectral radius (> 1 means the method gains energy and diverges) and the damping ratio and
/// natural frequency of the continuous spring the method effectively simulates.
public struct StateMatrix: Sendable, Hashable, CustomStringConvertible {
    public var m11: Double, m12: Double, m21: Double, m22: Double

    @inlinable
    public init(m11: Double, m12: Double, m21: Double, m22: Double) {
        self.m11 = m11
        self.m12 = m12
        self.m21 = m21
        self.m22 = m22
    }

    public static let identity = StateMatrix(m11: 1, m12: 0, m21: 0, m22: 1)

    /// Applies the matrix to a state.
    @inlinable
    public func applied<V: SpringVector>(to state: SpringState<V>) -> SpringState<V> {
        SpringState(
            displacement: m11 * state.displacement + m12 * state.velocity,
            velocity: m21 * state.displacement + m22 * state.velocity)
    }

    /// The product `self · other` (apply `other` first).
    public static func * (lhs: StateMatrix, rhs: StateMatrix) -> StateMatrix {
        StateMatrix(
            m11: lhs.m11 * rhs.m11 + lhs.m12 * rhs.m21, m12: lhs.m11 * rhs.m12 + lhs.m12 * rhs.m22,
            m21: lhs.m21 * rhs.m11 + lhs.m22 * rhs.m21, m22: lhs.m21 * rhs.m12 + lhs.m22 * rhs.m22)
    }

    public var trace: Double { m11 + m22 }
    public var determinant: Double { m11 * m22 - m12 * m21 }

    /// An eigenvalue `re ± i·im` (a complex pair when `im > 0`).
    public struct Eigenvalue: Sendable, Hashable {
        public var real: Double
        public var imaginary: Double
        public var magnitude: Double { (real * real + imaginary * imaginary).squareRoot() }
    }

    /// Both eigenvalues; a complex pair is returned as `(re + i·im, re − i·im)`, real ones
    /// largest first. Real roots use the cancellation-free pair `q = tr/2 + sign(tr)·√disc`,
    /// `det/q`.
    public var eigenvalues: (Eigenvalue, Eigenvalue) {
        let half = trace / 2
        let discriminant = half * half - determinant
        if discriminant < 0 {
            let im = (-discriminant).squareRoot()
            return (Eigenvalue(real: half, imaginary: im), Eigenvalue(real: half, imaginary: -im))
        }
        let root = discriminant.squareRoot()
        let q = half + (half >= 0 ? root : -root)
        let other = q == 0 ? 0 : determinant / q
        let (a, b) = abs(q) >= abs(other) ? (q, other) : (other, q)
        return (Eigenvalue(real: a, imaginary: 0), Eigenvalue(real: b, imaginary: 0))
    }

    /// The largest eigenvalue magnitude: the factor by which the worst mode grows per step.
    /// Above 1 the method diverges on this spring at this step size.
    public var spectralRadius: Double {
        let (a, b) = eigenvalues
        return max(a.magnitude, b.magnitude)
    }

    /// The continuous spring this step matrix reproduces exactly when applied every `step`
    /// seconds: eigenvalues `e^(s·h)` give `s = log(eigenvalue)/h`, and `s` is a root pair
    /// `−ζω₀ ± ω₀√(ζ² − 1)`.
    ///
    /// Returns `nil` when no such spring exists: an eigenvalue that is zero, real negative (the
    /// method flips sign every step, no real logarithm) or with spectral radius > 1 *and* real
    /// parts giving `ω₀² ≤ 0`. A growing mode (radius > 1) gives a negative damping ratio.
    public func effectiveSpring(step: Double) -> (dampingRatio: Double, naturalFrequency: Double)? {
        guard step > 0, step.isFinite else { return nil }
        let (a, b) = eigenvalues
        if a.imaginary != 0 {
            let sigma = log(a.magnitude) / step
            let omegaD = atan2(abs(a.imaginary), a.real) / step
            let omega0 = (sigma * sigma + omegaD * omegaD).squareRoot()
            guard omega0 > 0, omega0.isFinite else { return nil }
            return (-sigma / omega0, omega0)
        }
        guard a.real > 0, b.real > 0 else { return nil }
        let s1 = log(a.real) / step, s2 = log(b.real) / step
        let product = s1 * s2
        guard product > 0, product.isFinite else { return nil }
        let omega0 = product.squareRoot()
        return (-(s1 + s2) / (2 * omega0), omega0)
    }

    public var description: String { "[[\(m11), \(m12)], [\(m21), \(m22)]]" }
}
