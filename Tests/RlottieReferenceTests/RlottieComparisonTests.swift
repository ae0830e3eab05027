import Foundation
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
        let row = try #require(c.rows.first { $0.object == object && $0.quantity == quantity }, "\(c.rows.map { "\($0.object)/\($0.quantity)" })")
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

    @Test func aFileRlottieRefusesIsAnError() throws {
        #expect(throws: RlottieError.self) { _ = try RlottiePlayer(bytes: Array("{\"nope\": 1}".utf8)) }
    }
}
