/// Findings ranked by size and grouped across rates: the worst of each kind per scene and mode.
extension ValidationReport {
    /// A finding's text without the report's label, and the size it is ranked by.
    public struct RankedFinding: Sendable, Equatable {
        /// How bad it is: a teleport's distance (pt), a speed jump's ratio, a turn's degrees;
        /// 0 for the other kinds.
        public let weight: Double
        /// The finding's message without its leading "label: ".
        public let text: String
    }

    /// This report's findings of one kind, in order, each with its weight.
    /// - Complexity: O(findings).
    public func rankedFindings(of kind: Finding.Kind) -> [RankedFinding] {
        let prefix = label + ": "
        let texts = findings.filter { $0.kind == kind }.map { finding in
            finding.message.hasPrefix(prefix) ? String(finding.message.dropFirst(prefix.count)) : finding.message
        }
        let weights: [Double]
        switch kind {
        case .teleport: weights = metrics.teleports.map(\.distance)
        case .speedJump: weights = metrics.speedJumpBreaks.map(\.ratio)
        case .turn: weights = metrics.turnBreaks.map(\.degrees)
        default: weights = []
        }
        return texts.enumerated().map { (index, text) in
            RankedFinding(weight: index < weights.count ? weights[index] : 0, text: text)
        }
    }

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
    /// The worst instance over the rates (the first of equal weight).
    public let worst: ValidationReport.RankedFinding
}

extension Validation {
    /// The janky reports' findings grouped by scene × mode × kind, in the order first seen:
    /// per group the rates, the most places at one rate and the worst instance.
    /// - Complexity: O(findings).
    public static func findingGroups(_ results: [SceneValidation]) -> [FindingGroup] {
        struct Group { var head: String; var kind: Finding.Kind; var rates: [Double] = []; var count = 0; var worst: ValidationReport.RankedFinding? }
        var order: [String] = []
        var groups: [String: Group] = [:]
        for report in results.flatMap(\.reports) where report.verdict == .janky {
            let head = [report.scene, report.mode?.rawValue].compactMap { $0 }.joined(separator: " ")
            for kind in Finding.Kind.allCases {
                let ranked = report.rankedFindings(of: kind)
                guard let best = ranked.max(by: { $0.weight < $1.weight }) else { continue }
                let key = head + "|" + kind.rawValue
                if groups[key] == nil { order.append(key); groups[key] = Group(head: head, kind: kind) }
                groups[key]!.rates.append(report.hz)
                groups[key]!.count = max(groups[key]!.count, ranked.count)
                if groups[key]!.worst == nil || best.weight > groups[key]!.worst!.weight {
                    groups[key]!.worst = best
                }
            }
        }
        return order.map { key in
            let group = groups[key]!
            return FindingGroup(head: group.head, kind: group.kind, rates: group.rates, count: group.count, worst: group.worst!)
        }
    }
}
