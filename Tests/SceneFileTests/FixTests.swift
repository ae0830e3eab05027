import Foundation
import JSONDocument
import Motion
import SceneFile
import SpringSolver
import Testing

/// Every computed fix printed for the shipped seed files, applied to the file text, removes the
/// finding it names; the repaired menu is smooth while the shipped one keeps its findings.
@Suite struct FixTests {
    /// The reports of every scene of a file at 60 and 120 Hz (a path in its file's mode).
    static func validations(_ file: SceneFile) throws -> [SceneValidation] {
        try file.scenes.map { scene in
            let reports = try [60.0, 120].map { hz in try Validation.validate(scene, mode: scene.fixedMode ?? .linear, hz: hz) }
            return SceneValidation(scene: scene, reports: reports, judgesFrameCost: false)
        }
    }

    /// `text` with every change applied: the value at each JSON path replaced (or added).
    static func applying(_ changes: [SourceChange], to text: String) throws -> String {
        var root = try JSONSerialization.jsonObject(with: Data(text.utf8))
        for change in changes {
            let value = try JSONSerialization.jsonObject(with: Data(change.json.utf8), options: .fragmentsAllowed)
            root = try set(value, at: tokens(change.path)[...], in: root)
        }
        return String(decoding: try JSONSerialization.data(withJSONObject: root), as: UTF8.self)
    }

    enum Token { case key(String), index(Int) }

    static func tokens(_ path: String) -> [Token] {
        var result: [Token] = []
        for part in path.split(separator: ".") {
            var rest = Substring(part)
            if let open = rest.firstIndex(of: "[") {
                result.append(.key(String(rest[..<open])))
                rest = rest[open...]
                while let close = rest.firstIndex(of: "]") {
                    result.append(.index(Int(rest[rest.index(after: rest.startIndex)..<close])!))
                    rest = rest[rest.index(after: close)...]
                }
            } else {
                result.append(.key(String(rest)))
            }
        }
        return result
    }

    struct PathError: Error {}

    static func set(_ value: Any, at path: ArraySlice<Token>, in node: Any) throws -> Any {
        guard let first = path.first else { return value }
        switch first {
        case .key(let key):
            guard var object = node as? [String: Any] else { throw PathError() }
            object[key] = try set(value, at: path.dropFirst(), in: object[key] ?? [String: Any]())
            return object
        case .index(let i):
            guard var array = node as? [Any], i < array.count else { throw PathError() }
            array[i] = try set(value, at: path.dropFirst(), in: array[i])
            return array
        }
    }

    /// Whether the report still has the finding `fix` targets: the same kind at the same place.
    static func stillThere(_ fix: FixSuggestion, in report: ValidationReport) -> Bool {
        let kind = fix.finding.kind
        func near(_ events: [FrameEvent], _ time: Double) -> Bool {
            events.contains { abs($0.time - time) <= 3 / report.hz }
        }
        var events: [FrameEvent] {
            kind == .speedJump ? report.metrics.speedJumpBreaks.map(\.at) : report.metrics.turnBreaks.map(\.at)
        }
        guard report.findings.contains(where: { $0.kind == kind }) else { return false }
        for change in fix.changes {
            switch change {
            case .joinTime(let element, _, _):
                guard let join = report.joins.first(where: { $0.element == element }) else { return true }
                if near(events, join.time) { return true }
            case .moveControlPoint(let element, _, _):
                let times = report.joins.filter { $0.element == element || $0.element == element - 1 }.map(\.time)
                if times.contains(where: { near(events, $0) }) { return true }
            default:
                return true  // any finding of the kind left counts as the same one
            }
        }
        return false
    }

    func checkEveryFix(_ name: String) throws -> Int {
        let url = scenesDirectory.appendingPathComponent(name)
        let text = String(decoding: try Data(contentsOf: url), as: UTF8.self)
        let file = try SceneFile(text: text)
        var checked = 0
        for validation in try Self.validations(file) {
            let fixes = Validation.fixes(for: validation)
            // Every finding but a frame cost (not judged here) has its fix.
            let findings = validation.reports.flatMap(\.findings)
            #expect(fixes.count == findings.count, "\(validation.scene.name): \(findings)")
            for fix in fixes {
                #expect(!fix.sourceChanges.isEmpty, "\(fix.reason)")
                let fixed = try SceneFile(text: try Self.applying(fix.sourceChanges, to: text))
                let scene = try #require(fixed.scenes.first { $0.name == validation.scene.name })
                let original = try #require(validation.reports.first { $0.label == fix.label })
                let report = try Validation.validate(scene, mode: scene.fixedMode ?? original.mode ?? .linear, hz: fix.hz)
                #expect(!Self.stillThere(fix, in: report), "\(fix.label): \(fix.reason) left \(report.findings)")
                checked += 1
            }
        }
        return checked
    }

    @Test func everyFixForTheShippedBeeRemovesItsFinding() throws {
        // Per bee: the seam and two speed jumps at 60 and 120 Hz, the kink at 4 → 5 at 60 Hz on bee 1.
        #expect(try checkEveryFix("bee.scene.json") == 4 * 6 + 2)
    }

    @Test func everyFixForTheShippedMenuRemovesItsFinding() throws {
        // Both waves at both rates, the dismiss's removal snap at both.
        #expect(try checkEveryFix("menu.scene.json") == 6)
    }

    @Test func joinFixesAreTheHandComputedOnes() throws {
        // bee1+, join 4 → 5 under linear timing, 7 elements over 3.3 s (0.4714 s each): the
        // quadratic arriving ends with B'(1) = 2·(820 − 720, 200 − 300), |B'| = 282.84; the one
        // leaving starts with B'(0) = 2·(850 − 820, 150 − 200), |B'| = 116.62. Key times 3/7 and
        // 5/7 around: t' = (a·t₊ + b·t₋)/(a + b) with a = 282.84, b = 116.62 (times in key units).
        let file = try shippedFile("bee.scene.json")
        let validation = try #require(try Self.validations(file).first)
        let fixes = Validation.fixes(for: validation)
        let a: Double = 2 * (100.0 * 100.0 + 100.0 * 100.0).squareRoot()
        let b: Double = 2 * (30.0 * 30.0 + 50.0 * 50.0).squareRoot()
        let expected: Double = (a * 5 / 7 + b * 3 / 7) / (a + b)
        let keyTime = try #require(fixes.lazy.compactMap { fix -> Double? in
            if case .joinTime(4, _, let to) = fix.changes.first { return to / 3.3 }
            return nil
        }.first)
        #expect(abs(keyTime - expected) < 1e-12)
        // The kink: the control (850, 150) moved onto the arriving tangent (1, −1)/√2 at its
        // distance √(30² + 50²) from (820, 200).
        let moved = try #require(fixes.lazy.compactMap { fix -> SIMD2<Double>? in
            if case .moveControlPoint(5, 1, let to) = fix.changes.first { return to }
            return nil
        }.first)
        let d: Double = (30.0 * 30.0 + 50.0 * 50.0).squareRoot() / 2.0.squareRoot()
        #expect(abs(moved.x - (820 + d)) <= 0.05 && abs(moved.y - (200 - d)) <= 0.05)
        // The seam: (20, 200) on a 1024 × 768 screen, a 25 pt bee, starting at 600 pt/s
        // (7 elements in 3.3 s, |B'(0)| = 2·|(100, −100)|): 12.5 pt + ⌈1 + 2 frames' travel⌉ past
        // the edge, 21 pt at 60 Hz, 11 pt at 120 Hz.
        let startSpeed: Double = 2 * (2.0 * 100.0 * 100.0).squareRoot() * 7 / 3.3
        #expect(abs(startSpeed - 600) < 0.1)
        #expect(fixes.contains { $0.hz == 60 && $0.changes == [.moveStart(to: SIMD2(-12.5 - (1 + 2 * startSpeed / 60).rounded(.up), 200))] })
        #expect(fixes.contains { $0.hz == 120 && $0.changes == [.moveStart(to: SIMD2(-12.5 - (1 + 2 * startSpeed / 120).rounded(.up), 200))] })
    }

    @Test func repairedMenuIsSmoothAndTheShippedOneKeepsItsFindings() throws {
        let repaired = try Self.validations(try shippedFile("menu-repaired.scene.json"))
        for validation in repaired {
            for report in validation.reports {
                #expect(report.verdict == .smooth, "\(report.label): \(report.findings)")
                let stop = try #require(report.spring?.stops.first)
                #expect(stop.frame != nil && stop.snap <= 0.5)
                #expect(report.spring?.firstFrameApex == 0)
            }
        }
        let shipped = try Self.validations(try shippedFile("menu.scene.json"))
        #expect(shipped.map { Set($0.reports.flatMap { $0.findings.map(\.kind) }) } == [[.firstFrameJump], [.snap, .firstFrameJump]])
    }

    @Test func restStopFiresAtTheFirstFrameAtRest() throws {
        let text = document(
            #"{"property": "position.y", "type": "spring", "spring": {"stiffness": 100, "damping": 10}, "fromValue": 0, "toValue": 100, "displayLink": {"stop": "rest", "restDistance": 2}}"#)
        let scene = try #require(try SceneFile(text: text).scenes.first)
        guard case .spring(let spring) = scene.kind else { Issue.record("not a spring"); return }
        let rest = try #require(spring.restStop)
        #expect(rest.distance == 2 && rest.speed == 125)
        let report = try Validation.validate(scene, hz: 60)
        let frame = try #require(report.spring?.stops.first?.frame)
        // By hand: the first frame k/60 within 2 pt and slower than 125 pt/s, none before.
        func atRest(_ k: Int) -> Bool {
            let t = Double(k) / 60
            return abs(100 - spring.motion.position(at: t)) <= 2 && abs(spring.motion.velocity(at: t)) <= 125
        }
        #expect(atRest(frame) && !(0..<frame).contains(where: atRest))
        #expect(report.frames == frame + 1)
        #expect(documentError(document(#"{"property": "y", "type": "spring", "spring": {"stiffness": 100, "damping": 10}, "fromValue": 0, "toValue": 1, "displayLink": {"stop": "offsetIsZero", "restSpeed": 3}}"#))?.path == "layers[0].animations[0].displayLink.restSpeed")
    }
}

/// Fixes on timelines (keyframe values): the key time that equalises a speed jump, and a seam
/// moved off screen, both applied and re-validated.
@Suite struct TimelineFixTests {
    static func fixes(_ text: String) throws -> [FixSuggestion] {
        let scene = try #require(try SceneFile(text: text).scenes.first)
        let reports = try [60.0, 120].map { try Validation.validate(scene, hz: $0) }
        return Validation.fixes(for: SceneValidation(scene: scene, reports: reports, judgesFrameCost: false))
    }

    @Test func keyTimeEqualisesTheSpeedsAtAJoin() throws {
        // 100 pt in the first second, 300 pt in the next: 100 → 300 pt/s at t = 1 s. By hand,
        // k' = (a·k₊ + b·k₋)/(a + b) with a = 100·1, b = 300·1, k₋ = 0, k₊ = 1: 0.25, where both
        // segments run at 200 pt/s.
        let text = document(#"{"property": "position", "type": "keyframe", "values": [[0, 0], [100, 0], [400, 0]], "duration": 2}"#)
        let fixes = try Self.fixes(text)
        let fix = try #require(fixes.first { $0.finding.kind == .speedJump })
        #expect(fix.sourceChanges == [SourceChange(
            path: "layers[0].animations[0].keyTimes", json: "[0, 0.25, 1]", summary: "keyTimes[1] = 0.25 (now 0.5): keyTimes [0, 0.25, 1]")])
        let fixed = try #require(try SceneFile(text: try FixTests.applying(fix.sourceChanges, to: text)).scenes.first)
        for hz in [60.0, 120] {
            let report = try Validation.validate(fixed, hz: hz)
            #expect(report.verdict == .smooth, "\(report.findings)")
            #expect(abs((report.joins.first?.speedRatio ?? 0) - 1) < 1e-12)
        }
    }

    @Test func aSeamOnScreenMovesOffScreen() throws {
        // A repeating move from (100, 100) to (300, 100) at 200 pt/s on a 1024 × 768 screen
        // restarts on screen; at 60 Hz its start moves left and its end up, each 12.5 pt (half
        // of a 25 pt object) + ⌈1 + 2·200/60⌉ = 8 pt past the edge.
        let text = document(
            #"{"property": "position", "type": "keyframe", "values": [[100, 100], [300, 100]], "duration": 1, "repeatCount": "infinite"}"#,
            layer: #""name": "card", "size": [25, 25]"#, top: #""viewport": [1024, 768],"#)
        let fix = try #require(try Self.fixes(text).first { $0.finding.kind == .teleport && $0.hz == 60 })
        #expect(fix.changes == [.moveStart(to: SIMD2(-20.5, 100)), .moveEnd(to: SIMD2(300, -20.5))])
        #expect(fix.sourceChanges.map(\.line) == ["layers[0].animations[0].values[0]: = [-20.5, 100]", "layers[0].animations[0].values[1]: = [300, -20.5]"])
        let fixed = try #require(try SceneFile(text: try FixTests.applying(fix.sourceChanges, to: text)).scenes.first)
        for hz in [60.0, 120] {
            let report = try Validation.validate(fixed, hz: hz)
            #expect(!report.findings.contains { $0.kind == .teleport }, "\(report.findings)")
            #expect(report.notes.contains { if case .hiddenTeleport = $0 { true } else { false } })
        }
    }
}

extension TimelineFixTests {
    /// Issue 23: the object's own size decides what is off screen, not the seed's 25 pt bee. A
    /// 200 × 200 pt layer's restart moves 100 pt (half of it) + ⌈1 + 2·200/60⌉ = 8 pt past the
    /// edge, where it is wholly off screen; a 25 pt bee's fix (−20.5) would leave most of it on.
    @Test func aLargeLayersSeamMovesWhollyOffScreen() throws {
        let text = document(
            #"{"property": "position", "type": "keyframe", "values": [[150, 300], [400, 300]], "duration": 1.25, "repeatCount": "infinite"}"#,
            layer: #""name": "panel", "size": [200, 200]"#, top: #""viewport": [1024, 768],"#)
        let fix = try #require(try Self.fixes(text).first { $0.finding.kind == .teleport && $0.hz == 60 })
        #expect(fix.changes == [.moveStart(to: SIMD2(-108, 300)), .moveEnd(to: SIMD2(400, -108))])
        guard case .offScreenCycle(_, let start, _) = fix.reason else { Issue.record("\(fix.reason)"); return }
        #expect(start?.edge == .left && start?.margin == 8 && start?.objectSize == SIMD2(200, 200))
        for change in fix.changes {
            guard case .moveStart(let p) = change else { continue }
            #expect(p.x + 100 < 0, "the panel's right edge is off screen")
        }
        let fixed = try #require(try SceneFile(text: try FixTests.applying(fix.sourceChanges, to: text)).scenes.first)
        for hz in [60.0, 120] {
            let report = try Validation.validate(fixed, hz: hz)
            #expect(!report.findings.contains { $0.kind == .teleport }, "\(report.findings)")
        }
        // The same restart for a non-square 300 × 40 pt object: half its width to the side.
        let wide = text.replacingOccurrences(of: "[200, 200]", with: "[300, 40]")
        let wideFix = try #require(try Self.fixes(wide).first { $0.finding.kind == .teleport && $0.hz == 60 })
        #expect(wideFix.changes.first == .moveStart(to: SIMD2(-158, 300)))
        guard case .offScreenCycle(_, let wideStart, _) = wideFix.reason else { Issue.record("\(wideFix.reason)"); return }
        #expect(wideStart?.objectSize == SIMD2(300, 40) && wideStart?.edge == .left)
    }
}

/// The rest stop computed for a display link whose `offset == 0` never fires.
@Suite struct RestStopFixTests {
    @Test func aRestStopReplacesAStopThatNeverFires() throws {
        // Critically damped, ω₀ = 2: the deviation (1 + 2t)e^(−2t)·100 pt is still about 1e-13
        // of the target's magnitude after 10 s, so offset == 0 never holds exactly in the window;
        // it is within 0.5 pt (and slower than 31.25 pt/s) from about 3.6 s.
        let text = document(
            #"{"property": "position.y", "type": "spring", "spring": {"stiffness": 4, "damping": 4}, "fromValue": 300, "toValue": 400, "displayLink": {"stop": "offsetIsZero"}}"#)
        let scene = try #require(try SceneFile(text: text).scenes.first)
        let reports = try [60.0].map { try Validation.validate(scene, hz: $0) }
        #expect(reports[0].findings.map(\.kind) == [.stopNeverFires])
        let fixes = Validation.fixes(for: SceneValidation(scene: scene, reports: reports, judgesFrameCost: false))
        let fix = try #require(fixes.first)
        #expect(fix.changes == [.restStop(try RestCriteriaFixture.default)])
        #expect(fix.sourceChanges.map(\.line) == [
            "layers[0].animations[0].displayLink.stop: = \"rest\" (stop at rest, not at offset == 0)",
            "layers[0].animations[0].displayLink.restDistance: = 0.5 (pt)",
            "layers[0].animations[0].displayLink.restSpeed: = 31.25 (pt/s)",
        ])
        let fixed = try #require(try SceneFile(text: try FixTests.applying(fix.sourceChanges, to: text)).scenes.first)
        let report = try Validation.validate(fixed, hz: 60)
        #expect(report.verdict == .smooth, "\(report.findings)")
        // By hand: the first frame where (1 + 2t)e^(−2t)·100 ≤ 0.5 and 400·t·e^(−2t) ≤ 31.25.
        let frame = (0...600).first { k in
            let t = Double(k) / 60
            return (1 + 2 * t) * exp(-2 * t) * 100 <= 0.5 && 400 * t * exp(-2 * t) <= 31.25
        }
        #expect(frame != nil && report.spring?.stops.first?.frame == frame)
        guard case .restStop(_, let firesAt, _, _, _) = fix.reason else { Issue.record("\(fix.reason)"); return }
        #expect(firesAt == frame)
    }
}

/// SpringSolver's default rest box, as the fix proposes it.
enum RestCriteriaFixture {
    static var `default`: SpringSolver.RestCriteria { get throws { try SpringSolver.RestCriteria(distance: 0.5) } }
}
