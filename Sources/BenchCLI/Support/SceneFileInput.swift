import BenchKit
import Foundation
import JSONDocument
import Motion
import SceneFile

/// Scene files on the command line (`bench validate FILE.json`, `bench plot FILE.json --layer
/// NAME`): a positional ending in `.json` is read as a document; when it declares
/// `"schema": "flightline.scene/1"` its layers become scenes, otherwise `scenes(fromFile:)`
/// returns `nil` and another reader may take it.
enum SceneFileInput {
    /// Whether a positional names a JSON document rather than a seed scene.
    static func isDocument(_ argument: String) -> Bool { argument.lowercased().hasSuffix(".json") }

    /// The scenes of the scene file at `path`; `nil` when the document is not a scene file.
    /// - Throws: `CLIError.usage` naming the file and, for a bad scene file, the JSON path.
    static func scenes(fromFile path: String) throws -> [Scene]? {
        let bytes: Data
        do {
            bytes = try InputFile.read(path)
        } catch {
            throw CLIError.usage("\(error)")
        }
        let root: JSONNode
        do {
            root = try JSONParser.parse(Array(bytes))
        } catch {
            throw CLIError.usage("\(path): \(error)")
        }
        guard SceneFile.isSceneFile(root) else { return nil }
        do {
            return try SceneFile(root: root).scenes
        } catch {
            throw CLIError.usage("\(path): \(error)")
        }
    }

    /// The scenes of a document argument, refusing a JSON document no reader knows.
    static func requiredScenes(fromFile path: String) throws -> [Scene] {
        guard let scenes = try scenes(fromFile: path) else {
            throw CLIError.usage("\(path): not a scene file: expected a top-level \"schema\": \"\(SceneFile.schemaName)\"")
        }
        return scenes
    }
}
