import BenchKit
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The most path data read from a file or standard input: far beyond any real path, and it
/// keeps `@/dev/zero` from exhausting memory.
let maximumPathDataBytes = 64 << 20

/// Path data as given on the command line: the text itself, `-` for standard input or `@FILE`
/// for a file's contents — the only ways past the system's 128 KiB limit on one argument.
///
/// `what` names the argument in messages (`path data`, `--svg`). Every failure is one line: the
/// file does not exist, is a directory, cannot be read, is not UTF-8, is empty (or only
/// whitespace) or is larger than 64 MiB. A UTF-8 byte-order mark is dropped.
func readPathData(_ value: String, for what: String) throws -> String {
    let source: String
    let bytes: [UInt8]
    if value == "-" {
        source = "\(what) from standard input"
        bytes = try readAll(STDIN_FILENO, source: source)
    } else if value.hasPrefix("@") {
        let name = String(value.dropFirst())
        guard !name.isEmpty else {
            throw CLIError.usage("\(what) '@' needs a file name after the '@' (@FILE), or '-' for standard input")
        }
        source = "\(what) file \(quoted(name))"
        let descriptor = open(name, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw CLIError.usage("\(source): \(reason(errno))") }
        defer { close(descriptor) }
        var status = stat()
        if fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFDIR {
            throw CLIError.usage("\(source) is a directory, not a file")
        }
        bytes = try readAll(descriptor, source: source)
    } else {
        return value
    }
    guard var text = String(validating: bytes, as: UTF8.self) else {
        throw CLIError.usage("\(source) is not UTF-8 text")
    }
    if text.hasPrefix("\u{FEFF}") { text.removeFirst() }
    guard !text.allSatisfy(\.isWhitespace) else {
        throw CLIError.usage("\(source) is empty: expected SVG path data such as 'M 0 0 L 3 4'")
    }
    return text
}

private func readAll(_ descriptor: Int32, source: String) throws -> [UInt8] {
    do {
        return try InputFile.readAll(descriptor, limit: maximumPathDataBytes)
    } catch {
        switch error {
        case .system(let code): throw CLIError.usage("\(source): \(reason(code))")
        case .tooLarge: throw CLIError.usage("\(source) is larger than \(maximumPathDataBytes >> 20) MiB")
        }
    }
}

private func reason(_ code: Int32) -> String {
    switch code {
    case ENOENT: "no such file"
    case EACCES, EPERM: "not readable (permission denied)"
    case EISDIR: "is a directory, not a file"
    case ENOTDIR: "no such file (a part of the path is not a directory)"
    default: String(cString: strerror(code))
    }
}
