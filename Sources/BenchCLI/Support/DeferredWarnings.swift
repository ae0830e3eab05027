import Foundation

/// Warnings a reader gives while a command runs (a scene file's deprecated keys), printed on
/// stderr once the command has finished without an error: bad usage stays one stderr line, and
/// a run that succeeds still says what it read that will not be read next release.
final class DeferredWarnings: @unchecked Sendable {
    private let lock = NSLock()
    private var lines: [String] = []

    /// The running command's collector (set by `Bench.dispatch`); `nil` outside a command.
    @TaskLocal static var current: DeferredWarnings?

    func append(_ line: String) { lock.withLock { lines.append(line) } }

    /// Every warning, in the order given, each once.
    var all: [String] {
        lock.withLock {
            var seen = Set<String>()
            return lines.filter { seen.insert($0).inserted }
        }
    }
}
