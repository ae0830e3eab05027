/// An SVG elliptical arc in endpoint form, converted to cubic Béziers.
///
/// The conversion follows the SVG 1.1 implementation notes F.6.5 (endpoint → center
/// parameterization) and F.6.6 (out-of-range radii: zero radius → a straight line, radii too small
/// → scaled up by √Λ). The arc is split into `n` equal angular pieces, each replaced by the cubic
/// with handles of length `k = (4/3)·tan(φ/4)` times the radius, which meets the circle at both
/// ends with the right tangents. For a unit circle the largest radial deviation of that cubic over
/// an angle φ is exactly `e(φ) = 2·sin⁶(φ/4) / (27·cos²(φ/4))` (Goldapp, "Approximation of circular
/// arcs by cubic polynomials", CAGD 8, 1991; 2.7e-4 for a quarter circle). An ellipse is an affine
/// image of the circle, so its deviation is at most `max(rx, ry)·e(φ)`; `n` is the smallest count
/// (with pieces ≤ 90°) for which that is ≤ the tolerance.
struct EllipticalArc {
    var from: Point
    var to: Point
    var radiusX: Double
    var radiusY: Double
    var rotationDegrees: Double
    var largeArc: Bool
    var sweep: Bool

    static func deviation(angle phi: Double) -> Double {
        let s = Math.sin(phi / 4), c = Math.cos(phi / 4)
        let s2 = s * s
        return 2 * s2 * s2 * s2 / (27 * c * c)
    }

    func elements(tolerance: Double) -> [PathElement] {
        if from == to { return [] }  // F.6.2: identical end points omit the arc entirely
        var rx = abs(radiusX), ry = abs(radiusY)
        if rx == 0 || ry == 0 { return [.line(to: to)] }
        let phi = rotationDegrees.truncatingRemainder(dividingBy: 360) * (.pi / 180)
        let cosPhi = Math.cos(phi), sinPhi = Math.sin(phi)
        // F.6.5.1: the end points in the ellipse's rotated frame, centred on their midpoint.
        let hx = 0.5 * (from.x - to.x), hy = 0.5 * (from.y - to.y)
        let x1 = cosPhi * hx + sinPhi * hy
        let y1 = -sinPhi * hx + cosPhi * hy
        // F.6.6.2: scale the radii up if no ellipse of these radii reaches both points.
        let lambda = (x1 * x1) / (rx * rx) + (y1 * y1) / (ry * ry)
        if lambda > 1 {
            let scale = lambda.squareRoot()
            rx *= scale
            ry *= scale
        }
        // F.6.5.2: the centre in the rotated frame.
        let rx2 = rx * rx, ry2 = ry * ry
        let numerator = rx2 * ry2 - rx2 * y1 * y1 - ry2 * x1 * x1
        let denominator = rx2 * y1 * y1 + ry2 * x1 * x1
        var coefficient = denominator > 0 ? max(0, numerator / denominator).squareRoot() : 0
        if largeArc == sweep { coefficient = -coefficient }
        let cx1 = coefficient * rx * y1 / ry
        let cy1 = -coefficient * ry * x1 / rx
        // F.6.5.3: the centre in user space.
        let cx = cosPhi * cx1 - sinPhi * cy1 + 0.5 * (from.x + to.x)
        let cy = sinPhi * cx1 + cosPhi * cy1 + 0.5 * (from.y + to.y)
        // F.6.5.5–6: start angle and sweep.
        let ux = (x1 - cx1) / rx, uy = (y1 - cy1) / ry
        let vx = (-x1 - cx1) / rx, vy = (-y1 - cy1) / ry
        let theta1 = Math.atan2(uy, ux)
        var delta = Math.atan2(ux * vy - uy * vx, ux * vx + uy * vy)
        if !sweep && delta > 0 { delta -= 2 * .pi }
        if sweep && delta < 0 { delta += 2 * .pi }

        var count = max(1, Int((abs(delta) / (.pi / 2)).rounded(.up)))
        let radius = max(rx, ry)
        while radius * Self.deviation(angle: abs(delta) / Double(count)) > tolerance, count < 1 << 16 {
            count += 1
        }
        let step = delta / Double(count)
        let k = (4.0 / 3.0) * Math.tan(step / 4)
        // The unit circle point at angle a, mapped by scale (rx, ry), rotation φ and translation.
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
            result.append(.curve(to: end, control1: c1, control2: c2))
            cosA = cosB
            sinA = sinB
        }
        return result
    }
}
