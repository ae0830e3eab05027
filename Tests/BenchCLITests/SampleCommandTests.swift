import Foundation
import Testing
@testable import BenchCLI

/// `bench sample`: per-frame numbers at absolute times, end to end, each value checked against
/// the model computed independently here (a Lottie ease by its cubic, a spring by its closed
/// form), and the bad inputs that must exit 2 with one line.
@Suite struct SampleCommandTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static func fixture(_ name: String) -> String { "Tests/LottieTests/Fixtures/\(name)" }

    func bench(_ arguments: [String]) throws -> BenchRun { try runBench(arguments, in: Self.root) }

    /// Rows of a CSV without quoted fields, as cells.
    func rows(_ csv: String) -> [[String]] {
        csv.split(separator: "\n").map { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
    }

    func json(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    /// `y(s)` of the cubic Bézier easing (0,0) (x1,y1) (x2,y2) (1,1) where `x(s) = progress`,
    /// solved by bisection on `s` (x is increasing for x1, x2 in 0…1).
    static func ease(_ progress: Double, _ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) -> Double {
        func bezier(_ s: Double, _ a: Double, _ b: Double) -> Double {
            let u = 1 - s
            return 3 * u * u * s * a + 3 * u * s * s * b + s * s * s
        }
        var lo = 0.0, hi = 1.0
        for _ in 0..<200 {
            let mid = (lo + hi) / 2
            if bezier(mid, x1, x2) < progress { lo = mid } else { hi = mid }
        }
        return bezier((lo + hi) / 2, y1, y2)
    }

    @Test func aLottieFilesValuesAreItsKeyframeInterpolation() throws {
        // eased.json: "ball" from (0, 200) at frame 0 to (200, 200) at frame 60, ease
        // (0.42, 0) (0.58, 1) on both dimensions, fr 60, ip 0, op 60.
        let run = try bench(["sample", Self.fixture("eased.json"), "--format", "csv"])
        #expect(run.code == 0, "\(run.stderr)")
        let table = rows(run.stdout)
        #expect(table[0] == ["frame", "time (s)", "object", "x (px)", "y (px)", "rotation (°)", "scale x (%)", "scale y (%)", "opacity (%)", "visible (0/1)"])
        #expect(table.count == 61)  // frames 0 … 59: op is the first frame not shown
        for k in [0, 1, 15, 30, 44, 59] {
            let row = table[k + 1]
            #expect(row[0] == "\(k)")
            #expect(abs(Double(row[1])! - Double(k) / 60) < 1e-15)
            #expect(row[2] == "ball")
            let expected = 200 * Self.ease(Double(k) / 60, 0.42, 0, 0.58, 1)
            #expect(abs(Double(row[3])! - expected) < 1e-9, "frame \(k): \(row[3]) vs \(expected)")
            #expect(Double(row[4]) == 200)
            #expect(Array(row[5...9]) == ["0", "100", "100", "100", "1"])
        }
    }

    @Test func aLottieFrameIsAtItsFrameNumberOverTheRate() throws {
        // At 120 Hz a 60 fps file is sampled at half frames: F = k/2, t = F/60.
        let run = try bench(["sample", Self.fixture("eased.json"), "--hz", "120", "--count", "5", "--format", "json"])
        #expect(run.code == 0, "\(run.stderr)")
        let document = try json(run.stdout)
        #expect(document["schema"] as? String == "flightline.samples/1")
        #expect(document["kind"] as? String == "lottie")
        #expect(document["frameRate"] as? Double == 60)
        #expect(document["frames"] as? Int == 5)
        #expect(document["frame"] as? [Double] == [0, 0.5, 1, 1.5, 2])
        let times = try #require(document["time"] as? [Double])
        for (k, t) in times.enumerated() { #expect(abs(t - Double(k) / 120) < 1e-15) }
        let objects = try #require(document["objects"] as? [[String: Any]])
        #expect(objects.count == 1)
        #expect(objects[0]["name"] as? String == "ball")
        #expect(objects[0]["place"] as? String == "layers[0]")
        let quantities = try #require(objects[0]["quantities"] as? [[String: Any]])
        #expect(quantities.map { $0["name"] as? String } == ["x", "y", "rotation", "scale x", "scale y", "opacity", "visible"])
        let x = try #require(quantities[0]["values"] as? [Double])
        #expect(abs(x[3] - 200 * Self.ease(1.5 / 60, 0.42, 0, 0.58, 1)) < 1e-9)
    }

    @Test func stillObjectsAreSampledToo() throws {
        let run = try bench(["sample", Self.fixture("loader.json"), "--object", "title", "--format", "csv"])
        #expect(run.code == 0, "\(run.stderr)")
        let table = rows(run.stdout).dropFirst()
        #expect(table.count == 90)  // frames 0 … 89 at the file's 30 fps
        #expect(Set(table.map { $0[2] }) == ["title"])
        #expect(Set(table.map { Array($0[3...]) }).count == 1, "a still object's values never change")
        // Every object, still or moving, in the file's order.
        let all = try bench(["sample", Self.fixture("loader.json"), "--count", "1", "--format", "json"])
        let objects = try #require(try json(all.stdout)["objects"] as? [[String: Any]])
        #expect(objects.contains { $0["name"] as? String == "title" })
        #expect(objects.contains { $0["name"] as? String == "logo" })
    }

    @Test func aSpringScenesValueIsItsClosedForm() throws {
        // m 1, k 100, c 10: λ = 5, ω_d = √75; from 0 to 100 at rest:
        // y(t) = 100 − 100·e^(−5t)·(cos ω_d t + (5/ω_d) sin ω_d t).
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sample-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("card.json")
        try Data("""
        {"schema": "flightline.scene/1", "layers": [{"name": "card", "animations": [
          {"property": "position.y", "type": "spring", "spring": {"mass": 1, "stiffness": 100, "damping": 10}, "fromValue": 0, "toValue": 100}]}]}
        """.utf8).write(to: file)
        let out = folder.appendingPathComponent("card.csv")
        let run = try bench(["sample", file.path, "--format", "csv", "--out", out.path])
        #expect(run.code == 0, "\(run.stderr)")
        #expect(run.stdout.isEmpty)
        let table = rows(try String(contentsOf: out, encoding: .utf8))
        #expect(table[0] == ["frame", "time (s)", "object", "position.y (pt)"])
        let wd = 75.0.squareRoot()
        for row in table.dropFirst() {
            let t = Double(row[1])!
            #expect(row[2] == "card")
            let exact = 100 - 100 * exp(-5 * t) * (cos(wd * t) + 5 / wd * sin(wd * t))
            #expect(abs(Double(row[3])! - exact) < 1e-9, "t = \(t): \(row[3]) vs \(exact)")
        }
        #expect(table.count > 30)
        #expect(!FileManager.default.fileExists(atPath: out.path + ".tmp"))
    }

    @Test func aBeesRowsAreOnePerFrameFromZero() throws {
        let run = try bench(["sample", "bee1+", "--count", "3", "--format", "csv"])
        #expect(run.code == 0, "\(run.stderr)")
        let table = rows(run.stdout)
        #expect(table[0] == ["frame", "time (s)", "object", "x (pt)", "y (pt)"])
        let expected: [[String]] = [["0", "0", "bee1+"], ["1", "\(1.0 / 60)", "bee1+"], ["2", "\(2.0 / 60)", "bee1+"]]
        let firstColumns: [[String]] = table.dropFirst().map { Array($0[0...2]) }
        #expect(firstColumns == expected)
        // The same command, the same bytes.
        #expect(try bench(["sample", "bee1+", "--count", "3", "--format", "csv"]).stdout == run.stdout)
    }

    @Test(arguments: [
        (["sample", "bee9", "--format", "csv"], "unknown scene 'bee9'"),
        (["sample", "menu", "--object", "nobody", "--format", "csv"], "no object 'nobody' in 'menu'; its objects: menu-show, menu-dismiss"),
        (["sample", "menu", "--hz", "0", "--format", "csv"], "--hz must be greater than 0"),
        (["sample", "menu", "--hz", "5000", "--format", "csv"], "--hz must be from 1 to 1000"),
        (["sample", "menu", "--hz", "fast", "--format", "csv"], "--hz expects a finite number"),
        (["sample", "menu", "--format", "xml"], "--format expects csv or json, got 'xml'"),
        (["sample", "menu"], "needs --format csv or --format json"),
        (["sample", "menu", "--json", "-", "--format", "csv"], "--json PATH writes the JSON samples; give it or --format/--out, not both"),
        (["sample", "menu", "--count", "0", "--format", "csv"], "--count expects all or a whole number"),
        (["sample", "Tests/LottieTests/Fixtures/missing.json", "--format", "csv"], "missing.json"),
    ])
    func badInputExitsTwoWithOneLine(arguments: [String], message: String) throws {
        let run = try bench(arguments)
        #expect(run.code == 2)
        #expect(run.stdout.isEmpty)
        #expect(run.stderr.contains(message), "\(run.stderr)")
        #expect(run.stderr.split(separator: "\n").count == 1, "\(run.stderr)")
    }

    @Test func moreThanAMillionRowsIsRefusedBeforeTheWork() throws {
        // eased.json stretched to 2,000,000 frames at 1000 fps (2000 s, within the Lottie
        // reader's hour): 2 million rows of one object at the file's own rate.
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sample-long-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let text = try String(contentsOf: Self.root.appendingPathComponent(Self.fixture("eased.json")), encoding: .utf8)
        let long = folder.appendingPathComponent("long.json")
        try Data(text.replacingOccurrences(of: "\"op\": 60", with: "\"op\": 2000000")
            .replacingOccurrences(of: "\"fr\": 60,", with: "\"fr\": 1000,").utf8).write(to: long)
        let out = folder.appendingPathComponent("long.csv")
        let error = try expectRefused(["sample", long.path, "--format", "csv", "--out", out.path], in: Self.root)
        #expect(error?.file == long.path && SampleRequest.maximumRows == 1_000_000)
        #expect(error?.message == "\(quoted(long.path)) at 1000 Hz is 2000000 frames × 1 object = 2000000 rows, more than the 1000000 a sample writes; "
            + "use --count N, --object NAME or a lower --hz", "\(error?.message ?? "accepted")")
        #expect(!FileManager.default.fileExists(atPath: out.path))
        // --frames keeps it within the bound.
        let first = try bench(["sample", long.path, "--count", "3", "--format", "csv"])
        #expect(first.code == 0, "\(first.stderr)")
        #expect(first.stdout.split(separator: "\n").count == 4)
    }

    /// `bench sample … --reference rlottie` (issue 21): the same comparison `validate` makes,
    /// as the JSON document's `reference` member, or on stderr beside CSV.
    @Test func referenceRlottieComparesTheSampledFile() throws {
        let json = try bench(["sample", Self.fixture("spatial.json"), "--reference", "rlottie", "--count", "2", "--format", "json"])
        #expect(json.code == 0, "\(json.stderr)")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(document["schema"] as? String == "flightline.samples/1" && document["frames"] as? Int == 2)
        let reference = try #require(document["reference"] as? [String: Any])
        #expect(reference["player"] as? String == "rlottie")
        let files = try #require(reference["files"] as? [[String: Any]])
        let rows = try #require(files.first?["rows"] as? [[String: Any]])
        // spatial.json's disagreement is rlottie's length estimate, named, as validate says.
        #expect(rows.contains { ($0["deviations"] as? [String])?.contains("spatial-length-estimate") == true })
        let csv = try bench(["sample", Self.fixture("spatial.json"), "--reference", "rlottie", "--count", "2", "--format", "csv"])
        #expect(csv.code == 0 && csv.stdout.split(separator: "\n").count == 3)
        // The comparison's table on stderr, parsed into cells: the position row names rlottie's deviation.
        let cells = csv.stderr.split(separator: "\n").map { $0.components(separatedBy: "  ").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty } }
        #expect(cells.first == ["── Tests/LottieTests/Fixtures/spatial.json: Flightline against rlottie, 60 whole frames from ip; disagreement in pt (= px), tolerance 0.5"], "\(csv.stderr)")
        #expect(cells.dropFirst().first == ["object", "quantity", "frames", "max", "median", "at frame", "max unexplained", "rlottie's deviations"])
        #expect(cells.firstIndex { $0.prefix(2) == ["comet", "position"] }.map { cells[$0].last } == "spatial-length-estimate", "\(csv.stderr)")
        let scene = ["sample", "bee1+", "--reference", "rlottie", "--format", "csv"]
        let sceneError = benchError(scene)
        #expect(sceneError?.option == "reference" && sceneError?.file == "bee1+")
        expectRefusal(try bench(scene), sceneError)
        let unknown = ["sample", Self.fixture("spatial.json"), "--reference", "lottie-web", "--format", "csv"]
        let unknownError = benchError(unknown)
        #expect(unknownError?.option == "reference" && unknownError?.value == "lottie-web")
        expectRefusal(try bench(unknown), unknownError)
    }

    @Test func tooManyObjectsListsAreTruncated() throws {
        let arguments = ["sample", Self.root.appendingPathComponent(Self.fixture("loader.json")).path, "--object", "nobody", "--format", "csv"]
        let error = benchError(arguments)
        #expect(error?.option == "object" && error?.value == "nobody" && error?.file == arguments[1])
        expectRefusal(try bench(arguments), error)
    }

    @Test func helpDocumentsTheFormats() throws {
        let run = try bench(["help", "sample", "--all"])
        #expect(run.code == 0)
        for phrase in ["flightline.samples/1", "absolute time", "F / fr", "1,000,000 rows", "--object NAME", "atomically"] {
            #expect(run.stdout.contains(phrase), "help lacks \(phrase)")
        }
    }

    @Test func validateJSONGivesEachTimelinesAbsoluteSpan() throws {
        let run = try bench(["validate", Self.fixture("loader.json"), "--hz", "60", "--json", "-"])
        let scenes = try #require(try json(run.stdout)["scenes"] as? [[String: Any]])
        let ticker = try #require(scenes.first { $0["scene"] as? String == "ticker/position" })
        #expect(ticker["start"] as? Double == 0)
        #expect(ticker["end"] as? Double == 3)
        #expect(scenes.allSatisfy { $0["start"] != nil && $0["end"] != nil })
    }

    @Test func traceOutIsAbsoluteAndListsStills() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sample-trace-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent("trace.json")
        let run = try bench(["validate", Self.fixture("loader.json"), "--hz", "30", "--trace-out", out.path])
        #expect(run.code == 1 || run.code == 0, "\(run.stderr)")
        let document = try json(try String(contentsOf: out, encoding: .utf8))
        let events = try #require(document["traceEvents"] as? [[String: Any]])
        let names = events.filter { $0["name"] as? String == "process_name" }.compactMap { ($0["args"] as? [String: Any])?["name"] as? String }
        #expect(names.contains { $0.hasSuffix("title (still)") })
        // Each timeline's first presentation is at its absolute start.
        let validate = try json(try bench(["validate", Self.fixture("loader.json"), "--hz", "30", "--json", "-"]).stdout)
        let scenes = try #require(validate["scenes"] as? [[String: Any]])
        for (pid, scene) in scenes.filter({ $0["hz"] as? Double == 30 }).enumerated() {
            let first = events.first { $0["pid"] as? Int == pid + 1 && $0["cat"] as? String == "presentation" }
            let ts = try #require(first?["ts"] as? Double)
            let start = try #require(scene["start"] as? Double)
            #expect(abs(ts - start * 1e6) < 1e-3, "\(scene["scene"] ?? "") starts at \(start) s, its first frame at \(ts) µs")
        }
    }
}
