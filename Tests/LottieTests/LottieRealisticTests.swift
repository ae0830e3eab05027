import Foundation
import Lottie
import Motion
import Testing

/// `loader.json`: a multi-layer file built by hand from the specification (a null controller
/// on a spatial arch with an eased return, a parented logo that pops and wobbles, three
/// bouncing dot groups, a blinking cursor by holds, a precomposition badge that starts 1 s in,
/// a still title and background, a hidden layer, an expression, a mask) and one deliberate
/// flaw: a ticker whose linear keyframes change speed ×4.
@Suite struct LottieRealisticTests {
    @Test func everyLayerIsValidatedAndOnlyTheFlawIsJanky() throws {
        let animation = try fixture("loader.json")
        let motion = try animation.motion()
        #expect(Set(motion.stills.map(\.name)).isSuperset(of: ["title", "background"]))
        #expect(!motion.scenes.contains { $0.name.hasPrefix("shadow") })  // hidden
        #expect(!motion.scenes.contains { $0.name.hasPrefix("controller/") && !$0.name.hasPrefix("controller/logo") })
        let names = Set(motion.scenes.map(\.name))
        for expected in [
            "logo/position", "logo/rotation", "logo/scale", "dots/dot 1/position", "dots/dot 3/opacity", "cursor/opacity",
            "badge/star/rotation", "badge/ring/scale", "glow/opacity", "ticker/position",
        ] {
            #expect(names.contains(expected), "\(expected) not in \(names.sorted())")
        }
        #expect(motion.notes.contains { $0.hasPrefix("expressions (x) cannot be evaluated") && $0.contains("layers[8].ks.o") })
        #expect(motion.notes.contains { $0.hasPrefix("masks are not motion; skipped: layers[6].masksProperties") })
        #expect(motion.notes.contains { $0.hasPrefix("hidden layers (hd) are not validated: layers[7]") })
        for scene in motion.scenes {
            for hz in [30.0, 60.0, 120.0] {
                let report = try Validation.validate(scene, hz: hz)
                if scene.name == "ticker/position" {
                    #expect(report.verdict == .janky)
                } else {
                    #expect(report.verdict == .smooth, "\(scene.name) @\(hz) Hz: \(report.findings)")
                }
            }
        }
        let ticker = try timeline(motion, "ticker/position")
        let join = try #require(ticker.joins.first)
        #expect(join.time == 1.5 && abs(join.speedIn - 100) < 1e-9 && abs(join.speedOut - 400) < 1e-9)
        // The badge's star starts with the precomposition layer, 1 s in, and turns 180°/s.
        let star = try timeline(motion, "badge/star/rotation")
        #expect(star.start == 1 && star.end == 3)
        #expect(abs(star.value(2).x / animation.pointsPerDegree - 180) < 1e-9)
        // The cursor blinks by holds: designed steps, not judged.
        #expect(try timeline(motion, "cursor/opacity").designedSteps.count == 5)
    }

    @Test func frameEvaluatorAgreesWithTheReference() throws {
        let animation = try fixture("loader.json")
        var evaluator = LottieFrameEvaluator(animation)
        for k in 0...90 {
            let t = Double(k) / 30
            evaluator.evaluate(atSeconds: t)
            let reference = LottieFrameEvaluator.referenceAnchors(animation, atSeconds: t)
            for (a, b) in zip(evaluator.anchors, reference) {
                #expect(close(a, b, 1e-5), "t = \(t): \(a) against \(b)")
            }
        }
    }
}

@Suite struct LottieStillTests {
    @Test func groupsOfAMovingLayerRideWithIt() throws {
        let motion = try fixture("loader.json").motion()
        let riders = Set(motion.stills.filter(\.ridesWithItsLayer).map(\.name))
        #expect(riders == ["ticker/shape", "logo/shape", "badge/star/shape", "badge/ring/shape"])
        let stills = Set(motion.stills.filter { !$0.ridesWithItsLayer }.map(\.name))
        #expect(stills.isSuperset(of: ["title", "background", "background/shape", "dots"]))
        #expect(stills.isDisjoint(with: riders))
    }
}

@Suite struct LottieLoopTests {
    @Test func objectsThatEndAwayFromTheStartAreListed() throws {
        let motion = try fixture("loader.json").motion()
        // The controller returns to its start (so does the logo it carries); the ticker ends
        // 750 pt from where it starts; the dots and the badge do not show from first to last.
        #expect(motion.loopJumps.map(\.name) == ["ticker"])
        #expect(abs((motion.loopJumps.first?.gap ?? 0) - 750) < 1e-9)
        #expect(try fixture("linear.json").motion().loopJumps.map(\.gap) == [300])
    }
}
