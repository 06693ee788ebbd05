/// Why a zip archive as a whole is refused: it is not a zip, its directory cannot be
/// trusted, or it is shaped like a zip bomb. The server maps each `code` to a 4xx, so the
/// codes are stable; docs/archive.md lists them with the per-entry ones.
public enum ArchiveError: CodedError, Equatable {
    /// The file does not start with a zip signature (`isEmpty`: it has no bytes at all).
    case notAZip(path: String, isEmpty: Bool = false)
    /// It starts like a zip but has no end-of-central-directory record.
    case missingEndRecord(path: String)
    /// A record or the central directory reaches past the end of the file.
    case truncated(detail: String)
    /// The central directory contradicts itself or the end record.
    case corruptCentralDirectory(detail: String)
    /// The archive is split over several disks (spanned), which nibscan does not read.
    case multiDisk
    /// More entries than `ArchiveLimits.maxEntries`.
    case tooManyEntries(count: UInt64, limit: Int)
    /// Reading `entry` would inflate more than `ArchiveLimits.maxTotalInflatedBytes` overall.
    case totalSizeExceeded(entry: String, limit: Int64)
    /// Two entries, or an entry and the central directory, share bytes (Fifield's
    /// non-recursive zip bomb).
    case overlappingEntries(entry: String, other: String)
    /// Two entries carry the same name.
    case duplicateName(entry: String)

    public var code: String {
        switch self {
        case .notAZip: "archive.not-a-zip"
        case .missingEndRecord: "archive.missing-end-record"
        case .truncated: "archive.truncated"
        case .corruptCentralDirectory: "archive.corrupt-central-directory"
        case .multiDisk: "archive.multi-disk"
        case .tooManyEntries: "archive.too-many-entries"
        case .totalSizeExceeded: "archive.total-size-exceeded"
        case .overlappingEntries: "archive.overlapping-entries"
        case .duplicateName: "archive.duplicate-name"
        }
    }

    public var description: String {
        switch self {
        case .notAZip(let path, isEmpty: true):
            "\(path) is empty (0 bytes), not a zip archive"
        case .notAZip(let path, isEmpty: false):
            "\(path) is not a zip archive (it does not start with a zip signature)"
        case .missingEndRecord(let path):
            "\(path) has no end-of-central-directory record: the archive is truncated or not a zip"
        case .truncated(let detail):
            "the archive is truncated: \(detail)"
        case .corruptCentralDirectory(let detail):
            "the archive's central directory is corrupt: \(detail)"
        case .multiDisk:
            "the archive is split over several disks; upload it as one file"
        case .tooManyEntries(let count, let limit):
            "the archive has \(count) entries, over the limit of \(limit)"
        case .totalSizeExceeded(let entry, let limit):
            "reading '\(entry)' would inflate more than \(limit) bytes in total"
        case .overlappingEntries(let entry, let other):
            "entry '\(entry)' overlaps \(other) (a zip bomb shape)"
        case .duplicateName(let entry):
            "entry name '\(entry)' appears more than once"
        }
    }
}
