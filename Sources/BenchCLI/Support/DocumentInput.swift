import BenchKit
import Foundation
import JSONDocument

/// A JSON document named on the command line, read and parsed once; the readers that know its
/// kind (scene files, Lottie files) then look at the same tree.
enum DocumentInput {
    /// The parsed document at `path`.
    /// - Throws: `CLIError.usage` naming the file when it cannot be read or is not JSON.
    static func read(_ path: String) throws -> JSONNode {
        let data = try bytes(path)
        do {
            return try JSONParser.parse(Array(data))
        } catch {
            throw CLIError.usage("\(quoted(path)): not JSON: \(error)", file: path)
        }
    }

    /// The bytes of the file at `path` (BenchKit's `InputFile`: size-limited, one read).
    /// - Throws: `CLIError.usage` with InputFile's one line naming the file.
    static func bytes(_ path: String) throws -> Data {
        do {
            return try InputFile.read(path)
        } catch {
            throw CLIError.usage("\(error)")
        }
    }

    /// The file at `path` as UTF-8 text.
    /// - Throws: `CLIError.usage` when it cannot be read, or "`label`: not UTF-8 text`expected`".
    static func text(_ path: String, label: String, expected: String = "") throws -> String {
        guard let text = String(data: try bytes(path), encoding: .utf8) else {
            throw CLIError.usage("\(label): not UTF-8 text\(expected)")
        }
        return text
    }

    /// What a document argument must be, for the message when no reader knows it.
    static let expectedKinds =
        "expected a scene file (a top-level \"schema\": \"flightline.scene/1\") or a Lottie file (a JSON object with 'layers', 'fr', 'ip', 'op', 'w', 'h')"
}
