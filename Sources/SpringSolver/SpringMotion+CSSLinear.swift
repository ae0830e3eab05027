import Foundation

/// A spring's motion as a CSS `linear()` easing: the stops of a piecewise-linear progress curve
/// that stays within a tolerance of the exact motion, and the duration to play it over.
///
/// CSS has no standard `spring()` timing function (csswg-drafts issue 280 is open); `linear()`
/// (CSS Easing Level 2) takes output values with optional percentage positions and joins
/// them with straight lines, so a spring ships as many stops of its exact progress curve.
public struct CSSLinearEasing: Sendable, Hashable {
    /// One stop: the progress (0 at the start, 1 at the target; beyond 1 past it) at a fraction
    /// of the duration.
    public struct Stop: Sendable, Hashable {
        /// Progress `(x(t) − from)/(to − from)`, rounded to ``CSSLinearEasing/progressDigits``.
        public let progress: Double
        /// `t / duration` in 0…1, rounded to ``CSSLinearEasing/positionDigits`` as a percentage.
        public let position: Double
    }

    /// The stops, first at 0 with progress 0, last at 1 with progress 1 (the end at rest).
    public let stops: [Stop]
    /// The duration to play the easing over (s): from then on the exact motion stays within
    /// ``tolerance`` of the target for good.
    public let duration: Double
    /// The tolerance asked for, as a fraction of the distance.
    public let tolerance: Double
    /// The largest distance between the easing and the exact progress, as a fraction of the
    /// distance, measured on a grid 8 times finer than the one the stops were chosen on,
    /// over twice the duration (the easing holds 1 after it). Never above ``tolerance``.
    public let measuredError: Double
    /// Decimal places of the progress values and of the percentages in ``cssText``.
    public let progressDigits: Int
    public let positionDigits: Int

    /// The `linear(…)` function, ready to paste: `linear(0, 0.1234 5.5%, …, 1)`. The first and
    /// last stops omit their positions (CSS puts them at 0 % and 100 %).
    public var cssText: String {
        let parts = stops.enumerated().map { index, stop -> String in
            let value = Self.decimal(stop.progress, progressDigits)
            if index == 0 || index == stops.count - 1 { return value }
            return "\(value) \(Self.decimal(stop.position * 100, positionDigits))%"
        }
        return "linear(\(parts.joined(separator: ", ")))"
    }

    /// `value` with at most `digits` decimals and no trailing zeros or `-0`.
    static func decimal(_ value: Double, _ digits: Int) -> String {
        var text = String(format: "%.\(digits)f", value)
        if text.contains(".") {
            while text.hasSuffix("0") { text.removeLast() }
            if text.hasSuffix(".") { text.removeLast() }
        }
        return text == "-0" ? "0" : text
    }
}

extension SpringMotion where V == Double {
    /// The fewest stops a greedy pass finds for a CSS `linear()` easing within `maxError` of
    /// this exact motion (as a fraction of the distance; default 0.005, half a percent).
    ///
    /// Method: the duration is the time after which the motion stays within `0.8·maxError` of
    /// the target for good (``settleTime(_:)`` with that distance and no speed limit). The
    /// progress is sampled at n + 1 evenly spaced times over it (n = 2048, or 256 per period of
    /// the damped oscillation), the last sample set to 1 (the easing ends at rest). Stops are
    /// samples: from each stop the next is the furthest sample whose chord stays within
    /// `0.8·maxError` of every sample in between (found in one pass by narrowing the cone of
    /// admissible slopes). Progress values are rounded to a decimal place at most
    /// `maxError/20`, percentages to a tenth of the sample spacing, and the error of the rounded easing is measured against
    /// the exact progress on a grid 8 times finer, over twice the duration. If it exceeds
    /// `maxError` (a wiggle between samples), n is multiplied by 4 and the stops chosen again,
    /// up to n = 2¹⁸.
    ///
    /// Greedy stop choice on a chord criterion is not proven minimal, but it is the usual
    /// polyline simplification; fewer stops for a larger tolerance holds in the tests.
    ///
    /// - Throws: ``SpringError/invalidParameter(name:value:expected:)`` for a `maxError`
    ///   outside 0.0001…0.5, a motion with no distance (`from == to`), an undamped spring
    ///   (it never comes to rest), or a motion 2¹⁸ samples cannot follow within `maxError`
    ///   (too lightly damped, or a start too fast for its distance).
    /// - Complexity: per pass, 17n closed-form evaluations and O(n·L) slope comparisons
    ///   (L samples per stop); n ≤ 2¹⁸, at most 5 passes.
    public func cssLinearEasing(maxError: Double = 0.005) throws -> CSSLinearEasing {
        guard maxError.isFinite, maxError >= 0.0001, maxError <= 0.5 else {
            throw SpringError.invalidParameter(
                name: "max error", value: maxError,
                expected: "a fraction of the distance from 0.0001 to 0.5")
        }
        let span = target - initialPosition
        guard span != 0 else {
            throw SpringError.invalidParameter(name: "distance", value: span, expected: "nonzero for a progress easing (from ≠ to)")
        }
        guard !spring.isUndamped else {
            throw SpringError.invalidParameter(name: "damping", value: spring.damping, expected: "positive: an undamped spring never comes to rest")
        }
        let budget = 0.8 * maxError
        let criteria = RestCriteria(uncheckedDistance: budget * abs(span), speed: .greatestFiniteMagnitude)
        let duration = settleTime(criteria)
        guard duration.isFinite, duration > 0 else {
            throw SpringError.invalidParameter(
                name: "distance", value: span, expected: "one whose time to come within the error of the target is a finite number of seconds")
        }
        let progressDigits = Int((-log10(maxError / 20)).rounded(.up))
        func progress(_ t: Double) -> Double { (position(at: t) - initialPosition) / span }
        let periods = spring.dampingRatio < 1 ? duration * spring.frequencySpread / (2 * Double.pi) : 0
        var count = Int(min(max(2048, 256 * periods), Double(1 << 18)).rounded(.up))
        while true {
            // Percentages to a tenth of the sample spacing or finer.
            let positionDigits = max(1, Int(log10(Double(count)).rounded(.up)) - 1)
            let stops = Self.greedyStops(count: count, budget: budget, duration: duration, progress: progress)
                .map { CSSLinearEasing.Stop(progress: Self.rounded($0.progress, progressDigits),
                                            position: Self.rounded($0.position, positionDigits + 2)) }
            let error = Self.measuredError(of: stops, duration: duration, count: 8 * count, progress: progress)
            if error <= maxError {
                return CSSLinearEasing(stops: stops, duration: duration, tolerance: maxError, measuredError: error,
                                       progressDigits: progressDigits, positionDigits: positionDigits)
            }
            guard count < 1 << 18 else {
                throw SpringError.invalidParameter(
                    name: "max error", value: maxError,
                    expected: "larger for this motion: 2^18 samples cannot follow it that closely (ζ \(SpringError.format(spring.dampingRatio)): too lightly damped, or too fast a start for its distance)")
            }
            count = min(count * 4, 1 << 18)
        }
    }

    static func rounded(_ value: Double, _ digits: Int) -> Double {
        let scale = pow(10, Double(digits))
        return (value * scale).rounded() / scale
    }

    /// Greedy chord stops over `count + 1` samples on [0, duration], the last one set to 1.
    static func greedyStops(
        count: Int, budget: Double, duration: Double, progress: (Double) -> Double
    ) -> [(progress: Double, position: Double)] {
        var values = (0...count).map { progress(duration * Double($0) / Double(count)) }
        values[0] = 0
        values[count] = 1
        // From stop i, the chord to sample j stays within `budget` of every sample k in between
        // iff its slope lies in the intersection of the slope intervals each k allows: one
        // pass keeps that intersection (the cone) and the furthest j whose slope is in it.
        var stops = [(progress: 0.0, position: 0.0)]
        var i = 0
        while i < count {
            var low = -Double.infinity, high = Double.infinity
            var best = i + 1
            var j = i + 1
            while j <= count {
                let run = Double(j - i)
                let slope = (values[j] - values[i]) / run
                if slope >= low, slope <= high { best = j }
                low = max(low, (values[j] - budget - values[i]) / run)
                high = min(high, (values[j] + budget - values[i]) / run)
                if low > high { break }
                j += 1
            }
            stops.append((values[best], Double(best) / Double(count)))
            i = best
        }
        return stops
    }

    /// The largest |easing − exact progress| at `count + 1` times on [0, 2·duration].
    static func measuredError(
        of stops: [CSSLinearEasing.Stop], duration: Double, count: Int, progress: (Double) -> Double
    ) -> Double {
        var worst = 0.0
        var segment = 0
        for index in 0...count {
            let fraction = 2 * Double(index) / Double(count)
            let eased: Double
            if fraction >= 1 {
                eased = stops[stops.count - 1].progress
            } else {
                while segment + 2 < stops.count, stops[segment + 1].position <= fraction { segment += 1 }
                let a = stops[segment], b = stops[segment + 1]
                let width = b.position - a.position
                eased = width > 0 ? a.progress + (b.progress - a.progress) * (fraction - a.position) / width : b.progress
            }
            worst = max(worst, abs(eased - progress(duration * fraction)))
        }
        return worst
    }
}
