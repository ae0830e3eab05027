/// What the caller knows about where the output goes. The plotter reads no environment
/// itself: the command line fills this in (`getenv`, `isatty(1)`, `ioctl(TIOCGWINSZ)`).
public struct TerminalEnvironment: Sendable, Equatable {
    /// `$COLUMNS`, `nil` when unset.
    public var columns: String?
    /// `$LINES`, `nil` when unset.
    public var lines: String?
    /// `$NO_COLOR`, `nil` when unset.
    public var noColor: String?
    /// `$TERM`, `nil` when unset.
    public var term: String?
    /// Whether standard output is a terminal.
    public var isTerminal: Bool
    /// The terminal's size as the tty reports it, when standard output is one.
    public var terminalColumns: Int?
    public var terminalRows: Int?

    public init(
        columns: String? = nil, lines: String? = nil, noColor: String? = nil, term: String? = nil,
        isTerminal: Bool = false, terminalColumns: Int? = nil, terminalRows: Int? = nil
    ) {
        self.columns = columns
        self.lines = lines
        self.noColor = noColor
        self.term = term
        self.isTerminal = isTerminal
        self.terminalColumns = terminalColumns
        self.terminalRows = terminalRows
    }
}

/// The `--color` choices.
public enum ColorMode: String, Sendable, CaseIterable {
    case auto, always, never
}

/// The size and colour a plot should use, from the flags and the terminal.
public struct OutputPolicy: Sendable, Equatable {
    public var width: Int
    public var height: Int
    public var usesColor: Bool
    /// One-line notes for standard error when a terminal-derived value was adjusted (for
    /// example a `COLUMNS` beyond ``Plot/widthLimits`` capped); empty when nothing was.
    public var notes: [String]

    public init(width: Int, height: Int, usesColor: Bool, notes: [String] = []) {
        self.width = width
        self.height = height
        self.usesColor = usesColor
        self.notes = notes
    }

    /// Used when neither a flag nor the terminal gives a size.
    public static let fallbackWidth = 80
    public static let fallbackHeight = 24

    /// Resolves the flags against the environment.
    ///
    /// - Size: the flag; else `COLUMNS`/`LINES`; else the tty's size when standard output is a
    ///   terminal; else 80 × 24 (the order of Python's `shutil.get_terminal_size`). A height
    ///   taken from the terminal leaves one row for the shell prompt, so the title does not
    ///   scroll away. Terminal values outside ``Plot/widthLimits`` or ``Plot/heightLimits``
    ///   are clamped with a note; unparsable ones are skipped.
    /// - Colour: `always` and `never` are obeyed; `auto` (the default) colours only when
    ///   standard output is a terminal, `NO_COLOR` is unset or empty and `TERM` is not `dumb`.
    ///   `NO_COLOR` wins even over `--color always`: Flightline's contract (docs/design.md §2) is colour
    ///   "never with `NO_COLOR`", stricter than no-color.org, so a CI log that sets it never
    ///   receives escape codes; the override is reported in `notes`.
    /// - Throws: ``PlotError/invalidOption(name:value:expected:)`` for a flag value that is
    ///   not a whole number inside the limits, or a colour mode other than auto|always|never.
    public static func resolve(
        width widthFlag: String?, height heightFlag: String?, color colorFlag: String?,
        environment: TerminalEnvironment
    ) throws(PlotError) -> OutputPolicy {
        var notes: [String] = []
        let width = try dimension(
            flag: widthFlag, flagName: "--width", variable: environment.columns, variableName: "COLUMNS",
            terminal: environment.isTerminal ? environment.terminalColumns : nil, promptRows: 0,
            limits: Plot.widthLimits, unit: "columns", fallback: fallbackWidth, notes: &notes)
        let height = try dimension(
            flag: heightFlag, flagName: "--height", variable: environment.lines, variableName: "LINES",
            terminal: environment.isTerminal ? environment.terminalRows : nil, promptRows: 1,
            limits: Plot.heightLimits, unit: "rows", fallback: fallbackHeight, notes: &notes)
        let mode: ColorMode
        if let colorFlag {
            guard let parsed = ColorMode(rawValue: colorFlag) else {
                throw .invalidOption(name: "--color", value: colorFlag, expected: "auto, always or never")
            }
            mode = parsed
        } else {
            mode = .auto
        }
        let usesColor: Bool
        switch mode {
        case .always:
            usesColor = (environment.noColor ?? "").isEmpty
            if !usesColor { notes.append("NO_COLOR is set: --color always ignored, colour off") }
        case .never: usesColor = false
        case .auto:
            usesColor = environment.isTerminal && (environment.noColor ?? "").isEmpty && environment.term != "dumb"
        }
        return OutputPolicy(width: width, height: height, usesColor: usesColor, notes: notes)
    }

    private static func dimension(
        flag: String?, flagName: String, variable: String?, variableName: String, terminal: Int?,
        promptRows: Int, limits: ClosedRange<Int>, unit: String, fallback: Int, notes: inout [String]
    ) throws(PlotError) -> Int {
        if let flag {
            guard let value = Int(flag), limits.contains(value) else {
                throw .invalidOption(
                    name: flagName, value: flag,
                    expected: "a whole number of \(unit) from \(limits.lowerBound) to \(limits.upperBound)")
            }
            return value
        }
        var source: (value: Int, name: String)?
        if let variable, let value = Int(variable), value > 0 {
            source = (value, "\(variableName)=\(variable)")
        } else if let terminal, terminal > 0 {
            source = (terminal, "the terminal's \(terminal) \(unit)")
        }
        guard let source else { return fallback }
        let wanted = source.value - promptRows
        let clamped = min(max(wanted, limits.lowerBound), limits.upperBound)
        if clamped != wanted {
            notes.append("\(source.name) is outside \(limits.lowerBound)...\(limits.upperBound) \(unit): using \(clamped)")
        }
        return clamped
    }
}
