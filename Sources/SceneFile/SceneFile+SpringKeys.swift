import JSONDocument
import SpringSolver

/// A spring's keys in a scene file: camelCase like every other key of the format
/// (`uikitDuration`, `dampingRatio`, `uikitMapping`), read into SpringSolver's named values,
/// whose names are the command line's (`uikit-duration`). The command line's spellings were the
/// file's keys before; they are read this release with a warning (``SceneFile/warnings``), and
/// a file that mixes the two spellings is refused.
extension SceneFile {
    /// Every spring object of the file (an animation's `spring`, an interruption's `spring`),
    /// checked for one spelling: the warnings for the deprecated keys, in file order.
    ///
    /// - Throws: `JSONDocumentError` at the first deprecated key of a file that also uses a
    ///   camelCase one, naming both.
    static func springKeySpelling(_ layers: [JSONNode]) throws(JSONDocumentError) -> [String] {
        func members(_ node: JSONNode?) -> [JSONNode.Member] {
            if case .object(let members)? = node?.value { return members }
            return []
        }
        func items(_ node: JSONNode?) -> [JSONNode] {
            if case .array(let items)? = node?.value { return items }
            return []
        }
        func member(_ node: JSONNode, _ key: String) -> JSONNode? { members(node).first { $0.key == key }?.value }
        var springs: [JSONNode] = []
        for layer in layers {
            for animation in items(member(layer, "animations")) {
                if let spring = member(animation, "spring") { springs.append(spring) }
                for interruption in items(member(animation, "interruptions")) {
                    if let spring = member(interruption, "spring") { springs.append(spring) }
                }
            }
        }
        let renamed = Set(Keys.deprecatedSpringParameters.values)
        var old: [JSONNode.Member] = [], new: [JSONNode.Member] = []
        for spring in springs {
            for member in members(spring) {
                if Keys.deprecatedSpringParameters[member.key] != nil { old.append(member) }
                if renamed.contains(member.key) { new.append(member) }
            }
        }
        if let first = old.first, let modern = new.first {
            throw first.value.error(
                "expected the file's camelCase spring keys throughout: it writes '\(modern.key)' at \(modern.value.place), so write '\(Keys.deprecatedSpringParameters[first.key]!)' for '\(first.key)' here")
        }
        return old.map { member in
            "\(member.value.place): the key '\(member.key)' is deprecated (read this release, refused in the next); write '\(Keys.deprecatedSpringParameters[member.key]!)'"
        }
    }

    /// A spring object's values keyed by SpringSolver's names, read in either spelling (the
    /// file is one spelling: ``springKeySpelling(_:)`` checked it), and its `uikitMapping` node
    /// when `allowsMapping`; any other key is refused.
    static func springValues(
        _ parameters: inout JSONObject, allowsMapping: Bool
    ) throws(JSONDocumentError) -> (named: [String: Double], nodes: [String: JSONNode], mapping: JSONNode?) {
        var named: [String: Double] = [:]
        var nodes: [String: JSONNode] = [:]
        for set in SpringParameters.vocabularyKeys {
            for key in set.required + set.optional.keys where nodes[key] == nil {
                guard let node = parameters.optional(Keys.camelCase(key)) ?? parameters.optional(key) else { continue }
                named[key] = try node.number()
                nodes[key] = node
            }
        }
        var mapping: JSONNode?
        var expected = Keys.springParameters
        if allowsMapping {
            mapping = parameters.optional(Keys.uikitMapping) ?? parameters.optional("uikit-mapping")
        } else {
            expected.removeAll { $0 == Keys.uikitMapping }
        }
        try parameters.finish(expected: expected)
        return (named, nodes, mapping)
    }

    /// The spring description the values name, or an error at `node` listing the file's key
    /// sets when they name no single vocabulary.
    static func springParameters(_ named: [String: Double], at node: JSONNode) throws(JSONDocumentError) -> SpringParameters {
        let given = Set(named.keys)
        let matches = SpringParameters.vocabularyKeys.filter { keys in
            Set(keys.required).isSubset(of: given) && given.isSubset(of: Set(keys.required).union(keys.optional.keys))
        }
        guard matches.count == 1 else {
            let sets = SpringParameters.vocabularyKeys.map { keys in
                (keys.required.map(Keys.camelCase) + keys.optional.keys.sorted().map { "[\(Keys.camelCase($0))]" }).joined(separator: " ")
            }
            let names = given.sorted().map(Keys.camelCase).joined(separator: ", ")
            throw node.error(
                given.isEmpty
                    ? "expected spring parameters, got none; expected one of: \(sets.joined(separator: " | "))"
                    : "expected the keys of one spring vocabulary, got {\(names)}; expected one of: \(sets.joined(separator: " | "))")
        }
        do {
            return try SpringParameters(namedValues: named)
        } catch {
            throw node.error("\(error)")
        }
    }
}
