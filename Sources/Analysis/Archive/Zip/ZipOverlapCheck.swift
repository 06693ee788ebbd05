/// Refuses archives whose entries share bytes with each other or with the central
/// directory (Fifield's non-recursive zip bombs), from the central directory alone, and
/// gives each entry the offset its local header and data must end before.
enum ZipOverlapCheck {
    /// Where each entry's bytes must end (indexed like `records`), and who starts there.
    struct Boundary {
        var offset: UInt64
        var name: String
    }

    static func boundaries(of records: [ZipCentralRecord], directoryOffset: UInt64) throws -> [Boundary] {
        let order = records.indices.sorted { records[$0].localHeaderOffset < records[$1].localHeaderOffset }
        var boundaries = [Boundary](repeating: Boundary(offset: 0, name: ""), count: records.count)
        for (rank, index) in order.enumerated() {
            let record = records[index]
            let next = rank + 1 < order.count ? order[rank + 1] : nil
            let boundary = next.map { Boundary(offset: records[$0].localHeaderOffset, name: "entry '\(records[$0].displayName)'") }
                ?? Boundary(offset: directoryOffset, name: "the central directory")
            // The local header is at least its fixed part plus the name the directory gives.
            let minimalHeader = UInt64(ZipLocalHeader.fixedSize + record.name.count)
            guard let minimalEnd = record.localHeaderOffset.adding(minimalHeader, record.compressedSize),
                  minimalEnd <= boundary.offset else {
                throw ArchiveError.overlappingEntries(entry: record.displayName, other: boundary.name)
            }
            boundaries[index] = boundary
        }
        return boundaries
    }
}
