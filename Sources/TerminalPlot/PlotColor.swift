/// The colours a series can take: the eight-colour ANSI set, which every colour terminal
/// supports and whose exact shade the user's theme chooses.
public enum PlotColor: Sendable, Equatable, CaseIterable {
    case blue, red, green, yellow, magenta, cyan

    /// The SGR foreground parameter (ECMA-48 §8.3.117: 30–37).
    @usableFromInline var sgr: UInt8 {
        switch self {
        case .red: 31
        case .green: 32
        case .yellow: 33
        case .blue: 34
        case .magenta: 35
        case .cyan: 36
        }
    }
}
