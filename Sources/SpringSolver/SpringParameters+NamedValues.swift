extension SpringParameters {
    /// A key set that names one vocabulary: `required` keys must all be present, `optional`
    /// ones may be.
    public struct VocabularyKeys: Sendable, Hashable {
        public let vocabulary: SpringVocabulary
        public let required: [String]
        public let optional: [String: Double]

        var usage: String {
            (required + optional.keys.sorted().map { "[\($0)]" }).joined(separator: " ")
        }
    }

    /// The keys of every vocabulary (the command line's option names without `--`):
    ///
    /// | vocabulary | keys |
    /// |---|---|
    /// | physical | `stiffness` `damping` [`mass` = 1] |
    /// | response | `response` `damping-fraction` [`mass` = 1] |
    /// | perceptual | `duration` [`bounce` = 0] [`mass` = 1] |
    /// | uikit | `uikit-duration` `damping-ratio` |
    /// | android | `android-stiffness` `damping-ratio` |
    /// | react-spring | `tension` `friction` [`mass` = 1] |
    /// | rebound | `rebound-tension` `rebound-friction` |
    /// | origami | `origami-tension` `origami-friction` |
    public static let vocabularyKeys: [VocabularyKeys] = [
        VocabularyKeys(vocabulary: .physical, required: ["stiffness", "damping"], optional: ["mass": 1]),
        VocabularyKeys(vocabulary: .response, required: ["response", "damping-fraction"], optional: ["mass": 1]),
        VocabularyKeys(vocabulary: .perceptual, required: ["duration"], optional: ["bounce": 0, "mass": 1]),
        VocabularyKeys(vocabulary: .uikit, required: ["uikit-duration", "damping-ratio"], optional: [:]),
        VocabularyKeys(vocabulary: .android, required: ["android-stiffness", "damping-ratio"], optional: [:]),
        VocabularyKeys(vocabulary: .reactSpring, required: ["tension", "friction"], optional: ["mass": 1]),
        VocabularyKeys(vocabulary: .rebound, required: ["rebound-tension", "rebound-friction"], optional: [:]),
        VocabularyKeys(vocabulary: .origami, required: ["origami-tension", "origami-friction"], optional: [:]),
    ]

    /// A spring description from named values, the vocabulary recognised from the key set
    /// (see ``vocabularyKeys``). The UIKit `initial-velocity` is a property of the motion,
    /// not the spring: pass it to ``UIKitSpringParameters``.
    ///
    /// ```swift
    /// try SpringParameters(namedValues: ["response": 0.5, "damping-fraction": 0.8])
    /// // .response(response: 0.5, dampingRatio: 0.8, mass: 1)
    /// ```
    ///
    /// - Throws: ``SpringError/invalidVocabulary(given:accepted:)`` when the keys name no vocabulary
    ///   completely or mix several, with a one-line list of the accepted key sets.
    public init(namedValues values: [String: Double]) throws {
        let given = Set(values.keys)
        let all = Self.vocabularyKeys.map(\.usage)
        guard !given.isEmpty else { throw SpringError.invalidVocabulary(given: [], accepted: all) }
        let matches = Self.vocabularyKeys.filter { keys in
            Set(keys.required).isSubset(of: given) && given.isSubset(of: Set(keys.required).union(keys.optional.keys))
        }
        guard let keys = matches.first, matches.count == 1 else {
            throw SpringError.invalidVocabulary(given: given.sorted(), accepted: all)
        }
        func value(_ key: String) -> Double { values[key] ?? keys.optional[key]! }
        switch keys.vocabulary {
        case .physical: self = .physical(mass: value("mass"), stiffness: value("stiffness"), damping: value("damping"))
        case .response: self = .response(response: value("response"), dampingRatio: value("damping-fraction"), mass: value("mass"))
        case .perceptual: self = .perceptual(duration: value("duration"), bounce: value("bounce"), mass: value("mass"))
        case .uikit: self = .uikit(duration: value("uikit-duration"), dampingRatio: value("damping-ratio"))
        case .android: self = .android(stiffness: value("android-stiffness"), dampingRatio: value("damping-ratio"))
        case .reactSpring: self = .reactSpring(tension: value("tension"), friction: value("friction"), mass: value("mass"))
        case .rebound: self = .rebound(tension: value("rebound-tension"), friction: value("rebound-friction"))
        case .origami: self = .origami(tension: value("origami-tension"), friction: value("origami-friction"))
        }
    }
}
