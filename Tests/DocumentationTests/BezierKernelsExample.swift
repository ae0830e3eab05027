import BezierKernels
import Foundation
import Testing

/// The example of `Sources/BezierKernels/BezierKernels.docc/BezierKernels.md`, run (see
/// `DocumentationExampleTests.swift` for the pattern).
@Test func bezierKernelsExample() throws {
    // example:begin
    // A 100 pt line, then a cubic quarter circle of radius 100 centred on (100, 100).
    let path = try Path(svgPathData: "M 0 0 L 100 0 C 155.23 0 200 44.77 200 100")
    print(path.segments.map(\.kind))  // ["line", "cubic"]

    // Arc length to an explicit accuracy (points); the true quarter circle's is 50π = 157.0796.
    let quarter = CubicBezier(Point(100, 0), Point(155.23, 0), Point(200, 44.77), Point(200, 100))
    let length = try quarter.arcLength(accuracy: 1e-9)
    print(String(format: "%.4f", length))  // 157.1023

    // Position and unit tangent at a distance along the whole path.
    let measure = try PathMeasure(path: path, accuracy: 1e-9)
    print(String(format: "%.4f", measure.length))  // 257.1023
    let halfway = try measure.sample(atDistance: 100 + length / 2)
    print(String(format: "(%.2f, %.2f)", halfway.position.x, halfway.position.y))  // (170.71, 29.29)
    print(String(format: "(%.4f, %.4f)", halfway.tangent.dx, halfway.tangent.dy))  // (0.7071, 0.7071)

    // A Core Animation timing curve: progress at a fraction of the duration.
    let easing = TimingCurve.easeInEaseOut
    print(easing.progress(at: 0.5))  // 0.5
    print(String(format: "%.4f", easing.progress(at: 0.25)))  // 0.1292
    // example:end

    #expect(path.segments.map(\.kind) == ["line", "cubic"])
    #expect(abs(length - 157.1023) < 5e-5)
    #expect(abs(length / (50 * Double.pi) - 1) < 2e-4)  // the cubic is 0.014 % longer than the arc
    #expect(abs(measure.length - (100 + length)) < 1e-9)
    #expect(abs(halfway.position.x - (100 + 100 * 0.5.squareRoot())) < 0.01)
    #expect(abs(halfway.position.y - (100 - 100 * 0.5.squareRoot())) < 0.01)
    #expect(abs(halfway.tangent.dx - 0.5.squareRoot()) < 1e-4)
    #expect(abs(halfway.tangent.dy - 0.5.squareRoot()) < 1e-4)
    #expect(easing.progress(at: 0.5) == 0.5)
    #expect(abs(easing.progress(at: 0.25) - 0.1292) < 5e-5)
}
