import BezierKernels
@testable import BenchmarkSuites
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Motion
import Testing
@testable import BenchCLI

/// `bench report`, end to end: the folder it writes, every SVG parsed as XML, marks at their
/// place, bad input, the size of a large report, and the page in a real headless browser.
@Suite struct ReportCommandTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let baseline = root.appendingPathComponent("Benchmarks/baselines/epyc-2core.json").path

    /// A fresh folder under the temporary directory (removed by the caller's `defer`).
    static func scratch() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("report-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    static func xml(_ url: URL) throws -> XMLElement {
        try #require(try XMLDocument(contentsOf: url, options: []).rootElement())
    }

    /// The report's page as a tree (its HTML is well-formed XML, XHTML-compatible).
    static func page(_ url: URL) throws -> XMLElement {
        let text = try String(contentsOf: url, encoding: .utf8)
        let document = try XMLDocument(xmlString: text.replacingOccurrences(of: "<!DOCTYPE html>\n", with: ""), options: [])
        return try #require(document.rootElement())
    }

    /// The line `bench report` prints, whole, for the folder `out` as it is on disk: its charts
    /// counted, `contents` (`1 scene, 12 recorded runs`) and the size of every file in MB.
    static func summary(_ out: URL, _ contents: String, markdown: Bool = false) throws -> String {
        let names = try FileManager.default.contentsOfDirectory(atPath: out.path)
        let bytes = try names.reduce(0) { $0 + (try FileManager.default.attributesOfItem(atPath: out.appendingPathComponent($1).path)[.size] as? Int ?? 0) }
        let charts = names.filter { $0.hasSuffix(".svg") }.count
        return "bench report: wrote \(out.path)/index.html\(markdown ? ", report.md" : "") and \(charts) SVG chart\(charts == 1 ? "" : "s") (\(contents); \(significant(Double(bytes) / 1e6)) MB)\n"
    }

    static func nodes(_ root: XMLElement, _ xpath: String) -> [XMLElement] {
        ((try? root.nodes(forXPath: xpath)) ?? []).compactMap { $0 as? XMLElement }
    }

    /// An attribute's value, read through XPath (FoundationXML on Linux does not find
    /// attributes by name on elements in SVG's default namespace).
    static func string(_ element: XMLElement, _ name: String) -> String? {
        ((try? element.nodes(forXPath: "@\(name)")) ?? []).first?.stringValue
    }

    /// The dots of a series group in sample order (drawn as `Mx yh0` in one path: `pts`, or
    /// `vpts-ring` for dots coloured by a value).
    static func dots(_ series: XMLElement) -> [(x: Double, y: Double)] {
        let path = nodes(series, "./*[local-name()='path'][@class='vpts-ring' or starts-with(@class,'pts ')]").first
        return (path.flatMap { string($0, "d") } ?? "").split(separator: "M").compactMap { part in
            let numbers = part.replacingOccurrences(of: "h0", with: "").split(separator: " ").compactMap { Double($0) }
            return numbers.count == 2 ? (numbers[0], numbers[1]) : nil
        }
    }

    static func attribute(_ element: XMLElement, _ name: String) -> Double {
        Double(string(element, name) ?? "") ?? .nan
    }

    /// The seed scenes' report with a run: every chart a file that parses, with a title, a
    /// description, its axes and a series per drawn thing; every file on the page; no URL fetched.
    @Test func seedReportWritesEveryChartAsValidSVGAndOneSelfContainedPage() throws {
        let folder = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent("report")
        let run = try runBench(["report", "--run", Self.baseline, "--out", out.path])
        #expect(run.code == 0, "\(run.stderr)")
        #expect(run.stdout == (try Self.summary(out, "6 scenes, 25 benchmark results")), "\(run.stdout)")
        let files = try FileManager.default.contentsOfDirectory(atPath: out.path).sorted()
        let svgs = files.filter { $0.hasSuffix(".svg") }
        // Six seed scenes × three charts (path or offset, speed, acceleration), the turns of the
        // two bees with a turn break, the two menu springs' integrators, the fixes at 60 Hz
        // linear before and after (4 per bee 1, 3 per bee 2, the wave growth and the dismiss's
        // rest stop), the paced reports of the four bees (path, speed, acceleration and the
        // hairpin's turn), the two menu springs' work-precision views, the speedups, and one
        // chart per benchmark result.
        #expect(svgs.count == 18 + 2 + 2 + 16 + 16 + 2 + 1 + 25, "\(svgs)")
        #expect(files.allSatisfy { !$0.hasPrefix(".") }, "a staging folder was left: \(files)")
        let page = try String(contentsOf: out.appendingPathComponent("index.html"), encoding: .utf8)
        let tree = try Self.page(out.appendingPathComponent("index.html"))
        for name in svgs {
            let svg = try Self.xml(out.appendingPathComponent(name))
            #expect(svg.name == "svg")
            let title = Self.nodes(svg, "./*[local-name()='title']").first?.stringValue ?? ""
            let description = Self.nodes(svg, "./*[local-name()='desc']").first?.stringValue ?? ""
            #expect(title.count > 0 && description.count > 0, "\(name)")
            #expect(Self.nodes(svg, ".//*[local-name()='rect'][contains(@class,'frame')]").count == 1, "\(name)")
            #expect(!Self.nodes(svg, ".//*[local-name()='text'][contains(@class,'tick x')]").isEmpty, "\(name): no x ticks")
            #expect(!Self.nodes(svg, ".//*[local-name()='g'][@class='series']").isEmpty, "\(name)")
            #expect(Self.nodes(tree, "//*[local-name()='figure'][@id='\(name)']").count == 1, "\(name) is not on the page")
        }
        // A path chart: the exact path, the frames (coloured by speed) and the screen's edge.
        let path = try Self.xml(out.appendingPathComponent("scene-bee1+-path.svg"))
        let series = Self.nodes(path, ".//*[local-name()='g'][@class='series']").compactMap { Self.string($0, "data-series") }
        #expect(series == ["screen edge (1024×768)", "path", "frames @60 Hz"], "\(series)")
        // The page: a CSP that forbids fetching, no remote URL, no script, every section.
        let policy = Self.nodes(tree, "//*[local-name()='meta'][@http-equiv='Content-Security-Policy']").compactMap { Self.string($0, "content") }
        #expect(policy == ["default-src 'none'; style-src 'unsafe-inline'; img-src data:"], "\(policy)")
        #expect(page.range(of: #"(src|href)\s*=\s*["']?\s*(https?:)?//"#, options: .regularExpression) == nil)
        #expect(Self.nodes(tree, "//*[local-name()='script']").isEmpty)
        for section in ["verdicts", "scene-bee1+", "scene-menu-show", "benchmarks"] {
            #expect(Self.nodes(tree, "//*[local-name()='section'][@id='\(section)']").count == 1, "\(section)")
        }
        // Every chart is inline on the page.
        #expect(Self.nodes(tree, "//*[local-name()='svg']").count == svgs.count)
    }

    /// bee1+ at 60 Hz: its first frame's dot is the path's start (from the model, not from the
    /// report) mapped through the data area the SVG states, y down; and a teleport finding is
    /// marked at the frame the metrics name.
    /// The turn chart: the heading's turn per frame against time with the limit drawn, and the
    /// bee's one turn break (12.5° at the join 4 → 5, t = 1.88 s at 60 Hz) marked; its tight
    /// smooth bend (over 50° a frame near 2.5 s, which shrinks at twice the rate) unmarked.
    @Test func turnChartMarksTheTurnBreakOnly() throws {
        let folder = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent("r")
        let run = try runBench(["report", "bee1+", "--mode", "linear", "--hz", "60", "--out", out.path])
        #expect(run.code == 0, "\(run.stderr)")
        let url = out.appendingPathComponent("scene-bee1+-turn.svg")
        let svg = try Self.xml(url)
        // The limit's legend and the one turn's label, each a text element whole.
        let texts = Self.nodes(svg, ".//*[local-name()='text']").compactMap(\.stringValue)
        #expect(texts.filter { $0.hasPrefix("limit ") } == ["limit 10.0° (a turn above it that keeps its size at twice the rate is a break)"], "\(texts)")
        #expect(texts.filter { $0.hasPrefix("sharp turns") } == ["sharp turns: 12°, t = 1.88 s"], "\(texts)")
        let page = try Self.page(out.appendingPathComponent("index.html"))
        #expect(Self.nodes(page, "//*[local-name()='figure'][@id='scene-bee1+-turn.svg']").count == 1)
    }

    @Test func firstFrameDotIsThePathStartOnTheViewport() throws {
        let folder = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent("r")
        let run = try runBench(["report", "bee1+", "--mode", "linear", "--out", out.path])
        #expect(run.code == 0, "\(run.stderr)")
        let svg = try Self.xml(out.appendingPathComponent("scene-bee1+-path.svg"))
        guard case .move(let start)? = try BeeFlight(bee: .one, sign: 1).path().elements.first else {
            Issue.record("bee1+'s path does not start with a move")
            return
        }
        let frame = try #require(Self.nodes(svg, ".//*[local-name()='rect'][contains(@class,'frame')]").first)
        let data = try #require(Self.nodes(svg, ".//*[local-name()='g'][@class='data']").first)
        let xs = (Self.string(data, "data-x-span") ?? "").split(separator: " ").compactMap { Double($0) }
        let ys = (Self.string(data, "data-y-span") ?? "").split(separator: " ").compactMap { Double($0) }
        try #require(xs.count == 2 && ys.count == 2)
        let left = Self.attribute(frame, "x"), top = Self.attribute(frame, "y")
        let width = Self.attribute(frame, "width"), height = Self.attribute(frame, "height")
        // Equal aspect: one point is as many pixels in x as in y.
        #expect(abs((xs[1] - xs[0]) / width - (ys[1] - ys[0]) / height) < 1e-9 * (xs[1] - xs[0]))
        func place(_ x: Double, _ y: Double) -> (Double, Double) {
            (left + (x - xs[0]) / (xs[1] - xs[0]) * width, top + (y - ys[0]) / (ys[1] - ys[0]) * height)
        }
        let frames = try #require(Self.nodes(svg, ".//*[local-name()='g'][@data-series='frames @60 Hz']").first)
        let dots = Self.dots(frames)
        let first = try #require(dots.first)
        let want = place(start.x, start.y)
        #expect(abs(first.x - want.0) <= 0.051 && abs(first.y - want.1) <= 0.051)
        // One dot per frame the validation sampled at 60 Hz.
        let report = try Validation.validate(try Scene.bee(BeeFlight(bee: .one, sign: 1)), mode: .linear, hz: 60)
        #expect(dots.count == report.frames)
        // The teleport (the cycle restarting on screen) is marked at its frame's position.
        let teleport = try #require(report.metrics.teleports.first)
        let marks = Self.nodes(svg, ".//*[local-name()='g'][@class='mark-at']")
        let mark = try #require(marks.first { ($0.stringValue ?? "").hasPrefix("teleport") })
        let at = place(teleport.from.position.x, teleport.from.position.y)
        #expect(abs(Self.attribute(mark, "data-x") - at.0) <= 0.051 && abs(Self.attribute(mark, "data-y") - at.1) <= 0.051)
    }

    /// The fixes of bee1+ at 60 Hz linear, each applied to the model and drawn before and after:
    /// the kink's control point on the path (the join (820, 200) marked where it is), the
    /// balanced join on the frame speed (the join's new time marked at the balanced speed), the
    /// seam's start moved off screen; each chart says the finding is gone, and the page lists
    /// the menu's fix that has no picture.
    @Test func fixChartsShowTheSceneBeforeAndAfter() throws {
        let folder = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent("r")
        let run = try runBench(["report", "bee1+", "menu", "--mode", "linear", "--hz", "60", "--out", out.path])
        #expect(run.code == 0, "\(run.stderr)")
        let files = try FileManager.default.contentsOfDirectory(atPath: out.path).filter { $0.hasPrefix("scene-bee1+-fix") }.sorted()
        #expect(files == (1...4).map { "scene-bee1+-fix\($0).svg" })
        let scene = try Scene.bee(BeeFlight(bee: .one, sign: 1))
        let report = try Validation.validate(scene, mode: .linear, hz: 60)
        let fixes = Validation.fixes(for: SceneValidation(scene: scene, reports: [report], judgesFrameCost: false))
        #expect(fixes.count == 4)
        for (index, fix) in fixes.enumerated() {
            let svg = try Self.xml(out.appendingPathComponent("scene-bee1+-fix\(index + 1).svg"))
            let description = Self.nodes(svg, "./*[local-name()='desc']").first?.stringValue ?? ""
            #expect(description.contains("is gone"), "\(description)")
            // Before: one grey dashed line; after: a solid one in a series colour.
            let before = try #require(Self.nodes(svg, ".//*[local-name()='g'][starts-with(@data-series,'before')]").first)
            #expect(Self.string(try #require(Self.nodes(before, "./*[local-name()='path']").first), "class") == "line muted")
            let after = try #require(Self.nodes(svg, ".//*[local-name()='g'][starts-with(@data-series,'after')]").first)
            #expect(Self.string(try #require(Self.nodes(after, "./*[local-name()='path']").first), "class")?.hasPrefix("line s") == true)
            let placeDown = try Self.placer(svg, yDown: true), placeUp = try Self.placer(svg)
            let marks = Self.nodes(svg, ".//*[local-name()='g'][@class='mark-at']")
            func expectMark(_ prefix: String, at x: Double, _ y: Double, yDown: Bool) throws {
                let mark = try #require(marks.first { ($0.stringValue ?? "").hasPrefix(prefix) }, "\(prefix) in \(marks.map(\.stringValue))")
                let want = (yDown ? placeDown : placeUp)(x, y)
                #expect(abs(Self.attribute(mark, "data-x") - want.x) <= 0.051 && abs(Self.attribute(mark, "data-y") - want.y) <= 0.051)
            }
            switch fix.reason {
            case .tangentJoin(let element, _, _, _, _, let to, _):
                #expect(element == 4)
                try expectMark("sharp turns at join 4 → 5", at: 820, 200, yDown: true)
                try expectMark("control point moved here", at: to.x, to.y, yDown: true)
            case .balancedJoin(let element, _, let to, _, _, let speed):
                try expectMark("join \(element) → \(element + 1) at", at: to, speed, yDown: false)
            case .offScreenCycle(let seam, let start, _):
                try expectMark("teleport at the restart", at: seam.to.x, seam.to.y, yDown: true)
                let moved = try #require(start)
                #expect(moved.to.x < 0)
                try expectMark("start moved off screen", at: moved.to.x, moved.to.y, yDown: true)
            default:
                Issue.record("unexpected fix \(fix.reason)")
            }
        }
        // The menu: the wave's growth drawn on the offset; the dismiss's settled spring has no picture.
        let page = try Self.page(out.appendingPathComponent("index.html"))
        #expect(Self.nodes(page, "//*[local-name()='figure'][@id='scene-menu-show-fix1.svg']").count == 1)
        let listed = Self.nodes(page, "//*[local-name()='ul'][@class='fixes']/*[local-name()='li']").compactMap(\.stringValue)
        let noPicture: String = "fix: Core Animation removes the UIKit animation at 0.80 s, 1.54 pt short of its target: animate the spring itself "
            + "(mass 1, stiffness 74.56, damping 17.27), which lasts until it settles within 0.50 pt at 0.95 s: no picture (the fix animates "
            + "the same spring without a UIKit duration: what changes is when Core Animation removes it, not a frame drawn before then)"
        #expect(listed == [noPicture], "\(listed)")
    }

    /// The place of the data point (`x`, `y`) in a chart, from the data area and spans it states.
    static func placer(_ svg: XMLElement, yDown: Bool = false) throws -> (Double, Double) -> (x: Double, y: Double) {
        let frame = try #require(nodes(svg, ".//*[local-name()='rect'][contains(@class,'frame')]").first)
        let data = try #require(nodes(svg, ".//*[local-name()='g'][@class='data']").first)
        let xs = (string(data, "data-x-span") ?? "").split(separator: " ").compactMap { Double($0) }
        let ys = (string(data, "data-y-span") ?? "").split(separator: " ").compactMap { Double($0) }
        try #require(xs.count == 2 && ys.count == 2)
        let left = attribute(frame, "x"), top = attribute(frame, "y")
        let width = attribute(frame, "width"), height = attribute(frame, "height")
        return { x, y in
            let fy = (y - ys[0]) / (ys[1] - ys[0])
            return (left + (x - xs[0]) / (xs[1] - xs[0]) * width, top + (yDown ? fy : 1 - fy) * height)
        }
    }

    /// bee1+ linear at 60 Hz: the speed chart's band is the phase sweep's range (Motion's
    /// `phaseSpeedBand`) at every frame, up the high side and back down the low side; the
    /// acceleration chart marks the speed jump at the join 4 → 5 on its spike.
    @Test func speedBandAndAccelerationChart() throws {
        let folder = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent("r")
        let run = try runBench(["report", "bee1+", "--mode", "linear", "--hz", "60", "--out", out.path])
        #expect(run.code == 0, "\(run.stderr)")
        let scene = try Scene.bee(BeeFlight(bee: .one, sign: 1))
        let report = try Validation.validate(scene, mode: .linear, hz: 60)
        let band = try #require(try Validation.phaseSpeedBand(scene, mode: .linear, hz: 60))
        let speed = try Self.xml(out.appendingPathComponent("scene-bee1+-speed.svg"))
        let place = try Self.placer(speed)
        let path = try #require(Self.nodes(speed, ".//*[local-name()='g'][@class='band-range']/*[local-name()='path']").first)
        #expect(Self.string(path, "class") == "band")
        let d = Self.string(path, "d") ?? ""
        // The first run: frames 0 up to the teleport's (left out with its neighbours).
        let teleport = try #require(report.metrics.teleports.first).from.frame
        let firstRun = d.split(separator: "Z").first.map(String.init) ?? ""
        let numbers = firstRun.split(whereSeparator: { "ML ".contains($0) }).compactMap { Double($0) }
        #expect(numbers.count == 4 * (teleport - 1), "\(numbers.count) numbers for \(teleport - 1) frames")
        for k in [0, 40, teleport - 2] {
            let high = place(band.times[k], band.high[k])
            #expect(abs(numbers[2 * k] - high.0) <= 0.051 && abs(numbers[2 * k + 1] - high.1) <= 0.051, "frame \(k) high")
            let back = 2 * (teleport - 1) + 2 * (teleport - 2 - k)
            let low = place(band.times[k], band.low[k])
            #expect(abs(numbers[back] - low.0) <= 0.051 && abs(numbers[back + 1] - low.1) <= 0.051, "frame \(k) low")
        }
        let acceleration = try Self.xml(out.appendingPathComponent("scene-bee1+-acceleration.svg"))
        let at = try Self.placer(acceleration)
        let series = try Validation.series(scene, mode: .linear, hz: 60).acceleration
        let jump = try #require(report.findings.compactMap { finding -> SpeedJump? in
            if case .speedJump(let jump) = finding, abs(jump.at.time - 1.883) < 0.01 { return jump }
            return nil
        }.first)
        let k = [jump.at.frame, jump.at.frame + 1].max { series[$0] < series[$1] }!
        let mark = try #require(Self.nodes(acceleration, ".//*[local-name()='g'][@class='mark-at']").first { ($0.stringValue ?? "").hasPrefix("speed jumps: 2") })
        let want = at(Double(k) / 60, series[k])
        #expect(abs(Self.attribute(mark, "data-x") - want.0) <= 0.051 && abs(Self.attribute(mark, "data-y") - want.1) <= 0.051)
        // The spike is the chart's largest value but the speed jump at 2.83 s's.
        #expect(series[k] > 10 * series[k - 10])
    }

    /// Every rate and mode of a small report is charted, the first under the plain names and
    /// the others named by mode and rate, folded under the scene: each drawn from its own
    /// report (one dot per frame at its rate, in its mode).
    @Test func everyRateAndModeIsCharted() throws {
        let folder = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent("r")
        let run = try runBench(["report", "bee1+", "--hz", "60,120", "--out", out.path])
        #expect(run.code == 0, "\(run.stderr)")
        let files = Set(try FileManager.default.contentsOfDirectory(atPath: out.path))
        let scene = try Scene.bee(BeeFlight(bee: .one, sign: 1))
        for (mode, hz, name) in [(TimingMode.linear, 60.0, ""), (.paced, 60, "-paced-60hz"), (.linear, 120, "-linear-120hz"), (.paced, 120, "-paced-120hz")] {
            for chart in ["path", "speed", "acceleration"] {
                #expect(files.contains("scene-bee1+\(name)-\(chart).svg"), "\(name) \(chart)")
            }
            let svg = try Self.xml(out.appendingPathComponent("scene-bee1+\(name)-path.svg"))
            let title = Self.nodes(svg, "./*[local-name()='title']").first?.stringValue ?? ""
            #expect(title == "bee1+ \(mode.rawValue) @\(Int(hz)) Hz: path, one dot per frame (y down)", "\(title)")
            let frames = try #require(Self.nodes(svg, ".//*[local-name()='g'][@data-series='frames @\(Int(hz)) Hz']").first)
            let report = try Validation.validate(scene, mode: mode, hz: hz)
            #expect(Self.dots(frames).count == report.frames)
        }
        let page = try String(contentsOf: out.appendingPathComponent("index.html"), encoding: .utf8)
        #expect(page.components(separatedBy: "<details class=\"variant\">").count - 1 == 3)
        let meta = Self.nodes(try Self.page(out.appendingPathComponent("index.html")), "//*[local-name()='header']/*[local-name()='p'][@class='meta']")
        let summary: String = "bench report (Flightline \(Bench.version)): 1 scene at 60, 120 Hz (charts at every rate and mode: "
            + "the other rates and modes folded under each scene); default thresholds."
        #expect(meta.compactMap(\.stringValue) == [summary])
    }

    @Test func badInputIsOneLineAndLeavesNothing() throws {
        let folder = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("plain.txt")
        try Data("x".utf8).write(to: file)
        // A regular file, a path through one, a path through a missing folder: `--out` and the
        // place as given.
        for out in [file.path, file.path + "/sub", folder.path + "/missing/sub"] {
            let error = try expectRefused(["report", "bee1+", "--out", out])
            #expect(error?.option == "out" && error?.file == out, "\(String(describing: error))")
        }
        let noOut = try expectRefused(["report", "bee1+"])
        #expect(noOut?.option == "out" && noOut?.file == nil)
        let wrong = folder.appendingPathComponent("wrong.json")
        try Data(#"{"schema": "flightline.validate/1", "scenes": []}"#.utf8).write(to: wrong)
        for document in [wrong.path, folder.path + "/none.json"] {
            let error = try expectRefused(["report", "bee1+", "--run", document, "--out", folder.path + "/r"])
            #expect(error?.option == "run" && error?.file == document, "\(String(describing: error))")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == ["plain.txt", "wrong.json"])
    }

    /// Rewriting an existing folder replaces the report's files and keeps the others.
    @Test func existingFolderKeepsOtherFiles() throws {
        let folder = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("mine".utf8).write(to: folder.appendingPathComponent("notes.txt"))
        try Data("old".utf8).write(to: folder.appendingPathComponent("index.html"))
        let run = try runBench(["report", "menu-show", "--out", folder.path])
        #expect(run.code == 0, "\(run.stderr)")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        #expect(files == ["index.html", "notes.txt", "scene-menu-show-acceleration.svg", "scene-menu-show-fix1.svg", "scene-menu-show-integrators.svg", "scene-menu-show-offset.svg", "scene-menu-show-speed.svg", "work-precision-menu-show.svg"])
        // The integrators chart: a series per integrator, on a log axis.
        let integrators = try Self.xml(folder.appendingPathComponent("scene-menu-show-integrators.svg"))
        #expect(Self.nodes(integrators, ".//*[local-name()='g'][@class='series']").count >= 3)
        #expect(try String(contentsOf: folder.appendingPathComponent("index.html"), encoding: .utf8).hasPrefix("<!DOCTYPE html>"))
    }

    /// `--frames`: the delivery lanes (vsync, callback work, presented, late frames), 60 frames
    /// around the worst hitch, the hitch marked; the platforms' metrics beside them on the page.
    @Test func framesAddDeliveryLanes() throws {
        let folder = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = try runBench(["report", "bee1+", "--mode", "linear", "--frames", "load:stutter", "--seed", "3", "--out", folder.path])
        #expect(run.code == 0, "\(run.stderr)")
        let svg = try Self.xml(folder.appendingPathComponent("scene-bee1+-frames.svg"))
        let lanes = Self.nodes(svg, ".//*[local-name()='text'][contains(@class,'tick y')]").compactMap(\.stringValue)
        #expect(lanes == ["late frames", "presented", "callback work", "vsync"])
        let presented = try #require(Self.nodes(svg, ".//*[local-name()='g'][@data-series='presented']").first)
        #expect(Self.dots(presented).count == 60)
        let late = try #require(Self.nodes(svg, ".//*[local-name()='g'][@data-series='late: target → presented']").first)
        #expect(!Self.nodes(late, "./*[local-name()='path']").isEmpty)
        let marks = Self.nodes(svg, ".//*[local-name()='g'][@class='mark-at']").compactMap(\.stringValue)
        #expect(marks.contains { $0.hasPrefix("worst hitch ") })
        // The platforms' metrics: the delivery table's header row, parsed into its columns.
        let tables = Self.nodes(try Self.page(folder.appendingPathComponent("index.html")), "//*[local-name()='pre']").compactMap(\.stringValue)
        let rows = tables.flatMap { $0.split(separator: "\n") }.map { $0.components(separatedBy: "  ").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty } }
        let headers: [[String]] = [["check", "Apple hitch", "XCTest/Organizer", "JankStats", "Chrome dropped %"], ["check", "Android overrun ms", "on-screen pt", "frame-counted"]]
        #expect(rows.filter { $0.first == "check" } == headers, "\(tables)")
    }

    /// `--run` with `--compare NAME`: the comparison table and chart, a row per benchmark in
    /// both, the first on top; `--compare` without `--run` refused.
    @Test func compareAddsTheBaselineComparison() throws {
        let folder = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = try runBench(["report", "menu-show", "--run", Self.baseline, "--compare", "xeon-2core", "--out", folder.path])
        #expect(run.code == 0, "\(run.stderr)")
        let svg = try Self.xml(folder.appendingPathComponent("comparison.svg"))
        let rows = Self.nodes(svg, ".//*[local-name()='text'][contains(@class,'tick y')]")
        let names = rows.compactMap(\.stringValue)
        #expect(names.count == 25 && names.first == "arclen/cubic")
        // Reversed: the first row is drawn highest.
        #expect(Self.attribute(rows[0], "y") < Self.attribute(rows[1], "y"))
        let headings = Self.nodes(try Self.page(folder.appendingPathComponent("index.html")), "//*[local-name()='h3']").compactMap(\.stringValue)
        #expect(headings == ["Against xeon-2core", "menu-show at 60 Hz"], "\(headings)")
        let alone = try expectRefused(["report", "menu-show", "--compare", "xeon-2core", "--out", folder.path])
        #expect(alone?.option == "compare" && alone?.value == "xeon-2core", "\(String(describing: alone))")
    }

    /// `validate --format markdown --svg-dir DIR`: the charts written to DIR, each linked from
    /// the Markdown as an image; without Markdown the option is refused before any work.
    @Test func validateMarkdownLinksTheCharts() throws {
        let folder = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let charts = folder.appendingPathComponent("charts")
        let run = try runBench(["validate", "bee1+", "--hz", "60", "--mode", "linear", "--format", "markdown", "--json", "-", "--svg-dir", charts.path])
        #expect(run.code == 1, "\(run.stderr)")
        let files = try FileManager.default.contentsOfDirectory(atPath: charts.path).sorted()
        #expect(files == ["scene-bee1+-path.svg", "scene-bee1+-speed.svg", "scene-bee1+-turn.svg"])
        // The Markdown's links, parsed: each chart once, nothing else.
        let links = RunMarkdownChartsTests.imageLinks(run.stdout)
        #expect(links.sorted() == files.map { "\(charts.path)/\($0)" }, "\(links)")
        for file in files { _ = try Self.xml(charts.appendingPathComponent(file)) }
        let withoutMarkdown = try expectRefused(["validate", "bee1+", "--svg-dir", charts.path])
        #expect(withoutMarkdown?.option == "svg-dir" && withoutMarkdown?.value == charts.path, "\(String(describing: withoutMarkdown))")
    }

    /// The 100-layer scene file of `scene/file-100-layers` (generated as the benchmark does):
    /// the whole report folder stays under 10 MB.
    @Test func hundredLayerReportStaysUnderTenMegabytes() throws {
        let folder = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("layers.scene.json")
        try Data(try GeneratedSceneFile(layers: 100).text().utf8).write(to: file)
        let out = folder.appendingPathComponent("r")
        let run = try runBench(["report", file.path, "--out", out.path])
        #expect(run.code == 0, "\(run.stderr)")
        let names = try FileManager.default.contentsOfDirectory(atPath: out.path)
        #expect(names.filter { $0.hasSuffix(".svg") }.count == 200)
        let bytes = try names.reduce(0) { total, name in
            total + ((try FileManager.default.attributesOfItem(atPath: out.appendingPathComponent(name).path)[.size] as? Int) ?? 0)
        }
        #expect(bytes < 10_000_000, "\(bytes) bytes")
    }

    /// Debian's chromium, where scripts/setup.sh installs it.
    static let chromium: String? = ["/usr/bin/chromium", "/usr/bin/chromium-browser"].first { FileManager.default.isExecutableFile(atPath: $0) }

    /// The seed report in a real browser: the DOM it builds holds every chart, a screenshot is
    /// taken, and the console shows no error and no refused fetch (the CSP would log one).
    @Test(.enabled(if: chromium != nil, "chromium is not installed: scripts/setup.sh installs it (apt-get install chromium)"))
    func seedReportRendersInHeadlessChromium() throws {
        let folder = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent("report")
        let run = try runBench(["report", "--run", Self.baseline, "--out", out.path])
        #expect(run.code == 0, "\(run.stderr)")
        let svgs = try FileManager.default.contentsOfDirectory(atPath: out.path).filter { $0.hasSuffix(".svg") }
        let page = out.appendingPathComponent("index.html").absoluteString
        let shot = folder.appendingPathComponent("shot.png")
        let common = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-extensions",
                      "--enable-logging=stderr", "--v=0", "--virtual-time-budget=2000"]
        // One browser run builds the DOM and takes the screenshot. A shared 2-core machine
        // under a parallel test suite can starve a browser until the deadline: one more try
        // then, and only a second timeout is a failure.
        let arguments = common + ["--dump-dom", "--screenshot=\(shot.path)", "--window-size=1200,2400", page]
        var dom = try Self.browse(arguments)
        if dom.timedOut { dom = try Self.browse(arguments) }
        #expect(!dom.timedOut, "chromium did not finish within \(Self.browserDeadline) s, twice")
        #expect(dom.code == 0, "\(dom.stderr)")
        for name in svgs { #expect(dom.stdout.contains("<figure id=\"\(name)\">"), "\(name) is not in the DOM") }
        #expect(dom.stdout.components(separatedBy: "<svg ").count - 1 == svgs.count)
        // Chromium logs every console message, a blocked fetch among them ("Loading the image
        // '…' violates the following Content Security Policy directive …"), as CONSOLE lines.
        #expect(!dom.stderr.contains("Content Security Policy"), "the page tried to fetch: \(dom.stderr)")
        #expect(!dom.stderr.contains("CONSOLE"), "console output: \(dom.stderr)")
        let png = try Data(contentsOf: shot)
        #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]) && png.count > 10_000)
    }

    /// How long one browser run may take: 90 s (it takes 1–3 s on this machine, loaded or not).
    static let browserDeadline = 90.0

    /// Runs chromium with `arguments` and a profile of its own (a second browser on the first
    /// one's profile may hand its page to that one, still shutting down, and wait for it); its
    /// output through files (no pipe can fill).
    static func browse(_ arguments: [String]) throws -> (code: Int32, stdout: String, stderr: String, timedOut: Bool) {
        let folder = try scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let arguments = ["--user-data-dir=\(folder.path)/profile"] + arguments
        let outURL = folder.appendingPathComponent("out"), errURL = folder.appendingPathComponent("err")
        _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try #require(chromium))
        process.arguments = arguments
        process.standardOutput = try FileHandle(forWritingTo: outURL)
        process.standardError = try FileHandle(forWritingTo: errURL)
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let deadline = Date().addingTimeInterval(browserDeadline)
        while process.isRunning, Date() < deadline { Thread.sleep(forTimeInterval: 0.02) }
        let timedOut = process.isRunning
        if timedOut { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
        return (process.terminationStatus, try String(contentsOf: outURL, encoding: .utf8), try String(contentsOf: errURL, encoding: .utf8), timedOut)
    }
}
