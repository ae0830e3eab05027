import Testing
@testable import TerminalPlot

@Suite struct OutputPolicyTests {
    static let tty = TerminalEnvironment(isTerminal: true, terminalColumns: 132, terminalRows: 43)
    static let pipe = TerminalEnvironment(isTerminal: false)

    @Test func flagsWinOverEverything() throws {
        var environment = Self.tty
        environment.columns = "200"
        let policy = try OutputPolicy.resolve(width: "70", height: "20", color: nil, environment: environment)
        #expect(policy == OutputPolicy(width: 70, height: 20, usesColor: true))
    }

    @Test func sizeFromColumnsThenTtyThenFallback() throws {
        var environment = Self.tty
        environment.columns = "100"
        environment.lines = "30"
        #expect(try OutputPolicy.resolve(width: nil, height: nil, color: nil, environment: environment).width == 100)
        // One row is left for the prompt.
        #expect(try OutputPolicy.resolve(width: nil, height: nil, color: nil, environment: environment).height == 29)
        let fromTty = try OutputPolicy.resolve(width: nil, height: nil, color: nil, environment: Self.tty)
        #expect((fromTty.width, fromTty.height) == (132, 42))
        // A pipe has no terminal size: the tty numbers are ignored.
        var piped = Self.tty
        piped.isTerminal = false
        let fallback = try OutputPolicy.resolve(width: nil, height: nil, color: nil, environment: piped)
        #expect((fallback.width, fallback.height) == (80, 24))
        // Garbage in COLUMNS is skipped.
        environment.columns = "wide"
        #expect(try OutputPolicy.resolve(width: nil, height: nil, color: nil, environment: environment).width == 132)
    }

    @Test func absurdTerminalSizesAreCappedWithANote() throws {
        let environment = TerminalEnvironment(columns: "100000", lines: "3", isTerminal: true)
        let policy = try OutputPolicy.resolve(width: nil, height: nil, color: nil, environment: environment)
        #expect(policy.width == Plot.widthLimits.upperBound && policy.height == Plot.heightLimits.lowerBound)
        #expect(policy.notes.count == 2)
        #expect(policy.notes[0] == "COLUMNS=100000 is outside 20...1000 columns: using 1000")
    }

    @Test(arguments: [
        ("--width", "0"), ("--width", "-3"), ("--width", "5000"), ("--width", "eighty"), ("--height", "2"),
        ("--height", "1e9"), ("--color", "sometimes"),
    ])
    func badFlagsAreRefused(flag: String, value: String) {
        do {
            _ = try OutputPolicy.resolve(
                width: flag == "--width" ? value : nil, height: flag == "--height" ? value : nil,
                color: flag == "--color" ? value : nil, environment: Self.tty)
            Issue.record("accepted \(flag) \(value)")
        } catch {
            #expect(error.description.hasPrefix("\(flag) must be"))
            #expect(error.description.hasSuffix("got '\(value)'"))
        }
    }

    @Test(arguments: [
        // (mode, isTerminal, NO_COLOR, TERM, colour?)
        (nil, true, nil, "xterm", true), (nil, false, nil, "xterm", false), (nil, true, "1", "xterm", false),
        (nil, true, "", "xterm", true), (nil, true, nil, "dumb", false), ("auto", false, nil, nil, false),
        ("never", true, nil, "xterm", false), ("always", false, nil, nil, true), ("always", true, "1", nil, false),
    ] as [(String?, Bool, String?, String?, Bool)])
    func colourPolicy(mode: String?, isTerminal: Bool, noColor: String?, term: String?, expected: Bool) throws {
        let environment = TerminalEnvironment(noColor: noColor, term: term, isTerminal: isTerminal)
        #expect(try OutputPolicy.resolve(width: nil, height: nil, color: mode, environment: environment).usesColor == expected)
    }
}

/// Each failure of a plotter in common use today, as a regression test (issue 6).
@Suite struct KnownPlotterFailuresTests {
    static let two = [
        Series("alpha", x: [0, 1, 2, 3], y: [0, 1, 2, 3], style: .lineAndPoints),
        Series("beta", x: [0, 1, 2, 3], y: [0, 1, 2, 3], style: .lineAndPoints),
    ]

    @Test func legendIsNotDrawnOverTheData() throws {
        for placement in [Plot.LegendPlacement.below, .right] {
            let plot = Plot(width: 40, height: 12, legendPlacement: placement, series: Self.two)
            let area = dataArea(try plot.render(), plot: plot).map { $0.prefix(40 - 6 - 14) }
            #expect(!area.contains { $0.contains("alpha") || $0.contains("beta") })
        }
    }

    @Test func noColourIntoPipesOrWithNoColor() throws {
        for environment in [
            TerminalEnvironment(isTerminal: false), TerminalEnvironment(noColor: "1", isTerminal: true),
        ] {
            let policy = try OutputPolicy.resolve(width: nil, height: nil, color: nil, environment: environment)
            let plot = Plot(width: policy.width, height: policy.height, usesColor: policy.usesColor, series: Self.two)
            #expect(!(try plot.render()).contains("\u{1B}"))
        }
    }

    @Test(arguments: [Plot.Canvas.braille, .ascii])
    func seriesDifferWithoutColour(canvas: Plot.Canvas) throws {
        let text = try Plot(width: 40, height: 12, canvas: canvas, series: Self.two).render()
        let legend = lines(text).last!
        let samples = legend.split(separator: " ").filter { !["alpha", "beta", "#", "several", "series"].contains($0) }
        #expect(Set(samples).count == 2, "\(legend)")
    }

    @Test(arguments: [Plot.Canvas.braille, .ascii])
    func bothSeriesSurviveInSharedCells(canvas: Plot.Canvas) throws {
        // Identical data: every marker cell is shared; the mixed glyph and its key show.
        let text = try Plot(width: 40, height: 12, canvas: canvas, series: Self.two).render()
        // The legend: each series' look, then the mixed glyph's key.
        #expect(lines(text).last == (canvas == .braille ? "⠒•⠒ alpha   ⠒o⠒ beta   # several series" : "*o* alpha   +x+ beta   # several series"), "\(text)")
    }

    @Test func outputDoesNotStartWithAFormFeed() throws {
        let text = try Plot(width: 40, height: 12, series: Self.two).render()
        #expect(!text.contains("\u{0C}") && text.first != "\n")
    }

    @Test func nanDoesNotCrash() throws {
        let plot = Plot(width: 40, height: 12, series: [Series("nan", x: [0, .nan, 2], y: [.nan, 1, .infinity])])
        #expect(try plot.render().contains("nan"))
    }
}
