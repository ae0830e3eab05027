import BenchKit
import Foundation
import JSONDocument
import Lottie
import Motion

/// A Lottie file named on the command line (`bench validate FILE.json`, `bench plot FILE.json
/// --layer NAME`): read, compiled into timelines, and summed up for the report.
struct LottieInput {
    /// The path as given.
    let path: String
    let motion: LottieMotion
    /// The names its scenes were given on the command line (a name another file used first gets
    /// this file's path in front).
    var sceneNames: [String] = []

    /// Whether a positional argument names a file rather than a scene: it ends in `.json` or
    /// contains a `/`.
    static func isFileArgument(_ argument: String) -> Bool {
        argument.hasSuffix(".json") || argument.contains("/")
    }

    /// A parsed document as a Lottie file; `nil` when it is not one (no top-level `layers` with
    /// `fr`, `ip`, `op` or `v`).
    /// - Throws: `CLIError.usage` naming the file for Lottie with a bad value (the JSON path and
    ///   what was expected).
    static func load(_ root: JSONNode, path: String) throws -> LottieInput? {
        guard LottieAnimation.isLottie(root) else { return nil }
        do {
            let animation = try LottieAnimation(json: root)
            return LottieInput(path: path, motion: try animation.motion())
        } catch let error as LottieError {
            throw CLIError.usage("\(quoted(path)): \(error)", file: path, path: error.path)
        } catch {
            throw CLIError.usage("\(quoted(path)): \(error)", file: path)
        }
    }

    /// A parsed document that must be a Lottie file (scene files were tried first).
    static func require(_ root: JSONNode, path: String) throws -> LottieInput {
        guard let input = try load(root, path: path) else {
            throw CLIError.usage("\(quoted(path)): \(DocumentInput.expectedKinds)", file: path)
        }
        return input
    }

    var animation: LottieAnimation { motion.animation }

    /// The file's own frame rate, when `bench` can validate at it.
    var ownRate: Double? {
        let fr = animation.frameRate
        return fr >= SceneSelection.minimumRate && fr <= ValidateRequest.maximumRate ? fr : nil
    }

    /// The lines printed before the file's scenes: what it is, what moves, what is still, and
    /// what was not evaluated.
    var summary: String {
        let a = animation
        var lines: [String] = []
        let moving = motion.objects.filter { !$0.quantities.isEmpty }
        var head = "── \(path): Lottie\(a.name.map { " '\($0)'" } ?? ""), \(a.width.formatted) × \(a.height.formatted) px (= pt), "
        head += "\(a.frameRate.formatted) fps, frames \(a.inPoint.formatted)–\(a.outPoint.formatted) (\(significant(a.duration)) s); "
        head += "\(moving.count) moving object\(moving.count == 1 ? "" : "s"), \(motion.scenes.count) timeline\(motion.scenes.count == 1 ? "" : "s")"
        lines.append(head)
        if ownRate == nil {
            lines.append("  the file's own rate \(a.frameRate.formatted) fps is outside \(SceneSelection.minimumRate.formatted)…\(ValidateRequest.maximumRate.formatted) Hz: not validated at it")
        } else {
            lines.append("  validated at the requested rates and at the file's own \(a.frameRate.formatted) fps")
        }
        func list(_ names: [String]) -> String {
            names.prefix(12).joined(separator: ", ") + (names.count > 12 ? ", … (\(names.count) in all)" : "")
        }
        let stills = motion.stills.filter { !$0.ridesWithItsLayer }.map(\.name)
        if !stills.isEmpty { lines.append("  still (nothing animated; not validated): \(list(stills))") }
        let riders = motion.stills.filter(\.ridesWithItsLayer).map(\.name)
        if !riders.isEmpty {
            lines.append("  groups moving only with their layer (judged through the layer's timelines): \(list(riders))")
        }
        if !motion.neverVisible.isEmpty {
            lines.append("  never visible within ip…op: \(motion.neverVisible.prefix(12).joined(separator: ", "))")
        }
        if !motion.loopJumps.isEmpty {
            let worst = motion.loopJumps.sorted { $0.gap > $1.gap }.prefix(5)
                .map { "\($0.name) \(significant($0.gap)) pt" }.joined(separator: ", ")
            lines.append(
                "  looped: \(motion.loopJumps.count) object\(motion.loopJumps.count == 1 ? " ends" : "s end") away from where \(motion.loopJumps.count == 1 ? "it starts" : "they start"), a jump at each restart if the player loops (\(worst)\(motion.loopJumps.count > 5 ? ", …" : "")); reported, not judged")
        }
        for note in motion.notes { lines.append("  note: " + note) }
        return lines.joined(separator: "\n")
    }

    /// The file for the `files` array of `flightline.validate/1`.
    var json: JSON {
        let a = animation
        return .object([
            ("file", .string(path)),
            ("format", .string("lottie")),
            ("frameRate", .number(a.frameRate)),
            ("inPoint", .number(a.inPoint)),
            ("outPoint", .number(a.outPoint)),
            ("width", .number(a.width)),
            ("height", .number(a.height)),
            ("objects", .array(motion.objects.map { object in
                .object([
                    ("name", .string(object.name)), ("path", .string(object.place)),
                    ("kind", .string(object.isGroup ? "group" : "layer")),
                    ("quantities", .array(object.quantities.map { .string($0.rawValue) })),
                    ("ridesWithItsLayer", .bool(object.ridesWithItsLayer)),
                ])
            })),
            ("loopJumps", .array(motion.loopJumps.map { .object([("name", .string($0.name)), ("gap", .finite($0.gap))]) })),
            ("notes", .array(motion.notes.map(JSON.string))),
        ])
    }
}
