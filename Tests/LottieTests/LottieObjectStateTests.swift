import Foundation
import Lottie
import Motion
import Testing

/// `objectStates(atFrame:)` (what `bench sample` writes) shows exactly what the validated
/// timelines judge: every timeline's value, its points per unit undone, equals the object's state
/// at the same frame, inside and outside the timeline's span.
@Suite struct LottieObjectStateTests {
    @Test(arguments: ["autoorient.json", "eased.json", "groups.json", "hold.json", "linear.json", "loader.json", "parent.json", "precomp.json", "spatial.json", "stretch.json"])
    func statesAreTheTimelinesValues(file: String) throws {
        let animation = try fixture(file)
        let motion = try animation.motion()
        let objects = animation.sampledObjects
        #expect(objects.map(\.name) == motion.objects.map(\.name))
        #expect(objects.map(\.place) == motion.objects.map(\.place))
        let fr = animation.frameRate
        var checked = 0
        for scene in motion.scenes {
            guard case .timeline(let timeline, _) = scene.kind, let slash = scene.name.lastIndex(of: "/") else { continue }
            let name = String(scene.name[..<slash]), quantity = String(scene.name[scene.name.index(after: slash)...])
            let index = try #require(objects.firstIndex { $0.name == name })
            for frame in stride(from: animation.inPoint, to: animation.outPoint, by: 0.75) {
                let t = frame / fr
                guard t >= timeline.start, t <= timeline.end ?? .infinity else { continue }
                let state = animation.objectStates(atFrame: frame)[index]
                let value = timeline.value(t)
                let (expected, tolerance): (SIMD2<Double>, Double)
                switch quantity {
                case "position": (expected, tolerance) = (SIMD2(state.x, state.y), 1e-9)
                case "rotation": (expected, tolerance) = (SIMD2(state.rotation * animation.pointsPerDegree, 0), 1e-9)
                case "scale": (expected, tolerance) = (SIMD2(state.scaleX, state.scaleY) * animation.pointsPerScalePercent, 1e-9)
                default: (expected, tolerance) = (SIMD2(state.opacity * LottieAnimation.pointsPerOpacityPercent, 0), 1e-9)
                }
                #expect(close(value, expected, tolerance), "\(file) \(scene.name) at frame \(frame): \(value) vs \(expected)")
                checked += 1
            }
        }
        #expect(checked > 0 || motion.scenes.isEmpty)
    }

    @Test func visibilityFollowsInAndOutPoints() throws {
        let animation = try fixture("loader.json")
        let states = animation.objectStates(atFrame: animation.inPoint)
        #expect(states.count == animation.sampledObjects.count)
        #expect(states.contains { $0.isVisible })
    }
}
