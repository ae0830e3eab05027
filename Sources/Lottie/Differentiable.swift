import Foundation  // sin, cos, tan

/// The numbers transforms are evaluated in: plain `Double` for values (frames, plots, the
/// benchmark), `Dual` for a value together with its exact derivative in time (the velocities at
/// keyframes that the joins report). One generic evaluation serves both, so the velocity is the
/// derivative of exactly the code that computes the value.
protocol TimeScalar: Sendable {
    init(_ constant: Double)
    /// The value (a `Dual`'s value part).
    var value: Double { get }
    static func + (a: Self, b: Self) -> Self
    static func - (a: Self, b: Self) -> Self
    static func * (a: Self, b: Self) -> Self
    static func / (a: Self, b: Self) -> Self
    static prefix func - (a: Self) -> Self
    /// `f(self)` with derivative `slope(value) · self′` (the chain rule); a `Double` ignores `slope`.
    func map(_ f: (Double) -> Double, slope: (Double) -> Double) -> Self
}

extension TimeScalar {
    static func * (a: Double, b: Self) -> Self { Self(a) * b }
    static func + (a: Self, b: Double) -> Self { a + Self(b) }
    static func - (a: Self, b: Double) -> Self { a - Self(b) }
    static func * (a: Self, b: Double) -> Self { a * Self(b) }
    static func / (a: Self, b: Double) -> Self { a / Self(b) }

    /// Sine and cosine of an angle in degrees.
    var sineDegrees: Self { map({ sin($0 * .pi / 180) }, slope: { cos($0 * .pi / 180) * .pi / 180 }) }
    var cosineDegrees: Self { map({ cos($0 * .pi / 180) }, slope: { -sin($0 * .pi / 180) * .pi / 180 }) }
    var tangentDegrees: Self {
        map({ tan($0 * .pi / 180) }, slope: { let c = cos($0 * .pi / 180); return .pi / 180 / (c * c) })
    }
}

extension Double: TimeScalar {
    @inlinable var value: Double { self }
    @inlinable func map(_ f: (Double) -> Double, slope: (Double) -> Double) -> Double { f(self) }
}

/// A value with its derivative with respect to time (forward-mode automatic differentiation):
/// `(u + u′ε)(v + v′ε) = uv + (u′v + uv′)ε` with ε² = 0.
struct Dual: TimeScalar, Equatable {
    var value: Double
    var derivative: Double

    init(_ constant: Double) {
        value = constant
        derivative = 0
    }

    init(value: Double, derivative: Double) {
        self.value = value
        self.derivative = derivative
    }

    static func + (a: Dual, b: Dual) -> Dual { Dual(value: a.value + b.value, derivative: a.derivative + b.derivative) }
    static func - (a: Dual, b: Dual) -> Dual { Dual(value: a.value - b.value, derivative: a.derivative - b.derivative) }
    static func * (a: Dual, b: Dual) -> Dual {
        Dual(value: a.value * b.value, derivative: a.derivative * b.value + a.value * b.derivative)
    }
    static func / (a: Dual, b: Dual) -> Dual {
        Dual(value: a.value / b.value, derivative: (a.derivative * b.value - a.value * b.derivative) / (b.value * b.value))
    }
    static prefix func - (a: Dual) -> Dual { Dual(value: -a.value, derivative: -a.derivative) }

    func map(_ f: (Double) -> Double, slope: (Double) -> Double) -> Dual {
        // A constant stays constant even where the slope is infinite (an easing curve leaving
        // vertically): 0 · ∞ would be NaN.
        Dual(value: f(value), derivative: derivative == 0 ? 0 : slope(value) * derivative)
    }
}

/// A 2-D vector of `TimeScalar`s.
struct Vec2<S: TimeScalar>: Sendable {
    var x: S
    var y: S

    init(_ x: S, _ y: S) {
        self.x = x
        self.y = y
    }

    init(_ v: SIMD2<Double>) {
        x = S(v.x)
        y = S(v.y)
    }

    var values: SIMD2<Double> { SIMD2(x.value, y.value) }

    static func + (a: Vec2, b: Vec2) -> Vec2 { Vec2(a.x + b.x, a.y + b.y) }
    static func - (a: Vec2, b: Vec2) -> Vec2 { Vec2(a.x - b.x, a.y - b.y) }
}

extension Vec2 where S == Dual {
    /// The derivatives: a velocity.
    var derivatives: SIMD2<Double> { SIMD2(x.derivative, y.derivative) }
}

/// A 2-D affine map in column-vector form: `x′ = a·x + c·y + tx`, `y′ = b·x + d·y + ty`.
struct Affine<S: TimeScalar>: Sendable {
    var a, b, c, d, tx, ty: S

    static var identity: Affine { Affine(a: S(1), b: S(0), c: S(0), d: S(1), tx: S(0), ty: S(0)) }

    /// `self · other`: apply `other` first.
    static func * (m: Affine, n: Affine) -> Affine {
        Affine(
            a: m.a * n.a + m.c * n.b, b: m.b * n.a + m.d * n.b,
            c: m.a * n.c + m.c * n.d, d: m.b * n.c + m.d * n.d,
            tx: m.a * n.tx + m.c * n.ty + m.tx, ty: m.b * n.tx + m.d * n.ty + m.ty)
    }

    func apply(_ p: Vec2<S>) -> Vec2<S> {
        Vec2(a * p.x + c * p.y + tx, b * p.x + d * p.y + ty)
    }
}
