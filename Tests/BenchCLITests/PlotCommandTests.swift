import Testing

/// `bench plot` end to end: sizes, colour policy, quantities per scene kind, bad input.
@Suite struct PlotCommandTests {
    static func visibleWidth(_ line: Substring) -> Int {
        line.replacingOccurrences(of: "\u{1B}\\[[0-9;]*m", with: "", options: .regularExpression).count
    }

    @Test(arguments: [
        (["plot", "bee1", "--width", "80", "--height", "20"], 80, 20),
        (["plot", "bee2-", "--quantity", "speed", "--width", "40", "--height", "12"], 40, 12),
        (["plot", "bee", "--quantity", "y", "--width", "123", "--height", "30", "--ascii"], 123, 30),
        (["plot", "menu-show", "--width", "60", "--height", "15"], 60, 15),
        (["plot", "menu-dismiss", "--quantity", "error", "--width", "72", "--height", "24"], 72, 24),
        (["plot", "--svg", "M0 0 C50 -80 150 80 200 0", "--duration", "1", "--quantity", "x", "--width", "20", "--height", "10", "--mode", "paced"], 20, 10),
    ])
    func neverExceedsTheSizeAsked(arguments: [String], width: Int, height: Int) throws {
        let run = try runBench(arguments)
        #expect(run.code == 0, "\(run.stderr)")
        let lines = run.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        #expect(!lines.isEmpty)
        #expect(lines.count <= height)
        #expect(lines.map(Self.visibleWidth).max()! <= width)
    }

    @Test func defaultQuantityFollowsTheScene() throws {
        // The quantity chosen and the marks, as data.
        let bee = try jsonObject(try runBench(["plot", "bee1+", "--json", "-"]).stdout)
        #expect(bee["quantity"] as? String == "path")
        // The seam restart is marked where validate's teleport starts, at the same rate and mode.
        let validated = try validateFindings(try runBench(["validate", "bee1+", "--hz", "\(bee["hz"] as? Double ?? 0)", "--mode", bee["mode"] as? String ?? "", "--json", "-"]).stdout)
        let teleport = try #require(validated.first { $0["kind"] as? String == "teleport" }?["from"] as? [String: Any])
        let beeMarks = try #require(bee["marks"] as? [[String: Any]])
        #expect(beeMarks.contains { $0["x"] as? Double == teleport["x"] as? Double && $0["y"] as? Double == teleport["y"] as? Double }, "\(beeMarks) \(teleport)")
        let menu = try jsonObject(try runBench(["plot", "menu-show", "--json", "-"]).stdout)
        #expect(menu["quantity"] as? String == "offset")
        // The display link's stop (offset == 0) is marked on the point where the offset is 0.
        let stop = try #require((menu["marks"] as? [[String: Any]])?.first)
        let offsets = try #require((menu["series"] as? [[String: Any]])?.first?["points"] as? [[Double]])
        #expect(stop["y"] as? Double == 0 && offsets.contains { $0 == [stop["x"] as? Double ?? .nan, 0] }, "\(stop)")
        for plot in [["bee1+"], ["menu-show"]] { #expect(try runBench(["plot"] + plot + ["--width", "80", "--height", "20"]).code == 0) }
    }

    /// Issue 10: a move shorter than a frame, a kicked spring and an aliased one plot without
    /// a trap, and the move is marked as the teleport it is.
    @Test(arguments: [
        ["plot", "--svg", "M 0 0 L 400 0", "--duration", "0.01", "--quantity", "path"],
        ["plot", "--svg", "M 0 0 L 400 0", "--duration", "1e-9", "--quantity", "speed"],
        ["plot", "--response", "0.35", "--damping-fraction", "0.8", "--to", "300", "--velocity", "3000"],
        ["plot", "--stiffness", "1e5", "--damping", "10", "--quantity", "error"],
    ])
    func extremeUserScenesPlot(arguments: [String]) throws {
        let run = try runBench(arguments + ["--width", "60", "--height", "15"])
        #expect(run.code == 0, "\(run.stderr)")
        #expect(!run.stdout.isEmpty)
    }

    @Test func noEscapeCodesWhenNotATerminal() throws {
        let run = try runBench(["plot", "bee1", "--width", "80", "--height", "20"])
        #expect(run.code == 0)
        #expect(!run.stdout.contains("\u{1B}"))
    }

    @Test func colorAlwaysColoursButNeverWithNoColor() throws {
        let forced = try runBench(["plot", "bee1", "--color", "always", "--width", "80", "--height", "20"])
        #expect(forced.stdout.contains("\u{1B}["))
        let refused = try runBench(["plot", "bee1", "--color", "always", "--width", "80", "--height", "20"], environment: ["NO_COLOR": "1"])
        #expect(refused.code == 0)
        #expect(!refused.stdout.contains("\u{1B}"))
        #expect(refused.stderr == "bench: NO_COLOR is set: --color always ignored, colour off\n", "\(refused.stderr)")
    }

    @Test func asciiHasNoBraille() throws {
        let run = try runBench(["plot", "bee1", "--ascii", "--width", "80", "--height", "20"])
        #expect(run.code == 0)
        #expect(!run.stdout.unicodeScalars.contains { (0x2800...0x28FF).contains($0.value) })
    }

    @Test func sizeFromColumnsWhenNoFlag() throws {
        let run = try runBench(["plot", "bee1"], environment: ["COLUMNS": "50", "LINES": "16"])
        #expect(run.code == 0)
        #expect(run.stdout.split(separator: "\n").map(Self.visibleWidth).max()! <= 50)
    }

    @Test(arguments: [
        (["plot", "bee1", "--quantity", "offset"], "does not apply to bee1"),
        (["plot", "bee1", "--quantity", "error"], "does not apply to bee1"),
        (["plot", "menu-show", "--quantity", "path"], "does not apply to menu-show"),
        (["plot", "menu", "--quantity", "error"], "at most 1 scene"),
        (["plot", "menu-show", "--mode", "paced"], "--mode applies to path scenes"),
        (["plot"], "needs a SCENE"),
        (["plot", "bee1", "--hz", "60,120"], "--hz takes one rate"),
        // Issue 10: the same scene rules as validate.
        (["plot", "bee1", "--duration", "1"], "--duration 1 does not apply to bee1"),
        (["plot", "--svg", "M 0 1e17 l 100 0", "--duration", "1"], "within ±1e+07 pt"),
        (["plot", "--stiffness", "100", "--damping", "10", "--to", "1e300"], "within ±1e+07 pt"),
    ])
    func badInputExitsTwoWithOneLine(arguments: [String], message: String) throws {
        expectUsageError(try runBench(arguments), mentioning: message)
    }

    /// Refused as data: the option the error names, the value as typed (or the unknown option
    /// or argument) and, for a value outside a fixed list, that list.
    @Test(arguments: [
        (["plot", "bee1", "--quantity", "speeds"], "quantity", "speeds", ["path", "x", "y", "speed", "offset", "error", "rotation", "opacity", "scale"]),
        (["plot", "nope"], nil, "nope", nil),
        (["plot", "bee1", "--width", "0"], "width", "0", nil),
        (["plot", "bee1", "--width", "-5"], "width", "-5", nil),
        (["plot", "bee1", "--height", "99999"], "height", "99999", nil),
        (["plot", "bee1", "--color", "sometimes"], "color", "sometimes", ["auto", "always", "never"]),
        (["plot", "bee1", "--hz", "0"], "hz", "0", nil),
        (["plot", "bee1", "--hz", "1e-300"], "hz", "1e-300", nil),
    ] as [([String], String?, String?, [String]?)])
    func badPlotOptionsAreRefusedNamingTheOptionAndValue(arguments: [String], option: String?, value: String?, expected: [String]?) throws {
        try expectRefusedNaming(arguments, option: option, value: value, expected: expected)
    }
}
