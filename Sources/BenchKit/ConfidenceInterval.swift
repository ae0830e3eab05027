/// A closed interval `[lower, upper]`, encoded in JSON as the two-element array
/// `[lower, upper]`.
public struct ConfidenceInterval: Codable, Equatable, Sendable, CustomStringConvertible {
    public var lower: Double
    public var upper: Double

    public init(lower: Double, upper: Double) {
        self.lower = min(lower, upper)
        self.upper = max(lower, upper)
    }

    /// `upper − lower`.
    public var width: Double { upper - lower }

    /// Whether `value` lies in the closed interval.
    public func contains(_ value: Double) -> Bool {
        lower <= value && value <= upper
    }

    /// Whether the two closed intervals share at least one point.
    public func overlaps(_ other: ConfidenceInterval) -> Bool {
        lower <= other.upper && other.lower <= upper
    }

    /// The interval's image under `transform`, which must be monotone (either direction).
    func mapped(_ transform: (Double) -> Double) -> ConfidenceInterval {
        ConfidenceInterval(lower: transform(lower), upper: transform(upper))
    }

    public var description: String { "[\(lower), \(upper)]" }

    public init(from decoder: any Decoder) throws {
        var container = try decoder.unkeyedContainer()
        let lower = try container.decode(Double.self)
        let upper = try container.decode(Double.self)
        guard container.isAtEnd else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "an interval has exactly two bounds")
        }
        guard lower <= upper else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "an interval's lower bound must not exceed its upper bound")
        }
        self.init(lower: lower, upper: upper)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.unkeyedContainer()
        try container.encode(lower)
        try container.encode(upper)
    }
}
