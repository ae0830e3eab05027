import Foundation
import Testing

/// `bench drag`: the shipped flick end to end, and bad pointer files and options.
@Suite struct DragCommandTests {
    func json(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    func file(_ text: String) throws -> String {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("drag-\(UUID().uuidString).csv")
        try text.write(to: url, atomically: true, encoding: .utf8)
        return url.path
    }

    static let flick = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Scenes/flick-up.csv").path

    /// The sample flick: y = 400 − 200t − 6000t², so the finger moves at −(200 + 12000·t) pt/s at
    /// the release (t = 0.149994 s: −1999.9); the least-squares trackers recover it, the
    /// two-sample model and the impulse strategy lag it by half a sample interval.
    @Test func sampleFlick() throws {
        let run = try runBench(["drag", Self.flick, "--json", "-"])
        #expect(run.code == 0 && run.stderr.isEmpty)
        let document = try json(run.stdout)
        #expect(document["schema"] as? String == "flightline.drag/1")
        #expect(document["samples"] as? Int == 19)
        let trackers = try #require(document["trackers"] as? [[String: Any]])
        #expect(trackers.map { $0["tracker"] as? String } == ["android", "android-impulse", "flutter", "uikit"])
        let exact = -(200 + 12000 * 0.149994)
        for tracker in trackers where ["android", "flutter"].contains(tracker["tracker"] as? String) {
            let velocity = try #require(tracker["velocity"] as? [Double])
            #expect(abs(velocity[1] - exact) < 0.5, "\(tracker["tracker"] ?? "")")
        }
        let uikit = try #require(trackers[3]["velocity"] as? [Double])
        #expect(uikit[1] > exact + 40)
        #expect(trackers[3]["isPort"] as? Bool == false)
        let rates = try #require(trackers[0]["rates"] as? [[String: Any]])
        #expect(rates.map { $0["hz"] as? Int } == [60, 120])
        let one = ["drag", Self.flick, "--platform", "uikit", "--target", "180,-200", "--response", "0.4", "--damping-fraction", "1"]
        #expect(try runBench(one).code == 0)
        let released = try #require((try json(try runBench(one + ["--json", "-"]).stdout)["trackers"] as? [[String: Any]]))
        #expect(released.map { $0["tracker"] as? String } == ["uikit"] && released.first?["isPort"] as? Bool == false, "uikit, a model")
        #expect((released.first?["target"] as? [Double]) == [180, -200])
        #expect((released.first?["rates"] as? [[String: Any]])?.map { $0["hz"] as? Int } == [60, 120])
    }

    /// CRLF line ends and a spaced header read like plain ones.
    @Test func windowsLineEnds() throws {
        let path = try file("t, x, y\r\n0,0,0\r\n0.01,5,0\r\n\r\n0.02,12,1\r\n")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let run = try runBench(["drag", path, "--platform", "uikit", "--json", "-"])
        #expect(run.code == 0, "\(run.stderr)")
        let trackers = try #require(try json(run.stdout)["trackers"] as? [[String: Any]])
        let velocity = try #require(trackers.first?["velocity"] as? [Double])
        #expect(abs(velocity[0] - 700) < 1e-9 && abs(velocity[1] - 100) < 1e-9)
    }

    @Test(arguments: [
        ("", "no pointer samples"),
        ("t,x,y\n", "no pointer samples"),
        ("0,1,2\n0.01,1\n", "row 2"),
        ("0,1,2\n0.01,nan,3\n", "row 2: x"),
        ("0,1,2\n0.01,1,inf\n", "row 2: y"),
        ("0,1,2\n0.02,1,2\n0.01,1,2\n", "row 3"),
        ("0,1,2\n0,1,3\n", "repeats"),
        ("0,1,2\nt,x,y\n", "row 2: t"),
        ("0,1,2\n5e6,1,2\n", "row 2"),
    ])
    func badFileExitsTwoWithOneLine(text: String, fragment: String) throws {
        let path = try file(text)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let run = try runBench(["drag", path])
        #expect(run.code == 2)
        #expect(run.stdout.isEmpty)
        #expect(run.stderr.split(separator: "\n").count == 1)
        #expect(run.stderr.contains(fragment), "\(run.stderr)")
    }

    @Test(arguments: [
        (["drag"], "needs a pointer sample file"),
        (["drag", "/nonexistent/p.csv"], "/nonexistent"),
        (["drag", flick, "--platform", "windows"], "'windows'"),
        (["drag", flick, "--target", "1"], "--target"),
        (["drag", flick, "--target", "1,nan"], "--target"),
        (["drag", flick, "--stiffness", "-5", "--damping", "1"], "stiffness"),
        (["drag", flick, "--hz", "0"], "--hz"),
    ])
    func badOptionsExitTwoWithOneLine(arguments: [String], fragment: String) throws {
        let run = try runBench(arguments)
        #expect(run.code == 2)
        #expect(run.stderr.split(separator: "\n").count == 1)
        #expect(run.stderr.contains(fragment), "\(run.stderr)")
    }
}
