import BezierKernels
import SceneFile
import Testing

@Suite struct EasingTests {
    /// css-easing-1 §3.1: the step functions' outputs, by hand from the definition.
    @Test(arguments: [
        ("steps(4, jump-end)", 0.3, 0.25), ("steps(4, jump-end)", 0.0, 0.0), ("steps(4, jump-end)", 1.0, 1.0),
        ("steps(4)", 0.99, 0.75), ("steps(3, jump-start)", 0.0, 1.0 / 3), ("steps(3, jump-start)", 0.5, 2.0 / 3),
        ("steps(3, jump-start)", 1.0, 1.0), ("steps(2, jump-none)", 0.4, 0.0), ("steps(2, jump-none)", 0.5, 1.0),
        ("steps(1, jump-both)", 0.0, 0.5), ("steps(1, jump-both)", 0.99, 0.5), ("steps(1, jump-both)", 1.0, 1.0),
        ("step-start", 0.0, 1.0), ("step-end", 0.5, 0.0), ("steps(5, start)", 0.1, 0.2),
    ])
    func steps(_ text: String, _ x: Double, _ expected: Double) throws {
        #expect(abs(try Easing(text: text).progress(x) - expected) < 1e-15)
    }

    /// css-easing-2: missing inputs are filled in (first 0 %, last 100 %, runs spread evenly),
    /// an input below an earlier one is raised to it.
    @Test func linearStops() throws {
        #expect(try Easing(text: "linear(0, 0.25, 1)") == .piecewiseLinear([SIMD2(0, 0), SIMD2(0.5, 0.25), SIMD2(1, 1)]))
        let e = try Easing(text: "linear(0, 0.25 75%, 1)")
        #expect(e == .piecewiseLinear([SIMD2(0, 0), SIMD2(0.75, 0.25), SIMD2(1, 1)]))
        #expect(abs(e.progress(0.375) - 0.125) < 1e-15)
        #expect(abs(e.progress(0.875) - 0.625) < 1e-15)
        let raised = try Easing(text: "linear(0, 1 50%, 0.5 25%, 1)")
        #expect(raised == .piecewiseLinear([SIMD2(0, 0), SIMD2(0.5, 1), SIMD2(0.5, 0.5), SIMD2(1, 1)]))
        #expect(raised.jumps == [0.5])
        let two = try Easing(text: "linear(0, 0.5 20% 80%, 1)")
        #expect(two.progress(0.5) == 0.5)
        #expect(abs(two.slope(at: 0) - 2.5) < 1e-12)
    }

    @Test func cubicAndNames() throws {
        #expect(try Easing(text: "easeInEaseOut") == .cubic(.easeInEaseOut))
        #expect(try Easing(text: "kCAMediaTimingFunctionEaseIn") == .cubic(.easeIn))
        #expect(try Easing(text: "ease") == .cubic(.default))
        #expect(try Easing(text: "cubic-bezier(0.42, 0, 0.58, 1)") == .cubic(.easeInEaseOut))
        // End slopes: y1/x1 and (1 − y2)/(1 − x2).
        let c = try Easing(text: "cubic-bezier(0.2, 0.4, 0.6, 0.9)")
        #expect(abs(c.slope(at: 0) - 2) < 1e-9)
        #expect(abs(c.slope(at: 1) - 0.25) < 1e-6)
        #expect(Easing.linear.slope(at: 0.3) == 1)
    }

    @Test(arguments: ["cubic-bezier(1.2, 0, 0.5, 1)", "steps(0)", "steps(1, jump-none)", "linear(1)", "bounce", "steps(2, middle)", "cubic-bezier(0, 0, 1)"])
    func refused(_ text: String) {
        #expect(throws: EasingSyntaxError.self) { try Easing(text: text) }
    }
}
