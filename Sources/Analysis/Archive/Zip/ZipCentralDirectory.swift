/// Reads every central directory record in order, streaming the directory through a
/// bounded buffer, and checks that it agrees with the end record.
enum ZipCentralDirectory {
    static let bufferSize = 1 << 20

    static func read(from file: PositionedFile, end: ZipEndRecord, limits: ArchiveLimits) throws -> [ZipCentralRecord] {
        if end.entryCount > UInt64(limits.maxEntries) {
            throw ArchiveError.tooManyEntries(count: end.entryCount, limit: limits.maxEntries)
        }
        guard let directoryEnd = end.directoryOffset.adding(end.directorySize), directoryEnd <= file.size else {
            throw ArchiveError.truncated(
                detail: "the central directory (offset \(end.directoryOffset), \(end.directorySize) bytes) ends past the end of the file (\(file.size) bytes)")
        }
        guard directoryEnd <= end.recordsStart else {
            throw ArchiveError.corruptCentralDirectory(detail: "the central directory runs into the end record")
        }
        guard end.entryCount <= end.directorySize / UInt64(ZipCentralRecord.fixedSize) else {
            throw ArchiveError.corruptCentralDirectory(
                detail: "the end record counts \(end.entryCount) entries but the directory has \(end.directorySize) bytes")
        }
        var reader = DirectoryReader(file: file, position: end.directoryOffset, end: directoryEnd)
        var records: [ZipCentralRecord] = []
        records.reserveCapacity(Int(end.entryCount))
        for index in 0..<end.entryCount {
            let fixed = try reader.take(ZipCentralRecord.fixedSize, entry: index)
            guard fixed.uint32(at: 0) == ZipCentralRecord.signature else {
                throw ArchiveError.corruptCentralDirectory(
                    detail: "entry #\(index) at offset \(reader.position - UInt64(ZipCentralRecord.fixedSize)) has no central header signature")
            }
            let variable = Int(fixed.uint16(at: 28)) + Int(fixed.uint16(at: 30)) + Int(fixed.uint16(at: 32))
            let rest = try reader.take(variable, entry: index)
            records.append(try ZipCentralRecord(bytes: fixed + rest, index: index, maxNameLength: limits.maxPathLength))
        }
        guard reader.position == directoryEnd else {
            throw ArchiveError.corruptCentralDirectory(
                detail: "\(directoryEnd - reader.position) bytes follow the \(end.entryCount) entries the end record counts")
        }
        return records
    }

    /// Sequential reads of `[position, end)` through one reused buffer.
    private struct DirectoryReader {
        let file: PositionedFile
        var position: UInt64
        let end: UInt64
        /// No larger than the directory: a small archive's directory is read into a buffer
        /// its own size, not into (and after zero-filling) a whole megabyte.
        private var buffer: [UInt8]
        private var bufferStart: UInt64
        private var bufferCount = 0

        init(file: PositionedFile, position: UInt64, end: UInt64) {
            self.file = file
            self.position = position
            self.end = end
            bufferStart = position
            buffer = [UInt8](repeating: 0, count: Int(min(UInt64(ZipCentralDirectory.bufferSize), end - position)))
        }

        mutating func take(_ count: Int, entry index: UInt64) throws -> [UInt8] {
            guard UInt64(count) <= end - position else {
                throw ArchiveError.corruptCentralDirectory(
                    detail: "entry #\(index) runs past the end of the central directory (the end record's count or size is wrong)")
            }
            if position + UInt64(count) > bufferStart + UInt64(bufferCount) {
                let length = Int(min(UInt64(max(count, buffer.count)), end - position))
                if buffer.count < length { buffer = [UInt8](repeating: 0, count: length) }
                let read = try buffer.withUnsafeMutableBytes { try file.read(into: UnsafeMutableRawBufferPointer(rebasing: $0[0..<length]), at: position) }
                guard read == length else {
                    throw ArchiveError.truncated(detail: "the central directory ends past the end of the file")
                }
                bufferStart = position
                bufferCount = length
            }
            let start = Int(position - bufferStart)
            position += UInt64(count)
            return Array(buffer[start..<start + count])
        }
    }
}
