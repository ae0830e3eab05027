import Foundation
import Testing

/// `bench accuracy` end to end: the map prints, every requested accuracy is met, bad input is
/// one line and exit 2 (the test build is a debug build: counts and errors, no times).
@Suite struct AccuracyCommandTests {
    @Test func mapMeetsEveryRequestedAccuracy() throws {
        // The text: the map's plot, and nothing printed as NaN.
        let text = try runBench(["accuracy", "--ladder", "1e-3,1e-6,1e-9,1e-12"])
        #expect(text.code == 0, "\(text.stderr)")
        #expect(text.stdout.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
            .firstIndex(of: "achieved against requested error (log-log): below the line is met") != nil, "the plot's caption line: \(text.stdout)")
        #expect(nonFiniteWords(text.stdout).isEmpty, "\(text.stdout)")
        // Every rung of every kernel, as data.
        let run = try runBench(["accuracy", "--ladder", "1e-3,1e-6,1e-9,1e-12", "--json", "-"])
        #expect(run.code == 0, "\(run.stderr)")
        let map = try jsonObject(run.stdout)
        let rows = try #require(map["rows"] as? [[String: Any]])
        #expect(Set(rows.compactMap { $0["kernel"] as? String }) == ["cubic-arclength", "cubic-inverse", "pathmeasure-position", "spring-closed-form"])
        // Every requested accuracy was met (a refused rung has met null).
        #expect(rows.allSatisfy { $0["met"] as? Bool == true }, "\(rows.filter { $0["met"] as? Bool != true })")
        // A debug build: times not measured.
        #expect(map["timed"] as? Bool == false)
        #expect(rows.allSatisfy { $0["nanoseconds"] is NSNull })
    }

    @Test func pathMeasureRefusesRungsBelowItsRoundingFloor() throws {
        let run = try runBench(["accuracy", "pathmeasure-position", "--ladder", "1e-9,1e-14", "--json", "-"])
        #expect(run.code == 0, "\(run.stderr)")
        let rows = try #require(try jsonObject(run.stdout)["rows"] as? [[String: Any]])
        #expect(rows.map { $0["kernel"] as? String } == ["pathmeasure-position", "pathmeasure-position"])
        #expect(rows.map { $0["requested"] as? Double } == [1e-9, 1e-14])
        #expect(rows[0]["met"] as? Bool == true && rows[0]["refusal"] is NSNull)
        // 1e-14 is below the rounding floor: refused, with its reason, and not measured.
        #expect(rows[1]["met"] is NSNull && rows[1]["achieved"] is NSNull && rows[1]["refusal"] is String)
    }

    @Test(arguments: [
        (["accuracy", "nope"], "unknown kernel 'nope'"),
        (["accuracy", "--ladder", "0"], "must be in 1e-15…1"),
        (["accuracy", "--ladder", "1e-16"], "must be in 1e-15…1"),
        (["accuracy", "--ladder", "2"], "must be in 1e-15…1"),
        (["accuracy", "--ladder", "1e-3,1e-3"], "repeats an accuracy"),
        (["accuracy", "--ladder", "abc"], "abc"),
        (["accuracy", "--ladder"], "needs a value"),
    ])
    func badInputIsOneLineAndExitTwo(arguments: [String], message: String) throws {
        let run = try runBench(arguments)
        #expect(run.code == 2)
        #expect(run.stdout.isEmpty)
        #expect(run.stderr.contains(message), "\(run.stderr)")
        #expect(run.stderr.split(separator: "\n").count == 1)
    }
}
