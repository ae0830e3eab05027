import JSONDocument

/// A Lottie file that cannot be read as the specification describes it: one line naming the
/// JSON path of the bad value and what was expected
/// (`layers[2].ks.p.k[3].t: expected a time at or after the previous keyframe's 30, got 20 (line 41, column 18)`).
public struct LottieError: Error, Sendable, Equatable, CustomStringConvertible {
    public let description: String
    /// The JSON path of the bad value (`layers[2].ks.p.k[3].t`; `""` for the root), as data;
    /// `nil` when the error has no place in the file (text that is not JSON, an error of the file
    /// as a whole).
    public let path: String?
    /// 1-based line and column of the bad value, when the error came from a value of the file.
    public let line: Int?
    public let column: Int?
    /// For a loop the file cannot play (a parent chain that comes back to its layer, a
    /// precomposition that contains itself), the loop as data, its first element repeated last:
    /// `["layers[0]", "layers[1]", "layers[0]"]`, `["a", "a"]` (asset ids); `nil` otherwise.
    public let cycle: [String]?

    public init(_ description: String, path: String? = nil, line: Int? = nil, column: Int? = nil, cycle: [String]? = nil) {
        self.description = description
        self.path = path
        self.line = line
        self.column = column
        self.cycle = cycle
    }

    /// The reader's error as it stands: it already names the path, line and column.
    init(_ error: JSONDocumentError) {
        self.description = error.description
        self.path = error.path
        self.line = error.line
        self.column = error.column
        self.cycle = nil
    }

    /// Any error thrown while reading, as a `LottieError`: the reader's and Lottie's own as they
    /// stand (they already name their place), anything else named at `node`'s place (as it
    /// stands without one).
    init(wrapping error: any Error, at node: JSONNode? = nil) {
        switch error {
        case let error as JSONDocumentError: self.init(error)
        case let error as LottieError: self = error
        default:
            if let node {
                self.init("\(node.place): \(error)", path: node.path, line: node.line, column: node.column)
            } else {
                self.init("\(error)")
            }
        }
    }

    /// An error about `node`: `path: message (line L, column C)`; `cycle` as for ``cycle``.
    static func at(_ node: JSONNode, _ message: String, cycle: [String]? = nil) -> LottieError {
        let error = node.error(message)
        return LottieError(error.description, path: error.path, line: error.line, column: error.column, cycle: cycle)
    }
}
