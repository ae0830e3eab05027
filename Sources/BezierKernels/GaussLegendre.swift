/// Gauss–Legendre nodes and weights on [−1, 1], positive half only (the rule is symmetric: node ±x
/// has the same weight). Computed to 35 digits with mpmath (Newton on the Legendre recurrence,
/// weights `2 / ((1 − x²) P'ₙ(x)²)`), rounded to the nearest double; they agree with Abramowitz &
/// Stegun table 25.4. An n-point rule integrates polynomials of degree ≤ 2n − 1 exactly; for an
/// integrand analytic inside the Bernstein ellipse with foci ±1 and sum of semi-axes ρ, the error
/// falls like ρ^(−2n) (Trefethen, *Approximation Theory and Approximation Practice*, ch. 19).
@usableFromInline
enum GaussLegendre {
    @usableFromInline static let nodes4: (Double, Double) = (0.33998104358485626480, 0.86113631159405257522)
    @usableFromInline static let weights4: (Double, Double) = (0.65214515486254614263, 0.34785484513745385737)

    @usableFromInline static let nodes8: (Double, Double, Double, Double) = (
        0.18343464249564980494, 0.52553240991632898582, 0.79666647741362673959, 0.96028985649753623168)
    @usableFromInline static let weights8: (Double, Double, Double, Double) = (
        0.36268378337836198297, 0.31370664587788728734, 0.22238103445337447054, 0.10122853629037625915)

    @usableFromInline static let nodes12: (Double, Double, Double, Double, Double, Double) = (
        0.125233408511468915472, 0.367831498998180193753, 0.587317954286617447297,
        0.769902674194304687037, 0.904117256370474856678, 0.981560634246719250691)
    @usableFromInline static let weights12: (Double, Double, Double, Double, Double, Double) = (
        0.249147045813402785001, 0.233492536538354808761, 0.203167426723065921749,
        0.160078328543346226335, 0.10693932599531843096, 0.0471753363865118271946)

    @usableFromInline static let nodes16: (Double, Double, Double, Double, Double, Double, Double, Double) = (
        0.095012509837637440185, 0.28160355077925891323, 0.45801677765722738634, 0.61787624440264374845,
        0.7554044083550030339, 0.86563120238783174388, 0.94457502307323257608, 0.9894009349916499326)
    @usableFromInline static let weights16: (Double, Double, Double, Double, Double, Double, Double, Double) = (
        0.18945061045506849629, 0.18260341504492358887, 0.16915651939500253819, 0.14959598881657673208,
        0.12462897125553387205, 0.09515851168249278481, 0.062253523938647892863, 0.027152459411754094852)

    @usableFromInline static let nodes24: (Double, Double, Double, Double, Double, Double,
                                           Double, Double, Double, Double, Double, Double) = (
        0.064056892862605626085, 0.19111886747361630916, 0.31504267969616337439, 0.43379350762604513849,
        0.54542147138883953566, 0.64809365193697556925, 0.74012419157855436424, 0.82000198597390292195,
        0.88641552700440103421, 0.93827455200273275852, 0.9747285559713094982, 0.99518721999702136018)
    @usableFromInline static let weights24: (Double, Double, Double, Double, Double, Double,
                                             Double, Double, Double, Double, Double, Double) = (
        0.12793819534675215697, 0.12583745634682829612, 0.1216704729278033912, 0.11550566805372560135,
        0.10744427011596563478, 0.09761865210411388827, 0.086190161531953275917, 0.073346481411080305734,
        0.059298584915436780746, 0.044277438817419806169, 0.028531388628933663181, 0.012341229799987199547)
}
