import Foundation

extension ProjectInput {
    /// Reads a zip archive with positioned reads, never loading it whole: checks the whole
    /// archive first (end record, central directory, overlaps, duplicate names, entry
    /// count), then inflates only the entries the analysis needs, on the threads of `team`. docs/archive.md has the
    /// table of what is refused and what is skipped.
    static func readZip(path: String, limits: ArchiveLimits, team: ThreadTeam) throws -> ProjectInput {
        let file = try PositionedFile(path: path)
        let start = try file.bytes(at: 0, count: Int(min(file.size, 4)), what: "signature")
        guard start.count == 4, [ZipLocalHeader.signature, ZipEndRecord.signature].contains(start.uint32(at: 0)) else {
            throw ArchiveError.notAZip(path: path, isEmpty: file.size == 0)
        }
        let end = try ZipEndRecord.locate(in: file)
        let records = try ZipCentralDirectory.read(from: file, end: end, limits: limits)
        try refuseDuplicateNames(records)
        let layout = try ZipLayout(records: records, directoryOffset: end.directoryOffset)

        var reading = ZipProjectReading(file: file, limits: limits)
        for (rank, index) in layout.order.enumerated() {
            try reading.add(records[index], boundary: layout.boundary(after: rank, in: records),
                            boundaryName: layout.nameOfBoundary(after: rank, in: records))
        }
        try reading.readEntries(team: team)
        let name = ((path as NSString).lastPathComponent as NSString).deletingPathExtension
        return ProjectInput(defaultName: name, files: reading.files.sortedByPath(),
                            totalEntries: reading.totalEntries, totalBytes: reading.totalBytes)
    }

    private static func refuseDuplicateNames(_ records: [ZipCentralRecord]) throws {
        var seen = Set<EntryNameBytes>(minimumCapacity: records.count)
        // A name cut short is over the length limit: never extracted, so never a clash.
        for record in records where !record.isNameCut && !seen.insert(EntryNameBytes(bytes: record.name)).inserted {
            throw ArchiveError.duplicateName(entry: record.displayName)
        }
    }
}

/// An entry's raw name, hashed as one run of bytes (an `[UInt8]` hashes byte by byte, and
/// every name of the archive is hashed here).
private struct EntryNameBytes: Hashable {
    let bytes: [UInt8]

    func hash(into hasher: inout Hasher) {
        bytes.withUnsafeBytes { hasher.combine(bytes: $0) }
    }
}
