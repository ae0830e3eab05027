#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where `bench` prints, and what it knows about the terminal it prints to.
///
/// Output goes straight to the file descriptors with `write(2)`: no shared C `FILE` state, and each
/// call writes whole lines, so a crash can never leave a half-printed line buffered.
struct Console: Sendable {
    /// The process environment (passed in so tests and the colour policy read the same values).
    let environment: [String: String]
    let stdoutIsTerminal: Bool
    let stderrIsTerminal: Bool

    static func current(environment: [String: String]) -> Console {
        Console(environment: environment, stdoutIsTerminal: isatty(STDOUT_FILENO) == 1, stderrIsTerminal: isatty(STDERR_FILENO) == 1)
    }

    /// Prints `text` on stdout, its prose lines wrapped to the running command's width
    /// (``Layout/fitted(_:)``; JSON and plots are printed as they are).
    func out(_ text: String, terminator: String = "\n") { writeAll(STDOUT_FILENO, Layout.current.fitted(text) + terminator) }
    func err(_ text: String, terminator: String = "\n") { writeAll(STDERR_FILENO, text + terminator) }

    /// A transient progress line on stderr, only when stderr is a terminal.
    func progress(_ text: String) {
        guard stderrIsTerminal else { return }
        writeAll(STDERR_FILENO, "\r\u{1B}[2K" + text)
    }

    func clearProgress() {
        guard stderrIsTerminal else { return }
        writeAll(STDERR_FILENO, "\r\u{1B}[2K")
    }

    private func writeAll(_ descriptor: Int32, _ text: String) {
        var text = text
        text.withUTF8 { bytes in
            var offset = 0
            while offset < bytes.count {
                let written = write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return  // A closed pipe: nothing sensible left to do with the output.
                }
                offset += written
            }
        }
    }
}
