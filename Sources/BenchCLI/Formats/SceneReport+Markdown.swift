import Foundation
import BenchKit
import Motion

/// `bench validate --format markdown`.
extension SceneReport {
    /// A GitHub-flavoured Markdown table for a pull-request comment: one row per scene × mode ×
    /// rate with frames, the largest step, speed jump and turn, the verdict and its reasons
    /// (joined by `<br>`, every cell escaped by `Markup.markdownCell`), the computed fixes as a
    /// list (each source edit in a code span), then the verdict line.
    ///
    /// - Parameter charts: per scene, its charts' file names and captions as linked from the
    ///   comment (`--svg-dir DIR`: `DIR/scene-bee1+-path.svg`), listed as images after the fixes.
    static func markdown(
        _ results: [SceneValidation], fixes: [[FixSuggestion]], charts: [(scene: String, links: [(path: String, caption: String)])] = []
    ) -> String {
        let reports = results.flatMap(\.reports)
        let rows = reports.map { report -> [String] in
            let m = report.metrics
            // Never `nan` or `inf` in a table (a diverged value has no number): `—`.
            func show(_ value: Double, _ prefix: String = "", _ suffix: String = "") -> String {
                value.isFinite ? prefix + significant(value) + suffix : "—"
            }
            return [
                report.scene, report.mode?.rawValue ?? "—", "\(report.hz.formatted) Hz", "\(report.frames)",
                show(m.maxStep, "", " pt"), m.speedJump.map { show($0.ratio, "×") } ?? "—",
                m.maxTurn.map { show($0.degrees, "", "°") } ?? "—",
                report.verdict == .janky ? "**janky**" : "smooth", report.reasons.joined(separator: "\n"),
            ]
        }
        var text = Markup.markdownTable(
            ["scene", "mode", "rate", "frames", "max step", "speed jump", "max turn", "verdict", "reasons"], rows,
            rightAligned: [2, 3, 4, 5, 6])
        let fixes = fixLines(results, fixes: fixes)
        if !fixes.isEmpty {
            text += "\n**fixes** (computed from the model; each removes the finding it names):\n\n"
            for line in fixes.dropFirst() {
                let trimmed = line.drop { $0 == " " }
                if trimmed.hasPrefix("→ ") {
                    text += "  - `\(trimmed.dropFirst(2).replacingOccurrences(of: "`", with: "'"))`\n"
                } else {
                    text += "- \(trimmed)\n"
                }
            }
        }
        if !charts.isEmpty {
            text += "\n**charts** (SVG):\n\n"
            for (scene, links) in charts {
                let images = links.map { "![\(Markup.markdownCell("\(scene): \($0.caption)"))](\(markdownLink($0.path)))" }
                text += "- \(Markup.markdownCell(scene)): " + images.joined(separator: " ") + "\n"
            }
        }
        let janky = reports.count { $0.verdict == .janky }
        text += "\n**verdict: \(janky == 0 ? "smooth" : "janky")** (\(janky) of \(reports.count) scene × mode × rate checks janky)\n"
        return text
    }

    /// A link target that Markdown reads whole: spaces and parentheses percent-encoded.
    static func markdownLink(_ path: String) -> String {
        path.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: " ", with: "%20")
            .replacingOccurrences(of: "(", with: "%28").replacingOccurrences(of: ")", with: "%29")
    }
}
