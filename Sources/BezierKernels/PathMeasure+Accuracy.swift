import Foundation  // pow, log10, String(format:)

/// The accuracies a path can be measured to: what to use when none is asked, the finest a
/// table can reach, and the accuracy a table did reach.
///
///     let path = try Path(svgPathData: "M 0 0 L 10001 0")
///     print(PathMeasure.defaultAccuracy(size: path.coordinateMagnitude))
///     // Prints "5.1e-09"
extension PathMeasure {
    /// The finest accuracy a table can be built to for a path reaching `magnitude` (the largest
    /// coordinate size on it): 10⁻¹³ of it (a few hundred ulps), and never below 10⁻¹² pt.
    ///
    /// Why: PathMeasure checks each table piece in distance and halves it until the check
    /// passes. Below the rounding error of double-precision arc lengths at that size (≈ 10⁻¹⁴
    /// relative) no check can pass, and the table would halve down to its depth cap, 2⁴⁰ pieces
    /// (an accuracy of 1e-12 on the bee paths never finishes); positions finer than the spacing
    /// of doubles near the coordinates mean nothing anyway.
    /// Rounded up to two significant digits, so the floor reads well and, typed back, passes.
    /// - Complexity: O(1).
    public static func finestAccuracy(magnitude: Double) -> Double {
        // The 1e-9 slack absorbs the rounding of 1e-13 × magnitude (1e-13 × 100 = 1.0000000000000001e-11).
        roundedUpToTwoDigits(max(1e-12, 1e-13 * magnitude), slack: 1e-9)
    }

    /// The accuracy to use when none is asked: `Accuracy.default` (1e-9 pt), or 5·10⁻¹³ of the
    /// path's size when that is larger (coordinates or segment lengths beyond 2000 pt): five
    /// times the finest accuracy, so the table normally reaches it (arc lengths round at
    /// ~10⁻¹³ relative).
    /// - Parameter size: the larger of ``Path/coordinateMagnitude`` and
    ///   ``Path/longestControlPolygon``.
    /// - Complexity: O(1).
    public static func defaultAccuracy(size: Double) -> Double {
        max(Accuracy.default, roundedUpToTwoDigits(max(1e-12, 5e-13 * size), slack: 1e-9))
    }

    /// The accuracy this table reached: ``maximumError`` rounded up to two significant digits,
    /// an accuracy that holds (and reads well). Above ``accuracy`` when the table stopped short
    /// of it at the rounding floor of a large path.
    /// - Complexity: O(1).
    public var reachedAccuracy: Double { Self.roundedUpToTwoDigits(maximumError) }

    /// `value` rounded up to two significant digits (`1.73e-9` → `1.8e-9`), printed exactly as it
    /// reads. `slack`, in units of the second digit, keeps a value a rounding error above a round
    /// number from rounding up past it.
    static func roundedUpToTwoDigits(_ value: Double, slack: Double = 0) -> Double {
        let unit = Foundation.pow(10, Foundation.floor(Foundation.log10(value)) - 1)
        return Double(String(format: "%.1e", (value / unit - slack).rounded(.up) * unit))!
    }
}
