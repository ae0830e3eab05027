import BezierKernels
import Foundation  // atan2

/// A literal, step-by-step port of how lottie-web finds the value of a layer's one-dimensional
/// property at a frame of the composition that holds the layer, written here to check the
/// `Lottie` target's time rules against (not shared with it).
///
/// Sources (airbnb/lottie-web, player/js):
/// - `elements/CompElement.js`, `ICompElement.prototype.prepareFrame(num)`: without time
///   remapping `this.renderedFrame = num / this.data.sr`, and each child element gets
///   `prepareFrame(this.renderedFrame - this.layers[i].st)`.
/// - `utils/PropertyFactory.js`, `getValueAtCurrentTime()`: `frameNum = this.comp.renderedFrame
///   - this.offsetTime` with `offsetTime = elem.data.st`; before the first keyframe
///   (`frameNum < keyframes[0].t - offsetTime`) the first value, at or after the last the last.
/// - `interpolateValue(frameNum)`: finds the segment with `nextKeyData.t - offsetTime > frameNum`,
///   then `perc = ease((frameNum - keyTime) / (nextKeyTime - keyTime))` with both key times
///   shifted by `offsetTime` too.
struct LottieWebTimePort {
    /// (t, value) pairs: the keyframes as the file writes them.
    let keyframes: [(Double, Double)]
    /// One ease for every segment (the port follows the time flow; the ease itself is the
    /// `TimingCurve` checked in BezierKernelsTests).
    let ease: TimingCurve

    /// The value shown at `compositionFrame` (the comp's `renderedFrame`) for a layer with
    /// `st = layerStart`; `layerStretch` is the layer's `sr`, which lottie-web applies only to a
    /// precomposition's children (through `renderedFrame = num / sr`), not to the layer's own
    /// properties.
    func value(compositionFrame: Double, layerStart: Double, layerStretch: Double) -> Double {
        _ = layerStretch  // not read for the layer's own properties: that is the rule.
        // The comp calls elements[i].prepareFrame(renderedFrame - st) ...
        let num = compositionFrame - layerStart
        _ = num  // ... which only checks ip/op (checkLayerLimits); properties read the comp:
        let offsetTime = layerStart
        let frameNum = compositionFrame - offsetTime
        let initTime = keyframes[0].0 - offsetTime
        let endTime = keyframes[keyframes.count - 1].0 - offsetTime
        if frameNum <= initTime { return keyframes[0].1 }
        if frameNum >= endTime { return keyframes[keyframes.count - 1].1 }
        var i = 0
        while i < keyframes.count - 1 {
            if keyframes[i + 1].0 - offsetTime > frameNum { break }
            i += 1
        }
        let keyTime = keyframes[i].0 - offsetTime
        let nextKeyTime = keyframes[i + 1].0 - offsetTime
        let perc = ease.progress(at: (frameNum - keyTime) / (nextKeyTime - keyTime))
        return keyframes[i].1 + (keyframes[i + 1].1 - keyframes[i].1) * perc
    }

    /// The frame a precomposition's children are prepared at: `renderedFrame = num / sr` with
    /// `num` the parent composition's frame minus the precomposition layer's `st`.
    static func childFrame(parentFrame: Double, precompStart: Double, precompStretch: Double) -> Double {
        let num = parentFrame - precompStart
        return num / precompStretch
    }
}

/// A literal port of lottie-web's auto-orient (player/js/utils/TransformProperty.js,
/// `processKeys`, the `autoOriented` branch, for a combined position `p`) over a position whose
/// value at any frame the caller gives: before the first keyframe
/// `v1 = p(t₀ + 0.01)`, `v2 = p(t₀)`; at or after the last `v1 = p(tₙ)`, `v2 = p(tₙ − 0.05)`;
/// otherwise `v1 = p(now)`, `v2 = p(now − 0.01)`; the layer turns by `atan2(v1 − v2)`.
struct LottieWebAutoOrientPort {
    let keyTimes: [Double]
    let position: (Double) -> SIMD2<Double>

    /// Degrees clockwise (lottie-web rotates by `-atan2` in its own convention, the same turn
    /// on a y-down screen).
    func angle(atFrame frame: Double) -> Double {
        let v1: SIMD2<Double>, v2: SIMD2<Double>
        if frame <= keyTimes[0] {
            v1 = position(keyTimes[0] + 0.01)
            v2 = position(keyTimes[0])
        } else if frame >= keyTimes[keyTimes.count - 1] {
            v1 = position(keyTimes[keyTimes.count - 1])
            v2 = position(keyTimes[keyTimes.count - 1] - 0.05)
        } else {
            v1 = position(frame)
            v2 = position(frame - 0.01)
        }
        return atan2(v1.y - v2.y, v1.x - v2.x) * 180 / .pi
    }
}
