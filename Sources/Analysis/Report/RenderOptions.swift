import Foundation

/// What a renderer needs beyond the report to write links and tool metadata. Every field
/// is optional: without them the outputs carry plain paths and no links.
public struct RenderOptions: Sendable, Equatable {
    /// The repository: a web URL (`https://github.com/acme/app`), `host/owner/name` or
    /// `owner/name`. With `commit` it turns locations into links (``SourceLinks``) in
    /// Markdown, and its web address fills SARIF's `versionControlProvenance`.
    public var repository: String?
    /// The commit the analysed files come from (links point at it, so they never drift).
    public var commit: String?
    /// How a path and line become a link (`--source-link`); `nil`: the repository's host
    /// decides (``SourceLinks``).
    public var sourceLink: SourceLinkTemplate?
    /// The branch or ref, for SARIF's `versionControlProvenance`.
    public var branch: String?
    /// Where the full report can be read (the server's report URL), linked from Markdown.
    public var reportURL: String?
    /// Home of the tool or its rule docs, SARIF's `tool.driver.informationUri`.
    public var toolInformationURL: String?
    /// Turns report paths (relative to the archive root) into repository paths.
    public var pathMapping: PathMapping
    /// The rule catalogue (by default every registered rule); rules that findings use but
    /// the catalogue lacks get a minimal description derived from the findings.
    public var rules: [RuleDescription]
    /// The gate a verdict is judged by, so that the Markdown verdict agrees with the exit
    /// status or the API's answer.
    public var failPolicy: FailPolicy
    /// The analysed folder's absolute path, when a folder on this machine was analysed: the
    /// Xcode format prints absolute paths under it, which Xcode and editors open directly.
    public var absoluteRoot: String?
    /// Whether the terminal format colours its severities (`--color`, `NO_COLOR`).
    public var color: Bool

    public init(repository: String? = nil, commit: String? = nil, sourceLink: SourceLinkTemplate? = nil, branch: String? = nil,
                reportURL: String? = nil, toolInformationURL: String? = nil,
                pathMapping: PathMapping = PathMapping(), rules: [RuleDescription] = RuleCatalog.descriptions,
                failPolicy: FailPolicy = FailPolicy(), absoluteRoot: String? = nil, color: Bool = false) {
        self.repository = repository
        self.commit = commit
        self.sourceLink = sourceLink
        self.branch = branch
        self.reportURL = reportURL
        self.toolInformationURL = toolInformationURL
        self.pathMapping = pathMapping
        self.rules = rules
        self.failPolicy = failPolicy
        self.absoluteRoot = absoluteRoot
        self.color = color
    }

    /// A report path as the Xcode format prints it: under ``absoluteRoot`` when a folder
    /// was analysed, else mapped to the repository (``pathMapping``).
    func displayPath(_ path: String) -> String {
        guard let absoluteRoot else { return pathMapping.map(path) }
        return absoluteRoot.hasSuffix("/") ? absoluteRoot + path : absoluteRoot + "/" + path
    }

    /// Where the repository's files are on the web, when its host can be told.
    public var sourceLinks: SourceLinks? {
        SourceLinks(repository: repository, template: sourceLink)
    }

    /// The web URL of `path` (already mapped) at `commit`, line anchored, when the
    /// repository and the commit are known.
    func webURL(path: String, line: Int) -> String? {
        guard let commit = commit?.trimmingCharacters(in: .whitespaces), !commit.isEmpty else { return nil }
        return sourceLinks?.url(commit: commit, path: path, line: line)
    }
}

/// Maps a report path (relative to the archive root, which may keep a wrapping folder) to
/// the path in the repository: `stripPrefix` `App-main/` then `addPrefix` `ios/`.
public struct PathMapping: Sendable, Equatable {
    public var stripPrefix: String?
    public var addPrefix: String?

    public init(stripPrefix: String? = nil, addPrefix: String? = nil) {
        self.stripPrefix = stripPrefix
        self.addPrefix = addPrefix
    }

    /// A folder of the repository as an `addPrefix`: `./ios` → `ios/`, `.` → empty; `nil`
    /// for an absolute path or one that climbs out with `..`.
    public static func folderPrefix(_ folder: String) -> String? {
        guard !folder.hasPrefix("/") else { return nil }
        let parts = folder.split(separator: "/").filter { $0 != "." }
        guard !parts.contains("..") else { return nil }
        return parts.map { $0 + "/" }.joined()
    }

    /// The repository path; paths without `stripPrefix` keep their own start.
    public func map(_ path: String) -> String {
        var mapped = path
        if let stripPrefix, !stripPrefix.isEmpty, mapped.hasPrefix(stripPrefix) {
            mapped.removeFirst(stripPrefix.count)
        }
        if let addPrefix, !addPrefix.isEmpty {
            mapped = addPrefix + mapped
        }
        return mapped
    }
}

/// Percent-encoding of relative paths for URIs (SARIF `uri`, web links): every character
/// but unreserved ones and `/` is encoded, so spaces, `#`, `?` and `%` survive.
enum URIPath {
    private static let allowed = CharacterSet(charactersIn:
        "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~/")

    static func encode(_ path: String) -> String {
        path.addingPercentEncoding(withAllowedCharacters: allowed) ?? path
    }
}
