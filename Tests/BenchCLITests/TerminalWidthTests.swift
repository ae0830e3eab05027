@testable import BenchCLI
import BenchKit
import Foundation
import Studies
import Testing

/// Output fits the terminal: `COLUMNS`, else the terminal's width, else 80 columns; `--wide`
/// for everything. Tables hide columns (and say so once), prose wraps, plots take the width,
/// JSON is never touched.
@Suite struct TerminalWidthTests {
    /// The main job used to print 217 of its 372 lines wider than 80 columns (up to 400).
    @Test(arguments: [
        ["help"], ["help", "all"], ["help", "validate"], ["help", "integrators"], ["help", "run"], ["help", "plot"],
        ["help", "path"], ["help", "spring"], ["help", "list"], ["list"],
        ["validate", "bee1", "menu-show", "--hz", "60,120"],
        ["validate", "--svg", "M 0 0 C 100 0 100 100 200 100", "--duration", "1", "--hz", "60", "--verbose"],
        ["validate", "--stiffness", "300", "--damping", "3", "--hz", "60"],
        ["integrators", "--duration", "0.5", "--hz", "60"],
        ["spring"], ["spring", "--response", "0.4", "--damping-fraction", "1.5"],
        ["path", "M 0 0 L 3 4 Q 3 8 7 8 A 5 5 0 0 1 20 20", "--samples", "3", "--flatten", "0.1"],
        ["plot", "bee1"], ["plot", "menu-show", "--quantity", "error"], ["plot", "bee2", "--ascii", "--quantity", "speed"],
    ])
    func everyCommandFitsEightyColumns(arguments: [String]) throws {
        for environment in [["COLUMNS": "80"], ["COLUMNS": ""]] {  // "": not a width, so a pipe's 80
            let run = try runBench(arguments, environment: environment, fitsWidth: true)
            #expect(run.code == 0 || run.code == 1, "\(run.stderr)")
            let wide = run.stdout.split(separator: "\n").filter { displayWidth($0) > 80 }
            #expect(wide.isEmpty, "\(arguments) \(environment): \(wide.count) lines wider than 80, e.g. \(wide.first ?? "")")
        }
    }

    @Test func columnsSetsTheWidth() throws {
        let run = try runBench(["validate", "bee1", "--seed", "1", "--hz", "60"], environment: ["COLUMNS": "60"], fitsWidth: true)
        #expect(run.code == 1)
        #expect(run.stdout.split(separator: "\n").allSatisfy { displayWidth($0) <= 60 })
    }

    /// Fitting hides columns and says so once; `--wide` shows every column and wraps nothing.
    @Test func wideDropsNothing() throws {
        let arguments = ["validate", "bee1", "bee2", "--seed", "1", "--hz", "60"]
        let fitted = try runBench(arguments, environment: ["COLUMNS": "80"], fitsWidth: true)
        let wide = try runBench(arguments + ["--wide"], environment: ["COLUMNS": "80"], fitsWidth: true)
        #expect(fitted.stdout.components(separatedBy: "--wide shows them").count == 2, "said exactly once")
        #expect(!wide.stdout.contains("hidden"))
        for header in ["teleports", "max turn", "frame cost", "verdict"] {
            #expect(wide.stdout.contains(header), "\(header)")
        }
        #expect(wide.stdout.split(separator: "\n").contains { displayWidth($0) > 100 })
        #expect(fitted.code == wide.code)
    }

    /// JSON is data: never wrapped, whatever the width.
    @Test(arguments: [["path", "M 0 0 L 3 4 Q 3 8 7 8", "--samples", "40", "--json", "-"],
                      ["spring", "--json", "-"], ["integrators", "--duration", "0.1", "--hz", "60", "--json", "-"]])
    func jsonIsNeverFitted(arguments: [String]) throws {
        let narrow = try runBench(arguments, environment: ["COLUMNS": "40"], fitsWidth: true)
        let wide = try runBench(arguments)
        #expect(narrow.stdout == wide.stdout)
        _ = try jsonObject(narrow.stdout)
    }

    // MARK: Tables

    private func sample() -> Table {
        var table = Table("scene", "rate", "speed profile (min / median / max)", "teleports", "verdict")
        table.add("bee1+", "60 Hz", "81.9 / 491 / 1394 pt/s", "1 (1173 pt)", "janky")
        table.add("menu-show", "120 Hz", "0 / 12 / 900 pt/s", "0", "smooth")
        return table
    }

    @Test func aTableThatFitsIsUnchanged() {
        let unlimited = sample().rendered(width: nil)
        #expect(sample().rendered(width: 200) == unlimited)
        #expect(unlimited.split(separator: "\n")[0] == "scene      rate    speed profile (min / median / max)  teleports    verdict")
    }

    @Test func aNarrowTableKeepsTheFirstAndLastColumnsAndSaysWhatItHid() {
        Layout.$current.withValue(Layout(width: 40)) {
            let text = sample().rendered(width: 40)
            let lines = text.split(separator: "\n")
            // The middle columns go from the right: teleports, then the speed profile.
            #expect(lines[0] == "scene      rate    verdict")
            #expect(lines.last == "(2 columns hidden to fit 40 columns: speed profile (min / median / max), teleports; --wide shows them)")
            // Said once per command.
            #expect(!sample().rendered(width: 40).contains("hidden"))
        }
    }

    @Test func aTableTooNarrowEvenForOneColumnCutsItsCells() {
        var table = Table("a very long first column header")
        table.add("a very long first cell that cannot fit")
        let lines = Layout.$current.withValue(Layout(width: 20)) { table.rendered(indent: "  ", width: 20) }.split(separator: "\n")
        #expect(lines.allSatisfy { displayWidth($0) <= 20 })
        #expect(lines[2].hasSuffix("…"))
    }

    @Test func prioritiesChooseWhatIsHidden() {
        var table = sample()
        table.priorities = [9, 1, 8, 2, 7]
        let header = table.rendered(width: 60).split(separator: "\n")[0]
        #expect(header == "scene      speed profile (min / median / max)  verdict")
    }

    // MARK: Prose

    @Test func proseWrapsAtWordsWithAHangingIndent() {
        let line = "  bee1+ linear @60 Hz: speed jumps 2.05× at the join of elements 4 → 5, t = 1.88 s (586 → 287 pt/s)"
        let lines = wrap(line, width: 40)
        #expect(lines.allSatisfy { displayWidth($0) <= 40 })
        #expect(lines[0] == "  bee1+ linear @60 Hz: speed jumps 2.05×")
        #expect(lines.dropFirst().allSatisfy { $0.hasPrefix("    ") && !$0.hasPrefix("     ") })
        #expect(lines.joined(separator: " ").split(separator: " ") == line.split(separator: " "))
    }

    @Test func anOptionsDescriptionWrapsUnderItself() {
        let lines = wrap("  --max-speed-jump RATIO     largest consecutive frame-speed ratio at a break (> 1) (default 1.25)", width: 60)
        #expect(lines.count == 3)
        #expect(lines.allSatisfy { displayWidth($0) <= 60 })
        for line in lines.dropFirst() {
            #expect(line.hasPrefix(String(repeating: " ", count: 29)) && !line.hasPrefix(String(repeating: " ", count: 30)))
        }
    }

    @Test func aWordLongerThanTheLineStaysWhole() {
        let word = String(repeating: "x", count: 50)
        let lines = wrap("see \(word) here", width: 30)
        #expect(lines == ["see", "  \(word)", "  here"])
    }

    @Test func plotsAndJSONAreNotWrapped() {
        let layout = Layout(width: 20)
        let plot = "  1000 ┤⣤⣀⡀⣀⢀⡀⣀⣠⡤⣄⣀⡀⣀⢀⣀⣀⢤⣤⣀⢀⡀⣀⢀⣀⣤⢤⣀⣀⣀⣀⡀⣀⣠⡄⣀"
        #expect(layout.fitted(plot) == plot)
        let json = "{\n  \"schema\" : \"flightline.path/1\", \"a long key that goes on\" : 1\n}"
        #expect(layout.fitted(json) == json)
    }

    // MARK: The main job's parts

    /// Part 1 and part 2 print through the same console; part 3's table is fitted like any.
    @Test func mainJobPartsFitEightyColumns() throws {
        try Layout.$current.withValue(Layout(width: 80)) {
            let arguments = try Arguments([], options: validateCommand.options, command: "validate")
            let request = try ValidateRequest(arguments, judgesFrameCost: false)
            let results = try request.run()
            let part1 = smoothnessReport(
                results, request: request, fixes: SceneReport.fixes(results, thresholds: request.thresholds), plotWidth: 78,
                usesColor: false)
            let comparison = try IntegratorComparison.run(
                springs: [try ComparedSpring.menuShow()], configuration: .init(rates: [60]))
            let part2 = comparison.rendered(plotWidth: 80, plotHeight: 18, usesColor: false)
            let part3 = renderRun(Self.syntheticRun())
            // Part 3's point is the race: at 80 columns its table keeps the median and the speedup.
            let header = try #require(part3.split(separator: "\n").first)
            for column in ["benchmark", "median", "speedup", "max error"] { #expect(header.contains(column), "\(column)") }
            for (name, part) in [("1", part1), ("2", part2), ("3", part3)] {
                let lines = Layout.current.fitted(part).split(separator: "\n")
                let wide = lines.filter { displayWidth($0) > 80 }
                #expect(wide.isEmpty, "part \(name): \(wide.count) lines wider than 80, e.g. \(wide.first ?? "")")
            }
        }
    }

    static func syntheticRun() -> RunOutcome {
        let names = ["arclen/quadratic", "spring/rk4-step-serial", "swarm/paced-bees-hinted", "swarm/paced-bees"]
        let results = names.map { name in
            BenchmarkResult(
                name: name, unit: .nanoseconds(per: "step"), higherIsBetter: false, median: 16.04, minimum: 15.9, p90: 16.3, mad: 0.12,
                ci95: ConfidenceInterval(lower: 15.98, upper: 16.11), sampleCount: 30, iterations: 65536,
                workUnitsPerIteration: 1, outliers: 0, noisy: false, reference: "\(name)/gsl-rk4", referenceMedian: 112.9,
                speedup: 7.04, maxError: 2.8e-14)
        }
        return RunOutcome(
            results: results, failures: [],
            timer: TimerCharacteristics(resolutionNanoseconds: 1, overheadNanoseconds: 20, smallestStepNanoseconds: 10),
            options: .quick)
    }
}
