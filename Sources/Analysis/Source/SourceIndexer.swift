import Foundation

/// Builds a ``SourceIndex`` from the project's `.swift`, `.h`, `.m` and `.mm` files.
///
/// Each file is tokenized and indexed on its own (``indexFile(_:)``, safe to run in
/// parallel). ``index(files:)`` indexes the files concurrently, collects the project-local
/// nib-load helpers they define, indexes again the files that call a helper (so each call
/// becomes a resolved load site), merges the results sorted by path and resolves what
/// needs the whole project (typealiases, conformances, `Self`, guards that depend on
/// subclasses).
public struct SourceIndexer: Sendable {
    /// How many files are indexed at the same time (1: on the calling thread only).
    public var concurrency: Int
    /// The Swift version of each file (selectors, implicit `@objc`); unknown is current Swift.
    public var swiftVersions: SwiftVersionTable

    public init(concurrency: Int = ProcessInfo.processInfo.activeProcessorCount, swiftVersions: SwiftVersionTable = SwiftVersionTable()) {
        self.concurrency = max(1, concurrency)
        self.swiftVersions = swiftVersions
    }

    /// Indexes every Swift and Objective-C file of `files` that has contents; other kinds
    /// are ignored.
    public func index(files: [ProjectFile]) -> SourceIndex {
        ThreadTeam.with(size: concurrency) { index(files: files, team: $0) }
    }

    /// ``index(files:)`` on the threads of `team` rather than ``concurrency`` threads of its own.
    func index(files: [ProjectFile], team: ThreadTeam) -> SourceIndex {
        let sources = files.filter { ($0.kind == .swift || $0.kind == .objc) && $0.contents != nil }
        var results = ConcurrentMap.map(sources, team: team, largestFirst: \.byteCount) { indexFile($0) }
        // A helper that calls another helper is known only once that call is resolved: each
        // round re-indexes the files that call a helper, until no new helper appears (a chain
        // of helpers is followed to its callers; a few rounds suffice on real code).
        // A file is indexed again only for the helpers that are new or changed in this round:
        // with the rest its result would be what it already is.
        var known = 0
        var previous = NibLoadHelperTable()
        for _ in 0..<Self.maximumHelperRounds {
            let (helpers, copyHelpers) = Self.helpers(of: results)
            guard helpers.count + copyHelpers.count > known else { break }
            known = helpers.count + copyHelpers.count
            let table = NibLoadHelperTable(helpers, copyHelpers: copyHelpers, declarations: results.indices.flatMap { results[$0].declarations })
            let filter = table.reindexFilter(since: previous)
            let again = sources.indices.filter { position in
                filter.needsReindex(sources[position].contents ?? Data(), swift: sources[position].kind == .swift)
            }
            var redone = ConcurrentMap.map(again.map { sources[$0] }, team: team, largestFirst: \.byteCount) {
                indexFile($0, helpers: table)
            }
            for (slot, position) in again.enumerated() { swap(&results[position], &redone[slot]) }
            previous = table
        }
        // Moved: the merge takes each file's lists without copying.
        return SourceIndexMerger.merge(consume results) { GenericSpecializationScanner.specializations(of: $0, in: sources) }
    }

    /// Rounds of re-indexing for chains of helpers (`a` calls helper `b` that calls helper `c`).
    static let maximumHelperRounds = 4

    /// The nib-load and placeholder-copy helpers the files define. Read through indices: a
    /// key path or closure over the elements may copy each file's whole result.
    private static func helpers(of results: [SourceFileIndex]) -> ([NibLoadHelper], [String: PlaceholderCopyFacts]) {
        var helpers: [NibLoadHelper] = []
        var copyHelpers: [String: PlaceholderCopyFacts] = [:]
        for position in results.indices {
            helpers += results[position].helpers
            if !results[position].copyHelpers.isEmpty { copyHelpers.merge(results[position].copyHelpers) { first, _ in first } }
        }
        return (helpers, copyHelpers)
    }

    /// Indexes one file on its own (helpers of other files are not followed). Never fails:
    /// what cannot be read is reported in `problems`.
    public func indexFile(_ file: ProjectFile) -> SourceFileIndex {
        indexFile(file, helpers: NibLoadHelperTable())
    }

    func indexFile(_ file: ProjectFile, helpers: NibLoadHelperTable) -> SourceFileIndex {
        let language: SourceLanguage = file.kind == .objc ? .objc : .swift
        let bytes = [UInt8](file.contents ?? Data())
        return SourceFileIndexer(path: file.path, bytes: bytes, language: language, helpers: helpers,
                                 swiftVersion: language == .swift ? swiftVersions.version(of: file.path) : nil).run()
    }
}
