/// An SVG elliptical arc in endpoint form, converted to cubic Béziers.
///
/// The conversion follows the SVG 1.1 implementation notes F.6.5 (endpoint → center
/// parameterization) and F.6.6 (out-of-range radii: zero radius → a straight line, radii too small
/// → scaled up by √Λ), in ratio form so that no intermediate overflows or underflows: the half
/// chord `(x1′, y1′)` (F.6.5.1) is divided by the radii before anything is squared, giving the
/// unit-circle half chord `n·(dx, dy)` with `n = √Λ = |(x1′/rx, y1′/ry)|` and `(dx, dy)` a unit
/// vector. If `n ≥ 1` the radii are scaled by `n` (F.6.6.3) and the centre is the chord's
/// midpoint; otherwise the centre lies `√(1 − n²)` from the midpoint along `±(dy, −dx)` in the
/// unit circle's frame, which is F.6.5.2's `√((1 − Λ)/Λ)·(rx·y1′/ry, −ry·x1′/rx)` divided by the
/// radii. The half angle is `α = atan2(n, √(1 − n²))`, so `|Δθ|` is `2α` (small arc) or
/// `2π − 2α` (large arc), signed by the sweep flag (F.6.5.6) — exact even when `n` is tiny.
///
/// The arc is split into `n` equal angular pieces, each replaced by the cubic with handles of
/// length `k = (4/3)·tan(φ/4)` times the radius, which meets the circle at both ends with the
/// right tangents. For a unit circle the largest radial deviation of that cubic over an angle φ is
/// exactly `e(φ) = 2·sin⁶(φ/4) / (27·cos²(φ/4))` (Goldapp, "Approximation of circular arcs by
/// cubic polynomials", CAGD 8, 1991; 2.7e-4 for a quarter circle). An ellipse is an affine image
/// of the circle, so its deviation is at most `R·e(φ)` with `R = max(rx, ry)`; the piece count is
/// the smallest (with pieces ≤ 90°) for which that is ≤ `max(tolerance, M·2⁻⁵²)`, `M` the larger
/// of `R` and the centre's coordinates' magnitudes. The floor `M·2⁻⁵²` is the rounding of the
/// coordinates themselves (half an ulp of R is R·2⁻⁵³): splitting
/// further cannot bring the cubics closer, and it bounds the count by 414 for a full ellipse
/// (`e(φ) ≥ φ⁶/55296`, so `φ ≥ 0.0152`), where the 1e-9 default with R = 1e20 would need about 7·10⁴.
/// The points themselves carry that rounding too: expect a distance to the exact arc of
/// `max(tolerance, M·2⁻⁵²)` plus a few ulps of the largest coordinate.
struct EllipticalArc {
    var from: Point
    var to: Point
    var radiusX: Double
    var radiusY: Double
    var rotationDegrees: Double
    var largeArc: Bool
    var sweep: Bool

    /// Why an arc has no representation in `Double` coordinates (the SVG parser turns it into
    /// `BezierError.invalidPathData` naming the arc).
    struct Failure: Error {
        var reason: String
    }

    /// The most cubics one arc becomes: the tolerance floor `M·2⁻⁵²` already bounds the count by
    /// 414 for a full turn, so this is only a backstop.
    static let maximumPieceCount = 1024

    static func deviation(angle phi: Double) -> Double {
        let s = Math.sin(phi / 4), c = Math.cos(phi / 4)
        let s2 = s * s
        return 2 * s2 * s2 * s2 / (27 * c * c)
    }

    /// The cubics (or a line, or nothing, per F.6.2 and F.6.6.1) that replace the arc.
    /// - Throws: `Failure` when the end point, the (scaled) radii, the centre or a control point
    ///   is not a finite `Double`, or the end points are too close to orient the arc.
    /// - Complexity: O(number of pieces), at most `maximumPieceCount`.
    func elements(tolerance: Double) throws(Failure) -> [PathElement] {
        guard to.isFinite else { throw Failure(reason: "its end point \(to) is not a finite number") }
        if from == to { return [] }  // F.6.2: identical end points omit the arc entirely
        var rx = abs(radiusX), ry = abs(radiusY)
        if rx == 0 || ry == 0 { return [.line(to: to)] }
        let phi = rotationDegrees.truncatingRemainder(dividingBy: 360) * (.pi / 180)
        let cosPhi = Math.cos(phi), sinPhi = Math.sin(phi)
        // F.6.5.1: the end points in the ellipse's rotated frame, centred on their midpoint. Each
        // end is halved before adding, so neither the difference nor the sum can overflow.
        let hx = 0.5 * from.x - 0.5 * to.x, hy = 0.5 * from.y - 0.5 * to.y
        let mx = 0.5 * from.x + 0.5 * to.x, my = 0.5 * from.y + 0.5 * to.y
        let x1 = cosPhi * hx + sinPhi * hy
        let y1 = -sinPhi * hx + cosPhi * hy
        let size = max(abs(x1), abs(y1))
        guard size.isFinite else { throw Failure(reason: "its half chord overflows") }
        guard size > 0 else { throw Failure(reason: "its end points \(from) and \(to) are too close to orient the arc") }
        // The direction (dx, dy) of (x1/rx, y1/ry), from components in [−1, 1] (the radii enter
        // only as ratios ≤ 1), and its length n = √Λ (F.6.6.2), +∞ when it overflows.
        let xs = x1 / size, ys = y1 / size
        let small = min(rx, ry)
        let px = xs * (small / rx), py = ys * (small / ry)
        let norm = Math.hypot(px, py)
        guard norm > 0 else { throw Failure(reason: "its radii \(rx) and \(ry) differ by more than a Double can express") }
        let dx = px / norm, dy = py / norm
        let n = (size / small) * norm
        var halfChord = n, centreOffset = 0.0  // along the unit circle's chord and its normal
        if n >= 1 {
            // F.6.6.3: rx·√Λ = |(x1, y1·rx/ry)| and ry·√Λ = |(x1·ry/rx, y1)|, without forming Λ.
            func hypot(_ a: Double, _ b: Double, times ratio: Double) -> Double {
                b == 0 ? abs(a) : Math.hypot(a, b * ratio)
            }
            let ratio = rx / ry, inverseRatio = ry / rx
            rx = size * hypot(xs, ys, times: ratio)
            ry = size * hypot(ys, xs, times: inverseRatio)
            guard rx.isFinite, ry.isFinite, rx > 0, ry > 0 else {
                throw Failure(reason: "its radii scaled up to reach the end point (SVG F.6.6) overflow")
            }
            halfChord = 1
        } else {
            // F.6.5.2 with the sign rule: + when the flags differ, − when they agree.
            let height = ((1 - n) * (1 + n)).squareRoot()
            centreOffset = largeArc == sweep ? -height : height
        }
        // Centre and start vector in the unit circle's frame.
        let cux = centreOffset * dy, cuy = -centreOffset * dx
        let ux = halfChord * dx - cux, uy = halfChord * dy - cuy
        let theta1 = Math.atan2(uy, ux)
        let alpha = Math.atan2(halfChord, abs(centreOffset))
        let magnitude = largeArc ? 2 * .pi - 2 * alpha : 2 * alpha
        let delta = sweep ? magnitude : -magnitude
        // F.6.5.3: the centre in user space.
        let cx1 = rx * cux, cy1 = ry * cuy
        let cx = cosPhi * cx1 - sinPhi * cy1 + mx
        let cy = sinPhi * cx1 + cosPhi * cy1 + my
        guard cx.isFinite, cy.isFinite else { throw Failure(reason: "its centre overflows") }

        let radius = max(rx, ry)
        // The rounding floor is that of the coordinates the cubics are written in: the radius,
        // or the centre when it is farther from the origin (a small arc far away cannot be drawn
        // finer than the spacing of doubles there, and needs no more than a piece per quarter).
        let goal = max(tolerance, max(radius, abs(cx), abs(cy)) * Double.ulpOfOne)
        let quarters = max(1, Int((magnitude / (.pi / 2)).rounded(.up)))
        // e(φ) ≥ φ⁶/55296 on (0, π/2] (so a count below the estimate never suffices); the loop then
        // settles on the smallest count that meets the exact e(φ).
        let largestAngle = Math.pow(55296 * (goal / radius), 1.0 / 6)
        let estimate = magnitude / largestAngle
        var count = max(quarters, estimate < Double(Self.maximumPieceCount) ? Int(estimate) : Self.maximumPieceCount)
        while radius * Self.deviation(angle: magnitude / Double(count)) > goal, count < Self.maximumPieceCount {
            count += 1
        }
        let step = delta / Double(count)
        let k = (4.0 / 3.0) * Math.tan(step / 4)
        // The unit circle point (x, y), mapped by scale (rx, ry), rotation φ and translation.
        func map(_ x: Double, _ y: Double) -> Point {
            Point(cx + cosPhi * rx * x - sinPhi * ry * y, cy + sinPhi * rx * x + cosPhi * ry * y)
        }
        var result: [PathElement] = []
        result.reserveCapacity(count)
        var cosA = Math.cos(theta1), sinA = Math.sin(theta1)
        for i in 0..<count {
            let b = theta1 + Double(i + 1) * step
            let cosB = Math.cos(b), sinB = Math.sin(b)
            let c1 = map(cosA - k * sinA, sinA + k * cosA)
            let c2 = map(cosB + k * sinB, sinB - k * cosB)
            let end = i == count - 1 ? to : map(cosB, sinB)
            guard c1.isFinite, c2.isFinite, end.isFinite else {
                throw Failure(reason: "its control points overflow")
            }
            result.append(.curve(to: end, control1: c1, control2: c2))
            cosA = cosB
            sinA = sinB
        }
        return result
    }
}
