/// A vector a spring can move: the position, displacement and velocity type of a motion.
///
/// The spring is isotropic (the same mass, stiffness and damping on every axis), so every
/// algorithm in this module only needs a vector space: `+`, `-`, scaling by a `Double`, and
/// component access for norms and finiteness checks. `Double` is the 1-D spring (the fast
/// path: every generic hot path is `@inlinable` and specializes to plain scalar code);
/// `SIMD2<Double>` is the 2-D spring, and `SIMD3`, `SIMD4`, `SIMD8`, `SIMD16` also conform.
/// ``SpringState`` (displacement and velocity together) conforms too, which is how the
/// adaptive solver treats a spring as a first-order system.
public protocol SpringVector: Sendable, Equatable {
    static var zero: Self { get }
    static func + (lhs: Self, rhs: Self) -> Self
    static func - (lhs: Self, rhs: Self) -> Self
    static func * (lhs: Double, rhs: Self) -> Self
    /// The number of scalar components (1 for `Double`).
    var springComponentCount: Int { get }
    /// The component at `index`, `0 ..< springComponentCount`.
    func springComponent(_ index: Int) -> Double
}

extension Double: SpringVector {
    @inlinable public var springComponentCount: Int { 1 }
    @inlinable public func springComponent(_ index: Int) -> Double { self }
}

extension SIMD2: SpringVector where Scalar == Double {
    @inlinable public var springComponentCount: Int { 2 }
    @inlinable public func springComponent(_ index: Int) -> Double { self[index] }
}

extension SIMD3: SpringVector where Scalar == Double {
    @inlinable public var springComponentCount: Int { 3 }
    @inlinable public func springComponent(_ index: Int) -> Double { self[index] }
}

extension SIMD4: SpringVector where Scalar == Double {
    @inlinable public var springComponentCount: Int { 4 }
    @inlinable public func springComponent(_ index: Int) -> Double { self[index] }
}

extension SIMD8: SpringVector where Scalar == Double {
    @inlinable public var springComponentCount: Int { 8 }
    @inlinable public func springComponent(_ index: Int) -> Double { self[index] }
}

extension SIMD16: SpringVector where Scalar == Double {
    @inlinable public var springComponentCount: Int { 16 }
    @inlinable public func springComponent(_ index: Int) -> Double { self[index] }
}

/// Euclidean norm helpers, free functions so they add no members to `Double` or `SIMD`.
@inlinable
func squaredNorm<V: SpringVector>(_ v: V) -> Double {
    var sum = 0.0
    for index in 0..<v.springComponentCount {
        let component = v.springComponent(index)
        sum += component * component
    }
    return sum
}

@inlinable
func norm<V: SpringVector>(_ v: V) -> Double {
    if v.springComponentCount == 1 { return abs(v.springComponent(0)) }
    return squaredNorm(v).squareRoot()
}

@inlinable
func isFinite<V: SpringVector>(_ v: V) -> Bool {
    for index in 0..<v.springComponentCount where !v.springComponent(index).isFinite {
        return false
    }
    return true
}
