import BenchKit
import Foundation
import Lottie

/// `scene/lottie-frame`: the cost of evaluating every transform of a many-layer Lottie file for
/// one frame, as a player does on each display refresh (docs/design.md §6).
///
/// The file is generated (`lottieBenchmarkFile`): 60 null rigs on eased spatial paths, each
/// parenting 4 shape layers that move on their own spatial paths while they turn, scale and
/// fade, each holding a turning shape group: 540 animated transforms, two or three levels deep.
/// One frame computes every node's local transform (spatial positions read from the arc-length
/// tables built when the file is read) and composes it with its parent's world transform
/// computed just before. Frame times: every fifth 60 Hz frame over the file's 2 s.
///
/// Reference `scene/lottie-frame/no-tables`: the same evaluation the straightforward way —
/// every node on its own with its whole parent chain recomputed, and every spatial position
/// found by solving the arc length on the curve (adaptive Gauss–Legendre and Newton,
/// `CubicBezier.parameter(atArcLength:)`), no table. The check compares every anchor point of
/// every frame before anything is timed.
func lottieFrameBenchmark(rigs: Int = 60) -> Benchmark {
    let input = LottieBenchmarkInput(rigs: rigs)
    // 24 frames spread over the 2 s (every fifth 60 Hz frame): every segment of every path is
    // visited; the reference's arc-length solves make more frames slow to check and race.
    let times = (0..<24).map { Double($0) / 12 }
    return Benchmark(
        "scene/lottie-frame",
        unit: .nanoseconds(per: "frame"),
        workUnitsPerIteration: times.count,
        reference: Reference("scene/lottie-frame/no-tables") { iterations in
            let animation = input.animation
            for _ in 0..<iterations {
                for t in times { blackHole(LottieFrameEvaluator.referenceAnchors(animation, atSeconds: t)) }
            }
        },
        // The tables place a point within 1e-6 pt of the exact arc length, the reference solves
        // it to 1e-9: 1e-5 pt is a hundred-thousandth of a point, through two parent levels.
        check: Check(tolerance: 1e-5) {
            var check = LottieFrameEvaluator(input.animation)
            var worst = 0.0
            for t in times {
                check.evaluate(atSeconds: t)
                let reference = LottieFrameEvaluator.referenceAnchors(input.animation, atSeconds: t)
                for (a, b) in zip(check.anchors, reference) {
                    let d = a - b
                    worst = max(worst, (d * d).sum().squareRoot())
                }
            }
            return worst
        }
    ) { iterations in
        for _ in 0..<iterations {
            for t in times {
                input.evaluator.evaluate(atSeconds: t)
                blackHole(input.evaluator.anchors[input.evaluator.count - 1])
            }
        }
    }
}

/// The benchmark's file, read on first use (the check runs before any timing): listing the
/// benchmarks (`bench list`) does not pay for reading it.
final class LottieBenchmarkInput {
    let rigs: Int
    init(rigs: Int) { self.rigs = rigs }
    lazy var animation: LottieAnimation = mustSucceed("scene/lottie-frame") {
        try LottieAnimation(bytes: Array(lottieBenchmarkFile(rigs: rigs).utf8))
    }
    lazy var evaluator = LottieFrameEvaluator(animation)
}

/// The generated Lottie file of `scene/lottie-frame` (seeded, so every run times the same file):
/// 60 fps, 2 s, 1024 × 1024, `rigs` null layers with `children` shape layers each.
func lottieBenchmarkFile(rigs: Int = 60, children: Int = 4, seed: UInt64 = 14) -> String {
    var random = SplitMix64(seed: seed)
    func r(_ range: ClosedRange<Double>) -> Double { Double.random(in: range, using: &random) }
    func n(_ x: Double) -> String { String(format: "%.3f", x) }
    let ease = #""o": {"x": [0.33, 0.33], "y": [0, 0]}, "i": {"x": [0.67, 0.67], "y": [1, 1]}"#
    let ease1 = #""o": {"x": [0.33], "y": [0]}, "i": {"x": [0.67], "y": [1]}"#
    func spatial(_ center: Double, _ spread: Double) -> String {
        let p = (0..<3).map { _ in (n(center + r(-spread...spread)), n(center + r(-spread...spread))) }
        let t = (0..<4).map { _ in (n(r(-spread...spread) / 2), n(r(-spread...spread) / 2)) }
        return #"{"a": 1, "k": [{"t": 0, "s": [\#(p[0].0), \#(p[0].1)], \#(ease), "to": [\#(t[0].0), \#(t[0].1)], "ti": [\#(t[1].0), \#(t[1].1)]}, {"t": 60, "s": [\#(p[1].0), \#(p[1].1)], \#(ease), "to": [\#(t[2].0), \#(t[2].1)], "ti": [\#(t[3].0), \#(t[3].1)]}, {"t": 120, "s": [\#(p[2].0), \#(p[2].1)]}]}"#
    }
    func scalar(_ a: Double, _ b: Double) -> String {
        #"{"a": 1, "k": [{"t": 0, "s": [\#(n(a))], \#(ease1)}, {"t": 120, "s": [\#(n(b))]}]}"#
    }
    var layers: [String] = []
    var index = 0
    for _ in 0..<rigs {
        index += 1
        let rig = index
        layers.append(
            #"{"ty": 3, "nm": "rig \#(rig)", "ind": \#(rig), "ip": 0, "op": 120, "st": 0, "ks": {"p": \#(spatial(512, 300)), "r": \#(scalar(r(-30...30), r(-30...30)))}}"#)
        for _ in 0..<children {
            index += 1
            let group = #"{"ty": "gr", "nm": "part", "it": [{"ty": "el", "s": {"a": 0, "k": [20, 20]}, "p": {"a": 0, "k": [0, 0]}}, {"ty": "tr", "p": {"a": 0, "k": [\#(n(r(-20...20))), 0]}, "a": {"a": 0, "k": [0, 0]}, "s": {"a": 0, "k": [100, 100]}, "r": \#(scalar(0, r(-360...360))), "o": {"a": 0, "k": 100}}]}"#
            layers.append(
                #"{"ty": 4, "nm": "shape \#(index)", "ind": \#(index), "parent": \#(rig), "ip": 0, "op": 120, "st": 0, "ks": {"p": \#(spatial(0, 120)), "r": \#(scalar(r(-90...90), r(-90...90))), "s": {"a": 1, "k": [{"t": 0, "s": [\#(n(r(50...150))), \#(n(r(50...150)))], \#(ease)}, {"t": 120, "s": [100, 100]}]}, "o": \#(scalar(0, 100))}, "shapes": [\#(group)]}"#)
        }
    }
    return #"{"v": "5.7.0", "nm": "benchmark", "fr": 60, "ip": 0, "op": 120, "w": 1024, "h": 1024, "assets": [], "layers": [\#(layers.joined(separator: ", "))]}"#
}
