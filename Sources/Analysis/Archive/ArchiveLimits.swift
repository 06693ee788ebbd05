/// Bounds on what an uploaded archive may make the analysis read. Every limit is
/// configurable (CLI flags, server settings) and each has its own error naming the entry.
public struct ArchiveLimits: Sendable, Equatable, Codable {
    /// Entries in the central directory, of any kind.
    public var maxEntries: Int
    /// Bytes actually inflated over the whole archive (only entries the analysis reads).
    public var maxTotalInflatedBytes: Int64
    /// Uncompressed size of one entry the analysis reads.
    public var maxEntryBytes: Int64
    /// Uncompressed size over compressed size for one entry (zip-bomb guard).
    public var maxCompressionRatio: Double
    /// Path components in an entry name.
    public var maxPathDepth: Int
    /// Bytes in an entry name.
    public var maxPathLength: Int

    public init(
        maxEntries: Int = 200_000,
        maxTotalInflatedBytes: Int64 = 1 << 30,
        maxEntryBytes: Int64 = 64 << 20,
        maxCompressionRatio: Double = 1_000,
        maxPathDepth: Int = 64,
        maxPathLength: Int = 1_024
    ) {
        self.maxEntries = maxEntries
        self.maxTotalInflatedBytes = maxTotalInflatedBytes
        self.maxEntryBytes = maxEntryBytes
        self.maxCompressionRatio = maxCompressionRatio
        self.maxPathDepth = maxPathDepth
        self.maxPathLength = maxPathLength
    }
}
