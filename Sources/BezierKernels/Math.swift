// The C math library (log, trigonometry) without Foundation.
#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Thin wrappers so the rest of the module never names the platform library.
@usableFromInline enum Math {
    @inlinable static func log(_ x: Double) -> Double { Glibc.log(x) }
    @inlinable static func sin(_ x: Double) -> Double { Glibc.sin(x) }
    @inlinable static func cos(_ x: Double) -> Double { Glibc.cos(x) }
    @inlinable static func tan(_ x: Double) -> Double { Glibc.tan(x) }
    @inlinable static func atan2(_ y: Double, _ x: Double) -> Double { Glibc.atan2(y, x) }
}
