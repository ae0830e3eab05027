import JSONDocument
import Motion
import SceneFile

/// Scene files on the command line (`bench validate FILE.json`, `bench plot FILE.json --layer
/// NAME`): a document that declares `"schema": "flightline.scene/1"` has its layers become
/// scenes; otherwise `scenes(fromDocument:path:)` returns `nil` and the Lottie reader takes it.
enum SceneFileInput {
    /// The scenes of a parsed document; `nil` when it is not a scene file. The reader's
    /// warnings (deprecated keys) go to stderr, one line each naming the file and JSON path.
    static func scenes(fromDocument root: JSONNode, path: String) throws -> [Scene]? {
        guard SceneFile.isSceneFile(root) else { return nil }
        let file: SceneFile
        do {
            file = try SceneFile(root: root)
        } catch {
            throw CLIError.usage("\(quoted(path)): \(error)")
        }
        let console = Console.current(environment: [:])
        for warning in file.warnings { console.err("bench: warning: \(quoted(path)): \(warning)") }
        return file.scenes
    }
}
