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
        let bee = try runBench(["plot", "bee1+", "--width", "80", "--height", "20"])
        #expect(bee.stdout.contains("path, one dot per frame"))
        #expect(bee.stdout.contains("teleport"))  // the seam restart is marked
        let menu = try runBench(["plot", "menu-show", "--width", "80", "--height", "20"])
        #expect(menu.stdout.contains("wave offset"))
        #expect(menu.stdout.contains("stop (offset == 0)"))
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
        #expect(refused.stderr.contains("NO_COLOR"))
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
        (["plot", "bee1", "--quantity", "speeds"], "--quantity expects one of"),
        (["plot", "menu", "--quantity", "error"], "at most 1 scene"),
        (["plot", "menu-show", "--mode", "paced"], "--mode applies to path scenes"),
        (["plot"], "needs a SCENE"),
        (["plot", "nope"], "unknown scene 'nope'"),
        (["plot", "bee1", "--width", "0"], "--width must be"),
        (["plot", "bee1", "--width", "-5"], "--width must be"),
        (["plot", "bee1", "--height", "99999"], "--height must be"),
        (["plot", "bee1", "--color", "sometimes"], "--color must be"),
        (["plot", "bee1", "--hz", "60,120"], "--hz takes one rate"),
        (["plot", "bee1", "--hz", "0"], "--hz must be at least 1"),
        (["plot", "bee1", "--hz", "1e-300"], "--hz must be at least 1"),
    ])
    func badInputExitsTwoWithOneLine(arguments: [String], message: String) throws {
        expectUsageError(try runBench(arguments), mentioning: message)
    }
}
