import Foundation

/// Turns central records into the project's files one by one: decides per entry whether it
/// is listed, skipped with a reason, or to be read, and keeps the archive-wide totals; then
/// ``readEntries(concurrency:)`` inflates the entries to be read, on several threads.
struct ZipProjectReading {
    let file: PositionedFile
    let limits: ArchiveLimits
    private(set) var files: [ProjectFile] = []
    private(set) var totalEntries = 0
    private(set) var totalBytes: Int64 = 0
    private(set) var inflatedBytes: Int64 = 0
    private var collisions = MacPathCollisions()
    /// Entries accepted for reading, each with the slot its file holds in `files`.
    private var toRead: [EntryToRead] = []

    private struct EntryToRead: Sendable {
        var slot: Int
        var record: ZipCentralRecord
        var path: String
        var kind: FileEntry.Kind
        var dataOffset: UInt64
    }

    init(file: PositionedFile, limits: ArchiveLimits) {
        self.file = file
        self.limits = limits
    }

    /// Adds one entry, which must end before `boundary` (named by `boundaryName`).
    mutating func add(_ record: ZipCentralRecord, boundary: UInt64, boundaryName: @autoclosure () -> String) throws {
        if record.isDirectory { return }
        totalEntries += 1
        let (sum, overflow) = totalBytes.addingReportingOverflow(Int64(clamping: record.uncompressedSize))
        totalBytes = overflow ? .max : sum
        let path: String
        switch ZipEntryName.validate(record, limits: limits) {
        case .failure(let cause): return skip(record, path: record.displayName, cause)
        case .success(let valid): path = valid
        }
        switch record.unixFileType {
        case 0o120000: return skip(record, path: path, .symbolicLink)
        case 0o020000: return skip(record, path: path, .specialFile("character device"))
        case 0o060000: return skip(record, path: path, .specialFile("block device"))
        case 0o010000: return skip(record, path: path, .specialFile("FIFO"))
        case 0o140000: return skip(record, path: path, .specialFile("socket"))
        default: break
        }
        guard let kind = ProjectInput.neededKind(ofPath: path) else { return }
        if let first = collisions.claim(path) { return skip(record, path: path, .nameCollision(first: first)) }
        if let cause = refusal(of: record) { return skip(record, path: path, cause) }
        let size = Int64(record.uncompressedSize)
        if size > limits.maxTotalInflatedBytes - inflatedBytes {
            throw ArchiveError.totalSizeExceeded(entry: path, limit: limits.maxTotalInflatedBytes)
        }
        let dataOffset: UInt64
        switch try ZipLocalHeader.dataOffset(of: record, in: file, boundary: boundary, boundaryName: boundaryName()) {
        case .failure(let cause): return skip(record, path: path, cause)
        case .success(let offset): dataOffset = offset
        }
        inflatedBytes += size  // the declared size: an entry never inflates to more
        toRead.append(EntryToRead(slot: files.count, record: record, path: path, kind: kind, dataOffset: dataOffset))
        files.append(ProjectFile(path: path, kind: kind, contents: nil))
    }

    /// Inflates the entries ``add(_:boundary:boundaryName:)`` accepted on the threads of
    /// `team` (each thread with an inflater of its own), into their slots; an entry that
    /// fails is skipped with its cause, and the first I/O failure in archive order is thrown.
    mutating func readEntries(team: ThreadTeam) throws {
        let (file, inflaters) = (file, ZipInflaterPool())
        let results = ConcurrentMap.map(toRead, team: team, largestFirst: { Int(clamping: $0.record.uncompressedSize) }) { entry in
            Result { try inflaters.withInflater { try $0.read(entry.record, dataOffset: entry.dataOffset, from: file) } }
        }
        for (entry, result) in zip(toRead, results) {
            switch try result.get() {
            case .failure(let cause): files[entry.slot] = skipped(entry.record, path: entry.path, cause)
            case .success(let data): files[entry.slot] = ProjectFile(path: entry.path, kind: entry.kind, contents: data)
            }
        }
        toRead = []
    }

    /// Why a needed entry is not read at all, judged from its central record.
    private func refusal(of record: ZipCentralRecord) -> ArchiveEntryError.Cause? {
        if record.isEncrypted { return .encrypted }
        if record.method != 0 && record.method != 8 { return .unsupportedMethod(record.method) }
        if record.uncompressedSize > UInt64(limits.maxEntryBytes) {
            return .tooLarge(size: record.uncompressedSize, limit: limits.maxEntryBytes)
        }
        if record.uncompressedSize > 0 {
            let ratio = Double(record.uncompressedSize) / Double(record.compressedSize)
            if ratio > limits.maxCompressionRatio { return .compressionRatio(ratio: ratio, limit: limits.maxCompressionRatio) }
        }
        return nil
    }

    private mutating func skip(_ record: ZipCentralRecord, path: String, _ cause: ArchiveEntryError.Cause) {
        files.append(skipped(record, path: path, cause))
    }

    private func skipped(_ record: ZipCentralRecord, path: String, _ cause: ArchiveEntryError.Cause) -> ProjectFile {
        let problem = ArchiveEntryError(entry: record.displayName, cause: cause)
        return ProjectFile(path: path, kind: ProjectFile.kind(ofPath: path), contents: nil,
                           status: problem.status, reason: problem.reason)
    }
}

/// Inflaters for concurrent entry reads: a thread takes an idle one (or makes one) and
/// gives it back, so each keeps its zlib state and input buffer across entries.
private final class ZipInflaterPool: @unchecked Sendable {
    private let lock = NSLock()
    private var idle: [ZipEntryInflater] = []

    func withInflater<Result>(_ body: (ZipEntryInflater) throws -> Result) throws -> Result {
        lock.lock()
        let inflater = idle.popLast() ?? ZipEntryInflater()
        lock.unlock()
        defer {
            lock.lock()
            idle.append(inflater)
            lock.unlock()
        }
        return try body(inflater)
    }
}
