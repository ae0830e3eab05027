import CRlottie
import Foundation  // NSLock

/// An error from rlottie: the file it refused, and why as data.
public struct RlottieError: Error, CustomStringConvertible, Sendable, Equatable {
    /// Why rlottie's view of the file cannot be compared.
    public enum Reason: Sendable, Equatable {
        /// `lottie_animation_from_data` read no animation.
        case noAnimation
        /// It read an animation without a frame or without an area.
        case emptyAnimation(frames: Int, width: Int, height: Int)
        /// More frames than the comparison renders (``RlottieComparison/maximumFrames``).
        case tooManyFrames(frames: Int, limit: Int)
    }

    public let reason: Reason

    public init(_ reason: Reason) { self.reason = reason }

    public var description: String {
        switch reason {
        case .noAnimation: "rlottie refused it (lottie_animation_from_data read no animation)"
        case let .emptyAnimation(frames, width, height): "rlottie refused it (it read \(frames) frames of \(width) × \(height) px)"
        case let .tooManyFrames(frames, limit): "it has \(frames) frames from ip to op; the comparison renders each, at most \(limit)"
        }
    }
}

/// A Lottie file loaded by Samsung's rlottie (Debian's librlottie-dev, pkg-config `rlottie`),
/// the second player Flightline's evaluation is compared with. The only code that calls rlottie:
/// every call of its C API (`rlottie_capi.h`) is in this type, and what rlottie hands back is
/// copied into Swift values before the next call can invalidate it.
///
/// A class: it owns the `Lottie_Animation` and destroys it in `deinit`. Not `Sendable`: rlottie's
/// render tree is the animation's own mutable state.
public final class RlottiePlayer {
    private let handle: OpaquePointer
    /// Frames from the file's `ip` to its `op` (`lottie_animation_get_totalframe`).
    public let frameCount: Int
    /// `fr` as rlottie read it.
    public let frameRate: Double
    /// The composition size in pixels, as rlottie rounds it.
    public let width: Int
    public let height: Int

    /// Loads a Lottie file from its bytes (`lottie_animation_from_data`; the cache key is unique
    /// per load, so rlottie never hands back another file's model).
    /// - Throws: `RlottieError` when rlottie refuses the file.
    public init(bytes: [UInt8]) throws(RlottieError) {
        var text = bytes
        text.append(0)
        let key = "flightline-\(RlottiePlayer.nextKey())"
        let loaded: OpaquePointer? = text.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { chars in
                lottie_animation_from_data(chars.baseAddress, key, "")
            }
        }
        guard let loaded else { throw RlottieError(.noAnimation) }
        handle = loaded
        frameCount = lottie_animation_get_totalframe(loaded)
        frameRate = lottie_animation_get_framerate(loaded)
        var w = 0, h = 0
        lottie_animation_get_size(loaded, &w, &h)
        width = w
        height = h
        guard frameCount > 0, w > 0, h > 0 else {
            lottie_animation_destroy(loaded)
            throw RlottieError(.emptyAnimation(frames: frameCount, width: w, height: h))
        }
    }

    deinit { lottie_animation_destroy(handle) }

    private static let counter = Counter()
    private static func nextKey() -> Int { counter.next() }

    /// The layer tree rlottie draws at frame `frame` (0 is the file's `ip`), each shape's path
    /// already mapped to the `width` × `height` canvas (`lottie_animation_render_tree`).
    public func renderTree(frame: Int) -> RlottieLayer {
        let frameNumber = max(0, min(frame, frameCount - 1))
        guard let root = lottie_animation_render_tree(handle, frameNumber, width, height) else {
            return RlottieLayer(name: nil, isVisible: false, alpha: 0, shapes: [], layers: [])
        }
        return RlottieLayer(root.pointee)
    }
}

/// A counter for rlottie's cache keys (rlottie caches models by key: a key used twice would
/// hand back the first file's model).
private final class Counter: @unchecked Sendable {
    private var value = 0
    private let lock = NSLock()
    func next() -> Int {
        lock.lock()
        defer { lock.unlock() }
        value += 1
        return value
    }
}

/// One layer of rlottie's render tree (`LOTLayerNode`), copied.
public struct RlottieLayer: Sendable {
    /// Its `keypath`: the layer's `nm`.
    public let name: String?
    public let isVisible: Bool
    /// 0 … 255.
    public let alpha: Int
    /// The shapes it draws (`mNodeList`), in rlottie's drawing order.
    public let shapes: [RlottieShape]
    /// The layers of a precomposition (`mLayerList`).
    public let layers: [RlottieLayer]

    public init(name: String?, isVisible: Bool, alpha: Int, shapes: [RlottieShape], layers: [RlottieLayer]) {
        self.name = name
        self.isVisible = isVisible
        self.alpha = alpha
        self.shapes = shapes
        self.layers = layers
    }

    init(_ node: LOTLayerNode) {
        name = node.keypath.map { String(cString: $0) }
        isVisible = node.mVisible != 0
        alpha = Int(node.mAlpha)
        var shapes: [RlottieShape] = []
        if let list = node.mNodeList.ptr {
            for i in 0..<node.mNodeList.size {
                if let shape = list[i] { shapes.append(RlottieShape(shape.pointee)) }
            }
        }
        self.shapes = shapes
        var layers: [RlottieLayer] = []
        if let list = node.mLayerList.ptr {
            for i in 0..<node.mLayerList.size {
                if let layer = list[i] { layers.append(RlottieLayer(layer.pointee)) }
            }
        }
        self.layers = layers
    }
}

/// One drawn shape of rlottie's render tree (`LOTNode`): its path on the canvas and its paint's
/// alpha.
public struct RlottieShape: Sendable {
    /// The path's points on the canvas, in order (`mPath.ptPtr`: `ptCount` floats, x then y).
    public let points: [SIMD2<Double>]
    /// The path's elements (`mPath.elmPtr`): 0 move, 1 line, 2 cubic, 3 close.
    public let elements: [UInt8]
    /// The paint's colour alpha, 0 … 255 (`mColor.a`): the fill's or stroke's colour alpha times
    /// its opacity and every enclosing group's, layer's and precomposition's.
    public let alpha: Int

    public init(points: [SIMD2<Double>], elements: [UInt8], alpha: Int) {
        self.points = points
        self.elements = elements
        self.alpha = alpha
    }

    init(_ node: LOTNode) {
        var points: [SIMD2<Double>] = []
        if let p = node.mPath.ptPtr {
            // ptCount counts floats: two per point.
            let count = node.mPath.ptCount / 2
            points.reserveCapacity(count)
            for i in 0..<count { points.append(SIMD2(Double(p[2 * i]), Double(p[2 * i + 1]))) }
        }
        self.points = points
        var elements: [UInt8] = []
        if let e = node.mPath.elmPtr {
            for i in 0..<node.mPath.elmCount { elements.append(UInt8(bitPattern: e[i])) }
        }
        self.elements = elements
        alpha = Int(node.mColor.a)
    }
}
