import JSONDocument

extension JSON {
    /// A parsed document as one of Flightline's ordered JSON values, keys in the order the
    /// text has them: how a document another writer produced (BenchKit's `flightline.run/1`)
    /// becomes part of a larger one (`flightline.all/1`) without losing its key order.
    init(_ node: JSONNode) {
        switch node.value {
        case .null: self = .null
        case .bool(let value): self = .bool(value)
        case .number(let value): self = .number(value)
        case .string(let value): self = .string(value)
        case .array(let items): self = .array(items.map(JSON.init))
        case .object(let members): self = .object(members.map { ($0.key, JSON($0.value)) })
        }
    }

    /// The JSON text `data` (UTF-8) as an ordered value.
    /// - Throws: a usage error naming `what` and the parser's reason (never for Flightline's own writers' output).
    static func parsing(_ data: [UInt8], _ what: String) throws -> JSON {
        do {
            return JSON(try JSONParser.parse(data))
        } catch {
            throw CLIError.usage("\(what): \(error)")
        }
    }
}
