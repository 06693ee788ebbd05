/// The entries in file order, checked not to share bytes with each other or with the
/// central directory (Fifield's non-recursive zip bombs) from the central directory alone.
/// It also tells where each entry must end, for the exact check once its local header is read.
struct ZipLayout {
    /// Indices into the records, by local header offset.
    let order: [Int]
    let directoryOffset: UInt64

    init(records: [ZipCentralRecord], directoryOffset: UInt64) throws {
        order = records.indices.sorted { records[$0].localHeaderOffset < records[$1].localHeaderOffset }
        self.directoryOffset = directoryOffset
        for (rank, index) in order.enumerated() {
            let record = records[index]
            // The local header is at least its fixed part plus the name the directory gives.
            let minimalHeader = UInt64(ZipLocalHeader.fixedSize + record.nameLength)
            guard let minimalEnd = record.localHeaderOffset.adding(minimalHeader, record.compressedSize),
                  minimalEnd <= boundary(after: rank, in: records) else {
                throw ArchiveError.overlappingEntries(entry: record.displayName, other: nameOfBoundary(after: rank, in: records))
            }
        }
    }

    /// Where the entry at `rank` in file order must end: the next local header, or the
    /// central directory after the last one.
    func boundary(after rank: Int, in records: [ZipCentralRecord]) -> UInt64 {
        rank + 1 < order.count ? records[order[rank + 1]].localHeaderOffset : directoryOffset
    }

    /// What starts at that boundary, for messages.
    func nameOfBoundary(after rank: Int, in records: [ZipCentralRecord]) -> String {
        rank + 1 < order.count ? "entry '\(records[order[rank + 1]].displayName)'" : "the central directory"
    }
}
