import Foundation

/// `UIScrollView`'s rubber band: how far the content moves when the finger drags it `x` past
/// its edge, f(x) = (1 − 1/(x·c/d + 1))·d with c = 0.55 and d the scroll view's dimension along
/// the drag. Apple does not publish it; this is the reverse-engineered form widely cited since
/// Grant Paul's 2014 note and quoted in issue 24. f(0) = 0, f′(0) = c (the content first moves
/// at 55 % of the finger), f grows monotonically and never reaches d. Applied to |x| with x's
/// sign, so a drag past either edge mirrors.
///
/// Only the displacement is modelled: the spring UIKit releases an over-scrolled view into is
/// not documented, so no hand-off is claimed here.
public struct RubberBand: Sendable, Equatable {
    /// The widely cited constant.
    public static let uikitConstant = 0.55

    /// c: the slope at the edge, in (0, 1].
    public let constant: Double
    /// d: the dimension along the drag, pt (> 0).
    public let dimension: Double

    public init(dimension: Double, constant: Double = RubberBand.uikitConstant) throws {
        guard dimension.isFinite, dimension > 0 else {
            throw SpringError.invalidParameter(name: "dimension", value: dimension, expected: "a positive finite number of points")
        }
        guard constant.isFinite, constant > 0, constant <= 1 else {
            throw SpringError.invalidParameter(name: "constant", value: constant, expected: "a number in (0, 1]")
        }
        self.dimension = dimension
        self.constant = constant
    }

    /// The content's displacement past the edge for a finger `overshoot` past it, pt (signed);
    /// non-finite in, 0 out (no trap, no NaN): ±∞ approaches ±d.
    public func displacement(forOvershoot overshoot: Double) -> Double {
        guard !overshoot.isNaN else { return 0 }
        let x = abs(overshoot)
        guard x.isFinite else { return overshoot > 0 ? dimension : -dimension }
        // (1 − 1/(u + 1))·d = d·u/(u + 1), u = x·c/d: the second form keeps digits near 0.
        let u = x * constant / dimension
        let value = u.isFinite ? dimension * (u / (u + 1)) : dimension
        return overshoot < 0 ? -value : value
    }

    /// The finger's overshoot that shows `displacement` (|displacement| < d): the inverse,
    /// x = d²·y/(c·(d − y)) with y = |displacement|; `nil` at or beyond d, which no drag reaches.
    public func overshoot(forDisplacement displacement: Double) -> Double? {
        let y = abs(displacement)
        guard y.isFinite, y < dimension else { return nil }
        let x = dimension * (y / (dimension - y)) / constant
        guard x.isFinite else { return nil }
        return displacement < 0 ? -x : x
    }
}
