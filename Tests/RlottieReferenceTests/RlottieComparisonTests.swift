import Foundation
import BezierKernels
import Lottie
import RlottieReference
import Testing

/// The tests' folder.
let testsFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()

/// A fixture's bytes: `Lottie/NAME` from Tests/LottieTests/Fixtures (the shipped ones),
/// `rlottie/NAME` from this target's Fixtures (one per rlottie shortcut).
func bytes(_ name: String) throws -> [UInt8] {
    let parts = name.split(separator: "/", maxSplits: 1).map(String.init)
    let folder = parts[0] == "Lottie" ? "LottieTests/Fixtures" : "RlottieReferenceTests/Fixtures"
    return Array(try Data(contentsOf: testsFolder.appendingPathComponent(folder).appendingPathComponent(parts[1])))
}

func comparison(_ name: String) throws -> RlottieComparison {
    let data = try bytes(name)
    return try RlottieComparison.compare(try LottieAnimation(bytes: data), bytes: data)
}

/// Every shipped Lottie fixture, by name.
let shippedFixtures: [String] = {
    let folder = testsFolder.appendingPathComponent("LottieTests/Fixtures")
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    return names.filter { $0.hasSuffix(".json") }.sorted().map { "Lottie/" + $0 }
}()

@Suite struct RlottieComparisonTests {
    /// Wherever none of rlottie's known shortcuts is in force, rlottie draws every shipped
    /// fixture where Flightline puts it, to 0.5 px, for every object and quantity compared.
    @Test(arguments: shippedFixtures)
    func shippedFixturesAgreeWhereNoKnownDeviationApplies(_ name: String) throws {
        let c = try comparison(name)
        #expect(c.frames > 0)
        #expect(!c.rows.isEmpty, "\(name): nothing compared: \(c.notCompared)")
        for row in c.rows {
            #expect(row.maxUnexplained <= RlottieComparison.tolerance, "\(name) \(row.object) \(row.quantity): \(row.maxUnexplained) px")
        }
        for row in c.visibility {
            #expect(row.isExplained, "\(name) \(row.object): only rlottie \(row.onlyRlottie), only Flightline \(row.onlyFlightline)")
        }
    }

    /// Each fixture written to show one of rlottie's shortcuts: the disagreement is there (above
    /// the tolerance) and the report names the shortcut for it; every other frame agrees.
    @Test(arguments: [
        ("rlottie/spatial-length-estimate.json", "comet", "position", "spatial-length-estimate"),
        ("rlottie/first-dimension-ease.json", "stretcher", "scale", "first-dimension-ease"),
        ("rlottie/eased-last-keyframe.json", "box", "position", "eased-last-keyframe"),
        ("Lottie/precompstretch.json", "clock/hand", "position", "whole-frame-precomposition"),
        ("rlottie/auto-orient-outside-keys.json", "arrow", "rotation", "auto-orient-outside-keys"),
        ("rlottie/auto-orient-straight-segment.json", "arrow", "rotation", "auto-orient-straight-segment"),
        ("rlottie/skew-ignored.json", "leaning", "points", "skew-ignored"),
    ])
    func eachKnownDeviationShowsAndIsNamed(name: String, object: String, quantity: String, deviation: String) throws {
        let c = try comparison(name)
        let row = try #require(c.rows.first { $0.object == object && $0.quantity.name == quantity }, "\(c.rows.map { "\($0.object)/\($0.quantity.name)" })")
        #expect(row.max > RlottieComparison.tolerance, "\(name): the deviation does not show (\(row.max) px)")
        #expect(row.deviations.contains(deviation), "\(name): named \(row.deviations)")
        #expect(c.maxUnexplained <= RlottieComparison.tolerance, "\(name): \(c.maxUnexplained) px unexplained")
    }

    /// A layer that ends at frame 30 of 60: Debian's rlottie 0.1 hides it at its out point as
    /// lottie-web does; rlottie since 2022 draws it there, and the report names why.
    @Test func outPointAgreesOrIsNamed() throws {
        let c = try comparison("rlottie/inclusive-out-point.json")
        for row in c.visibility {
            #expect(row.object == "flash" && row.onlyRlottie == [30] && row.onlyFlightline.isEmpty)
            #expect(row.deviations == ["inclusive-out-point"] && row.isExplained)
        }
        #expect(c.maxUnexplained <= RlottieComparison.tolerance)
    }

    /// A precomposition's child shows up to a frame early in rlottie (its time truncated), named.
    @Test func wholeFramesExplainAPrecompositionChildsEarlyStart() throws {
        let c = try comparison("Lottie/precompstretch.json")
        let row = try #require(c.visibility.first { $0.object == "clock/hand" })
        #expect(row.onlyRlottie == [9] && row.deviations == ["whole-frame-precomposition"] && row.isExplained)
    }

    /// ip 10.4, op 40.4: rlottie rounds them (shows frame 10, hides frame 40); lottie-web
    /// compares the frame with them as they are. Named, not counted as Flightline's error.
    @Test func roundedInAndOutPointsAreNamed() throws {
        let c = try comparison("rlottie/rounded-in-out-points.json")
        let row = try #require(c.visibility.first { $0.object == "blink" })
        #expect(row.onlyRlottie == [10] && row.onlyFlightline == [40])
        #expect(row.deviations == ["rounded-in-out-points"] && row.isExplained)
    }

    /// A precomposition layer (st 15) that ends at frame 20 while its child still moves: rlottie stops
    /// updating the child (its nodes stay frame 19's in the tree) and draws nothing; the
    /// comparison reads the tree that way and finds both players agree.
    @Test func aPrecompositionThatEndsHidesItsChildrenInBoth() throws {
        let c = try comparison("rlottie/precomposition-ends-early.json")
        #expect(c.visibility.isEmpty, "\(c.visibility)")
        let row = try #require(c.rows.first { $0.object == "badge/dot" && $0.quantity == .points })
        #expect(row.frames == 5 && row.max < 0.01, "\(row)")  // frames 15 … 19: the child starts at st 15
    }

    @Test func aFileRlottieRefusesIsAnError() throws {
        #expect(throws: RlottieError.self) { _ = try RlottiePlayer(bytes: Array("{\"nope\": 1}".utf8)) }
    }
}

@Suite struct RlottieSpatialPortTests {
    /// rlottie's drawn position on the spatial fixture is the literal port's (its estimated
    /// lengths), not the arc length's: the disagreement the comparison names
    /// `spatial-length-estimate` is rlottie's pacing.
    @Test func rlottiePacesSpatialSegmentsByTheEstimatedLength() throws {
        let data = try bytes("rlottie/spatial-length-estimate.json")
        let player = try RlottiePlayer(bytes: data)
        let animation = try LottieAnimation(bytes: data)
        let comet = try #require(animation.nodeInfos.first { $0.name == "comet" })
        // (50, 300) → (350, 100) with to (50, −200), ti (−150, 0); easy ease over frames 0 … 60.
        let port = RlottieSpatialPort(x1: 50, y1: 300, x2: 100, y2: 100, x3: 200, y3: 100, x4: 350, y4: 100)
        let ease = try TimingCurve(x1: 0.333, y1: 0, x2: 0.667, y2: 1)
        var largestFromPort = 0.0, largestFromFlightline = 0.0
        for frame in 0..<60 {
            let shape = try #require(player.renderTree(frame: frame).layers.first?.shapes.first)
            // The 40 × 20 rectangle's first point is its top right corner: (x + 20, y − 10).
            let drawn = shape.points[0] - SIMD2(20, -10)
            let expected = port.position(progress: Float(ease.progress(at: Double(frame) / 60)))
            largestFromPort = max(largestFromPort, ((drawn - expected) * (drawn - expected)).sum().squareRoot())
            let ours = animation.anchorPosition(ofNode: comet.index, atFrame: Double(frame))
            largestFromFlightline = max(largestFromFlightline, ((drawn - ours) * (drawn - ours)).sum().squareRoot())
        }
        #expect(largestFromPort < 0.05, "rlottie against its port: \(largestFromPort) px")
        #expect(largestFromFlightline > 0.5, "rlottie against Flightline: \(largestFromFlightline) px")
    }
}
