/// A literal port, in `Float` as rlottie computes it, of how rlottie places a position on a
/// spatial keyframe segment (Samsung/rlottie), written here to check that the
/// `spatial-length-estimate` deviation the comparison names is what rlottie does:
/// - src/lottie/lottiemodel.h, `Value<T, Position>::cache` (`length_ = VBezier::fromPoints(…).length()`)
///   and `at(t)` (`b.pointAt(b.tAtLength(t * length_, length_))`);
/// - src/vector/vline.h, `VLine::length`: alpha max plus beta min, `max + 0.375·min`;
/// - src/vector/vbezier.cpp, `VBezier::length` (split in halves while the control polygon is
///   0.01 longer than the chord) and `VBezier::tAtLength` (bisection on `parameterSplitLeft`,
///   stopping within 0.01 of the length);
/// - src/vector/vbezier.h, `split`, `parameterSplitLeft`, `pointAt`.
struct RlottieSpatialPort {
    var x1, y1, x2, y2, x3, y3, x4, y4: Float

    static func lineLength(_ x1: Float, _ y1: Float, _ x2: Float, _ y2: Float) -> Float {
        var x = x2 - x1
        var y = y2 - y1
        x = x < 0 ? -x : x
        y = y < 0 ? -y : y
        return x > y ? x + 0.375 * y : y + 0.375 * x
    }

    func length() -> Float {
        let len = Self.lineLength(x1, y1, x2, y2) + Self.lineLength(x2, y2, x3, y3) + Self.lineLength(x3, y3, x4, y4)
        let chord = Self.lineLength(x1, y1, x4, y4)
        if len - chord > 0.01 {
            let (left, right) = split()
            return left.length() + right.length()
        }
        return len
    }

    func split() -> (RlottieSpatialPort, RlottieSpatialPort) {
        var first = self, second = self
        var c = (x2 + x3) * 0.5
        first.x2 = (x1 + x2) * 0.5
        second.x3 = (x3 + x4) * 0.5
        first.x1 = x1
        second.x4 = x4
        first.x3 = (first.x2 + c) * 0.5
        second.x2 = (second.x3 + c) * 0.5
        first.x4 = (first.x3 + second.x2) * 0.5
        second.x1 = first.x4
        c = (y2 + y3) / 2
        first.y2 = (y1 + y2) * 0.5
        second.y3 = (y3 + y4) * 0.5
        first.y1 = y1
        second.y4 = y4
        first.y3 = (first.y2 + c) * 0.5
        second.y2 = (second.y3 + c) * 0.5
        first.y4 = (first.y3 + second.y2) * 0.5
        second.y1 = first.y4
        return (first, second)
    }

    /// `parameterSplitLeft(t, &left)`: returns the left part (the receiver's copy becomes the right).
    func leftPart(_ t: Float) -> RlottieSpatialPort {
        var right = self
        var left = self
        left.x1 = right.x1
        left.y1 = right.y1
        left.x2 = right.x1 + t * (right.x2 - right.x1)
        left.y2 = right.y1 + t * (right.y2 - right.y1)
        left.x3 = right.x2 + t * (right.x3 - right.x2)
        left.y3 = right.y2 + t * (right.y3 - right.y2)
        right.x3 = right.x3 + t * (right.x4 - right.x3)
        right.y3 = right.y3 + t * (right.y4 - right.y3)
        right.x2 = left.x3 + t * (right.x3 - left.x3)
        right.y2 = left.y3 + t * (right.y3 - left.y3)
        left.x3 = left.x2 + t * (left.x3 - left.x2)
        left.y3 = left.y2 + t * (left.y3 - left.y2)
        left.x4 = left.x3 + t * (right.x2 - left.x3)
        left.y4 = left.y3 + t * (right.y2 - left.y3)
        return left
    }

    func tAtLength(_ l: Float, _ totalLength: Float) -> Float {
        var t: Float = 1
        let error: Float = 0.01
        if l > totalLength || abs(l - totalLength) < 0.000001 { return t }
        t *= 0.5
        var lastBigger: Float = 1
        for _ in 0..<100500 {
            let lLen = leftPart(t).length()
            if abs(lLen - l) < error { return t }
            if lLen < l {
                t += (lastBigger - t) * 0.5
            } else {
                lastBigger = t
                t -= t * 0.5
            }
        }
        return t
    }

    func pointAt(_ t: Float) -> SIMD2<Double> {
        let m = 1 - t
        var a = x1 * m + x2 * t, b = x2 * m + x3 * t, c = x3 * m + x4 * t
        a = a * m + b * t
        b = b * m + c * t
        let x = a * m + b * t
        a = y1 * m + y2 * t
        b = y2 * m + y3 * t
        c = y3 * m + y4 * t
        a = a * m + b * t
        b = b * m + c * t
        let y = a * m + b * t
        return SIMD2(Double(x), Double(y))
    }

    /// `Value<T, Position>::at(progress)`.
    func position(progress: Float) -> SIMD2<Double> {
        let total = length()
        return pointAt(tAtLength(progress * total, total))
    }
}
