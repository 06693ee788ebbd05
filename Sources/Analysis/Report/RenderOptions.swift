import Foundation

/// What a renderer needs beyond the report to write links and tool metadata. Every field
/// is optional: without them the outputs carry plain paths and no links.
public struct RenderOptions: Sendable, Equatable {
    /// Web URL of the repository, e.g. `https://github.com/acme/app` (no trailing slash
    /// needed). With `commit` it turns locations into links in Markdown and fills SARIF's
    /// `versionControlProvenance`.
    public var repositoryURL: String?
    /// The commit the analysed files come from (links point at it, so they never drift).
    public var commit: String?
    /// The branch or ref, for SARIF's `versionControlProvenance`.
    public var branch: String?
    /// Where the full report can be read (the server's report URL), linked from Markdown.
    public var reportURL: String?
    /// Home of the tool or its rule docs, SARIF's `tool.driver.informationUri`.
    public var toolInformationURL: String?
    /// Turns report paths (relative to the archive root) into repository paths.
    public var pathMapping: PathMapping
    /// The rule catalogue; rules that findings use but the catalogue lacks get a minimal
    /// description derived from the findings.
    public var rules: [RuleDescription]
    /// The gate a verdict is judged by, so that the Markdown verdict agrees with the exit
    /// status or the API's answer.
    public var failPolicy: FailPolicy

    public init(repositoryURL: String? = nil, commit: String? = nil, branch: String? = nil,
                reportURL: String? = nil, toolInformationURL: String? = nil,
                pathMapping: PathMapping = PathMapping(), rules: [RuleDescription] = [],
                failPolicy: FailPolicy = FailPolicy()) {
        self.repositoryURL = repositoryURL
        self.commit = commit
        self.branch = branch
        self.reportURL = reportURL
        self.toolInformationURL = toolInformationURL
        self.pathMapping = pathMapping
        self.rules = rules
        self.failPolicy = failPolicy
    }

    /// The web URL of `path` (already mapped) at `commit`, line anchored, when both the
    /// repository and the commit are known.
    func webURL(path: String, line: Int) -> String? {
        guard let repositoryURL, let commit, !repositoryURL.isEmpty, !commit.isEmpty else { return nil }
        var base = repositoryURL
        while base.hasSuffix("/") { base.removeLast() }
        return "\(base)/blob/\(URIPath.encode(commit))/\(URIPath.encode(path))#L\(max(line, 1))"
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
