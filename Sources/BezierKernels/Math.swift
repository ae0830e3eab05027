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
    #if canImport(Darwin)
    @inlinable static func log(_ x: Double) -> Double { Darwin.log(x) }
    @inlinable static func sin(_ x: Double) -> Double { Darwin.sin(x) }
    @inlinable static func cos(_ x: Double) -> Double { Darwin.cos(x) }
    @inlinable static func tan(_ x: Double) -> Double { Darwin.tan(x) }
    @inlinable static func atan2(_ y: Double, _ x: Double) -> Double { Darwin.atan2(y, x) }
    @inlinable static func hypot(_ x: Double, _ y: Double) -> Double { Darwin.hypot(x, y) }
    @inlinable static func pow(_ x: Double, _ y: Double) -> Double { Darwin.pow(x, y) }
    #else
    @inlinable static func log(_ x: Double) -> Double { Glibc.log(x) }
    @inlinable static func sin(_ x: Double) -> Double { Glibc.sin(x) }
    @inlinable static func cos(_ x: Double) -> Double { Glibc.cos(x) }
    @inlinable static func tan(_ x: Double) -> Double { Glibc.tan(x) }
    @inlinable static func atan2(_ y: Double, _ x: Double) -> Double { Glibc.atan2(y, x) }
    @inlinable static func hypot(_ x: Double, _ y: Double) -> Double { Glibc.hypot(x, y) }
    @inlinable static func pow(_ x: Double, _ y: Double) -> Double { Glibc.pow(x, y) }
    #endif
}

/// The power of two `2ᵉ` with `e` the binary exponent of `largest` (> 0, finite): dividing values up
/// to `largest` by it is exact (barring underflow of much smaller ones) and lands them in [−2, 2],
/// where squares and sums of a few terms neither overflow nor underflow.
@inlinable
func binaryScale(of largest: Double) -> Double {
    Double(sign: .plus, exponent: largest.exponent, significand: 1)
}

/// The largest magnitude among the coordinates of `points`.
@inlinable
func largestMagnitude(_ points: SIMD2<Double>...) -> Double {
    var largest = 0.0
    for p in points { largest = max(largest, abs(p.x), abs(p.y)) }
    return largest
}

/// Whether every lane of `mask` is set: the lanes and-ed by halves. The standard library's
/// `all(_:)` reduces through `SIMD.max()`, a generic call the optimizer does not inline here
/// (2 % of a `PathMeasure` build under `perf`).
@inlinable @inline(__always)
func everyLane(_ mask: SIMDMask<SIMD8<Int64>>) -> Bool {
    let lanes = SIMD8<Int64>(repeating: 0).replacing(with: -1, where: mask)
    let four = lanes.lowHalf & lanes.highHalf
    let two = four.lowHalf & four.highHalf
    return two.x & two.y != 0
}
