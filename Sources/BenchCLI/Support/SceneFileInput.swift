import JSONDocument
import Motion
import SceneFile

/// Scene files on the command line (`bench validate FILE.json`, `bench plot FILE.json --layer
/// NAME`): a document that declares `"schema": "flightline.scene/1"` has its layers become
/// scenes; otherwise `scenes(fromDocument:path:)` returns `nil` and the Lottie reader takes it.
enum SceneFileInput {
    /// The scenes of a parsed document; `nil` when it is not a scene file.
    static func scenes(fromDocument root: JSONNode, path: String) throws -> [Scene]? {
        guard SceneFile.isSceneFile(root) else { return nil }
        do {
            return try SceneFile(root: root).scenes
        } catch {
            throw CLIError.usage("\(quoted(path)): \(error)")
        }
    }
}
