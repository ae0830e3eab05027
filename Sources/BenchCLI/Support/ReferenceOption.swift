import BenchKit
import Foundation
import Lottie
import RlottieReference

/// `bench validate FILE.json --reference rlottie`: each Lottie file played by rlottie too, and
/// Flightline's evaluation compared with it, per object and quantity, over every frame.
enum ReferenceOption {
    /// The players a file can be compared with.
    static let players = ["rlottie"]

    static let spec = OptionSpec.choice(
        "reference", "PLAYER", players, "compare each Lottie file with another player frame by frame: rlottie (max and median px per object)")

    /// One file's comparison.
    struct FileComparison {
        let path: String
        let comparison: RlottieComparison
    }

    /// Runs the comparisons `--reference` asks for (none without it), before anything is
    /// printed: a file rlottie refuses is one line, exit 2.
    /// - Throws: `CLIError.usage` for an unknown player, no Lottie file, or a file rlottie refuses.
    static func compare(_ arguments: Arguments, files: [LottieInput]) throws -> [FileComparison] {
        guard try arguments.choice("reference", players) != nil else { return [] }
        guard !files.isEmpty else {
            throw CLIError.usage(
                "--reference compares Lottie files with another player; expected a FILE.json among the arguments, got none",
                option: "reference", value: arguments.string("reference"))
        }
        return try files.map { file in
            let bytes: [UInt8]
            do {
                bytes = Array(try InputFile.read(file.path))
            } catch {
                throw CLIError.usage("\(error)")
            }
            do {
                return FileComparison(path: file.path, comparison: try RlottieComparison.compare(file.animation, bytes: bytes))
            } catch {
                throw CLIError(
                    .usage, "\(quoted(file.path)): \(error); expected a Lottie file rlottie can play, of at most \(RlottieComparison.maximumFrames) frames",
                    option: "reference", value: arguments.string("reference"), file: file.path, cause: error)
            }
        }
    }

    /// What each of rlottie's known shortcuts is, for the report's key.
    static let explanations: [String: String] = [
        "spatial-length-estimate": "rlottie paces spatial tangents by a max + 0.375·min chord length (up to 6.8 % long; vline.h VLine::length)",
        "first-dimension-ease": "rlottie eases every dimension with the first one's handles (lottieparser.cpp parseInperpolatorPoint)",
        "eased-last-keyframe": "a last keyframe with i/o ends at frame 0 in rlottie: (0, 0) after the first keyframe (lottieparser.cpp parseKeyFrame, lottiemodel.h KeyFrames::value)",
        "whole-frame-precomposition": "rlottie maps a precomposition's time in int: its children at whole frames (lottiemodel.h Layer::timeRemap)",
        "auto-orient-outside-keys": "rlottie's auto-orient is 0° at and outside the position's keyframes (lottiemodel.h KeyFrames::angle)",
        "auto-orient-straight-segment": "rlottie's auto-orient is 0° on a segment without spatial tangents or a split position (lottiemodel.h Value::angle)",
        "skew-ignored": "rlottie's transform has no skew (lottiemodel.cpp Transform::Data::matrix)",
        "rounded-in-out-points": "rlottie rounds a layer's ip and op to whole frames (lottieparser.cpp parseLayer, lround)",
        "inclusive-out-point": "rlottie since 2022 draws a layer at its out point op (lottieitem.cpp Layer::visible)",
    ]

    static func text(_ comparisons: [FileComparison]) -> String {
        var lines: [String] = []
        for item in comparisons {
            let c = item.comparison
            lines.append("")
            lines.append(
                "── \(item.path): Flightline against rlottie, \(c.frames) whole frames from ip; disagreement in pt (= px), tolerance \(RlottieComparison.tolerance.formatted)")
            var table = Table("object", "quantity", "frames", "max", "median", "at frame", "max unexplained", "rlottie's deviations")
            for row in c.rows {
                table.add(
                    row: [
                        row.object, row.quantity.name, "\(row.frames)", format(row.max), format(row.median), "\(row.worstFrame)",
                        row.unexplainedFrames == 0 ? "—" : format(row.maxUnexplained), row.deviations.isEmpty ? "—" : row.deviations.joined(separator: ", "),
                    ])
            }
            if !c.rows.isEmpty { lines.append(table.rendered(indent: "  ")) }
            for (object, reason) in c.notCompared { lines.append("  not compared: \(object) (\(reason))") }
            for row in c.visibility {
                var parts: [String] = []
                if !row.onlyRlottie.isEmpty { parts.append("rlottie alone draws it at frame\(row.onlyRlottie.count == 1 ? "" : "s") \(frames(row.onlyRlottie))") }
                if !row.onlyFlightline.isEmpty { parts.append("rlottie does not draw it at frame\(row.onlyFlightline.count == 1 ? "" : "s") \(frames(row.onlyFlightline))") }
                let why = row.deviations.isEmpty ? "" : " (\(row.deviations.joined(separator: ", ")))"
                lines.append("  visibility: \(row.object): \(parts.joined(separator: "; "))\(why)")
            }
            let seen = Set(c.rows.flatMap(\.deviations) + c.visibility.flatMap(\.deviations))
            for (_, name) in LottieSimplifications.named where seen.contains(name) {
                lines.append("  \(name): \(explanations[name] ?? "")")
            }
            let verdict =
                c.maxUnexplained <= RlottieComparison.tolerance
                ? "agrees within \(RlottieComparison.tolerance.formatted) px wherever none of rlottie's known deviations applies"
                : "disagrees by up to \(format(c.maxUnexplained)) px where no known deviation of rlottie applies"
            lines.append("  \(verdict)")
        }
        return lines.joined(separator: "\n")
    }

    static func frames(_ list: [Int]) -> String {
        list.prefix(8).map(String.init).joined(separator: ", ") + (list.count > 8 ? ", … (\(list.count))" : "")
    }

    static func format(_ value: Double) -> String { String(format: "%.3f", value) }

    /// The `reference` object of `flightline.validate/1`.
    static func json(_ comparisons: [FileComparison]) -> JSON {
        .object([
            ("player", .string("rlottie")),
            ("tolerance", .finite(RlottieComparison.tolerance)),
            (
                "files",
                .array(
                    comparisons.map { item in
                        let c = item.comparison
                        return .object([
                            ("file", .string(item.path)),
                            ("frames", .integer(c.frames)),
                            ("maxUnexplained", .finite(c.maxUnexplained)),
                            (
                                "rows",
                                .array(
                                    c.rows.map { row in
                                        .object([
                                            ("object", .string(row.object)), ("quantity", .string(row.quantity.name)), ("frames", .integer(row.frames)),
                                            ("max", .finite(row.max)), ("median", .finite(row.median)), ("worstFrame", .integer(row.worstFrame)),
                                            ("maxUnexplained", .finite(row.maxUnexplained)), ("unexplainedFrames", .integer(row.unexplainedFrames)),
                                            ("deviations", .array(row.deviations.map(JSON.string))),
                                        ])
                                    })
                            ),
                            ("notCompared", .array(c.notCompared.map { .object([("object", .string($0.object)), ("reason", .string($0.reason))]) })),
                            (
                                "visibility",
                                .array(
                                    c.visibility.map { row in
                                        .object([
                                            ("object", .string(row.object)), ("onlyRlottie", .array(row.onlyRlottie.map { .integer($0) })),
                                            ("onlyFlightline", .array(row.onlyFlightline.map { .integer($0) })),
                                            ("deviations", .array(row.deviations.map(JSON.string))), ("explained", .bool(row.isExplained)),
                                        ])
                                    })
                            ),
                        ])
                    })
            ),
        ])
    }
}
