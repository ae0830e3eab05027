import BenchKit
import Foundation

/// A JSON document with keys in the order they were written, so that every document Flightline
/// prints is byte-for-byte reproducible and starts with its `schema`.
indirect enum JSON: Sendable, Equatable {
    case object([(String, JSON)])
    case array([JSON])
    case string(String)
    case number(Double)
    case integer(Int)
    case bool(Bool)
    case null

    static func == (a: JSON, b: JSON) -> Bool { a.rendered() == b.rendered() }

    /// A number, or `null` where it is not finite (JSON has no NaN or infinity).
    static func finite(_ value: Double?) -> JSON {
        guard let value, value.isFinite else { return .null }
        return .number(value)
    }

    /// Pretty-printed with two-space indentation and a final newline.
    func rendered() -> String {
        var out = ""
        write(into: &out, indent: 0)
        out.append("\n")
        return out
    }

    private func write(into out: inout String, indent: Int) {
        switch self {
        case .object(let members):
            guard !members.isEmpty else { out.append("{}"); return }
            out.append("{\n")
            for (index, (key, value)) in members.enumerated() {
                out.append(String(repeating: "  ", count: indent + 1))
                JSON.string(key).write(into: &out, indent: 0)
                out.append(": ")
                value.write(into: &out, indent: indent + 1)
                out.append(index == members.count - 1 ? "\n" : ",\n")
            }
            out.append(String(repeating: "  ", count: indent))
            out.append("}")
        case .array(let items):
            guard !items.isEmpty else { out.append("[]"); return }
            // Arrays of scalars stay on one line; arrays of objects get one element per line.
            let scalars = items.allSatisfy { if case .object = $0 { false } else if case .array = $0 { false } else { true } }
            if scalars {
                out.append("[")
                for (index, item) in items.enumerated() {
                    if index > 0 { out.append(", ") }
                    item.write(into: &out, indent: indent)
                }
                out.append("]")
                return
            }
            out.append("[\n")
            for (index, item) in items.enumerated() {
                out.append(String(repeating: "  ", count: indent + 1))
                item.write(into: &out, indent: indent + 1)
                out.append(index == items.count - 1 ? "\n" : ",\n")
            }
            out.append(String(repeating: "  ", count: indent))
            out.append("]")
        case .string(let text):
            out.append("\"")
            for scalar in text.unicodeScalars {
                switch scalar {
                case "\"": out.append("\\\"")
                case "\\": out.append("\\\\")
                case "\n": out.append("\\n")
                case "\r": out.append("\\r")
                case "\t": out.append("\\t")
                case _ where scalar.value < 0x20:
                    out.append("\\u" + String(repeating: "0", count: 4 - String(scalar.value, radix: 16).count) + String(scalar.value, radix: 16))
                default: out.unicodeScalars.append(scalar)
                }
            }
            out.append("\"")
        case .number(let value):
            if !value.isFinite { out.append("null") }
            else if value == value.rounded(), abs(value) < 1e15 { out.append(String(Int64(value))) }
            else { out.append("\(value)") }
        case .integer(let value): out.append(String(value))
        case .bool(let value): out.append(value ? "true" : "false")
        case .null: out.append("null")
        }
    }
}

/// Writes a JSON document to `destination` (every command's `--json`): `-` for stdout,
/// otherwise by ``writeDocument(_:to:console:)``'s rules.
func writeJSON(_ document: JSON, to destination: String, console: Console) throws {
    try writeDocument(Data(document.rendered().utf8), to: destination, console: console)
}

/// Writes a finished document where the user asked: `-` is stdout, byte for byte; a regular file is replaced
/// atomically (a temporary file in its folder renamed into place, with the original's
/// permissions), so a failure never leaves half a file; a symbolic link is written through;
/// a device or FIFO (`/dev/null`) is written directly, never replaced. A folder, an empty path
/// or a missing parent folder is a usage error naming the path and the reason.
func writeDocument(_ data: Data, to destination: String, console: Console, named what: String = "the JSON") throws {
    if destination == "-" {
        // Verbatim, never fitted to the terminal: a wrapped Markdown row or XML line is a
        // different document. (JSON, which starts with `{` or `[`, was never wrapped.)
        try? FileHandle.standardOutput.write(contentsOf: data)
        return
    }
    do {
        try OutputFile.write(data, toPath: destination)
    } catch let error as BenchKitError {
        throw documentError(error, what)
    }
}

/// `cannot write WHAT to PATH: REASON` (WHAT: `the JSON`, `the JUnit XML`, …), one line.
private func documentError(_ error: BenchKitError, _ what: String) -> CLIError {
    if case .writeFailed(let path, let reason) = error {
        return CLIError(.usage, path == "''" ? "cannot write \(what): \(reason)" : "cannot write \(what) to \(path): \(reason)", file: path)
    }
    return CLIError(.usage, "cannot write \(what): \(error)")
}

/// Refuses, before any work, a `--json` destination that ``writeDocument(_:to:console:)``
/// would refuse (empty path, a folder, a missing parent folder, an unwritable place).
func checkDocumentDestination(_ destination: String, named what: String = "the JSON") throws {
    guard destination != "-" else { return }
    do {
        try OutputFile.check(destination)
    } catch let error as BenchKitError {
        throw documentError(error, what)
    }
}
