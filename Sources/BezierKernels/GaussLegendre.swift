/// Gauss–Legendre nodes and weights on [−1, 1], positive half only (the rule is symmetric: node ±x
/// has the same weight). Computed to 35 digits with mpmath (Newton on the Legendre recurrence,
/// weights `2 / ((1 − x²) P'ₙ(x)²)`), rounded to the nearest double; they agree with Abramowitz &
/// Stegun table 25.4. An n-point rule integrates polynomials of degree ≤ 2n − 1 exactly; for an
/// integrand analytic inside the Bernstein ellipse with foci ±1 and sum of semi-axes ρ, the error
/// falls like ρ^(−2n) (Trefethen, *Approximation Theory and Approximation Practice*, ch. 19).
@usableFromInline
enum GaussLegendre {
    @usableFromInline static let nodes8: (Double, Double, Double, Double) = (
        0.18343464249564980494, 0.52553240991632898582, 0.79666647741362673959, 0.96028985649753623168)
    @usableFromInline static let weights8: (Double, Double, Double, Double) = (
        0.36268378337836198297, 0.31370664587788728734, 0.22238103445337447054, 0.10122853629037625915)

    @usableFromInline static let nodes16: (Double, Double, Double, Double, Double, Double, Double, Double) = (
        0.095012509837637440185, 0.28160355077925891323, 0.45801677765722738634, 0.61787624440264374845,
        0.7554044083550030339, 0.86563120238783174388, 0.94457502307323257608, 0.9894009349916499326)
    @usableFromInline static let weights16: (Double, Double, Double, Double, Double, Double, Double, Double) = (
        0.18945061045506849629, 0.18260341504492358887, 0.16915651939500253819, 0.14959598881657673208,
        0.12462897125553387205, 0.09515851168249278481, 0.062253523938647892863, 0.027152459411754094852)
}
