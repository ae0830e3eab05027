import Foundation
import JSONDocument
import Motion
import SceneFile

/// The package's Scenes/ folder.
let scenesDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Scenes")

func shippedFile(_ name: String) throws -> SceneFile {
    try SceneFile(bytes: Array(try Data(contentsOf: scenesDirectory.appendingPathComponent(name))))
}

/// A one-layer document around `animation` (JSON text of one animation object).
func document(_ animation: String, layer: String = #""name": "card""#, top: String = "") -> String {
    #"{"schema": "flightline.scene/1", \#(top) "layers": [{\#(layer), "animations": [\#(animation)]}]}"#
}

/// The compiled timeline of a one-animation document.
func timeline(_ animation: String) throws -> TimelineMotion {
    let file = try SceneFile(text: document(animation))
    guard case .timeline(let motion, _) = file.scenes[0].kind else { throw JSONDocumentError("not a timeline", line: 0, column: 0) }
    return motion
}

/// The error a document gives, as text.
func errorText(_ text: String) -> String? {
    do {
        _ = try SceneFile(text: text)
        return nil
    } catch {
        return error.description
    }
}

/// The error a document gives, as data: its JSON path, the key it names, its line and column.
func documentError(_ text: String) -> JSONDocumentError? {
    do {
        _ = try SceneFile(text: text)
        return nil
    } catch {
        return error
    }
}
