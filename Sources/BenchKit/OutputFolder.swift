import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Writes a set of files into a folder so that no half of it is ever left: every file is
/// first written into a new staging folder beside the target (`.NAME.partial-PID-XXXXXX`, same
/// file system), then
///
/// - a target that does not exist yet becomes the staging folder by one `rename(2)`;
/// - into an existing folder each file is renamed over its old version one by one, the
///   `lastName` file (a report's `index.html`) last, so the page never names a file that is
///   not there yet. Other files in the folder are left alone.
///
/// On any failure the staging folder is removed and the target is as it was. Errors are
/// ``BenchKitError/writeFailed(path:reason:)`` naming the path as given.
///
///     try OutputFolder.write([("index.html", page), ("plot.svg", svg)], toPath: "report", lastName: "index.html")
public enum OutputFolder {
    /// Checks, before any work, that ``write(_:toPath:lastName:)`` can succeed: the path is not
    /// empty, is a folder or does not exist yet, and its parent folder exists and is writable.
    public static func check(_ path: String) throws {
        _ = try target(path)
    }

    /// Whether `path` exists (as a folder), and the folder that will hold the staging folder.
    static func target(_ path: String) throws -> (exists: Bool, parent: String) {
        func fail(_ reason: String) -> BenchKitError { .writeFailed(path: path, reason: reason) }
        guard !path.isEmpty else { throw BenchKitError.writeFailed(path: "''", reason: "the path is empty (expected a folder)") }
        guard !path.utf8.contains(0) else { throw fail("the path contains a NUL character") }
        var trimmed = path
        while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed.removeLast() }
        let parent = OutputFile.directoryName(of: trimmed)
        var info = stat()
        if stat(trimmed, &info) == 0 {
            guard info.st_mode & S_IFMT == S_IFDIR else {
                throw fail(info.st_mode & S_IFMT == S_IFREG ? "it is a regular file (expected a folder)" : "it is not a folder")
            }
            guard access(trimmed, W_OK) == 0 else { throw fail("the folder is not writable (\(plainReason(errno)))") }
            return (true, parent)
        }
        let code = errno
        guard code == ENOENT else { throw fail(plainReason(code)) }
        var parentInfo = stat()
        guard stat(parent, &parentInfo) == 0 else { throw fail("the folder \(parent): \(plainReason(errno))") }
        guard parentInfo.st_mode & S_IFMT == S_IFDIR else { throw fail("\(parent) is not a folder") }
        guard access(parent, W_OK) == 0 else { throw fail("cannot create a folder in \(parent): \(plainReason(errno))") }
        return (false, parent)
    }

    /// Writes `files` (plain names, no `/`) into the folder `path` (see the type's rules).
    public static func write(_ files: [(name: String, data: Data)], toPath path: String, lastName: String? = nil) throws {
        func fail(_ reason: String) -> BenchKitError { .writeFailed(path: path, reason: reason) }
        for file in files where file.name.isEmpty || file.name.contains("/") || file.name == "." || file.name == ".." {
            throw fail("\(file.name) is not a plain file name")
        }
        let (exists, parent) = try target(path)
        var trimmed = path
        while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed.removeLast() }
        let base = trimmed.split(separator: "/").last.map(String.init) ?? "report"
        var template = Array((parent + "/.\(base.prefix(64)).partial-\(getpid())-XXXXXX").utf8CString)
        guard let made = mkdtemp(&template) else { throw fail("cannot create a folder in \(parent): \(plainReason(errno))") }
        let staging = String(cString: made)
        func removeStaging() {
            for file in files { unlink(staging + "/" + file.name) }
            rmdir(staging)
        }
        for file in files {
            do {
                try OutputFile.write(file.data, toPath: staging + "/" + file.name)
            } catch {
                removeStaging()
                throw fail("\(file.name): \(error)")
            }
        }
        if !exists {
            guard rename(staging, trimmed) == 0 else {
                let reason = plainReason(errno)
                removeStaging()
                throw fail(reason)
            }
            return
        }
        let ordered = files.filter { $0.name != lastName } + files.filter { $0.name == lastName }
        for file in ordered where rename(staging + "/" + file.name, trimmed + "/" + file.name) != 0 {
            let reason = plainReason(errno)
            removeStaging()
            throw fail("\(file.name): \(reason)")
        }
        rmdir(staging)
    }
}
