import Foundation  // atan2, hypot
import Lottie

extension RlottieComparison {
    /// One sample: an object's quantity disagreement at a frame, and the shortcuts in force.
    struct Sample {
        let frame: Int
        let value: Double
        let shortcuts: LottieSimplifications
    }

    /// Collects the samples frame by frame, then sums them up.
    struct Builder {
        let animation: LottieAnimation
        let info: [LottieNodeInfo]
        var plans: [Int: LayerPlan] = [:]
        /// Samples per object and quantity (`Quantity.all` order).
        var samples: [Int: [Quantity: [Sample]]] = [:]
        var onlyRlottie: [Int: [Int]] = [:]
        var onlyFlightline: [Int: [Int]] = [:]
        var mismatchedFrames: [Int: Int] = [:]
        var unmatched: Set<Int> = []


        /// The alpha rlottie's render tree gives a paint of `owner`: the opacities of the owner,
        /// its groups, its layer and its enclosing precompositions, up to the first
        /// precomposition with more than one layer, which rlottie draws offscreen and blends
        /// with its opacity there: its children get alpha 1 in the tree
        /// (src/lottie/lottieitem.cpp `renderer::CompLayer::updateContent`: `if (complexContent())
        /// alpha = 1`, complex when `mLayers.size() > 1`).
        func treeOpacity(_ owner: Int, atFrame frame: Double) -> Double {
            var product = 1.0
            var current: Int? = owner
            while let i = current {
                if info[i].layerType == 0, (layerCounts[i] ?? 0) > 1 { break }
                product *= animation.ownOpacity(ofNode: i, atFrame: frame)
                current = info[i].layerType == nil ? info[i].parent : info[i].container
            }
            return product
        }

        /// How many layers each precomposition layer's composition holds.
        var layerCounts: [Int: Int] = [:]

        init(animation: LottieAnimation) {
            self.animation = animation
            info = animation.nodeInfos
            for node in info where node.layerType != nil {
                if let container = node.container { layerCounts[container, default: 0] += 1 }
            }
            for node in info where node.layerType == 4 {
                plans[node.index] = node.incomplete.map { .notCompared($0) } ?? ExpectedPaint.plan(info, layer: node.index)
            }
        }

        /// The layer a node belongs to (itself for a layer).
        func layer(of index: Int) -> Int {
            var i = index
            while info[i].layerType == nil, let parent = info[i].parent { i = parent }
            return i
        }

        /// The index in the file of a layer (the last `[N]` of its JSON path).
        static func fileIndex(_ place: String) -> Int {
            guard let open = place.lastIndex(of: "["), let close = place.lastIndex(of: "]"), open < close else { return 0 }
            return Int(place[place.index(after: open)..<close]) ?? 0
        }

        mutating func frame(_ frame: Double, root: RlottieLayer, canvasScale: SIMD2<Double>) {
            match(container: nil, layers: root.layers, frame: frame, canvasScale: canvasScale, hiddenAbove: false)
        }

        /// Pairs a composition's layers with rlottie's (which lists them back to front: reversed)
        /// by name, the n-th of a name with the n-th. `hiddenAbove`: an enclosing precomposition
        /// layer is not visible in rlottie's tree (`mVisible` 0): rlottie did not update its
        /// layers (`renderer::Layer::update` returns first), whose nodes are a past frame's and
        /// are not drawn.
        mutating func match(container: Int?, layers: [RlottieLayer], frame: Double, canvasScale: SIMD2<Double>, hiddenAbove: Bool) {
            let ours = info.filter { $0.layerType != nil && $0.container == container }.sorted { Self.fileIndex($0.place) < Self.fileIndex($1.place) }
            var byName: [String: [RlottieLayer]] = [:]
            for layer in layers.reversed() { byName[layer.name ?? "", default: []].append(layer) }
            for node in ours {
                let key = node.fileName ?? ""
                var theirs: RlottieLayer?
                if var list = byName[key], !list.isEmpty {
                    theirs = list.removeFirst()
                    byName[key] = list
                }
                if node.layerType == 0 {
                    match(
                        container: node.index, layers: theirs?.layers ?? [], frame: frame, canvasScale: canvasScale,
                        hiddenAbove: hiddenAbove || !(theirs?.isVisible ?? true))
                    continue
                }
                guard node.isShown, node.layerType == 4 else { continue }
                guard let theirs else {
                    unmatched.insert(node.index)
                    continue
                }
                compare(layer: node.index, theirs, frame: frame, canvasScale: canvasScale, hiddenAbove: hiddenAbove)
            }
        }

        mutating func compare(layer: Int, _ theirs: RlottieLayer, frame: Double, canvasScale: SIMD2<Double>, hiddenAbove: Bool) {
            guard case .paints(let allPaints) = plans[layer], allPaints.contains(where: { $0.pointCount > 0 }) else { return }
            let f = Int(frame)
            // rlottie draws a paint only when its 8-bit alpha, `uint8_t(255 · a)`, is not 0
            // (src/lottie/lottiemodel.h `Color::toColor`; src/lottie/lottieitem.cpp
            // `renderer::Fill::updateContent` returns `!color.isTransparent()` and
            // `Paint::renderList` skips it), and nothing for a layer whose combined alpha is 0 to
            // its float epsilon (renderer::Layer::update, `vIsZero`).
            let paints = allPaints.filter { paint in
                guard let alpha = paint.alpha else { return true }
                return (255 * treeOpacity(paint.owner, atFrame: frame) * alpha).rounded(.down) >= 1
            }
            // A precomposition at alpha 0 is not updated by rlottie (renderer::Layer::update
            // returns before its children): their nodes in the tree are the last frame's. Nothing
            // is drawn there, by either player: nothing to compare.
            var container = info[layer].container
            while let c = container {
                if animation.drawnOpacity(ofNode: c, atFrame: frame) <= 1e-6 { return }
                container = info[c].container
            }
            let ourVisible =
                animation.isVisible(node: layer, atFrame: frame) && animation.drawnOpacity(ofNode: layer, atFrame: frame) > 1e-6
                && paints.contains { $0.pointCount > 0 }
            let theirVisible = !hiddenAbove && theirs.isVisible && theirs.shapes.contains { !$0.points.isEmpty }
            if ourVisible != theirVisible {
                if ourVisible { onlyFlightline[layer, default: []].append(f) } else { onlyRlottie[layer, default: []].append(f) }
                return
            }
            guard ourVisible else { return }
            guard theirs.shapes.count == paints.count, zip(theirs.shapes, paints).allSatisfy({ $0.points.count == $1.pointCount }) else {
                mismatchedFrames[layer, default: 0] += 1
                return
            }
            // Point pairs (local, rlottie's) per owner, and each owner's largest point distance.
            var pairs: [Int: [(SIMD2<Double>, SIMD2<Double>)]] = [:]
            var pointError: [Int: Double] = [:]
            var order: [Int] = []
            for (paint, shape) in zip(paints, theirs.shapes) {
                var offset = 0
                for item in paint.items {
                    let world = animation.worldTransform(ofNode: item.owner, atFrame: frame)
                    if pairs[item.owner] == nil { order.append(item.owner) }
                    for (j, local) in item.points.enumerated() {
                        let q = shape.points[offset + j] * canvasScale
                        let e = world.apply(local) - q
                        pointError[item.owner] = max(pointError[item.owner] ?? 0, (e * e).sum().squareRoot())
                        pairs[item.owner, default: []].append((local, q))
                    }
                    offset += item.points.count
                }
                if let alpha = paint.alpha {
                    let ours = treeOpacity(paint.owner, atFrame: frame) * alpha * 100
                    let theirsPercent = Double(shape.alpha) / 255 * 100
                    let flags = animation.simplifications(affecting: paint.owner, atFrame: frame).opacity
                    add(paint.owner, .transform(.opacity), Sample(frame: f, value: abs(ours - theirsPercent) * LottieAnimation.pointsPerOpacityPercent, shortcuts: flags))
                }
            }
            for (owner, error) in pointError {
                add(owner, .points, Sample(frame: f, value: error, shortcuts: animation.simplifications(affecting: owner, atFrame: frame).geometry))
            }
            // rlottie's map for each owner whose points span the plane.
            var fitted: [Int: LottieAffine] = [:]
            for owner in order {
                if let m = Self.fit(pairs[owner] ?? []) { fitted[owner] = m }
            }
            // Every shown object of this layer: read through its own shapes or the first drawn
            // inside it.
            for node in info where node.isShown && layer == self.layer(of: node.index) {
                guard let source = order.first(where: { fitted[$0] != nil && isDescendant($0, of: node.index) }),
                    let rlottieOwner = fitted[source]
                else { continue }
                let ours = animation.worldTransform(ofNode: node.index, atFrame: frame)
                var theirsMap = rlottieOwner
                if source != node.index {
                    guard let back = animation.worldTransform(ofNode: source, atFrame: frame).inverse else { continue }
                    theirsMap = rlottieOwner * back * ours
                }
                var flags = animation.simplifications(affecting: node.index, atFrame: frame).geometry
                // Read through a shape inside it: what moves that shape's groups counts too.
                if source != node.index { flags.formUnion(animation.simplifications(affecting: source, atFrame: frame).geometry) }
                let anchor = animation.anchor(ofNode: node.index, atFrame: frame)
                let position = animation.anchorPosition(ofNode: node.index, atFrame: frame) - theirsMap.apply(anchor)
                add(node.index, .transform(.position), Sample(frame: f, value: (position * position).sum().squareRoot(), shortcuts: flags))
                var turn = (Self.angle(ours) - Self.angle(theirsMap)).truncatingRemainder(dividingBy: 360)
                if turn > 180 { turn -= 360 }
                if turn < -180 { turn += 360 }
                add(node.index, .transform(.rotation), Sample(frame: f, value: abs(turn) * animation.pointsPerDegree, shortcuts: flags))
                let scale = Self.scale(ours) - Self.scale(theirsMap)
                add(node.index, .transform(.scale), Sample(frame: f, value: (scale * scale).sum().squareRoot() * animation.pointsPerScalePercent, shortcuts: flags))
            }
        }

        func isDescendant(_ index: Int, of ancestor: Int) -> Bool {
            var i: Int? = index
            while let current = i {
                if current == ancestor { return true }
                if info[current].layerType != nil { return false }  // groups only, within the layer
                i = info[current].parent
            }
            return false
        }

        mutating func add(_ object: Int, _ quantity: Quantity, _ sample: Sample) {
            guard sample.value.isFinite else { return }
            samples[object, default: [:]][quantity, default: []].append(sample)
        }

        /// The map's rotation, degrees clockwise (y down): the angle of its first column.
        static func angle(_ m: LottieAffine) -> Double { atan2(m.b, m.a) * 180 / .pi }

        /// The map's scale per axis, percent: the lengths of its columns.
        static func scale(_ m: LottieAffine) -> SIMD2<Double> { SIMD2(hypot(m.a, m.b), hypot(m.c, m.d)) * 100 }

        /// The affine map taking each local point to its partner, by least squares (normal
        /// equations on centred points); `nil` unless the local points span the plane.
        static func fit(_ pairs: [(SIMD2<Double>, SIMD2<Double>)]) -> LottieAffine? {
            guard pairs.count >= 3 else { return nil }
            let n = Double(pairs.count)
            let meanP = pairs.reduce(SIMD2<Double>.zero) { $0 + $1.0 } / n
            let meanQ = pairs.reduce(SIMD2<Double>.zero) { $0 + $1.1 } / n
            var sxx = 0.0, sxy = 0.0, syy = 0.0
            var qx = SIMD2<Double>.zero, qy = SIMD2<Double>.zero  // Σ q·dx, Σ q·dy
            for (p, q) in pairs {
                let d = p - meanP, e = q - meanQ
                sxx += d.x * d.x
                sxy += d.x * d.y
                syy += d.y * d.y
                qx += e * d.x
                qy += e * d.y
            }
            let det = sxx * syy - sxy * sxy
            let size = max(sxx, syy)
            guard size > 0, det > 1e-12 * size * size else { return nil }
            // rlottie's points are floats: a shape drawn smaller than `minimumSpread` across its
            // thinnest direction (RMS, px) leaves its map to rounding noise; read none from it.
            var cxx = 0.0, cxy = 0.0, cyy = 0.0
            for (_, q) in pairs {
                let e = q - meanQ
                cxx += e.x * e.x
                cxy += e.x * e.y
                cyy += e.y * e.y
            }
            let half = (cxx + cyy) / 2, gap = (((cxx - cyy) / 2) * ((cxx - cyy) / 2) + cxy * cxy).squareRoot()
            guard ((half - gap) / n).squareRoot() >= RlottieComparison.minimumSpread else { return nil }
            // [col0 col1] = [qx qy] · inverse([[sxx, sxy], [sxy, syy]]).
            let col0 = (qx * syy - qy * sxy) / det
            let col1 = (qy * sxx - qx * sxy) / det
            let t = meanQ - (col0 * meanP.x + col1 * meanP.y)
            return LottieAffine(a: col0.x, b: col0.y, c: col1.x, d: col1.y, tx: t.x, ty: t.y)
        }

        func result(frames: Int) -> RlottieComparison {
            var rows: [Row] = []
            var notCompared: [(object: String, reason: String)] = []
            for node in info where node.isShown {
                let perQuantity = samples[node.index] ?? [:]
                for quantity in Quantity.all {
                    guard let list = perQuantity[quantity], !list.isEmpty else { continue }
                    let values = list.map(\.value).sorted()
                    let median = values.count % 2 == 1 ? values[values.count / 2] : (values[values.count / 2 - 1] + values[values.count / 2]) / 2
                    let worst = list.max { $0.value < $1.value }!
                    let plain = list.filter { $0.shortcuts.isEmpty }
                    var seen: LottieSimplifications = []
                    for sample in list where sample.value > RlottieComparison.tolerance { seen.formUnion(sample.shortcuts) }
                    rows.append(
                        Row(
                            object: node.name, quantity: quantity, frames: list.count, max: worst.value, median: median,
                            worstFrame: worst.frame, maxUnexplained: plain.map(\.value).max() ?? 0, unexplainedFrames: plain.count,
                            deviations: seen.names))
                }
                if perQuantity.isEmpty {
                    let layer = self.layer(of: node.index)
                    let reason: String
                    if info[layer].layerType != 4 {
                        reason = "solid, image and text layers draw no path to read a transform from"
                    } else if unmatched.contains(layer) {
                        reason = "rlottie draws no layer named '\(info[layer].fileName ?? "")' here"
                    } else if case .notCompared(let why) = plans[layer] {
                        reason = why
                    } else if let count = mismatchedFrames[layer], count > 0 {
                        reason = "rlottie drew other shapes or points than the file describes at \(count) frames"
                    } else if onlyRlottie[layer] != nil || onlyFlightline[layer] != nil {
                        reason = "never shown by both players at once"
                    } else {
                        reason = "no shape is drawn inside it"
                    }
                    notCompared.append((node.name, reason))
                }
            }
            var visibility: [VisibilityRow] = []
            for node in info where onlyRlottie[node.index] != nil || onlyFlightline[node.index] != nil {
                let extra = onlyRlottie[node.index] ?? [], missing = onlyFlightline[node.index] ?? []
                let span = animation.visibleSpan(ofNode: node.index)
                let out = span?.upperBound.rounded()
                /// Whether `frame` lies between a bound of the span and that bound rounded to a
                /// whole frame (rlottie rounds ip and op: lottieparser.cpp `parseLayer`, `lround`).
                func nearRoundedBound(_ frame: Double) -> Bool {
                    guard let span else { return false }
                    return [span.lowerBound, span.upperBound].contains { bound in
                        bound != bound.rounded() && frame >= min(bound, bound.rounded()) && frame <= max(bound, bound.rounded())
                    }
                }
                var names: Set<String> = []
                var explained = true
                for frame in extra + missing {
                    if animation.simplifications(affecting: node.index, atFrame: Double(frame)).geometry.contains(.wholeFramePrecomposition) {
                        names.insert("whole-frame-precomposition")
                    } else if nearRoundedBound(Double(frame)) {
                        names.insert("rounded-in-out-points")
                    } else if extra.contains(frame), Double(frame) == out {
                        names.insert("inclusive-out-point")
                    } else {
                        explained = false
                    }
                }
                visibility.append(
                    VisibilityRow(
                        object: node.name, onlyRlottie: extra, onlyFlightline: missing, deviations: names.sorted(), isExplained: explained))
            }
            return RlottieComparison(rows: rows, visibility: visibility, notCompared: notCompared, frames: frames)
        }
    }
}
