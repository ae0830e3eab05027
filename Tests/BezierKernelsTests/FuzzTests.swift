import BezierKernels
import Testing

/// A seeded fuzz of BezierKernels' public API over tiny, ordinary and huge coordinates: every call
/// either throws a `BezierError` or returns finite results (no trap, no NaN, no hang). Bounded:
/// 400 cases (plus 300 arcs), one seed each, about 3 s in a debug build.
@Suite("Fuzz")
struct FuzzTests {
    /// Coordinates from one of five scales, sometimes mixed within a curve.
    struct Generator {
        var rng: SplitMix64

        mutating func coordinate(scale: Int) -> Double {
            let sign: Double = rng.next() & 1 == 0 ? 1 : -1
            let mantissa = 1 + rng.unit() * 0.79
            switch scale {
            case 0: return sign * rng.unit() * 1000                                    // ordinary
            case 1: return sign * mantissa * Double(sign: .plus, exponent: -1074 + Int(rng.next() % 80), significand: 1)  // subnormal and near
            case 2: return sign * mantissa * Double(sign: .plus, exponent: 990 + Int(rng.next() % 33), significand: 1)    // up to ~1.8e308
            case 3: return 0
            default: return 1e300 + rng.unit() * 1e290                                // far out, close together
            }
        }

        mutating func point(scale: Int) -> Point {
            let s = rng.next() % 8 == 0 ? Int(rng.next() % 5) : scale
            return Point(coordinate(scale: s), coordinate(scale: s))
        }

        mutating func segment() -> PathSegment {
            let scale = Int(rng.next() % 5)
            switch rng.next() % 3 {
            case 0: return .line(Line(point(scale: scale), point(scale: scale)))
            case 1: return .quadratic(QuadraticBezier(point(scale: scale), point(scale: scale), point(scale: scale)))
            default: return .cubic(CubicBezier(point(scale: scale), point(scale: scale), point(scale: scale), point(scale: scale)))
            }
        }
    }

    static func magnitude(_ segment: PathSegment) -> Double {
        let c = segment.cubic
        return [c.p0, c.p1, c.p2, c.p3].reduce(0.0) { max($0, abs($1.x), abs($1.y)) }
    }

    @Test("every public call on random extreme curves throws a BezierError or returns finite values")
    func fuzzPublicAPIFiniteOrTypedError() throws {
        var generator = Generator(rng: SplitMix64(seed: 10))
        for case_ in 0..<400 {
            let segment = generator.segment()
            let t = generator.rng.unit()
            let context = "case \(case_): \(segment)"
            // Evaluation, subdivision and bounds: convex combinations of finite points.
            #expect(segment.point(at: t).isFinite, "\(context)")
            let (left, right) = segment.split(at: t)
            #expect(left.cubic.p3.isFinite && right.cubic.p1.isFinite, "\(context)")
            #expect(segment.subsegment(0.25...0.75).cubic.p2.isFinite, "\(context)")
            let box = segment.boundingBox
            #expect(box.minimum.isFinite && box.maximum.isFinite, "\(context)")
            let slack = 1e-12 * Self.magnitude(segment) + 1e-300 * 1e-20
            #expect(box.contains(segment.point(at: t), slack: slack), "\(context) at \(t)")
            #expect(!segment.curvature(at: t).isNaN, "\(context)")
            // Arc length and its inverse: finite, or a typed error.
            for accuracy in [1e-9, 1e-300, 1e300] {
                if let length = try? segment.arcLength(accuracy: accuracy) {
                    #expect(length.isFinite && length >= 0, "\(context)")
                    if let u = try? segment.parameter(atArcLength: t * length, accuracy: accuracy) {
                        #expect(u >= 0 && u <= 1, "\(context)")
                    }
                }
            }
            for tolerance in [Double.infinity, 0, 1e-300, 1e-3, 1e300] {
                if let steps = try? segment.flatteningSteps(tolerance: tolerance) {
                    #expect(steps >= 1 && steps <= PathSegment.maximumFlatteningSteps, "\(context)")
                }
            }
            #expect(PathAnimation.unitTangent(of: segment, at: t).isFinite, "\(context)")

            // A path of this segment and one more, then everything built on paths.
            var path = Path()
            try path.move(to: segment.start)
            for s in [segment, generator.segment()] {
                switch s {
                case .line(let c): try path.addLine(to: c.p1)
                case .quadratic(let c): try path.addQuadCurve(to: c.p2, control: c.p1)
                case .cubic(let c): try path.addCurve(to: c.p3, control1: c.p1, control2: c.p2)
                }
            }
            if case_ % 3 == 0 { try path.close() }
            let pathBox = try #require(path.boundingBox)
            #expect(pathBox.minimum.isFinite && pathBox.maximum.isFinite, "\(context)")
            if let length = try? path.arcLength() { #expect(length.isFinite, "\(context)") }
            let tolerance = 1e-2 * max(Self.magnitude(segment), 1e-300)
            let steps = path.segments.map { (try? $0.flatteningSteps(tolerance: tolerance)) ?? 0 }.reduce(0, +)
            if steps <= 10_000, let polylines = try? path.flattened(tolerance: tolerance) {
                #expect(polylines.allSatisfy { $0.allSatisfy(\.isFinite) }, "\(context)")
            }
            guard case_ % 3 == 0 else { continue }
            // Tables at an accuracy the path's size allows (so the build stays small).
            let size = path.segments.map(Self.magnitude).max() ?? 0
            let accuracy = max(1e-9, 1e-11 * size)
            guard accuracy.isFinite, let measure = try? PathMeasure(path: path, accuracy: accuracy) else { continue }
            #expect(measure.length.isFinite && measure.maximumError.isFinite, "\(context)")
            for sample in try measure.samples(count: 4) + [measure.sample(clampingDistance: t * measure.length)] {
                #expect(sample.position.isFinite, "\(context)")
                #expect(measure.length == 0 || abs(sample.tangent.length - 1) <= 1e-9, "\(context): \(sample)")
            }
            let place = try measure.location(atDistance: t * measure.length)
            #expect(place.parameter >= 0 && place.parameter <= 1, "\(context)")
            if let animation = try? PathAnimation(path: path, duration: 1, mode: case_ % 4 == 0 ? .paced : .linear, repeats: true, accuracy: accuracy) {
                let sample = try animation.sample(atTime: t * 7)
                #expect(sample.position.isFinite && sample.tangent.isFinite, "\(context)")
            }
        }
    }

    @Test("SVG arcs of extreme radii and positions parse to finite cubics or a typed error")
    func fuzzSVGArcsFiniteOrTypedError() throws {
        var generator = Generator(rng: SplitMix64(seed: 11))
        for _ in 0..<300 {
            let scale = Int(generator.rng.next() % 5)
            let numbers = (0..<6).map { _ in generator.coordinate(scale: scale) }
            let flags = "\(generator.rng.next() & 1) \(generator.rng.next() & 1)"
            let data = "M \(numbers[0]) \(numbers[1]) A \(numbers[2]) \(numbers[3]) \(generator.rng.unit() * 720 - 360) \(flags) \(numbers[4]) \(numbers[5])"
            do {
                let path = try Path(svgPathData: data)
                #expect(path.elements.count <= 1 + 1024, "\(data)")
                #expect(path.boundingBox.map { $0.minimum.isFinite && $0.maximum.isFinite } ?? true, "\(data)")
            } catch {
                #expect(!error.description.contains("\n"), "\(data)")
            }
        }
    }
}
