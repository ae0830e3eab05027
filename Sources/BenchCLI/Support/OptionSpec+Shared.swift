import TerminalPlot

/// Options several commands take, declared once so each is spelled and described alike in
/// every command's help (HelpPagesTests checks the rest).
extension OptionSpec {
    /// `--json FILE`: what it writes and its schema. `-` writes the document to stdout in place
    /// of the text report; where `--format` applies (`formats`), it chooses another document.
    static func json(_ schema: String, _ what: String = "the results", formats: Bool = false) -> OptionSpec {
        .option("json", "FILE", "write \(what) as JSON (\(schema))\(formats ? " or the --format document" : ""); '-' for stdout, in place of the text")
    }

    /// `--width W` of a plot.
    static let plotWidth = OptionSpec.whole(
        "width", "W", "plot columns (default: COLUMNS, else the terminal, else 80)",
        in: Plot.widthLimits)

    /// `--height H` of a plot, with the command's default.
    static func plotHeight(default text: String) -> OptionSpec {
        .whole("height", "H", "plot rows (default \(text))", in: Plot.heightLimits)
    }

    /// `--trace FILE`: a recording in place of scenes (`validate`, `plot`).
    static let trace = OptionSpec.option(
        "trace", "FILE", "a recorded trace (CSV t,x,y[,present,target] or Chrome Trace Event JSON) in place of scenes")

    static let ascii = OptionSpec.flag("ascii", "plain ASCII plots instead of braille")
    /// `--hz R,…` of the scene commands (validate, report, plot): rates 1…1000 frames per
    /// second, at most ``SceneSelection/maximumRates`` unless `count` says otherwise,
    /// duplicates dropped (``SceneSelection/rates(_:defaults:)``).
    static func sceneRates(_ value: String, _ help: String, count: ListLength = SceneSelection.rateCount) -> OptionSpec {
        .numbers("hz", value, help, in: NumberRange(atLeast: SceneSelection.minimumRate, atMost: ValidateRequest.maximumRate), count: count)
    }

    /// `--hz R,…` of the platform models (fling, drag): whole rates 1…1000.
    static let wholeRates = OptionSpec.wholes("hz", "R,…", "frame rates, whole numbers, comma-separated (default 60,120)", in: 1...1000)

    static let color = OptionSpec.choice("color", "WHEN", ["auto", "always", "never"], "auto (default: only on a terminal without NO_COLOR), always, never")
}
