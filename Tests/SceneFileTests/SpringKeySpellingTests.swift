import Foundation
import Motion
import SceneFile
import Testing

/// A spring's keys are the file's camelCase (`uikitDuration`, `dampingRatio`, …); the command
/// line's hyphenated spellings, the keys before, are read one release with a warning naming the
/// JSON path and the new key; a file that mixes the two is refused.
@Suite struct SpringKeySpellingTests {
    static func spring(_ parameters: String, interruption: String = "") -> String {
        let interruptions = interruption.isEmpty ? "" : #", "interruptions": [{"time": 0.2, "kind": "preserveVelocity", "toValue": 100, "spring": {\#(interruption)}}]"#
        return document(#"{"type": "spring", "property": "position.y", "spring": {\#(parameters)}, "fromValue": 667, "toValue": 459\#(interruptions)}"#)
    }

    /// Each vocabulary with a hyphenated key: camelCase and hyphenated spellings give the same
    /// scene; only the hyphenated one warns, once per key, naming its path and replacement.
    @Test(arguments: [
        (#""uikitDuration": 0.8, "dampingRatio": 0.6"#, #""uikit-duration": 0.8, "damping-ratio": 0.6"#),
        (#""uikitDuration": 0.8, "dampingRatio": 0.6, "uikitMapping": "framer""#, #""uikit-duration": 0.8, "damping-ratio": 0.6, "uikit-mapping": "framer""#),
        (#""response": 0.5, "dampingFraction": 0.8"#, #""response": 0.5, "damping-fraction": 0.8"#),
        (#""androidStiffness": 1500, "dampingRatio": 0.5"#, #""android-stiffness": 1500, "damping-ratio": 0.5"#),
        (#""reboundTension": 40, "reboundFriction": 7"#, #""rebound-tension": 40, "rebound-friction": 7"#),
        (#""origamiTension": 40, "origamiFriction": 7"#, #""origami-tension": 40, "origami-friction": 7"#),
    ])
    func bothSpellingsReadTheSameSpring(camel: String, hyphenated: String) throws {
        let new = try SceneFile(text: Self.spring(camel))
        let old = try SceneFile(text: Self.spring(hyphenated))
        #expect(new.warnings.isEmpty)
        guard case .spring(let a) = new.scenes[0].kind, case .spring(let b) = old.scenes[0].kind else {
            Issue.record("not springs")
            return
        }
        #expect(a.motion.spring == b.motion.spring)
        let hyphenatedKeys = hyphenated.split(separator: ",").compactMap { $0.split(separator: ":").first }
            .map { $0.trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(charactersIn: "\"")) }
            .filter { $0.contains("-") }
        #expect(old.warnings.count == hyphenatedKeys.count, "\(old.warnings)")
        for (key, warning) in zip(hyphenatedKeys, old.warnings) {
            #expect(warning.hasPrefix("layers[0].animations[0].spring[\"\(key)\"]: the key '\(key)' is deprecated"), "\(warning)")
            #expect(warning.hasSuffix("write '\(SceneFile.Keys.camelCase(key))'"), "\(warning)")
        }
    }

    @Test func aFileMixingBothSpellingsIsRefused() {
        // Within one spring…
        let within = errorText(Self.spring(#""uikitDuration": 0.8, "damping-ratio": 0.6"#))
        #expect(within?.hasPrefix(#"layers[0].animations[0].spring["damping-ratio"]: expected the file's camelCase spring keys throughout: it writes 'uikitDuration' at layers[0].animations[0].spring.uikitDuration, so write 'dampingRatio' for 'damping-ratio' here"#) == true, "\(within ?? "accepted")")
        // …and across springs of one file (an interruption's).
        let across = documentError(Self.spring(#""uikitDuration": 0.8, "dampingRatio": 0.6"#, interruption: #""response": 0.3, "damping-fraction": 0.9"#))
        #expect(across?.path == #"layers[0].animations[0].interruptions[0].spring["damping-fraction"]"#, "\(across?.description ?? "accepted")")
        // The same key in both spellings: refused at the deprecated one.
        let twice = documentError(Self.spring(#""uikitDuration": 0.8, "uikit-duration": 0.8, "dampingRatio": 0.6"#))
        #expect(twice?.path == #"layers[0].animations[0].spring["uikit-duration"]"#, "\(twice?.description ?? "accepted")")
    }

    @Test func anInterruptionsSpringReadsEitherSpelling() throws {
        let new = try SceneFile(text: Self.spring(#""uikitDuration": 0.8, "dampingRatio": 0.6"#, interruption: #""response": 0.3, "dampingFraction": 0.9"#))
        let old = try SceneFile(text: Self.spring(#""uikit-duration": 0.8, "damping-ratio": 0.6"#, interruption: #""response": 0.3, "damping-fraction": 0.9"#))
        #expect(new.warnings.isEmpty)
        #expect(old.warnings.count == 3)
        #expect(old.warnings.last?.hasPrefix("layers[0].animations[0].interruptions[0].spring[\"damping-fraction\"]") == true, "\(old.warnings)")
        #expect(new.scenes[0].name == old.scenes[0].name)
        // An interruption's spring takes no uikitMapping (in either spelling).
        let mapping = documentError(Self.spring(#""uikitDuration": 0.8, "dampingRatio": 0.6"#, interruption: #""response": 0.3, "dampingFraction": 0.9, "uikitMapping": "framer""#))
        #expect(mapping?.key == "uikitMapping", "\(mapping?.description ?? "accepted")")
        #expect(mapping?.path == "layers[0].animations[0].interruptions[0].spring.uikitMapping")
    }

    @Test func keysOfNoVocabularyAreNamedInTheFilesSpelling() {
        let error = documentError(Self.spring(#""uikitDuration": 0.8"#))
        // The whole message: the given key and every key set in the file's (camelCase) spelling.
        #expect(error?.message == "layers[0].animations[0].spring: expected the keys of one spring vocabulary, got {uikitDuration}; "
            + "expected one of: stiffness damping [mass] | response dampingFraction [mass] | duration [bounce] [mass] | "
            + "uikitDuration dampingRatio | androidStiffness dampingRatio | tension friction [mass] | "
            + "reboundTension reboundFriction | origamiTension origamiFriction", "\(error?.description ?? "accepted")")
        #expect(error?.path == "layers[0].animations[0].spring")
    }

    @Test func shippedFilesUseTheCamelCaseKeys() throws {
        for name in try FileManager.default.contentsOfDirectory(atPath: scenesDirectory.path) where name.hasSuffix(".scene.json") {
            #expect(try shippedFile(name).warnings.isEmpty, "\(name)")
        }
        #expect(SceneFile.Keys.springParameters.allSatisfy { !$0.contains("-") })
        #expect(SceneFile.Keys.springParameters.contains("uikitDuration") && SceneFile.Keys.springParameters.contains("dampingRatio"))
    }
}
