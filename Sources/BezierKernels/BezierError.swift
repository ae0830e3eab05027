/// Every way BezierKernels rejects its input. Each description is one line naming the bad value
/// and what was expected.
public enum BezierError: Error, Equatable, Sendable, CustomStringConvertible {
    /// An `accuracy` that is not a positive finite number.
    case invalidAccuracy(Double)
    /// A flattening `tolerance` that is not a positive finite number.
    case invalidTolerance(Double)
    /// A coordinate that is NaN or infinite; `context` says where it was given.
    case nonFiniteCoordinate(context: String)
    /// A curve parameter outside [0, 1] or not finite.
    case parameterOutOfRange(Double)
    /// A distance outside [0, length] or not finite.
    case distanceOutOfRange(Double, length: Double)
    /// A drawing command issued before any `move(to:)`; `command` names it.
    case noCurrentPoint(command: String)
    /// A duration that is not a positive finite number.
    case invalidDuration(Double)
    /// A time that is not finite.
    case invalidTime(Double)
    /// A timing curve whose x control coordinates are outside [0, 1] or whose values are not finite.
    case invalidTimingCurve(x1: Double, y1: Double, x2: Double, y2: Double)
    /// A path with no drawable element where one is required (e.g. an animation).
    case emptyPath
    /// Malformed SVG path data: `message` says what was expected, `token` is the offending text (or
    /// "end of data"), `offset` its character offset from the start of the data (0-based).
    case invalidPathData(message: String, token: String, offset: Int)
    /// A segment too large to measure: its length (or, for a `PathMeasure`, the square of its
    /// speed) overflows `Double`; `segment` is its 0-based index (0 for a lone curve).
    case lengthOverflow(segment: Int)
    /// Flattening within a tolerance would give `count` vertices, more than `limit`;
    /// `reachesStepCap` when a segment reached `PathSegment.maximumFlatteningSteps` (then the
    /// count for the tolerance is larger still).
    case tooManyVertices(Int, limit: Int, reachesStepCap: Bool)
    /// A flattening whose polylines do not have the vertices its step counts promise (a kernel
    /// fault, found by ``FlatteningDeviation``); `message` says what differed.
    case inconsistentFlattening(String)
    /// More samples asked of ``PathMeasure/samples(count:)`` than its `limit` (an array of them
    /// would not fit in memory).
    case tooManySamples(Int, limit: Int)

    public var description: String {
        switch self {
        case .invalidAccuracy(let a):
            return "accuracy must be a positive finite number, got \(a)"
        case .invalidTolerance(let t):
            return "tolerance must be a positive finite number, got \(t)"
        case .nonFiniteCoordinate(let context):
            return "coordinates must be finite numbers, got \(context)"
        case .lengthOverflow(let segment):
            return "segment \(segment + 1) is too large to measure: its length or squared speed overflows a Double (control points more than about 1e153 apart)"
        case .parameterOutOfRange(let t):
            return "curve parameter must be a finite number in 0...1, got \(t)"
        case .distanceOutOfRange(let d, let length):
            return "distance must be a finite number in 0...\(length) (the path length), got \(d)"
        case .noCurrentPoint(let command):
            return "\(command) needs a current point: start the path with move(to:)"
        case .invalidDuration(let d):
            return "duration must be a positive finite number of seconds, got \(d)"
        case .invalidTime(let t):
            return "time must be a finite number of seconds, got \(t)"
        case .invalidTimingCurve(let x1, let y1, let x2, let y2):
            return "timing curve control points need finite values with x1, x2 in 0...1 and y1, y2 within ±1e6, got (\(x1), \(y1), \(x2), \(y2))"
        case .emptyPath:
            return "the path has no segment: it needs a move followed by at least one line, curve or close"
        case .invalidPathData(let message, let token, let offset):
            return "invalid path data: \(message), got '\(token)' at offset \(offset)"
        case .tooManyVertices(let count, let limit, let capped):
            return "flattening would give \(capped ? "more than " : "")\(count) vertices; at most \(limit)"
        case .inconsistentFlattening(let message):
            return message
        case .tooManySamples(let count, let limit):
            return "sample count must be at most \(limit), got \(count)"
        }
    }
}

extension BezierError {
    /// Throws `.invalidAccuracy` unless `accuracy` is positive and finite.
    @inlinable
    static func validate(accuracy: Double) throws(BezierError) {
        guard accuracy > 0, accuracy.isFinite else { throw .invalidAccuracy(accuracy) }
    }

    /// Throws `.invalidTolerance` unless `tolerance` is positive and finite.
    @inlinable
    static func validate(tolerance: Double) throws(BezierError) {
        guard tolerance > 0, tolerance.isFinite else { throw .invalidTolerance(tolerance) }
    }

    /// Throws `.parameterOutOfRange` unless `t` is in [0, 1].
    @inlinable
    static func validate(parameter t: Double) throws(BezierError) {
        guard t >= 0, t <= 1 else { throw .parameterOutOfRange(t) }
    }
}
