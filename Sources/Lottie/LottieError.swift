import JSONDocument

/// A Lottie file that cannot be read as the specification describes it: one line naming the
/// JSON path of the bad value and what was expected
/// (`layers[2].ks.p.k[3].t: expected a time at or after the previous keyframe's 30, got 20 (line 41, column 18)`).
public struct LottieError: Error, Sendable, Equatable, CustomStringConvertible {
    public let description: String

    public init(_ description: String) {
        self.description = description
    }

    /// The reader's error as it stands: it already names the path, line and column.
    init(_ error: JSONDocumentError) {
        self.description = error.description
    }

    /// Any error thrown while reading, as a `LottieError`: the reader's and Lottie's own as they
    /// stand (they already name their place), anything else named at `place` (as it stands
    /// without one).
    init(wrapping error: any Error, at place: String? = nil) {
        switch error {
        case let error as JSONDocumentError: self.init(error)
        case let error as LottieError: self = error
        default: self.init(place.map { "\($0): \(error)" } ?? "\(error)")
        }
    }

    /// An error about `node`: `path: message (line L, column C)`.
    static func at(_ node: JSONNode, _ message: String) -> LottieError {
        LottieError(node.error(message))
    }
}
