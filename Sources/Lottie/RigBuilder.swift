import JSONDocument

/// Flattens compositions into `Node`s, parents before children, checking parenting as it goes.
struct RigBuilder {
    let assets: [String: (node: JSONNode, layers: [JSONNode])]
    var notes: LottieNotes
    var nodes: [Node] = []
    /// What each node draws and where it sits, parallel to `nodes` (for comparing with players).
    var structure: [LottieNodeStructure] = []
    /// How many objects have taken each name: a second `box` is reported as `box (2)`.
    var names: [String: Int] = [:]

    init(assets: [String: (node: JSONNode, layers: [JSONNode])], notes: LottieNotes) {
        self.assets = assets
        self.notes = notes
    }

    /// Layer types that draw something (Lottie 1.0 §Layers: 1 solid, 2 image, 4 shape, 5 text).
    static let drawingTypes: Set<Int> = [1, 2, 4, 5]

    /// `name`, or `name (N)` when N − 1 objects already have it: every report name is unique.
    private mutating func unique(_ name: String) -> String {
        guard var count = names[name] else {
            names[name] = 1
            return name
        }
        var candidate: String
        repeat {
            count += 1
            candidate = "\(name) (\(count))"
        } while names[candidate] != nil
        names[name] = count
        names[candidate] = 1
        return candidate
    }

    private mutating func append(_ node: Node) throws(LottieError) -> Int {
        guard nodes.count < LottieAnimation.maximumObjects else {
            throw LottieError("\(node.place): more than \(LottieAnimation.maximumObjects) layers and groups once precompositions are expanded", path: node.place)
        }
        nodes.append(node)
        structure.append(LottieNodeStructure(fileName: nil, container: nil, contents: [], groups: [], incomplete: nil))
        return nodes.count - 1
    }

    private struct LayerEntry {
        let node: JSONNode
        var object: JSONObject
        let type: Int
        let index: Int?
        let indexNode: JSONNode?
        let parent: Int?
        let parentNode: JSONNode?
    }

    /// Adds one composition's layers (the animation's, or a precomposition asset's) whose frame
    /// maps to the animation's as `c = (F − offset) / stretch` and which shows for the animation
    /// frames `visible`. The layers' own properties and their groups' are read at `c`.
    mutating func composition(
        _ layers: [JSONNode], place: String, container: Int?, offset: Double, stretch: Double, visible: Range<Double>?,
        prefix: String, assetStack: [String], shown: Bool = true
    ) throws {
        var entries: [LayerEntry] = []
        var byIndex: [Int: Int] = [:]
        for layer in layers {
            var object = try layer.object()
            let type = try object.required("ty").integer()
            let indexNode = object.optional("ind")
            let index = try indexNode?.integer()
            let parentNode = object.optional("parent")
            let parent = try parentNode?.integer()
            if let index, let indexNode {
                if let other = byIndex[index] {
                    throw LottieError.at(indexNode, "expected a unique ind within its composition, got \(index) (also at \(entries[other].node.place))")
                }
                byIndex[index] = entries.count
            }
            entries.append(LayerEntry(node: layer, object: object, type: type, index: index, indexNode: indexNode, parent: parent, parentNode: parentNode))
        }
        // Parents must exist in the same composition (§Layers, Visual Layer: `parent` is the `ind`
        // of another layer) and never form a cycle ("reference cycles are not allowed").
        var depth = [Int](repeating: 0, count: entries.count)
        for (i, entry) in entries.enumerated() {
            guard let parent = entry.parent, let parentNode = entry.parentNode else { continue }
            guard byIndex[parent] != nil else {
                throw LottieError.at(parentNode, "expected the ind of another layer in this composition, got \(parent) (no layer has it)")
            }
            var chain = [entry.node.place]
            var current = i
            var steps = 0
            while let p = entries[current].parent, let next = byIndex[p] {
                chain.append(entries[next].node.place)
                if next == i || steps > entries.count {
                    throw LottieError.at(parentNode, "expected a parent chain that ends, got a cycle (\(chain.joined(separator: " → ")))", cycle: chain)
                }
                current = next
                steps += 1
            }
            depth[i] = steps
        }
        // Parents before children; layers of equal depth keep the file's order.
        let order = entries.indices.sorted { depth[$0] != depth[$1] ? depth[$0] < depth[$1] : $0 < $1 }
        var nodeOfEntry = [Int?](repeating: nil, count: entries.count)
        for i in order {
            var entry = entries[i]
            let layer = entry.node
            let name = unique(prefix + (try entry.object.optional("nm")?.string() ?? "layer \(entry.index.map(String.init) ?? "\(i)")"))
            let ipNode = try entry.object.required("ip"), opNode = try entry.object.required("op")
            let ip = try LottieAnimation.frame(ipNode, "an in point"), op = try LottieAnimation.frame(opNode, "an out point")
            guard op >= ip else {
                throw LottieError.at(opNode, "expected an out point at or after the layer's in point ip (\(JSONNode.text(ip))), got \(JSONNode.text(op))")
            }
            let st = try entry.object.optional("st").map { node throws(JSONDocumentError) in try LottieAnimation.frame(node, "a start time") } ?? 0
            var sr = 1.0
            if let srNode = entry.object.optional("sr") {
                sr = try srNode.number()
                guard sr > 0 else {
                    throw LottieError.at(srNode, "expected a time stretch above 0 (reversed layers are not supported), got \(JSONNode.text(sr))")
                }
                guard LottieAnimation.stretchRange.contains(sr) else {
                    let range = LottieAnimation.stretchRange
                    throw LottieError.at(srNode, "expected a time stretch in \(JSONNode.text(range.lowerBound)) … \(JSONNode.text(range.upperBound)), got \(JSONNode.text(sr))")
                }
            }
            let hidden = try entry.object.optional("hd").map(LottieTrack.intBoolean) ?? false
            let autoOrient = try entry.object.optional("ao").map(LottieTrack.intBoolean) ?? false
            var isThreeD = false
            if let ddd = entry.object.optional("ddd"), try LottieTrack.intBoolean(ddd) {
                notes.add("3-D layers (ddd) are not evaluated in depth: x and y only", at: layer.place)
                isThreeD = true
            }
            let transform = try entry.object.optional("ks").map { node throws(LottieError) in try LottieTransform.read(node, notes: &notes) }
                ?? LottieTransform(path: layer.place + ".ks")
            if let masks = entry.object.optional("masksProperties"), case .array(let items) = masks.value, !items.isEmpty {
                notes.add("masks are not motion; skipped", at: masks.place)
            }
            if let effects = entry.object.optional("ef"), case .array(let items) = effects.value, !items.isEmpty {
                notes.add("effects are not motion; skipped", at: effects.place)
            }
            if entry.type == 5, let text = entry.object.optional("t"), case .object(let members) = text.value,
                let animators = members.first(where: { $0.key == "a" }), case .array(let items) = animators.value.value, !items.isEmpty
            {
                notes.add("text animators are not evaluated (the text layer's own transform is)", at: animators.value.place)
            }
            if !(0...5).contains(entry.type) {
                notes.add("layers of types other than 0–5 (audio, camera, …) draw nothing here; their transforms only serve as parents", at: layer.place)
            }
            if hidden, Self.drawingTypes.contains(entry.type) {
                notes.add("hidden layers (hd) are not validated", at: layer.place)
            }
            // A layer's own properties (its transform, its groups') read the keyframes at its
            // composition's frame: `st` cancels out (lottie-web, player/js/utils/PropertyFactory.js,
            // getValueAtCurrentTime and interpolateValue subtract `offsetTime = st` from the frame
            // and from every keyframe time alike; rlottie, src/lottie/lottieitem.cpp,
            // renderer::Layer::update evaluates `matrix(frameNo())` at the composition's frame).
            // `st` and `sr` map time only for a precomposition's children: they see
            // `(F − st) / sr` (lottie-web, player/js/elements/CompElement.js,
            // ICompElement.prototype.prepareFrame: `renderedFrame = num / sr` with
            // `num = parent frame − st`; rlottie, model::Layer::timeRemap).
            let childOffset = offset + st * stretch
            let childStretch = stretch * sr
            guard childOffset.isFinite, childStretch.isFinite, childStretch > 0 else {
                throw LottieError.at(layer, "expected st and sr whose product with the enclosing precompositions' stays a finite time, got st \(JSONNode.text(st)), sr \(JSONNode.text(sr))")
            }
            // Visible while its composition's frame c has `ip ≤ c < op` (lottie-web,
            // player/js/elements/helpers/RenderableElement.js, checkLayerLimits: `ip − st ≤ num`
            // and `op − st > num` with `num = c − st`), and only while every enclosing
            // precomposition layer is.
            var layerVisible: Range<Double>?
            if let visible {
                let from = max(ip * stretch + offset, visible.lowerBound), until = min(op * stretch + offset, visible.upperBound)
                layerVisible = from < until ? from..<until : nil
            }
            let parentNode = entry.parent.flatMap { byIndex[$0] }.flatMap { nodeOfEntry[$0] } ?? container
            let index = try append(
                Node(
                    name: name, place: layer.place, kind: .layer(type: entry.type), transform: transform, parent: parentNode,
                    offset: offset, stretch: stretch, autoOrient: autoOrient, visible: layerVisible,
                    isShown: shown && !hidden && Self.drawingTypes.contains(entry.type)))
            nodeOfEntry[i] = index
            structure[index] = LottieNodeStructure(
                fileName: try entry.object.optional("nm")?.string(), container: container,
                contents: try entry.type == 4 ? (entry.object.optional("shapes")?.array() ?? []) : [], groups: [],
                incomplete: isThreeD
                    ? "a 3-D layer (ddd): Flightline evaluates x and y only"
                    : (entry.type == 0 && entry.object.optional("tm") != nil
                        ? "time remapping (tm) is not evaluated by Flightline" : nil))
            if entry.type == 4, let shapes = entry.object.optional("shapes") {
                try groups(
                    try shapes.array(), parent: index, offset: offset, stretch: stretch, visible: layerVisible,
                    prefix: name + "/", shown: shown && !hidden)
            }
            if entry.type == 0 {
                let refNode = try entry.object.required("refId")
                let id = try refNode.string()
                if let tm = entry.object.optional("tm") {
                    notes.add("time remapping (tm) is not evaluated: the precomposition plays at the layer's st and sr", at: tm.place)
                }
                guard let asset = assets[id] else {
                    throw LottieError.at(refNode, "expected the id of a precomposition in 'assets', got '\(id)'")
                }
                guard !assetStack.contains(id) else {
                    throw LottieError.at(refNode, "expected a precomposition that does not contain itself, got '\(id)' (\((assetStack + [id]).joined(separator: " → ")))", cycle: assetStack + [id])
                }
                try composition(
                    asset.layers, place: asset.node.place + ".layers", container: index, offset: childOffset, stretch: childStretch,
                    visible: layerVisible, prefix: name + "/", assetStack: assetStack + [id], shown: shown && !hidden)
            }
        }
    }

    /// Adds the shape groups (`ty: "gr"`) in `items`, each with its transform item (`ty: "tr"`,
    /// Lottie 1.0 §Shapes, Group: the transform is the group's last item).
    mutating func groups(
        _ items: [JSONNode], parent: Int, offset: Double, stretch: Double, visible: Range<Double>?, prefix: String, shown: Bool
    ) throws {
        var count = 0
        for item in items {
            var object = try item.object()
            let type = try object.optional("ty")?.string()
            if type == "rp" {
                notes.add("repeaters (rp) are not evaluated: their copies' transforms are not validated", at: item.place)
                continue
            }
            guard type == "gr" else { continue }
            count += 1
            let name = unique(prefix + (try object.optional("nm")?.string() ?? "group \(count)"))
            let hidden = try object.optional("hd").map(LottieTrack.intBoolean) ?? false
            let contents = try object.optional("it")?.array() ?? []
            var transform = LottieTransform(path: item.place + ".it")
            for element in contents {
                var fields = try element.object()
                if try fields.optional("ty")?.string() == "tr" { transform = try LottieTransform.read(element, notes: &notes) }
            }
            let index = try append(
                Node(
                    name: name, place: item.place, kind: .group, transform: transform, parent: parent, offset: offset,
                    stretch: stretch, autoOrient: false, visible: visible, isShown: shown && !hidden))
            structure[index] = LottieNodeStructure(
                fileName: try object.optional("nm")?.string(), container: nil, contents: contents, groups: [], incomplete: nil)
            structure[parent].groups.append(index)
            try groups(contents, parent: index, offset: offset, stretch: stretch, visible: visible, prefix: name + "/", shown: shown && !hidden)
        }
    }
}
