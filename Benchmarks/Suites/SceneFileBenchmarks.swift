import BenchKit
import BezierKernels
import Motion
import SceneFile

/// `scene/file-100-layers` (docs/design.md §6): reading a generated scene file of 100 path
/// layers and validating every layer at 60 and 120 Hz, the way `bench validate FILE.json`
/// does (without the frame cost, which times itself). Reference
/// `scene/file-100-layers/built-in`: the same 100 paths validated as built-in path scenes
/// (`Scene.svg`, the `--svg` scenes, built from their path data in the timed loop as the command
/// line builds them), so the ratio is the cost the file format adds (its JSON reading, checking
/// and keyframe compiling) over what both do: parse the paths, build their arc-length tables
/// (one per path, shared by both modes), validate.
///
/// The layers: the two seed bees' paths shifted down by 0–99 pt, flown over 3.0–3.9 s, for ever,
/// alternately linear and paced. The check compares every report's metrics and findings with
/// the built-in scene's before anything is timed.
func sceneFileBenchmark(layers: Int = 100) throws -> Benchmark {
    let spec = GeneratedSceneFile(layers: layers)
    let text = try spec.text()
    let rates = [60.0, 120]
    func validateFile() throws -> [ValidationReport] {
        let file = try SceneFile(text: text)
        var reports: [ValidationReport] = []
        for scene in file.scenes {
            for hz in rates { reports.append(try Validation.validate(scene, mode: scene.fixedMode ?? .linear, hz: hz)) }
        }
        return reports
    }
    func validateBuiltIn() throws -> [ValidationReport] {
        var reports: [ValidationReport] = []
        for (scene, mode) in try spec.builtInScenes() {
            for hz in rates { reports.append(try Validation.validate(scene, mode: mode, hz: hz)) }
        }
        return reports
    }
    let name = "scene/file-\(layers)-layers"
    return Benchmark(
        name,
        unit: .nanoseconds(per: "file"),
        reference: Reference(name + "/built-in") { iterations in
            for _ in 0..<iterations { blackHole(mustSucceed("scene/file-100-layers/built-in") { try validateBuiltIn() }.count) }
        },
        // Identical reports: the count of reports whose metrics or findings differ (0).
        check: Check(tolerance: 0) {
            let a = try validateFile(), b = try validateBuiltIn()
            guard a.count == b.count, a.count == layers * rates.count else { return .infinity }
            return Double(zip(a, b).filter { $0.metrics != $1.metrics || $0.findings.map(\.kind) != $1.findings.map(\.kind) }.count)
        }
    ) { iterations in
        for _ in 0..<iterations { blackHole(mustSucceed("scene/file-100-layers") { try validateFile() }.count) }
    }
}

/// A scene file of `layers` path layers built from the seed bees (see `sceneFileBenchmark`).
struct GeneratedSceneFile {
    let layers: Int

    struct Layer {
        let name: String
        let pathData: String
        let duration: Double
        let mode: TimingMode
    }

    func layerSpecs() throws -> [Layer] {
        try (0..<layers).map { i in
            let flight = try BeeFlight(bee: i % 2 == 0 ? .one : .two, sign: i % 4 < 2 ? 1 : -1)
            let shift = SIMD2(0, Double(i))
            let elements = try flight.path().elements.map { $0.mappingPoints { Point($0.simd + shift) } }
            return Layer(
                name: "bee\(i)", pathData: try Path(elements: elements).svgPathData, duration: 3 + Double(i % 10) / 10,
                mode: i % 2 == 0 ? .linear : .paced)
        }
    }

    func text() throws -> String {
        let items = try layerSpecs().map { layer in
            #"{"name": "\#(layer.name)", "size": [25, 25], "animations": [{"property": "position", "type": "keyframe", "path": "\#(layer.pathData)", "calculationMode": "\#(layer.mode.rawValue)", "duration": \#(layer.duration), "repeatCount": "infinite"}]}"#
        }
        return #"{"schema": "flightline.scene/1", "viewport": [1024, 768], "layers": [\#(items.joined(separator: ", "))]}"#
    }

    func builtInScenes() throws -> [(Scene, TimingMode)] {
        try layerSpecs().map { layer in
            let scene = try Scene.svg(layer.pathData, duration: layer.duration, repeats: true, name: layer.name + "/position")
            guard case .path(let motion, _) = scene.kind else { return (scene, layer.mode) }
            return (Scene(name: scene.name, kind: .path(motion, viewport: SIMD2(1024, 768))), layer.mode)
        }
    }
}
