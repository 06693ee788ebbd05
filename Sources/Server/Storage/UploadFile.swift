import Analysis
import Foundation
import Glibc

/// One upload being written: counts and hashes what it writes.
final class UploadFile {
    let path: String
    private var descriptor: Int32
    private let digest = SHA256Digest()
    private(set) var byteCount: Int64 = 0
    /// The first bytes, to recognise a zip without reading the file back.
    private(set) var leadingBytes: [UInt8] = []

    /// A new file named at random in `folder`.
    convenience init(in folder: URL) throws {
        try self.init(path: folder.appendingPathComponent(UUID().uuidString.lowercased() + ".part").path)
    }

    init(path: String) throws {
        self.path = path
        descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw ServerError.system("open \(path)", errno) }
    }

    deinit {
        if descriptor >= 0 { close(descriptor) }
    }

    func write(_ bytes: ArraySlice<UInt8>) throws {
        if leadingBytes.count < 4 { leadingBytes += bytes.prefix(4 - leadingBytes.count) }
        digest.update(bytes)
        try bytes.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                guard let base = raw.baseAddress else { return }
                let written = Glibc.write(descriptor, base + offset, raw.count - offset)
                if written < 0 && errno == EINTR { continue }
                guard written > 0 else { throw ServerError.system("write \(path)", errno) }
                offset += written
            }
        }
        byteCount += Int64(bytes.count)
    }

    /// The SHA-256 of everything written.
    func sha256() -> String { digest.finalize() }

    func sync() throws {
        guard fsync(descriptor) == 0 else { throw ServerError.system("fsync \(path)", errno) }
        close(descriptor)
        descriptor = -1
    }

    /// Removes the unfinished file.
    func discard() {
        if descriptor >= 0 { close(descriptor) }
        descriptor = -1
        unlink(path)
    }
}
