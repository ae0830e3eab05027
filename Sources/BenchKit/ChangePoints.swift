import Foundation

/// Where a series of measurements (one benchmark's median over recorded runs) changed level:
/// E-Divisive means (Matteson & James, "A nonparametric approach for multiple change point
/// analysis of multivariate data", JASA 2014, with α = 1) proposes each split, and a two-sample
/// Student t-test decides whether it is real — the deterministic variant MongoDB's and
/// DataStax's Hunter (now Apache Otava) use in place of the paper's permutation test, so the
/// same history always gives the same answer.
///
///     let series = Array(repeating: 100.0, count: 10) + Array(repeating: 112.0, count: 10)
///     let found = ChangePoints.detect(in: series.enumerated().map { $1 + Double($0 % 3) * 0.1 })
///     // [ChangePoint(index: 10, …, changePercent: +12.0…)]
///
/// Procedure: start with the whole series as one segment. In every segment of at least
/// 2 × `minimumSegment` values, find the split τ that maximises the energy statistic
/// Q̂(τ) = (m·k ÷ (m + k)) · Ê, Ê = 2·mean|x − y| − mean|x − x′| − mean|y − y′| (x the m values
/// before τ, y the k after, within-side means over distinct pairs); take the segment whose best
/// split has the largest Q̂; test the values on its two sides with Welch's two-sample t-test
/// (Student's t distribution with Welch–Satterthwaite degrees of freedom, so the sides need not
/// share a variance); stop at the first split whose two-sided p-value exceeds `maxPValue`,
/// otherwise keep it and repeat. Each reported point's statistics are then taken between its
/// neighbouring change points.
public enum ChangePoints {
    /// Hunter's default significance level.
    public static let defaultMaxPValue = 0.001
    /// Fewest values on each side of a change point (the t-test needs two).
    public static let defaultMinimumSegment = 3

    /// The change points of `series` in increasing index order; empty when there are none or
    /// the series is too short.
    ///
    /// - Throws: ``BenchKitError`` for a non-finite value, `maxPValue` outside (0, 1) or
    ///   `minimumSegment` below 2.
    /// - Complexity: O(c · n²) for n values and c change points found.
    public static func detect(in series: [Double], maxPValue: Double = defaultMaxPValue,
                              minimumSegment: Int = defaultMinimumSegment) throws -> [ChangePoint] {
        guard series.allSatisfy(\.isFinite) else { throw BenchKitError.nonFiniteSample("change-point detection") }
        guard maxPValue > 0, maxPValue < 1 else {
            throw BenchKitError.invalidValue(what: "the largest p-value", value: "\(maxPValue)", expected: "between 0 and 1 (exclusive)")
        }
        guard minimumSegment >= 2 else {
            throw BenchKitError.invalidValue(what: "the shortest segment", value: "\(minimumSegment)", expected: "at least 2")
        }
        var boundaries = [0, series.count]
        while true {
            var best: (q: Double, split: Int, start: Int, end: Int)?
            for (start, end) in zip(boundaries, boundaries.dropFirst()) where end - start >= 2 * minimumSegment {
                guard let split = bestSplit(series, start, end, minimumSegment) else { continue }
                if best == nil || split.q > best!.q { best = (split.q, split.index, start, end) }
            }
            guard let best else { break }
            let test = WelchTest(Array(series[best.start..<best.split]), Array(series[best.split..<best.end]))
            guard test.pValue <= maxPValue else { break }
            boundaries.insert(best.split, at: boundaries.firstIndex { $0 > best.split }!)
        }
        return boundaries.indices.dropFirst().dropLast().map { position in
            let (before, index, after) = (boundaries[position - 1], boundaries[position], boundaries[position + 1])
            let left = Array(series[before..<index]), right = Array(series[index..<after])
            let test = WelchTest(left, right)
            return ChangePoint(index: index, pValue: test.pValue, meanBefore: test.meanLeft, meanAfter: test.meanRight,
                               countBefore: left.count, countAfter: right.count)
        }
    }

    /// The split of `series[start..<end]` with the largest Q̂, at least `minimum` values from
    /// either end (the earliest on a tie), and its Q̂.
    ///
    /// - Complexity: O(n²) for n = end − start: sums of |zᵢ − zⱼ| updated as τ moves right.
    static func bestSplit(_ series: [Double], _ start: Int, _ end: Int, _ minimum: Int) -> (index: Int, q: Double)? {
        let z = Array(series[start..<end])
        let n = z.count
        guard n >= 2 * minimum else { return nil }
        var total = 0.0
        for i in 0..<n { for j in (i + 1)..<n { total += abs(z[i] - z[j]) } }
        // τ = 0: nothing on the left; then move one value at a time from right to left.
        var within = 0.0   // Σ over pairs both before τ
        var across = 0.0   // Σ over pairs split by τ
        var best: (index: Int, q: Double)?
        for tau in 1..<n {
            let moved = tau - 1
            var toLeft = 0.0, toRight = 0.0
            for i in 0..<moved { toLeft += abs(z[i] - z[moved]) }
            for j in tau..<n { toRight += abs(z[moved] - z[j]) }
            within += toLeft
            across += toRight - toLeft
            let m = Double(tau), k = Double(n - tau)
            guard tau >= minimum, n - tau >= minimum else { continue }
            let right = total - within - across
            let energy = 2 * across / (m * k) - within / (m * (m - 1) / 2) - right / (k * (k - 1) / 2)
            let q = m * k / (m + k) * energy
            if best == nil || q > best!.q { best = (start + tau, q) }
        }
        return best
    }
}

/// One change in level: the series moved from ``meanBefore`` to ``meanAfter`` at ``index`` (the
/// first value of the new level).
public struct ChangePoint: Codable, Equatable, Sendable {
    /// Index into the series of the first value after the change.
    public var index: Int
    /// Welch's two-sided p-value for the values between the neighbouring change points.
    public var pValue: Double
    public var meanBefore: Double
    public var meanAfter: Double
    public var countBefore: Int
    public var countAfter: Int

    public init(index: Int, pValue: Double, meanBefore: Double, meanAfter: Double, countBefore: Int, countAfter: Int) {
        self.index = index
        self.pValue = pValue
        self.meanBefore = meanBefore
        self.meanAfter = meanAfter
        self.countBefore = countBefore
        self.countAfter = countAfter
    }

    /// The change in percent of the level before (+12.3 for a mean that grew by 12.3 %).
    public var changePercent: Double { (meanAfter / meanBefore - 1) * 100 }
}

/// Welch's two-sample t-test (Welch, Biometrika 1947): t = (ȳ − x̄) ÷ √(s²ₓ/m + s²ᵧ/k) on
/// Student's t distribution with ν = (s²ₓ/m + s²ᵧ/k)² ÷ ((s²ₓ/m)²/(m−1) + (s²ᵧ/k)²/(k−1)) degrees
/// of freedom. Two sides without spread are as different as their means: p = 0 if those
/// differ, 1 if not; a side of fewer than two values cannot be tested (p = 1).
struct WelchTest {
    var meanLeft: Double
    var meanRight: Double
    var pValue: Double

    init(_ left: [Double], _ right: [Double]) {
        func meanAndVariance(_ values: [Double]) -> (Double, Double) {
            let mean = values.reduce(0, +) / Double(values.count)
            let squares = values.reduce(0) { $0 + ($1 - mean) * ($1 - mean) }
            return (mean, values.count > 1 ? squares / Double(values.count - 1) : 0)
        }
        let (m1, v1) = meanAndVariance(left), (m2, v2) = meanAndVariance(right)
        meanLeft = m1
        meanRight = m2
        guard left.count >= 2, right.count >= 2 else {
            pValue = 1
            return
        }
        let a = v1 / Double(left.count), b = v2 / Double(right.count)
        guard a + b > 0 else {
            pValue = m1 == m2 ? 1 : 0
            return
        }
        let t = (m2 - m1) / (a + b).squareRoot()
        let degrees = (a + b) * (a + b) / (a * a / Double(left.count - 1) + b * b / Double(right.count - 1))
        pValue = StudentT.twoSidedPValue(t: t, degreesOfFreedom: degrees)
    }
}

/// Student's t distribution.
enum StudentT {
    /// P(|T| ≥ |t|) for ν degrees of freedom: I_{ν/(ν+t²)}(ν/2, 1/2), the regularized incomplete
    /// beta function (DLMF 8.17 and 26.2 of Abramowitz & Stegun). Checked against the closed
    /// forms for ν = 1 (Cauchy: 1 − 2·atan|t|/π) and ν = 2 (1 − |t|/√(t² + 2)).
    static func twoSidedPValue(t: Double, degreesOfFreedom nu: Double) -> Double {
        guard t.isFinite else { return t.isNaN ? 1 : 0 }
        guard nu > 0, nu.isFinite else { return 1 }
        let x = nu / (nu + t * t)
        return min(1, max(0, regularizedIncompleteBeta(x, nu / 2, 0.5)))
    }

    /// I_x(a, b) by its continued fraction (DLMF 8.17.22), evaluated with the modified Lentz
    /// method (Lentz, Applied Optics 1976; Thompson & Barnett, J. Comput. Phys. 1986), on the
    /// side of the symmetry I_x(a, b) = 1 − I_{1−x}(b, a) where it converges fast
    /// (x < (a + 1)/(a + b + 2)). Relative accuracy about 1e-14 for a, b ≤ 10⁶.
    static func regularizedIncompleteBeta(_ x: Double, _ a: Double, _ b: Double) -> Double {
        if x <= 0 { return 0 }
        if x >= 1 { return 1 }
        if x > (a + 1) / (a + b + 2) { return 1 - regularizedIncompleteBeta(1 - x, b, a) }
        // In two typed steps (the same operations in the same order): as one expression the
        // type checker took most of a second.
        let logGammas: Double = lgamma(a + b) - lgamma(a) - lgamma(b)
        let logFront: Double = logGammas + a * log(x) + b * log1p(-x)
        let front = exp(logFront) / a
        let tiny = 1e-300
        var f = tiny, c = f, d = 0.0
        for j in 1...10_000 {
            // a₁ = 1; then d₁, d₂, … of DLMF 8.17.22.
            let numerator: Double
            if j == 1 {
                numerator = 1
            } else {
                let i = j - 1
                let m = Double(i / 2)
                if i % 2 == 1 {
                    numerator = -(a + m) * (a + b + m) * x / ((a + 2 * m) * (a + 2 * m + 1))
                } else {
                    numerator = m * (b - m) * x / ((a + 2 * m - 1) * (a + 2 * m))
                }
            }
            d = 1 + numerator * d
            if abs(d) < tiny { d = tiny }
            c = 1 + numerator / c
            if abs(c) < tiny { c = tiny }
            d = 1 / d
            let delta = c * d
            f *= delta
            if abs(delta - 1) < 1e-15 { break }
        }
        return front * f
    }
}
