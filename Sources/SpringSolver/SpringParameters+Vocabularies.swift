/// One spring as one vocabulary says it, or why that vocabulary cannot.
public struct SpringExpression: Sendable {
    /// The vocabulary.
    public let vocabulary: SpringVocabulary
    /// The named values (``SpringParameters/namedValues``) in the vocabulary's key order,
    /// required keys first; `nil` when the vocabulary cannot express the spring.
    public let values: [(name: String, value: Double)]?
    /// Why the vocabulary cannot express the spring, when it cannot.
    public let reason: String?
}

extension SpringParameters {
    /// `spring` in every vocabulary, in ``vocabularyKeys`` order: its named values, or why the
    /// vocabulary cannot express it (a range it lacks, or a value that would overflow).
    ///
    ///     let spring = try DampedSpring(mass: 1, stiffness: 100, damping: 10)
    ///     let physical = SpringParameters.expressions(of: spring)[0]
    ///     print(physical.vocabulary, physical.values!.map(\.name))
    ///     // Prints "physical ["stiffness", "damping", "mass"]"
    ///
    /// - Complexity: O(vocabularies).
    public static func expressions(
        of spring: DampedSpring, uikitMapping mapping: any UIKitSpringMapping = EnvelopeDecayMapping.default
    ) -> [SpringExpression] {
        vocabularyKeys.map { keys in
            do {
                let parameters = try SpringParameters(spring, in: keys.vocabulary, uikitMapping: mapping)
                let named = parameters.namedValues
                let order = keys.required + keys.optional.keys.sorted()
                let values = order.compactMap { key in named[key].map { (name: key, value: $0) } }
                // Never give an overflowed value as a parameter: say the vocabulary cannot.
                if let bad = values.first(where: { !$0.value.isFinite }) {
                    return SpringExpression(
                        vocabulary: keys.vocabulary, values: nil,
                        reason: "its \(bad.name) would exceed the largest finite number (1.8e308)")
                }
                return SpringExpression(vocabulary: keys.vocabulary, values: values, reason: nil)
            } catch {
                return SpringExpression(vocabulary: keys.vocabulary, values: nil, reason: "\(error)")
            }
        }
    }
}
