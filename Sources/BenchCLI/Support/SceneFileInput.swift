import JSONDocument
import Motion
import SceneFile

/// Scene files on the command line (`bench validate FILE.json`, `bench plot FILE.json --layer
/// NAME`): a document that declares `"schema": "flightline.scene/1"` has its layers become
/// scenes; otherwise `scenes(fromDocument:path:)` returns `nil` and the Lottie reader takes it.
enum SceneFileInput {
    /// The scenes of a parsed document; `nil` when it is not a scene file. The reader's
    /// warnings (deprecated keys) go to stderr once the command has run without an error
    /// (``DeferredWarnings``), one line each naming the file and JSON path.
    static func scenes(fromDocument root: JSONNode, path: String) throws -> [Scene]? {
        guard SceneFile.isSceneFile(root) else { return nil }
        let file: SceneFile
        do {
            file = try SceneFile(root: root)
        } catch {
            throw CLIError.usage("\(quoted(path)): \(error)", file: path, path: error.path)
        }
        for warning in file.warnings {
            let line = "bench: warning: \(quoted(path)): \(warning)"
            if let deferred = DeferredWarnings.current {
                deferred.append(line)
            } else {
                Console.current(environment: [:]).err(line)
            }
        }
        return file.scenes
    }
}
