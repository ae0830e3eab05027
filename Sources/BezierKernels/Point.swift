/// A position in the plane, in points (y down, as in UIKit and SVG).
///
/// Positions and displacements share `SIMD2<Double>` storage for speed, but are distinct types so
/// the API says which one a value is: `Point − Point = Vector`, `Point + Vector = Point`.
@frozen
public struct Point: Hashable, Sendable, CustomStringConvertible {
    /// The coordinates as a SIMD vector (x, y).
    public var simd: SIMD2<Double>

    @inlinable public init(_ simd: SIMD2<Double>) { self.simd = simd }
    @inlinable public init(x: Double, y: Double) { simd = SIMD2(x, y) }
    @inlinable public init(_ x: Double, _ y: Double) { simd = SIMD2(x, y) }

    /// The origin (0, 0).
    public static let zero = Point(0, 0)

    @inlinable public var x: Double { get { simd.x } set { simd.x = newValue } }
    @inlinable public var y: Double { get { simd.y } set { simd.y = newValue } }

    /// True when both coordinates are finite (not NaN, not infinite).
    @inlinable public var isFinite: Bool { simd.x.isFinite && simd.y.isFinite }

    /// The vector from the origin to this point.
    @inlinable public var vector: Vector { Vector(simd) }

    /// Linear interpolation `self + t·(other − self)`; exact at t = 0 and, up to rounding, at t = 1.
    @inlinable public func interpolated(to other: Point, at t: Double) -> Point {
        Point(simd + t * (other.simd - simd))
    }

    /// The Euclidean distance to `other`.
    @inlinable public func distance(to other: Point) -> Double { (other - self).length }

    /// The point halfway between `self` and `other`: `½(a + b)`, or `½a + ½b` when the sum overflows
    /// (coordinates near the largest doubles), so a midpoint of finite points is always finite.
    @inlinable public func midpoint(to other: Point) -> Point {
        let sum = simd + other.simd
        if sum.x.isFinite && sum.y.isFinite { return Point(0.5 * sum) }
        return Point(0.5 * simd + 0.5 * other.simd)
    }

    public var description: String { "(\(x), \(y))" }

    @inlinable public static func - (lhs: Point, rhs: Point) -> Vector { Vector(lhs.simd - rhs.simd) }
    @inlinable public static func + (lhs: Point, rhs: Vector) -> Point { Point(lhs.simd + rhs.simd) }
    @inlinable public static func - (lhs: Point, rhs: Vector) -> Point { Point(lhs.simd - rhs.simd) }
    @inlinable public static func += (lhs: inout Point, rhs: Vector) { lhs.simd += rhs.simd }
}

/// A displacement (a direction with a magnitude) in the plane: a derivative, a tangent, an offset.
@frozen
public struct Vector: Hashable, Sendable, CustomStringConvertible {
    /// The components as a SIMD vector (dx, dy).
    public var simd: SIMD2<Double>

    @inlinable public init(_ simd: SIMD2<Double>) { self.simd = simd }
    @inlinable public init(dx: Double, dy: Double) { simd = SIMD2(dx, dy) }
    @inlinable public init(_ dx: Double, _ dy: Double) { simd = SIMD2(dx, dy) }

    /// The zero vector.
    public static let zero = Vector(0, 0)

    @inlinable public var dx: Double { get { simd.x } set { simd.x = newValue } }
    @inlinable public var dy: Double { get { simd.y } set { simd.y = newValue } }

    /// True when both components are finite.
    @inlinable public var isFinite: Bool { simd.x.isFinite && simd.y.isFinite }

    /// `dx² + dy²`.
    @inlinable public var lengthSquared: Double { (simd * simd).sum() }
    /// `√(dx² + dy²)`. (Not `hypot`: the kernels work far from overflow, and `sqrt` is much faster.)
    @inlinable public var length: Double { lengthSquared.squareRoot() }

    /// The dot product `a·b`.
    @inlinable public func dot(_ other: Vector) -> Double { (simd * other.simd).sum() }
    /// The z component of the 3-D cross product, `a.dx·b.dy − a.dy·b.dx` (positive when `other`
    /// turns clockwise on screen from `self`, since y points down).
    @inlinable public func cross(_ other: Vector) -> Double { simd.x * other.simd.y - simd.y * other.simd.x }

    /// This vector scaled to length 1, or `nil` when its length is zero (or not finite).
    @inlinable public var normalized: Vector? {
        let length = self.length
        guard length > 0, length.isFinite else { return nil }
        return Vector(simd / length)
    }

    /// The position this displacement reaches from the origin (used for hodographs, whose control
    /// points are displacements).
    @inlinable public var point: Point { Point(simd) }

    public var description: String { "(\(dx), \(dy))" }

    @inlinable public static func + (lhs: Vector, rhs: Vector) -> Vector { Vector(lhs.simd + rhs.simd) }
    @inlinable public static func - (lhs: Vector, rhs: Vector) -> Vector { Vector(lhs.simd - rhs.simd) }
    @inlinable public static prefix func - (v: Vector) -> Vector { Vector(-v.simd) }
    @inlinable public static func * (lhs: Double, rhs: Vector) -> Vector { Vector(lhs * rhs.simd) }
    @inlinable public static func * (lhs: Vector, rhs: Double) -> Vector { Vector(lhs.simd * rhs) }
    @inlinable public static func / (lhs: Vector, rhs: Double) -> Vector { Vector(lhs.simd / rhs) }
}

/// An axis-aligned rectangle given by its minimum and maximum corners (a bounding box).
@frozen
public struct Rect: Hashable, Sendable, CustomStringConvertible {
    public var minimum: Point
    public var maximum: Point

    @inlinable public init(minimum: Point, maximum: Point) {
        self.minimum = minimum
        self.maximum = maximum
    }

    /// The smallest rectangle containing every point given (`points` must not be empty).
    @inlinable public init(enclosing first: Point, _ rest: Point...) {
        var lo = first.simd, hi = first.simd
        for p in rest {
            lo = pointwiseMin(lo, p.simd)
            hi = pointwiseMax(hi, p.simd)
        }
        self.init(minimum: Point(lo), maximum: Point(hi))
    }

    @inlinable public var width: Double { maximum.x - minimum.x }
    @inlinable public var height: Double { maximum.y - minimum.y }

    /// The smallest rectangle containing both rectangles.
    @inlinable public func union(_ other: Rect) -> Rect {
        Rect(minimum: Point(pointwiseMin(minimum.simd, other.minimum.simd)),
             maximum: Point(pointwiseMax(maximum.simd, other.maximum.simd)))
    }

    /// The rectangle grown to include `point`.
    @inlinable public func including(_ point: Point) -> Rect {
        Rect(minimum: Point(pointwiseMin(minimum.simd, point.simd)),
             maximum: Point(pointwiseMax(maximum.simd, point.simd)))
    }

    /// True when `point` lies inside or on the boundary, allowing `slack` in each coordinate.
    @inlinable public func contains(_ point: Point, slack: Double = 0) -> Bool {
        point.x >= minimum.x - slack && point.x <= maximum.x + slack
            && point.y >= minimum.y - slack && point.y <= maximum.y + slack
    }

    public var description: String { "[\(minimum) … \(maximum)]" }
}
