import BezierKernels
import Testing

@Suite("Timing curves")
struct TimingCurveTests {
    @Test("exact at the ends and monotone", arguments: TimingCurve.named.map(\.curve) + [try! TimingCurve(x1: 0, y1: 0, x2: 0, y2: 1), try! TimingCurve(x1: 1, y1: 0, x2: 1, y2: 1)])
    func endsAndMonotone(curve: TimingCurve) {
        #expect(curve.progress(at: 0) == 0 && curve.progress(at: 1) == 1)
        #expect(curve.progress(at: -3) == 0 && curve.progress(at: 7) == 1 && curve.progress(at: .nan) == 0)
        var previous = 0.0
        for i in 0...10_000 {
            let y = curve.progress(at: Double(i) / 10_000)
            #expect(y >= previous - 1e-15, "\(curve) at \(Double(i) / 10_000)")
            previous = y
        }
    }

    @Test("the parameter at a time outside (0, 1) or NaN is 0 or 1, as progress is", arguments: TimingCurve.named.map(\.curve))
    func parameterOutside(curve: TimingCurve) {
        #expect(curve.parameter(atTime: .nan) == 0)
        #expect(curve.parameter(atTime: -.infinity) == 0 && curve.parameter(atTime: -1) == 0 && curve.parameter(atTime: 0) == 0)
        #expect(curve.parameter(atTime: 1) == 1 && curve.parameter(atTime: 2) == 1 && curve.parameter(atTime: .infinity) == 1)
    }

    @Test("solves x for the parameter", arguments: TimingCurve.named.map(\.curve))
    func inversion(curve: TimingCurve) {
        for i in 1..<100 {
            let time = Double(i) / 100
            let u = curve.parameter(atTime: time)
            let mt = 1 - u
            let x = 3 * mt * mt * u * curve.x1 + 3 * mt * u * u * curve.x2 + u * u * u
            #expect(abs(x - time) <= 1e-14)
        }
    }

    @Test("named curves have Core Animation's control points and symmetry")
    func named() throws {
        #expect(TimingCurve.easeInEaseOut == (try TimingCurve(x1: 0.42, y1: 0, x2: 0.58, y2: 1)))
        #expect(TimingCurve.default == (try TimingCurve(x1: 0.25, y1: 0.1, x2: 0.25, y2: 1)))
        #expect(abs(TimingCurve.easeInEaseOut.progress(at: 0.5) - 0.5) <= 1e-15)
        for t in stride(from: 0.05, to: 1, by: 0.05) {
            // easeOut is easeIn rotated by 180° about (½, ½).
            #expect(abs(TimingCurve.easeOut.progress(at: t) - (1 - TimingCurve.easeIn.progress(at: 1 - t))) <= 1e-14)
            #expect(TimingCurve.linear.progress(at: t) == t)
            #expect(TimingCurve.easeIn.progress(at: t) < t)
        }
    }

    @Test("x outside [0, 1] or non-finite values are rejected", arguments: [(-0.1, 0.0, 0.5, 1.0), (0.5, 0, 1.01, 1), (0.2, .nan, 0.5, 1), (0.2, 0, 0.5, .infinity)])
    func invalid(x1: Double, y1: Double, x2: Double, y2: Double) {
        #expect(throws: BezierError.self) { try TimingCurve(x1: x1, y1: y1, x2: x2, y2: y2) }
    }

    /// Issue 22, item 4: y1 = 6e307 made 3·y1 infinite, the progress NaN, and the path
    /// animation trapped converting it to a segment index.
    @Test("control values whose polynomial overflows are refused; the bound is accepted")
    func controlValueOverflowIsRefused() throws {
        for y in [6e307, -6e307, 1e6.nextUp, 1e300] {
            #expect(throws: BezierError.self) { try TimingCurve(x1: 0, y1: y, x2: 1, y2: 1) }
            #expect(throws: BezierError.self) { try TimingCurve(x1: 0, y1: 0, x2: 1, y2: y) }
        }
        let steep = try TimingCurve(x1: 0, y1: TimingCurve.maximumControlMagnitude, x2: 1, y2: -TimingCurve.maximumControlMagnitude)
        for i in 0...1000 { #expect(steep.progress(at: Double(i) / 1000).isFinite) }
    }
}

@Suite("Path animation")
struct PathAnimationTests {
    @Test("linear: each element an equal share, keyframes at the element ends", arguments: SeedPath.all)
    func linearKeyframes(seed: SeedPath) throws {
        let path = seed.path
        let duration = seed.bee == 1 ? 3.3 : 3.9
        let animation = try PathAnimation(path: path, duration: duration, mode: .linear, repeats: true)
        let segments = path.segments
        #expect(segments.count == 7)
        for (k, segment) in segments.enumerated() {
            let start = try animation.sample(atTime: duration * Double(k) / 7)
            #expect(start.position.distance(to: segment.start) <= 1e-9)
            let middle = try animation.location(atTime: duration * (Double(k) + 0.5) / 7)
            #expect(middle.elementIndex == k + 1 && abs(middle.parameter - 0.5) <= 1e-12)
            #expect(try animation.sample(atTime: duration * (Double(k) + 0.5) / 7).position.distance(to: segment.point(at: 0.5)) <= 1e-9)
        }
        let joins = animation.joinTimes
        #expect(joins.count == 8 && joins.first == 0 && joins.last == duration)
        for (k, time) in joins.enumerated() { #expect(abs(time - duration * Double(k) / 7) <= 1e-12) }
    }

    @Test("paced: equal distance in equal time", arguments: SeedPath.all)
    func paced(seed: SeedPath) throws {
        let animation = try PathAnimation(path: seed.path, duration: 3.3, mode: .paced, repeats: false)
        let length = animation.measure.length
        for i in 0...33 {
            let t = 3.3 * Double(i) / 33
            let expected = try animation.measure.position(atDistance: min(length, length * Double(i) / 33))
            #expect(try animation.sample(atTime: t).position.distance(to: expected) <= 1e-9)
        }
        let joins = animation.joinTimes
        for (k, segment) in animation.measure.segments.enumerated() {
            #expect(abs(joins[k] - 3.3 * segment.startDistance / length) <= 1e-12)
        }
    }

    @Test("repeating restarts at the start; a single play holds its ends")
    func repeating() throws {
        let path = SeedPath.all[0].path
        let start = path.segments[0].start, end = path.currentPoint!
        let looping = try PathAnimation(path: path, duration: 2, mode: .paced, repeats: true)
        #expect(try looping.sample(atTime: 2).position == start)
        #expect(try looping.sample(atTime: 6).position == start)
        #expect(try looping.location(atTime: 5).cycle == 2)
        #expect(try looping.sample(atTime: 2.5).position == (try looping.sample(atTime: 0.5)).position)
        #expect(try looping.sample(atTime: -1.5).position == (try looping.sample(atTime: 0.5)).position)
        let once = try PathAnimation(path: path, duration: 2, mode: .linear, repeats: false)
        #expect(try once.sample(atTime: 2).position == end)
        #expect(try once.sample(atTime: 10).position == end)
        #expect(try once.sample(atTime: -1).position == start)
        #expect(throws: BezierError.invalidTime(.infinity)) { try once.sample(atTime: .infinity) }
        #expect(throws: BezierError.invalidDuration(0)) { try PathAnimation(path: path, duration: 0, mode: .linear, repeats: false) }
        #expect(throws: BezierError.emptyPath) { try PathAnimation(path: try Path(svgPathData: "M 1 1"), duration: 1, mode: .linear, repeats: false) }
    }

    @Test("with(mode:) shares the table and samples exactly as a new animation in that mode", arguments: SeedPath.all)
    func withMode(seed: SeedPath) throws {
        let linear = try PathAnimation(path: seed.path, duration: 3.3, mode: .linear, repeats: true, accuracy: 1e-6)
        let paced = try PathAnimation(path: seed.path, duration: 3.3, mode: .paced, repeats: true, accuracy: 1e-6)
        let shared = linear.with(mode: .paced)
        #expect(shared.mode == .paced && shared.measure.length == paced.measure.length)
        #expect(shared.joinTimes == paced.joinTimes)
        for k in 0...97 {
            let t = Double(k) * 0.0731
            #expect(try shared.sample(atTime: t) == paced.sample(atTime: t))
            #expect(try shared.with(mode: .linear).sample(atTime: t) == linear.sample(atTime: t))
        }
    }

    @Test("moves are not keyframes: a close is one, and a middle move is a jump")
    func keyframeElements() throws {
        let path = try Path(svgPathData: "M 0 0 L 10 0 Z M 50 0 L 60 0")
        let animation = try PathAnimation(path: path, duration: 3, mode: .linear, repeats: false)
        #expect(animation.segments.map(\.elementIndex) == [1, 2, 4])
        #expect(try animation.sample(atTime: 1.5).position == Point(5, 0))   // middle of the close, back from (10,0)
        #expect(try animation.sample(atTime: 2).position == Point(50, 0))
        #expect(try animation.sample(atTime: 1.5).tangent == Vector(-1, 0))
    }
}

@Suite("Flattening")
struct FlatteningTests {
    @Test("every point of the curve is within the tolerance of the polyline", arguments: [1.0, 0.1, 1e-3])
    func withinTolerance(tolerance: Double) throws {
        let path = SeedPath.all[3].path
        let polylines = try path.flattened(tolerance: tolerance)
        #expect(polylines.count == 1)
        let polyline = polylines[0]
        #expect(polyline.first == path.segments.first?.start && polyline.last == path.currentPoint)
        // Each segment's chords: the curve at the chord's parameters stays within the tolerance.
        var offset = 0
        for segment in path.segments {
            let steps = try segment.flatteningSteps(tolerance: tolerance)
            for i in 0..<steps {
                let a = polyline[offset + i], b = polyline[offset + i + 1]
                for j in 1..<8 {
                    let u = Double(j) / 8
                    let p = segment.point(at: (Double(i) + u) / Double(steps))
                    #expect(p.distance(to: a.interpolated(to: b, at: u)) <= tolerance)
                }
            }
            offset += steps
        }
        #expect(offset + 1 == polyline.count)
        #expect(throws: BezierError.invalidTolerance(0)) { try path.flattened(tolerance: 0) }
    }

    @Test("subpaths flatten separately and a close returns to the start")
    func subpaths() throws {
        let polylines = try Path(svgPathData: "M 0 0 L 1 0 Z M 5 5").flattened(tolerance: 0.1)
        #expect(polylines == [[Point(0, 0), Point(1, 0), Point(0, 0)], [Point(5, 5)]])
    }
}
