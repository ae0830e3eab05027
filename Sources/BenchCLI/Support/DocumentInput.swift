import BenchKit
import Foundation
import JSONDocument

/// A JSON document named on the command line, read and parsed once; the readers that know its
/// kind (scene files, Lottie files) then look at the same tree.
enum DocumentInput {
    /// The parsed document at `path`.
    /// - Throws: `CLIError.usage` naming the file when it cannot be read or is not JSON.
    static func read(_ path: String) throws -> JSONNode {
        let data: Data
        do {
            data = try InputFile.read(path)
        } catch {
            throw CLIError.usage("\(error)")
        }
        do {
            return try JSONParser.parse(Array(data))
        } catch {
            throw CLIError.usage("\(quoted(path)): not JSON: \(error)")
        }
    }

    /// What a document argument must be, for the message when no reader knows it.
    static let expectedKinds =
        "expected a scene file (a top-level \"schema\": \"flightline.scene/1\") or a Lottie file (a JSON object with 'layers', 'fr', 'ip', 'op', 'w', 'h')"
}
