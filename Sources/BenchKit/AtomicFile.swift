import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Whole-file writes that never leave a half-written file behind.
public enum AtomicFile {
    /// Writes `data` to a temporary file next to `url`, flushes it to disk, and renames it over
    /// `url` (`rename(2)` is atomic within one file system, so readers see the old file or the
    /// new one, never a mix). Creates missing parent directories. The temporary file is
    /// removed on any failure.
    public static func write(_ data: Data, to url: URL) throws {
        let path = url.path
        let directory = url.deletingLastPathComponent()
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        } catch {
            throw BenchKitError.writeFailed(path: path, reason: "cannot create directory \(directory.path): \(errorText(error))")
        }
        let temporary = directory.appendingPathComponent(".\(url.lastPathComponent).tmp-\(getpid())-\(UInt32.random(in: .min ... .max))").path

        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            throw BenchKitError.writeFailed(path: path, reason: String(cString: strerror(errno)))
        }
        var failure: String?
        data.withUnsafeBytes { bytes in
            var offset = 0
            while offset < bytes.count {
                let written = Glibc.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    failure = String(cString: strerror(errno))
                    return
                }
                offset += written
            }
        }
        if failure == nil, fsync(descriptor) != 0 { failure = String(cString: strerror(errno)) }
        if close(descriptor) != 0, failure == nil { failure = String(cString: strerror(errno)) }
        if failure == nil, rename(temporary, path) != 0 { failure = String(cString: strerror(errno)) }
        if let failure {
            unlink(temporary)
            throw BenchKitError.writeFailed(path: path, reason: failure)
        }
        // Make the rename itself durable: a power loss right after it must not bring back the old
        // file. Best effort — some file systems refuse fsync on a directory, and the write has
        // already succeeded atomically.
        let directoryDescriptor = open(directory.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if directoryDescriptor >= 0 {
            _ = fsync(directoryDescriptor)
            close(directoryDescriptor)
        }
    }

    private static func errorText(_ error: any Error) -> String {
        (error as NSError).localizedDescription
    }
}
