import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Writes a whole document to a path the way a user means it, without ever changing what kind
/// of file the path is.
///
/// - A regular file (or a new one) is written atomically: a temporary file in the same folder,
///   flushed, given the original's permissions, then renamed over it (`rename(2)` is atomic
///   within a file system, so a reader sees the old file or the new one, never a mix). A file
///   this process may not write is refused, as the shell's `>` would.
/// - A symbolic link is followed (through every hop, also a dangling one) and its target is
///   written as above: the link stays a link.
/// - A character device (`/dev/null`, a terminal) and a FIFO are written directly, never
///   replaced; a FIFO nobody reads is an error, not a hang.
/// - This process's own standard output or error (`/dev/stdout`, or a path that is the same
///   file) is written through that descriptor, after what was already printed.
/// - A folder, a block device, a socket, an empty path and a missing parent folder are errors.
///
/// Every error is ``BenchKitError/writeFailed(path:reason:)`` naming the path as given and the
/// reason in plain words.
///
///     try OutputFile.write(Data("{}\n".utf8), toPath: "run.json")
public enum OutputFile {
    /// Writes `data` to `path` (see the type's rules).
    ///
    /// - Parameter createDirectories: create a missing parent folder (for a store that owns its
    ///   folder) instead of failing.
    public static func write(_ data: Data, toPath path: String, createDirectories: Bool = false) throws {
        switch try destination(of: path, createDirectories: createDirectories) {
        case .descriptor(let descriptor):
            // A reader that closed the pipe early (`| head`) wanted no more: not an error, as
            // for everything else printed to standard output.
            if let reason = writeAll(data, to: descriptor), reason != plainReason(EPIPE) {
                throw BenchKitError.writeFailed(path: path, reason: reason)
            }
        case .stream(let target):
            try writeStream(data, to: target, path: path)
        case .regular(let target, let mode, let owner):
            try replaceAtomically(data, at: target, mode: mode, owner: owner, path: path)
        }
    }

    /// Checks, before any work is done, that ``write(_:toPath:createDirectories:)`` can
    /// succeed: the same refusals, without writing anything (a FIFO is not opened, so nothing
    /// reading it is disturbed).
    public static func check(_ path: String, createDirectories: Bool = false) throws {
        if case .regular(let target, _, _) = try destination(of: path, createDirectories: createDirectories, dryRun: true) {
            let folder = directoryName(of: target)
            if FileManager.default.fileExists(atPath: folder), access(folder, W_OK) != 0 {
                throw BenchKitError.writeFailed(path: path, reason: "cannot create files in the folder \(folder): \(plainReason(errno))")
            }
        }
    }

    /// Where the bytes go.
    enum Destination: Equatable {
        /// One of this process's open descriptors (its stdout or stderr).
        case descriptor(Int32)
        /// A device or FIFO, opened and written as it is.
        case stream(String)
        /// A regular file, existing (with its permission bits and owner) or new (`nil`).
        case regular(String, mode: mode_t?, owner: (uid: uid_t, gid: gid_t)?)

        static func == (a: Destination, b: Destination) -> Bool {
            switch (a, b) {
            case (.descriptor(let x), .descriptor(let y)): x == y
            case (.stream(let x), .stream(let y)): x == y
            case (.regular(let x, let m, _), .regular(let y, let n, _)): x == y && m == n
            default: false
            }
        }
    }

    static func destination(of path: String, createDirectories: Bool, dryRun: Bool = false) throws -> Destination {
        func fail(_ reason: String) -> BenchKitError { .writeFailed(path: path, reason: reason) }
        guard !path.isEmpty else {
            throw BenchKitError.writeFailed(path: "''", reason: "the path is empty (expected a file path, or '-' for standard output)")
        }
        guard !path.utf8.contains(0) else { throw fail("the path contains a NUL character") }

        var info = stat()
        if stat(path, &info) == 0 {
            let kind = info.st_mode & S_IFMT
            for descriptor in [STDOUT_FILENO, STDERR_FILENO] {
                var open = stat()
                if fstat(descriptor, &open) == 0, open.st_dev == info.st_dev, open.st_ino == info.st_ino, kind != S_IFDIR {
                    return .descriptor(descriptor)
                }
            }
            switch kind {
            case S_IFDIR: throw fail("it is a folder (expected a file path)")
            case S_IFBLK: throw fail("it is a block device (a disk); refusing to write over it")
            case S_IFSOCK: throw fail("it is a socket, not a file")
            case S_IFCHR, S_IFIFO: return .stream(path)
            case S_IFREG:
                guard access(path, W_OK) == 0 else { throw fail("the file is not writable (\(plainReason(errno)))") }
                guard let resolved = realpath(path, nil) else { throw fail(plainReason(errno)) }
                defer { free(resolved) }
                return .regular(String(cString: resolved), mode: info.st_mode & 0o7777, owner: (info.st_uid, info.st_gid))
            default: throw fail("it is not a regular file, device or FIFO")
            }
        }
        let statError = errno
        guard statError == ENOENT else { throw fail(plainReason(statError)) }

        // Nothing there yet: a new file, perhaps at the end of a dangling symbolic link.
        var target = path
        for _ in 0..<40 {
            var link = stat()
            guard lstat(target, &link) == 0, link.st_mode & S_IFMT == S_IFLNK else { break }
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let count = readlink(target, &buffer, Int(PATH_MAX))
            guard count > 0 else { throw fail(plainReason(errno)) }
            let next = String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            target = next.hasPrefix("/") ? next : directoryName(of: target) + "/" + next
        }
        let folder = directoryName(of: target)
        var folderInfo = stat()
        if stat(folder, &folderInfo) != 0 {
            let folderError = errno
            guard folderError == ENOENT else { throw fail("the folder \(folder): \(plainReason(folderError))") }
            guard createDirectories else { throw fail("the folder \(folder) does not exist") }
            if !dryRun, let code = makeFolders(folder) {
                throw fail("cannot create the folder \(folder): \(plainReason(code))")
            }
        } else if folderInfo.st_mode & S_IFMT != S_IFDIR {
            throw fail("\(folder) is not a folder")
        }
        return .regular(target, mode: nil, owner: nil)
    }

    /// Opens a device or FIFO without creating or truncating it. A FIFO is opened without
    /// blocking, so one that nobody reads fails at once instead of hanging.
    private static func writeStream(_ data: Data, to target: String, path: String) throws {
        let descriptor = open(target, O_WRONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY)
        guard descriptor >= 0 else {
            let code = errno
            throw BenchKitError.writeFailed(path: path, reason: code == ENXIO ? "it is a FIFO that no process is reading" : plainReason(code))
        }
        defer { close(descriptor) }
        let flags = fcntl(descriptor, F_GETFL)
        if flags >= 0 { _ = fcntl(descriptor, F_SETFL, flags & ~O_NONBLOCK) }
        if let reason = writeAll(data, to: descriptor) { throw BenchKitError.writeFailed(path: path, reason: reason) }
    }

    private static func replaceAtomically(_ data: Data, at target: String, mode: mode_t?, owner: (uid: uid_t, gid: gid_t)?, path: String) throws {
        func fail(_ reason: String) -> BenchKitError { .writeFailed(path: path, reason: reason) }
        let folder = directoryName(of: target)
        let name = target.split(separator: "/").last.map(String.init) ?? target
        // Short enough for NAME_MAX whatever the target's name.
        let temporary = folder + "/.\(name.prefix(64)).tmp-\(getpid())-\(String(UInt32.random(in: .min ... .max), radix: 16))"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
        guard descriptor >= 0 else {
            throw fail("cannot create a file in the folder \(folder): \(plainReason(errno))")
        }
        var failure = writeAll(data, to: descriptor)
        if failure == nil, let mode {
            // Keep the original's permissions (and, when allowed, its owner): replacing a file
            // must not widen or narrow who can read it.
            if fchmod(descriptor, mode) != 0 { failure = plainReason(errno) }
            if let owner, owner.uid != geteuid() || owner.gid != getegid() { _ = fchown(descriptor, owner.uid, owner.gid) }
        }
        if failure == nil, fsync(descriptor) != 0 { failure = plainReason(errno) }
        if close(descriptor) != 0, failure == nil { failure = plainReason(errno) }
        if failure == nil, rename(temporary, target) != 0 { failure = plainReason(errno) }
        if let failure {
            unlink(temporary)
            throw fail(failure)
        }
        // Make the rename itself durable; best effort (some file systems refuse fsync on a
        // folder, and the write already succeeded atomically).
        let folderDescriptor = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if folderDescriptor >= 0 {
            _ = fsync(folderDescriptor)
            close(folderDescriptor)
        }
    }

    /// `nil` on success, else the reason.
    static func writeAll(_ data: Data, to descriptor: Int32) -> String? {
        data.withUnsafeBytes { bytes -> String? in
            guard let base = bytes.baseAddress else { return nil }
            var offset = 0
            while offset < bytes.count {
                let written = Glibc.write(descriptor, base + offset, bytes.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return plainReason(errno)
                }
                offset += written
            }
            return nil
        }
    }

    /// The folder part of a path (`.` for a bare name).
    static func directoryName(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        let folder = path[..<slash]
        return folder.isEmpty ? "/" : String(folder)
    }

    /// `mkdir -p`: `nil` on success, else the `errno` of the step that failed.
    static func makeFolders(_ path: String) -> Int32? {
        var prefix = path.hasPrefix("/") ? "/" : ""
        for component in path.split(separator: "/") {
            prefix += (prefix.isEmpty || prefix.hasSuffix("/") ? "" : "/") + component
            if mkdir(prefix, 0o777) != 0 {
                let code = errno
                var info = stat()
                guard code == EEXIST, stat(prefix, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else {
                    return code == EEXIST ? ENOTDIR : code
                }
            }
        }
        return nil
    }
}

/// Reads a whole file, with errors that name the path and the reason in plain words.
public enum InputFile {
    /// Files larger than this are refused (no document Flightline reads comes close).
    public static let maximumBytes = 256 << 20

    /// The file's bytes.
    ///
    /// - Throws: ``BenchKitError/readFailed(path:reason:)``.
    public static func read(_ path: String) throws -> Data {
        func fail(_ reason: String) -> BenchKitError { .readFailed(path: path, reason: reason) }
        guard !path.isEmpty else { throw BenchKitError.readFailed(path: "''", reason: "the path is empty") }
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { throw fail(plainReason(errno)) }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw fail(plainReason(errno)) }
        switch info.st_mode & S_IFMT {
        case S_IFDIR: throw fail("it is a folder, not a file")
        case S_IFREG: break
        default: throw fail("it is not a regular file")
        }
        do {
            return Data(try readAll(descriptor, limit: maximumBytes))
        } catch {
            switch error {
            case .system(let code): throw fail(plainReason(code))
            case .tooLarge: throw fail("it is larger than \(maximumBytes >> 20) MB")
            }
        }
    }

    /// Why ``readAll(_:limit:)`` stopped before the end of the input.
    public enum ReadFailure: Error, Equatable {
        /// `read(2)` failed with this `errno`.
        case system(Int32)
        /// More than `limit` bytes.
        case tooLarge
    }

    /// Every byte from `descriptor` to its end (a file, standard input, a pipe), retrying reads
    /// that a signal interrupted; callers word the failure for their own messages.
    ///
    /// - Throws: ``ReadFailure/tooLarge`` past `limit` bytes, ``ReadFailure/system(_:)`` when a
    ///   read fails.
    /// - Complexity: O(bytes read).
    public static func readAll(_ descriptor: Int32, limit: Int) throws(ReadFailure) -> [UInt8] {
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw .system(errno)
            }
            if count == 0 { return bytes }
            bytes += buffer[..<count]
            guard bytes.count <= limit else { throw .tooLarge }
        }
    }
}

/// An `errno` in plain words (`permission denied`), for messages that end up on one line.
func plainReason(_ code: Int32) -> String {
    switch code {
    case EACCES, EPERM: return "permission denied"
    case ENOENT: return "no such file or folder"
    case ENOTDIR: return "a part of the path is not a folder"
    case EISDIR: return "it is a folder"
    case ENOSPC: return "no space left on the device"
    case EDQUOT: return "disk quota exceeded"
    case EROFS: return "the file system is read-only"
    case ENAMETOOLONG: return "the name is too long"
    case ELOOP: return "too many symbolic links"
    case EXDEV: return "the temporary file and the target are on different file systems"
    case ETXTBSY: return "the file is a running program"
    default:
        let text = String(cString: strerror(code))
        return text.prefix(1).lowercased() + text.dropFirst()
    }
}
