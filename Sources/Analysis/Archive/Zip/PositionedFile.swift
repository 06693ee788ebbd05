import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A read-only file read at explicit offsets (`pread`), so an archive of any size is read
/// piece by piece and never loaded whole. Immutable, and `pread` keeps no file position:
/// several threads may read entries at once.
final class PositionedFile: Sendable {
    let path: String
    let size: UInt64
    private let descriptor: Int32

    /// Opens without blocking (a FIFO would wait for a writer forever) and accepts only a
    /// regular file: a FIFO, device or socket has no size or offsets to read at.
    init(path: String) throws {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else {
            throw ProjectInputError.unreadable(path: path, reason: String(cString: strerror(errno)))
        }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            let reason = String(cString: strerror(errno))
            close(descriptor)
            throw ProjectInputError.unreadable(path: path, reason: reason)
        }
        guard status.st_mode & S_IFMT == S_IFREG else {
            close(descriptor)
            throw ProjectInputError.unreadable(path: path, reason: "not a regular file (a FIFO, device or socket)")
        }
        self.path = path
        self.descriptor = descriptor
        self.size = UInt64(status.st_size)
    }

    deinit {
        close(descriptor)
    }

    /// Fills `buffer` from `offset`; a short count means the end of the file came first.
    func read(into buffer: UnsafeMutableRawBufferPointer, at offset: UInt64) throws -> Int {
        guard off_t(exactly: offset) != nil else { return 0 }
        var done = 0
        while done < buffer.count {
            guard let base = buffer.baseAddress else { return 0 }
            let result = pread(descriptor, base + done, buffer.count - done, off_t(offset) + off_t(done))
            if result < 0 {
                if errno == EINTR { continue }
                throw ProjectInputError.unreadable(path: path, reason: String(cString: strerror(errno)))
            }
            if result == 0 { break }
            done += result
        }
        return done
    }

    /// Exactly `count` bytes at `offset`, or `ArchiveError.truncated` naming `what` (an
    /// autoclosure: formatting an entry name for every read of a well-formed archive cost more
    /// than reading its headers).
    func bytes(at offset: UInt64, count: Int, what: @autoclosure () -> String) throws -> [UInt8] {
        guard offset <= size, UInt64(count) <= size - offset else {
            throw ArchiveError.truncated(detail: "\(what()) at offset \(offset) ends past the end of the file (\(size) bytes)")
        }
        var bytes = [UInt8](repeating: 0, count: count)
        let read = try bytes.withUnsafeMutableBytes { try self.read(into: $0, at: offset) }
        guard read == count else {
            throw ArchiveError.truncated(detail: "\(what()) at offset \(offset) ends past the end of the file")
        }
        return bytes
    }
}
