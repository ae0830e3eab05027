/// Findings ranked by size and grouped across rates: the worst of each kind per scene and mode.
extension ValidationReport {
    /// The cost of one frame, seconds, once measured (`frameCostFraction` of the budget 1/hz).
    public var frameCostSeconds: Double? { frameCostFraction.map { $0 / hz } }
}

/// One kind of finding in one scene and mode, over the rates it shows at.
public struct FindingGroup: Sendable, Equatable {
    /// The scene and mode, "bee1+ linear" or "menu-show".
    public let head: String
    /// The kind.
    public let kind: Finding.Kind
    /// The rates it shows at, in order.
    public let rates: [Double]
    /// The most places it shows at one rate.
    public let count: Int
    /// The worst instance over the rates (by ``Finding/weight``; the first of equal weight).
    public let worst: Finding
}

extension Validation {
    /// The janky reports' findings grouped by scene × mode × kind, in the order first seen:
    /// per group the rates, the most places at one rate and the worst instance.
    /// - Complexity: O(findings).
    public static func findingGroups(_ results: [SceneValidation]) -> [FindingGroup] {
        struct Key: Hashable { var head: String; var kind: Finding.Kind }
        struct Group { var rates: [Double] = []; var count = 0; var worst: Finding? }
        var order: [Key] = []
        var groups: [Key: Group] = [:]
        for report in results.flatMap(\.reports) where report.verdict == .janky {
            let head = [report.scene, report.mode?.rawValue].compactMap { $0 }.joined(separator: " ")
            for kind in Finding.Kind.allCases {
                let found = report.findings.filter { $0.kind == kind }
                guard let best = found.max(by: { $0.weight < $1.weight }) else { continue }
                let key = Key(head: head, kind: kind)
                if groups[key] == nil { order.append(key) }
                var group = groups[key, default: Group()]
                group.rates.append(report.hz)
                group.count = max(group.count, found.count)
                if group.worst == nil || best.weight > group.worst!.weight { group.worst = best }
                groups[key] = group
            }
        }
        return order.map { key in
            let group = groups[key]!
            return FindingGroup(head: key.head, kind: key.kind, rates: group.rates, count: group.count, worst: group.worst!)
        }
    }
}
