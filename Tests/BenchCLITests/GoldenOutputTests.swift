import Foundation
import Testing

/// The deterministic output of `bench`, byte for byte, against files kept in `Golden/`.
///
/// Moving code between targets must not change what a user sees: every command below runs the
/// built `bench` at a fixed width without colour, and its exit code, stdout and stderr must equal
/// the recorded file. Only measured times vary from run to run, so they — and nothing else — are
/// masked before comparing (`GoldenOutput.masked`).
///
/// To record the files again after an intended change of output:
/// `FLIGHTLINE_UPDATE_GOLDEN=1 swift test --filter GoldenOutputTests`, then read the diff.
@Suite struct GoldenOutputTests {
    static let commands: [(name: String, arguments: [String])] = [
        ("validate-seeds", ["validate"]),
        ("validate-seeds-json", ["validate", "--json", "-"]),
        ("validate-bee2-paced-240", ["validate", "bee2", "--seed", "7", "--hz", "60,120,240", "--mode", "paced"]),
        ("validate-user-path", ["validate", "--svg", "M 0 0 L 300 0", "--duration", "1", "--timing", "ease-in-out"]),
        ("validate-user-spring-json", ["validate", "--response", "0.35", "--damping-fraction", "0.8", "--from", "0", "--to", "300", "--json", "-"]),
        ("integrators-menu", ["integrators", "--response", "0.35", "--damping-fraction", "0.8", "--hz", "60,120", "--substeps", "1,2"]),
        ("integrators-default-json", ["integrators", "--json", "-"]),
        ("path-samples-flatten", ["path", "M 0 0 C 100 100 0 100 100 0", "--samples", "5", "--flatten", "0.25"]),
        ("path-json", ["path", "M 10 10 Q 50 90 90 10 A 30 20 15 1 0 150 40 Z", "--samples", "4", "--json", "-"]),
        ("spring-uikit", ["spring", "--uikit-duration", "0.5", "--damping-ratio", "0.7", "--initial-velocity", "0", "--from", "0", "--to", "300", "--at", "0.1,0.2"]),
        ("spring-json", ["spring", "--response", "0.5", "--damping-fraction", "0.3", "--at", "0,0.25,1", "--json", "-"]),
        ("plot-bee1-speed", ["plot", "bee1", "--quantity", "speed", "--ascii"]),
        ("plot-menu-error", ["plot", "menu-show", "--quantity", "error"]),
        ("plot-bee1-path", ["plot", "bee1"]),
        ("sample-menu-show-csv", ["sample", "menu-show", "--hz", "30", "--format", "csv"]),
        ("list", ["list"]),
        ("help-validate", ["help", "validate"]),
        ("help-validate-all", ["help", "validate", "--all"]),
        ("help-sample", ["help", "sample"]),
        ("bad-flag", ["validate", "--bogus"]),
        ("bad-path", ["path", "M 0 0 L nan 0"]),
        ("fling-uikit", ["fling", "--velocity", "1000", "--platform", "uikit"]),
        ("fling-android-json", ["fling", "--velocity", "5000", "--platform", "android", "--density", "2.625", "--hz", "60", "--json", "-"]),
    ]

    @Test(arguments: commands.map(\.name))
    func outputIsUnchanged(name: String) throws {
        let arguments = try #require(Self.commands.first { $0.name == name }).arguments
        let run = try runBench(arguments, environment: ["COLUMNS": "100", "NO_COLOR": "1"])
        let actual = GoldenOutput.masked(GoldenOutput.document(of: run))
        let file = GoldenOutput.directory.appendingPathComponent("\(name).txt")
        if ProcessInfo.processInfo.environment["FLIGHTLINE_UPDATE_GOLDEN"] == "1" {
            try FileManager.default.createDirectory(at: GoldenOutput.directory, withIntermediateDirectories: true)
            try Data(actual.utf8).write(to: file)
            return
        }
        let expected = try String(contentsOf: file, encoding: .utf8)
        if actual != expected {
            let difference = GoldenOutput.firstDifference(expected, actual)
            Issue.record("bench \(arguments.joined(separator: " ")) differs from Golden/\(name).txt at line \(difference.line):\n  expected: \(difference.expected)\n  actual:   \(difference.actual)")
        }
    }

    @Test func maskingHidesOnlyMeasuredTimes() {
        let text = """
        frame cost 657 ns = 0.0039 %, 1.2 µs,   3.5e+02 ns
        1. Smoothness of the seed scenes (0.0292 s)
        "frameCostSeconds": 6.40625e-07,
        "nsPerStep": 12.5,
        "nsPerStep": null,
        max step 1173 pt, 0.471 s
        """
        let masked = GoldenOutput.masked(text)
        #expect(masked == """
        frame cost <time>, <time>, <time>
        1. Smoothness of the seed scenes (<elapsed>)
        "frameCostSeconds": <time>,
        "nsPerStep": <time>,
        "nsPerStep": null,
        max step 1173 pt, 0.471 s
        """)
    }
}

enum GoldenOutput {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden")

    static func document(of run: BenchRun) -> String {
        "exit \(run.code)\n--- stdout\n\(run.stdout)--- stderr\n\(run.stderr)"
    }

    /// Replaces measured durations: "657 ns = 0.0039 %", "1.2 µs", "(0.0292 s)" after a section
    /// title, and JSON values of keys that hold measured times. Times of the motion itself
    /// ("0.471 s" along a path) are not measured and stay.
    static func masked(_ text: String) -> String {
        var result = text
        let rules: [(pattern: String, template: String)] = [
            (#"[0-9][0-9.]*(e[+-]?[0-9]+)? (ns|µs|ms)( = [<0-9.]+ %)?"#, "<time>"),
            (#"\([0-9]+\.[0-9]+ s\)"#, "(<elapsed>)"),
            (#"("(frameCost|frameCostSeconds|nsPerStep|nsPerFrame|nanoseconds[A-Za-z]*)": )-?[0-9][0-9.e+-]*"#, "$1<time>"),
        ]
        for rule in rules {
            result = result.replacingOccurrences(of: rule.pattern, with: rule.template, options: .regularExpression)
        }
        // A measured time is right-aligned in its column, so its padding varies with its width:
        // on those lines only, runs of spaces count as one.
        return result.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            line.contains("<time>")
                ? line.replacingOccurrences(of: " {2,}", with: " ", options: .regularExpression)
                : String(line)
        }.joined(separator: "\n")
    }

    static func firstDifference(_ expected: String, _ actual: String) -> (line: Int, expected: String, actual: String) {
        let a = expected.split(separator: "\n", omittingEmptySubsequences: false)
        let b = actual.split(separator: "\n", omittingEmptySubsequences: false)
        for index in 0..<max(a.count, b.count) {
            let left = index < a.count ? String(a[index]) : "<end>"
            let right = index < b.count ? String(b[index]) : "<end>"
            if left != right { return (index + 1, left, right) }
        }
        return (0, "", "")
    }
}
